// The estimates family's records: one chunk, imported by load() when one of them is asked for.
export { cost } from './cost.js'
export { carbon } from './carbon.js'
