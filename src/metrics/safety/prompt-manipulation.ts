// Prompt manipulation: a calibrated hashed n-gram head (assembly/vec/features.ts) plus pattern evidence
// for each attack type, scored on the text, on the text with cheap obfuscations undone, and on every
// encoded segment the core finds and decodes (assembly/scan/encodings.ts). The analysis itself is shared
// with the training script (prompt-manipulation-rules.ts). Method, data, accuracy:
// docs/metrics/prompt-manipulation.md.
import { type Core } from '../../core/wasm.js'
import { ENCODING_LABELS } from '../../core/abi.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, defineModel, type Evidence, type Explanation } from '../shared/metric.js'
import { distinctWords } from '../shared/distinct-words.js'
import { headNorm, installHead } from '../shared/ngram-head.js'
import { analyse, type Analysis, bestWindow, embeddedInstruction, TYPES, TYPE_BASE, TYPE_HEAD, TYPE_SLOPE, WHOLE, WIN_WORDS, windowsOf } from './prompt-manipulation-rules.js'

/** The model file's shape (src/models/prompt-manipulation.generated.ts). */
export interface ManipulationModel {
  KINDS: number
  BITS: number
  CMIN: number
  CMAX: number
  /** 1: the head sum is divided by the feature count; absent or 0: by its square root (older files). */
  NORM?: number
  /** Distinct words at which the learned evidence counts in full (fewer: in proportion); absent: always. */
  WORDS?: number
  BIAS: number
  SCALE: number
  A: number
  /** Logit per unit of shortness (1 - distinct words / WORDS); absent: 0. */
  B?: number
  C: number
  /** Logit per unit of `addressed` and of `command` (embeddedInstruction in the rules file); absent: 0. */
  D?: number
  E?: number
  WEIGHTS: string
  LEXICON: string
}

/** Severity when the request gives none: the calibrated boundary, no shift. */
export const DEFAULT_SEVERITY = 0.5
/** Logit added per unit of severity above the default (strict settings flag borderline prompts). */
export const SEVERITY_SHIFT = 4

interface Installed {
  model: number
  m: ManipulationModel
  weights: Int8Array
}

const installed = new WeakMap<Core, Installed>()

export const manipulationModel = defineModel(
  'prompt_manipulation',
  () => import('../../models/prompt-manipulation.generated.js'),
  (ctx, m: ManipulationModel) => {
    installed.set(ctx.core, { m, ...installHead(ctx, m, { cmin: m.CMIN, cmax: m.CMAX, lexicon: m.LEXICON }) })
  }
)

const WANT_FEATURES = 1
const WANT_SPANS = 2
const WANT_WORD_SUMS = 4
const utf8 = new TextDecoder()

interface Segment {
  label: string
  span: [number, number]
  text: string
}

interface Head {
  raw: number
  /** The best sentence window's head logit and (when asked for) its string span, or null. */
  best: { raw: number; span: [number, number] | null } | null
  /** 1 - distinct words / WORDS (0 for texts with WORDS or more distinct words). */
  short: number
  trigger: boolean
  windows: Array<[number, number]> | null
  words: number
  /** The head's integer sum and feature count (the logit's inputs, for headDelta). */
  sum: number
  feats: number
  /** String spans [start, end, ...] of the flagged words; null when not read (a short text with a trigger word). */
  flagged: readonly number[] | null
}

/** The flagged spans of a text with no flagged word (shared: read, never written). */
const NO_FLAGGED: readonly number[] = []

/**
 * Head logit of `text` (or of the lower-cased join of its pieces: the de-obfuscated text of
 * deobfuscateParts) and (with `windowed`) of its best sentence window (`span`: with the window's
 * string span); with `decode`, also the encoded segments of that same call's text. The de-obfuscated
 * text and decoded segments are read without windows (analyse reads only their whole-text logit).
 */
