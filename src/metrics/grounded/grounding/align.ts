// Grounding: which sentences of a context support each statement of a text. Shared by faithfulness,
// context relevancy, summarization and (through `ground`) the relevancy metrics.
//
// API (small on purpose):
//   const g = ground(ctx, text, chunks)   // one call into the core: tokenises text and chunks, indexes
//                                         // the chunks' sentences (BM25 with the context as collection)
//   g.count, g.statement(i)               // atomic statements of `text` (see statements below)
//   g.alignStatement(i)                   // Alignment of statement i: best supporting sentences, coverage, mismatches
//   g.terms() / g.align(terms)            // all content terms of `text` (or a slice of them) aligned as one
//   g.sentence(i)                         // context sentence i: { chunk, span, text }
//   g.specialsIn(anyText)                 // numbers, dates and names of another string
// The text's words, terms and statements are typed arrays (no object per word or per statement); a
// statement's record and its alignment are made when asked for. `align` may call the core again (word
// vectors of candidate sentences) and the arrays are reused by the next call, so use a Grounding before
// the next `ground` call only.
//
// Method (docs/metrics/faithfulness.md):
//  - Words and sentences come from the core tokeniser (assembly/text/tokenise.ts). A term is a
//    lower-cased word with a possessive or plural -s dropped; stop words are not terms.
//  - Candidates: BM25 (k1 1.2, b 0.75) of the statement's terms over the context's sentences, top K.
//  - Coverage of a statement by a sentence: IDF-weighted share of its terms the sentence holds; a term
//    the sentence lacks counts by its best word-vector cosine to the sentence's words (core
//    `vectorsWords`, GloVe 64-d), mapped (cos - 0.45) / 0.4 into 0..1, and at SOMEWHERE credit when the
//    term occurs elsewhere in the context (a statement may merge two sentences).
//  - Exact evidence: numbers (digits and number words), months and weekdays, capitalised names and
//    negation cues must agree. A number, date or name of the statement found nowhere in the context is
//    a `changed` mismatch when the best sentence holds another of the same kind (intrinsic), else
//    `missing` (extrinsic); a negation present on one side only is a `negation` mismatch.
import type { Context } from '../../shared/context.js'
import { TOK, WORD_IDS } from '../../../core/abi.js'
import type { TextRef } from '../../../core/wasm.js'
import { contrastGroups } from './contrast.js'

/** One atomic statement of the grounded text. */
export interface Statement {
  /** The statement's text (a sentence, or one clause of it). */
  text: string
  /** [start, end) of the statement in string indices of the grounded text. */
  span: [number, number]
  /** [start, end) of the sentence holding it. */
  sentence: [number, number]
}

export type TermKind = 'word' | 'number' | 'date' | 'name'

export interface ContextSentence {
  /** Index of its chunk in the context array. */
  chunk: number
  /** [start, end) in string indices of its chunk's text. */
  span: [number, number]
  text: string
}

export interface Support {
  /** Index into `sentences`. */
  sentence: number
  bm25: number
  /** 0..1: IDF-weighted share of the statement's terms this sentence (or, in part, the context) covers. */
  coverage: number
}

export interface Mismatch {
  kind: 'changed' | 'missing' | 'negation' | 'swap'
  /** The statement's term (for negation: the cue, or the statement's first word when the sentence has the cue). */
  term: string
  span: [number, number]
  /** Kind of the term (number, date, name; 'word' for a swap) or 'negation'. */
  of: TermKind | 'negation'
  /** For `changed`: the sentence's terms of the same kind; for `swap`: the sentence's contrasting word. */
  against?: string[]
}

export interface Alignment {
  /** Best candidates by coverage, best first (at most K). Empty when no sentence shares a term. */
  support: Support[]
  /** Coverage of the best candidate (0 when none). */
  coverage: number
  /** The aligned terms (negation cues are not among them), for explanations. */
  terms: Terms
  /** Each term's 0..1 match in the best sentence. */
  match: Float64Array
  /** Each term's IDF weight. */
  weight: Float64Array
  mismatches: Mismatch[]
  /** Share of the statement's words (stop words included) found anywhere in the context (a statement's alignment), else coverage. */
  wordOverlap: number
}

export interface Grounding {
  /** Statements of the grounded text. */
  count: number
  /** Statement `i` as plain data (made when asked for). */
  statement(i: number): Statement
  /** Align statement `i` (its terms, and its words for `wordOverlap`). */
  alignStatement(i: number): Alignment
  /** Every term of the grounded text, in order (slice it for a run of them). */
  terms(): Terms
  /** Align any terms of the grounded text. */
  align(terms: Terms): Alignment
  /** Context sentence `i` (an index of `Support.sentence`). */
  sentence(i: number): ContextSentence
  /**
   * Chunks holding each term (indices into the chunks, ascending), and the IDF weight the alignment gives
   * it; one pass over the terms' postings (linear in the context).
   */
  chunksOf(terms: Terms): { chunks: number[]; weight: number }[]
  /** Numbers, dates and names of chunk `c` (key and kind). */
  specialsOf(c: number): { key: string; kind: TermKind }[]
  /** Numbers, dates and names of a string not in core memory (key and kind). */
  specialsIn(text: string): { key: string; kind: TermKind }[]
}

/** Candidates scored for coverage per statement. */
export const K = 4
/** Sentences a term may be in and still pick candidates (see align). */
export const MAX_POSTINGS = 256
/** Credit for a term found elsewhere in the context but not in the sentence. */
export const SOMEWHERE = 0.6
/** Coverage of a statement's other terms above which a differing number, date or name is a change. */
export const CHANGED_MIN = 0.6
/**
 * Share of the rest of a statement (IDF-weighted, word vectors included) the sentence must cover for a
 * word swapped for its contrast to contradict: below it the two need not speak of the same thing.
 */
export const SWAP_REST = 0.75
const K1 = 1.2
const B = 0.75

const STOP = new Set(
  (
    'a an the and or but if then than so of to in on at by for with from into onto over under about as is are was were be been being am ' +
    'do does did doing done have has had having i me my mine we us our you your he him his she her it its they them their this that these ' +
    'those there here what which who whom whose when where why how all any both each few more most other some such only own same too very ' +
    'can will just should would could may might must shall also s t d ll m re ve up out off again further once because while until during ' +
    'before after above below between through against yes oh well like get got one\'s'
  ).split(' ')
)
const NEGATION = new Set(['not', 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'nor', 'cannot', 'without', "n't", 'nowhere'])
const NUMBER_WORDS = new Map<string, string>(Object.entries({
  zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16', seventeen: '17', eighteen: '18',
  nineteen: '19', twenty: '20', thirty: '30', forty: '40', fifty: '50', sixty: '60', seventy: '70', eighty: '80', ninety: '90',
  hundred: '100', thousand: '1000', million: '1000000', billion: '1000000000', dozen: '12', third: '3rd'
}))
const DATE_WORDS = new Set(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday'.split(
    ' '
  )
)
// "one" is a pronoun and "second" a unit as often as numbers: they are plain words.
NUMBER_WORDS.delete('one')

const UPPER = /^\p{Lu}/u
const DIGIT = /\d/

const isApos = (c: number) => c === 39 || c === 0x2019

function hasDigit(w: string): boolean {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i)
    if (c >= 48 && c <= 57) return true
  }
  return false
}

function normalise(lower: string): string {
  let w = lower
  const n = w.length
  if (n > 2 && w.charCodeAt(n - 1) === 115 && isApos(w.charCodeAt(n - 2))) w = w.slice(0, -2)
  else if (n > 1 && isApos(w.charCodeAt(n - 1))) w = w.slice(0, -1)
  if (hasDigit(w)) return w.replace(/[,\s]/g, '').replace(/\.0+$/, '')
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y'
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1)
  return w
}

interface Tokenised {
  /** Word spans in string indices and bytes (from the text's start), flattened. */
  words: Uint32Array
  wordBytes: Uint32Array
  sentences: Uint32Array
  /** The core's id of each word (assembly/text/wordids.ts; WORD_IDS.NONE: not kept). */
  ids: Uint32Array
}

/**
 * The grounded text's words, sentences and word ids: views of core memory, made after the last call that
 * may grow it (wordIds allocates), and read by `statementsOf` before the next call into the core. Only
 * text that is not ASCII copies its word byte offsets (into the lexicon's `wordBytes`), before they
 * become string indices in place.
 */
