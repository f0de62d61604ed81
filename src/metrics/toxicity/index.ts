// The toxicity family's records: toxicity, the guardrail most often loaded alone, in a chunk of its own, so
// that `load({ operations: ['toxicity'] })` parses its code (and the de-obfuscation it shares with
// prompt_manipulation) without the rest of the safety metrics. Its modules live with the safety family's.
export { toxicity } from '../safety/toxicity.js'
export { v3Toxicity } from '../safety/toxicity-v3.js'
