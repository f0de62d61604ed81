// The grounded family's records: one chunk, imported by load() when one of them is asked for.
export { stability } from './stability.js'
export { answerRelevancy } from './answer-relevancy.js'
export { completion } from './completion.js'
export { adherence } from './adherence.js'
export { faithfulness, summarization } from './faithfulness.js'
export { contextRelevancy } from './context-relevancy.js'
