// Formality: a hashed n-gram head (assembly/vec/features.ts) trained to tell registers apart, combined by
// a logistic model with the hand-made features of formality-features.ts (contractions, slang, person,
// punctuation and capitalisation habits, formal connectives, word and sentence length).
// Method, data, accuracy: docs/metrics/formality.md.
import { type Core } from '../../core/wasm.js'
import type { Context, Scorer } from '../shared/context.js'
import { distinctWords } from '../shared/distinct-words.js'
import { FEATURES, FLAGS, SIZE_CAP, formalityFeatures, straightQuotes } from './formality-features.js'
import { defineMetric, defineModel, type Explanation } from '../shared/metric.js'
import { headNorm, installHead } from '../shared/ngram-head.js'

/** The model file's shape (src/models/formality.generated.ts). */
export interface FormalityModel {
  KINDS: number
  BITS: number
  CMIN: number
  CMAX: number
  /** 1: the head sum is divided by the feature count; absent or 0: by its square root (older files). */
  NORM?: number
  BIAS: number
  SCALE: number
  W: number[]
  B: number
  WEIGHTS: string
  LEXICON: string
}

const WANT_FEATURES = 1
const WANT_SPANS = 2

/** The score of a text without a word: no evidence either way. */
export const NO_WORDS = 50

interface Installed {
  model: number
  m: FormalityModel
  weights: Int8Array
}

const installed = new WeakMap<Core, Installed>()

export const formalityModel = defineModel('formality', () => import('../../models/formality.generated.js'), (ctx, m: FormalityModel) => {
  installed.set(ctx.core, { m, ...installHead(ctx, m, { cmin: m.CMIN, cmax: m.CMAX, lexicon: m.LEXICON }) })
})

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))
const round2 = (x: number) => Math.round(x * 100) / 100
const round4 = (x: number) => Math.round(x * 1e4) / 1e4

interface Run {
  nWords: number
  nFeat: number
  /** The feature vector (FEATURES order), or null for a text without a word. */
  x: number[] | null
  z: number
  spanPtr: number
  featPtr: number
  featWordPtr: number
  flagged: Uint32Array
  nFlag: number
}

function run(ctx: Context, original: string, want: number): Run {
  const text = straightQuotes(original)
  const inst = installed.get(ctx.core)
  if (!inst) throw new Error('litmus: formality model not installed')
  const core = ctx.core
  const ref = core.begin(text)
  const r = core.exports.vecScore(ref.ptr, ref.len, inst.model, want)
  const u = core.words
  const at = r >> 2
  const nWords = u[at]
  const nFeat = u[at + 2]
  const nFlag = u[at + 5]
  const flagAt = u[at + 6] >> 2
  const flagged = u.subarray(flagAt, flagAt + nFlag * 2)
  const sum = u[at + 8] | 0
  const m = inst.m
  const out = { nWords, nFeat, x: null as number[] | null, z: 0, spanPtr: u[at + 1], featPtr: u[at + 3], featWordPtr: u[at + 4], flagged, nFlag }
  if (nWords === 0) return out
  const logit = m.BIAS + m.SCALE * sum * headNorm(m, nFeat)
  // Size by distinct words (read before the spans become string indices): repetition adds none.
  const spanAt = out.spanPtr >> 2
  const distinct = distinctWords(core.bytes, ref.ptr, u.subarray(spanAt, spanAt + nWords * 2), nWords, SIZE_CAP)
  const x = formalityFeatures(text, nWords, distinct, logit, flagged, nFlag)
  let z = m.B
  for (let j = 0; j < x.length; j++) z += m.W[j] * x[j]
  if (want & WANT_SPANS) core.toStringIndices(ref, out.spanPtr, nWords * 2)
  out.x = x
  out.z = z
  return out
}

const score: Scorer<'formality'> = (request, ctx) => {
  const r = run(ctx, request.text, 0)
  return { score: r.x ? round2(100 * sigmoid(r.z)) : NO_WORDS }
}

