// Tone: one hashed n-gram head (assembly/vec/features.ts) with 28 outputs, the 27 GoEmotions emotions and
// neutral, summed in the core's SIMD lanes; each output calibrated so that 50 means "present".
// Method, data, accuracy: docs/metrics/tone.md.
import { type Core } from '../../core/wasm.js'
import { invalidArgument } from '../../errors.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, defineModel, type Explanation } from '../shared/metric.js'
import { headNorm, installHead, shareOf } from '../shared/ngram-head.js'
import { LEXICON_TONES, namedTones, NEGATED, TONE_BITS, TONE_LEXICON, WIDENED } from './tone-lexicon.js'

/** The model file's shape (src/models/tone.generated.ts). */
export interface ToneModel {
  TONES: string
  KINDS: number
  BITS: number
  CMIN: number
  CMAX: number
  /** Scale of the head sums (ngram-head.ts headNorm): 2 in this build. */
  NORM?: number
  STRIDE: number
  BIAS: number[]
  SCALE: number[]
  /** Logit added to a tone when the text holds one of its emotion words (tone-lexicon.ts); 0 for tones without a list. */
  LEXW: number[]
  /**
   * Logit added to a tone when the text holds a word of another tone's list (any list, for neutral and the
   * tones without one): mostly negative, a text naming anger is not curious (nor neutral).
   */
  LEXO: number[]
  A: number[]
  C: number[]
  /**
   * The emotion-word lists widened through word vectors (scripts/lib/tone-expand.mjs): `word\tflags` lines
   * with their tone's bit and WIDENED, added to tone-lexicon.ts's. Absent in older models.
   */
  WORDS?: string
  /** Logit added to a tone when the text holds a word of its widened list (WORDS); absent: none. */
  LEXV?: number[]
  /** 1: a widened word makes its tone present (at least 50), as a written one does. */
  WIDE_PRESENT?: number
  WEIGHTS: string
}

const WANT_FEATURES = 1
const WANT_SPANS = 2

/** A tone is listed (when the request names none) at this score or above: the calibrated "present". */
export const PRESENT = 50

interface Installed {
  model: number
  m: ToneModel
  tones: string[]
  index: Map<string, number>
  weights: Int8Array
  /** Head index of the tone of lexicon flag bit i. */
  lexTone: number[]
  /** Each tone's own lexicon bits (0 for a tone without a list). */
  ownBits: number[]
}

const installed = new WeakMap<Core, Installed>()

export const toneModel = defineModel('tone', () => import('../../models/tone.generated.js'), (ctx, m: ToneModel) => {
  const tones = m.TONES.split(',')
  const head = installHead(ctx, m, { cmin: m.CMIN, cmax: m.CMAX, classes: tones.length, stride: m.STRIDE, lexicon: TONE_LEXICON + (m.WORDS ?? '') })
  installed.set(ctx.core, { ...head, m, tones, index: new Map(tones.map((t, i) => [t, i])), lexTone: LEXICON_TONES.map((t) => tones.indexOf(t)), ownBits: tones.map((x) => (LEXICON_TONES.includes(x) ? 1 << LEXICON_TONES.indexOf(x) : 0)) })
})

function inst(ctx: Context): Installed {
  const i = installed.get(ctx.core)
  if (!i) throw new Error('litmus: tone model not installed')
  return i
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))
const round2 = (x: number) => Math.round(x * 100) / 100

interface Run {
  words: number
  nFeat: number
  /** Calibrated logit per tone (0 = the score 50). */
  logits: Float64Array
  /** Scale of the head sums (headNorm). */
  norm: number
  featPtr: number
  featWordPtr: number
  spanPtr: number
  /** Lexicon flags: (word index, flags) pairs. */
  nFlag: number
  flagPtr: number
  /** For explain: the logit each tone was raised by to be present (a word of its list), else 0. */
  raised?: Float64Array
}

const EMPTY: Uint32Array = new Uint32Array(0)
let memU32: Uint32Array = EMPTY
let memI32: Int32Array = new Int32Array(0)
// Views of core memory, re-made only when memory has grown.
function views(core: Core): void {
  const buffer = core.exports.memory.buffer
  if (memU32.buffer !== buffer) {
    memU32 = new Uint32Array(buffer)
    memI32 = new Int32Array(buffer)
  }
}

// Logits of the last call (the scorer reads them before the next call).
const LOGITS = new Float64Array(64)