function headOf(core: Core, inst: Installed, text: string | string[], decode: Segment[] | null, span = false, windowed = true): Head {
  const x = core.exports
  let length = 0
  let ref
  if (typeof text === 'string') {
    length = text.length
    ref = core.begin(text)
  } else {
    for (const p of text) length += p.length
    ref = core.beginLowerPieces(text)
  }
  // Each word's share of the sum (one store a word, the word memo still serves): the sentence windows
  // are summed from it, with no second pass over the text's features.
  const r = x.vecScore(ref.ptr, ref.len, inst.model, windowed ? WANT_WORD_SUMS : 0)
  // The nine result words read through the core's kept view of memory (no view made per call).
  const words = core.words
  const at = r >>> 2
  const nWords = words[at]
  const nFeat = words[at + 2]
  const nFlag = words[at + 5]
  const trigger = nFlag > 0
  const sum = words[at + 8] | 0
  const m = inst.m
  const spanPtr = words[at + 1]
  // Before the spans become string indices: distinct words and sentence ends are read from the text's bytes.
  const spans = core.u32(spanPtr, nWords * 2)
  const shrink = m.WORDS ? distinctWords(core.bytes, ref.ptr, spans, nWords, m.WORDS) / m.WORDS : 1
  // (bestWindow has no window under 2 x WIN_WORDS words: no view of the sums is made for a short text.)
  const bw = windowed && nWords >= 2 * WIN_WORDS ? bestWindow(core.bytes, ref.ptr, spans, nWords, core.u32(words[at + 7], nWords), m.KINDS, m.CMIN, m.CMAX) : null
  let windows: Array<[number, number]> | null = null
  let converted = false
  let flagged: readonly number[] | null = trigger ? null : NO_FLAGGED
  if (trigger && length > WHOLE) {
    // Long text: the patterns run only around its trigger words.
    core.toStringIndices(ref, spanPtr, nWords * 2)
    converted = true
    const list = core.u32(words[at + 6], nFlag * 2)
    windows = windowsOf(length, spans, list, nFlag)
    const read: number[] = []
    for (let i = 0; i < nFlag; i++) read.push(spans[2 * list[2 * i]], spans[2 * list[2 * i] + 1])
    flagged = read
  }
  let best: Head['best'] = null
  if (bw) {
    let where: [number, number] | null = null
    if (span) {
      if (!converted) core.toStringIndices(ref, spanPtr, nWords * 2)
      const s = core.u32(spanPtr, nWords * 2)
      where = [s[2 * bw[2]], s[2 * bw[3] + 1]]
    }
    best = { raw: m.BIAS + m.SCALE * bw[0] * headNorm(m, bw[1]), span: where }
  }
  if (decode) {
    // The text is still in memory: the encodings scanner reads it there (SIMD; prose rarely has a run).
    const count = x.encodingsDecode(ref.ptr, ref.len)
    if (count > 0) {
      const spansPtr = x.encodingsSpans()
      core.toStringIndices(ref, spansPtr, count * 2)
      const spans = core.u32(spansPtr, count * 2)
      const labels = core.u32(x.encodingsLabels(), count)
      const d = core.u32(x.encodingsDecoded(), count * 2)
      for (let i = 0; i < count; i++) {
        decode.push({
          label: ENCODING_LABELS[labels[i]],
          span: [spans[2 * i], spans[2 * i + 1]],
          text: utf8.decode(core.bytes.subarray(d[2 * i], d[2 * i] + d[2 * i + 1]))
        })
      }
    }
  }
  return { raw: m.BIAS + m.SCALE * sum * headNorm(m, nFeat) * shrink, best, trigger, windows, words: nWords, short: 1 - shrink, sum, feats: nFeat, flagged }
}

/** Texts at least this long read their de-obfuscated form from their own read (headDelta). */
const DELTA_MIN = 8192
/** Characters of a text's start always read again in headDelta: its share of distinct words is counted there. */
const DELTA_PREFIX = 400

const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d)
const isUpper = (c: number) => c >= 0x41 && c <= 0x5a

