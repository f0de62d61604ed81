// Helpfulness features: what a response gives (length with saturation, numbers, names, lists and steps)
// and what it withholds (refusal phrases, hedges, deflecting openings, questions back).
// scripts/train-helpfulness.mjs (through the built build/rules.js) and helpfulness.ts compute the very same features.
import { TRIGGER_WORDS } from '../safety/refusal-rules.js'

/** Words that hedge or profess not to know. */
export const HEDGES = [
  'maybe', 'perhaps', 'probably', 'possibly', 'might', 'guess', 'unsure', 'unclear', 'depends', 'idk', 'hmm', 'um', 'uh',
  'sometimes', 'somewhat', 'kind', 'sort', 'think', 'suppose', 'wonder', 'not sure'
]
/** Lexicon flags: 1 = refusal trigger word (refusal-rules.ts), 2 = hedge. */
export const FLAG_TRIGGER = 1
export const FLAG_HEDGE = 2
export const HELPFULNESS_LEXICON = [...new Set([...TRIGGER_WORDS, ...HEDGES.filter((w) => !w.includes(' '))])]
  .map((w) => `${w}\t${(TRIGGER_WORDS.includes(w) ? FLAG_TRIGGER : 0) | (HEDGES.includes(w) ? FLAG_HEDGE : 0)}\n`)
  .join('')

/** An opening that answers with a question, a shrug or a stall instead of help. */
export const DEFLECT = /^\W*(?:um+|uh+|hm+|well,|i[’']?m not sure|i am not sure|i don[’']?t (?:know|understand)|i do not (?:know|understand)|what do you mean|do you mean|can you (?:clarify|tell me more|be more specific|explain)|could you (?:clarify|tell me more|be more specific|explain)|why do you (?:ask|want)|what (?:kind|sort|type) of)/i

// The counts in TypeScript: the core computes the same in assembly/judge/helpfulnessCounts (the metric and
// the training script use the core; a test checks all three agree): digit runs /\d+/, list items /(?:^|\n)[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]/, names
// /[a-z,;] [A-Z][a-z]/ and question marks.
export interface Counts {
  digits: number
  items: number
  names: number
  questions: number
}
export const COUNTS: Counts = { digits: 0, items: 0, names: 0, questions: 0 }

const isDigit = (c: number) => c >= 48 && c <= 57
const isLower = (c: number) => c >= 97 && c <= 122
const isUpper = (c: number) => c >= 65 && c <= 90

/** Digit runs, list items, capitalised names after a lower-case word, question marks (one pass; reused object). */
export function countAll(text: string): Counts {
  let digits = 0
  let items = 0
  let names = 0
  let questions = 0
  const n = text.length
  let lineStart = true
  let prevDigit = false
  // Matches of the names pattern do not overlap: the next starts after the last one's end.
  let namesEnd = -1
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    const digit = isDigit(c)
    if (digit && !prevDigit) digits++
    prevDigit = digit
    if (c === 63) questions++
    else if (c === 32 && i > 0 && i + 2 < n) {
      const p = text.charCodeAt(i - 1)
      if (i - 1 > namesEnd && (isLower(p) || p === 44 || p === 59) && isUpper(text.charCodeAt(i + 1)) && isLower(text.charCodeAt(i + 2))) {
        names++
        namesEnd = i + 2
      }
    }
    if (lineStart) {
      // A list item: spaces or tabs, then a bullet or one or two digits with . or ), then a space or tab.
      let j = i
      while (j < n && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++
      if (j < n) {
        const b = text.charCodeAt(j)
        let k = -1
        if (b === 45 || b === 42 || b === 0x2022) k = j + 1
        else if (isDigit(b)) {
          let d = j + 1
          if (d < n && isDigit(text.charCodeAt(d))) d++
          if (d < n && (text.charCodeAt(d) === 46 || text.charCodeAt(d) === 41)) k = d + 1
        }
        if (k > 0 && k < n && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) items++
      }
      lineStart = false
    }
    if (c === 10) lineStart = true
  }
  COUNTS.digits = digits
  COUNTS.items = items
  COUNTS.names = names
  COUNTS.questions = questions
  return COUNTS
}

const sat = (x: number, at: number) => (x < at ? x / at : 1)

/**
 * Logit taken off a response that opens with a refusal phrase. A design choice, not fitted: the preference
 * pairs hardly contain refusals (35 of 2,717 training pairs differ in it, and raters sometimes prefer the
 * refusal of a harmful request), so the fitted weight is about 0, while a refusal is by definition not
 * help. On the dev pairs it changes pairwise accuracy by +0.4 points (docs/metrics/helpfulness.md).
 */