function tokenised(ctx: Context, ref: TextRef, lex: Lexicon): Tokenised {
  const core = ctx.core
  const flags = TOK.WORD_SPANS | TOK.SENTENCE_SPANS
  const res = core.exports.tokenise(ref.ptr, ref.len, flags)
  const [, , , , wordPtr, sentPtr, wordCount, sentCount] = core.u32(res, 8)
  // Ids by the words' bytes, before the spans become string indices in place.
  const idPtr = wordCount ? core.exports.wordIds(ref.ptr, wordPtr, wordCount) : 0
  let wordBytes = core.u32(wordPtr, wordCount * 2)
  if (!ref.ascii && wordCount) {
    lex.wordBytes = grown(lex.wordBytes, wordCount * 2)
    lex.wordBytes.set(wordBytes)
    wordBytes = lex.wordBytes.subarray(0, wordCount * 2)
  }
  if (wordCount) core.toStringIndices(ref, wordPtr, wordCount * 2)
  if (sentCount) core.toStringIndices(ref, sentPtr, sentCount * 2)
  // ASCII text: byte offsets are the string indices.
  const words = core.u32(wordPtr, wordCount * 2)
  const sentences = core.u32(sentPtr, sentCount * 2)
  const ids = core.u32(idPtr, wordCount)
  return { words, wordBytes, sentences, ids }
}

const NOT = 'not'
/** Kind of the word `keyOf` classified last (avoids an object per context word). */
let kindOf: TermKind = 'word'

/** True when the word at text[s] starts with an upper-case letter. */
function upperAt(text: string, s: number): boolean {
  const c = text.charCodeAt(s)
  if (c < 128) return c >= 65 && c <= 90
  return UPPER.test(text.slice(s, s + 2))
}

/** What `keyOf` says of a word read as no name: its key and kind ('word', 'number' or 'date'). */
type Keyed = { key: string | undefined; kind: TermKind }
/**
 * `keyOf`'s answers, kept across calls: a pure function of the word, and the words of a context repeat
 * (indexing 10 KB asked it 1,700 times for about 600 words). Cleared when full, so an open vocabulary
 * cannot grow it without bound.
 */
const keyed = new Map<string, Keyed>()
const KEYED_MAX = 50_000

/**
 * Key of a lower-cased word (NOT for a negation cue, undefined for a stop word); sets `kindOf`.
 * `name`: the word is capitalised and not its sentence's first.
 */
function keyOf(lower: string, name: boolean): string | undefined {
  let k = keyed.get(lower)
  if (k === undefined) {
    if (keyed.size >= KEYED_MAX) keyed.clear()
    k = keyOfWord(lower)
    keyed.set(lower, k)
  }
  kindOf = k.kind
  // Capitalised inside a sentence: a name, and "May" the month rather than the verb.
  if (name && k.kind === 'word' && k.key !== undefined && k.key !== NOT) kindOf = DATE_WORDS.has(lower) ? 'date' : 'name'
  return k.key
}

/** Term key of a plain word as the grounding reads it (undefined for a stop word, negation cue, number or date). */
export function wordKey(word: string): string | undefined {
  const key = keyOf(word.toLowerCase(), false)
  return key === NOT || kindOf !== 'word' ? undefined : key
}

function keyOfWord(lower: string): Keyed {
  if (NEGATION.has(lower) || lower.endsWith("n't") || lower.endsWith('n’t')) return { key: NOT, kind: 'word' }
  if (STOP.has(lower)) return { key: undefined, kind: 'word' }
  const key = normalise(lower)
  if (hasDigit(key)) return { key, kind: 'number' }
  const number = NUMBER_WORDS.get(lower)
  if (number !== undefined) return { key: number, kind: 'number' }
  // "may" is a month only when capitalised (keyOf).
  if (DATE_WORDS.has(lower) && lower !== 'may') return { key: lower.slice(0, 3), kind: 'date' }
  return { key, kind: 'word' }
}

// ---- statements ----------------------------------------------------------------------------------

// A bare "but", "whereas" or "and" is tried only from the start of its run of spaces (the lookbehind), so a
// long run of spaces costs one pass, not one pass per space.
const CLAUSE = /;\s+|,\s+(?:and|but|while|whereas|although)\s+|(?<!\s)\s+(?:but|whereas)\s+|(?<!\s)\s+and\s+/g
/** Fewest words on each side of a bare "and" for it to join two clauses rather than two nouns. */
const AND_MIN_WORDS = 4
/** A letter or a number (what the clause splitter counts as part of a word). */
const WORD_CHAR = /[\p{L}\p{N}]/u
/** `WORD_CHAR` of non-ASCII code points met so far (bounded). */
const wordCharOf = new Map<number, boolean>()

function isWordChar(cp: number): boolean {
  if (cp < 128) return (cp >= 48 && cp <= 57) || ((cp | 32) >= 97 && (cp | 32) <= 122)
  let v = wordCharOf.get(cp)
  if (v === undefined) {
    v = WORD_CHAR.test(String.fromCodePoint(cp))
    if (wordCharOf.size < 65_536) wordCharOf.set(cp, v)
  }
  return v
}

/**
 * Words of a sentence (maximal runs of letters and numbers) as sorted [start, end) runs, so that the
 * words of any slice are counted by two binary searches: the clause splitter asks at every "and", and
 * counting by slicing would read the rest of the sentence each time. One instance, its arrays reused
 * sentence after sentence (a regular expression's matches would be an object per word).
 */
class WordRuns {
  private starts = new Int32Array(64)
  private ends = new Int32Array(64)
  private n = 0

  /** Read the runs of text[a, b), as offsets from `a`. */
  read(text: string, a: number, b: number): void {
    let n = 0
    let open = -1
    for (let i = a; i < b; ) {
      const hi = text.charCodeAt(i)
      let cp = hi
      let len = 1
      if (hi >= 0xd800 && hi < 0xdc00 && i + 1 < b) {
        const lo = text.charCodeAt(i + 1)
        if (lo >= 0xdc00 && lo < 0xe000) {
          cp = ((hi - 0xd800) << 10) + (lo - 0xdc00) + 0x10000
          len = 2
        }
      }
      if (isWordChar(cp)) {
        if (open < 0) open = i - a
      } else if (open >= 0) {
        n = this.push(n, open, i - a)
        open = -1
      }
      i += len
    }
    if (open >= 0) n = this.push(n, open, b - a)
    this.n = n
  }

  private push(n: number, s: number, e: number): number {
    if (n === this.starts.length) {
      this.starts = grown(this.starts, n + 1)
      this.ends = grown(this.ends, n + 1)
    }
    this.starts[n] = s
    this.ends[n] = e
    return n + 1
  }

  /** Words with at least one character in [a, b): as many as a word match over sentence.slice(a, b) finds. */
  count(a: number, b: number): number {
    if (b <= a) return 0
    return firstAtLeast(this.starts, this.n, b) - firstAtLeast(this.ends, this.n, a + 1)
  }
}

/** Index of the first of the `n` first entries >= x in an ascending array. */
function firstAtLeast(sorted: Int32Array, n: number, x: number): number {
  let lo = 0
  let hi = n
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid] < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

const runs = new WordRuns()
/** Clause boundaries of the last `clauses` call: [start, end) pairs. */
let clauseAt = new Int32Array(64)

/**
 * Clause boundaries of one sentence: [start, end) pieces in string indices, into `clauseAt` (their count
 * returned). Splits at semicolons, at ", and" / ", but" and a bare "but", and at a bare "and" only
 * between two runs of AND_MIN_WORDS words (so "salt and pepper" stays whole). A piece without a word is
 * left out.
 */
function clauses(text: string, start: number, end: number): number {
  const sentence = text.slice(start, end)
  const words = runs
  words.read(text, start, end)
  let n = 0
  // Cuts [a, b) first (relative to the sentence), then the pieces between them, in place.
  let prev = 0
  const piece = (a: number, b: number) => {
    if (words.count(a, b) === 0) return
    if (2 * n + 2 > clauseAt.length) clauseAt = grown(clauseAt, 2 * n + 2)
    clauseAt[2 * n] = start + a
    clauseAt[2 * n + 1] = start + b
    n++
  }
  let from = 0
  CLAUSE.lastIndex = 0
  for (let m: RegExpExecArray | null; (m = CLAUSE.exec(sentence)); ) {
    const bare = /^\s+and\s+$/.test(m[0])
    const after = m.index + m[0].length
    if (bare && (words.count(prev, m.index) < AND_MIN_WORDS || words.count(after, sentence.length) < AND_MIN_WORDS)) continue
    if (words.count(prev, m.index) === 0) continue
    piece(from, m.index)
    from = after
    prev = after
  }
  piece(from, sentence.length)
  return n
}

