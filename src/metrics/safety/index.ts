// The safety family's records: one chunk, imported by load() when one of them is asked for. Toxicity is a
// family of its own (../toxicity/index.ts), its modules kept here beside the others.
export { promptManipulation } from './prompt-manipulation.js'
export { refusal } from './refusal.js'
export { sensitivity } from './sensitivity.js'