function run(ctx: Context, text: string, want: number): Run {
  const t = inst(ctx)
  const core = ctx.core
  const ref = core.begin(text)
  const r = core.exports.vecScore(ref.ptr, ref.len, t.model, want)
  views(core)
  const at = r >> 2
  const words = memU32[at]
  const nFeat = memU32[at + 2]
  const m = t.m
  // The share of distinct words, read while the spans are byte offsets.
  const spanAt = memU32[at + 1] >> 2
  const norm = headNorm(m, nFeat, shareOf(core, m, ref.ptr, memU32.subarray(spanAt, spanAt + words * 2), words))
  const k = t.tones.length
  const logits = want === 0 ? LOGITS : new Float64Array(k)
  for (let c = 0; c < k; c++) logits[c] = m.A[c] * (m.BIAS[c] + m.SCALE[c] * memI32[at + 8 + c] * norm) + m.C[c]
  // Emotion words: each tone named by a word of the text gets its learned weight once; a word read inside
  // a negation scope (the core's NEGATED: "not angry") names none.
  const nFlag = memU32[at + 5]
  const raised = want === 0 ? undefined : new Float64Array(k)
  if (nFlag > 0) {
    const named = namedTones(memU32, memU32[at + 6] >> 2, nFlag)
    const wide = named.wide
    let flags = named.lex
    for (let i = 0; i < t.lexTone.length; i++) if (flags & (1 << i)) logits[t.lexTone[i]] += m.A[t.lexTone[i]] * m.LEXW[t.lexTone[i]]
    // A word of another tone's list.
    if (flags !== 0) for (let c = 0; c < k; c++) if (flags & ~t.ownBits[c]) logits[c] += m.A[c] * m.LEXO[c]
    // A word of a tone's widened list (a GloVe neighbour of its words): a weight of its own.
    if (wide !== 0 && m.LEXV) for (let i = 0; i < t.lexTone.length; i++) if (wide & (1 << i)) logits[t.lexTone[i]] += m.A[t.lexTone[i]] * m.LEXV[t.lexTone[i]]
    if (m.WIDE_PRESENT) flags |= wide
    // A tone named by a word of its list is present (score at least 50) whatever the n-grams say: the lists
    // are written, not learned, so they carry to text unlike the training data (docs/metrics/tone.md).
    for (let i = 0; i < t.lexTone.length; i++) {
      const c = t.lexTone[i]
      if (!(flags & (1 << i)) || logits[c] >= 0) continue
      if (raised) raised[c] = -logits[c]
      logits[c] = 0
    }
  }
  if (want & WANT_SPANS && words > 0) core.toStringIndices(ref, memU32[at + 1], words * 2)
  return { words, nFeat, logits, norm, featPtr: memU32[at + 3], featWordPtr: memU32[at + 4], spanPtr: memU32[at + 1], nFlag, flagPtr: memU32[at + 6], raised }
}

/** The requested tones' indices, in request order; an unknown name is an InvalidArgumentError. */
function requested(t: Installed, tones: readonly string[] | undefined, requestType: string): number[] | undefined {
  if (tones === undefined) return undefined
  return tones.map((name, i) => {
    const c = t.index.get(name.toLowerCase())
    if (c === undefined) {
      throw invalidArgument(requestType, `tones[${i}]`, `one of ${t.tones.join(', ')}`, 'a tone name', name)
    }
    return c
  })
}

/** Every tone's score, by head order. */
function allScores(ctx: Context, text: string): Float64Array {
  const r = run(ctx, text, 0)
  const out = new Float64Array(inst(ctx).tones.length)
  // A text without a word (empty, spaces, emoji, punctuation) carries no tone.
  if (r.words > 0) for (let c = 0; c < out.length; c++) out[c] = round2(100 * sigmoid(r.logits[c]))
  return out
}

/** Tones by score, highest first (ties: head order). */
function ranked(scores: Float64Array): number[] {
  return Array.from(scores.keys()).sort((a, b) => scores[b] - scores[a] || a - b)
}

// Below this logit a score rounds to less than 50 (with a margin for rounding).
const Z_PRESENT = Math.log((PRESENT - 0.01) / (100 - PRESENT + 0.01))

const label = (t: Installed, c: number, logit: number) => ({ label: t.tones[c], score: round2(100 * sigmoid(logit)) })

/**
 * The tones asked for (in request order), or else every tone at 50 or above, highest first; when none
 * reaches 50, the single highest (so a text with words always has its leading tone).
 */
const score: Scorer<'tone'> = (request, ctx) => {
  const t = inst(ctx)
  const ask = requested(t, request.tones, 'ToneRequest')
  const r = run(ctx, request.text, 0)
  if (r.words === 0) return { scores: ask ? ask.map((c) => ({ label: t.tones[c], score: 0 })) : [] }
  const z = r.logits
  if (ask) return { scores: ask.map((c) => label(t, c, z[c])) }
  // Only the tones at 50 or more (logit >= 0 before rounding) are turned into scores and sorted.
  const out: { label: string; score: number }[] = []
  let best = 0
  for (let c = 0; c < t.tones.length; c++) {
    if (z[c] > z[best]) best = c
    if (z[c] >= Z_PRESENT && round2(100 * sigmoid(z[c])) >= PRESENT) out.push(label(t, c, z[c]))
  }
  if (out.length === 0) return { scores: [label(t, best, z[best])] }
  if (out.length > 1) out.sort((a, b) => b.score - a.score || t.index.get(a.label)! - t.index.get(b.label)!)
  return { scores: out }
}

/** v3: the three highest-scoring tones of the response. */
const v3Score: Scorer<'v3.tone'> = (request, ctx) => {
  const t = inst(ctx)
  const s = allScores(ctx, request.response)
  return { scores: ranked(s).slice(0, 3).map((c) => ({ label: t.tones[c], score: s[c] })) }
}