/**
 * headOf(the lower-cased join of `pieces`) for a long `text` whose de-obfuscated form is the text with
 * spaced runs joined (deobfuscateParts' pieces: text, letters, text, ...), from the text's own read
 * `h0`, or null when that does not apply (the caller reads the whole de-obfuscated text). The head is a
 * sum over words of a share that depends on the word's lower-cased bytes alone (no bigrams), and no
 * word crosses ASCII white space; the tokeniser reads case only at a full stop beside A-Z ("J.",
 * "U.S", "end.Next"). So only the white-space-delimited chunks that hold a joined run or such a stop
 * can hold other words: they are read again, as written and as undone, each in one batch (every chunk
 * after a line break, or after ". " so that a list marker reads as it does in place), and swapped; the
 * rest of the text is the same words in both. The text's first chunks are read too, for the share of
 * distinct words (WORDS), which reads the first words.
 */
function headDelta(core: Core, inst: Installed, text: string, h0: Head, pieces: string[]): Head | null {
  const len = text.length
  if (len < DELTA_MIN || h0.flagged === null || pieces.length < 3) return null
  // The runs in `text`, [start, end) and the piece of their letters, from the pieces: each run's letters
  // stand one or two separator characters apart (where its second letter is says which).
  const runs: number[] = []
  let at = 0
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k]
    if ((k & 1) === 0) {
      at += p.length
      continue
    }
    if (p.length < 2) return null
    const n = text.charCodeAt(at + 2) === p.charCodeAt(1) ? 1 : 2
    const end = at + (p.length - 1) * (n + 1) + 1
    if (end > len || text.charCodeAt(end - 1) !== p.charCodeAt(p.length - 1)) return null
    runs.push(at, end, k)
    at = end
  }
  if (at !== len) return null
  // Chunks to read again, [a, b) with b at white space or the end, in order, merged where they meet.
  const regions: number[] = []
  let size = 0
  const add = (s: number, e: number) => {
    const n = regions.length
    if (n > 0 && s <= regions[n - 1]) {
      if (e > regions[n - 1]) {
        let b = e
        while (b < len && !isSpace(text.charCodeAt(b))) b++
        size += b - regions[n - 1]
        regions[n - 1] = b
      }
      return
    }
    let a = s
    while (a > 0 && !isSpace(text.charCodeAt(a - 1))) a--
    let b = e
    while (b < len && !isSpace(text.charCodeAt(b))) b++
    regions.push(a, b)
    size += b - a
  }
  add(0, DELTA_PREFIX)
  let r = 0
  for (let p = text.indexOf('.'); ; p = text.indexOf('.', p + 1)) {
    // Runs before this stop first (both lists ascend).
    const stop = p < 0 ? len : p
    for (; r < runs.length && runs[r] <= stop; r += 3) add(runs[r], runs[r + 1])
    if (p < 0) break
    if ((p > 0 && isUpper(text.charCodeAt(p - 1))) || isUpper(text.charCodeAt(p + 1))) add(p, p + 1)
    if (size > len >> 2) return null
  }
  if (size > len >> 2) return null
  // The two batches, and for each region its start in the de-obfuscated text and in the undone batch.
  let before = ''
  let after = ''
  let first = ''
  const where: number[] = []
  let removed = 0
  let k = 0
  for (let i = 0; i < regions.length; i += 2) {
    const a = regions[i]
    const b = regions[i + 1]
    let j = a
    while (j > 0 && isSpace(text.charCodeAt(j - 1)) && text.charCodeAt(j - 1) !== 0x0a) j--
    const sep = j === 0 || text.charCodeAt(j - 1) === 0x0a ? '\n' : '. '
    let part = ''
    let from = a
    for (; k < runs.length && runs[k] < b; k += 3) {
      part += text.slice(from, runs[k]) + pieces[runs[k + 2]]
      from = runs[k + 1]
    }
    part += text.slice(from, b)
    where.push(a, b, a - removed, after.length + sep.length, removed + (b - a - part.length))
    removed += b - a - part.length
    before += sep + text.slice(a, b) + ' '
    after += sep + part + ' '
    if (i === 0) first = after
  }
  const deLen = len - removed
  const x = core.exports
  const m = inst.m
  let ref = core.begin(before)
  let res = x.vecScore(ref.ptr, ref.len, inst.model, 0) >>> 2
  let words = core.words
  const oldWords = words[res]
  const oldFeats = words[res + 2]
  const oldSum = words[res + 8] | 0
  ref = core.begin(after.toLowerCase())
  res = x.vecScore(ref.ptr, ref.len, inst.model, 0) >>> 2
  words = core.words
  const nWords = words[res]
  const nFlag = words[res + 5]
  const spanPtr = words[res + 1]
  const spans = core.u32(spanPtr, nWords * 2)
  let shrink = 1
  if (m.WORDS) {
    // The first region's words, by their UTF-8 byte offsets (Latin-1: two bytes past U+007F).
    let bytes = first.length
    for (let i = 0; i < first.length; i++) if (first.charCodeAt(i) > 0x7f) bytes++
    let n = 0
    while (n < nWords && spans[2 * n] < bytes) n++
    const d = distinctWords(core.bytes, ref.ptr, spans, n, m.WORDS)
    if (d < m.WORDS) return null
    shrink = d / m.WORDS
  }
  // Flagged words: the text's outside the regions, moved by the runs joined before them, and the batch's.
  const flagged: number[] = []
  const old = h0.flagged
  let q = 0
  let shift = 0
  const keep = (upTo: number) => {
    for (; q < old.length && old[q] < upTo; q += 2) flagged.push(old[q] - shift, old[q + 1] - shift)
  }
  if (nFlag > 0) core.toStringIndices(ref, spanPtr, nWords * 2)
  const list = core.u32(words[res + 6], nFlag * 2)
  let f = 0
  for (let i = 0; i < where.length; i += 5) {
    const a = where[i]
    const b = where[i + 1]
    keep(a)
    // The text's flagged words inside the region are replaced by the batch's.
    while (q < old.length && old[q] < b) q += 2
    const next = i + 5 < where.length ? where[i + 8] : Infinity
    for (; f < nFlag; f++) {
      const w = list[2 * f]
      const s = spans[2 * w]
      if (s >= next) break
      const d = where[i + 2] - where[i + 3]
      flagged.push(s + d, spans[2 * w + 1] + d)
    }
    shift = where[i + 4]
  }
  keep(Infinity)
  const nf = flagged.length >> 1
  const pairs: number[] = []
  for (let i = 0; i < nf; i++) pairs.push(i, 0)
  const sum = h0.sum - oldSum + (words[res + 8] | 0)
  const feats = h0.feats - oldFeats + words[res + 2]
  return {
    raw: m.BIAS + m.SCALE * sum * headNorm(m, feats) * shrink,
    best: null,
    trigger: nf > 0,
    windows: nf > 0 ? windowsOf(deLen, flagged, pairs, nf) : null,
    words: h0.words - oldWords + nWords,
    short: 1 - shrink,
    sum,
    feats,
    flagged
  }
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))
const round2 = (x: number) => Math.round(x * 100) / 100
const round4 = (x: number) => Math.round(x * 1e4) / 1e4