export const REFUSAL_PENALTY = 1.5
/** Index of 'refusal phrase in the opening' in FEATURES. */
export const REFUSAL_FEATURE = 2

/** Names of the dense features, in order. */
export const FEATURES = [
  'length (log distinct words; held fixed in training, weight 0)',
  'length (saturating at 40 distinct words)',
  'refusal phrase in the opening',
  'refusal phrases later',
  'numbers',
  'list items and steps',
  'capitalised names',
  'hedges per word',
  'questions back',
  'ends with a question',
  'deflecting opening'
]

/**
 * Distinct words at which the length prior saturates: a 40-word answer and a 400-word one score alike on
 * length. Across the preference sources longer wins on hh-rlhf and PandaLM and loses on LLMBar (and on the
 * independent pairs, where raters preferred the shorter answer), so length beyond a short answer is not
 * evidence of help (docs/metrics/helpfulness.md).
 */
export const LENGTH_SATURATION = 40

/**
 * Distinct words up to which the length features grow (src/metrics/shared/distinct-words.ts): length is read
 * from distinct words, so a response repeated n times has the length of the response once (counting
 * every word let 'The weather is nice today. ' x 1000 score 99.79).
 */
export const LENGTH_CAP = 1024

/**
 * Dense features of a response from the core's word count, its distinct words (up to LENGTH_CAP), hedge
 * count and counts (helpfulnessCounts, or countAll) and the refusal phrases (in the opening / later).
 */
export function denseFeatures(text: string, nWords: number, distinct: number, nHedges: number, openPhrases: number, laterPhrases: number, counts: Counts): number[] {
  const words = nWords > 0 ? nWords : 1
  const trimmed = text.trimEnd()
  const { digits, items, names, questions } = counts
  // Counts weighed by the share of distinct words: close to the count in ordinary prose, and the same
  // for a response repeated n times as for the response once.
  const share = distinct / words
  return [
    Math.log1p(distinct),
    sat(distinct, LENGTH_SATURATION),
    openPhrases > 0 ? 1 : 0,
    sat(laterPhrases, 2),
    sat(digits * share, 6),
    sat(items * share, 5),
    sat(names / words, 0.1),
    sat(nHedges / words, 0.1),
    sat(questions * share, 3),
    trimmed.endsWith('?') ? 1 : 0,
    DEFLECT.test(text) ? 1 : 0
  ]
}

/**
 * Words of a query that say nothing about what it asks for: they are not counted when coverage looks for
 * the query in the response. English; other languages keep all their words of three letters or more.
 */
export const QUERY_STOPWORDS = new Set(
  ('the and for with are was were been this that what which who how why when where does did can could would should you your our ' +
    'they their his her its from about into than then not yes please tell give write make use using there here have has had will ' +
    'just also some any all more most very much many one').split(' ')
)
/** Query and response words are compared by their first QUERY_STEM characters (a crude stem: `founded` / `founder`). */
export const QUERY_STEM = 5
/**
 * Only the first QUERY_FIRST_WORDS words of the response are searched: an answer addresses the query
 * early, and a long response would otherwise cover query words by its length alone (across the
 * preference sources, 80 words ranked pairs as well as the whole response did on hh-rlhf and PandaLM and
 * better on LLMBar's adversarial pairs, 0.563 vs 0.533).
 */
export const QUERY_FIRST_WORDS = 80

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
// The last query's content stems (hashes): v3 callers often score many responses to one query.
let lastQuery = ''
let asked = new Int32Array(16)
let nAsked = 0
let seen = new Uint8Array(16)

/** Whether the code point at `i` is a letter or digit (ASCII without a regular expression). */
function wordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i)
  if (c < 128) return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122)
  return LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(i)!))
}

/** FNV-1a of the first QUERY_STEM UTF-16 units of text[start, end), lower-cased; a small integer. */
function stemHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5
  for (let i = start, e = Math.min(end, start + QUERY_STEM); i < e; i++) {
    let c = text.charCodeAt(i)
    if (c >= 65 && c <= 90) c |= 32
    else if (c >= 128) c = String.fromCharCode(c).toLowerCase().charCodeAt(0)
    h = Math.imul(h ^ c, 0x01000193)
  }
  return h & 0x3fffffff
}

/**
 * Calls `each(start, end)` for the first `limit` runs of letters and digits of `text` (Unicode), in one
 * pass, and stops early when `each` returns true.
 */
function eachWord(text: string, limit: number, each: (start: number, end: number) => boolean | void): void {
  let n = 0
  let start = -1
  for (let i = 0; i < text.length; ) {
    const step = text.charCodeAt(i) >= 0xd800 && text.charCodeAt(i) < 0xdc00 ? 2 : 1
    if (wordChar(text, i)) {
      if (start < 0) start = i
    } else if (start >= 0) {
      if (each(start, i) || ++n >= limit) return
      start = -1
    }
    i += step
  }
  if (start >= 0) each(start, text.length)
}

