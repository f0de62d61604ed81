// Toxicity: a calibrated hashed n-gram head (assembly/vec/features.ts) plus lexical and pattern evidence
// of who a hostile word is aimed at (toxicity-rules.ts). Method, data, accuracy: docs/metrics/toxicity.md.
import { type Core, type TextRef } from '../../core/wasm.js'
import { VEC_NEUTRAL } from '../../core/abi.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, defineModel, type Explanation } from '../shared/metric.js'
import { deobfuscate } from './deobfuscate.js'
import { distinctWords } from '../shared/distinct-words.js'
import { headNorm, installHead } from '../shared/ngram-head.js'
import { CATEGORIES, CATEGORY_BASE, CATEGORY_HEAD, CATEGORY_SLOPE, lexiconWords, maskTable, neutralised, rulesOffset, splitJoined, swapTable, toxicityRules, withSwaps, type Rules, type SwapTable } from './toxicity-rules.js'

/** The model file's shape (src/models/toxicity.generated.ts). */
export interface ToxicityModel {
  KINDS: number
  BITS: number
  CMIN: number
  CMAX: number
  /** 1: the head sum is divided by the feature count; absent or 0: by its square root (older files). */
  NORM?: number
  /** Distinct words under which a text counts as short (src/metrics/shared/distinct-words.ts); absent: never. */
  WORDS?: number
  /** 1: a short text's learned evidence counts in proportion to its distinct words. */
  SHRINK?: number
  /** Logit per unit of shortness (1 - distinct words / WORDS); absent: 0. */
  B?: number
  BIAS: number
  SCALE: number
  A: number
  C: number
  WEIGHTS: string
  LEXICON: string
}

const WANT_FEATURES = 1
const WANT_SPANS = 2
const WANT_WORD_SUMS = 4

/** Severity when the request gives none: the calibrated boundary, no shift. */
export const DEFAULT_SEVERITY = 0.5
/** Logit added per unit of severity above the default (strict text scores borderline text higher). */
export const SEVERITY_SHIFT = 4

interface Installed {
  model: number
  m: ToxicityModel
  weights: Int8Array
  /** Misspellings of listed words (toxicity-rules.ts withSwaps). */
  swaps: SwapTable
  /** The lexicon's words (splitJoined), built when a run of joined letters first needs them. */
  words: () => Set<string>
  /** Masked words' listed reading (deobfuscate.ts Unmask), its table built when a masked word first needs it. */
  unmask: (masked: string) => string | null
}

const installed = new WeakMap<Core, Installed>()

/** The weights and the lexicon, copied into core memory kept for the instance's life. */
export const toxicityModel = defineModel('toxicity', () => import('../../models/toxicity.generated.js'), (ctx, m: ToxicityModel) => {
  let words: Set<string> | undefined
  let masks: ((masked: string) => string | null) | undefined
  installed.set(ctx.core, {
    m,
    ...installHead(ctx, m, { cmin: m.CMIN, cmax: m.CMAX, lexicon: m.LEXICON }),
    swaps: swapTable(m.LEXICON),
    words: () => (words ??= lexiconWords(m.LEXICON)),
    unmask: (masked) => (masks ??= maskTable(m.LEXICON))(masked)
  })
})

interface Run {
  ref: TextRef
  nWords: number
  spans: Uint32Array
  nFeat: number
  /** The head's divisor: the features, and those the neutralised words (identity terms) would have emitted. */
  nNorm: number
  featPtr: number
  featWordPtr: number
  /** Calibrated head logit, A * (BIAS + SCALE * sum / nNorm) + C. */
  head: number
  rules: Rules
  /** Share of the learned evidence that counts (1, or distinct words / WORDS with SHRINK). */
  shrink: number
  /** 1 - distinct words / WORDS, 0 for texts with WORDS or more distinct words. */
  short: number
  /** Copies of the feature buckets and their words, when a second run has reused core memory. */
  feats?: Uint32Array
  words?: Uint32Array
}

const EMPTY: Uint32Array = new Uint32Array(0)