function run(ctx: Context, text: string, collect: boolean) {
  const inst = installed.get(ctx.core)
  if (!inst) throw new Error('litmus: prompt_manipulation model not installed')
  const core = ctx.core
  const segments: Segment[] = []
  // A prompt that sets the model's role or task is not read window by window (analyse): its head skips them.
  const embedded = embeddedInstruction(text)
  const first = headOf(core, inst, text, segments, collect, !embedded.prompted)
  let firstCall = true
  const head = (s: string) => {
    if (firstCall && s === text) {
      firstCall = false
      return first
    }
    return headOf(core, inst, s, null, false, false)
  }
  const a = analyse(text, head, () => segments, collect, embedded, (pieces) => headDelta(core, inst, text, first, pieces) ?? headOf(core, inst, pieces, null, false, false))
  return { inst, a, words: first.words }
}

/** The logit an instruction embedded in a document adds: D * addressed + E * command. */
function embeddedLogit(inst: Installed, a: Analysis): number {
  return (inst.m.D ?? 0) * a.embedded[0] + (inst.m.E ?? 0) * a.embedded[1]
}

/** The calibrated head: A * head logit + B * shortness + the embedded-instruction terms + C. */
function calibrated(inst: Installed, a: Analysis): number {
  return inst.m.A * a.z + (inst.m.B ?? 0) * a.short + embeddedLogit(inst, a) + inst.m.C
}

