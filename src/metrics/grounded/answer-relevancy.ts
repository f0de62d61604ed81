// Answer relevancy: did the response attempt to answer this query? RAGAS has a language model write the
// questions a response answers and compares them with the query; Litmus does the same without one
// (question.ts): it reads the answer type the query asks for, looks for an answer of that type in the
// response, writes the question the response answers, and compares. See docs/metrics/answer-relevancy.md.
import type { RequestOf } from '../../schema/types.js'
import type { Context, Scorer } from '../shared/context.js'
import { bigramCoverage, cjkShare } from './grounding/bigrams.js'
import { defineMetric, type Evidence, type Explanation } from '../shared/metric.js'
import { answerWords, askedType, definesSubject, NO_DEFINITION, generateQuestion, mechanismWord, questionSubject, type AnswerType, type SubjectDefinition, type SubjectKind } from './question.js'
import { vectorsModel } from '../shared/vectors.js'
import { isContent, wordsOf, type Word, type Words } from './text-words.js'

/** Below this cosine two different words do not count as a match. */
const MATCH_COS = 0.45
/** Share of the score that does not depend on how much of the response is about the query. */
const FOCUS_BASE = 0.5
/** Share of the score that rests on the query's word pairs appearing together in the response. */
const PHRASE = 0.35

/** Share of the query's adjacent word pairs (content words) that are adjacent in the response too. */
function phrases(query: Words, response: Words): number {
  const pairs = new Set<string>()
  const rw = response.words
  for (let i = 0; i + 1 < rw.length; i++) pairs.add(rw[i].stem + ' ' + rw[i + 1].stem)
  let n = 0
  let hit = 0
  const qw = query.words
  for (let i = 0; i + 1 < qw.length; i++) {
    if (!isContent(qw[i]) && !isContent(qw[i + 1])) continue
    n++
    if (pairs.has(qw[i].stem + ' ' + qw[i + 1].stem)) hit++
  }
  return n > 0 ? hit / n : 0
}

/** Share of CJK letters in the query from which it is compared by character bigrams. */
const CJK_SHARE = 0.3

/**
 * Raise for a response whose first sentence has the question's subject as its own subject, per unit of
 * `definesSubject` share: a "what is X" question is answered by a sentence defining X ("X is a ..."),
 * which shares few words with the question beyond X; any other question gains a little when its subject
 * is the sentence's subject rather than a passing mention. Chosen on trecqa_train and the WikiQA tuning
 * half (docs/metrics/answer-relevancy.md).
 */
const DEFINES = 0.6
const SUBJECT = 0.1
/** Raise for a "how does X ..." question answered with a mechanism ("by", "through", "using", ...). */
const MECHANISM = 0.1

/** Most distinct response words compared with each query word (bounds the cost of long responses). */
const MAX_TYPES = 400

interface Match {
  word: Word
  /** 0..1: 1 for the same stem, the scaled cosine for a near word, 0 for none. */
  best: number
  /** Index of the matched response word, -1 for none. */
  at: number
}

/** A text's words by stem: each stem's first word, and the first MAX_TYPES of those that are content words. */
export interface StemIndex {
  byStem: Map<string, number>
  types: number[]
}

export function stemIndex(words: Words): StemIndex {
  const byStem = new Map<string, number>()
  const types: number[] = []
  const all = words.words
  for (let i = 0; i < all.length; i++) {
    const w = all[i]
    if (!byStem.has(w.stem)) {
      byStem.set(w.stem, i)
      if (isContent(w) && types.length < MAX_TYPES) types.push(i)
    }
  }
  return { byStem, types }
}

/**
 * Each content word of `query` (each stem once when `dedupe`) with its best match in `response` (same
 * stem, else nearest vector). `index`: the response's stem index, when the caller matches against the
 * same text more than once.
 */
export function matchWords(ctx: Context, query: Words, response: Words, dedupe = true, index = stemIndex(response)): Match[] {
  const { byStem, types } = index
  const seen = new Set<string>()
  const out: Match[] = []
  const search: Match[] = []
  for (const q of query.words) {
    if (!isContent(q) || (dedupe && seen.has(q.stem))) continue
    seen.add(q.stem)
    const same = byStem.get(q.stem)
    const m: Match = { word: q, best: same === undefined ? 0 : 1, at: same ?? -1 }
    out.push(m)
    if (same === undefined) search.push(m)
  }
  if (search.length === 0 || types.length === 0) return out
  // The nearest response word of every unmatched query word, in one SIMD pass in the core.
  const core = ctx.core
  const x = core.exports
  const dims = x.vectorsDims()
  x.reset()
  const a = x.alloc(search.length * dims * 4)
  const b = x.alloc(types.length * dims * 4)
  const res = x.alloc(search.length * 8)
  const av = core.f32(a, search.length * dims)
  search.forEach((m, i) => av.set(query.vectors.subarray(m.word.row, m.word.row + dims), i * dims))
  const bv = core.f32(b, types.length * dims)
  types.forEach((t, j) => bv.set(response.vectors.subarray(response.words[t].row, response.words[t].row + dims), j * dims))
  x.cosineBest(a, search.length, b, types.length, dims, res)
  const best = core.f32(res, search.length * 2)
  const at = core.u32(res, search.length * 2)
  search.forEach((m, i) => {
    const c = best[2 * i]
    if (c >= MATCH_COS) {
      m.best = (0.8 * (c - MATCH_COS)) / (1 - MATCH_COS)
      m.at = types[at[2 * i + 1]]
    }
  })
  return out
}