function queryStems(query: string): void {
  if (query === lastQuery) return
  nAsked = 0
  eachWord(query, Infinity, (start, end) => {
    const w = query.slice(start, end).toLowerCase()
    if (w.length < 3 || QUERY_STOPWORDS.has(w)) return
    const h = stemHash(query, start, end)
    for (let k = 0; k < nAsked; k++) if (asked[k] === h) return
    if (nAsked === asked.length) {
      const grown = new Int32Array(2 * nAsked)
      grown.set(asked)
      asked = grown
      seen = new Uint8Array(2 * nAsked)
    }
    asked[nAsked++] = h
  })
  lastQuery = query
}

const isAsciiWord = (c: number) => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122)

/**
 * The share of the query's content words (three letters or more, not a stopword; compared by their first
 * QUERY_STEM characters, lower-cased) found among the response's first QUERY_FIRST_WORDS words; -1 when
 * the query has no content word. One pass over the response's first words, no allocation (the query's
 * stems are kept for the next call); the words are those of eachWord, the stems those of stemHash.
 */
export function queryCoverage(query: string, response: string): number {
  queryStems(query)
  if (nAsked === 0) return -1
  seen.fill(0, 0, nAsked)
  let found = 0
  let words = 0
  const len = response.length
  let i = 0
  while (i < len && words < QUERY_FIRST_WORDS && found < nAsked) {
    let c = response.charCodeAt(i)
    if (c < 128 ? !isAsciiWord(c) : !wordChar(response, i)) {
      i += c >= 0xd800 && c < 0xdc00 ? 2 : 1
      continue
    }
    // A word: hash its first QUERY_STEM UTF-16 units, lower-cased, as stemHash does.
    let h = 0x811c9dc5
    let units = 0
    while (i < len) {
      c = response.charCodeAt(i)
      if (c < 128) {
        // ASCII, the common case: no surrogates, lower-casing by one bit.
        if (!isAsciiWord(c)) break
        if (units < QUERY_STEM) {
          h = Math.imul(h ^ (c >= 65 && c <= 90 ? c | 32 : c), 0x01000193)
          units++
        }
        i++
        continue
      }
      if (!wordChar(response, i)) break
      const step = c >= 0xd800 && c < 0xdc00 ? 2 : 1
      for (let u = 0; u < step && units < QUERY_STEM; u++, units++) h = Math.imul(h ^ String.fromCharCode(response.charCodeAt(i + u)).toLowerCase().charCodeAt(0), 0x01000193)
      i += step
    }
    h &= 0x3fffffff
    words++
    for (let k = 0; k < nAsked; k++) {
      if (asked[k] === h && seen[k] === 0) {
        seen[k] = 1
        found++
      }
    }
  }
  return found / nAsked
}

/**
 * What an instruction asks of its answer's form, read from the query: a count of words, sentences,
 * paragraphs or items ("in two sentences", "list 5 tips"), a number ("how many"), yes or no (a question
 * opening with an auxiliary verb), JSON, a table, bullets. English; a query in another language asks
 * nothing here. These are generic instruction-following checks, none written for one source's phrasing.
 */
const COUNT_ASKED = /\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|single|a)\s+(words?|sentences?|paragraphs?|items?|bullet points?|examples?|ideas?|questions?|points?|lines?|tips?|ways?|reasons?|names?|steps?)\b/
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, single: 1, a: 1 }
const UNIT_WORDS = 1
const UNIT_SENTENCES = 2
const UNIT_PARAGRAPHS = 3
const UNIT_ITEMS = 4
const asks = { count: 0, unit: 0, howMany: false, yesNo: false, json: false, table: false, bullet: false }
let asksOf = '\u0000'

function readAsks(query: string): void {
  if (query === asksOf) return
  asksOf = query
  const q = query.toLowerCase()
  const m = COUNT_ASKED.exec(q)
  asks.count = m ? (m[1].charCodeAt(0) <= 57 ? Number(m[1]) : NUMBER_WORDS[m[1]]) : 0
  const u = m ? m[2] : ''
  asks.unit = !m ? 0 : u.startsWith('word') ? UNIT_WORDS : u.startsWith('sentence') ? UNIT_SENTENCES : u.startsWith('paragraph') ? UNIT_PARAGRAPHS : UNIT_ITEMS
  asks.howMany = /\bhow (many|much)\b/.test(q)
  asks.yesNo = /^\s*(is|are|do|does|did|can|could|should|would|will|was|were|has|have)\b/.test(q) && /\?\s*$/.test(q) && q.indexOf('?') === q.lastIndexOf('?')
  asks.json = /\bjson\b/.test(q)
  asks.table = /\btable\b/.test(q)
  asks.bullet = /\bbullet/.test(q)
}

