// The safety family's records: one chunk, imported by load() when one of them is asked for.
export { toxicity } from './toxicity.js'
export { v3Toxicity } from './toxicity-v3.js'
export { promptManipulation } from './prompt-manipulation.js'
export { refusal } from './refusal.js'
export { sensitivity } from './sensitivity.js'
