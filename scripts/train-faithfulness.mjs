// Builds src/models/faithfulness.generated.ts: the logistic head that turns a statement's grounding
// (coverage of its terms by the best context sentence, exactly and with word-vector matches, how many
// terms went unmatched, and the exact-evidence mismatches: changed and missing numbers / dates / names,
// negation) into P(supported).
//
// Data: faithfulness sources that may ship (/work/shared/datasets/README.md), each weighing the same and
// each class half of its source (TRAIN below; the NLI sets in other languages are measured, not used):
//  - BEGIN (Wizard of Wikipedia test set, CC-BY-4.0): a response is Fully attributable (1) or not (0) to
//    its knowledge passage. Passages of the dev split (scripts/lib/splits.mjs, 40 %) are never read here;
//    the 6 Generic rows are dropped.
//  - HaluEval QA (MIT; HotpotQA knowledge CC-BY-SA-4.0): correct (1) or hallucinated (0) answer.
//  - NLI as faithfulness (Breaking NLI en, IndoNLI id, JNLI ja, KLUE NLI ko; CC-BY-SA-4.0): premise =
//    context, hypothesis = response; entailment 1, neutral and contradiction 0.
//  - Negated copies of the faithful English rows (scripts/lib/negation-pairs.mjs), labelled 0.
// XSumFaith (article text research-only) and Climate-FEVER (licence unknown) are never trained on; they
// are scored in eval/grounded-loso.mjs, which also refits this head with each source left out.
// Each statement inherits its response's label. The features come FROM THE BUILT LIBRARY
// (explain('faithfulness')), so training == inference; they do not depend on the head's weights. Rows are
// capped per source by hash and the fit is Newton's method from zero: byte-identical on every run.
// The swapped-word feature reads the contrast words of scripts/build-contrast-words.mjs (run it first):
// the features are those of the built library, so build after it. Run after `npm run build`.
import { writeFileSync } from 'node:fs'
import { fitDense } from './lib/logistic.mjs'
import { cap, DATA, readJsonl } from './lib/loso.mjs'
import { generatedModule, input } from './lib/manifest.mjs'
import { negationPairs } from './lib/negation-pairs.mjs'
import { faithfulnessDevKnowledge } from './lib/splits.mjs'

export { negationPairs }

const OUT = new URL('../src/models/faithfulness.generated.ts', import.meta.url)
const NLI_LABEL = (r) => (r.label === 'entailment' ? 1 : 0)

/** Sources as the evaluation and the trainer read them: file, rows -> { response, context, y }, may ship. */
export const SOURCES = [
  { name: 'BEGIN', file: 'faithfulness/begin_test_wow.jsonl', ship: true, rows: (rs) => rs.filter((r) => r.label !== 'Generic').map((r) => ({ response: r.response, context: r.knowledge, y: r.label === 'Fully attributable' ? 1 : 0 })) },
  { name: 'HaluEval QA', file: 'faithfulness/halueval_qa_sample.jsonl', ship: true, rows: (rs) => rs.map((r) => ({ response: r.answer, context: r.knowledge, y: r.label })) },
  { name: 'Breaking NLI (en)', file: 'faithfulness/breaking_nli_en.jsonl', ship: true, rows: (rs) => rs.map((r) => ({ response: r.hypothesis, context: r.premise, y: NLI_LABEL(r) })) },
  { name: 'IndoNLI (id)', file: 'faithfulness/indonli_id.jsonl', ship: true, rows: (rs) => rs.map((r) => ({ response: r.hypothesis, context: r.premise, y: NLI_LABEL(r) })) },
  { name: 'JNLI (ja)', file: 'faithfulness/jnli_ja.jsonl', ship: true, rows: (rs) => rs.map((r) => ({ response: r.hypothesis, context: r.premise, y: NLI_LABEL(r) })) },
  { name: 'KLUE NLI (ko)', file: 'faithfulness/klue_nli_ko.jsonl', ship: true, rows: (rs) => rs.map((r) => ({ response: r.hypothesis, context: r.premise, y: NLI_LABEL(r) })) },
  { name: 'XSumFaith', file: 'faithfulness/xsumfaith.jsonl', ship: false, rows: (rs) => rs.filter((r) => r.source?.trim() && r.summary?.trim()).map((r) => ({ response: r.summary, context: r.source, y: r.label_faithful })) },
  { name: 'Climate-FEVER', file: 'faithfulness/climate_fever_en.jsonl', ship: false, rows: (rs) => rs.map((r) => ({ response: r.hypothesis, context: r.premise, y: NLI_LABEL(r) })) }
]