// The grounded text's statements, STATEMENT_FIELDS int32 each in `Lexicon.statements`: span, its
// sentence's span (string indices), its terms [from, to) and words [from, to), and its first negation
// cue's span (-1 when it has none).
const ST_START = 0
const ST_END = 1
const ST_SENTENCE = 2
const ST_SENTENCE_END = 3
const ST_TERMS = 4
const ST_TERMS_END = 5
const ST_WORDS = 6
const ST_WORDS_END = 7
const ST_NEGATION = 8
const ST_NEGATION_END = 9
const STATEMENT_FIELDS = 10

/**
 * Terms of a text: keys (ids of `Lexicon.keys`), kinds, spans (string indices), byte ranges in core
 * memory (0, 0 for a string not in core memory) and the core's word ids, each in one typed array.
 */
class TermStore {
  n = 0
  constructor(
    readonly text: string,
    readonly lex: Lexicon,
    public key: Int32Array,
    public kind: Uint8Array,
    public span: Uint32Array,
    public bytes: Uint32Array,
    public word: Int32Array
  ) {}
}

/**
 * Terms [from, to) of a text's term store, in order; negation cues are not among them (`negation`: the
 * span of the first cue of the words they were read from, [-1, -1] when none). Nothing is copied: a
 * term's key, word and span are read when asked for.
 */
export class Terms {
  constructor(
    private readonly st: TermStore,
    private readonly from: number,
    private readonly to: number,
    readonly negationStart = -1,
    readonly negationEnd = -1
  ) {}

  get length(): number {
    return this.to - this.from
  }

  /** The text the terms were read from. */
  get text(): string {
    return this.st.text
  }

  /** Id of term j's key (`Lexicon.keys`). */
  keyId(j: number): number {
    return this.st.key[this.from + j]
  }

  key(j: number): string {
    return this.st.lex.keys[this.st.key[this.from + j]]
  }

  kindCode(j: number): number {
    return this.st.kind[this.from + j]
  }

  kind(j: number): TermKind {
    return KINDS[this.st.kind[this.from + j]]
  }

  start(j: number): number {
    return this.st.span[2 * (this.from + j)]
  }

  end(j: number): number {
    return this.st.span[2 * (this.from + j) + 1]
  }

  span(j: number): [number, number] {
    return [this.start(j), this.end(j)]
  }

  /** Term j as written. */
  word(j: number): string {
    return this.st.text.slice(this.start(j), this.end(j))
  }

  byteStart(j: number): number {
    return this.st.bytes[2 * (this.from + j)]
  }

  byteEnd(j: number): number {
    return this.st.bytes[2 * (this.from + j) + 1]
  }

  /** The core's id of term j's word (`Lexicon`'s word ids). */
  wordId(j: number): number {
    return this.st.word[this.from + j]
  }

  /** Terms [a, b) of these (no negation cue). */
  slice(a: number, b: number): Terms {
    return new Terms(this.st, this.from + a, this.from + b)
  }

  /** The terms' keys, with the negation key when a cue is among their words (numbers, dates and names never have it). */
  keySet(): Set<string> {
    const out = new Set<string>()
    for (let j = 0; j < this.length; j++) out.add(this.key(j))
    if (this.negationStart >= 0) out.add(NOT)
    return out
  }
}

/** The grounded text's statements, their words' lower-case ids and their terms, in the lexicon's buffers. */
interface StatementTable {
  count: number
  terms: TermStore
  /** Span of the text's first negation cue ([-1, -1]: none). */
  negation: [number, number]
}

/**
 * The statements of `text` (its words tokenised in `t`, its bytes at `base` of core memory): sentences
 * cut into clauses, and each clause's terms read through the core's word ids as the context's words are
 * (only a word the lexicon has not met is sliced and lower-cased). Everything goes into typed arrays.
 */
function statementsOf(text: string, t: Tokenised, base: number, lex: Lexicon): StatementTable {
  const nw = t.words.length >> 1
  lex.wordLower = grown(lex.wordLower, nw)
  lex.termKey = grown(lex.termKey, nw)
  lex.termKind = grown(lex.termKind, nw)
  lex.termSpan = grown(lex.termSpan, 2 * nw)
  lex.termBytes = grown(lex.termBytes, 2 * nw)
  lex.termWord = grown(lex.termWord, nw)
  const { wordLower, termKey, termKind, termSpan, termBytes, termWord } = lex
  let { key, kind: kinds, lower } = lex
  const ids = t.ids
  const negation: [number, number] = [-1, -1]
  let count = 0
  let terms = 0
  let w = 0
  for (let i = 0; i < t.sentences.length >> 1; i++) {
    const ss = t.sentences[2 * i]
    const se = t.sentences[2 * i + 1]
    const pieces = clauses(text, ss, se)
    for (let c = 0; c < pieces; c++) {
      const a = clauseAt[2 * c]
      // Trailing punctuation of a clause cut before the sentence's end stays out of its text.
      let b = clauseAt[2 * c + 1]
      while (b > a && /[\s,;:]/.test(text[b - 1])) b--
      while (w < nw && t.words[2 * w] < a) w++
      const wordFrom = w
      const termFrom = terms
      let negStart = -1
      let negEnd = -1
      for (; w < nw && t.words[2 * w + 1] <= b; w++) {
        const s = t.words[2 * w]
        const e = t.words[2 * w + 1]
        let id = ids[w]
        if (id === WORD_IDS.NONE || key[id] === KEY_UNKNOWN) {
          id = lex.meet(id, text.slice(s, e))
          ;({ key, kind: kinds, lower } = lex)
        }
        // A word with a capital sigma keeps the lower case of the word alone here (as the lexicon learns
        // it): only the context reads such a word in its chunk's lower case.
        wordLower[w] = lower[id]
        const k = key[id]
        if (k === KEY_STOP) continue
        if (k === KEY_NOT) {
          if (negStart < 0) {
            negStart = s
            negEnd = e
          }
          continue
        }
        let kind = kinds[id] & 3
        // Capitalised inside a sentence: a name, and "May" the month rather than the verb.
        if (kind === K_WORD && s !== ss && upperAt(text, s)) kind = kinds[id] & DATE_WORD ? K_DATE : K_NAME
        termKey[terms] = k
        termKind[terms] = kind
        termSpan[2 * terms] = s
        termSpan[2 * terms + 1] = e
        termBytes[2 * terms] = base + t.wordBytes[2 * w]
        termBytes[2 * terms + 1] = base + t.wordBytes[2 * w + 1]
        termWord[terms] = id
        terms++
      }
      if (negStart >= 0 && negation[0] < 0) {
        negation[0] = negStart
        negation[1] = negEnd
      }
      lex.statements = grown(lex.statements, (count + 1) * STATEMENT_FIELDS)
      const o = count++ * STATEMENT_FIELDS
      const S = lex.statements
      S[o + ST_START] = a
      S[o + ST_END] = b
      S[o + ST_SENTENCE] = ss
      S[o + ST_SENTENCE_END] = se
      S[o + ST_TERMS] = termFrom
      S[o + ST_TERMS_END] = terms
      S[o + ST_WORDS] = wordFrom
      S[o + ST_WORDS_END] = w
      S[o + ST_NEGATION] = negStart
      S[o + ST_NEGATION_END] = negEnd
    }
  }
  const store = new TermStore(text, lex, termKey, termKind, termSpan, termBytes, termWord)
  store.n = terms
  return { count, terms: store, negation }
}

// ---- the context index -----------------------------------------------------------------------------

// The context's sentences, SENTENCE_FIELDS int32 each in `Lexicon.sentences` (no object per sentence):
// chunk, span in the chunk (string indices), term ids [from, to) of the call's flat id list, terms
// counted (len), negated (0/1), byte range in core memory (word vectors on demand), words [from, to) of
// its chunk's words.
const S_CHUNK = 0
const S_START = 1
const S_END = 2
const S_FROM = 3
const S_TO = 4
const S_LEN = 5
const S_NEGATED = 6
const S_BYTES = 7
const S_BYTES_END = 8
const S_WORDS = 9
const S_WORDS_END = 10
const SENTENCE_FIELDS = 11

