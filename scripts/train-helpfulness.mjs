// Trains the helpfulness model (src/models/helpfulness.generated.ts) from human preference pairs: a
// hashed word head trained pairwise (the preferred answer must out-score the other), then a
// pairwise logistic weighing it with dense features (src/metrics/style/helpfulness-rules.ts: refusal
// phrases of src/metrics/safety/refusal-rules.ts, hedges, questions back, deflecting openings).
//
//   npm run build:wasm && node scripts/train-helpfulness.mjs
//
// Length is held fixed, not learned: the sources disagree on it (longer wins on hh-rlhf and PandaLM, loses
// on LLMBar), so the head and the dense fit see two length covariates (log distinct words, distinct words
// saturating at 40) beside their own features, and the score drops them for a designed prior
// (LENGTH_PRIOR logit from no words to 40 distinct words, nothing beyond). The head is scaled by 1/features
// (a mean: length-neutral, and a response repeated n times reads as the response once).
//
// Data: the four shippable preference sources, each weighing the same: Anthropic hh-rlhf
// helpful-rejection-sampled and helpful-base (MIT), PandaLM's human test pairs (Apache-2.0), LLMBar/* (MIT).
// Pairs are cut by a hash into two halves for cross-fitting the head (the dense fit and the v3 combination
// see each pair's head logit from the head trained on the other half). eval/style-loso.mjs calls
// trainText() with each source left out in turn. Deterministic: hash splits, fixed seed.
import { readFileSync, writeFileSync } from 'node:fs'
import { FEATURES, FLAG_HEDGE, FLAG_TRIGGER, HELPFULNESS_LEXICON, LENGTH_CAP, REFUSAL_FEATURE, REFUSAL_PENALTY, denseFeatures, queryFit } from '../build/rules/helpfulness-rules.js'
import { distinctShare, distinctWords } from '../build/rules/distinct-words.js'
import { OPEN_WORDS, phrasesAround } from '../build/rules/refusal-rules.js'
import { loadCore } from './lib/core.mjs'
import { NORM_CODE, fitDense, normOf, quantize, rng, sigmoid } from './lib/logistic.mjs'
import { generatedModule, input } from './lib/manifest.mjs'
import { heldOut } from './lib/splits.mjs'

const ROOT = new URL('../', import.meta.url)
const DATA = new URL('../../shared/datasets/', import.meta.url)
const OUT = new URL('../src/models/helpfulness.generated.ts', import.meta.url)

/** Dense features (indices into FEATURES) held fixed while fitting and given designed weights in the score. */
const LOG_LENGTH = 0
const SAT_LENGTH = 1
/** Counted and shown by explain, not weighed: detail (numbers, lists, names) tracks length and the sources disagree on it. */
const UNWEIGHED = [4, 5, 6]

export const SETTINGS = {
  // Words only (no bigrams): across sources as good as words + bigrams (mean of the four left out 0.562
  // against 0.558), and with 1/features a response repeated n times has exactly the head input of the
  // response once (a bigram across copies shifted short texts by up to 19 points).
  kinds: 1,
  bits: 16,
  // 1/feature count: the head reads the mix of a response's n-grams, not how many there are.
  norm: 'mean',
  epochs: 1,
  learningRate: 0.05,
  l2: 1e-5,
  seed: 20261124,
  combineShare: 0.5,
  l2Combine: 1e-3,
  refusalPenalty: REFUSAL_PENALTY,
  // Logit from no words to LENGTH_SATURATION distinct words (then flat): a design choice, set on the
  // leave-one-source-out table (docs/metrics/helpfulness.md) among 0.25, 0.5, 1, 1.5 x 10, 20, 40 words.
  lengthPrior: 1,
  families: ['hh-rlhf helpful-rejection-sampled', 'hh-rlhf helpful-base', 'PandaLM', 'LLMBar']
}

const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))

/** The question a response answers: the last human turn of an hh-rlhf dialogue, else the whole prompt. */
export function lastHuman(prompt) {
  const at = prompt.lastIndexOf('\n\nHuman:')
  if (at < 0) return prompt.trim()
  const turn = prompt.slice(at + 8)
  const end = turn.indexOf('\n\nAssistant:')
  return (end >= 0 ? turn.slice(0, end) : turn).trim()
}

