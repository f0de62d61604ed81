// Builds src/models/sensitivity.generated.ts: the settings of the topic tables (assembly/judge/
// sensitivity.ts) and the logistic map from a text's per-topic statistics to the 0..100 score.
//
// Only the TUNE topics of test/fixtures/sensitivity/topics.json are read (scripts/sensitivity-eval-
// data.mjs: Stack Exchange communities and OneStopEnglish article groups); the HELDOUT topics are left
// to eval/sensitivity.eval.mjs. The settings were chosen on the tune topics by mean per-topic AUC over a
// small grid (neighbours 0/5/10/20, threshold 0.45/0.5/0.6, neighbour factor 0.8/0.9, function-word
// rank 150/300: see docs/metrics/sensitivity.md). The logistic weights are fitted here by full-batch
// gradient descent from zero for a fixed number of steps, with both classes weighted equally, so 50 is
// the point where the evidence for and against the topic balance: byte-identical on every run.
import { readFileSync, writeFileSync } from 'node:fs'
import { generatedModule, input } from './lib/manifest.mjs'
import { loadVectorsCore } from './lib/vectors-core.mjs'

const FIX = new URL('../test/fixtures/sensitivity/', import.meta.url)
const OUT = new URL('../src/models/sensitivity.generated.ts', import.meta.url)

const SETTINGS = { NEIGHBOURS: 10, STOP_RANK: 150, PART: 0.8, NEIGHBOUR_FACTOR: 0.9, THRESHOLD: 0.5 }
const fit = { steps: 4000, rate: 0.5, l2: 0.001 }

const core = await loadVectorsCore()
const x = core.exports
x.sensitivityReserve(1, SETTINGS.NEIGHBOURS, SETTINGS.STOP_RANK, SETTINGS.PART, SETTINGS.NEIGHBOUR_FACTOR, SETTINGS.THRESHOLD)

/** The features the metric's score is a logistic function of (src/metrics/safety/sensitivity.ts mirrors this). */
export const features = (s) => [s[0], s[1], Math.sqrt(s[2]), Math.log1p(s[3]), Math.log1p(s[4])]

const texts = new Map(
  readFileSync(new URL('texts.jsonl', FIX), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .map((r) => [r.id, r.text])
)
const topics = JSON.parse(readFileSync(new URL('topics.json', FIX), 'utf8')).filter((t) => t.split === 'tune')

const X = []
const Y = []
const topicOf = []
for (const t of topics) {
  const [p, n] = core.write(t.topic)
  x.sensitivityTopic(p, n, 0)
  for (const [ids, y] of [
    [t.positives, 1],
    [t.negatives, 0]
  ]) {
    for (const id of ids) {
      const [tp, tn] = core.write(texts.get(id))
      const slots = x.alloc(4)
      new Uint32Array(x.memory.buffer, slots, 1)[0] = 0
      X.push(features(new Float32Array(x.memory.buffer, x.sensitivityScore(tp, tn, slots, 1), 6)))
      Y.push(y)
      topicOf.push(t.topic)
    }
  }
}

// Balanced logistic regression, full batch.
const d = X[0].length
const w = new Array(d).fill(0)
let b = 0
const nPos = Y.filter((y) => y === 1).length
const cw = (y) => (y === 1 ? 0.5 / nPos : 0.5 / (Y.length - nPos))
for (let step = 0; step < fit.steps; step++) {
  const g = new Array(d).fill(0)
  let gb = 0
  for (let i = 0; i < X.length; i++) {
    let z = b
    for (let k = 0; k < d; k++) z += w[k] * X[i][k]
    const e = (1 / (1 + Math.exp(-z)) - Y[i]) * cw(Y[i])
    for (let k = 0; k < d; k++) g[k] += e * X[i][k]
    gb += e
  }
  for (let k = 0; k < d; k++) w[k] -= fit.rate * (g[k] + fit.l2 * w[k])
  b -= fit.rate * gb
}
const r6 = (v) => Number(v.toPrecision(6))

// Mean per-topic AUC of the fitted score on the tune topics (in-sample: for comparing settings only).
let aucSum = 0
for (const t of topics) {
  const z = X.map((f, i) => [f.reduce((s, v, k) => s + w[k] * v, b), Y[i], topicOf[i]]).filter((r) => r[2] === t.topic)
  const pos = z.filter((r) => r[1] === 1).map((r) => r[0])
  const neg = z.filter((r) => r[1] === 0).map((r) => r[0])
  let s = 0
  for (const p of pos) for (const q of neg) s += p > q ? 1 : p === q ? 0.5 : 0
  aucSum += s / (pos.length * neg.length)
}
console.log(`tune topics, mean AUC of the fitted score (in-sample): ${(aucSum / topics.length).toFixed(3)}`)

const payload = { ...SETTINGS, WEIGHTS: w.map(r6), BIAS: r6(b) }
writeFileSync(
  OUT,
  generatedModule({
    script: 'scripts/tune-sensitivity.mjs',
    header: `Topic-table settings and the logistic map of sensitivity, fitted on ${topics.length} tune topics (${X.length} texts).`,
    inputs: [input(new URL('texts.jsonl', FIX)), input(new URL('topics.json', FIX))],
    settings: { ...fit, features: ['max', 'top3', 'sqrt(share)', 'log1p(stem matches)', 'log1p(words above threshold)'] },
    payload
  })
)
console.log(payload)
