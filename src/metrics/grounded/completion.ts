// Completion: did the response do everything the query asked? The query is read as a list of requests
// (each question of a multi-part query, each item of "X and Y", "A or B" choices), counts ("list three",
// "first ten"), formats (JSON, table, bullets, one sentence, a word limit, yes or no) and the answer type
// each question asks for; the response is checked against each, and refusals and deferrals score low.
// See docs/metrics/completion.md.
import type { RequestOf } from '../../schema/types.js'
import { sentencesOf } from './adherence-rules.js'
import { matchWords } from './answer-relevancy.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric, type Evidence, type Explanation } from '../shared/metric.js'
import { answerWords, askedType } from './question.js'
import { vectorsModel } from '../shared/vectors.js'
import { wordsOf } from './text-words.js'

export interface Check {
  /** What was asked, in words. */
  label: string
  /** [start, end) in the query of the words that asked it. */
  query?: [number, number]
  /** 0 (not done) .. 1 (done). */
  met: number
  /** [start, end) in the response of what meets it, or of what fails it. */
  response?: [number, number]
}

const REFUSAL =
  /\b(i'?m sorry,? but|i (can ?not|can'?t|am unable to|am not able to|won'?t)|i'?m (unable|not able) to|as an ai|as a language model|i (don'?t|do not) have (access|that information|information)|i am not able|i'?m afraid i (can ?not|can'?t)|i cannot provide|unfortunately,? i (don'?t|can'?t|cannot))\b/i
const DEFERRAL =
  /\b(get back to you|follow up with you|let you know (later|tomorrow|soon)|send (it )?over later|(i'?ll|i will) (look into|check|put together|write|get|send)\b.{0,80}\b(later|soon|tomorrow)|let me look into|you may want to (search|check|look)|i'?d recommend checking|please (consult|contact|ask) (a|your|customer|the)|check the documentation|search online)\b/i
const HEDGE = /^\s*(that'?s a great question|great question|there are many)\b|\bdepends on (many|several|a number of) factors\b/i

/** Share of the score set by the mean of the checks (the rest: the least met). */
export const PARTS_SHARE = 0.15

/** Most words of a response that is nothing but the answer asked for (a name, a date, a number). */
const BARE_WORDS = 4

/** Requests (and coordinated items) checked per query: the first 20, so a long query costs linear time. */
export const MAX_REQUESTS = 20

const IMPERATIVE =
  /^\s*(please\s+)?(give|write|list|name|return|suggest|recommend|provide|describe|translate|rewrite|summari[sz]e|explain|create|make|draft|compose|tell|show|convert|calculate|compare|define|outline)\b/i

const NUMBER_WORDS: Record<string, number> = {
  a: 1, one: 1, single: 1, two: 2, pair: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20
}
const COUNT = /\b(list|give|name|provide|suggest|recommend|write|share|offer|describe|first|top|exactly|are the|were the)\b(?:\s+(?:me|us|the|of|about|at least|exactly|\w+'s))*\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\s+([\p{L}-]+)/iu

/** Items of a response: bullet or numbered lines, numbered inline items, else a comma list, else sentences. */
export function itemsOf(response: string): number {
  const lines = response.split('\n').filter((l) => /^\s*([-*•]|\d+[.)]|\|)\s*\S/.test(l))
  if (lines.length >= 2) return lines.filter((l) => !/^\s*\|\s*-/.test(l)).length - (/^\s*\|/.test(lines[0]) ? 1 : 0)
  const inline = response.match(/(^|\s)\d+[.)]\s/g)
  if (inline && inline.length >= 2) return inline.length
  // The longest comma / "and" enumeration of any sentence (or of the whole response when unpunctuated).
  let best = 1
  for (const [a, b] of sentencesOf(response)) {
    const s = response.slice(a, b)
    const parts = s.split(/,|;|\band\b|\bor\b|:/).filter((p) => /\p{L}|\p{N}/u.test(p))
    best = Math.max(best, parts.length - (/:/.test(s) && parts.length > 2 ? 1 : 0))
  }
  return Math.max(best, sentencesOf(response).length)
}

const wordCount = (s: string) => (s.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length

/** The format checks a query asks for. */
function formatChecks(query: string, response: string): Check[] {
  const q = query.toLowerCase()
  const out: Check[] = []
  const at = (re: RegExp): [number, number] | undefined => {
    const m = query.match(re)
    return m ? [m.index!, m.index! + m[0].length] : undefined
  }
  const whole: [number, number] = [0, response.length]
  if (/\bjson\b/.test(q)) {
    let ok = 0
    const t = response.trim()
    try {
      JSON.parse(t)
      ok = 1
    } catch {
      // Something bracketed, found by first and last bracket (no pattern scanned from every "[").
      const open = t.search(/[[{]/)
      ok = open >= 0 && Math.max(t.lastIndexOf(']'), t.lastIndexOf('}')) > open ? 0.5 : 0
    }
    out.push({ label: 'JSON', query: at(/json/i), met: ok, response: whole })
  }
  if (/\b(in|as|into) a table\b|\btabular\b|\btabulate\b|\btable (of|comparing)\b/.test(q)) {
    out.push({ label: 'a table', query: at(/table/i), met: /\|.*\|/.test(response) || /\t.*\t/.test(response) ? 1 : 0, response: whole })
  }
  if (/\bbullet(ed)?\b/.test(q)) {
    out.push({ label: 'bullet points', query: at(/bullet\w*/i), met: /^\s*([-*•])\s+\S/m.test(response) ? 1 : 0, response: whole })
  }
  const oneSentence = /\bin (one|a single) sentence\b/.exec(q)
  if (oneSentence) out.push({ label: 'one sentence', query: at(/in (one|a single) sentence/i), met: sentencesOf(response).length <= 1 ? 1 : 0, response: whole })
  const sentences = /\b(?:exactly |in )?(\d+|two|three|four|five|six) sentences\b/.exec(q)
  if (sentences) {
    const n = /^\d+$/.test(sentences[1]) ? +sentences[1] : NUMBER_WORDS[sentences[1]]
    const got = sentencesOf(response).length
    out.push({ label: `${n} sentences`, query: at(/\b(?:exactly |in )?(\d+|two|three|four|five|six) sentences\b/i), met: got === n ? 1 : 0.3, response: whole })
  }
  const limit = /\b(?:in |)(?:under|fewer than|less than|no more than|at most|within) (\d+) words\b/.exec(q)
  if (limit) {
    const n = +limit[1]
    const got = wordCount(response)
    out.push({ label: `under ${n} words`, query: at(/(under|fewer than|less than|no more than|at most|within) \d+ words/i), met: got <= n ? 1 : 0.3, response: whole })
  }
  if (/\bone[- ]word\b/.test(q)) out.push({ label: 'one word', query: at(/one[- ]word/i), met: wordCount(response) <= 2 ? 1 : 0, response: whole })
  if (/\b(answer|reply|respond) (with )?(a )?(yes or no|yes\/no)\b/.test(q)) {
    out.push({ label: 'yes or no', query: at(/yes or no|yes\/no/i), met: /^\s*(yes|no)\b/i.test(response) ? 1 : 0, response: whole })
  }
  return out
}

/** Requests of a query: its questions, and the second of two questions joined by "and". */
function requestsOf(query: string): [number, number][] {
  const out: [number, number][] = []
  for (const [a, b] of sentencesOf(query)) {
    const s = query.slice(a, b)
    // "Who wrote X and when was it published?": a wh-word after "and" opens a second question.
    const m = /,?\s+and\s+(?=(who|what|when|where|why|how|which|in what)\b)/i.exec(s)
    if (m) {
      out.push([a, a + m.index], [a + m.index + m[0].length, b])
    } else out.push([a, b])
  }
  return out
}

/** Coordinated things a query asks for, each of which the response must name: "pros and cons". */
const EACH = /\s*(for|by|of|per) (each|every|one)\b/iy

function conjuncts(query: string): { words: string[]; span: [number, number]; any: boolean }[] {
  const out: { words: string[]; span: [number, number]; any: boolean }[] = []
  // "A or B?": the response must pick one.
  const alt = /\b(?:a|an|the)?\s*([\p{L}-]+)\s+or\s+(?:a|an|the)?\s*([\p{L}-]+)\s*\?/iu.exec(query)
  if (alt && !/^(yes|no)$/i.test(alt[1])) out.push({ words: [alt[1], alt[2]], span: [alt.index, alt.index + alt[0].length], any: true })
  // "the ingredients and the method", "pros and cons", "into Spanish and French", "two advantages and two disadvantages"
  const re = /\b(?:the\s+|two\s+|three\s+)?([\p{L}-]{3,})\s+and\s+(?:the\s+|two\s+|three\s+|one\s+|a\s+)?([\p{L}-]{3,})\b/giu
  for (const m of query.matchAll(re)) {
    // "three ideas and a budget for each": an attribute of every item, not a second heading.
    EACH.lastIndex = m.index! + m[0].length
    if (EACH.test(query)) continue
    // "Pride and Prejudice", "Marks and Spencer": a name, not two things asked for.
    if (/^\p{Lu}/u.test(m[1]) && /^\p{Lu}/u.test(m[2])) continue
    const a = m[1].toLowerCase()
    const b = m[2].toLowerCase()
    if (/^(what|who|when|where|why|how|which|is|are|was|were|give|name|say|explain|suggest|write|define|list|describe)$/.test(b)) continue
    if (/^(what|who|when|where|why|how|which|is|are|was|were|rules|point|plot|population)$/.test(a)) continue
    out.push({ words: [m[1], m[2]], span: [m.index!, m.index! + m[0].length], any: false })
  }
  return out
}

const STEM = (s: string) => s.toLowerCase().replace(/(ies|es|s|ing|ed)$/, '').slice(0, 5)

export interface Completion {
  score: number
  checks: Check[]
  refusal?: [number, number]
}

export function completionOf(ctx: Context, query: string, response: string): Completion {
  const refusal = REFUSAL.exec(response) ?? DEFERRAL.exec(response)
  const hedge = HEDGE.exec(response)
  const r = wordsOf(ctx, response)
  const checks = [...requestChecks(ctx, query, r), ...conjunctChecks(query, response, r), ...askedChecks(query, response), ...formatChecks(query, response)]
  // Done means every part done: the least met check sets most of the score; the share of the parts done
  // sets the rest, so a two-part question answered in part ranks above an answer to neither part.
  let least = 1
  let sum = 0
  for (const c of checks) {
    least = Math.min(least, c.met)
    sum += c.met
  }
  const mean = checks.length ? sum / checks.length : 1
  let score = 100 * (0.15 + 0.85 * ((1 - PARTS_SHARE) * least + PARTS_SHARE * mean))
  if (refusal) score *= 0.1
  if (hedge) score *= 0.5
  if (r.words.length === 0) score = 0
  return {
    score: Math.max(0, Math.min(100, Math.round(score))),
    checks,
    refusal: refusal ? [refusal.index, refusal.index + refusal[0].length] : undefined
  }
}

type Words = ReturnType<typeof wordsOf>

/** Each request of the query: the response covers its content and holds an answer of the type it asks for. */
function requestChecks(ctx: Context, query: string, r: Words): Check[] {
  const checks: Check[] = []
  // The query is tokenised and matched once; each request takes its words' matches.
  const all = wordsOf(ctx, query)
  const allMatches = matchWords(ctx, all, r, false)
  // Answers of a type are the same for every request but for the request's own words.
  const typed = new Map<string, number[]>()
  for (const span of requestsOf(query).slice(0, MAX_REQUESTS)) {
    const text = query.slice(span[0], span[1])
    const inside = (w: { span: [number, number] }) => w.span[0] >= span[0] && w.span[1] <= span[1]
    const seen = new Set<string>()
    const matches = allMatches.filter((m) => inside(m.word) && !seen.has(m.word.stem) && seen.add(m.word.stem))
    let num = 0
    let den = 0
    for (const m of matches) {
      num += m.word.weight * m.best
      den += m.word.weight
    }
    const cover = den > 0 ? num / den : 1
    const asked = askedType(text)
    const known = new Set(all.words.filter(inside).map((w) => w.stem))
    if (!typed.has(asked)) typed.set(asked, answerWords(r, asked, new Set()))
    const answers = typed.get(asked)!.filter((i) => !known.has(r.words[i].stem))
    // A specific answer type (a date, a number, a name) must appear; a loose one needs new content.
    const specific = asked === 'date' || asked === 'number' || asked === 'person' || asked === 'place'
    const found = specific ? (answers.length > 0 ? 1 : 0) : answers.length > 0 ? 1 : 0.3
    const first = answers.length ? r.words[answers[0]].span : undefined
    // An answer need not repeat the question's words ("There are seven: ..."), so coverage counts half.
    // A question of a specific type with an answer of that type needs little coverage; any other needs more.
    // So does an instruction ("Write a haiku about autumn"): what it asks for is new text.
    const imperative = IMPERATIVE.test(text)
    // A bare answer ("Who wrote Hamlet?" / "Shakespeare.") repeats none of the question and needs not.
    const bare = specific && answers.length > 0 && r.words.length <= BARE_WORDS
    const met = bare ? 1 : (specific || imperative) && answers.length > 0 ? 0.6 + 0.4 * Math.min(1, 2 * cover) : found * (0.3 + 0.7 * Math.min(1, 2 * cover))
    checks.push({ label: `answers "${text.trim()}" (${asked})`, query: span, met, response: first })
  }
  return checks
}

/** Alternatives and pairs the query names ("tea or coffee", "cats and dogs"): picked, or each covered. */
function conjunctChecks(query: string, response: string, r: Words): Check[] {
  const rStems = new Set(r.words.map((w) => STEM(w.string)))
  const lowered = response.toLowerCase()
  return conjuncts(query)
    .slice(0, MAX_REQUESTS)
    .map((c) => {
      const found = c.words.map((w) => rStems.has(STEM(w)) || lowered.includes(w.toLowerCase()))
      const share = found.filter(Boolean).length / found.length
      const met = c.any ? (share > 0 ? 1 : 0) : share === 1 ? 1 : 0.5 * share
      return { label: c.any ? `picks ${c.words.join(' or ')}` : `covers ${c.words.join(' and ')}`, query: c.span, met }
    })
}

/** A count of items asked for ("list three ..."), an example, the items named. */
function askedChecks(query: string, response: string): Check[] {
  const checks: Check[] = []
  const count = COUNT.exec(query)
  if (count) {
    const n = /^\d+$/.test(count[2]) ? +count[2] : NUMBER_WORDS[count[2].toLowerCase()]
    if (n >= 2 && !/^(sentences?|words?)$/i.test(count[3])) {
      const got = itemsOf(response)
      // Fewer items than asked is incomplete on its own (below 50 whatever else holds).
      checks.push({ label: `${n} ${count[3]}`, query: [count.index, count.index + count[0].length], met: got >= n ? 1 : (0.5 * got) / n })
    }
  }
  const example = /\b(give|provide|include|with|add) (an|one|some) examples?\b/i.exec(query)
  if (example) {
    const m = /\b(for example|for instance|e\.g\.|such as|like|example)\b/i.exec(response)
    checks.push({ label: 'an example', query: [example.index, example.index + example[0].length], met: m ? 1 : 0, response: m ? [m.index, m.index + m[0].length] : undefined })
  }
  if (/\bname them\b|\blist them\b/i.test(query)) {
    checks.push({ label: 'the items named', met: itemsOf(response) >= 3 ? 1 : 0 })
  }
  return checks
}

const scoreCompletion: Scorer<'completion'> = (request, ctx) => ({ score: completionOf(ctx, request.query, request.response).score })
const scoreV3: Scorer<'v3.completion'> = (request, ctx) => ({ score: completionOf(ctx, request.query, request.response).score })

/**
 * `explain('completion', request)`: one evidence entry per thing the query asked (label, span into the
 * query as `query_span`, span into the response where found, weight = met - 1, so 0 means done), and the
 * refusal or deferral with weight -0.9 when there is one.
 */
function explain(ctx: Context): (request: RequestOf<'completion'>) => Explanation {
  return (request) => {
    const { score, checks, refusal } = completionOf(ctx, request.query, request.response)
    const evidence: (Evidence & { query_span?: [number, number] })[] = checks.map((c) => ({
      label: c.label,
      span: c.response,
      string: c.response ? request.response.slice(c.response[0], c.response[1]) : undefined,
      query_span: c.query,
      weight: Number((c.met - 1).toFixed(4))
    }))
    if (refusal) evidence.push({ label: 'refusal or deferral', span: refusal, string: request.response.slice(refusal[0], refusal[1]), weight: -0.9 })
    return { operation: 'completion', score, evidence }
  }
}

export const completion = defineMetric({
  name: 'completion',
  score: scoreCompletion,
  v3: { name: 'v3.completion', score: scoreV3 },
  models: [vectorsModel],
  explain
})

