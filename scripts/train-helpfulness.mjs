// Trains the helpfulness model (src/models/helpfulness.generated.ts) from human preference pairs: a
// hashed word + bigram head trained pairwise (the preferred answer must out-score the other), then a
// pairwise logistic weighing it with dense features (src/metrics/style/helpfulness-rules.ts: length with
// saturation, numbers, names, lists and steps, hedges, questions back, deflecting openings, refusal
// phrases of src/metrics/safety/refusal-rules.ts).
//
//   npm run build:wasm && node scripts/train-helpfulness.mjs
//
// Data: Anthropic hh-rlhf helpful-rejection-sampled (MIT, may ship): pairs cut by id into two halves for
// cross-fitting the head (the dense fit sees each pair's head logit from the head trained on the other half). helpful-base is the dev set (eval/helpfulness.eval.mjs) and is never
// read for the head; harmless-base is about harmlessness and is not used. The v3 combination (query
// coverage with the text logit) is chosen and scaled on hh-rlhf helpful-rejection-sampled and helpful-base,
// PandaLM and LLMBar/* (eval/helpfulness-loso.mjs leaves each out in turn). Deterministic: hash splits, fixed seed.
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

export const SETTINGS = {
  kinds: 3,
  bits: 16,
  // The head sum is scaled by sqrt(distinct-word share / feature count), so a response repeated n times
  // has the head input of the response once (the square root of the previous build rose with every
  // repetition). Pairwise accuracy on the two halves: sqrt 0.603 / 0.583, 1/count ('mean') 0.611 /
  // 0.583, distinct 0.619 / 0.586.
  norm: 'distinct',
  epochs: 1,
  learningRate: 0.05,
  l2: 1e-5,
  seed: 20261124,
  combineShare: 0.5,
  l2Combine: 1e-3,
  refusalPenalty: REFUSAL_PENALTY
}

const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))

/** Preference pairs of a file: { chosen, rejected, split }. */
export function pairs(file) {
  return readJsonl(new URL(`helpfulness/${file}`, DATA))
    .filter((r) => r.chosen !== r.rejected)
    .map((r) => ({ id: r.id, query: lastHuman(r.prompt), chosen: r.chosen, rejected: r.rejected, split: heldOut(r.id, SETTINGS.combineShare, 'helpfulness') ? 'combine' : 'head' }))
}

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
export const V3_FAMILIES = ['hh-rlhf helpful-rejection-sampled', 'hh-rlhf helpful-base', 'PandaLM', 'LLMBar']
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