/** Share of the query's content (by word weight) the response covers. */
function coverage(matches: Match[]): number {
  let num = 0
  let den = 0
  for (const m of matches) {
    num += m.word.weight * m.best
    den += m.word.weight
  }
  return den > 0 ? num / den : 0
}

/** Answer types that can stand for each other when the generated question and the query are compared. */
function typeAgreement(asked: AnswerType, given: AnswerType): number {
  if (asked === given) return 1
  const loose = new Set<AnswerType>(['entity', 'manner', 'yesno', 'reason'])
  if (loose.has(asked) || given === 'entity') return 0.75
  if ((asked === 'person' && given === 'place') || (asked === 'place' && given === 'person')) return 0.75
  if ((asked === 'date' && given === 'number') || (asked === 'number' && given === 'date')) return 0.75
  return 0.35
}

export interface Relevancy {
  score: number
  generated_question: string
  asked: AnswerType
  matches: Match[]
  /** Response words that could answer the query's type (query words excluded). */
  answers: number[]
  generatedType: AnswerType
  query: Words
  response: Words
  coverage: number
  questionSimilarity: number
  /** What the query asks about, the response's sentence about it, its mechanism word (-1 for none). */
  subjectKind: SubjectKind
  definition: SubjectDefinition
  mechanism: number
  /** The factor the last three give the score (1 for none). */
  subjectFactor: number
  /** The parts the score is built from, named as in FEATURES (explain's `features`); empty unless asked. */
  features: number[]
}

/**
 * The parts of the score, in this order, exposed through explain('answer_relevancy').features so that
 * the learned combination measured in scripts/train-answer-relevancy.mjs reads what the scorer computes.
 */
export const FEATURES = [
  'coverage',
  'exact_coverage',
  'type_factor',
  'has_answer',
  'specific_answer',
  'question_similarity',
  'question_back',
  'focus',
  'phrase',
  'log_words',
  'subject',
  'formula'
] as const

/** Share of the query's content (by word weight) the response holds with the same stem. */
function exactCoverage(matches: Match[]): number {
  let num = 0
  let den = 0
  for (const m of matches) {
    if (m.best === 1) num += m.word.weight
    den += m.word.weight
  }
  return den > 0 ? num / den : 0
}

const NO_SUBJECT = { kind: 'other' as SubjectKind, stems: [] as string[] }

/** The words of an empty generated question. */
const NO_WORDS: Words = { text: '', words: [], sentences: [], vectors: new Float32Array(0) }

/** `parts`: also fill `features` (explain only: the scorer skips the extra passes). */
export function relevancy(ctx: Context, query: string, response: string, parts = false): Relevancy {
  const q = wordsOf(ctx, query)
  const r = wordsOf(ctx, response)
  const known = new Set(q.words.map((w) => w.stem))
  const asked = askedType(query)
  const matches = matchWords(ctx, q, r)
  let cov = coverage(matches)
  let exact = parts ? exactCoverage(matches) : 0
  const answers = answerWords(r, asked, known)
  const gen = generateQuestion(r, known)
  // The generated question against the query: its content against the query's, and its answer type
  // against the one the query asks for.
  const gq = gen.question ? wordsOf(ctx, gen.question) : NO_WORDS
  // The query is matched against twice (the generated question's words, the response's): indexed once.
  const qIndex = stemIndex(q)
  const back = coverage(matchWords(ctx, gq, q, true, qIndex))
  const agree = typeAgreement(asked, gen.type)
  const questionSimilarity = agree * (0.5 + 0.5 * back)
  // An answer of the asked type anywhere in the response, and the first sentence's question.
  const hasAnswer = answers.length > 0 || asked === 'entity' || asked === 'manner' || asked === 'yesno' ? 1 : 0
  const typeFactor = Math.max(0.35 + 0.65 * hasAnswer, questionSimilarity)
  // How much of the response is about the query: a long sentence that mentions the query in passing
  // ranks below one about it.
  let focus = coverage(matchWords(ctx, r, q, true, qIndex))
  let phrase = phrases(q, r)
  // Text without spaces between words (Japanese, Chinese): the words above are whole runs of text, so
  // the query's character bigrams found in the response stand for its words (and for its phrases).
  const cjk = cjkShare(query) >= CJK_SHARE
  if (cjk) {
    cov = bigramCoverage(query, response)
    exact = cov
    focus = bigramCoverage(response, query)
    phrase = cov
  }
  const raw = r.words.length === 0 ? 0 : cov * typeFactor * (FOCUS_BASE + (1 - FOCUS_BASE) * focus) * (1 - PHRASE + PHRASE * phrase)
  // Answer-type evidence for questions whose answer is no specific word: the response's subject is the
  // question's (a definition of it for "what is X"), or it tells a mechanism for "how does X ...".
  // English sentence structure: not read for a yes / no question nor for text without spaces.
  let subjectFactor = 1
  let definition: SubjectDefinition = NO_DEFINITION
  let mechanism = -1
  const subject = asked === 'yesno' || cjk ? NO_SUBJECT : questionSubject(q)
  if (subject.stems.length > 0) {
    definition = definesSubject(r, subject.stems)
    subjectFactor = 1 + (subject.kind === 'define' ? DEFINES : SUBJECT) * definition.share
    if (subject.kind === 'how') mechanism = mechanismWord(r)
    if (mechanism >= 0) subjectFactor *= 1 + MECHANISM
  }
  // The factor can lift a score past 100: capped there.
  const formula = Math.min(1, Math.sqrt(raw) * subjectFactor)
  // Not rounded to a whole number: ties between close candidates cost ranking (answer-sentence selection
  // MAP, TrecQA 0.761 -> 0.771, WikiQA 0.602 -> 0.622); the response rounds to two decimals as every score.
  const score = Math.max(0, Math.min(100, 100 * formula))
  const features: number[] = []
  if (parts) {
    // A specific asked type (person, date, number, place, reason) with an answer of that type present.
    const specific = asked !== 'entity' && asked !== 'manner' && asked !== 'yesno' && answers.length > 0 ? 1 : 0
    let content = 0
    for (const w of r.words) if (isContent(w)) content++
    features.push(cov, exact, typeFactor, hasAnswer, specific, questionSimilarity, back, focus, phrase, Math.log1p(content), subjectFactor, formula)
  }
  return {
    score,
    generated_question: gen.question,
    asked,
    matches,
    answers,
    generatedType: gen.type,
    query: q,
    response: r,
    coverage: cov,
    questionSimilarity,
    subjectKind: subject.kind,
    definition,
    mechanism,
    subjectFactor,
    features
  }
}

