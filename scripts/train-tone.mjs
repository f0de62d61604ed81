// Trains the tone model (src/models/tone.generated.ts): one hashed n-gram head with 28 outputs (the 27
// GoEmotions emotions and neutral), int8, each output calibrated on its own so that 50 means "present".
//
//   npm run build:wasm && node scripts/train-tone.mjs
//
// Features come from the compiled core (`vecScore` with WANT_FEATURES over build/litmus.wasm), so the
// head is trained on exactly the bucket ids the shipped core computes; the 28 sums are the core's SIMD
// lanes (stride 32 per bucket).
//
// Data: GoEmotions train (Demszky et al. 2020, Apache-2.0, Reddit comments), split by a hash of the
// comment id (scripts/lib/splits.mjs) into fit 85 % / calibration 15 %. GoEmotions dev is never read
// here: it is the held-out set of eval/tone.eval.mjs.
//
// Calibration, per label: Platt scaling p = sigmoid(a z + c) on the calibration rows, then the threshold
// t that maximises F1 there is moved to 50 (score = 100 sigmoid(a z + c - logit t)). So a score is not a
// probability: 50 is the F1-best decision point, higher = more confident.
//
// Deterministic: fixed split, fixed-seed shuffles, no clock; two runs write the same bytes.
import { readFileSync, writeFileSync } from 'node:fs'
import { loadCore } from './lib/core.mjs'
import { NORM_CODE, normOf, platt, rng, sigmoid } from './lib/logistic.mjs'
import { distinctShare } from '../build/rules/distinct-words.js'
import { generatedModule, input } from './lib/manifest.mjs'
import { toneCalibration } from './lib/splits.mjs'

const DATA = new URL('../../shared/datasets/', import.meta.url)
const TRAIN = new URL('emotion/goemotions_original_train.jsonl', DATA)
const OUT = new URL('../src/models/tone.generated.ts', import.meta.url)

/** The 28 tones, in head order (GoEmotions' own order). */
export const TONES = [
  'admiration', 'amusement', 'anger', 'annoyance', 'approval', 'caring', 'confusion', 'curiosity', 'desire',
  'disappointment', 'disapproval', 'disgust', 'embarrassment', 'excitement', 'fear', 'gratitude', 'grief', 'joy',
  'love', 'nervousness', 'optimism', 'pride', 'realization', 'relief', 'remorse', 'sadness', 'surprise', 'neutral'
]

/** GoEmotions' mapping of its 28 labels onto Ekman's six emotions and neutral. */
export const EKMAN = {
  anger: ['anger', 'annoyance', 'disapproval'],
  disgust: ['disgust'],
  fear: ['fear', 'nervousness'],
  joy: ['joy', 'amusement', 'approval', 'excitement', 'gratitude', 'love', 'optimism', 'relief', 'pride', 'admiration', 'desire', 'caring'],
  sadness: ['sadness', 'disappointment', 'embarrassment', 'grief', 'remorse'],
  surprise: ['surprise', 'realization', 'confusion', 'curiosity'],
  neutral: ['neutral']
}

export const SETTINGS = {
  // Word unigrams | character n-grams. No word bigrams: a text repeated then has exactly the features of
  // the text once (the bigram across copies, 'ok ok', moved 'ok ' x 10 from approval to neutral), and
  // Ekman macro F1 on the calibration rows rose (0.4796 with bigrams, 0.4869 without).
  kinds: 5,
  bits: 14,
  cmin: 4,
  cmax: 5,
  // The head sums are scaled by sqrt(distinct-word share / feature count), so a text repeated n times has
  // the head inputs of the text once (the square root of the previous build let 'ok ' x 100 score
  // approval 100). 1/count ('mean', as toxicity) cost 5 points of Ekman macro F1 on the calibration
  // rows (0.430 against 0.480; 0.460 with learning rates up to 1.0): it dilutes one strong word in a
  // long comment. The distinct share keeps the square root's scale on ordinary text (0.4796).
  norm: 'distinct',
  stride: 32,
  epochs: 12,
  learningRate: 0.1,
  l2: 1e-6,
  seed: 20241123,
  calibrationShare: 0.15
}

