// Grounding: which sentences of a context support each statement of a text. Shared by faithfulness,
// context relevancy, summarization and (through `ground`) the relevancy metrics.
//
// API (small on purpose):
//   const g = ground(ctx, text, chunks)   // one call into the core: tokenises text and chunks, indexes
//                                         // the chunks' sentences (BM25 with the context as collection)
//   g.statements                          // atomic statements of `text` (see statements below)
//   g.sentence(i)                         // context sentence i: { chunk, span, text }
//   g.align(st.terms, st.words)           // Alignment: best supporting sentences, coverage, mismatches
//   g.terms(anyText)                      // terms of another string (e.g. a query aspect) to align
// Everything a Grounding returns is plain data (copied out of core memory); `align` may call the core
// again (word vectors of candidate sentences), so use a Grounding before the next `ground` call only.
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

/** One atomic statement of the grounded text. */
export interface Statement {
  /** The statement's text (a sentence, or one clause of it). */
  text: string
  /** [start, end) of the statement in string indices of the grounded text. */
  span: [number, number]
  /** [start, end) of the sentence holding it. */
  sentence: [number, number]
  terms: Term[]
  /** Every word of the statement, lower-cased (stop words included). */
  words: string[]
}

export interface Term {
  /** Normalised key (lower case, -s and possessive dropped; numbers without separators). */
  key: string
  /** As written. */
  word: string
  kind: TermKind
  /** [start, end) in string indices of the text it came from. */
  span: [number, number]
  /** UTF-8 byte range in core memory (for its word vector). */
  bytes: [number, number]
  /** True for a negation cue (not, never, no, n't ...); such words are not terms for coverage. */
  negation?: boolean
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
  kind: 'changed' | 'missing' | 'negation'
  /** The statement's term (for negation: the cue, or the statement's first word when the sentence has the cue). */
  term: string
  span: [number, number]
  /** Kind of the term (number, date, name) or 'negation'. */
  of: TermKind | 'negation'
  /** For `changed`: the sentence's terms of the same kind. */
  against?: string[]
}

export interface Alignment {
  /** Best candidates by coverage, best first (at most K). Empty when no sentence shares a term. */
  support: Support[]
  /** Coverage of the best candidate (0 when none). */
  coverage: number
  /** Terms of the statement with their 0..1 match in the best sentence, for explanations. */
  matched: { term: Term; match: number; weight: number }[]
  mismatches: Mismatch[]
  /** Share of the statement's words (stop words included) found anywhere in the context (`words` given), else coverage. */
  wordOverlap: number
}

export interface Grounding {
  statements: Statement[]
  /** Context sentence `i` (an index of `Support.sentence`). */
  sentence(i: number): ContextSentence
  /** Align a statement's terms; pass its `words` (a statement's own, from `statements`) too for `wordOverlap`. */
  align(terms: Term[], words?: string[]): Alignment
  /**
   * Chunks holding each term (indices into the chunks, ascending), and the IDF weight the alignment gives
   * it; one pass over the terms' postings (linear in the context).
   */
  chunksOf(terms: Term[]): { chunks: number[]; weight: number }[]
  /** Numbers, dates and names of chunk `c` (key and kind). */
  specialsOf(c: number): { key: string; kind: TermKind }[]
  /** Terms of `text` (not in core memory: no byte ranges, so no word vectors unless it is the grounded text). */
  terms(text: string, offset?: number): Term[]
}

/** Candidates scored for coverage per statement. */
export const K = 4
/** Sentences a term may be in and still pick candidates (see align). */
export const MAX_POSTINGS = 256
/** Credit for a term found elsewhere in the context but not in the sentence. */
export const SOMEWHERE = 0.6
/** Coverage of a statement's other terms above which a differing number, date or name is a change. */
export const CHANGED_MIN = 0.6
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
  /** Word spans in string indices and bytes, flattened. */
  words: Uint32Array
  wordBytes: Uint32Array
  sentences: Uint32Array
  sentenceBytes: Uint32Array
}