/**
 * Preference pairs with their query, by source (family): the sources the v3 (query) combination is
 * chosen and fitted on, and the ones only ever scored. LLMBar's Processed/* subsets re-host third-party
 * sets without a stated licence: never fitted on.
 */
export function preferenceFamilies() {
  const rows = []
  const push = (family, r) => r.chosen !== r.rejected && rows.push({ family, query: lastHuman(r.prompt), chosen: r.chosen, rejected: r.rejected })
  for (const r of readJsonl(new URL('helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', DATA))) push('hh-rlhf helpful-rejection-sampled', r)
  for (const r of readJsonl(new URL('helpfulness/hh_rlhf_helpful-base_test.jsonl', DATA))) push('hh-rlhf helpful-base', r)
  for (const r of readJsonl(new URL('helpfulness/pandalm_human_pairs_en.jsonl', DATA))) push('PandaLM', r)
  for (const r of readJsonl(new URL('helpfulness/llmbar_pairs_en.jsonl', DATA))) push(r.subset.startsWith('LLMBar/') ? 'LLMBar' : 'LLMBar Processed (no ship)', r)
  return rows
}
/** The shippable sources: the text-only model and the v3 combination are fitted on them, each weighing the same. */
export const V3_FAMILIES = SETTINGS.families
/** Weights of the text-only logit tried beside query coverage; the one with the best mean over sources wins. */
export const V3_LAMBDAS = [0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5]

/**
 * The v3 combination s = coverage + lambda x text logit: lambda by the best mean pairwise accuracy over the
 * families of `rows` (each `{ family, c: [coverage, z], r: [coverage, z] }`; pairs whose query has no content
 * word are left out), then SCALE by a pairwise logistic fit of s (every family weighing the same) and
 * REFERENCE = the mean s of the responses.
 */
export function fitV3(rows) {
  const use = rows.filter((p) => p.c[0] >= 0)
  const families = [...new Set(use.map((p) => p.family))]
  const meanOver = (lambda) => {
    let sum = 0
    for (const f of families) {
      const list = use.filter((p) => p.family === f)
      sum += pairwise(list.map((p) => p.c[0] + lambda * p.c[1]), list.map((p) => p.r[0] + lambda * p.r[1]))
    }
    return sum / families.length
  }
  let lambda = V3_LAMBDAS[0]
  let best = -1
  for (const l of V3_LAMBDAS) {
    const m = meanOver(l)
    if (m > best + 1e-12) [lambda, best] = [l, m]
  }
  const count = new Map()
  for (const p of use) count.set(p.family, (count.get(p.family) ?? 0) + 1)
  const diff = []
  let reference = 0
  let total = 0
  for (const p of use) {
    const weight = use.length / (families.length * count.get(p.family))
    const d = p.c[0] + lambda * p.c[1] - (p.r[0] + lambda * p.r[1])
    diff.push({ x: [d], y: 1, weight }, { x: [-d], y: 0, weight })
    reference += weight * (p.c[0] + lambda * p.c[1] + p.r[0] + lambda * p.r[1])
    total += 2 * weight
  }
  const [scale] = fitDense(diff, 1e-3)
  return { lambda, scale, reference: reference / total, mean: best }
}

const decoder = new TextDecoder()

