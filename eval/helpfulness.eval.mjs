// helpfulness accuracy: the cross-fitted figure on each training source (scripts/train-helpfulness.mjs
// REPORT), the shipped build on pairs whose answers are close in length, and the fixture pairs, each beside
// length alone. The figures on sources left out are eval/style-loso.mjs's (docs/metrics/helpfulness.md).
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
  const families = Object.keys(REPORT)
  const crossRows = families.map((f) => [f, REPORT[f].pairs, fmt(REPORT[f].accuracy, 3), fmt(REPORT[f].lengthOnly, 3)])
  const dev = readJsonl(new URL('helpfulness/hh_rlhf_helpful-base_test.jsonl', datasets)).filter((r) => r.chosen !== r.rejected)
  // Where length cannot decide: pairs whose answers differ by less than 20 % in length.
  const close = dev.filter((r) => Math.abs(r.chosen.length - r.rejected.length) < 0.2 * Math.max(r.chosen.length, r.rejected.length))
  const closeRows = scorers.map(([name, fn]) => [name, fmt(pairwise(close.map((r) => fn(r.chosen)), close.map((r) => fn(r.rejected))), 3)])
  // v3 reads the query (the last human turn).
  const v3 = (r, response) => litmus.evaluate('v3.helpfulness', { query: lastHuman(r.prompt), response }).score
  closeRows.push(['Litmus v3.helpfulness (with the query)', fmt(pairwise(close.map((r) => v3(r, r.chosen)), close.map((r) => v3(r, r.rejected))), 3)])

  const fixture = JSON.parse(readFileSync(new URL('../test/fixtures/helpfulness/pairs.json', import.meta.url), 'utf8'))
  const fixtureRows = scorers.map(([name, fn]) => [name, `${fixture.filter(([, b, w]) => fn(b) > fn(w)).length}/${fixture.length}`])

  return `
Pairwise accuracy: the share of preference pairs in which the answer people chose scores higher (ties
count half). Raters agree with each other on about 63–65 % of hh-rlhf pairs; large reward models reach
about 0.70. Length alone wins many pairs and is the baseline beside every figure.

**Sources left out** (the figure to read; each shippable source is left out in turn, the model retrained on
the others): \`node eval/style-loso.mjs helpfulness\`, in docs/metrics/helpfulness.md.

The training sources, cross-fitted (each pair's head logit from the head trained on the other half of the
pairs; the feature weights were fitted on all of them, and PandaLM repeats prompts across pairs, so these
are in-family figures, not held out):

${table(['Source', 'Pairs', 'Litmus helpfulness', 'length (characters)'], crossRows)}

hh-rlhf helpful-base pairs whose two answers differ by less than 20 % in length (${close.length} pairs; a training
source of the shipped build):

${table(['Scorer', 'Pairwise accuracy'], closeRows)}

Fixture pairs (test/fixtures/helpfulness/pairs.json: answer vs refusal, deflection, shrug, vague, hedged,
question back):

${table(['Scorer', 'Right'], fixtureRows)}
`
}
