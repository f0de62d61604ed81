// The style family's records: one chunk, imported by load() when one of them is asked for.
export { tone } from './tone.js'
export { formality } from './formality.js'
export { helpfulness } from './helpfulness.js'