const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))

/** Bucket ids of a text under a (weightless) model of the shipped settings. */
export async function featureCore(settings = SETTINGS) {
  const core = await loadCore()
  const x = core.exports
  const m = x.vecModelReserve(settings.bits, settings.stride)
  x.vecModelSet(m, settings.kinds, settings.cmin, settings.cmax, TONES.length, 0, 0)
  return (text) => {
    const [p, n] = core.write(text)
    const r = x.vecScore(p, n, m, 1)
    const mem = new Uint32Array(x.memory.buffer)
    const nWords = mem[r >> 2]
    const nFeat = mem[(r >> 2) + 2]
    const at = mem[(r >> 2) + 3] >> 2
    const spanAt = mem[(r >> 2) + 1] >> 2
    const share = distinctShare(new Uint8Array(x.memory.buffer), p, mem.subarray(spanAt, spanAt + nWords * 2), nWords)
    return { feats: mem.slice(at, at + nFeat), share }
  }
}

/** 28 one-vs-rest logistic heads over shared hashed features (AdaGrad, L2), inputs scaled by normOf. */
function train(examples, size, K) {
  const w = new Float64Array(size * K)
  const g2 = new Float64Array(size * K)
  const bias = new Float64Array(K)
  const gb = new Float64Array(K)
  const order = examples.map((_, i) => i)
  const next = rng(SETTINGS.seed)
  const z = new Float64Array(K)
  const lr = SETTINGS.learningRate
  for (let epoch = 0; epoch < SETTINGS.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    for (const k of order) {
      const e = examples[k]
      const norm = normOf(SETTINGS.norm, e.feats.length, e.share)
      z.set(bias)
      for (const b of e.feats) {
        const o = b * K
        for (let c = 0; c < K; c++) z[c] += w[o + c] * norm
      }
      for (let c = 0; c < K; c++) {
        const d = sigmoid(z[c]) - (e.y[c] ? 1 : 0)
        z[c] = d
        gb[c] += d * d
        bias[c] -= (lr * d) / Math.sqrt(gb[c] + 1e-12)
      }
      for (const b of e.feats) {
        const o = b * K
        for (let c = 0; c < K; c++) {
          const g = z[c] * norm + SETTINGS.l2 * w[o + c]
          g2[o + c] += g * g
          w[o + c] -= (lr * g) / Math.sqrt(g2[o + c] + 1e-12)
        }
      }
    }
  }
  return { w, bias }
}

/** The probability threshold (on a grid) with the best F1 on these rows. */
function bestThreshold(ps, ys) {
  let best = { t: 0.5, f1: -1 }
  for (let t = 0.04; t <= 0.8 + 1e-9; t += 0.01) {
    let tp = 0, fp = 0, fn = 0
    for (let i = 0; i < ps.length; i++) {
      if (ps[i] >= t) ys[i] ? tp++ : fp++
      else if (ys[i]) fn++
    }
    const f1 = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn)
    if (f1 > best.f1 + 1e-12) best = { t: Math.round(t * 100) / 100, f1 }
  }
  return best
}