/** A number, date or name of a context sentence: key, kind, as written. */
type Special = { key: string; kind: TermKind; word: string }

const cosineToMatch = (c: number) => Math.max(0, Math.min(1, (c - 0.45) / 0.4))

// What the grounding knows of a word id of the core's table (assembly/text/wordids.ts), per id:
// its key (an id of `Lexicon.keys`, or KEY_STOP / KEY_NOT), its lower-case form (an id of `Lexicon.lowers`) and
// its kind. Kept across calls, as the table is.
const KEY_UNKNOWN = -3
const KEY_NOT = -2
const KEY_STOP = -1
const K_WORD = 0
const K_NUMBER = 1
const K_DATE = 2
const K_NAME = 3
const KINDS: TermKind[] = ['word', 'number', 'date', 'name']
/** Kind flag: a month or weekday name, read as a date rather than a name when capitalised (keyOf). */
const DATE_WORD = 4
/**
 * Kind flag: the word has a capital sigma, whose lower case depends on the letters around it
 * (final sigma): such a word is read from its chunk's lower case at each occurrence, as the words of a
 * context were read before ids.
 */
const SIGMA = 8

/** A typed array at least `n` long, keeping `a`'s contents (filled with `fill` beyond them). */
function grown<T extends Int32Array | Uint32Array | Uint8Array | Float64Array>(a: T, n: number, fill = 0): T {
  if (a.length >= n) return a
  const b = new (a.constructor as new (n: number) => T)(Math.max(n, a.length * 2, 64))
  b.set(a)
  if (fill !== 0) b.fill(fill, a.length)
  return b
}

/**
 * One core's word ids and what they mean, with the buffers of the call's index (a Grounding is used
 * before the next `ground` call only, so they are reused).
 */
class Lexicon {
  // Per word id: core ids first (below WORD_IDS.CAP), then ids of words the core did not keep (`extra`).
  key = new Int32Array(WORD_IDS.CAP).fill(KEY_UNKNOWN)
  lower = new Int32Array(WORD_IDS.CAP)
  kind = new Uint8Array(WORD_IDS.CAP)
  extra = new Map<string, number>()
  keyIds = new Map<string, number>()
  keys: string[] = []
  lowerIds = new Map<string, number>()
  // Per call: a call number stamps the keys and lower-case forms the context has.
  call = 0
  keyStamp = new Int32Array(0)
  keyCall = new Int32Array(0)
  lowerStamp = new Int32Array(0)
  // The call's index: key and kind of each word occurrence, term ids of each sentence, postings.
  occKey = new Int32Array(0)
  occKind = new Uint8Array(0)
  flat = new Int32Array(0)
  sentences = new Int32Array(0)
  df = new Int32Array(0)
  start = new Int32Array(0)
  pos = new Int32Array(0)
  postings = new Int32Array(0)
  counts = new Int32Array(0)
  acc = new Float64Array(0)
  /** Per call term: the statement mark last set on it (its distinct terms, see candidates). */
  mark = new Int32Array(0)
  // The grounded text (statementsOf): per word its lower-case id, per term its key, kind, span, byte
  // range and word id, per statement its fields (ST_*).
  wordLower = new Int32Array(0)
  /** Byte offsets of the grounded text's words when it is not ASCII (tokenised). */
  wordBytes = new Uint32Array(0)
  termKey = new Int32Array(0)
  termKind = new Uint8Array(0)
  termSpan = new Uint32Array(0)
  termBytes = new Uint32Array(0)
  termWord = new Int32Array(0)
  statements = new Int32Array(0)
  /**
   * Per word id: its best cosine (`cos`) to the words of the sentence it was last refined against
   * (`cosSentence`), in the call stamped `cosStamp`.
   */
  cosStamp = new Int32Array(0)
  cosSentence = new Int32Array(0)
  cos = new Float64Array(0)
  /** Scratch of one alignment: the refined terms and their vectors (refine). */
  soft = new Int32Array(64)
  softVectors = new Int32Array(64)
  /** The last stamp set on `cosStamp` (kept across calls, as the stamps are). */
  cosStamped = 0

  /** True when the tables should be emptied before a call (the core's table nearly full, or many words beside it). */
  full(count: number): boolean {
    return count > WORD_IDS.CAP - 2048 || this.extra.size > 4096 || this.keyIds.size > 2 * WORD_IDS.CAP || this.lowerIds.size > 2 * WORD_IDS.CAP
  }

  clear(): void {
    this.key.fill(KEY_UNKNOWN)
    this.extra.clear()
    this.keyIds.clear()
    this.keys.length = 0
    this.lowerIds.clear()
  }

  keyId(key: string): number {
    let id = this.keyIds.get(key)
    if (id === undefined) {
      id = this.keys.length
      this.keyIds.set(key, id)
      this.keys.push(key)
      this.keyStamp = grown(this.keyStamp, id + 1)
      this.keyCall = grown(this.keyCall, id + 1)
    }
    return id
  }

  lowerId(lower: string): number {
    let id = this.lowerIds.get(lower)
    if (id === undefined) {
      id = this.lowerIds.size
      this.lowerIds.set(lower, id)
      this.lowerStamp = grown(this.lowerStamp, id + 1)
    }
    return id
  }

  /** Id of a word the core did not keep. */
  extraId(word: string): number {
    let id = this.extra.get(word)
    if (id === undefined) {
      id = WORD_IDS.CAP + this.extra.size
      this.extra.set(word, id)
      this.key = grown(this.key, id + 1, KEY_UNKNOWN)
      this.lower = grown(this.lower, id + 1)
      this.kind = grown(this.kind, id + 1)
    }
    return id
  }

  /** Key id (or KEY_STOP, KEY_NOT) and kind code of a lower-cased word; its key's kind as `keyOf` reads it uncapitalised. */
  private read(lower: string): [number, number] {
    const key = keyOf(lower, false)
    const k = key === undefined ? KEY_STOP : key === NOT ? KEY_NOT : this.keyId(key)
    const kind = kindOf === 'number' ? K_NUMBER : kindOf === 'date' ? K_DATE : K_WORD
    return [k, kind | (DATE_WORDS.has(lower) ? DATE_WORD : 0)]
  }

  /**
   * The id of `word`, whose core id is `id` (WORD_IDS.NONE: the core did not keep it), learned when the
   * lexicon has not met it. May grow the lexicon's arrays: read them again after.
   */
  meet(id: number, word: string): number {
    if (id === WORD_IDS.NONE) id = this.extraId(word)
    if (this.key[id] === KEY_UNKNOWN) this.learn(id, word)
    return id
  }

  /** Learn what word `id` (spelled `word`) means. */
  learn(id: number, word: string): void {
    const lower = word.toLowerCase()
    const [k, kind] = this.read(lower)
    this.key[id] = k
    this.lower[id] = this.lowerId(lower)
    this.kind[id] = kind | (word.includes('\u03a3') ? SIGMA : 0)
  }

  /** Key id, kind and lower-case id of a word with a capital sigma, lower-cased as part of its chunk. */
  readInContext(lower: string): [number, number, number] {
    const [k, kind] = this.read(lower)
    return [k, kind, this.lowerId(lower)]
  }
}

const lexicons = new WeakMap<Context['core'], Lexicon>()

/** The lexicon of the core's word ids, the table reserved on first use and emptied when nearly full. Resets the call arena. */
function lexiconOf(core: Context['core']): Lexicon {
  let lex = lexicons.get(core)
  core.exports.reset()
  if (!lex) {
    core.exports.wordIdsInit()
    lex = new Lexicon()
    lexicons.set(core, lex)
  } else if (lex.full(core.exports.wordIdsCount())) {
    core.exports.wordIdsClear()
    lex.clear()
  }
  lex.call++
  return lex
}

/**
 * A chunk as indexed: its text, its word spans (string indices, u32 pairs at `wordPtr` of the call's
 * core memory), where its words' occurrences start, and its sentences ([from, to) of the index's).
 */
type IndexedChunk = { text: string; wordPtr: number; words: number; occ: number; sentences: [number, number] }

