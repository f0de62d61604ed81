// Sensitivity: how present each topic a caller names is in a text, zero-shot. Each topic becomes a table
// over the word-vector vocabulary (its words, their stems, and their nearest neighbours, built in the
// core: assembly/judge/sensitivity.ts), kept in a slot and reused; a text is then one pass of table
// lookups, and a logistic map of the strongest matches gives the score. See docs/metrics/sensitivity.md.
import type { Core } from '../../core/wasm.js'
import { invalidArgument } from '../../errors.js'
import { MAX_TOPIC_CHARS, MAX_TOPICS } from '../../schema/limits.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, defineModel, type Evidence, type Explanation } from '../shared/metric.js'
import { vectorsModel } from '../shared/vectors.js'

/** Topic tables kept per instance (about 21 KB each); the least recent request's topics make way. */
export const TOPIC_SLOTS = 128

/** The model file's shape (src/models/sensitivity.generated.ts). */
export interface SensitivityModel {
  NEIGHBOURS: number
  STOP_RANK: number
  PART: number
  NEIGHBOUR_FACTOR: number
  THRESHOLD: number
  WEIGHTS: number[]
  BIAS: number
}

interface State {
  m: SensitivityModel
  /** Topic as given -> [slot, content words]. */
  cache: Map<string, [number, number]>
  next: number
}

const states = new WeakMap<Core, State>()

/** The logistic map's settings; the topic slots, reserved in core memory for the instance. */
export const sensitivityModel = defineModel('sensitivity', () => import('../../models/sensitivity.generated.js'), (ctx, m: SensitivityModel) => {
  ctx.core.exports.sensitivityReserve(TOPIC_SLOTS, m.NEIGHBOURS, m.STOP_RANK, m.PART, m.NEIGHBOUR_FACTOR, m.THRESHOLD)
  states.set(ctx.core, { m, cache: new Map(), next: 0 })
})

function stateOf(ctx: Context): State {
  const s = states.get(ctx.core)
  if (!s) throw new Error('litmus: sensitivity model not installed')
  return s
}

function checkTopics(requestType: string, topics: string[]): void {
  const bad = (expected: string, received: unknown) =>
    invalidArgument(requestType, 'topics', expected, 'topics to look for: words or short phrases', received)
  if (topics.length === 0 || topics.length > MAX_TOPICS) throw bad(`array of 1 to ${MAX_TOPICS} topics`, topics)
  for (const t of topics) {
    if (t.length > MAX_TOPIC_CHARS) throw bad(`topics of at most ${MAX_TOPIC_CHARS} characters`, t)
  }
}

/**
 * Slots of the request's topics, building the tables of topics not seen before. When the slots run out,
 * every table is dropped and rebuilt as needed (a request's own topics always fit: MAX_TOPICS < slots).
 */
function slotsOf(ctx: Context, requestType: string, topics: string[]): number[] {
  const s = stateOf(ctx)
  const missing = topics.filter((t) => !s.cache.has(t))
  if (missing.length > 0 && s.next + new Set(missing).size > TOPIC_SLOTS) {
    s.cache.clear()
    s.next = 0
  }
  const core = ctx.core
  return topics.map((t) => {
    let hit = s.cache.get(t)
    if (!hit) {
      const ref = core.begin(t)
      const slot = s.next
      const words = core.exports.sensitivityTopic(ref.ptr, ref.len, slot)
      if (words === 0) {
        // The slot's table is all zero: it may be reused by the next topic.
        throw invalidArgument(
          requestType,
          'topics',
          "topics with at least one content word (not only words such as 'the', 'of', 'us', 'it')",
          'topics to look for: words or short phrases',
          t
        )
      }
      s.next++
      hit = [slot, words]
      s.cache.set(t, hit)
    }
    return hit[0]
  })
}

const round2 = (x: number) => Math.round(x * 100) / 100

/** Score of one topic from its statistics (core order: max, top-3 mean, share, stem matches, above, words). */
function topicScore(m: SensitivityModel, s: Float32Array, at: number): number {
  if (s[at + 5] === 0) return 0
  const w = m.WEIGHTS
  const z =
    m.BIAS +
    w[0] * s[at] +
    w[1] * s[at + 1] +
    w[2] * Math.sqrt(s[at + 2]) +
    w[3] * Math.log1p(s[at + 3]) +
    w[4] * Math.log1p(s[at + 4])
  return round2(100 / (1 + Math.exp(-z)))
}