function overallLogit(inst: Installed, a: Analysis, severity: number): number {
  return calibrated(inst, a) + a.offset + SEVERITY_SHIFT * (severity - DEFAULT_SEVERITY)
}

/** Evidence by type, with the embedded-instruction logit counted as `indirect` evidence. */
function withEmbedded(inst: Installed, a: Analysis): Record<string, number> {
  const e = embeddedLogit(inst, a)
  return e > 0 ? { ...a.types, indirect: a.types.indirect + e } : a.types
}

const BASE = TYPES.map((t) => TYPE_BASE[t as keyof typeof TYPE_BASE])
const SLOPE = TYPES.map((t) => TYPE_SLOPE[t as keyof typeof TYPE_SLOPE])
const HEAD = TYPES.map((t) => TYPE_HEAD[t as keyof typeof TYPE_HEAD])

function typeScores(types: Record<string, number>, calibratedHead: number, severity: number) {
  const head = Math.max(0, calibratedHead)
  const shift = SEVERITY_SHIFT * (severity - DEFAULT_SEVERITY)
  return TYPES.map((label, i) => ({ label, score: round2(100 * sigmoid(BASE[i] + SLOPE[i] * types[label] + HEAD[i] * head + shift)) }))
}

const ZERO = TYPES.map((label) => ({ label, score: 0 }))

function scoreText(ctx: Context, text: string, severity: number) {
  const { inst, a, words } = run(ctx, text, false)
  // A text without a word (empty, spaces, emoji) and without an encoded segment asks nothing.
  if (words === 0 && a.segments.length === 0) return { score: 0, scores: ZERO.map((s) => ({ ...s })) }
  const zc = calibrated(inst, a) - embeddedLogit(inst, a)
  return { score: round2(100 * sigmoid(overallLogit(inst, a, severity))), scores: typeScores(withEmbedded(inst, a), zc, severity) }
}

const score: Scorer<'prompt_manipulation'> = (request, ctx) => scoreText(ctx, request.text, request.severity ?? DEFAULT_SEVERITY)

/**
 * v3 Prompt Injection: the query is the prompt under test and is scored as prompt_manipulation. The
 * context nodes and the response are not scored: they are the application's own material, and an
 * injection inside a retrieved document is a v4 `indirect` finding when that document is sent as text.
 */
const v3Score: Scorer<'v3.prompt_injection'> = (request, ctx) => scoreText(ctx, request.query, DEFAULT_SEVERITY)

/** Evidence with where it was found (the text, the de-obfuscated text, a decoded segment) and its attack type. */
export type ManipulationEvidence = Evidence & { where: string; type?: string }

/** Smallest contribution (logit units) an n-gram group needs to be listed. */
const MIN_WEIGHT = 0.05

/**
 * `explain('prompt_manipulation', request)`: the score with the evidence behind it: the words whose
 * n-grams raised or lowered the learned score (weight = their share of the calibrated logit), the
 * patterns that fired (by type, with spans in the text, or in the de-obfuscated or decoded text where
 * they were found: `where` says which), the obfuscations undone and the decoded segments.
 */
