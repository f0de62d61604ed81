// Helpfulness: how useful and unambiguous a response is. A hashed word head (assembly/vec/features.ts,
// scaled by 1/features: it reads the mix of words, not how many) trained on human preference pairs with
// length held fixed, weighed with a saturating length prior (nothing beyond 40 distinct words) and what a
// response withholds (refusal phrases, hedges, questions back, deflecting openings; helpfulness-rules.ts).
// Method, data, accuracy: docs/metrics/helpfulness.md.
import { type Core } from '../../core/wasm.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, defineModel, type Evidence, type Explanation } from '../shared/metric.js'
import { headNorm, installHead, shareOf } from '../shared/ngram-head.js'
import { DEFLECT, FEATURES, FLAG_HEDGE, FLAG_TRIGGER, HELPFULNESS_LEXICON, LENGTH_CAP, REFUSAL_FEATURE, REFUSAL_PENALTY, denseFeatures, instructionFit, queryCoverage } from './helpfulness-rules.js'
import { distinctWords } from '../shared/distinct-words.js'
import { OPEN_WORDS, phrasesAround } from '../safety/refusal-rules.js'

/** The model file's shape (src/models/helpfulness.generated.ts). */
export interface HelpfulnessModel {
  KINDS: number
  BITS: number
  /** Scale of the head sum (ngram-head.ts headNorm): 1 (1/features) in this build. */
  NORM?: number
  SCALE: number
  FEATURE_MEAN: number[]
  FEATURE_SCALE: number[]
  FEATURE_WEIGHTS: number[]
  REFERENCE: number
  WEIGHTS: string
  /**
   * v3 (query given): score logit = SCALE (coverage + instruction fit + LAMBDA x text logit - REFERENCE),
   * minus the refusal penalty; coverage and fit = queryFit (helpfulness-rules.ts). LAMBDA chosen on the
   * preference sources (docs/metrics/helpfulness.md).
   */
  V3: { LAMBDA: number; SCALE: number; REFERENCE: number }
}

const WANT_SPANS_OF_WORDS = 0

interface Installed {
  model: number
  m: HelpfulnessModel
}

const installed = new WeakMap<Core, Installed>()

export const helpfulnessModel = defineModel('helpfulness', () => import('../../models/helpfulness.generated.js'), (ctx, m: HelpfulnessModel) => {
  // Refusal trigger words and hedges as the model's lexicon: the core flags them while it sums the head.
  const { model } = installHead(ctx, m, { cmin: 3, cmax: 5, lexicon: HELPFULNESS_LEXICON })
  installed.set(ctx.core, { model, m })
})

let u32View: Uint32Array = new Uint32Array(0)
let i32View: Int32Array = new Int32Array(0)
let triggerAt: Uint32Array = new Uint32Array(64)
const counts = { digits: 0, items: 0, names: 0, questions: 0 }

interface Run {
  nWords: number
  /** Dense features, then the head logit. */
  x: number[]
  /** Weighted sum minus the reference: the logit of the score. */
  z: number
  /** Word spans in string indices (explain only). */
  spans: Uint32Array | null
  hedgeWords: number[]
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))
const round2 = (x: number) => Math.round(x * 100) / 100
const round4 = (x: number) => Math.round(x * 1e4) / 1e4

