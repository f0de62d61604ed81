// Simplicity: ease of the words a text uses (familiar, frequent, short), not of its sentences (that is
// Clarity). The core sums word features over the lexicon of src/models/simplicity.generated.ts; a
// pairwise-trained linear model weighs them. Method, data and accuracy: docs/metrics/simplicity.md.
import type { Core } from '../../core/wasm.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, defineModel, type Explanation } from '../shared/metric.js'
import { syllablesModel } from './syllables.js'
import { pairs } from '../shared/tokens.js'
import { sentenceLength } from './sentence-length.js'

type Chunk = typeof import('../../models/simplicity.generated.js')

let weights: Chunk
/** Each core's handle of the simplicity lexicon. */
const lexicons = new WeakMap<Core, number>()

export const simplicityModel = defineModel(
  'simplicity',
  () => import('../../models/simplicity.generated.js'),
  (ctx, chunk) => {
    weights = chunk
    const ref = ctx.core.begin(chunk.LEXICON)
    lexicons.set(ctx.core, ctx.core.exports.lexiconBuild(ref.ptr, ref.len))
  }
)

/** Index of F_WORDS in the core's feature block. */
const WORDS = 10
/** Index of F_WORDS_PER_SENTENCE: the core gives the plain ratio, the model reads sentenceLength of it. */
const SENTENCE = 9

function features(ctx: Context, text: string, perWord: boolean) {
  const { core } = ctx
  const ref = core.begin(text)
  const f = core.f64(core.exports.simplicityScan(ref.ptr, ref.len, lexicons.get(core)!, perWord ? 1 : 0), F_SPANS + 1)
  const count = f[F_SPANS]
  const floor = weights.SENTENCE_FLOOR
  // Read before explain turns the spans into string indices; the spans are only read above the floor.
  const sentence = f[SENTENCE] > floor ? sentenceLength(core.bytes, ref.ptr, core.u32(core.exports.simplicitySpans(), count * 2), count, f[SENTENCE], floor) : Math.log(1 + floor)
  return { ref, f, sentence, words: f[WORDS] }
}

/** Feature j of a scan: the core's value, or the capped sentence length. */
const featureOf = (f: Float64Array, sentence: number, j: number) => (j === SENTENCE ? sentence : f[j])

/**
 * Difficulty: the weighted sum of standardised features. The score maps it through a logistic anchored on
 * the training articles: 75 for the median elementary text, 50 intermediate, 25 advanced.
 */
function difficulty(f: Float64Array, sentence: number): number {
  const { FEATURE_MEAN, FEATURE_SCALE, WEIGHTS } = weights
  let s = 0
  for (let j = 0; j < WEIGHTS.length; j++) s += (WEIGHTS[j] * (featureOf(f, sentence, j) - FEATURE_MEAN[j])) / FEATURE_SCALE[j]
  return s
}

const toScore = (d: number) => 100 / (1 + Math.exp(-(weights.CALIBRATION[0] * d + weights.CALIBRATION[1])))

/**
 * Simplicity of a text with no word of letters: no word in it is hard (the rule for every text field,
 * docs/api.md "Text with no words": any string is accepted, and nothing found scores as such).
 */
const NO_WORDS = 100

const score: Scorer<'simplicity'> = (request, ctx) => {
  const { f, sentence, words } = features(ctx, request.text, false)
  return { score: words === 0 ? NO_WORDS : toScore(difficulty(f, sentence)) }
}

/** Must match F_WORDS, F_SPANS and MAX_DIFFICULTY in assembly/judge/simplicity.ts. */
const F_SPANS = 11
const MAX_DIFFICULTY = 39
/** Words shown by `explain`: the hardest first. */
const EXPLAIN_WORDS = 20

/**
 * The features with their signed parts of the score (positive: simpler than the average training text),
 * and the hardest words with their spans; a word's weight is minus its difficulty (rank bucket, plus 8
 * when it is on no familiar-word list) over the largest difficulty.
 */
const explain = (ctx: Context) => (request: { text: string }): Explanation => {
  const { core } = ctx
  const { ref, f, sentence, words: n } = features(ctx, request.text, true)
  if (n === 0) return { operation: 'simplicity', score: NO_WORDS, features: [], evidence: [] }
  const { FEATURES, FEATURE_MEAN, FEATURE_SCALE, WEIGHTS } = weights
  const parts = FEATURES.map((label, j) => {
    const value = featureOf(f, sentence, j)
    return { label, value, weight: -(WEIGHTS[j] * (value - FEATURE_MEAN[j])) / FEATURE_SCALE[j] }
  })
  const count = f[F_SPANS]
  const difficulties = core.bytes.slice(core.exports.simplicityWords(), core.exports.simplicityWords() + count)
  const spansPtr = core.exports.simplicitySpans()
  core.toStringIndices(ref, spansPtr, count * 2)
  const words = pairs(core.u32(spansPtr, count * 2))
    .map((span, i) => ({ span, d: difficulties[i] }))
    .filter((w) => w.d > 0)
    .sort((a, b) => b.d - a.d || a.span[0] - b.span[0])
    .slice(0, EXPLAIN_WORDS)
  return {
    operation: 'simplicity',
    score: toScore(difficulty(f, sentence)),
    features: parts,
    evidence: words.map(({ span, d }) => ({ label: 'word', span, string: request.text.slice(span[0], span[1]), weight: -d / MAX_DIFFICULTY }))
  }
}

/** v3 Simplicity: the simplicity of the response's words. */
const v3Score: Scorer<'v3.simplicity'> = (request, ctx) => score({ text: request.response }, ctx)

export const simplicity = defineMetric({
  name: 'simplicity',
  score,
  v3: { name: 'v3.simplicity', score: v3Score, explainAs: (r) => ({ text: r.response }) },
  models: [simplicityModel, syllablesModel],
  explain
})

