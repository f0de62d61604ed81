// Stability: how alike in meaning several responses are. The core embeds each response once (word
// vectors with SIF weights plus hashed character trigrams, assembly/vec/vectors.ts) and scores every
// pair in one SIMD pass (assembly/judge/stability.ts); see docs/metrics/stability.md.
import { invalidArgument } from '../../errors.js'
import type { RequestOf } from '../../schema/types.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, type Evidence, type Explanation } from '../shared/metric.js'
import { vectorsModel } from '../shared/vectors.js'

/** Most responses one call compares (the pair matrix grows with the square). */
export const MAX_RESPONSES = 1000

const exportsOf = (ctx: Context) => ctx.core.exports


function checkCount(responses: string[]): void {
  if (responses.length > MAX_RESPONSES) {
    throw invalidArgument(
      'StabilityRequest',
      'responses',
      `array of string (2 to ${MAX_RESPONSES})`,
      `responses to paraphrased prompts; at most ${MAX_RESPONSES} per call`,
      responses
    )
  }
}

interface Scored {
  n: number
  min: number
  avg: number
  /** n x n pair scores, 0..100, copied out of core memory. */
  matrix: Float32Array
}

function score(ctx: Context, responses: string[]): Scored {
  checkCount(responses)
  const core = ctx.core
  const n = responses.length
  core.exports.reset()
  const refs = responses.map((r) => core.write(r))
  const table = core.exports.alloc(n * 8)
  const view = core.u32(table, n * 2)
  refs.forEach((r, i) => {
    view[2 * i] = r.ptr
    view[2 * i + 1] = r.len
  })
  const res = exportsOf(ctx).stability(table, n)
  const [min, avg] = core.f64(res, 2)
  const matrixPtr = core.u32(res + 16, 1)[0]
  const matrix = core.f32(matrixPtr, n * n).slice()
  return { n, min, avg, matrix }
}

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)))

const scoreStability: Scorer<'stability'> = (request, ctx) => {
  const { min, avg } = score(ctx, request.responses)
  return { min: clamp100(min), avg: clamp100(avg) }
}

/** How many of the least similar pair's worst-matched words each side lists. */
const WORST_WORDS = 5

interface Word {
  span: [number, number]
  string: string
  /** Offset of its unit vector in the side's `vectors` (all zeros for a word with no vector). */
  at: number
  weight: number
}

/** A response's words and their vectors, one flat array (a view per word would cost more than the words). */
interface Side {
  words: Word[]
  vectors: Float32Array
  dims: number
}

/** Words of a text with their unit word vectors, spans in string indices. */
function wordsOf(ctx: Context, text: string): Side {
  const core = ctx.core
  const x = exportsOf(ctx)
  const dims = x.vectorsDims()
  const ref = core.begin(text)
  const [count, spansPtr, vecPtr, wPtr] = core.embedWords(ref.ptr, ref.len)
  core.toStringIndices(ref, spansPtr, count * 2)
  const spans = core.u32(spansPtr, count * 2).slice()
  const vectors = core.f32(vecPtr, count * dims).slice()
  const weights = core.f32(wPtr, count).slice()
  const words: Word[] = []
  for (let i = 0; i < count; i++) {
    const span: [number, number] = [spans[2 * i], spans[2 * i + 1]]
    words.push({ span, string: text.slice(span[0], span[1]), at: i * dims, weight: weights[i] })
  }
  return { words, vectors, dims }
}

/**
 * Word pairs compared per side of an explanation. Comparing every word with every other is quadratic
 * (two responses of 28k distinct words took 28 s); above this (about 20 ms of work), each word of one
 * side is compared with the other side's most informative words only (highest SIF weight), as many as
 * fit the budget.
 */
const PAIR_BUDGET = 250_000

/** Each word of `a` with its best cosine to a word of `b` (1 for the same word, found by lookup). */
function bestMatches(a: Side, b: Side): { word: Word; best: number }[] {
  const { dims } = a
  const same = new Set(b.words.map((o) => o.string.toLowerCase()))
  // Each distinct word of b once; a word with no vector (all zeros) can only match by its spelling.
  const hasVector = (o: Word) => {
    for (let k = o.at; k < o.at + dims; k++) if (b.vectors[k] !== 0) return true
    return false
  }
  const distinct = new Map<string, Word>()
  for (const o of b.words) if (!distinct.has(o.string.toLowerCase()) && hasVector(o)) distinct.set(o.string.toLowerCase(), o)
  let others = [...distinct.values()]
  const keep = Math.max(1, Math.floor(PAIR_BUDGET / Math.max(1, a.words.length)))
  if (others.length > keep) others = others.sort((x, y) => y.weight - x.weight || x.span[0] - y.span[0]).slice(0, keep)
  return a.words.map((w) => {
    if (same.has(w.string.toLowerCase())) return { word: w, best: 1 }
    let best = 0
    for (const o of others) {
      let d = 0
      for (let k = 0; k < dims; k++) d += a.vectors[w.at + k] * b.vectors[o.at + k]
      if (d > best) best = d
    }
    return { word: w, best }
  })
}

/**
 * `explain('stability', request)`: the pairs (i, j) with their similarity, lowest first (weight =
 * similarity - 100, so the least similar pair weighs most), then, for the least similar pair, the
 * words of each side that matched the other side worst (weight = best word cosine - 1, scaled by the
 * word's SIF weight, so frequent words weigh little). Word spans are string indices into the
 * response named in the label.
 */
function explain(ctx: Context): (request: RequestOf<'stability'>) => Explanation {
  return (request) => {
    const { n, min, matrix } = score(ctx, request.responses)
    const pairs: Evidence[] = []
    let lo: [number, number] = [0, 1]
    let loScore = Infinity
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const s = matrix[i * n + j]
        pairs.push({ label: `pair ${i},${j}`, weight: Math.round(s) - 100 })
        if (s < loScore) {
          loScore = s
          lo = [i, j]
        }
      }
    }
    pairs.sort((a, b) => a.weight - b.weight)
    const evidence = pairs.slice(0, 1000)
    const [i, j] = lo
    const wi = wordsOf(ctx, request.responses[i])
    const wj = wordsOf(ctx, request.responses[j])
    const side = (own: Side, other: Side, index: number): Evidence[] =>
      bestMatches(own, other)
        .map(({ word, best }) => ({ word, w: (best - 1) * word.weight }))
        .filter((m) => m.w < 0)
        .sort((a, b) => a.w - b.w || a.word.span[0] - b.word.span[0])
        .slice(0, WORST_WORDS)
        .map(({ word, w }) => ({ label: `response ${index} word`, span: word.span, string: word.string, weight: Number(w.toFixed(4)) }))
    evidence.push(...side(wi, wj, i), ...side(wj, wi, j))
    return { operation: 'stability', score: clamp100(min), evidence }
  }
}

/** v3 Stability: the same request shape; the v4 scorer as it is. */
const v3Score: Scorer<'v3.stability'> = (request, ctx) => scoreStability(request, ctx)

export const stability = defineMetric({
  name: 'stability',
  score: scoreStability,
  v3: { name: 'v3.stability', score: v3Score },
  models: [vectorsModel],
  explain
})