/**
 * The context's sentences indexed for BM25. Terms are numbered per call (0..terms-1): df, and the
 * postings of term t at [start[t], start[t + 1]) of `postings` (sentences, ascending) and `counts`
 * (occurrences in each).
 */
class ContextIndex {
  /** Sentences indexed (their fields in `lex.sentences`). */
  n = 0
  readonly chunks: IndexedChunk[] = []
  terms = 0
  private readonly specials = new Map<number, Special[]>()

  constructor(
    readonly lex: Lexicon,
    private readonly core: Context['core']
  ) {}

  /** The call's term id of key `k` (an id of `Lexicon.keys`), or -1 when no context sentence has it. */
  idOf(k: number): number {
    return this.lex.keyStamp[k] === this.lex.call ? this.lex.keyCall[k] : -1
  }

  /** Sentences holding term `id`. */
  df(id: number): number {
    return this.lex.df[id]
  }

  /** Field `f` (S_*) of sentence `i`. */
  at(i: number, f: number): number {
    return this.lex.sentences[i * SENTENCE_FIELDS + f]
  }

  /** Sentence `i` as plain data. */
  sentence(i: number): ContextSentence {
    const c = this.at(i, S_CHUNK)
    const span: [number, number] = [this.at(i, S_START), this.at(i, S_END)]
    return { chunk: c, span, text: this.chunks[c].text.slice(span[0], span[1]) }
  }

  /** Numbers, dates and names of sentence `i` (capitalised words not first in their sentence are names). */
  special(i: number): Special[] {
    let out = this.specials.get(i)
    if (out) return out
    out = []
    const { text, wordPtr, words: nw, occ } = this.chunks[this.at(i, S_CHUNK)]
    const words = this.core.u32(wordPtr, 2 * nw)
    const { occKey, occKind, keys } = this.lex
    const ss = this.at(i, S_START)
    for (let w = this.at(i, S_WORDS); w < this.at(i, S_WORDS_END); w++) {
      const k = occKey[occ + w]
      if (k < 0) continue
      let kind = occKind[occ + w] & 3
      const a = words[2 * w]
      if (kind === K_WORD) {
        if (a === ss || !upperAt(text, a)) continue
        kind = occKind[occ + w] & DATE_WORD ? K_DATE : K_NAME
      }
      out.push({ key: keys[k], kind: KINDS[kind], word: text.slice(a, words[2 * w + 1]) })
    }
    this.specials.set(i, out)
    return out
  }
}

/**
 * Write each chunk into the core, tokenise it, and index its sentences' terms. A word is read through
 * its id (assembly/text/wordids.ts): only a word the lexicon has not met is sliced and lower-cased, so a
 * context of known words costs array reads, not a string per word. Spans and ids are read in core
 * memory (no copies); document frequencies are counted on the way, postings filled after.
 */
function indexContext(ctx: Context, lex: Lexicon, chunks: string[]): ContextIndex {
  const core = ctx.core
  const ix = new ContextIndex(lex, core)
  const call = lex.call
  let flatLen = 0
  let occ = 0
  let terms = 0
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c]
    const { cref, wordPtr, nw, ns, words, sentences, ids, bytesOf } = tokeniseChunk(core, chunk)
    ix.chunks.push({ text: chunk, wordPtr, words: nw, occ, sentences: [ix.n, ix.n + ns] })
    reserve(lex, ix.n + ns, occ + nw, flatLen + nw, terms + nw + 1)
    const { occKey, occKind, flat, df, pos, sentences: S } = lex
    // The lexicon's arrays, read again after it learns a word (learning may grow them).
    let { key, kind: kinds, lower, lowerStamp, keyStamp, keyCall } = lex
    // Lower-cased whole only for a word with a capital sigma (see SIGMA).
    let lowered: string | undefined
    let w = 0
    for (let i = 0; i < ns; i++) {
      const ss = sentences[2 * i]
      const se = sentences[2 * i + 1]
      while (w < nw && words[2 * w] < ss) w++
      const si = ix.n + 1
      const from = flatLen
      const wordFrom = w
      let negated = false
      let len = 0
      for (; w < nw && words[2 * w + 1] <= se; w++) {
        let id = ids[w]
        if (id === WORD_IDS.NONE || key[id] === KEY_UNKNOWN) {
          id = lex.meet(id, chunk.slice(words[2 * w], words[2 * w + 1]))
          ;({ key, kind: kinds, lower, lowerStamp, keyStamp, keyCall } = lex)
        }
        let k = key[id]
        let kind = kinds[id]
        let lowerId = lower[id]
        if (kind & SIGMA) {
          lowered ??= chunk.toLowerCase()
          const a = words[2 * w]
          const b = words[2 * w + 1]
          ;[k, kind, lowerId] = lex.readInContext(lowered.length === chunk.length ? lowered.slice(a, b) : chunk.slice(a, b).toLowerCase())
          ;({ key, kind: kinds, lower, lowerStamp, keyStamp, keyCall } = lex)
        }
        lowerStamp[lowerId] = call
        occKey[occ + w] = k
        occKind[occ + w] = kind
        if (k === KEY_STOP) continue
        if (k === KEY_NOT) {
          negated = true
          continue
        }
        len++
        let t: number
        if (keyStamp[k] !== call) {
          keyStamp[k] = call
          t = keyCall[k] = terms++
          df[t] = 0
          pos[t] = 0
        } else t = keyCall[k]
        flat[flatLen++] = t
        // `pos` holds the last sentence (+1) counted in t's document frequency.
        if (pos[t] !== si) {
          pos[t] = si
          df[t]++
        }
      }
      const o = ix.n++ * SENTENCE_FIELDS
      S[o + S_CHUNK] = c
      S[o + S_START] = ss
      S[o + S_END] = se
      S[o + S_FROM] = from
      S[o + S_TO] = flatLen
      S[o + S_LEN] = len
      S[o + S_NEGATED] = negated ? 1 : 0
      S[o + S_BYTES] = cref.ptr + bytesOf[2 * i]
      S[o + S_BYTES_END] = cref.ptr + bytesOf[2 * i + 1]
      S[o + S_WORDS] = wordFrom
      S[o + S_WORDS_END] = w
    }
    occ += nw
  }
  ix.terms = terms
  postingsOf(ix, flatLen)
  return ix
}

/** Room in the lexicon's call arrays for `sentences` sentences, `occ` word occurrences, `flat` terms in sentences and `terms` distinct terms. */
function reserve(lex: Lexicon, sentences: number, occ: number, flat: number, terms: number): void {
  lex.sentences = grown(lex.sentences, sentences * SENTENCE_FIELDS)
  lex.occKey = grown(lex.occKey, occ)
  lex.occKind = grown(lex.occKind, occ)
  lex.flat = grown(lex.flat, flat)
  lex.df = grown(lex.df, terms)
  lex.pos = grown(lex.pos, terms)
}

/**
 * A context chunk written into the core and tokenised: its word and sentence spans as string indices,
 * its word ids, and its sentences' byte ranges (for word vectors; the spans themselves for ASCII text).
 * The views stay valid while nothing grows core memory: indexContext's loop calls no core function.
 */
function tokeniseChunk(core: Context['core'], chunk: string) {
  const cref = core.write(chunk)
  const r = core.u32(core.exports.tokenise(cref.ptr, cref.len, TOK.WORD_SPANS | TOK.SENTENCE_SPANS), 8)
  const wordPtr = r[4]
  const sentPtr = r[5]
  const nw = r[6]
  const ns = r[7]
  // Ids and sentence byte ranges before the spans become string indices in place.
  const idPtr = nw ? core.exports.wordIds(cref.ptr, wordPtr, nw) : 0
  const sentenceBytes = cref.ascii || !ns ? undefined : core.u32(sentPtr, 2 * ns).slice()
  if (nw) core.toStringIndices(cref, wordPtr, nw * 2)
  if (ns) core.toStringIndices(cref, sentPtr, ns * 2)
  const sentences = core.u32(sentPtr, 2 * ns)
  return { cref, wordPtr, nw, ns, words: core.u32(wordPtr, 2 * nw), sentences, ids: core.u32(idPtr, nw), bytesOf: sentenceBytes ?? sentences }
}

