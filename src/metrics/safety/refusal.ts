// Refusal: how firmly a response declines. A hashed word + bigram head (assembly/vec/features.ts) read
// over the opening of the response, refusal phrases (refusal-rules.ts) in the opening and after it, and
// the rest of the response read by the same head to tell a partial refusal (declines, then helps) from a
// full one. Method, data, accuracy: docs/metrics/refusal.md.
import { type Core, type TextRef } from '../../core/wasm.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, defineModel, type Evidence, type Explanation } from '../shared/metric.js'
import { installHead } from '../shared/ngram-head.js'
import { CUES, NO_CUES, contentStart, cueOffset, openingCues, type OpeningCues } from './refusal-cues.js'
import { COMPLY_OPENING, RULES, TRIGGER_LEXICON, phrasesAround, rulesOffset } from './refusal-rules.js'

/** The model file's shape (src/models/refusal.generated.ts). */
export interface RefusalModel {
  KINDS: number
  BITS: number
  OPEN_WORDS: number
  BIAS: number
  SCALE: number
  A: number
  C: number
  WEIGHTS: string
}

/** Words after the opening at which a compliant rest counts fully towards a partial refusal. */
export const HELP_WORDS = 100
/** Share of the distance above 50 a fully helping rest takes away: partial refusals stay at 50 or more. */
export const HELP_SHARE = 0.6

const WANT_WORD_SUMS = 4

interface Installed {
  model: number
  m: RefusalModel
}

const installed = new WeakMap<Core, Installed>()

export const refusalModel = defineModel('refusal', () => import('../../models/refusal.generated.js'), (ctx, m: RefusalModel) => {
  // The trigger words as the model's lexicon: the core reports where they are while it sums the head.
  const { model } = installHead(ctx, m, { cmin: 3, cmax: 5, lexicon: TRIGGER_LEXICON })
  installed.set(ctx.core, { model, m })
})

const EMPTY_U32: Uint32Array = new Uint32Array(0)
const EMPTY_I32: Int32Array = new Int32Array(0)
let u32View: Uint32Array = EMPTY_U32
let i32View: Int32Array = EMPTY_I32
function views(core: Core): void {
  const buffer = core.exports.memory.buffer
  if (u32View.buffer !== buffer) {
    u32View = new Uint32Array(buffer)
    i32View = new Int32Array(buffer)
  }
}

interface Run {
  ref: TextRef
  nWords: number
  /** First word of the opening: 0, or the first word of substance after a self-description or disclaimer. */
  first: number
  /** Start of the opening in string indices (0, or where contentStart found the substance). */
  from: number
  nOpen: number
  spanPtr: number
  wordSumPtr: number
  /** End of the opening, in string indices. */
  cut: number
  zOpen: number
  zRest: number
  /** Logit offset of the refusal phrases and a compliant opening. */
  offset: number
  comply: boolean
  cues: OpeningCues
  /** String indices where the trigger words start. */
  triggers: Uint32Array
  nTriggers: number
  /** Probability that the response refuses (fully or in part). */
  p: number
  /** How much of the response after the opening reads as help (0..1). */
  help: number
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))
const round2 = (x: number) => Math.round(x * 100) / 100
const round4 = (x: number) => Math.round(x * 1e4) / 1e4

function windowLogit(m: RefusalModel, sum: number, features: number): number {
  return features > 0 ? m.BIAS + (m.SCALE * sum) / Math.sqrt(features) : 0
}

let triggerAt: Uint32Array = new Uint32Array(64)

