// Trains the formality model (src/models/formality.generated.ts): a hashed n-gram head (one output) and
// a logistic combination of it with the hand-made features of src/metrics/style/formality-features.ts.
//
//   npm run build:wasm && node scripts/train-formality.mjs
//
// Shipped weights are trained on shippable text only, as a contrast of registers:
//  - informal (0): Reddit comments, GoEmotions train (Apache-2.0);
//  - formal (1): the sentences of the OneStopEnglish articles (edited news, CC-BY-SA-4.0) and the
//    assistant's final turn of hh-rlhf helpful-rejection-sampled (MIT), which is written carefully.
// Rows are split by a hash of the text (scripts/lib/splits.mjs): the head is fitted on 85 %, the
// combination on the other 15 %. The human formality ratings of Pavlick & Tetreault (2016) are not
// cleared for shipping: they are only read to report rank correlations (never to fit a weight).
//
// Deterministic: fixed split, fixed-seed shuffles, fixed-step gradient descent; two runs write the same bytes.
import { readFileSync, writeFileSync } from 'node:fs'
import { FEATURES, SIZE_CAP, formalityFeatures, formalityLexicon, straightQuotes } from '../build/rules/formality-features.js'
import { distinctShare, distinctWords } from '../build/rules/distinct-words.js'
import { loadCore } from './lib/core.mjs'
import { NORM_CODE, normOf, quantize, sigmoid, trainHashed } from './lib/logistic.mjs'
import { generatedModule, input } from './lib/manifest.mjs'
import { formalityCombine } from './lib/splits.mjs'

const DATA = new URL('../../shared/datasets/', import.meta.url)
const FILES = {
  reddit: new URL('emotion/goemotions_original_train.jsonl', DATA),
  news: new URL('simplicity/onestopenglish_texts.jsonl', DATA),
  assistant: new URL('helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', DATA)
}
const OUT = new URL('../src/models/formality.generated.ts', import.meta.url)

export const SETTINGS = {
  kinds: 7,
  bits: 16,
  cmin: 3,
  cmax: 5,
  // The head sum is divided by the feature count, so a text repeated n times has the head input of the
  // text once (the square root of the previous build let 'ok ' x 1000 score 100). Spearman with the
  // Pavlick ratings (train / validation): sqrt 0.704 / 0.649, 'mean' 0.717 / 0.648, 'distinct'
  // (scripts/lib/logistic.mjs normOf) 0.703 / 0.629.
  norm: 'mean',
  epochs: 4,
  learningRate: 0.2,
  l2: 1e-6,
  seed: 20241124,
  combineShare: 0.15,
  combineL2: 0.1,
  combineSteps: 2000,
  combineRate: 0.5,
  redditRows: 12000
}

const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
/** Sentences of an edited article (data preparation only: split after . ! ? before a capital). */
const sentences = (text) => text.split(/\n+|(?<=[.!?]["”’]?)\s+(?=["“‘]?[A-Z])/).map((s) => s.trim()).filter((s) => s.split(/\s+/).length >= 3)

/** Reddit comments, one row per sentence-like piece (what is rated in Pavlick's data is a sentence). */
const redditSplit = (text) => text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter((s) => s.length > 0)

/** The training rows: { text, y }. */
export function rows() {
  const out = []
  const seen = new Set()
  const push = (raw, y) => {
    // Edited news and the assistant write ’, Reddit mostly ': the head must not learn typography.
    const text = straightQuotes(raw)
    if (seen.has(text)) return
    seen.add(text)
    out.push({ text, y })
  }
  const reddit = readJsonl(FILES.reddit)
  for (const r of reddit.slice(0, SETTINGS.redditRows)) for (const s of redditSplit(r.text)) push(s, 0)
  for (const t of readJsonl(FILES.news)) for (const s of sentences(t.text)) push(s, 1)
  for (const r of readJsonl(FILES.assistant)) {
    const text = r.chosen.trim()
    if (text.length > 0 && text.length < 600) push(text, 1)
  }
  return out
}

