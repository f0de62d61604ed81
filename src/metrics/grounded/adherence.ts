// Adherence: does the response follow every rule of the policy? The policy is split into clauses, each
// clause into the rules it states (adherence-rules.ts: competitors, language, medical / legal / financial
// advice, word and sentence limits, required endings and phrases, system prompt, profanity, links, ...),
// and each rule is checked on the response. See docs/metrics/adherence.md.
import type { RequestOf } from '../../schema/types.js'
import type { Context, Scorer } from '../shared/context.js'
import { KINDS, TOPIC, sentencesOf, type Broken, type Rule } from './adherence-rules.js'
import { defineMetric, type Evidence, type Explanation } from '../shared/metric.js'
import { vectorsModel } from '../shared/vectors.js'
import { cosine, isContent, wordsOf } from './text-words.js'

/** A response stays on a policy's topic when some content word is at least this close to a topic word. */
const TOPIC_COS = 0.5

export interface RuleResult {
  rule: Rule
  broken: Broken[]
}

export interface Adherence {
  score: number
  results: RuleResult[]
  /** Policy clauses no rule kind recognised, with their spans in the policy. */
  unchecked: [number, number][]
}

/** The rules of a policy, at most one of each kind; `ctx` is needed only for topic rules. */
export function parsePolicy(ctx: Context, policy: string): { rules: Rule[]; unchecked: [number, number][] } {
  const rules: Rule[] = []
  const unchecked: [number, number][] = []
  const kinds = new Set<string>()
  for (const span of sentencesOf(policy)) {
    const clause = policy.slice(span[0], span[1])
    let found = false
    for (const [kind, re, make] of KINDS) {
      const m = clause.match(re)
      if (!m) continue
      const check = make(clause, m)
      if (!check) continue
      found = true
      const prev = rules.find((r) => r.kind === kind)
      if (prev) {
        // A later clause may complete an earlier rule ("Never mention competitors. Competitors include X.").
        const joined = make(`${prev.text} ${clause}`, m)
        if (joined) prev.check = joined
        continue
      }
      kinds.add(kind)
      rules.push({ kind, text: clause, span, check })
    }
    const topic = clause.match(TOPIC)
    if (topic && !kinds.has('on topic')) {
      found = true
      kinds.add('on topic')
      const subject = topic[3]
      rules.push({ kind: 'on topic', text: clause, span, check: (r) => offTopic(ctx, subject, r) })
    }
    if (!found) unchecked.push(span)
  }
  return { rules, unchecked }
}

/** Sentences of the response with no content word near any content word of `subject`. */
function offTopic(ctx: Context, subject: string, response: string): Broken[] {
  const t = wordsOf(ctx, subject)
  // The first few content words name the topic; more would only cost time.
  const topic = t.words.filter(isContent).slice(0, 8)
  if (topic.length === 0) return []
  const words = wordsOf(ctx, response)
  const dims = ctx.core.exports.vectorsDims()
  const out: Broken[] = []
  // Best topic closeness per sentence, in one pass over the words.
  const best = new Float64Array(words.sentences.length)
  for (const w of words.words) {
    if (!isContent(w) || best[w.sentence] >= 1) continue
    for (const k of topic) best[w.sentence] = Math.max(best[w.sentence], w.stem === k.stem ? 1 : cosine(words.vectors, w.row, t.vectors, k.row, dims))
  }
  words.sentences.forEach((span, s) => {
    if (best[s] < TOPIC_COS) out.push({ span, why: `not about ${subject.trim()}` })
  })
  return out
}

export function adherenceOf(ctx: Context, policy: string, response: string): Adherence {
  const { rules, unchecked } = parsePolicy(ctx, policy)
  const results = rules.map((rule) => ({ rule, broken: rule.check(response) }))
  const broken = results.filter((r) => r.broken.length > 0).length
  // Any broken rule puts the score under 50; more broken rules, lower still. A policy with no rule
  // Litmus can check scores 100 (nothing found broken) and explain lists its clauses as not checked.
  const score = broken === 0 ? 100 : Math.round(40 * (1 - broken / results.length))
  return { score: Math.max(0, Math.min(100, score)), results, unchecked }
}

const scoreAdherence: Scorer<'adherence'> = (request, ctx) => ({ score: adherenceOf(ctx, request.policy, request.response).score })

/** v3 Adherence: the policy is optional there; without one there is nothing to break (100). */
const scoreV3: Scorer<'v3.adherence'> = (request, ctx) => ({ score: adherenceOf(ctx, request.policy ?? '', request.response).score })

/**
 * `explain('adherence', request)`: `rules` lists every rule found (kind, policy text and span, followed or
 * broken); evidence holds one entry per breach (span into the response, weight -1) and one per followed
 * rule (span into the policy, weight +1 / rules).
 */
export interface AdherenceExplanation extends Explanation {
  rules: { kind: string; rule: string; span: [number, number]; followed: boolean }[]
  unchecked: { span: [number, number]; string: string }[]
}

function explain(ctx: Context): (request: RequestOf<'adherence'>) => AdherenceExplanation {
  return (request) => {
    const { score, results, unchecked } = adherenceOf(ctx, request.policy, request.response)
    const evidence: Evidence[] = []
    for (const { rule, broken } of results) {
      if (broken.length === 0) evidence.push({ label: `followed: ${rule.kind}`, span: rule.span, string: rule.text, weight: Number((1 / results.length).toFixed(4)) })
      for (const b of broken.slice(0, 10)) {
        evidence.push({ label: `broken: ${rule.kind} (${b.why})`, span: b.span, string: request.response.slice(b.span[0], b.span[1]), weight: -1 })
      }
    }
    return {
      operation: 'adherence',
      score,
      evidence,
      rules: results.map(({ rule, broken }) => ({ kind: rule.kind, rule: rule.text, span: rule.span, followed: broken.length === 0 })),
      unchecked: unchecked.map((span) => ({ span, string: request.policy.slice(span[0], span[1]) }))
    }
  }
}

export const adherence = defineMetric({
  name: 'adherence',
  score: scoreAdherence,
  v3: { name: 'v3.adherence', score: scoreV3, explainAs: (r) => ({ policy: r.policy ?? '', response: r.response }) },
  models: [vectorsModel],
  explain
})