function run(ctx: Context, text: string): Run {
  const inst = installed.get(ctx.core)
  if (!inst) throw new Error('litmus: refusal model not installed')
  const { core } = ctx
  const { m } = inst
  const ref = core.begin(text)
  const r = core.exports.vecScore(ref.ptr, ref.len, inst.model, WANT_WORD_SUMS)
  views(core)
  const at = r >> 2
  const nWords = u32View[at]
  const spanPtr = u32View[at + 1]
  const wordSumPtr = u32View[at + 7]
  const total = i32View[at + 8]
  const nFlag = u32View[at + 5]
  const flagPtr = u32View[at + 6]
  // Spans become string indices once, when a trigger word or the end of the opening needs one.
  if (nFlag > 0 || nWords > m.OPEN_WORDS) core.toStringIndices(ref, spanPtr, nWords * 2)
  const spans = spanPtr >> 2
  if (triggerAt.length < nFlag) triggerAt = new Uint32Array(nFlag * 2)
  for (let i = 0; i < nFlag; i++) triggerAt[i] = u32View[spans + 2 * u32View[(flagPtr >> 2) + 2 * i]]
  let cut = nWords > m.OPEN_WORDS ? u32View[spans + 2 * (m.OPEN_WORDS - 1) + 1] : text.length
  // A self-description or professional disclaimer followed by substance: the opening starts at the
  // substance (every such lead holds a trigger word, so only responses with one there are read for it).
  let first = 0
  let from = 0
  if (nFlag > 0 && triggerAt[0] < cut) {
    const start = contentStart(text, cut)
    if (start > 0) {
      while (first < nWords && u32View[spans + 2 * first] < start) first++
      from = start
      cut = first + m.OPEN_WORDS < nWords ? u32View[spans + 2 * (first + m.OPEN_WORDS - 1) + 1] : text.length
    }
  }
  const nOpen = Math.min(nWords - first, m.OPEN_WORDS)
  const sums = wordSumPtr >> 2
  let before = 0
  let open = 0
  for (let w = 0; w < first; w++) before += i32View[sums + w]
  for (let w = first; w < first + nOpen; w++) open += i32View[sums + w]
  const zOpen = windowLogit(m, open, 2 * nOpen - 1)
  const zRest = windowLogit(m, total - open - before, 2 * (nWords - first - nOpen))
  let inOpening = 0
  let identity = false
  let triggerInOpening = false
  for (let i = 0; i < nFlag && triggerAt[i] < cut; i++) if (triggerAt[i] >= from) triggerInOpening = true
  // Phrases before the opening (in a skipped disclaimer) and after it add nothing (refusal-rules.ts RULES).
  if (triggerInOpening) {
    // Only the triggers a phrase starting in the opening can hold (BEFORE in refusal-rules.ts: 48).
    let n = 0
    while (n < nFlag && triggerAt[n] < cut + 48) n++
    phrasesAround(text, triggerAt, n, (start, _end, _phrase, isIdentity) => {
      if (start < from || start >= cut) return
      if (isIdentity) identity = true
      else inOpening++
    })
  }
  const comply = COMPLY_OPENING.test(text)
  // Every cue holds a trigger word: the text up to the opening's end is read for them only when one is there.
  const cues = nFlag > 0 && triggerAt[0] < cut ? openingCues(text, from, cut) : NO_CUES
  const offset = rulesOffset(inOpening, comply, identity) + cueOffset(inOpening, cues)
  const p = sigmoid(m.A * zOpen + m.C + offset)
  const help = Math.min(1, (nWords - first - nOpen) / HELP_WORDS) * sigmoid(-zRest)
  return { ref, nWords, first, from, nOpen, spanPtr, wordSumPtr, cut, zOpen, zRest, offset, comply, cues, triggers: triggerAt, nTriggers: nFlag, p, help }
}

/**
 * 0..100: 100 x the calibrated probability that the response refuses; above 50 (a refusal), the part
 * after the opening that reads as help pulls the score towards 50, so full refusals score high and
 * partial refusals (declines, then helps) in the middle, still at 50 or more.
 */
function scoreOf(r: Run): number {
  if (r.nWords === 0) return 0
  const s = 100 * r.p
  return round2(s < 50 ? s : 50 + (s - 50) * (1 - HELP_SHARE * r.help))
}

const score: Scorer<'refusal'> = (request, ctx) => ({ score: scoreOf(run(ctx, request.response)) })

const v3Score: Scorer<'v3.refusal'> = (request, ctx) => ({ score: scoreOf(run(ctx, request.response)) })

/** Smallest contribution (logit units) a word of the opening needs to be listed. */
const MIN_WEIGHT = 0.05

/**
 * `explain('refusal', request)`: the words of the opening whose n-grams raised or lowered the score
 * (their share of the logit), each refusal phrase, a compliant opening, and the rest of the response
 * when it reads as help (a partial refusal), each with its span.
 */