/** A core with the model's settings and lexicon; `run(text)` gives the head sum, features and flags. */
export async function formalityCore(weights) {
  const core = await loadCore()
  const x = core.exports
  const m = x.vecModelReserve(SETTINGS.bits, 1)
  if (weights) new Uint8Array(x.memory.buffer).set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), x.vecModelWeights(m))
  const lex = formalityLexicon()
  const [lp, ln] = core.write(lex)
  x.vecModelSet(m, SETTINGS.kinds, SETTINGS.cmin, SETTINGS.cmax, 1, lp, ln)
  return {
    set(q) {
      new Uint8Array(x.memory.buffer).set(new Uint8Array(q.buffer, q.byteOffset, q.length), x.vecModelWeights(m))
      x.vecModelFlush(m)
    },
    run(text, wantFeatures) {
      const [p, n] = core.write(text)
      const r = x.vecScore(p, n, m, wantFeatures ? 1 : 0)
      const mem = new Uint32Array(x.memory.buffer)
      const at = r >> 2
      const nFeat = mem[at + 2]
      const feats = wantFeatures ? mem.slice(mem[at + 3] >> 2, (mem[at + 3] >> 2) + nFeat) : null
      const nFlag = mem[at + 5]
      const flagged = mem.slice(mem[at + 6] >> 2, (mem[at + 6] >> 2) + nFlag * 2)
      const nWords = mem[at]
      const spanAt = mem[at + 1] >> 2
      const spans = mem.subarray(spanAt, spanAt + nWords * 2)
      const distinct = distinctWords(new Uint8Array(x.memory.buffer), p, spans, nWords, SIZE_CAP)
      const share = distinctShare(new Uint8Array(x.memory.buffer), p, spans, nWords)
      return { nWords, distinct, share, nFeat, feats, sum: new Int32Array(x.memory.buffer, r + 32, 1)[0], flagged, nFlag }
    }
  }
}

/** Logistic regression on standardised features, balanced classes, full-batch gradient descent. */
function combine(xs, ys, use) {
  const d = xs[0].length
  const mean = new Array(d).fill(0)
  const sd = new Array(d).fill(0)
  for (const x of xs) x.forEach((v, j) => (mean[j] += v / xs.length))
  for (const x of xs) x.forEach((v, j) => (sd[j] += (v - mean[j]) ** 2 / xs.length))
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]) || 1
  const pos = ys.filter((y) => y === 1).length
  const cw = [ys.length / (2 * (ys.length - pos)), ys.length / (2 * pos)]
  const w = new Array(d).fill(0)
  let b = 0
  for (let step = 0; step < SETTINGS.combineSteps; step++) {
    const g = new Array(d).fill(0)
    let gb = 0
    let total = 0
    for (let i = 0; i < xs.length; i++) {
      let z = b
      for (let j = 0; j < d; j++) if (use[j]) z += w[j] * ((xs[i][j] - mean[j]) / sd[j])
      const e = (sigmoid(z) - ys[i]) * cw[ys[i]]
      for (let j = 0; j < d; j++) if (use[j]) g[j] += e * ((xs[i][j] - mean[j]) / sd[j])
      gb += e
      total += cw[ys[i]]
    }
    for (let j = 0; j < d; j++) if (use[j]) w[j] -= SETTINGS.combineRate * (g[j] / total + SETTINGS.combineL2 * w[j])
    b -= (SETTINGS.combineRate * gb) / total
  }
  // Fold the standardisation into the weights: z = b' + sum w'_j x_j.
  const wf = w.map((v, j) => (use[j] ? v / sd[j] : 0))
  const bf = b - wf.reduce((a, v, j) => a + v * mean[j], 0)
  return { w: wf, b: bf }
}