const scoreRelevancy: Scorer<'answer_relevancy'> = (request, ctx) => {
  const { score, generated_question } = relevancy(ctx, request.query, request.response)
  return { score, generated_question }
}

/** v3 Answer Relevancy: the v4 scorer on the query and response (the context nodes are not used). */
const scoreV3: Scorer<'v3.answer_relevancy'> = (request, ctx) => {
  const { score, generated_question } = relevancy(ctx, request.query, request.response)
  return { score, generated_question }
}

/**
 * `explain('answer_relevancy', request)`: each query content word with the response word it matched
 * (span into the response; weight = the word's importance x match, negative for an unmatched word), the
 * response words that could answer the asked type, the generated question with its answer type, and
 * `features`: the parts the score is built from (FEATURES), unrounded.
 */
function explain(ctx: Context): (request: RequestOf<'answer_relevancy'>) => Explanation {
  return (request) => {
    const rel = relevancy(ctx, request.query, request.response, true)
    const evidence: Evidence[] = []
    for (const m of rel.matches) {
      if (m.at >= 0) {
        const w = rel.response.words[m.at]
        evidence.push({ label: `query word "${m.word.string}" matched`, span: w.span, string: w.string, weight: Number((m.word.weight * m.best).toFixed(4)) })
      } else evidence.push({ label: `query word "${m.word.string}" missing`, weight: Number((-m.word.weight).toFixed(4)) })
    }
    for (const i of rel.answers.slice(0, 10)) {
      const w = rel.response.words[i]
      evidence.push({ label: `possible ${rel.asked} answer`, span: w.span, string: w.string, weight: 0.1 })
    }
    const d = rel.definition
    if (d.span && d.share > 0) {
      const span: [number, number] = [rel.response.words[d.span[0]].span[0], rel.response.words[d.span[1]].span[1]]
      const label = rel.subjectKind === 'define' && d.defining ? "defines the query's subject" : "the query's subject is the response's subject"
      evidence.push({ label, span, string: request.response.slice(span[0], span[1]), weight: Number(((rel.subjectKind === 'define' ? DEFINES : SUBJECT) * d.share).toFixed(4)) })
    }
    if (rel.mechanism >= 0) {
      const w = rel.response.words[rel.mechanism]
      evidence.push({ label: 'mechanism word for a "how" query', span: w.span, string: w.string, weight: MECHANISM })
    }
    return {
      operation: 'answer_relevancy',
      score: rel.score,
      evidence,
      asked_type: rel.asked,
      generated_question: rel.generated_question,
      generated_type: rel.generatedType,
      coverage: Number(rel.coverage.toFixed(4)),
      question_similarity: Number(rel.questionSimilarity.toFixed(4)),
      subject_kind: rel.subjectKind,
      subject_factor: Number(rel.subjectFactor.toFixed(4)),
      features: Object.fromEntries(FEATURES.map((name, i) => [name, rel.features[i]]))
    }
  }
}

export const answerRelevancy = defineMetric({
  name: 'answer_relevancy',
  score: scoreRelevancy,
  v3: { name: 'v3.answer_relevancy', score: scoreV3 },
  models: [vectorsModel],
  explain
})
