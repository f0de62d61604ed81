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
  redditRows: 12000,
  sources: ['reddit', 'news', 'assistant']
}

const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
/** Sentences of an edited article (data preparation only: split after . ! ? before a capital). */
const sentences = (text) => text.split(/\n+|(?<=[.!?]["”’]?)\s+(?=["“‘]?[A-Z])/).map((s) => s.trim()).filter((s) => s.split(/\s+/).length >= 3)

/** Reddit comments, one row per sentence-like piece (what is rated in Pavlick's data is a sentence). */
const redditSplit = (text) => text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter((s) => s.length > 0)

/** The last human turn of an hh-rlhf dialogue (people asking an assistant: typed, unedited). */
const lastHuman = (prompt) => {
  const turns = prompt.split(/\n\nHuman: /)
  return turns[turns.length - 1].split(/\n\nAssistant:/)[0].trim()
}

/** The top and bottom quarter of rated requests, as 1 and 0 (the binarisation of Danescu-Niculescu-Mizil et al. 2013). */
const quartiles = (rs) => {
  const sorted = rs.map((r) => r.normalized_score).sort((a, b) => a - b)
  const lo = sorted[Math.floor(sorted.length / 4)]
  const hi = sorted[Math.floor((3 * sorted.length) / 4)]
  return rs.filter((r) => r.normalized_score <= lo || r.normalized_score >= hi).map((r) => ({ text: r.text, y: r.normalized_score >= hi ? 1 : 0 }))
}

/**
 * Where training rows come from, each with its class (0 informal, 1 formal) and the file it reads.
 * `settings.sources` names the ones a model uses; each gives `[text]` in a fixed order.
 */
export const SOURCES = {
  /** Reddit comments (GoEmotions train, Apache-2.0), split into sentence-like pieces. */
  reddit: { y: 0, file: 'emotion/goemotions_original_train.jsonl', texts: (rs, s) => rs.slice(0, s.redditRows).flatMap((r) => redditSplit(r.text)) },
  /** Film subtitles (XED English, CC-BY-4.0): spoken dialogue. */
  subtitles: { y: 0, file: 'emotion/xed_en_fi.jsonl', texts: (rs) => rs.filter((r) => r.lang === 'en' && r.text.split(/\s+/).length >= 3).map((r) => r.text) },
  /** What people typed to an assistant (hh-rlhf helpful-base, MIT): the last human turn. */
  prompts: { y: 0, file: 'helpfulness/hh_rlhf_helpful-base_test.jsonl', texts: (rs) => rs.map((r) => lastHuman(r.prompt)).filter((t) => t.length > 0 && t.length < 600) },
  /** Requests on Wikipedia talk pages (Stanford politeness, Apache-2.0 / CC-BY-SA): the most polite quarter 1, the least polite 0. */
  politeWikipedia: { y: null, file: 'politeness/stanford_politeness_wikipedia.jsonl', texts: (rs) => quartiles(rs) },
  /** Requests on Stack Exchange (as above). */
  politeStackExchange: { y: null, file: 'politeness/stanford_politeness_stack-exchange.jsonl', texts: (rs) => quartiles(rs) },
  /** Edited news (OneStopEnglish, all three levels, CC-BY-SA-4.0), one row per sentence. */
  news: { y: 1, file: 'simplicity/onestopenglish_texts.jsonl', texts: (rs) => rs.flatMap((t) => sentences(t.text)) },
  /** The assistant's chosen final turn (hh-rlhf helpful-rejection-sampled, MIT), written carefully. */
  assistant: { y: 1, file: 'helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', texts: (rs) => rs.map((r) => r.chosen.trim()).filter((t) => t.length > 0 && t.length < 600) }
}

/** The training rows: { text, y, source }. */
export function rows(settings = SETTINGS) {
  const out = []
  const seen = new Set()
  for (const name of settings.sources) {
    const src = SOURCES[name]
    for (const item of src.texts(readJsonl(new URL(src.file, DATA)), settings)) {
      // Edited news and the assistant write ’, Reddit mostly ': the head must not learn typography.
      const text = straightQuotes(typeof item === 'string' ? item : item.text)
      if (seen.has(text)) continue
      seen.add(text)
      out.push({ text, y: typeof item === 'string' ? src.y : item.y, source: name })
    }
  }
  if (settings.balanceSources) {
    // Every source carries the same total weight within its class, whatever its size.
    const count = {}
    for (const r of out) count[r.source] = (count[r.source] ?? 0) + 1
    const per = {}
    for (const name of settings.sources) (per[SOURCES[name].y] ??= []).push(name)
    for (const r of out) r.weight = out.length / (2 * per[r.y].length * count[r.source])
  }
  return out
}