const DIGIT = /[0-9]/
const form = { words: 0, sentences: 0, paragraphs: 0, lines: 0, items: 0, digit: false, brace: false, pipe: false }

/**
 * The response's form, only as far as the instruction asks: digits, braces and pipes by native searches;
 * sentence ends, words, or the lines (paragraphs, non-empty lines, list items) each by one pass, and
 * only the one an asked count or bullets need.
 */
function readForm(text: string): void {
  form.words = form.sentences = form.paragraphs = form.lines = form.items = 0
  form.digit = asks.howMany && DIGIT.test(text)
  form.brace = asks.json && (text.indexOf('{') >= 0 || text.indexOf('[') >= 0)
  form.pipe = asks.table && text.indexOf('|') >= 0
  const len = text.length
  if (asks.unit === UNIT_SENTENCES) {
    // A sentence ends at a run of . ! ? followed by white space or the end of the text.
    let ends = false
    for (let i = 0; i < len; i++) {
      const c = text.charCodeAt(i)
      if (c === 46 || c === 33 || c === 63) ends = true
      else if (ends) {
        if (c === 32 || c === 10 || c === 9 || c === 13) form.sentences++
        ends = false
      }
    }
    if (ends) form.sentences++
    if (form.sentences === 0) form.sentences = 1
  } else if (asks.unit === UNIT_WORDS) {
    let inWord = false
    for (let i = 0; i < len; i++) {
      const w = wordChar(text, i)
      if (w && !inWord) form.words++
      inWord = w
    }
  }
  if (asks.unit === UNIT_PARAGRAPHS || asks.unit === UNIT_ITEMS || asks.bullet) {
    // Line by line: a non-empty line after a blank one (or the first) opens a paragraph; a line whose
    // text opens with "-", "*", "•" or digits then "." or ")", then a space or tab, is a list item.
    let blank = true
    for (let start = 0; start < len; ) {
      let end = text.indexOf('\n', start)
      if (end < 0) end = len
      let i = start
      while (i < end && isBlank(text.charCodeAt(i))) i++
      if (i === end) blank = true
      else {
        form.lines++
        if (blank) form.paragraphs++
        blank = false
        const c = text.charCodeAt(i)
        let j = i
        if (c === 45 || c === 42 || c === 0x2022) j++
        else {
          while (j < end && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++
          j = j > i && (text.charCodeAt(j) === 46 || text.charCodeAt(j) === 41) ? j + 1 : i
        }
        if (j > i && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) form.items++
      }
      start = end + 1
    }
  }
}

const isBlank = (c: number) => c === 32 || c === 9 || c === 13

/**
 * How well the response keeps the form its instruction asks for: minus |log((got + 1) / (asked + 1))| for
 * an asked count, ±0.5 for a number after "how many", a table, JSON or bullets, +0.5 for an answer opening
 * with yes or no to a yes/no question; 0 when the query asks for no form (most queries). Added to query
 * coverage in v3; chosen on the leave-one-source-out table (docs/metrics/helpfulness.md).
 */
export function instructionFit(query: string, response: string): number {
  readAsks(query)
  if (asks.count === 0 && !asks.howMany && !asks.yesNo && !asks.json && !asks.table && !asks.bullet) return 0
  readForm(response)
  let fit = 0
  if (asks.count > 0) {
    const got = asks.unit === UNIT_WORDS ? form.words : asks.unit === UNIT_SENTENCES ? form.sentences : asks.unit === UNIT_PARAGRAPHS ? form.paragraphs : Math.max(form.items, form.lines)
    fit -= Math.abs(Math.log((got + 1) / (asks.count + 1)))
  }
  if (asks.howMany) fit += form.digit ? 0.5 : -0.5
  if (asks.yesNo && /^\s*(yes|no)\b/i.test(response.slice(0, 16))) fit += 0.5
  if (asks.json) fit += form.brace ? 0.5 : -0.5
  if (asks.table) fit += form.pipe ? 0.5 : -0.5
  if (asks.bullet) fit += form.items > 0 ? 0.5 : -0.5
  return fit
}

/** v3's query term: coverage plus instruction fit; -1 when the query has no content word (then v3 is the text-only score). */
export function queryFit(query: string, response: string): number {
  const coverage = queryCoverage(query, response)
  return coverage < 0 ? coverage : coverage + instructionFit(query, response)
}