/** Smallest contribution (logit units) a word needs to be listed. */
const MIN_WEIGHT = 0.05

/**
 * `explain('tone', request)`: the scores, and for the leading tone (the first requested, else the
 * highest) the words whose n-grams raised or lowered it (weight = their share of its calibrated logit).
 */
function explain(ctx: Context): (request: { text: string; tones?: string[] }) => Explanation {
  return (request) => {
    const t = inst(ctx)
    const scores = score(request, ctx).scores
    const r = run(ctx, request.text, WANT_FEATURES | WANT_SPANS)
    const lead = scores.length > 0 ? t.index.get(scores[0].label)! : ranked(new Float64Array(r.logits))[0]
    const unit = t.m.A[lead] * t.m.SCALE[lead] * r.norm
    const byWord = new Float64Array(r.words)
    const byPair = new Float64Array(r.words)
    const negatedWord = new Uint8Array(r.words)
    const feats = ctx.core.u32(r.featPtr, r.nFeat)
    const owner = ctx.core.u32(r.featWordPtr, r.nFeat)
    const stride = t.m.STRIDE
    for (let i = 0; i < r.nFeat; i++) {
      const w = owner[i] & 0x0fffffff
      const contribution = t.weights[feats[i] * stride + lead] * unit
      if (owner[i] >>> 28 === 2) byPair[w] += contribution
      else byWord[w] += contribution
      // Kind 5: the unigram of a word inside a negation scope (the core's F_NEG_MARK).
      if (owner[i] >>> 28 === 5) negatedWord[w] = 1
    }
    const spans = r.words > 0 ? ctx.core.u32(r.spanPtr, r.words * 2) : new Uint32Array(0)
    const evidence: Explanation['evidence'] = []
    const text = request.text
    for (let w = 0; w < r.words; w++) {
      const s = spans[2 * w]
      const e = spans[2 * w + 1]
      if (Math.abs(byWord[w]) >= MIN_WEIGHT) evidence.push({ label: negatedWord[w] ? 'n-grams of a word, negated' : 'n-grams of a word', span: [s, e], string: text.slice(s, e), weight: round4(byWord[w]) })
      if (w > 0 && Math.abs(byPair[w]) >= MIN_WEIGHT) {
        const ps = spans[2 * w - 2]
        evidence.push({ label: 'word pair', span: [ps, e], string: text.slice(ps, e), weight: round4(byPair[w]) })
      }
    }
    // An emotion word of the leading tone: its learned weight (once per text, on its first word not negated).
    const bit = t.lexTone.indexOf(lead)
    const flags = r.nFlag > 0 ? ctx.core.u32(r.flagPtr, r.nFlag * 2) : EMPTY
    // Every emotion word read as negated ("not angry"): it raised no tone (weight 0).
    for (let i = 0; i < r.nFlag; i++) {
      if (!(flags[2 * i + 1] & NEGATED)) continue
      const w = flags[2 * i]
      const tone = t.tones[t.lexTone[31 - Math.clz32(flags[2 * i + 1] & TONE_BITS)]]
      evidence.push({ label: `emotion word, negated: ${tone} not raised`, span: [spans[2 * w], spans[2 * w + 1]], string: text.slice(spans[2 * w], spans[2 * w + 1]), weight: 0 })
    }
    // The first word of its written list, else of its widened list (weight LEXV), with the lift to 50.
    for (let pass = 0; bit >= 0 && pass < 2; pass++) {
      const want = pass === 0 ? 0 : WIDENED
      const i = flags.findIndex((f, j) => j % 2 === 1 && (f & (1 << bit)) !== 0 && (f & NEGATED) === 0 && (f & WIDENED) === want)
      if (i < 0) continue
      const w = flags[i - 1]
      const span: [number, number] = [spans[2 * w], spans[2 * w + 1]]
      const weight = pass === 0 ? t.m.LEXW[lead] : (t.m.LEXV?.[lead] ?? 0)
      evidence.push({ label: pass === 0 ? 'emotion word' : 'emotion word (widened list)', span, string: text.slice(span[0], span[1]), weight: round4(t.m.A[lead] * weight) })
      // Where the rest of the text rated the tone below present, the word lifted it to 50.
      const lift = r.raised?.[lead] ?? 0
      if (lift > 0) evidence.push({ label: 'emotion word: its tone present (at least 50)', span, string: text.slice(span[0], span[1]), weight: round4(lift) })
      break
    }
    evidence.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.span?.[0] ?? 0) - (b.span?.[0] ?? 0))
    const leadScore = r.words === 0 ? 0 : round2(100 * sigmoid(r.logits[lead]))
    return { operation: 'tone', score: leadScore, tone: t.tones[lead], scores, evidence }
  }
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4

/** The 28 tone names, in the model's order (the 27 GoEmotions emotions, then neutral). */
function tones(ctx: Context): () => string[] {
  return () => inst(ctx).tones.slice()
}

export const tone = defineMetric({ name: 'tone', score, v3: { name: 'v3.tone', score: v3Score, explainAs: (r) => ({ text: r.response }) }, models: [toneModel], explain, extras: { tones } })