/** The core with a helpfulness head; `run(text)` mirrors src/metrics/style/helpfulness.ts. */
export async function helpfulnessCore(weights = new Int8Array(1 << SETTINGS.bits)) {
  const core = await loadCore()
  const x = core.exports
  const m = x.vecModelReserve(SETTINGS.bits, 1)
  new Int8Array(x.memory.buffer, x.vecModelWeights(m), weights.length).set(weights)
  const [lexPtr, lexLen] = core.write(HELPFULNESS_LEXICON)
  x.vecModelSet(m, SETTINGS.kinds, 3, 5, 1, lexPtr, lexLen)
  const u32 = (ptr, n) => new Uint32Array(x.memory.buffer, ptr, n)
  return {
    run(text, wantFeatures) {
      const [ptr, len] = core.write(text)
      const r = x.vecScore(ptr, len, m, wantFeatures ? 1 : 0)
      const [nWords, spanPtr, nFeat, featPtr, , nFlag, flagPtr] = u32(r, 7)
      const sum = new Int32Array(x.memory.buffer, r + 32, 1)[0]
      const feats = wantFeatures ? Array.from(u32(featPtr, nFeat)) : null
      const bytes = new Uint8Array(x.memory.buffer, ptr, len)
      const spans = u32(spanPtr, nWords * 2)
      const distinct = distinctWords(new Uint8Array(x.memory.buffer), ptr, spans, nWords, LENGTH_CAP)
      const share = distinctShare(new Uint8Array(x.memory.buffer), ptr, spans, nWords)
      const at = (byte) => decoder.decode(bytes.subarray(0, byte)).length
      const flags = u32(flagPtr, nFlag * 2)
      let hedges = 0
      const triggers = []
      for (let i = 0; i < nFlag; i++) {
        const f = flags[2 * i + 1]
        if (f & FLAG_HEDGE) hedges++
        if (f & FLAG_TRIGGER) triggers.push(at(spans[2 * flags[2 * i]]))
      }
      const cut = nWords > OPEN_WORDS ? at(spans[2 * (OPEN_WORDS - 1) + 1]) : text.length
      let open = 0
      const all = phrasesAround(text, triggers, triggers.length, (start, _end, _phrase, identity) => {
        if (!identity && start < cut) open++
      })
      const [digits, items, names, questions] = u32(x.helpfulnessCounts(ptr, len), 4)
      return { nWords, nFeat, sum, share, feats, dense: denseFeatures(text, nWords, distinct, hedges, open, all - open, { digits, items, names, questions }) }
    }
  }
}

/** The length covariates of a run (held fixed while training, dropped from the score). */
const covariates = (run) => [run.dense[LOG_LENGTH], run.dense[SAT_LENGTH]]

/**
 * Pairwise logistic regression over hashed features (AdaGrad): sigmoid(w . (phi(chosen) - phi(rejected))
 * + v . (cov(chosen) - cov(rejected))), each pair weighted by its `weight`. The covariate weights v are
 * learned beside the head and then dropped, so the head learns what is preferred beyond length.
 */
function trainPairwise(list, size) {
  const w = new Float64Array(size)
  const g2 = new Float64Array(size)
  const v = [0, 0]
  const gv = [0, 0]
  const order = list.map((_, i) => i)
  const next = rng(SETTINGS.seed)
  const diff = new Map()
  for (let epoch = 0; epoch < SETTINGS.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    for (const k of order) {
      const { c, r, weight } = list[k]
      diff.clear()
      const nc = normOf(SETTINGS.norm, c.feats.length, c.share)
      const nr = normOf(SETTINGS.norm, r.feats.length, r.share)
      for (const b of c.feats) diff.set(b, (diff.get(b) ?? 0) + nc)
      for (const b of r.feats) diff.set(b, (diff.get(b) ?? 0) - nr)
      const dc = [c.cov[0] - r.cov[0], c.cov[1] - r.cov[1]]
      let z = v[0] * dc[0] + v[1] * dc[1]
      for (const [b, x] of diff) z += w[b] * x
      const d = (sigmoid(z) - 1) * weight
      for (const [b, x] of diff) {
        const g = d * x + SETTINGS.l2 * w[b]
        g2[b] += g * g
        w[b] -= (SETTINGS.learningRate * g) / Math.sqrt(g2[b] + 1e-12)
      }
      for (let j = 0; j < 2; j++) {
        const g = d * dc[j]
        gv[j] += g * g
        v[j] -= (SETTINGS.learningRate * g) / Math.sqrt(gv[j] + 1e-12)
      }
    }
  }
  return w
}

export const headLogit = (scale, r) => scale * r.sum * normOf(SETTINGS.norm, r.nFeat, r.share)

/** Pairwise accuracy: ties count half. */
export function pairwise(scoresChosen, scoresRejected) {
  let s = 0
  for (let i = 0; i < scoresChosen.length; i++) s += scoresChosen[i] > scoresRejected[i] ? 1 : scoresChosen[i] === scoresRejected[i] ? 0.5 : 0
  return s / scoresChosen.length
}