/** A core with the model's settings and lexicon; `run(text)` gives the head sum, features and flags. */
export async function formalityCore(weights, settings = SETTINGS) {
  const core = await loadCore()
  const x = core.exports
  const m = x.vecModelReserve(settings.bits, 1)
  if (weights) new Uint8Array(x.memory.buffer).set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), x.vecModelWeights(m))
  const lex = formalityLexicon()
  const [lp, ln] = core.write(lex)
  x.vecModelSet(m, settings.kinds, settings.cmin, settings.cmax, 1, lp, ln)
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
function combine(xs, ys, use, settings = SETTINGS, weights = xs.map(() => 1)) {
  const d = xs[0].length
  const mean = new Array(d).fill(0)
  const sd = new Array(d).fill(0)
  for (const x of xs) x.forEach((v, j) => (mean[j] += v / xs.length))
  for (const x of xs) x.forEach((v, j) => (sd[j] += (v - mean[j]) ** 2 / xs.length))
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]) || 1
  let pos = 0, total0 = 0
  for (let i = 0; i < ys.length; i++) {
    total0 += weights[i]
    if (ys[i] === 1) pos += weights[i]
  }
  const cw = [total0 / (2 * (total0 - pos)), total0 / (2 * pos)]
  const w = new Array(d).fill(0)
  let b = 0
  for (let step = 0; step < settings.combineSteps; step++) {
    const g = new Array(d).fill(0)
    let gb = 0
    let total = 0
    for (let i = 0; i < xs.length; i++) {
      let z = b
      for (let j = 0; j < d; j++) if (use[j]) z += w[j] * ((xs[i][j] - mean[j]) / sd[j])
      const e = (sigmoid(z) - ys[i]) * cw[ys[i]] * weights[i]
      for (let j = 0; j < d; j++) if (use[j]) g[j] += e * ((xs[i][j] - mean[j]) / sd[j])
      gb += e
      total += cw[ys[i]] * weights[i]
    }
    for (let j = 0; j < d; j++) if (use[j]) w[j] -= settings.combineRate * (g[j] / total + settings.combineL2 * w[j])
    b -= (settings.combineRate * gb) / total
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

/**
 * Trains a candidate with `settings` (SETTINGS by default) on `rows(settings)`: the n-gram head on 85 %,
 * the combination on the other 15 %. Returns the fitted parts and `vector(text)` / `logit(text)` for
 * scoring (eval/style-loso.mjs trains candidates through this).
 */
export async function train(settings = SETTINGS) {
  const data = rows(settings).map((r) => ({ ...r, combine: formalityCombine(r.text) }))
  const size = 1 << settings.bits
  const core = await formalityCore(undefined, settings)
  const fit = data.filter((r) => !r.combine).map((r) => {
    const { feats, share } = core.run(r.text, true)
    return { y: r.y, feats, share, weight: r.weight }
  })
  const { w, bias } = trainHashed(fit, size, settings)
  const { q, scale } = quantize(w)
  core.set(q)

  const vector = (text) => {
    text = straightQuotes(text)
    const r = core.run(text, false)
    if (r.nWords === 0) return null
    const head = bias + scale * r.sum * normOf(settings.norm, r.nFeat, r.share)
    return formalityFeatures(text, r.nWords, r.distinct, head, r.flagged, r.nFlag)
  }
  const comb = data.filter((r) => r.combine).map((r) => ({ y: r.y, x: vector(r.text), weight: r.weight })).filter((r) => r.x)
  const all = FEATURES.map(() => true)
  const model = combine(comb.map((r) => r.x), comb.map((r) => r.y), all, settings, comb.map((r) => r.weight ?? 1))
  const logit = (text) => {
    const x = vector(text)
    return x ? model.b + x.reduce((a, v, j) => a + v * model.w[j], 0) : 0
  }
  return { fitRows: fit.length, combineRows: comb.length, q, scale, bias, model, vector, logit }
}

export async function main() {
  const { fitRows, combineRows, q, scale, bias, model, vector } = await train(SETTINGS)
  const size = 1 << SETTINGS.bits

  // Report: rank correlation with human ratings (Pavlick & Tetreault; evaluation only).
  const report = { fitRows, combineRows, weights: Object.fromEntries(FEATURES.map((f, j) => [f, Number(model.w[j].toPrecision(4))])) }
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
      ...SETTINGS.sources.map((name) => input(new URL(SOURCES[name].file, DATA))),
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