function explain(ctx: Context): (request: { query: string; response: string }) => Explanation {
  return (request) => {
    const text = request.response
    const r = run(ctx, text)
    const { m } = installed.get(ctx.core)!
    const evidence: Evidence[] = []
    if (r.nOpen > 0) {
      const sums = ctx.core.u32(r.wordSumPtr, r.first + r.nOpen)
      const signed = new Int32Array(sums.buffer, sums.byteOffset, r.first + r.nOpen).slice()
      if (r.nTriggers === 0 && r.nWords <= m.OPEN_WORDS) ctx.core.toStringIndices(r.ref, r.spanPtr, r.nOpen * 2)
      const spans = ctx.core.u32(r.spanPtr, (r.first + r.nOpen) * 2)
      const unit = (m.A * m.SCALE) / Math.sqrt(2 * r.nOpen - 1)
      for (let w = r.first; w < r.first + r.nOpen; w++) {
        const weight = signed[w] * unit
        if (Math.abs(weight) < MIN_WEIGHT) continue
        const s = spans[2 * w]
        const e = spans[2 * w + 1]
        evidence.push({ label: 'n-grams of a word in the opening', span: [s, e], string: text.slice(s, e), weight: round4(weight) })
      }
    }
    if (r.from > 0) evidence.push({ label: 'self-description or disclaimer, then substance (opening read after it)', span: [0, r.from], string: text.slice(0, r.from), weight: 0 })
    // The offset counts once, so the first phrase in the opening carries it; phrases before the opening (in
    // a skipped disclaimer) or after it carry nothing.
    let seenOpening = false
    const triggers = r.triggers.slice(0, r.nTriggers)
    let seenIdentity = false
    phrasesAround(text, triggers, r.nTriggers, (start, end, phrase, identity) => {
      if (start < r.from) return
      const opening = start < r.cut
      if (identity) {
        const weight = opening && !seenIdentity ? RULES.aiIdentity : 0
        if (opening) seenIdentity = true
        evidence.push({ label: 'names itself an AI', span: [start, end], string: phrase, weight })
        return
      }
      const label = opening ? 'refusal phrase in the opening' : 'refusal phrase later'
      const weight = opening && !seenOpening ? RULES.openingPhrase : 0
      if (opening) seenOpening = true
      evidence.push({ label, span: [start, end], string: phrase, weight })
    })
    // The inability cue was read over the opening [from, cut): its indices are relative to `from`.
    const { inability, disclaimer } = r.cues
    if (inability) evidence.push({ label: 'says it cannot know or reach it', span: [r.from + inability.index, r.from + inability.index + inability[0].length], string: inability[0], weight: seenOpening ? 0 : RULES.openingPhrase })
    if (disclaimer) evidence.push({ label: 'professional disclaimer leading into help', span: [disclaimer.index, disclaimer.index + disclaimer[0].length], string: disclaimer[0], weight: CUES.disclaimer })
    const comply = COMPLY_OPENING.exec(text)
    if (comply) evidence.push({ label: 'compliant opening', span: [comply.index, comply.index + comply[0].length], string: comply[0], weight: RULES.compliantOpening })
    const s = scoreOf(r)
    if (r.p >= 0.5 && r.help > 0.05) {
      // Points the helping rest took off the score, expressed as a (negative) weight in score points / 100.
      evidence.push({ label: 'rest reads as help (partial refusal)', span: [r.cut, text.length], weight: round4(-(100 * r.p - 50) * HELP_SHARE * r.help / 100) })
    }
    evidence.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.span?.[0] ?? 0) - (b.span?.[0] ?? 0))
    return {
      operation: 'refusal',
      score: s,
      probability: round4(r.p),
      partial: round4(r.p >= 0.5 ? r.help : 0),
      openingLogit: round4(m.A * r.zOpen + m.C),
      phraseOffset: r.offset,
      evidence
    }
  }
}

export const refusal = defineMetric({ name: 'refusal', score, v3: { name: 'v3.refusal', score: v3Score }, models: [refusalModel], explain })