/**
 * The text-only model trained on the preference pairs of `families` (each family weighing the same):
 * the head (cross-fitted halves and the full head), the dense weights and REFERENCE. Returns the payload
 * fields, `logit(text)` (the shipped score's logit: weighted sum minus REFERENCE, refusal penalty included),
 * and the pairs with their cross-fitted logits `zc`, `zr` (for the v3 fit and the report).
 */
export async function trainText(families = SETTINGS.families) {
  const all = preferenceFamilies().filter((p) => families.includes(p.family))
  const count = new Map()
  for (const p of all) count.set(p.family, (count.get(p.family) ?? 0) + 1)
  const size = 1 << SETTINGS.bits
  const plain = await helpfulnessCore()
  const list = all.map((p) => {
    const c = plain.run(p.chosen, true)
    const r = plain.run(p.rejected, true)
    return {
      weight: all.length / (count.size * count.get(p.family)),
      half: heldOut(p.chosen + '\u0000' + p.rejected, SETTINGS.combineShare, 'helpfulness') ? 'combine' : 'head',
      c: { feats: c.feats, share: c.share, cov: covariates(c) },
      r: { feats: r.feats, share: r.share, cov: covariates(r) }
    }
  })
  // Cross-fitting: each half's head logits come from a head trained on the other half, so the dense fit
  // sees head evidence as it is on unseen text; the shipped head is trained on every pair.
  const held = new Map()
  for (const half of ['head', 'combine']) {
    const { q: qh, scale: sh } = quantize(trainPairwise(list.filter((p) => p.half !== half), size))
    const c = await helpfulnessCore(qh)
    all.forEach((p, i) => {
      if (list[i].half !== half) return
      const a = c.run(p.chosen, false)
      const b = c.run(p.rejected, false)
      held.set(i, [[...a.dense, headLogit(sh, a)], [...b.dense, headLogit(sh, b)]])
    })
  }
  const { q, scale } = quantize(trainPairwise(list, size))
  const core = await helpfulnessCore(q)
  const rowOf = (text) => {
    const r = core.run(text, false)
    return [...r.dense, headLogit(scale, r)]
  }
  const d = FEATURES.length + 1
  // Standardise on the cross-fitted rows so the L2 penalty treats features alike.
  const mean = new Array(d).fill(0)
  const sd = new Array(d).fill(0)
  const n = 2 * all.length
  for (const [a, b] of held.values()) for (const v of [a, b]) v.forEach((x, j) => (mean[j] += x / n))
  for (const [a, b] of held.values()) for (const v of [a, b]) v.forEach((x, j) => (sd[j] += (x - mean[j]) ** 2 / n))
  const scaleOf = sd.map((s) => Math.sqrt(s) || 1)
  const fitted = [...Array(d).keys()].filter((j) => !UNWEIGHED.includes(j))
  const diffRows = []
  all.forEach((_, i) => {
    const [a, b] = held.get(i)
    const x = fitted.map((j) => (a[j] - b[j]) / scaleOf[j])
    diffRows.push({ x, y: 1, weight: list[i].weight }, { x: x.map((v) => -v), y: 0, weight: list[i].weight })
  })
  const beta = fitDense(diffRows, SETTINGS.l2Combine)
  const weights = new Array(d).fill(0)
  fitted.forEach((j, k) => (weights[j] = beta[k]))
  const covariateWeights = [weights[LOG_LENGTH], weights[SAT_LENGTH]]
  // The length covariates' fitted weights are dropped: the log length weighs nothing, the saturating
  // length carries the designed prior (LENGTH_PRIOR logit per unit, so x its standard deviation here).
  weights[LOG_LENGTH] = 0
  weights[SAT_LENGTH] = SETTINGS.lengthPrior * scaleOf[SAT_LENGTH]
  const f = (v) => v.reduce((s, x, j) => s + (weights[j] * (x - mean[j])) / scaleOf[j], 0) - REFUSAL_PENALTY * v[REFUSAL_FEATURE]
  // 50 = a response as helpful as the average training response (each family weighing the same).
  let ref = 0
  let total = 0
  all.forEach((p, i) => {
    ref += list[i].weight * (f(rowOf(p.chosen)) + f(rowOf(p.rejected)))
    total += 2 * list[i].weight
  })
  ref /= total
  const pairsOut = all.map((p, i) => ({ ...p, zc: f(held.get(i)[0]) - ref, zr: f(held.get(i)[1]) - ref }))
  return {
    q,
    scale,
    mean,
    scaleOf,
    weights,
    covariateWeights,
    reference: ref,
    logit: (text) => f(rowOf(text)) - ref,
    pairs: pairsOut
  }
}