/** Postings of the call's terms (document frequencies counted): offsets, then one pass over the sentences. */
function postingsOf(ix: ContextIndex, flatLen: number): void {
  const lex = ix.lex
  const m = ix.terms
  lex.start = grown(lex.start, m + 1)
  lex.postings = grown(lex.postings, flatLen)
  lex.counts = grown(lex.counts, flatLen)
  const { df, start, pos, postings, counts, flat } = lex
  let at = 0
  for (let t = 0; t < m; t++) {
    start[t] = at
    pos[t] = at
    at += df[t]
  }
  start[m] = at
  // `pos[t]` is where t's next posting goes; a sentence seen again for t adds to its count.
  const S = lex.sentences
  for (let i = 0; i < ix.n; i++) {
    const to = S[i * SENTENCE_FIELDS + S_TO]
    for (let k = S[i * SENTENCE_FIELDS + S_FROM]; k < to; k++) {
      const t = flat[k]
      const p = pos[t]
      if (p > start[t] && postings[p - 1] === i) counts[p - 1]++
      else {
        postings[p] = i
        counts[p] = 1
        pos[t] = p + 1
      }
    }
  }
}

/** The best candidate of a statement: its support entry and each term's 0..1 match in it. */
type Best = { support: Support; match: Float64Array }

/** A word of a context sentence that has contrasts (contrast.ts): its key and the word as written. */
type ContrastWord = { key: string; word: string }

/**
 * Slot of a contrast word: one of its groups, and the key id of the term before it (side 0) or after it
 * (side 1) in its sentence. At most SLOT_WORDS words are kept per slot: a statement word needs one that
 * its statement lacks, and a sentence of thousands of "blue" must not cost every statement all of them.
 */
const slotOf = (group: number, side: number, key: number) => (group * 2 + side) * 0x400000 + key
const SLOT_WORDS = 4

/**
 * Aligns statements against one indexed context: BM25 candidates, their exact coverage, word vectors for
 * the best one, and the mismatches of numbers, dates, names and negation. Holds the BM25 accumulators
 * every statement reuses (only the touched entries are reset). Per statement it makes its result and
 * typed arrays of its terms' ids, weights and matches: no object per term.
 */
class Aligner {
  private readonly n: number
  private readonly avgLen: number
  private readonly acc: Float64Array
  private readonly touched: number[] = []
  /** The K best candidates so far: sentences and scores, best first. */
  private readonly topI = new Int32Array(K)
  private readonly topV = new Float64Array(K)
  /** Weight of a term the context lacks (the IDF of a term in no sentence). */
  private readonly maxIdf: number
  /** The last mark set on `lex.mark` (a statement's distinct terms, see candidates). */
  private marked = 0
  private readonly dims: number
  /** The word vectors of each sentence refined so far, embedded once per call (`vectorsAt`). */
  private readonly sentenceVectors = new Map<number, [number, number, number] | undefined>()
  /** This call's stamp on `lex.cosStamp`. */
  private readonly cosStamp: number
  /** The slots of the contrast words of each sentence read so far (`contrastSlots`), once per call. */
  private readonly contrastOf = new Map<number, Map<number, ContrastWord[]>>()

  constructor(
    private readonly ix: ContextIndex,
    private readonly core: Context['core']
  ) {
    const n = ix.n
    this.n = n
    let lens = 0
    for (let i = 0; i < n; i++) lens += ix.at(i, S_LEN)
    this.avgLen = n ? lens / n : 1
    // Marks restart each call (a call's terms are new).
    ix.lex.mark = grown(ix.lex.mark, ix.terms)
    ix.lex.mark.fill(0, 0, ix.terms)
    // The accumulators are the lexicon's, zero between statements (only touched entries are set).
    ix.lex.acc = grown(ix.lex.acc, n)
    this.acc = ix.lex.acc
    this.dims = core.exports.vectorsDims()
    this.maxIdf = Math.log(1 + (n + 0.5) / 0.5)
    this.cosStamp = ++ix.lex.cosStamped
  }

  /** IDF of the call's term `id` (-1: in no sentence). */
  private idfOf(id: number): number {
    const d = id < 0 ? 0 : this.ix.df(id)
    return Math.log(1 + (this.n - d + 0.5) / (d + 0.5))
  }