function tokenised(ctx: Context, ref: TextRef): Tokenised {
  const core = ctx.core
  const flags = TOK.WORD_SPANS | TOK.SENTENCE_SPANS
  const res = core.exports.tokenise(ref.ptr, ref.len, flags)
  const [, , , , wordPtr, sentPtr, wordCount, sentCount] = core.u32(res, 8)
  const wordBytes = wordCount ? core.u32(wordPtr, wordCount * 2).slice() : new Uint32Array(0)
  const sentenceBytes = sentCount ? core.u32(sentPtr, sentCount * 2).slice() : new Uint32Array(0)
  if (wordCount) core.toStringIndices(ref, wordPtr, wordCount * 2)
  if (sentCount) core.toStringIndices(ref, sentPtr, sentCount * 2)
  // ASCII text: byte offsets are the string indices.
  const words = wordCount && !ref.ascii ? core.u32(wordPtr, wordCount * 2).slice() : wordBytes
  const sentences = sentCount && !ref.ascii ? core.u32(sentPtr, sentCount * 2).slice() : sentenceBytes
  return { words, wordBytes, sentences, sentenceBytes }
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

/** Term of the word at [s, e) of `text` (bytes [bs, be) of core memory); undefined for a stop word. */
function termOf(text: string, s: number, e: number, bs: number, be: number, first: boolean): Term | undefined {
  const word = text.slice(s, e)
  const key = keyOf(word.toLowerCase(), !first && upperAt(text, s))
  if (key === undefined) return undefined
  const term: Term = { key, word, kind: kindOf, span: [s, e], bytes: [bs, be] }
  if (key === NOT) term.negation = true
  return term
}

/** Terms of words [from, to) of a tokenised text. */
function termsIn(text: string, t: Tokenised, base: number, from: number, to: number, sentenceStart: number, words?: string[] | Set<string>): Term[] {
  const out: Term[] = []
  for (let w = from; w < to; w++) {
    const s = t.words[2 * w]
    if (words) {
      const lower = text.slice(s, t.words[2 * w + 1]).toLowerCase()
      if (Array.isArray(words)) words.push(lower)
      else words.add(lower)
    }
    const term = termOf(text, s, t.words[2 * w + 1], base + t.wordBytes[2 * w], base + t.wordBytes[2 * w + 1], s === sentenceStart)
    if (term) out.push(term)
  }
  return out
}

// ---- statements ----------------------------------------------------------------------------------

// A bare "but", "whereas" or "and" is tried only from the start of its run of spaces (the lookbehind), so a
// long run of spaces costs one pass, not one pass per space.
const CLAUSE = /;\s+|,\s+(?:and|but|while|whereas|although)\s+|(?<!\s)\s+(?:but|whereas)\s+|(?<!\s)\s+and\s+/g
/** Fewest words on each side of a bare "and" for it to join two clauses rather than two nouns. */
const AND_MIN_WORDS = 4
const WORD = /[\p{L}\p{N}]+/gu

/**
 * Words of a sentence as sorted [start, end) runs, so that the words of any slice are counted by two
 * binary searches: the clause splitter asks at every "and", and counting by slicing would read the rest
 * of the sentence each time.
 */
class WordRuns {
  private readonly starts: number[] = []
  private readonly ends: number[] = []
  constructor(sentence: string) {
    for (const m of sentence.matchAll(WORD)) {
      this.starts.push(m.index)
      this.ends.push(m.index + m[0].length)
    }
  }
  /** Words with at least one character in [a, b): as many as a word match over sentence.slice(a, b) finds. */
  count(a: number, b: number): number {
    if (b <= a) return 0
    return firstAtLeast(this.starts, b) - firstAtLeast(this.ends, a + 1)
  }
}

/** Index of the first entry >= x in an ascending array. */
function firstAtLeast(sorted: number[], x: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid] < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Clause boundaries of one sentence: [start, end) pieces in string indices. Splits at semicolons, at
 * ", and" / ", but" and a bare "but", and at a bare "and" only between two runs of AND_MIN_WORDS words
 * (so "salt and pepper" stays whole).
 */
function clauses(text: string, start: number, end: number): [number, number][] {
  const sentence = text.slice(start, end)
  const words = new WordRuns(sentence)
  const cuts: [number, number][] = []
  CLAUSE.lastIndex = 0
  for (let m: RegExpExecArray | null; (m = CLAUSE.exec(sentence)); ) {
    const bare = /^\s+and\s+$/.test(m[0])
    const prev = cuts.length ? cuts[cuts.length - 1][1] : 0
    const after = m.index + m[0].length
    if (bare && (words.count(prev, m.index) < AND_MIN_WORDS || words.count(after, sentence.length) < AND_MIN_WORDS)) continue
    if (words.count(prev, m.index) === 0) continue
    cuts.push([m.index, after])
  }
  const out: [number, number][] = []
  let from = 0
  for (const [a, b] of cuts) {
    out.push([start + from, start + a])
    from = b
  }
  out.push([start + from, end])
  return out.filter(([a, b]) => words.count(a - start, b - start) > 0)
}

function statementsOf(text: string, t: Tokenised, base: number): Statement[] {
  const out: Statement[] = []
  let w = 0
  const nw = t.words.length >> 1
  for (let i = 0; i < t.sentences.length >> 1; i++) {
    const ss = t.sentences[2 * i]
    const se = t.sentences[2 * i + 1]
    for (const [a, b0] of clauses(text, ss, se)) {
      // Trailing punctuation of a clause cut before the sentence's end stays out of its text.
      let b = b0
      while (b > a && /[\s,;:]/.test(text[b - 1])) b--
      while (w < nw && t.words[2 * w] < a) w++
      let e = w
      while (e < nw && t.words[2 * e + 1] <= b) e++
      const words: string[] = []
      const terms = termsIn(text, t, base, w, e, ss, words)
      out.push({ text: text.slice(a, b), span: [a, b], sentence: [ss, se], terms, words })
      w = e
    }
  }
  return out
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
function grown<T extends Int32Array | Uint8Array | Float64Array>(a: T, n: number, fill = 0): T {
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
  /** Per call term: the statement mark last set on it (exact coverage of a candidate). */
  mark = new Int32Array(0)

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

  /** The call's term id of `key`, or -1 when no context sentence has it. */
  idOf(key: string): number {
    const k = this.lex.keyIds.get(key)
    return k !== undefined && this.lex.keyStamp[k] === this.lex.call ? this.lex.keyCall[k] : -1
  }

  /** True when a word of the context lower-cases to `lower`. */
  has(lower: string): boolean {
    const l = this.lex.lowerIds.get(lower)
    return l !== undefined && this.lex.lowerStamp[l] === this.lex.call
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
    const cref = core.write(chunk)
    const r = core.u32(core.exports.tokenise(cref.ptr, cref.len, TOK.WORD_SPANS | TOK.SENTENCE_SPANS), 8)
    const wordPtr = r[4]
    const sentPtr = r[5]
    const nw = r[6]
    const ns = r[7]
    // Ids and sentence byte ranges (for word vectors) before the spans become string indices in place.
    const idPtr = nw ? core.exports.wordIds(cref.ptr, wordPtr, nw) : 0
    const sentenceBytes = cref.ascii || !ns ? undefined : core.u32(sentPtr, 2 * ns).slice()
    if (nw) core.toStringIndices(cref, wordPtr, nw * 2)
    if (ns) core.toStringIndices(cref, sentPtr, ns * 2)
    // Views, valid while nothing grows core memory: the loop below calls no core function.
    const words = core.u32(wordPtr, 2 * nw)
    const sentences = core.u32(sentPtr, 2 * ns)
    const ids = core.u32(idPtr, nw)
    const bytesOf = sentenceBytes ?? sentences
    ix.chunks.push({ text: chunk, wordPtr, words: nw, occ, sentences: [ix.n, ix.n + ns] })
    lex.sentences = grown(lex.sentences, (ix.n + ns) * SENTENCE_FIELDS)
    lex.occKey = grown(lex.occKey, occ + nw)
    lex.occKind = grown(lex.occKind, occ + nw)
    lex.flat = grown(lex.flat, flatLen + nw)
    lex.df = grown(lex.df, terms + nw + 1)
    lex.pos = grown(lex.pos, terms + nw + 1)
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
          const word = chunk.slice(words[2 * w], words[2 * w + 1])
          if (id === WORD_IDS.NONE) id = lex.extraId(word)
          if (lex.key[id] === KEY_UNKNOWN) lex.learn(id, word)
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

/** The best candidate of a statement: its support entry and each content term's 0..1 match in it. */
type Best = { support: Support; match: number[] }

/**
 * Aligns statements against one indexed context: BM25 candidates, their exact coverage, word vectors for
 * the best one, and the mismatches of numbers, dates, names and negation. Holds the BM25 accumulators
 * every statement reuses (only the touched entries are reset).
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
  /** The last mark set on `lex.mark` (a candidate's terms, see exactSupport). */
  private marked = 0
  private readonly dims: number

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
  }

  /** IDF of the call's term `id` (-1: in no sentence). */
  private idfOf(id: number): number {
    const d = id < 0 ? 0 : this.ix.df(id)
    return Math.log(1 + (this.n - d + 0.5) / (d + 0.5))
  }

  /** Mark the terms of sentence `i` in `lex.mark`; returns the mark. */
  private markTerms(i: number): number {
    const { flat, mark } = this.ix.lex
    const m = ++this.marked
    for (let k = this.ix.at(i, S_FROM); k < this.ix.at(i, S_TO); k++) mark[flat[k]] = m
    return m
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
   * Where the unit word vector of each term is in core memory, in floats (-1: none; none for a word of
   * several runs (don't, COVID-19) or without a vector). One core call over the terms' byte range.
   */
  private termVectors(terms: Term[]): number[] {
    const dims = this.dims
    let from = Infinity
    let to = 0
    for (const t of terms) {
      if (t.bytes[0] < from) from = t.bytes[0]
      if (t.bytes[1] > to) to = t.bytes[1]
    }
    const got = this.vectorsAt(from, to)
    if (!got) return terms.map(() => -1)
    const [count, spansPtr, vecPtr] = got
    const at = this.core.u32(spansPtr, count * 2)
    const vecs = this.core.f32(vecPtr, count * dims)
    const runAt = new Map<number, number>()
    for (let r = 0; r < count; r++) runAt.set(at[2 * r] + from, r)
    return terms.map((t) => {
      const r = runAt.get(t.bytes[0])
      if (r === undefined || t.bytes[1] <= t.bytes[0] || at[2 * r + 1] + from !== t.bytes[1]) return -1
      for (let x = r * dims; x < (r + 1) * dims; x++) if (vecs[x] !== 0) return (vecPtr >> 2) + r * dims
      return -1
    })
  }

  align(terms: Term[], words?: string[]): Alignment {
    const content = terms.filter((t) => !t.negation)
    const ids = content.map((t) => this.ix.idOf(t.key))
    const top = this.candidates(ids)
    const weights = ids.map((id) => this.idfOf(id) || this.maxIdf)
    const total = weights.reduce((a, b) => a + b, 0)
    const support: Support[] = []
    const best = this.exactSupport(top, ids, weights, total, support)
    if (best && this.dims > 0) this.refine(best, content, weights, total)
    support.sort((a, b) => b.coverage - a.coverage || b.bm25 - a.bm25)
    const mismatches = this.mismatches(terms, content, ids, weights, best)
    const matched = content.map((term, j) => ({ term, match: best ? best.match[j] : ids[j] >= 0 ? SOMEWHERE : 0, weight: weights[j] }))
    const coverage = best ? best.support.coverage : total > 0 ? matched.reduce((a, m) => a + m.match * m.weight, 0) / total : 0
    const ix = this.ix
    const wordOverlap = words && words.length ? words.filter((w) => ix.has(w)).length / words.length : coverage
    return { support, coverage, matched, mismatches, wordOverlap }
  }

  /**
   * The top K sentences by BM25 over the statement's distinct terms ([sentence, score], best first; ties:
   * earlier sentence first). Each term costs its postings. A term in more than MAX_POSTINGS sentences is
   * too common to pick candidates (and would make many statements against a long context quadratic): it
   * is skipped here, or, when every term is that common, read for its first MAX_POSTINGS sentences only.
   * It still counts in coverage.
   */
  private candidates(termIds: number[]): [number, number][] {
    const S = this.ix.lex.sentences
    const { start, postings, counts, df } = this.ix.lex
    const { acc, touched, avgLen } = this
    const distinct = new Set<number>()
    for (const id of termIds) if (id >= 0) distinct.add(id)
    const seen = [...distinct]
    const rare = seen.filter((id) => df[id] <= MAX_POSTINGS)
    const pick = rare.length ? rare : seen.slice().sort((a, b) => df[a] - df[b]).slice(0, 1)
    for (const id of pick) {
      const w = this.idfOf(id)
      const from = start[id]
      const m = Math.min(df[id], MAX_POSTINGS)
      for (let k = 0; k < m; k++) {
        const i = postings[from + k]
        const f = counts[from + k]
        if (acc[i] === 0) touched.push(i)
        acc[i] += (w * f * (K1 + 1)) / (f + K1 * (1 - B + (B * S[i * SENTENCE_FIELDS + S_LEN]) / avgLen))
      }
    }
    // Top K by a linear pass (insertion into K slots; pairs made once, at the end).
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
    const top: [number, number][] = []
    for (let k = 0; k < size; k++) top.push([topI[k], topV[k]])
    return top
  }

  /** Exact coverage of each candidate, pushed to `support` in candidate order; the best one (first of the highest). */
  private exactSupport(top: [number, number][], termIds: number[], weights: number[], total: number, support: Support[]): Best | undefined {
    let best: Best | undefined
    const mark = this.ix.lex.mark
    for (const [i, bm25] of top) {
      const m = this.markTerms(i)
      const match = termIds.map((id): number => (id < 0 ? 0 : mark[id] === m ? 1 : SOMEWHERE))
      const coverage = total > 0 ? match.reduce((a, m, j) => a + m * weights[j], 0) / total : 0
      const sup = { sentence: i, bm25, coverage }
      support.push(sup)
      if (!best || coverage > best.support.coverage) best = { support: sup, match }
    }
    return best
  }

  /**
   * Word vectors refine the best candidate only (the costly part): a word term the sentence lacks counts
   * by its best cosine to the sentence's words. Numbers, dates and names count only by their exact form;
   * a vector would blur 1995 into 1996.
   */
  private refine(best: Best, content: Term[], weights: number[], total: number): void {
    const dims = this.dims
    const softAt = content.map((_, j) => j).filter((j) => content[j].kind === 'word' && best.match[j] < 1)
    const soft = softAt.map((j) => content[j])
    if (!soft.length) return
    const vs = this.termVectors(soft)
    const i = best.support.sentence
    const sv = this.vectorsAt(this.ix.at(i, S_BYTES), this.ix.at(i, S_BYTES_END))
    if (!sv) return
    // Both vector sets read through one view of core memory, made after the last core call.
    const mem = this.core.f32(0, this.core.exports.memory.buffer.byteLength >> 2)
    const rows = sv[0]
    const base = sv[2] >> 2
    soft.forEach((_t, k) => {
      const v = vs[k]
      if (v < 0) return
      let c = 0
      for (let r = 0; r < rows; r++) {
        let d = 0
        const o = base + r * dims
        for (let x = 0; x < dims; x++) d += mem[v + x] * mem[o + x]
        if (d > c) c = d
      }
      const j = softAt[k]
      best.match[j] = Math.max(best.match[j], cosineToMatch(c))
    })
    best.support.coverage = total > 0 ? best.match.reduce((a, m, j) => a + m * weights[j], 0) / total : 0
  }

  /** Numbers, dates and names of the statement found nowhere in the context (changed or missing), and negation. */
  private mismatches(terms: Term[], content: Term[], termIds: number[], weights: number[], best: Best | undefined): Mismatch[] {
    const mismatches: Mismatch[] = []
    // A number, date or name counts as changed only when the rest of the statement is about the same
    // thing as the sentence (its other terms mostly covered); otherwise it is simply missing.
    let restW = 0
    let restM = 0
    content.forEach((t, j) => {
      if (t.kind !== 'word' && termIds[j] < 0) return
      restW += weights[j]
      restM += weights[j] * (best ? best.match[j] : 0)
    })
    const aboutSame = restW > 0 && restM / restW >= CHANGED_MIN
    const own = new Set(terms.map((t) => t.key))
    const againstOf = new Map<TermKind, string[]>()
    content.forEach((t, j) => {
      if (t.kind === 'word' || termIds[j] >= 0) return
      let against = againstOf.get(t.kind)
      if (!against) {
        against = best && aboutSame ? [...new Set(this.ix.special(best.support.sentence).filter((u) => u.kind === t.kind && !own.has(u.key)).map((u) => u.word))] : []
        againstOf.set(t.kind, against)
      }
      if (against.length) mismatches.push({ kind: 'changed', term: t.word, span: t.span, of: t.kind, against })
      else mismatches.push({ kind: 'missing', term: t.word, span: t.span, of: t.kind })
    })
    const negation = terms.find((t) => t.negation)
    if (best && best.support.coverage >= 0.5 && Boolean(negation) !== (this.ix.at(best.support.sentence, S_NEGATED) === 1)) {
      const first = negation ?? terms[0]
      if (first) mismatches.push({ kind: 'negation', term: first.word, span: first.span, of: 'negation' })
    }
    return mismatches
  }

  /** Chunks holding each term (ascending) and its IDF weight; one pass over the terms' postings. */
  chunksOf(terms: Term[]): { chunks: number[]; weight: number }[] {
    const { start, postings } = this.ix.lex
    const memo = new Map<string, number[]>()
    return terms.map((t) => {
      const id = this.ix.idOf(t.key)
      let chunks = memo.get(t.key)
      if (!chunks) {
        chunks = []
        if (id >= 0) {
          for (let k = start[id]; k < start[id + 1]; k++) {
            const c = this.ix.at(postings[k], S_CHUNK)
            if (chunks[chunks.length - 1] !== c) chunks.push(c)
          }
        }
        memo.set(t.key, chunks)
      }
      return { chunks, weight: this.idfOf(id) || this.maxIdf }
    })
  }
}

/** Terms of a string not in core memory (no byte ranges), spans shifted by `offset`. */
function termsOfText(s: string, offset = 0): Term[] {
  const out: Term[] = []
  const re = /[\p{L}\p{N}]+(?:[’'.,\-][\p{L}\p{N}]+)*/gu
  let first = true
  for (let m: RegExpExecArray | null; (m = re.exec(s)); ) {
    const t = termOf(s, m.index, m.index + m[0].length, 0, 0, first)
    first = false
    if (t) {
      t.span = [t.span[0] + offset, t.span[1] + offset]
      out.push(t)
    }
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
  const own = tokenised(ctx, ref)
  const statements = statementsOf(text, own, ref.ptr)
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
  return {
    statements,
    sentence: (i) => ix.sentence(i),
    align: (terms, words) => aligner.align(terms, words),
    terms: termsOfText,
    chunksOf: (terms) => aligner.chunksOf(terms),
    specialsOf: (c) => (c >= 0 && c < chunks.length ? specialsOf(c) : [])
  }
}