function run(ctx: Context, text: string, collect: boolean): Run {
  const inst = installed.get(ctx.core)
  if (!inst) throw new Error('litmus: helpfulness model not installed')
  const { core } = ctx
  const { m } = inst
  const ref = core.begin(text)
  const r = core.exports.vecScore(ref.ptr, ref.len, inst.model, WANT_SPANS_OF_WORDS)
  const buffer = core.exports.memory.buffer
  if (u32View.buffer !== buffer) {
    u32View = new Uint32Array(buffer)
    i32View = new Int32Array(buffer)
  }
  const at = r >> 2
  const nWords = u32View[at]
  const spanPtr = u32View[at + 1]
  const nFeat = u32View[at + 2]
  const nFlag = u32View[at + 5]
  const flags = u32View[at + 6] >> 2
  const sum = i32View[at + 8]
  const spans = spanPtr >> 2
  let nTriggers = 0
  let nHedges = 0
  const hedgeWords: number[] = []
  // Length and the head's scale by distinct words, read while the spans are still byte offsets: repetition adds none.
  const byteSpans = u32View.subarray(spans, spans + nWords * 2)
  const distinct = distinctWords(core.bytes, ref.ptr, byteSpans, nWords, LENGTH_CAP)
  const share = shareOf(core, m, ref.ptr, byteSpans, nWords)
  if (nFlag > 0 || collect) core.toStringIndices(ref, spanPtr, nWords * 2)
  if (triggerAt.length < nFlag) triggerAt = new Uint32Array(nFlag * 2)
  for (let i = 0; i < nFlag; i++) {
    const w = u32View[flags + 2 * i]
    const f = u32View[flags + 2 * i + 1]
    if (f & FLAG_HEDGE) {
      nHedges++
      if (collect) hedgeWords.push(w)
    }
    if (f & FLAG_TRIGGER) triggerAt[nTriggers++] = u32View[spans + 2 * w]
  }
  const cut = nWords > OPEN_WORDS ? u32View[spans + 2 * (OPEN_WORDS - 1) + 1] : text.length
  let open = 0
  const all = nTriggers === 0 ? 0 : phrasesAround(text, triggerAt, nTriggers, (start, _end, _phrase, identity) => {
    if (!identity && start < cut) open++
  })
  const c = core.exports.helpfulnessCounts(ref.ptr, ref.len) >> 2
  counts.digits = u32View[c]
  counts.items = u32View[c + 1]
  counts.names = u32View[c + 2]
  counts.questions = u32View[c + 3]
  const x = denseFeatures(text, nWords, distinct, nHedges, open, all - open, counts)
  x.push(m.SCALE * sum * headNorm(m, nFeat, share))
  let z = -m.REFERENCE - REFUSAL_PENALTY * x[REFUSAL_FEATURE]
  for (let j = 0; j < x.length; j++) z += (m.FEATURE_WEIGHTS[j] * (x[j] - m.FEATURE_MEAN[j])) / m.FEATURE_SCALE[j]
  return { nWords, x, z, spans: collect ? core.u32(spanPtr, nWords * 2).slice() : null, hedgeWords }
}

/** 0..100: 100 x the modelled probability that people prefer this response to an average training response. */
const scoreOf = (r: Run) => (r.nWords === 0 ? 0 : round2(100 * sigmoid(r.z)))

const score: Scorer<'helpfulness'> = (request, ctx) => ({ score: scoreOf(run(ctx, request.text, false)) })

/**
 * With the query (v3): whether the response takes up what was asked (the share of the query's content
 * words among its first words) plus whether it keeps the form the instruction asks for (instructionFit:
 * an asked count, a number, yes/no, JSON, a table, bullets) ranks first, the text-only logit breaks near-ties, and an opening refusal
 * still costs REFUSAL_PENALTY. A query without content words ("why?") leaves the text-only score.
 */
function v3Of(ctx: Context, query: string, response: string): number {
  const r = run(ctx, response, false)
  const coverage = queryCoverage(query, response)
  if (r.nWords === 0 || coverage < 0) return scoreOf(r)
  const { V3 } = installed.get(ctx.core)!.m
  // queryFit of helpfulness-rules.ts (coverage plus instruction fit), as the training script scores it.
  const fit = coverage + instructionFit(query, response)
  const z = V3.SCALE * (fit + V3.LAMBDA * r.z - V3.REFERENCE) - REFUSAL_PENALTY * r.x[REFUSAL_FEATURE]
  return round2(100 * sigmoid(z))
}

const v3Score: Scorer<'v3.helpfulness'> = (request, ctx) => ({ score: v3Of(ctx, request.query, request.response) })

const LABELS = [...FEATURES, 'learned n-grams (head)']

/**
 * `explain('helpfulness', request)`: each feature with its value and signed part of the logit, and the
 * evidence with spans: refusal phrases, hedge words and a deflecting opening.
 */