  /** True when sentence `i` holds the call's term `id`: a binary search of its postings (ascending sentences). */
  private holds(i: number, id: number): boolean {
    const { start, postings } = this.ix.lex
    let lo = start[id]
    let hi = start[id + 1]
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (postings[mid] < i) lo = mid + 1
      else hi = mid
    }
    return lo < start[id + 1] && postings[lo] === i
  }

  /**
   * Word runs of bytes [from, to) of core memory with their unit vectors: count and the pointers of their
   * spans and vectors (no copy: read them before the next core call, or through a view made after it;
   * the arena keeps them until the next `ground`).
   */
  private vectorsAt(from: number, to: number): [number, number, number] | undefined {
    if (this.dims === 0 || to <= from) return undefined
    const [count, spans, vecs] = this.core.embedWords(from, to - from)
    return [count, spans, vecs]
  }

  /**
   * Where the unit word vector of each of `count` terms (`at`: indices into `terms`) is in core memory,
   * in floats (-1: none; none for a word of several runs (don't, COVID-19) or without a vector). One core
   * call over the terms' byte range; a term's run is found by a binary search of the runs' starts.
   */
  private termVectors(terms: Terms, at: Int32Array, count: number): Int32Array {
    const dims = this.dims
    const lex = this.ix.lex
    lex.softVectors = grown(lex.softVectors, count)
    const out = lex.softVectors
    out.fill(-1, 0, count)
    let from = Infinity
    let to = 0
    for (let k = 0; k < count; k++) {
      const j = at[k]
      if (terms.byteStart(j) < from) from = terms.byteStart(j)
      if (terms.byteEnd(j) > to) to = terms.byteEnd(j)
    }
    const got = this.vectorsAt(from, to)
    if (!got) return out
    const [runs, spansPtr, vecPtr] = got
    const spans = this.core.u32(spansPtr, runs * 2)
    const vecs = this.core.f32(vecPtr, runs * dims)
    for (let k = 0; k < count; k++) {
      const j = at[k]
      const b0 = terms.byteStart(j) - from
      const b1 = terms.byteEnd(j) - from
      let lo = 0
      let hi = runs
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (spans[2 * mid] < b0) lo = mid + 1
        else hi = mid
      }
      if (lo === runs || spans[2 * lo] !== b0 || b1 <= b0 || spans[2 * lo + 1] !== b1) continue
      for (let x = lo * dims; x < (lo + 1) * dims; x++) {
        if (vecs[x] !== 0) {
          out[k] = (vecPtr >> 2) + lo * dims
          break
        }
      }
    }
    return out
  }

  /** Align `terms`; with statement words [wordFrom, wordTo) of the grounded text, their overlap with the context too. */
  align(terms: Terms, wordFrom = 0, wordTo = -1): Alignment {
    const n = terms.length
    const ids = new Int32Array(n)
    for (let j = 0; j < n; j++) ids[j] = this.ix.idOf(terms.keyId(j))
    const top = this.candidates(ids)
    const weight = new Float64Array(n)
    let total = 0
    for (let j = 0; j < n; j++) {
      weight[j] = this.idfOf(ids[j]) || this.maxIdf
      total += weight[j]
    }
    const support: Support[] = []
    const best = this.exactSupport(top, ids, weight, total, support)
    if (best && this.dims > 0) this.refine(best, terms, weight, total)
    support.sort((a, b) => b.coverage - a.coverage || b.bm25 - a.bm25)
    let match: Float64Array
    let coverage: number
    if (best) {
      match = best.match
      coverage = best.support.coverage
    } else {
      match = new Float64Array(n)
      let sum = 0
      for (let j = 0; j < n; j++) {
        match[j] = ids[j] >= 0 ? SOMEWHERE : 0
        sum += match[j] * weight[j]
      }
      coverage = total > 0 ? sum / total : 0
    }
    const mismatches = this.mismatches(terms, ids, weight, best)
    let wordOverlap = coverage
    if (wordTo > wordFrom) {
      const { wordLower, lowerStamp, call } = this.ix.lex
      let found = 0
      for (let w = wordFrom; w < wordTo; w++) if (lowerStamp[wordLower[w]] === call) found++
      wordOverlap = found / (wordTo - wordFrom)
    }
    return { support, coverage, terms, match, weight, mismatches, wordOverlap }
  }

  /**
   * The top K sentences by BM25 over the statement's distinct terms, best first (ties: earlier sentence
   * first), in `topI` (sentences) and `topV` (scores); returns how many. Each term costs its postings. A term in more than MAX_POSTINGS sentences is
   * too common to pick candidates (and would make many statements against a long context quadratic): it
   * is skipped here, or, when every term is that common, read for its first MAX_POSTINGS sentences only.
   * It still counts in coverage.
   */
  private candidates(ids: Int32Array): number {
    const { df, mark } = this.ix.lex
    const { acc, touched } = this
    // Distinct terms in order of first occurrence (marked once each): are any rare enough to pick, and
    // which common one is rarest (the first of the fewest sentences).
    let m = ++this.marked
    let rare = false
    let rarest = -1
    for (let j = 0; j < ids.length; j++) {
      const id = ids[j]
      if (id < 0 || mark[id] === m) continue
      mark[id] = m
      if (df[id] <= MAX_POSTINGS) rare = true
      else if (rarest < 0 || df[id] < df[rarest]) rarest = id
    }
    // The picked terms' postings, in order of first occurrence: the rare ones, else the rarest.
    if (rare) {
      m = ++this.marked
      for (let j = 0; j < ids.length; j++) {
        const id = ids[j]
        if (id < 0 || mark[id] === m) continue
        mark[id] = m
        if (df[id] <= MAX_POSTINGS) this.accumulate(id)
      }
    } else if (rarest >= 0) this.accumulate(rarest)
    // Top K by a linear pass (insertion into K slots).
    const { topI, topV } = this
    let size = 0
    for (const i of touched) {
      const v = acc[i]
      if (size === K && (v < topV[K - 1] || (v === topV[K - 1] && i > topI[K - 1]))) continue
      let at = size < K ? size++ : K - 1
      while (at > 0 && (topV[at - 1] < v || (topV[at - 1] === v && topI[at - 1] > i))) {
        topI[at] = topI[at - 1]
        topV[at] = topV[at - 1]
        at--
      }
      topI[at] = i
      topV[at] = v
    }
    for (const i of touched) acc[i] = 0
    touched.length = 0
    return size
  }

  /** Add the BM25 part of the call's term `id` to its first MAX_POSTINGS sentences' accumulators. */
  private accumulate(id: number): void {
    const { sentences: S, start, postings, counts, df } = this.ix.lex
    const { acc, touched, avgLen } = this
    const w = this.idfOf(id)
    const from = start[id]
    const count = Math.min(df[id], MAX_POSTINGS)
    for (let k = 0; k < count; k++) {
      const i = postings[from + k]
      const f = counts[from + k]
      if (acc[i] === 0) touched.push(i)
      acc[i] += (w * f * (K1 + 1)) / (f + K1 * (1 - B + (B * S[i * SENTENCE_FIELDS + S_LEN]) / avgLen))
    }
  }

  /** A term's exact match in sentence `i`: 1 when it holds the term, SOMEWHERE when the context does, else 0. */
  private exact(i: number, id: number): number {
    return id < 0 ? 0 : this.holds(i, id) ? 1 : SOMEWHERE
  }

  /**
   * Exact coverage of each candidate, pushed to `support` in candidate order; the best one (first of the
   * highest) with its terms' matches. A candidate costs a binary search per term, not a pass over the
   * sentence (a statement against one long sentence would read the whole sentence per statement).
   */
  private exactSupport(top: number, ids: Int32Array, weight: Float64Array, total: number, support: Support[]): Best | undefined {
    let best: Support | undefined
    for (let t = 0; t < top; t++) {
      const i = this.topI[t]
      const bm25 = this.topV[t]
      let sum = 0
      for (let j = 0; j < ids.length; j++) sum += this.exact(i, ids[j]) * weight[j]
      const coverage = total > 0 ? sum / total : 0
      const sup = { sentence: i, bm25, coverage }
      support.push(sup)
      if (!best || coverage > best.coverage) best = sup
    }
    if (!best) return undefined
    const match = new Float64Array(ids.length)
    for (let j = 0; j < ids.length; j++) match[j] = this.exact(best.sentence, ids[j])
    return { support: best, match }
  }

  /**
   * Word vectors refine the best candidate only (the costly part): a word term the sentence lacks counts
   * by its best cosine to the sentence's words. Numbers, dates and names count only by their exact form;
   * a vector would blur 1995 into 1996. A word's cosine to a sentence is computed once per call (its
   * vector depends on its spelling only).
   */
  private refine(best: Best, terms: Terms, weight: Float64Array, total: number): void {
    const dims = this.dims
    const lex = this.ix.lex
    const { match } = best
    let count = 0
    for (let j = 0; j < terms.length; j++) {
      if (terms.kindCode(j) !== K_WORD || match[j] >= 1) continue
      if (count === lex.soft.length) lex.soft = grown(lex.soft, count + 1)
      lex.soft[count++] = j
    }
    if (!count) return
    const soft = lex.soft
    const vs = this.termVectors(terms, soft, count)
    const i = best.support.sentence
    // Many statements may refine against one sentence: its vectors stay in the call's arena, and
    // embedding it again per statement would grow the arena (and the time) with statements x sentence.
    let sv = this.sentenceVectors.get(i)
    if (!this.sentenceVectors.has(i)) {
      sv = this.vectorsAt(this.ix.at(i, S_BYTES), this.ix.at(i, S_BYTES_END))
      this.sentenceVectors.set(i, sv)
    }
    if (!sv) return
    // Both vector sets read through one view of core memory, made after the last core call.
    const mem = this.core.f32(0, this.core.exports.memory.buffer.byteLength >>> 2)
    const rows = sv[0]
    const base = sv[2] >> 2
    lex.cosStamp = grown(lex.cosStamp, lex.key.length)
    lex.cosSentence = grown(lex.cosSentence, lex.key.length)
    lex.cos = grown(lex.cos, lex.key.length)
    const { cosStamp, cosSentence, cos } = lex
    const stamp = this.cosStamp
    for (let k = 0; k < count; k++) {
      const v = vs[k]
      if (v < 0) continue
      const j = soft[k]
      const word = terms.wordId(j)
      let c: number
      if (cosStamp[word] === stamp && cosSentence[word] === i) c = cos[word]
      else {
        c = 0
        for (let r = 0; r < rows; r++) {
          let d = 0
          const o = base + r * dims
          for (let x = 0; x < dims; x++) d += mem[v + x] * mem[o + x]
          if (d > c) c = d
        }
        cosStamp[word] = stamp
        cosSentence[word] = i
        cos[word] = c
      }
      match[j] = Math.max(match[j], cosineToMatch(c))
    }
    let sum = 0
    for (let j = 0; j < match.length; j++) sum += match[j] * weight[j]
    best.support.coverage = total > 0 ? sum / total : 0
  }

  /** Numbers, dates and names of the statement found nowhere in the context (changed or missing), and negation. */
  private mismatches(terms: Terms, ids: Int32Array, weight: Float64Array, best: Best | undefined): Mismatch[] {
    const mismatches: Mismatch[] = []
    // A number, date or name counts as changed only when the rest of the statement is about the same
    // thing as the sentence (its other terms mostly covered); otherwise it is simply missing.
    let restW = 0
    let restM = 0
    for (let j = 0; j < ids.length; j++) {
      if (terms.kindCode(j) !== K_WORD && ids[j] < 0) continue
      restW += weight[j]
      restM += weight[j] * (best ? best.match[j] : 0)
    }
    const aboutSame = restW > 0 && restM / restW >= CHANGED_MIN
    let own: Set<string> | undefined
    let againstOf: Map<TermKind, string[]> | undefined
    for (let j = 0; j < ids.length; j++) {
      if (terms.kindCode(j) === K_WORD || ids[j] >= 0) continue
      const kind = terms.kind(j)
      againstOf ??= new Map()
      let against = againstOf.get(kind)
      if (!against) {
        if (best && aboutSame) {
          own ??= terms.keySet()
          const mine = own
          against = [...new Set(this.ix.special(best.support.sentence).filter((u) => u.kind === kind && !mine.has(u.key)).map((u) => u.word))]
        } else against = []
        againstOf.set(kind, against)
      }
      if (against.length) mismatches.push({ kind: 'changed', term: terms.word(j), span: terms.span(j), of: kind, against })
      else mismatches.push({ kind: 'missing', term: terms.word(j), span: terms.span(j), of: kind })
    }
    const negated = terms.negationStart >= 0
    const differs = best !== undefined && negated !== (this.ix.at(best.support.sentence, S_NEGATED) === 1)
    const swaps = best ? this.swaps(terms, ids, weight, best) : undefined
    // One swap under a negation on one side only agrees: "not closed" for "open", "not red" for "blue".
    if (swaps && swaps.length === 1 && differs) return mismatches
    if (swaps) mismatches.push(...swaps)
    if (best && best.support.coverage >= 0.5 && differs) {
      // The cue, or the statement's first term when only the sentence has one.
      if (negated) mismatches.push({ kind: 'negation', term: terms.text.slice(terms.negationStart, terms.negationEnd), span: [terms.negationStart, terms.negationEnd], of: 'negation' })
      else if (terms.length) mismatches.push({ kind: 'negation', term: terms.word(0), span: terms.span(0), of: 'negation' })
    }
    return mismatches
  }

  /**
   * Words of the statement swapped for a contrast (contrast.ts) in the same slot of the best sentence: a
   * plain word the sentence lacks, the sentence holding a word of one of its groups that the statement
   * lacks, a neighbouring term (the one before or after) the same on both sides, and the rest of the
   * statement covered (SWAP_REST). Costs a map look-up per plain word the sentence lacks, and two per
   * group of a word with contrasts; the sentence's words are read once per call, and only when a
   * statement word has contrasts.
   */
  private swaps(terms: Terms, ids: Int32Array, weight: Float64Array, best: Best): Mismatch[] | undefined {
    const i = best.support.sentence
    const n = terms.length
    let out: Mismatch[] | undefined
    let own: Set<string> | undefined
    for (let j = 0; j < n; j++) {
      if (terms.kindCode(j) !== K_WORD || (ids[j] >= 0 && this.holds(i, ids[j]))) continue
      const key = terms.key(j)
      const groups = contrastGroups(key)
      if (!groups) continue
      let restW = 0
      let restM = 0
      for (let k = 0; k < n; k++) {
        if (k === j) continue
        restW += weight[k]
        restM += weight[k] * best.match[k]
      }
      if (restW === 0 || restM / restW < SWAP_REST) continue
      const slots = this.contrastSlots(i)
      let found: ContrastWord | undefined
      for (let g = 0; g < groups.length && !found; g++) {
        for (let side = 0; side < 2 && !found; side++) {
          const neighbour = side === 0 ? (j > 0 ? terms.keyId(j - 1) : -1) : j + 1 < n ? terms.keyId(j + 1) : -1
          const words = neighbour >= 0 ? slots.get(slotOf(groups[g], side, neighbour)) : undefined
          if (!words) continue
          own ??= terms.keySet()
          for (const c of words) {
            if (c.key !== key && !own.has(c.key)) {
              found = c
              break
            }
          }
        }
      }
      if (found) (out ??= []).push({ kind: 'swap', term: terms.word(j), span: terms.span(j), of: 'word', against: [found.word] })
    }
    return out
  }

  /** The words of sentence `i` that have contrasts, by slot (group and neighbouring term): one pass, once per call. */
  private contrastSlots(i: number): Map<number, ContrastWord[]> {
    let out = this.contrastOf.get(i)
    if (out) return out
    const slots = new Map<number, ContrastWord[]>()
    const put = (groups: Int32Array, side: number, neighbour: number, c: ContrastWord) => {
      for (let g = 0; g < groups.length; g++) {
        const at = slotOf(groups[g], side, neighbour)
        const list = slots.get(at)
        if (!list) slots.set(at, [c])
        else if (list.length < SLOT_WORDS) list.push(c)
      }
    }
    const chunk = this.ix.chunks[this.ix.at(i, S_CHUNK)]
    const { occKey, keys } = this.ix.lex
    let words: Uint32Array | undefined
    let prev = -1
    let last: [ContrastWord, Int32Array] | undefined
    for (let w = this.ix.at(i, S_WORDS); w < this.ix.at(i, S_WORDS_END); w++) {
      const k = occKey[chunk.occ + w]
      if (k < 0) continue
      if (last) put(last[1], 1, k, last[0])
      last = undefined
      const groups = contrastGroups(keys[k])
      if (groups) {
        words ??= this.core.u32(chunk.wordPtr, 2 * chunk.words)
        const c = { key: keys[k], word: chunk.text.slice(words[2 * w], words[2 * w + 1]) }
        if (prev >= 0) put(groups, 0, prev, c)
        last = [c, groups]
      }
      prev = k
    }
    this.contrastOf.set(i, (out = slots))
    return out
  }

  /** Chunks holding each term (ascending) and its IDF weight; one pass over the terms' postings. */
  chunksOf(terms: Terms): { chunks: number[]; weight: number }[] {
    const { start, postings } = this.ix.lex
    const memo = new Map<number, number[]>()
    const out: { chunks: number[]; weight: number }[] = []
    for (let j = 0; j < terms.length; j++) {
      const key = terms.keyId(j)
      const id = this.ix.idOf(key)
      let chunks = memo.get(key)
      if (!chunks) {
        chunks = []
        if (id >= 0) {
          for (let k = start[id]; k < start[id + 1]; k++) {
            const c = this.ix.at(postings[k], S_CHUNK)
            if (chunks[chunks.length - 1] !== c) chunks.push(c)
          }
        }
        memo.set(key, chunks)
      }
      out.push({ chunks, weight: this.idfOf(id) || this.maxIdf })
    }
    return out
  }
}