/** Spearman rank correlation (average ranks for ties). */
export function spearman(a, b) {
  const rank = (v) => {
    const idx = v.map((_, i) => i).sort((i, j) => v[i] - v[j])
    const r = new Array(v.length)
    for (let i = 0; i < idx.length; ) {
      let j = i
      while (j < idx.length && v[idx[j]] === v[idx[i]]) j++
      for (let k = i; k < j; k++) r[idx[k]] = (i + j - 1) / 2
      i = j
    }
    return r
  }
  const ra = rank(a)
  const rb = rank(b)
  const n = a.length
  const ma = ra.reduce((s, v) => s + v, 0) / n
  const mb = rb.reduce((s, v) => s + v, 0) / n
  let num = 0, da = 0, db = 0
  for (let i = 0; i < n; i++) {
    num += (ra[i] - ma) * (rb[i] - mb)
    da += (ra[i] - ma) ** 2
    db += (rb[i] - mb) ** 2
  }
  return num / Math.sqrt(da * db)
}

export async function main() {
  const data = rows().map((r) => ({ ...r, combine: formalityCombine(r.text) }))
  const size = 1 << SETTINGS.bits
  const core = await formalityCore()
  const fit = data.filter((r) => !r.combine).map((r) => {
    const { feats, share } = core.run(r.text, true)
    return { y: r.y, feats, share }
  })
  const { w, bias } = trainHashed(fit, size, SETTINGS)
  const { q, scale } = quantize(w)
  core.set(q)

  const vector = (text) => {
    text = straightQuotes(text)
    const r = core.run(text, false)
    if (r.nWords === 0) return null
    const head = bias + scale * r.sum * normOf(SETTINGS.norm, r.nFeat, r.share)
    return formalityFeatures(text, r.nWords, r.distinct, head, r.flagged, r.nFlag)
  }
  const comb = data.filter((r) => r.combine).map((r) => ({ y: r.y, x: vector(r.text) })).filter((r) => r.x)
  const all = FEATURES.map(() => true)
  const model = combine(comb.map((r) => r.x), comb.map((r) => r.y), all)

  // Report: rank correlation with human ratings (Pavlick & Tetreault; evaluation only).
  const report = { fitRows: fit.length, combineRows: comb.length, weights: Object.fromEntries(FEATURES.map((f, j) => [f, Number(model.w[j].toPrecision(4))])) }
  for (const split of ['train', 'validation']) {
    const pav = readJsonl(new URL(`formality/pavlick_subset_${split}.jsonl`, DATA))
    const xs = pav.map((r) => vector(r.text) ?? FEATURES.map(() => 0))
    const human = pav.map((r) => r.score_orig)
    const full = xs.map((x) => model.b + x.reduce((a, v, j) => a + v * model.w[j], 0))
    report[`pavlick_${split}`] = { rows: pav.length, spearman: Number(spearman(full, human).toFixed(4)), head: Number(spearman(xs.map((x) => x[0]), human).toFixed(4)) }
  }

  const f = (v) => Number(v.toPrecision(12))
  const payload = {
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    CMIN: SETTINGS.cmin,
    CMAX: SETTINGS.cmax,
    NORM: NORM_CODE[SETTINGS.norm],
    BIAS: f(bias),
    SCALE: f(scale),
    W: model.w.map(f),
    B: f(model.b),
    WEIGHTS: Buffer.from(q.buffer).toString('base64'),
    LEXICON: formalityLexicon()
  }
  const header =
    `Formality model: hashed n-gram features into ${size} buckets, an int8 head trained to tell Reddit comments (GoEmotions, ` +
    `Apache-2.0) from edited news (OneStopEnglish, CC-BY-SA-4.0) and assistant answers (hh-rlhf, MIT), combined with the ` +
    `features of src/metrics/style/formality-features.ts by a logistic model (W in FEATURES order, B).`
  const text = generatedModule({
    script: 'scripts/train-formality.mjs',
    header,
    inputs: [
      ...Object.values(FILES).map(input),
      input(new URL('train-formality.mjs', import.meta.url)),
      input(new URL('../src/metrics/style/formality-features.ts', import.meta.url)),
      input(new URL('../src/metrics/shared/distinct-words.ts', import.meta.url)),
      input(new URL('../assembly/vec/features.ts', import.meta.url))
    ],
    settings: { ...SETTINGS, report },
    payload
  })
  writeFileSync(OUT, text)
  console.log(JSON.stringify(report, null, 2))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
