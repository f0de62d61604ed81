// The text family's records: one chunk, imported by load() when one of them is asked for.
export { clarity } from './clarity.js'
export { inputType } from './input-type.js'
export { simplicity } from './simplicity.js'