/** Numbers, dates and names of a string not in core memory: its words as the grounded text's are read (key and kind). */
function specialsIn(s: string): { key: string; kind: TermKind }[] {
  const out: { key: string; kind: TermKind }[] = []
  const re = /[\p{L}\p{N}]+(?:[’'.,\-][\p{L}\p{N}]+)*/gu
  let first = true
  for (let m: RegExpExecArray | null; (m = re.exec(s)); ) {
    const key = keyOf(m[0].toLowerCase(), !first && upperAt(s, m.index))
    first = false
    if (key !== undefined && kindOf !== 'word') out.push({ key, kind: kindOf })
  }
  return out
}

/**
 * Tokenise `text` (the statements' source) and `chunks` (the context) in one call into the core, and
 * index the context's sentences. Resets the core's per-call memory.
 */
export function ground(ctx: Context, text: string, chunks: string[]): Grounding {
  const lex = lexiconOf(ctx.core)
  const ref = ctx.core.write(text)
  const own = tokenised(ctx, ref, lex)
  const table = statementsOf(text, own, ref.ptr, lex)
  const ix = indexContext(ctx, lex, chunks)
  const aligner = new Aligner(ix, ctx.core)
  // A chunk's numbers, dates and names, read when asked for.
  const byChunk: { key: string; kind: TermKind }[][] = []
  const specialsOf = (c: number) => {
    if (byChunk[c] === undefined) {
      byChunk[c] = []
      const [from, to] = ix.chunks[c].sentences
      for (let i = from; i < to; i++) for (const x of ix.special(i)) byChunk[c].push(x)
    }
    return byChunk[c]
  }
  const S = lex.statements
  const field = (i: number, f: number) => S[i * STATEMENT_FIELDS + f]
  const termsOf = (i: number) =>
    new Terms(table.terms, field(i, ST_TERMS), field(i, ST_TERMS_END), field(i, ST_NEGATION), field(i, ST_NEGATION_END))
  return {
    count: table.count,
    statement: (i) => ({
      text: text.slice(field(i, ST_START), field(i, ST_END)),
      span: [field(i, ST_START), field(i, ST_END)],
      sentence: [field(i, ST_SENTENCE), field(i, ST_SENTENCE_END)]
    }),
    alignStatement: (i) => aligner.align(termsOf(i), field(i, ST_WORDS), field(i, ST_WORDS_END)),
    terms: () => new Terms(table.terms, 0, table.terms.n, table.negation[0], table.negation[1]),
    align: (terms) => aligner.align(terms),
    sentence: (i) => ix.sentence(i),
    chunksOf: (terms) => aligner.chunksOf(terms),
    specialsOf: (c) => (c >= 0 && c < chunks.length ? specialsOf(c) : []),
    specialsIn
  }
}
