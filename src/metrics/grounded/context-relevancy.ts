// Context relevancy: how well the context covers what the query asks about. The query's key aspects
// (its noun phrases / entities: runs of consecutive content words, and the answer type its question word
// asks for) are each aligned with the context's sentences by the shared grounding (grounding/align.ts):
// an aspect scores its best sentence's coverage. See docs/metrics/context-relevancy.md.
import type { Context, Scorer } from '../shared/context.js'
import { ground, type TermKind, type Terms } from './grounding/align.js'
import { defineMetric } from '../shared/metric.js'
import { vectorsModel } from '../shared/vectors.js'

export const DEFAULT_SEVERITY = 0.5
/** Distinct phrase aspects kept per query (the first ones; a repeated phrase counts once). */
export const MAX_ASPECTS = 32

/** Answer types by question word: the kind of term a sentence must hold to answer. */
const ANSWER_TYPES: [RegExp, string, TermKind[]][] = [
  [/\bhow\s+(?:many|much|long|old|far|big|tall|often)\b/i, 'number', ['number']],
  [/\bwhen\b|\bwhat\s+(?:year|date|day|month|time)\b/i, 'date', ['date', 'number']],
  [/\bwho(?:m|se)?\b/i, 'person', ['name']],
  [/\bwhere\b/i, 'place', ['name']]
]

interface Aspect {
  label: string
  terms: Terms
  /** Kinds of term that answer the question (answer-type aspect only). */
  answer?: TermKind[]
}

/**
 * Runs of consecutive content terms of the query (nothing but spaces or hyphens between them; a negation
 * cue between two terms is a word, so it ends a run too).
 */
function aspectsOf(query: string, terms: Terms): Aspect[] {
  const out: Aspect[] = []
  let from = 0
  const seen = new Set<string>()
  const flush = (to: number) => {
    if (to > from && out.length < MAX_ASPECTS) {
      let key = terms.key(from)
      for (let j = from + 1; j < to; j++) key += ' ' + terms.key(j)
      if (!seen.has(key)) {
        seen.add(key)
        out.push({ label: query.slice(terms.start(from), terms.end(to - 1)), terms: terms.slice(from, to) })
      }
    }
    from = to
  }
  for (let j = 1; j < terms.length; j++) {
    if (!/^[\s\-–]*$/.test(query.slice(terms.end(j - 1), terms.start(j)))) flush(j)
  }
  flush(terms.length)
  for (const [re, label, kinds] of ANSWER_TYPES) {
    if (re.test(query)) {
      out.push({ label: `answer type: ${label}`, terms: terms.slice(0, 0), answer: kinds })
      break
    }
  }
  return out
}

/** Strictness exponent: coverage c scores c^gamma, gamma = 4^(severity - 0.5) (0.5 at 0, 1 at 0.5, 2 at 1). */
const gammaOf = (severity: number) => Math.pow(4, severity - DEFAULT_SEVERITY)

const round2 = (x: number) => Math.round(x * 100) / 100

/** Per-aspect coverage (0..1) of the query's aspects by `chunks`; with `perChunk`, each chunk's score too. */
function coverages(ctx: Context, query: string, chunks: string[], gamma: number, perChunk: boolean): { aspects: Aspect[]; cover: number[]; chunkScores: number[] } {
  const g = ground(ctx, query, chunks)
  const terms = g.terms()
  const aspects = aspectsOf(query, terms)
  const whole = g.align(terms)
  const own = terms.keySet()
  const answers = (kinds: TermKind[], specials: { key: string; kind: TermKind }[]) => specials.some((t) => kinds.includes(t.kind) && !own.has(t.key))
  const cover = aspects.map((a) => {
    if (a.answer) {
      // Answered when one of the sentences that best cover the whole query (the K candidates) holds a
      // term of the asked-for kind that the query itself does not.
      const found = whole.support.some((sup) => answers(a.answer!, g.specialsIn(g.sentence(sup.sentence).text)))
      return found ? 1 : 0
    }
    return g.align(a.terms).coverage
  })
  const chunkScores: number[] = []
  if (perChunk) {
    // A chunk's score: per aspect, the IDF-weighted share of its terms the chunk holds (anywhere in the
    // chunk); the answer type when the chunk holds a term of that kind and at least one query term.
    // Per aspect: its total weight and, by chunk, the weight of its terms the chunk holds (one pass
    // over the terms' chunk lists).
    const totals: number[] = []
    const held = aspects.map((a) => {
      const byChunk = new Map<number, number>()
      let total = 0
      for (const t of g.chunksOf(a.terms)) {
        total += t.weight
        for (const c of t.chunks) byChunk.set(c, (byChunk.get(c) ?? 0) + t.weight)
      }
      totals.push(total)
      return byChunk
    })
    // Sums over the (aspect, chunk) pairs that hold something: linear in the terms' chunk lists.
    const sums = new Map<number, number>()
    held.forEach((byChunk, i) => {
      for (const [c, m] of byChunk) sums.set(c, (sums.get(c) ?? 0) + Math.pow(totals[i] > 0 ? m / totals[i] : 0, gamma))
    })
    const answer = aspects.find((a) => a.answer)
    chunks.forEach((_, c) => {
      const sum = sums.get(c)
      if (sum === undefined || !aspects.length) return chunkScores.push(0)
      const answered = answer && answers(answer.answer!, g.specialsOf(c)) ? 1 : 0
      chunkScores.push(Math.max(0, Math.min(100, round2((100 * (sum + answered)) / aspects.length))))
    })
  }
  return { aspects, cover, chunkScores }
}

const scoreOf = (cover: number[], gamma: number) =>
  cover.length ? Math.max(0, Math.min(100, round2((100 * cover.reduce((a, c) => a + Math.pow(c, gamma), 0)) / cover.length))) : 0

/** Prefix of the labels of chunk scores (include_chunk_scores): `chunk:<chunk_id>`, or `chunk:<index>`. */
export const CHUNK_LABEL = 'chunk:'

const scoreContextRelevancy: Scorer<'context_relevancy'> = (request, ctx) => {
  const gamma = gammaOf(request.severity ?? DEFAULT_SEVERITY)
  const chunks = request.context.map((c) => c.chunk_text)
  const { aspects, cover, chunkScores } = coverages(ctx, request.query, chunks, gamma, request.include_chunk_scores === true)
  const scores = aspects.map((a, i) => ({ label: a.label, score: round2(100 * Math.pow(cover[i], gamma)) }))
  // `chunk:` cannot begin an aspect label (punctuation ends an aspect), so a chunk called like an aspect
  // stays distinguishable from it.
  chunkScores.forEach((score, i) => scores.push({ label: `${CHUNK_LABEL}${request.context[i].chunk_id ?? String(i)}`, score }))
  return { score: scoreOf(cover, gamma), scores }
}

/** v3: the same against the context nodes; returns the v4 shape ({ score, scores by aspect }). */
const scoreV3: Scorer<'v3.context_relevancy'> = (request, ctx) => {
  const { aspects, cover } = coverages(
    ctx,
    request.query,
    request.context.map((n) => n.node_text),
    1,
    false
  )
  return {
    score: scoreOf(cover, 1),
    scores: aspects.map((a, i) => ({ label: a.label, score: round2(100 * cover[i]) }))
  } as ReturnType<Scorer<'v3.context_relevancy'>>
}

export const contextRelevancy = defineMetric({
  name: 'context_relevancy',
  score: scoreContextRelevancy,
  v3: { name: 'v3.context_relevancy', score: scoreV3 },
  models: [vectorsModel]
})