function explain(ctx: Context): (request: { text: string; severity?: number }) => Explanation & { evidence: ManipulationEvidence[] } {
  return (request) => {
    const severity = request.severity ?? DEFAULT_SEVERITY
    const text = request.text
    const { inst, a, words } = run(ctx, text, true)
    const core = ctx.core
    const x = core.exports
    const evidence: ManipulationEvidence[] = []
    // The n-grams of the text the head scored: the original, its sentence window that scored highest,
    // or the de-obfuscated text when that won. Spans are given in the original (or de-obfuscated) text.
    const at = a.window ? a.window[0] : 0
    const scored = a.window ? text.slice(a.window[0], a.window[1]) : (a.normalised ?? text)
    if (a.window) {
      const whole = headOf(core, inst, text, null, false, false).raw
      evidence.push({ label: 'sentence window read as the most manipulative', span: [a.window[0], a.window[1]], string: scored.slice(0, 200), weight: round4(inst.m.A * (a.z - whole)), where: 'text' })
    }
    const ref = core.begin(scored)
    const r = x.vecScore(ref.ptr, ref.len, inst.model, WANT_FEATURES | WANT_SPANS)
    const mem = core.u32(r, 9)
    const nWords = mem[0]
    const nFeat = mem[2]
    if (nWords > 0) {
      core.toStringIndices(ref, mem[1], nWords * 2)
      const spans = core.u32(mem[1], nWords * 2).slice()
      const feats = core.u32(mem[3], nFeat)
      const fw = core.u32(mem[4], nFeat)
      const shrink = inst.m.WORDS ? distinctWords(core.bytes, ref.ptr, core.u32(mem[1], nWords * 2), nWords, inst.m.WORDS) / inst.m.WORDS : 1
      const unit = inst.m.A * inst.m.SCALE * headNorm(inst.m, nFeat) * shrink
      const byWord = new Float64Array(nWords)
      const byPair = new Float64Array(nWords)
      for (let i = 0; i < nFeat; i++) {
        const w = fw[i] & 0x0fffffff
        const c = inst.weights[feats[i]] * unit
        if (fw[i] >>> 28 === 2) byPair[w] += c
        else byWord[w] += c
      }
      const where = a.normalised && !a.window ? 'de-obfuscated text' : 'text'
      for (let w = 0; w < nWords; w++) {
        const s = spans[2 * w]
        const e = spans[2 * w + 1]
        if (Math.abs(byWord[w]) >= MIN_WEIGHT) evidence.push({ label: 'n-grams of a word', span: [at + s, at + e], string: scored.slice(s, e), weight: round4(byWord[w]), where })
        if (w > 0 && Math.abs(byPair[w]) >= MIN_WEIGHT) {
          const ps = spans[2 * w - 2]
          evidence.push({ label: 'word pair', span: [at + ps, at + e], string: scored.slice(ps, e), weight: round4(byPair[w]), where })
        }
      }
    }
    for (const ev of a.evidence ?? []) {
      evidence.push({ ...ev, weight: round4(ev.weight) })
    }
    evidence.sort((p, q) => Math.abs(q.weight) - Math.abs(p.weight) || (p.span?.[0] ?? 0) - (q.span?.[0] ?? 0))
    const empty = words === 0 && a.segments.length === 0
    const zc = calibrated(inst, a) - embeddedLogit(inst, a)
    if (a.short > 0 && inst.m.B) evidence.push({ label: 'short text (few distinct words)', weight: round4(inst.m.B * a.short), where: 'text' })
    const emb = embeddedLogit(inst, a)
    if (emb !== 0 && a.embeddedSpan) {
      const [s, e] = a.embeddedSpan
      evidence.push({ label: 'instruction embedded in a document', type: 'indirect', span: [s, e], string: text.slice(s, e).slice(0, 200), weight: round4(emb), where: 'text' })
    }
    evidence.sort((p, q) => Math.abs(q.weight) - Math.abs(p.weight) || (p.span?.[0] ?? 0) - (q.span?.[0] ?? 0))
    return {
      operation: 'prompt_manipulation',
      score: empty ? 0 : round2(100 * sigmoid(overallLogit(inst, a, severity))),
      scores: empty ? ZERO.map((s) => ({ ...s })) : typeScores(withEmbedded(inst, a), zc, severity),
      decoded: a.segments.map((s) => ({ label: s.label, span: s.span, text: s.text })),
      deobfuscated: a.normalised,
      evidence
    }
  }
}

export const promptManipulation = defineMetric({
  name: 'prompt_manipulation',
  score,
  v3: { name: 'v3.prompt_injection', score: v3Score, explainAs: (r) => ({ text: r.query }) },
  models: [manipulationModel],
  explain
})