function run(ctx: Context, text: string, severity: number, collect: boolean): Run {
  const inst = installed.get(ctx.core)
  if (!inst) throw new Error('litmus: toxicity model not installed')
  const core = ctx.core
  const x = core.exports
  const ref = core.begin(text)
  // Word sums cost one store a word and spare a second walk when words must be set aside.
  const want = collect ? WANT_FEATURES | WANT_SPANS | WANT_WORD_SUMS : WANT_WORD_SUMS
  const r = x.vecScore(ref.ptr, ref.len, inst.model, want)
  // One view of memory for the result block, re-made only when memory has grown.
  const mem = core.words
  const at = r >> 2
  const nWords = mem[at]
  const spanPtr = mem[at + 1]
  const nFeat = mem[at + 2]
  const featPtr = mem[at + 3]
  const featWordPtr = mem[at + 4]
  let nFlag = mem[at + 5]
  const flagPtr = mem[at + 6]
  const wordSumPtr = mem[at + 7]
  let sum = mem[at + 8] | 0
  // An identity term is neutralised (it emits no feature) but still counts as a word of no evidence.
  const nNorm = nFeat + mem[at + (VEC_NEUTRAL >> 2)]
  const m = inst.m
  // A text of one or two words ("people") says too little for the head's mean: how short it is (by
  // distinct words, read before the spans become string indices) has its own calibrated term. Repeating
  // a text adds no distinct word, so it does not change the score.
  const short = m.WORDS ? 1 - distinctWords(core.bytes, ref.ptr, mem.subarray(spanPtr >> 2, (spanPtr >> 2) + nWords * 2), nWords, m.WORDS) / m.WORDS : 0
  const shrink = m.SHRINK === 1 ? 1 - short : 1
  let flagged: ArrayLike<number> = nFlag > 0 ? mem.subarray(flagPtr >> 2, (flagPtr >> 2) + nFlag * 2) : EMPTY
  // Messages and comments (as DEOBFUSCATE_MAX): misspellings with letters out of order ("idoit") read as
  // the listed word they spell. Byte spans, before they become string indices.
  if (text.length <= DEOBFUSCATE_MAX && nWords > 0) {
    const swapped = withSwaps(core.bytes, ref.ptr, mem.subarray(spanPtr >> 2, (spanPtr >> 2) + nWords * 2), nWords, flagged, nFlag, inst.swaps)
    flagged = swapped.flagged
    nFlag = swapped.nFlagged
  }
  let spans: Uint32Array = EMPTY
  // Spans are needed only when a word was flagged (the rules) or for an explanation.
  if (nWords > 0 && (nFlag > 0 || collect)) {
    core.toStringIndices(ref, spanPtr, nWords * 2)
    spans = core.u32(spanPtr, nWords * 2)
  }
  const rules = toxicityRules(text, spans, flagged, nFlag, collect)
  if (rules.neutral.length > 0 || rules.emphaticWords.length > 0 || rules.asserted.length > 0) {
    // Negated, quoted or emphatic words: their learned evidence is set aside; and the evidence against
    // the hostile words a rule read as aimed at a group.
    const sums = new Int32Array(core.exports.memory.buffer, wordSumPtr, nWords)
    sum -= neutralised(rules, (w) => sums[w], severity)
  }
  const head = m.A * (m.BIAS + m.SCALE * sum * headNorm(m, nNorm) * shrink) + (m.B ?? 0) * short + m.C
  return { ref, nWords, spans, nFeat, nNorm, featPtr, featWordPtr, head, rules, shrink, short }
}


/**
 * Texts up to this many characters are also read de-obfuscated: messages and comments, where spelling
 * games live. Longer texts are scored as written (undoing costs about as much as the whole score of prose).
 */
export const DEOBFUSCATE_MAX = 4096

/**
 * The run that scores `text`: the text itself, or its de-obfuscated form (leetspeak, spaced letters,
 * look-alike letters, zero-width characters, masked letters undone) when that reads as more toxic.
 */
function best(ctx: Context, text: string, severity: number, collect: boolean): { r: Run; deobfuscated: string | null } {
  const r = run(ctx, text, severity, collect)
  const undone = text.length <= DEOBFUSCATE_MAX ? deobfuscate(text, installed.get(ctx.core)!.unmask) : null
  if (undone === null) return { r, deobfuscated: null }
  // Spaced letters without word breaks ("I h a t e y o u") are split into the lexicon's words.
  const de = { text: splitJoined(undone.text, text, installed.get(ctx.core)!.words) }
  const first = r.nWords === 0 ? -Infinity : logitOf(r, severity)
  // The first run's spans and features live in core memory that the second run reuses.
  const kept = collect ? { ...r, spans: r.spans.slice(), feats: ctx.core.u32(r.featPtr, r.nFeat).slice(), words: ctx.core.u32(r.featWordPtr, r.nFeat).slice() } : r
  const r2 = run(ctx, de.text, severity, collect)
  if (r2.nWords > 0 && logitOf(r2, severity) > first) return { r: r2, deobfuscated: de.text }
  if (!collect) return { r, deobfuscated: null }
  return { r: kept, deobfuscated: null }
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))
const round2 = (x: number) => Math.round(x * 100) / 100

function logitOf(r: Run, severity: number): number {
  return r.head + rulesOffset(r.rules, severity) + SEVERITY_SHIFT * (severity - DEFAULT_SEVERITY)
}

