// Builds src/models/faithfulness.generated.ts: the logistic head that turns a statement's grounding
// (coverage of its terms by the best context sentence, exactly and with word-vector matches, how many
// terms went unmatched, and the exact-evidence mismatches: changed and
// missing numbers / dates / names, negation) into P(supported).
//
// Data: BEGIN (Wizard of Wikipedia test set, CC-BY-4.0, may ship): a response is labelled Fully
// attributable (1) or not (0) to its knowledge passage. Passages of the dev split (scripts/lib/splits.mjs,
// 40 %) are never read here; the 6 Generic rows are dropped. Each statement inherits its response's label.
// The features come FROM THE BUILT LIBRARY (explain('faithfulness')), so training == inference; they do
// not depend on the head's weights. Full-batch gradient descent from zero for a fixed number of steps:
// byte-identical on every run. Run after `npm run build`.
import { readFileSync, writeFileSync } from 'node:fs'
import { generatedModule, input } from './lib/manifest.mjs'
import { faithfulnessDevKnowledge } from './lib/splits.mjs'

const DATA = new URL('../../shared/datasets/faithfulness/begin_test_wow.jsonl', import.meta.url)
const OUT = new URL('../src/models/faithfulness.generated.ts', import.meta.url)
export const settings = { steps: 4000, rate: 0.5, l2: 0.001, features: ['bias', 'coverage', 'exact coverage', 'unmatched terms (max 4) / 4', 'word overlap (stop words included)', 'changed (max 2)', 'missing (max 2)', 'negation'] }

export const rows = () =>
  readFileSync(DATA, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((r) => r.label !== 'Generic')
    .map((r) => ({ ...r, y: r.label === 'Fully attributable' ? 1 : 0 }))

/** Statement features of one response against one knowledge passage. */
export function statementFeatures(litmus, response, knowledge) {
  const e = litmus.explain('faithfulness', { query: '', response, context: [{ chunk_text: knowledge }] })
  return e.statements.map((s) => s.features)
}

export function fit(X, y) {
  const d = X[0].length + 1
  const w = new Array(d).fill(0)
  for (let step = 0; step < settings.steps; step++) {
    const g = new Array(d).fill(0)
    for (let i = 0; i < X.length; i++) {
      let z = w[0]
      for (let k = 1; k < d; k++) z += w[k] * X[i][k - 1]
      const err = 1 / (1 + Math.exp(-z)) - y[i]
      g[0] += err
      for (let k = 1; k < d; k++) g[k] += err * X[i][k - 1]
    }
    for (let k = 0; k < d; k++) w[k] -= settings.rate * (g[k] / X.length + (k ? settings.l2 * w[k] : 0))
  }
  return w.map((v) => Math.round(v * 1e4) / 1e4)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { load } = await import('../dist/litmus.js')
  const litmus = await load({ operations: ['faithfulness'] })
  const X = []
  const y = []
  for (const r of rows()) {
    if (faithfulnessDevKnowledge(r.knowledge)) continue
    for (const f of statementFeatures(litmus, r.response, r.knowledge)) {
      X.push(f)
      y.push(r.y)
    }
  }
  const WEIGHTS = fit(X, y)
  console.log(`faithfulness head on ${X.length} statements: ${JSON.stringify(WEIGHTS)}`)
  writeFileSync(
    OUT,
    generatedModule({
      script: 'scripts/train-faithfulness.mjs',
      header: 'Logistic head of faithfulness: P(supported) of a statement from its grounding features.',
      inputs: [input(DATA)],
      settings,
      payload: { WEIGHTS }
    })
  )
}
