// The core with the name tagger's training exports (scripts/train/pii-tagger.mjs builds it to
// build/train.wasm): the shipped core (index.ts) leaves them out to stay within its size budget.
export * from './index'
export { piiTagRows, piiTagFeats, piiTagSpans } from './pii/tagger'