/** v3: the formality of the response. */
const v3Score: Scorer<'v3.formality'> = (request, ctx) => score({ text: request.response }, ctx)

const FLAG_LABEL: [number, string, string][] = [
  [FLAGS.CONTRACTION, 'contractions', 'contraction'],
  [FLAGS.SLANG, 'slang', 'slang or chat word'],
  [FLAGS.FIRST, 'firstPerson', 'first person'],
  [FLAGS.SECOND, 'secondPerson', 'second person'],
  [FLAGS.FORMAL, 'formalWords', 'formal connective or title']
]

/** Smallest contribution (logit units) a piece of evidence needs to be listed. */
const MIN_WEIGHT = 0.05

/**
 * `explain('formality', request)`: the score, the features (value and contribution in logit units), and
 * evidence with spans: the words whose n-grams raised or lowered the head, and the flagged words
 * (contractions, slang, person, formal connectives); text-wide habits (punctuation, capitals, length)
 * are listed without a span.
 */
function explain(ctx: Context): (request: { text: string }) => Explanation {
  return (request) => {
    const inst = installed.get(ctx.core)!
    const m = inst.m
    const r = run(ctx, request.text, WANT_FEATURES | WANT_SPANS)
    const text = request.text
    if (!r.x) return { operation: 'formality', score: NO_WORDS, features: {}, evidence: [] }
    const evidence: Explanation['evidence'] = []
    const spans = ctx.core.u32(r.spanPtr, r.nWords * 2)
    const span = (w: number): [number, number] => [spans[2 * w], spans[2 * w + 1]]
    // The head's share, word by word (bigrams go to the pair they span).
    const unit = m.W[0] * m.SCALE * headNorm(m, r.nFeat)
    const byWord = new Float64Array(r.nWords)
    const feats = ctx.core.u32(r.featPtr, r.nFeat)
    const owner = ctx.core.u32(r.featWordPtr, r.nFeat)
    for (let i = 0; i < r.nFeat; i++) byWord[owner[i] & 0x0fffffff] += inst.weights[feats[i]] * unit
    for (let w = 0; w < r.nWords; w++) {
      if (Math.abs(byWord[w]) >= MIN_WEIGHT) {
        const [s, e] = span(w)
        evidence.push({ label: 'n-grams of a word', span: [s, e], string: text.slice(s, e), weight: round4(byWord[w]) })
      }
    }
    for (let i = 0; i < r.nFlag; i++) {
      const w = r.flagged[2 * i]
      const f = r.flagged[2 * i + 1]
      for (const [bit, name, label] of FLAG_LABEL) {
        if (!(f & bit)) continue
        const [s, e] = span(w)
        evidence.push({ label, span: [s, e], string: text.slice(s, e), weight: round4(m.W[FEATURES.indexOf(name)] / r.nWords) })
      }
    }
    const features: Record<string, { value: number; contribution: number }> = {}
    FEATURES.forEach((name, j) => {
      features[name] = { value: round4(r.x![j]), contribution: round4(m.W[j] * r.x![j]) }
    })
    // Text-wide features, without a span (the presence of a flagged kind of word is one of them: the words
    // themselves are listed above with their share's weight).
    const textWide = ['words', 'wordLength', 'exclamations', 'questions', 'repeatedPunctuation', 'lowerStart', 'lowerI', 'capitals', 'emoji', 'noFinalStop', 'anyContraction', 'anySlang', 'anyFirstPerson', 'anySecondPerson', 'anyFormalWord']
    for (const name of textWide) {
      const c = features[name].contribution
      if (Math.abs(c) >= MIN_WEIGHT && r.x[FEATURES.indexOf(name)] !== 0) evidence.push({ label: name, weight: c })
    }
    evidence.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.span?.[0] ?? 0) - (b.span?.[0] ?? 0))
    return { operation: 'formality', score: round2(100 * sigmoid(r.z)), features, evidence }
  }
}

export const formality = defineMetric({ name: 'formality', score, v3: { name: 'v3.formality', score: v3Score, explainAs: (r) => ({ text: r.response }) }, models: [formalityModel], explain })