function explain(ctx: Context): (request: { text: string; query?: string }) => Explanation {
  return (request) => {
    const text = request.text
    const r = run(ctx, text, true)
    const { m } = installed.get(ctx.core)!
    const part = (j: number) =>
      (m.FEATURE_WEIGHTS[j] * (r.x[j] - m.FEATURE_MEAN[j])) / m.FEATURE_SCALE[j] - (j === REFUSAL_FEATURE ? REFUSAL_PENALTY * r.x[j] : 0)
    const features = LABELS.map((label, j) => ({ label, value: round4(r.x[j]), weight: round4(part(j)) }))
    const evidence: Evidence[] = []
    const spans = r.spans!
    const perHedge = r.hedgeWords.length > 0 ? part(LABELS.indexOf('hedges per word')) / r.hedgeWords.length : 0
    for (const w of r.hedgeWords) {
      const s = spans[2 * w]
      const e = spans[2 * w + 1]
      evidence.push({ label: 'hedge', span: [s, e], string: text.slice(s, e), weight: round4(perHedge) })
    }
    const at: number[] = []
    const TRIGGER = /sorry|apolog|n[o'\u2019]t\b|unable|declin|refus|\bai\b|language model|artificial|against|violat|never/gi
    for (let t = TRIGGER.exec(text); t !== null; t = TRIGGER.exec(text)) at.push(t.index)
    const openPart = part(LABELS.indexOf('refusal phrase in the opening'))
    const laterPart = part(LABELS.indexOf('refusal phrases later'))
    const cut = r.nWords > OPEN_WORDS ? spans[2 * (OPEN_WORDS - 1) + 1] : text.length
    phrasesAround(text, at, at.length, (start, end, phrase, identity) => {
      if (identity) return
      evidence.push({ label: 'refusal phrase', span: [start, end], string: phrase, weight: round4(start < cut ? openPart : laterPart) })
    })
    const d = DEFLECT.exec(text)
    if (d) evidence.push({ label: 'deflecting opening', span: [d.index, d.index + d[0].length], string: d[0], weight: round4(part(LABELS.indexOf('deflecting opening'))) })
    evidence.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.span?.[0] ?? 0) - (b.span?.[0] ?? 0))
    // reference: the logit offset so that the feature weights plus it give the score's logit.
    const coverage = typeof request.query === 'string' && r.nWords > 0 ? queryCoverage(request.query, text) : -1
    if (coverage < 0) return { operation: 'helpfulness', score: scoreOf(r), reference: round4(-m.REFERENCE), features, evidence }
    // v3 with a query: its logit in three parts (query coverage, the text-only logit, the refusal penalty),
    // the text-only features listed after them as what makes up that logit.
    const { V3 } = m
    const instruction = instructionFit(request.query!, text)
    const v3Features = [
      { label: 'query coverage (v3)', value: round4(coverage), weight: round4(V3.SCALE * coverage) },
      { label: 'instruction fit: asked count, number, yes/no, JSON, table, bullets (v3)', value: round4(instruction), weight: round4(V3.SCALE * instruction) },
      { label: 'text-only logit (v3)', value: round4(r.z), weight: round4(V3.SCALE * V3.LAMBDA * r.z) },
      { label: 'refusal phrase in the opening (v3)', value: r.x[REFUSAL_FEATURE], weight: round4(-REFUSAL_PENALTY * r.x[REFUSAL_FEATURE]) }
    ]
    return { operation: 'v3.helpfulness', score: v3Of(ctx, request.query!, text), reference: round4(-V3.SCALE * V3.REFERENCE), features: v3Features, textFeatures: features, evidence }
  }
}

export const helpfulness = defineMetric({
  name: 'helpfulness',
  score,
  // explain of v3 reads the query too (explain above), so its score is the v3 score.
  v3: { name: 'v3.helpfulness', score: v3Score, explainAs: (r) => ({ text: r.response, query: r.query }) as { text: string } },
  models: [helpfulnessModel],
  explain
})
