// helpfulness accuracy: pairwise accuracy on hh-rlhf helpful-base preference pairs (the dev set, never
// read by scripts/train-helpfulness.mjs; it was used to choose between a few head settings and the refusal
// penalty), the cross-fitted figure on the training pairs, and the fixture pairs, each beside length alone.
import { readFileSync } from 'node:fs'
import { fmt, readJsonl, table } from './util.mjs'
import { lastHuman } from '../scripts/train-helpfulness.mjs'

export const title = 'helpfulness'

const GENERATED = readFileSync(new URL('../src/models/helpfulness.generated.ts', import.meta.url), 'utf8')
const REPORT = JSON.parse(/export const REPORT: [^=]+= (.*)/.exec(GENERATED)[1])

/** Pairwise accuracy; ties count half. */
function pairwise(better, worse) {
  let s = 0
  for (let i = 0; i < better.length; i++) s += better[i] > worse[i] ? 1 : better[i] === worse[i] ? 0.5 : 0
  return s / better.length
}

export async function run({ litmus, datasets }) {
  const scorers = [
    ['Litmus helpfulness', (t) => litmus.helpfulness({ text: t }).score],
    ['length (characters)', (t) => t.length],
    ['length (words)', (t) => t.split(/\s+/).filter(Boolean).length]
  ]
  const dev = readJsonl(new URL('helpfulness/hh_rlhf_helpful-base_test.jsonl', datasets)).filter((r) => r.chosen !== r.rejected)
  const devRows = scorers.map(([name, fn]) => [name, fmt(pairwise(dev.map((r) => fn(r.chosen)), dev.map((r) => fn(r.rejected))), 3)])
  // v3 reads the query (the last human turn); its combination was fitted on these pairs among others.
  const v3 = (r, response) => litmus.evaluate('v3.helpfulness', { query: lastHuman(r.prompt), response }).score
  devRows.push(['Litmus v3.helpfulness (with the query; fitted on these pairs among four sources)', fmt(pairwise(dev.map((r) => v3(r, r.chosen)), dev.map((r) => v3(r, r.rejected))), 3)])

  // Where length cannot decide: pairs whose answers differ by less than 20 % in length.
  const close = dev.filter((r) => Math.abs(r.chosen.length - r.rejected.length) < 0.2 * Math.max(r.chosen.length, r.rejected.length))
  const closeRows = scorers.map(([name, fn]) => [name, fmt(pairwise(close.map((r) => fn(r.chosen)), close.map((r) => fn(r.rejected))), 3)])

  const fixture = JSON.parse(readFileSync(new URL('../test/fixtures/helpfulness/pairs.json', import.meta.url), 'utf8'))
  const fixtureRows = scorers.map(([name, fn]) => [name, `${fixture.filter(([, b, w]) => fn(b) > fn(w)).length}/${fixture.length}`])

  return `
Pairwise accuracy: the share of preference pairs in which the answer people chose scores higher (ties
count half). Raters agree with each other on about 63–65 % of hh-rlhf pairs; large reward models reach
about 0.70. Length alone wins many pairs and is the baseline beside every figure.

hh-rlhf helpful-base (${dev.length} pairs; the dev set: never trained on, but used to choose between a few
head settings and the refusal penalty, so it is not a clean held-out figure):

${table(['Scorer', 'Pairwise accuracy'], devRows)}

The same, only pairs whose two answers differ by less than 20 % in length (${close.length} pairs):

${table(['Scorer', 'Pairwise accuracy'], closeRows)}

hh-rlhf helpful-rejection-sampled (training pairs, cross-fitted: each pair's head logit comes from the
head trained on the other half; the dense weights were fitted on all of them):
Litmus ${fmt(REPORT.head.accuracy, 3)} / ${fmt(REPORT.combine.accuracy, 3)} on the two halves (length ${fmt(REPORT.head.lengthOnly, 3)} / ${fmt(REPORT.combine.lengthOnly, 3)}).

Across sources (hh-rlhf, PandaLM, LLMBar, each left out in turn): \`node eval/style-loso.mjs helpfulness\`, in
docs/metrics/helpfulness.md.

Fixture pairs (test/fixtures/helpfulness/pairs.json: answer vs refusal, deflection, shrug, vague, hedged,
question back):

${table(['Scorer', 'Right'], fixtureRows)}
`
}
