// Linear time, for the text operations, PII and its extras (the units and the method: test/linear.ts).
import { linearSuite, litmus, operationCalls, type Call } from './linear.js'

const GROUNDED = /relevancy|completion|adherence|faithfulness|summarization|stability/

linearSuite([
  ...operationCalls((name) => !GROUNDED.test(name)),
  ['redact', (text) => litmus.redact(text)],
  ['textStats', (text) => litmus.textStats(text)],
  ['pii with a blocklist', (text) => litmus.pii({ text, blocklist: ['maria', '/m[a-z]+a\\b/i'], allowlist: ['a'] })]
] satisfies [string, Call][])