/** Pairwise logistic regression over hashed features (AdaGrad): sigmoid(w . (phi(chosen) - phi(rejected))). */
function trainPairwise(list, size) {
  const w = new Float64Array(size)
  const g2 = new Float64Array(size)
  const order = list.map((_, i) => i)
  const next = rng(SETTINGS.seed)
  const diff = new Map()
  for (let epoch = 0; epoch < SETTINGS.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    for (const k of order) {
      const { c, r, sc, sr } = list[k]
      diff.clear()
      const nc = normOf(SETTINGS.norm, c.length, sc)
      const nr = normOf(SETTINGS.norm, r.length, sr)
      for (const b of c) diff.set(b, (diff.get(b) ?? 0) + nc)
      for (const b of r) diff.set(b, (diff.get(b) ?? 0) - nr)
      let z = 0
      for (const [b, v] of diff) z += w[b] * v
      const d = sigmoid(z) - 1
      for (const [b, v] of diff) {
        const g = d * v + SETTINGS.l2 * w[b]
        g2[b] += g * g
        w[b] -= (SETTINGS.learningRate * g) / Math.sqrt(g2[b] + 1e-12)
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

export async function main() {
  const all = pairs('hh_rlhf_helpful-rejection-sampled_test.jsonl')
  const size = 1 << SETTINGS.bits
  const plain = await helpfulnessCore()
  const feats = all.map((p) => {
    const c = plain.run(p.chosen, true)
    const r = plain.run(p.rejected, true)
    return { c: c.feats, r: r.feats, sc: c.share, sr: r.share }
  })
  // Cross-fitting: each half's head logits come from a head trained on the other half, so the dense fit
  // sees head evidence as it is on unseen text; the shipped head is trained on every pair.
  const heldHead = new Map()
  for (const half of ['head', 'combine']) {
    const { q: qh, scale: sh } = quantize(trainPairwise(feats.filter((_, i) => all[i].split !== half), size))
    const c = await helpfulnessCore(qh)
    all.forEach((p, i) => {
      if (p.split !== half) return
      const a = c.run(p.chosen, false)
      const b = c.run(p.rejected, false)
      heldHead.set(i, [headLogit(sh, a), headLogit(sh, b)])
    })
  }
  const { q, scale } = quantize(trainPairwise(feats, size))
  const core = await helpfulnessCore(q)
  const rowOf = (text) => {
    const r = core.run(text, false)
    return [...r.dense, headLogit(scale, r)]
  }
  const rows = all.map((p, i) => {
    const c = rowOf(p.chosen)
    const r = rowOf(p.rejected)
    const [hc, hr] = heldHead.get(i)
    return { ...p, c, r, heldC: [...c.slice(0, -1), hc], heldR: [...r.slice(0, -1), hr] }
  })
  const fit = rows
  const d = fit[0].c.length
  // Standardise on the dense-fit responses so the L2 penalty treats features alike.
  const mean = new Array(d).fill(0)
  const sd = new Array(d).fill(0)
  for (const p of fit) for (const v of [p.heldC, p.heldR]) v.forEach((x, j) => (mean[j] += x / (2 * fit.length)))
  for (const p of fit) for (const v of [p.heldC, p.heldR]) v.forEach((x, j) => (sd[j] += (x - mean[j]) ** 2 / (2 * fit.length)))
  const scaleOf = sd.map((s) => Math.sqrt(s) || 1)
  const std = (v) => v.map((x, j) => (x - mean[j]) / scaleOf[j])
  const diffRows = []
  for (const p of fit) {
    const x = std(p.heldC).map((v, j) => v - std(p.heldR)[j])
    diffRows.push({ x, y: 1 }, { x: x.map((v) => -v), y: 0 })
  }
  const beta = fitDense(diffRows, SETTINGS.l2Combine)
  const weights = beta.slice(0, d)
  const f = (v) => std(v).reduce((s, x, j) => s + x * weights[j], 0) - REFUSAL_PENALTY * v[REFUSAL_FEATURE]
  // 50 = a response as helpful as the average training response.
  let ref = 0
  for (const p of fit) ref += (f(p.c) + f(p.r)) / (2 * fit.length)
  const r4 = (v) => Math.round(v * 1e4) / 1e4
  // v3: query coverage with the text logit f(v) - ref (cross-fitted on the head's own training pairs).
  const crossFitted = new Map(rows.map((p) => [p.chosen + '\u0000' + p.rejected, p]))
  const v3Rows = preferenceFamilies()
    .filter((p) => V3_FAMILIES.includes(p.family))
    .map((p) => {
      const own = p.family === 'hh-rlhf helpful-rejection-sampled' ? crossFitted.get(p.chosen + '\u0000' + p.rejected) : null
      const zc = (own ? f(own.heldC) : f(rowOf(p.chosen))) - ref
      const zr = (own ? f(own.heldR) : f(rowOf(p.rejected))) - ref
      return { family: p.family, c: [queryFit(p.query, p.chosen), zc], r: [queryFit(p.query, p.rejected), zr] }
    })
  const v3 = fitV3(v3Rows)
  const report = {}
  for (const split of ['head', 'combine']) {
    const list = rows.filter((p) => p.split === split)
    report[split] = {
      pairs: list.length,
      // Cross-fitted: the head logit of each pair from the head that did not train on it.
      accuracy: r4(pairwise(list.map((p) => f(p.heldC)), list.map((p) => f(p.heldR)))),
      lengthOnly: r4(pairwise(list.map((p) => p.chosen.length), list.map((p) => p.rejected.length))),
      headOnly: r4(pairwise(list.map((p) => p.heldC[d - 1]), list.map((p) => p.heldR[d - 1])))
    }
  }
  const n = (v) => Number(v.toPrecision(12))
  const payload = {
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    NORM: NORM_CODE[SETTINGS.norm],
    SCALE: n(scale),
    FEATURE_MEAN: mean.map(n),
    FEATURE_SCALE: scaleOf.map(n),
    FEATURE_WEIGHTS: weights.map(n),
    REFERENCE: n(ref),
    V3: { LAMBDA: v3.lambda, SCALE: n(v3.scale), REFERENCE: n(v3.reference) },
    WEIGHTS: Buffer.from(q.buffer, q.byteOffset, q.length).toString('base64'),
    REPORT: report
  }
  writeFileSync(
    OUT,
    generatedModule({
      script: 'scripts/train-helpfulness.mjs',
      header: `Helpfulness model: a hashed word + bigram head (int8, ${size} buckets) trained pairwise on
// hh-rlhf helpful-rejection-sampled preferences (MIT), and weights of the standardised features
// ${FEATURES.join(', ')}, then the head logit; score = 100 x sigmoid(weighted sum - REFERENCE).
// V3 (query given): query coverage plus LAMBDA x that logit, chosen on hh-rlhf, PandaLM (Apache-2.0) and
// LLMBar/* (MIT) preference pairs.`,
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
  console.log(JSON.stringify({ weights: Object.fromEntries([...FEATURES, 'head'].map((k, j) => [k, r4(weights[j])])), report }, null, 2))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