/** Rows of one source, each with `text` (for hashing caps) and `source`. */
export function sourceRows(name) {
  const s = SOURCES.find((x) => x.name === name)
  return s.rows(readJsonl(new URL(s.file, DATA))).map((r) => ({ ...r, text: r.response + '\n' + r.context, source: name }))
}

/**
 * The mix the shipped head is fitted on, chosen on eval/grounded-loso.mjs (each source left out in turn):
 * adding IndoNLI, JNLI and KLUE cost 5 points of AUC on XSumFaith and gained at most 0.003 on the NLI
 * sets themselves.
 */
export const TRAIN = ['BEGIN', 'HaluEval QA', 'Breaking NLI (en)']

/** Rows per shippable source used to fit. */
export const PER_SOURCE = 2000
export const settings = {
  sources: TRAIN,
  perSource: PER_SOURCE,
  l2: 1e-3,
  weighting: 'each source the same total weight, each class half of it (generated negations among their source\'s unfaithful rows)',
  features: ['coverage', 'exact coverage', 'unmatched terms (max 4) / 4', 'word overlap (stop words included)', 'changed (max 2)', 'missing (max 2)', 'negation mismatch', 'number changed', 'name changed', 'contradiction at full coverage', 'word swapped for its contrast']
}

/** The head [bias, ...weights] fitted on responses with statement `features` (computed by the caller). */
export function fitHead(rows) {
  // Negated copies count among their source's unfaithful rows: as a family of their own they would weigh
  // as much as the source itself and pull coverage's weight toward their one pattern.
  const family = (r) => r.source.replace(/ \(negated\)$/, '')
  const tally = new Map()
  for (const r of rows) {
    const t = tally.get(family(r)) ?? [0, 0]
    t[r.y] += r.features.length
    tally.set(family(r), t)
  }
  const examples = []
  for (const r of rows) {
    const t = tally.get(family(r))
    const weight = t[0] && t[1] ? 1 / (2 * t[r.y]) : 1 / (t[0] + t[1])
    for (const x of r.features) examples.push({ x, y: r.y, weight })
  }
  const mean = examples.reduce((a, e) => a + e.weight, 0) / examples.length
  for (const e of examples) e.weight /= mean
  const beta = fitDense(examples, settings.l2, 30)
  return [beta[beta.length - 1], ...beta.slice(0, -1)].map((v) => Math.round(v * 1e4) / 1e4)
}

/** 100 x mean P(supported) over the statements (100 for none), as src/metrics/grounded/faithfulness.ts scores. */
export function headScore(head, features) {
  if (!features.length) return 100
  let s = 0
  for (const f of features) {
    let z = head[0]
    for (let i = 0; i < f.length; i++) z += head[i + 1] * f[i]
    s += 1 / (1 + Math.exp(-z))
  }
  return (100 * s) / features.length
}

/** Training rows of every shippable source (BEGIN without its dev split), capped, with negated copies. */
export function trainingRows() {
  const out = []
  for (const s of SOURCES.filter((x) => TRAIN.includes(x.name))) {
    const rows = cap(sourceRows(s.name).filter((r) => s.name !== 'BEGIN' || !faithfulnessDevKnowledge(r.context)), PER_SOURCE, 'faithfulness-train:')
    out.push(...rows, ...negationPairs(rows, s.name))
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { load } = await import('../dist/litmus.js')
  const litmus = await load({ operations: ['faithfulness'] })
  const rows = trainingRows()
  for (const r of rows) r.features = litmus.explain('faithfulness', { query: '', response: r.response, context: [{ chunk_text: r.context }] }).statements.map((s) => s.features)
  const WEIGHTS = fitHead(rows.filter((r) => r.features.length))
  console.log(`faithfulness head on ${rows.length} responses: ${JSON.stringify(WEIGHTS)}`)
  writeFileSync(
    OUT,
    generatedModule({
      script: 'scripts/train-faithfulness.mjs',
      header: 'Logistic head of faithfulness: P(supported) of a statement from its grounding features.',
      inputs: SOURCES.filter((s) => TRAIN.includes(s.name)).map((s) => input(new URL(s.file, DATA))),
      settings,
      payload: { WEIGHTS }
    })
  )
}