/** The v3 rows of trained pairs: query fit (coverage plus instruction fit) and the cross-fitted text logit. */
export const v3Rows = (trained) => trained.pairs.map((p) => ({ family: p.family, c: [queryFit(p.query, p.chosen), p.zc], r: [queryFit(p.query, p.rejected), p.zr] }))

export async function main() {
  const text = await trainText(SETTINGS.families)
  const v3 = fitV3(v3Rows(text))
  const r4 = (v) => Math.round(v * 1e4) / 1e4
  const report = {}
  for (const family of SETTINGS.families) {
    const list = text.pairs.filter((p) => p.family === family)
    report[family] = {
      pairs: list.length,
      // Cross-fitted: the head logit of each pair from the head that did not train on it (in-family, not held out).
      accuracy: r4(pairwise(list.map((p) => p.zc), list.map((p) => p.zr))),
      lengthOnly: r4(pairwise(list.map((p) => p.chosen.length), list.map((p) => p.rejected.length)))
    }
  }
  const n = (v) => Number(v.toPrecision(12))
  const q = text.q
  const payload = {
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    NORM: NORM_CODE[SETTINGS.norm],
    SCALE: n(text.scale),
    FEATURE_MEAN: text.mean.map(n),
    FEATURE_SCALE: text.scaleOf.map(n),
    FEATURE_WEIGHTS: text.weights.map(n),
    REFERENCE: n(text.reference),
    V3: { LAMBDA: v3.lambda, SCALE: n(v3.scale), REFERENCE: n(v3.reference) },
    WEIGHTS: Buffer.from(q.buffer, q.byteOffset, q.length).toString('base64'),
    REPORT: report
  }
  writeFileSync(
    OUT,
    generatedModule({
      script: 'scripts/train-helpfulness.mjs',
      header: `Helpfulness model: a hashed word head (int8, ${1 << SETTINGS.bits} buckets, scaled by
// 1/features) trained pairwise on hh-rlhf helpful-rejection-sampled and helpful-base (MIT), PandaLM
// (Apache-2.0) and LLMBar/* (MIT) preferences, each source weighing the same, with length held fixed; weights of the standardised features
// ${FEATURES.join(', ')}, then the head logit (the length weights designed, not fitted); score = 100 x sigmoid(weighted sum - REFERENCE).
// V3 (query given): query coverage plus instruction fit plus LAMBDA x that logit, chosen on the same sources.`,
      inputs: [
        input(new URL('helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', DATA)),
        input(new URL('helpfulness/hh_rlhf_helpful-base_test.jsonl', DATA)),
        input(new URL('helpfulness/pandalm_human_pairs_en.jsonl', DATA)),
        input(new URL('helpfulness/llmbar_pairs_en.jsonl', DATA)),
        input(new URL('src/metrics/style/helpfulness-rules.ts', ROOT)),
        input(new URL('src/metrics/shared/distinct-words.ts', ROOT)),
        input(new URL('src/metrics/safety/refusal-rules.ts', ROOT)),
        input(new URL('assembly/vec/features.ts', ROOT)),
        input(new URL('assembly/judge/helpfulness.ts', ROOT))
      ],
      settings: SETTINGS,
      payload,
      types: { REPORT: 'Record<string, Record<string, number>>', V3: '{ LAMBDA: number; SCALE: number; REFERENCE: number }' }
    })
  )
  console.log(JSON.stringify({ v3 }))
  console.log(JSON.stringify({ weights: Object.fromEntries([...FEATURES, 'head'].map((k, j) => [k, r4(text.weights[j])])), lengthCovariates: text.covariateWeights.map(r4), report }, null, 2))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