const EMPTY_U32 = new Uint32Array(0)
const EMPTY_F32 = new Float32Array(0)
let u32View = EMPTY_U32
let f32View = EMPTY_F32

/** Views of core memory, re-made only when memory has grown (a view per call costs more than the scoring of a short text). */
function views(core: Core): [Uint32Array, Float32Array] {
  const buffer = core.exports.memory.buffer
  if (u32View.buffer !== buffer) {
    u32View = new Uint32Array(buffer)
    f32View = new Float32Array(buffer)
  }
  return [u32View, f32View]
}

function scoreText(ctx: Context, requestType: string, text: string, topics: string[]): { label: string; score: number }[] {
  checkTopics(requestType, topics)
  const s = stateOf(ctx)
  const n = topics.length
  // Slots of known topics without building a list; any new topic takes the slow path.
  let known = true
  for (let t = 0; t < n && known; t++) known = s.cache.has(topics[t])
  const slots = known ? null : slotsOf(ctx, requestType, topics)
  const core = ctx.core
  const ref = core.begin(text)
  const at = core.exports.alloc(n * 4)
  const [u32] = views(core)
  for (let t = 0; t < n; t++) u32[(at >> 2) + t] = slots ? slots[t] : s.cache.get(topics[t])![0]
  const res = core.exports.sensitivityScore(ref.ptr, ref.len, at, n)
  const [, f32] = views(core)
  const out = new Array<{ label: string; score: number }>(n)
  for (let t = 0; t < n; t++) out[t] = { label: topics[t], score: topicScore(s.m, f32, (res >> 2) + t * 6) }
  return out
}

const score: Scorer<'sensitivity'> = (request, ctx) => ({ scores: scoreText(ctx, 'SensitivityRequest', request.text, request.topics) })

/** v3: the response is scored (the query only says what was asked). */
const v3Score: Scorer<'v3.sensitivity'> = (request, ctx) => ({
  scores: scoreText(ctx, 'V3SensitivityRequest', request.response, request.topics)
})

/** Closeness below which a word is not listed by `explain`. */
const EXPLAIN_MIN = 0.4
/** Most words listed per topic. */
const EXPLAIN_WORDS = 20

/**
 * `explain('sensitivity', request)`: per topic (label `topic: <topic>`), the words of the text that
 * matched it, closest first, with their spans (string indices) and closeness as weight (cosine to the
 * nearest of the topic's vectors, 1 for a word sharing the topic word's stem; `stem` in the label).
 * `scores` holds the per-topic scores; `score` is the highest of them.
 */
function explain(ctx: Context): (request: { text: string; topics: string[] }) => Explanation {
  return (request) => {
    const scores = scoreText(ctx, 'SensitivityRequest', request.text, request.topics)
    const slots = slotsOf(ctx, 'SensitivityRequest', request.topics)
    const core = ctx.core
    const evidence: Evidence[] = []
    request.topics.forEach((topic, t) => {
      const ref = core.begin(request.text)
      const r = core.exports.sensitivityMatches(ref.ptr, ref.len, slots[t])
      const [count, spansPtr, closePtr] = core.u32(r, 3)
      core.toStringIndices(ref, spansPtr, count * 2)
      const spans = core.u32(spansPtr, count * 2)
      const close = core.f32(closePtr, count)
      const words: Evidence[] = []
      for (let i = 0; i < count; i++) {
        const stem = close[i] > 1
        const c = stem ? 1 : close[i]
        if (c < EXPLAIN_MIN) continue
        const span: [number, number] = [spans[2 * i], spans[2 * i + 1]]
        words.push({ label: `topic: ${topic}${stem ? ' (stem)' : ''}`, span, string: request.text.slice(span[0], span[1]), weight: Math.round(c * 1000) / 1000 })
      }
      words.sort((a, b) => b.weight - a.weight || a.span![0] - b.span![0])
      evidence.push(...words.slice(0, EXPLAIN_WORDS))
    })
    return { operation: 'sensitivity', score: Math.max(...scores.map((s) => s.score)), scores, evidence }
  }
}

export const sensitivity = defineMetric({
  name: 'sensitivity',
  score,
  v3: { name: 'v3.sensitivity', score: v3Score, explainAs: (r) => ({ text: r.response, topics: r.topics }) },
  models: [vectorsModel, sensitivityModel],
  explain
})