const BASE = CATEGORIES.map((c) => CATEGORY_BASE[c])
const SLOPE = CATEGORIES.map((c) => CATEGORY_SLOPE[c])
const HEAD = CATEGORIES.map((c) => CATEGORY_HEAD[c])

// A category with no evidence (the common case) has a constant score.
const RESTING = BASE.map((b) => round2(100 * sigmoid(b)))

function categoryScores(r: Run): { label: string; score: number }[] {
  const out = new Array<{ label: string; score: number }>(CATEGORIES.length)
  const head = Math.max(0, r.head)
  for (let i = 0; i < CATEGORIES.length; i++) {
    const z = SLOPE[i] * r.rules[CATEGORIES[i]] + HEAD[i] * head
    out[i] = { label: CATEGORIES[i], score: z === 0 ? RESTING[i] : round2(100 * sigmoid(BASE[i] + z)) }
  }
  return out
}

const score: Scorer<'toxicity'> = (request, ctx) => {
  const severity = request.severity ?? DEFAULT_SEVERITY
  const { r } = best(ctx, request.text, severity, false)
  // A text without a word (empty, spaces, emoji, punctuation) has nothing to be toxic with.
  if (r.nWords === 0) return { score: 0, scores: CATEGORIES.map((label) => ({ label, score: 0 })) }
  return { score: round2(100 * sigmoid(logitOf(r, severity))), scores: categoryScores(r) }
}

/** Smallest contribution (logit units) an n-gram group needs to be listed. */
const MIN_WEIGHT = 0.05

/**
 * `explain('toxicity', request)`: the score with the evidence behind it: the words whose n-grams
 * raised or lowered the learned score (weight = their share of the logit), and the rules that fired
 * (threat, insult, slur, group + hostile word, negation, counter-speech, emphasis), each with its span.
 */
function explain(ctx: Context): (request: { text: string; severity?: number }) => Explanation {
  return (request) => {
    const severity = request.severity ?? DEFAULT_SEVERITY
    const { r, deobfuscated } = best(ctx, request.text, severity, true)
    const inst = installed.get(ctx.core)!
    const m = inst.m
    const unit = m.A * m.SCALE * headNorm(m, r.nNorm) * r.shrink
    // Word n-grams and character n-grams go to their word, bigrams to the pair they span.
    const byWord = new Float64Array(r.nWords)
    const byPair = new Float64Array(r.nWords)
    const feats = r.feats ?? ctx.core.u32(r.featPtr, r.nFeat)
    const words = r.words ?? ctx.core.u32(r.featWordPtr, r.nFeat)
    for (let i = 0; i < r.nFeat; i++) {
      const w = words[i] & 0x0fffffff
      const contribution = inst.weights[feats[i]] * unit
      if (words[i] >>> 28 === 2) byPair[w] += contribution
      else byWord[w] += contribution
    }
    const evidence: Explanation['evidence'] = []
    // Spans are in the text that was scored: the request's, or its de-obfuscated form.
    const text = deobfuscated ?? request.text
    for (let w = 0; w < r.nWords; w++) {
      const s = r.spans[2 * w]
      const e = r.spans[2 * w + 1]
      if (Math.abs(byWord[w]) >= MIN_WEIGHT) {
        evidence.push({ label: 'n-grams of a word', span: [s, e], string: text.slice(s, e), weight: round4(byWord[w]) })
      }
      if (w > 0 && Math.abs(byPair[w]) >= MIN_WEIGHT) {
        const ps = r.spans[2 * w - 2]
        evidence.push({ label: 'word pair', span: [ps, e], string: text.slice(ps, e), weight: round4(byPair[w]) })
      }
    }
    if (m.B && r.short > 0) evidence.push({ label: 'short text (few distinct words)', weight: round4(m.B * r.short) })
    for (const { setAside, ...ev } of r.rules.evidence ?? []) {
      // A frame that set learned evidence aside weighs what its words carried (their positive share).
      if (setAside) ev.weight = -setAside.reduce((total, w) => total + Math.max(0, byWord[w]), 0)
      if (ev.label === 'profanity for emphasis') evidence.push({ ...ev, weight: round4(ev.weight * Math.min(1, 2 * (1 - severity))) })
      else if (setAside ? Math.abs(ev.weight) >= MIN_WEIGHT : ev.weight !== 0) evidence.push({ ...ev, weight: round4(ev.weight) })
    }
    evidence.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.span?.[0] ?? 0) - (b.span?.[0] ?? 0))
    const out: Explanation & { deobfuscated?: string } = { operation: 'toxicity', score: r.nWords === 0 ? 0 : round2(100 * sigmoid(logitOf(r, severity))), evidence }
    if (deobfuscated !== null) out.deobfuscated = deobfuscated
    return out
  }
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4

export const toxicity = defineMetric({ name: 'toxicity', score, models: [toxicityModel], explain })