export async function main() {
  const K = TONES.length
  const index = new Map(TONES.map((t, i) => [t, i]))
  const features = await featureCore()
  const rows = readJsonl(TRAIN).map((r) => {
    const y = new Uint8Array(K)
    for (const l of r.labels) y[index.get(l)] = 1
    return { ...features(r.text), y, calibration: toneCalibration(r.id) }
  })
  const fit = rows.filter((r) => !r.calibration)
  const cal = rows.filter((r) => r.calibration)
  const size = 1 << SETTINGS.bits
  const { w, bias } = train(fit, size, K)

  // int8 per label, each with its own scale; laid out stride 32 per bucket as the core reads it.
  const S = SETTINGS.stride
  const q = new Int8Array(size * S)
  const scale = new Array(K)
  for (let c = 0; c < K; c++) {
    let max = 0
    for (let b = 0; b < size; b++) max = Math.max(max, Math.abs(w[b * K + c]))
    scale[c] = max / 127
    for (let b = 0; b < size; b++) q[b * S + c] = Math.max(-127, Math.min(127, Math.round(w[b * K + c] / scale[c])))
  }

  // Calibration from the quantized sums, exactly as src/metrics/style/tone.ts computes them.
  const zOf = (feats, share) => {
    const sums = new Int32Array(K)
    for (const b of feats) for (let c = 0; c < K; c++) sums[c] += q[b * S + c]
    const norm = normOf(SETTINGS.norm, feats.length, share)
    return Array.from(sums, (s, c) => bias[c] + scale[c] * s * norm)
  }
  const calZ = cal.map((r) => zOf(r.feats, r.share))
  const A = [], C = [], report = {}
  for (let c = 0; c < K; c++) {
    const zs = calZ.map((z) => z[c])
    const ys = cal.map((r) => r.y[c])
    const { a, c: cc } = platt(zs.map((z, i) => ({ z, y: ys[i] })), { balanced: false })
    const ps = zs.map((z) => sigmoid(a * z + cc))
    const { t, f1 } = bestThreshold(ps, ys)
    A.push(a)
    C.push(cc - Math.log(t / (1 - t)))
    report[TONES[c]] = { calibrationRows: ys.reduce((s, v) => s + v, 0), threshold: t, calibrationF1: Math.round(f1 * 1e4) / 1e4 }
  }
  // The seven Ekman groups (GoEmotions' own mapping): a group is present when any member scores 50+.
  let macro = 0
  for (const [group, members] of Object.entries(EKMAN)) {
    let tp = 0, fp = 0, fn = 0
    cal.forEach((r, i) => {
      const y = members.some((m) => r.y[index.get(m)])
      const hit = members.some((m) => { const c = index.get(m); return A[c] * calZ[i][c] + C[c] >= 0 })
      if (hit) y ? tp++ : fp++
      else if (y) fn++
    })
    macro += (2 * tp) / (2 * tp + fp + fn) / 7
  }
  report.ekmanMacroF1 = Math.round(macro * 1e4) / 1e4
  const f = (v) => Number(v.toPrecision(12))
  const payload = {
    TONES: TONES.join(','),
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    CMIN: SETTINGS.cmin,
    CMAX: SETTINGS.cmax,
    NORM: NORM_CODE[SETTINGS.norm],
    STRIDE: S,
    BIAS: Array.from(bias, f),
    SCALE: scale.map(f),
    A: A.map(f),
    C: C.map(f),
    WEIGHTS: Buffer.from(q.buffer).toString('base64')
  }
  const header =
    `Tone model: hashed n-gram features (assembly/vec/features.ts) into ${size} buckets, one int8 head with ` +
    `${K} outputs trained on GoEmotions train (Apache-2.0), each output Platt-calibrated with its F1-best threshold at 50.`
  const text = generatedModule({
    script: 'scripts/train-tone.mjs',
    header,
    inputs: [
      input(TRAIN),
      input(new URL('train-tone.mjs', import.meta.url)),
      input(new URL('../src/metrics/shared/distinct-words.ts', import.meta.url)),
      input(new URL('../assembly/vec/features.ts', import.meta.url))
    ],
    settings: { ...SETTINGS, fitRows: fit.length, calibrationRows: cal.length, calibration: report },
    payload
  })
  writeFileSync(OUT, text)
  console.log(JSON.stringify({ ekmanMacroF1: report.ekmanMacroF1, bytes: text.length }))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
