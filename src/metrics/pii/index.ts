// The PII family's record: one chunk, imported by load() when it is asked for (or its recognizers given).
export { pii, loadTimeRecognizers } from './pii.js'
