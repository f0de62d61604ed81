// Grounding: which sentences of a context support each statement of a text. Shared by faithfulness,
// context relevancy, summarization and (through `ground`) the relevancy metrics.
//
// API (small on purpose):
//   const g = ground(ctx, text, chunks)   // one call into the core: tokenises text and chunks, indexes
//                                         // the chunks' sentences (BM25 with the context as collection)
//   g.statements                          // atomic statements of `text` (see statements below)
//   g.sentences                           // context sentences: { chunk, span, text }
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
import { TOK } from '../../../core/abi.js'
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
  sentences: ContextSentence[]
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
  const words = wordCount ? core.u32(wordPtr, wordCount * 2).slice() : wordBytes
  const sentences = sentCount ? core.u32(sentPtr, sentCount * 2).slice() : sentenceBytes
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

interface Indexed {
  sentence: ContextSentence
  /** Its term ids ([from, to) of the call's flat id list). */
  from: number
  to: number
  /** Its numbers, dates and names: key, kind, as written. */
  special: { key: string; kind: TermKind; word: string }[]
  len: number
  negated: boolean
  /** Byte range in core memory, for word vectors on demand. */
  bytes: [number, number]
}

const cosineToMatch = (c: number) => Math.max(0, Math.min(1, (c - 0.45) / 0.4))

/**
 * The context's sentences indexed for BM25. Terms are interned once per call: ids index df, postings
 * and counts (no map per sentence).
 */
interface ContextIndex {
  indexed: Indexed[]
  ids: Map<string, number>
  /** Term ids of every sentence, one run after another (`Indexed.from`..`to`). */
  flat: number[]
  df: number[]
  /** Sentences holding each term, ascending. */
  postings: number[][]
  /** Occurrences of the term in each sentence of its postings. */
  counts: number[][]
  keys: string[]
  /** The statements' words (lower-cased, stop words included) that the context has too. */
  seen: Set<string>
}

/**
 * Write each chunk into the core, tokenise it and index its sentences' terms. Of the context's words only
 * those in `wanted` (the statements' words) are kept as words: a set of every context word cost a fifth of
 * a call against 10 KB.
 */
function indexContext(ctx: Context, chunks: string[], wanted: Set<string>): ContextIndex {
  const ix: ContextIndex = { indexed: [], ids: new Map(), flat: [], df: [], postings: [], counts: [], keys: [], seen: new Set() }
  chunks.forEach((chunk, c) => {
    const cref = ctx.core.write(chunk)
    const t = tokenised(ctx, cref)
    // Lower-case the chunk once; per word only where lowering changes a length (rare scripts).
    const lowered = chunk.toLowerCase()
    const sameLength = lowered.length === chunk.length
    let w = 0
    const nw = t.words.length >> 1
    for (let i = 0; i < t.sentences.length >> 1; i++) {
      const ss = t.sentences[2 * i]
      const se = t.sentences[2 * i + 1]
      while (w < nw && t.words[2 * w] < ss) w++
      const from = ix.flat.length
      const special: Indexed['special'] = []
      let negated = false
      let len = 0
      for (; w < nw && t.words[2 * w + 1] <= se; w++) {
        const a = t.words[2 * w]
        const b = t.words[2 * w + 1]
        const lower = sameLength ? lowered.slice(a, b) : chunk.slice(a, b).toLowerCase()
        if (wanted.has(lower)) ix.seen.add(lower)
        const key = keyOf(lower, a !== ss && upperAt(chunk, a))
        if (key === undefined) continue
        if (key === NOT) {
          negated = true
          continue
        }
        len++
        addPosting(ix, key, ix.indexed.length)
        if (kindOf !== 'word') special.push({ key, kind: kindOf, word: chunk.slice(a, b) })
      }
      ix.indexed.push({
        sentence: { chunk: c, span: [ss, se], text: chunk.slice(ss, se) },
        from,
        to: ix.flat.length,
        special,
        len,
        negated,
        bytes: [cref.ptr + t.sentenceBytes[2 * i], cref.ptr + t.sentenceBytes[2 * i + 1]]
      })
    }
  })
  return ix
}

/** One occurrence of `key` in sentence `sentence` (the sentence being indexed, so postings stay ascending). */
function addPosting(ix: ContextIndex, key: string, sentence: number): void {
  let id = ix.ids.get(key)
  if (id === undefined) {
    id = ix.df.length
    ix.ids.set(key, id)
    ix.df.push(0)
    ix.postings.push([])
    ix.counts.push([])
    ix.keys.push(key)
  }
  ix.flat.push(id)
  const p = ix.postings[id]
  if (p.length === 0 || p[p.length - 1] !== sentence) {
    p.push(sentence)
    ix.counts[id].push(1)
    ix.df[id]++
  } else ix.counts[id][p.length - 1]++
}

/** Unit word vectors of a byte range of core memory: run spans and vectors, copied out. */
type Vectors = { at: Uint32Array; vecs: Float32Array }

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
  /** Term ids of sentence `i`, built once per call for the sentences that become candidates. */
  private readonly sentenceIds = new Map<number, Set<number>>()
  private readonly dims: number

  constructor(
    private readonly ix: ContextIndex,
    private readonly core: Context['core']
  ) {
    const n = ix.indexed.length
    this.n = n
    this.avgLen = n ? ix.indexed.reduce((a, s) => a + s.len, 0) / n : 1
    this.acc = new Float64Array(n)
    this.dims = core.exports.vectorsDims()
  }

  idf(key: string): number {
    const id = this.ix.ids.get(key)
    const d = id === undefined ? 0 : this.ix.df[id]
    return Math.log(1 + (this.n - d + 0.5) / (d + 0.5))
  }

  private idsOf(i: number): Set<number> {
    let set = this.sentenceIds.get(i)
    if (!set) {
      const { indexed, flat } = this.ix
      set = new Set()
      for (let k = indexed[i].from; k < indexed[i].to; k++) set.add(flat[k])
      this.sentenceIds.set(i, set)
    }
    return set
  }

  private vectorsOf(bytes: [number, number]): Vectors | undefined {
    const dims = this.dims
    if (dims === 0 || bytes[1] <= bytes[0]) return undefined
    const [count, spans, vecPtr] = this.core.embedWords(bytes[0], bytes[1] - bytes[0])
    return { at: this.core.u32(spans, count * 2).slice(), vecs: this.core.f32(vecPtr, count * dims).slice() }
  }

  /** Unit word vectors of `terms` (one core call over their byte range); none for a word of several runs (don't, COVID-19). */
  private termVectors(terms: Term[]): (Float32Array | undefined)[] {
    const dims = this.dims
    let from = Infinity
    let to = 0
    for (const t of terms) {
      if (t.bytes[0] < from) from = t.bytes[0]
      if (t.bytes[1] > to) to = t.bytes[1]
    }
    const got = this.vectorsOf([from, to])
    if (!got) return terms.map(() => undefined)
    const runAt = new Map<number, number>()
    for (let r = 0; r < got.at.length >> 1; r++) runAt.set(got.at[2 * r] + from, r)
    return terms.map((t) => {
      const r = runAt.get(t.bytes[0])
      if (r === undefined || t.bytes[1] <= t.bytes[0] || got.at[2 * r + 1] + from !== t.bytes[1]) return undefined
      const v = got.vecs.subarray(r * dims, (r + 1) * dims)
      return v.some((x) => x !== 0) ? v : undefined
    })
  }

  align(terms: Term[], words?: string[]): Alignment {
    const content = terms.filter((t) => !t.negation)
    const top = this.candidates(content)
    const weights = content.map((t) => this.idf(t.key) || Math.log(1 + (this.n + 0.5) / 0.5))
    const total = weights.reduce((a, b) => a + b, 0)
    const support: Support[] = []
    const best = this.exactSupport(top, content, weights, total, support)
    if (best && this.dims > 0) this.refine(best, content, weights, total)
    support.sort((a, b) => b.coverage - a.coverage || b.bm25 - a.bm25)
    const mismatches = this.mismatches(terms, content, weights, best)
    const { ids } = this.ix
    const matched = content.map((term, j) => ({ term, match: best ? best.match[j] : ids.has(term.key) ? SOMEWHERE : 0, weight: weights[j] }))
    const coverage = best ? best.support.coverage : total > 0 ? matched.reduce((a, m) => a + m.match * m.weight, 0) / total : 0
    const seen = this.ix.seen
    const wordOverlap = words && words.length ? words.filter((w) => seen.has(w)).length / words.length : coverage
    return { support, coverage, matched, mismatches, wordOverlap }
  }

  /**
   * The top K sentences by BM25 over the statement's distinct terms ([sentence, score], best first; ties:
   * earlier sentence first). Each term costs its postings. A term in more than MAX_POSTINGS sentences is
   * too common to pick candidates (and would make many statements against a long context quadratic): it
   * is skipped here, or, when every term is that common, read for its first MAX_POSTINGS sentences only.
   * It still counts in coverage.
   */
  private candidates(content: Term[]): [number, number][] {
    const { ids, postings, counts, keys, indexed } = this.ix
    const { acc, touched, avgLen } = this
    const distinct = new Set<number>()
    for (const t of content) {
      const id = ids.get(t.key)
      if (id !== undefined) distinct.add(id)
    }
    const seen = [...distinct]
    const rare = seen.filter((id) => postings[id].length <= MAX_POSTINGS)
    const pick = rare.length ? rare : seen.slice().sort((a, b) => postings[a].length - postings[b].length).slice(0, 1)
    for (const id of pick) {
      const w = this.idf(keys[id])
      const p = postings[id]
      const c = counts[id]
      const m = Math.min(p.length, MAX_POSTINGS)
      for (let k = 0; k < m; k++) {
        const i = p[k]
        const f = c[k]
        if (acc[i] === 0) touched.push(i)
        acc[i] += (w * f * (K1 + 1)) / (f + K1 * (1 - B + (B * indexed[i].len) / avgLen))
      }
    }
    // Top K by a linear pass.
    const top: [number, number][] = []
    for (const i of touched) {
      const v = acc[i]
      if (top.length === K && (v < top[K - 1][1] || (v === top[K - 1][1] && i > top[K - 1][0]))) continue
      let at = top.length < K ? top.length : K - 1
      top[at] = [i, v]
      while (at > 0 && (top[at - 1][1] < v || (top[at - 1][1] === v && top[at - 1][0] > i))) {
        top[at] = top[at - 1]
        top[--at] = [i, v]
      }
    }
    for (const i of touched) acc[i] = 0
    touched.length = 0
    return top
  }

  /** Exact coverage of each candidate, pushed to `support` in candidate order; the best one (first of the highest). */
  private exactSupport(top: [number, number][], content: Term[], weights: number[], total: number, support: Support[]): Best | undefined {
    const { ids } = this.ix
    let best: Best | undefined
    for (const [i, bm25] of top) {
      const has = this.idsOf(i)
      const match = content.map((t): number => {
        const id = ids.get(t.key)
        return id === undefined ? 0 : has.has(id) ? 1 : SOMEWHERE
      })
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
    const sv = this.vectorsOf(this.ix.indexed[best.support.sentence].bytes)
    if (!sv) return
    const rows = sv.vecs.length / dims
    soft.forEach((_t, k) => {
      const v = vs[k]
      if (!v) return
      let c = 0
      for (let r = 0; r < rows; r++) {
        let d = 0
        const o = r * dims
        for (let x = 0; x < dims; x++) d += v[x] * sv.vecs[o + x]
        if (d > c) c = d
      }
      const j = softAt[k]
      best.match[j] = Math.max(best.match[j], cosineToMatch(c))
    })
    best.support.coverage = total > 0 ? best.match.reduce((a, m, j) => a + m * weights[j], 0) / total : 0
  }

  /** Numbers, dates and names of the statement found nowhere in the context (changed or missing), and negation. */
  private mismatches(terms: Term[], content: Term[], weights: number[], best: Best | undefined): Mismatch[] {
    const { ids, indexed } = this.ix
    const mismatches: Mismatch[] = []
    const bestSentence = best ? indexed[best.support.sentence] : undefined
    // A number, date or name counts as changed only when the rest of the statement is about the same
    // thing as the sentence (its other terms mostly covered); otherwise it is simply missing.
    let restW = 0
    let restM = 0
    content.forEach((t, j) => {
      if (t.kind !== 'word' && !ids.has(t.key)) return
      restW += weights[j]
      restM += weights[j] * (best ? best.match[j] : 0)
    })
    const aboutSame = restW > 0 && restM / restW >= CHANGED_MIN
    const own = new Set(terms.map((t) => t.key))
    const againstOf = new Map<TermKind, string[]>()
    for (const t of content) {
      if (t.kind === 'word' || ids.has(t.key)) continue
      let against = againstOf.get(t.kind)
      if (!against) {
        against = bestSentence && aboutSame ? [...new Set(bestSentence.special.filter((u) => u.kind === t.kind && !own.has(u.key)).map((u) => u.word))] : []
        againstOf.set(t.kind, against)
      }
      if (against.length) mismatches.push({ kind: 'changed', term: t.word, span: t.span, of: t.kind, against })
      else mismatches.push({ kind: 'missing', term: t.word, span: t.span, of: t.kind })
    }
    const negation = terms.find((t) => t.negation)
    if (bestSentence && best!.support.coverage >= 0.5 && Boolean(negation) !== bestSentence.negated) {
      const first = negation ?? terms[0]
      if (first) mismatches.push({ kind: 'negation', term: first.word, span: first.span, of: 'negation' })
    }
    return mismatches
  }

  /** Chunks holding each term (ascending) and its IDF weight; one pass over the terms' postings. */
  chunksOf(terms: Term[]): { chunks: number[]; weight: number }[] {
    const { ids, postings, indexed } = this.ix
    const maxIdf = Math.log(1 + (this.n + 0.5) / 0.5)
    const memo = new Map<string, number[]>()
    return terms.map((t) => {
      let chunks = memo.get(t.key)
      if (!chunks) {
        chunks = []
        const id = ids.get(t.key)
        if (id !== undefined) for (const i of postings[id]) if (chunks[chunks.length - 1] !== indexed[i].sentence.chunk) chunks.push(indexed[i].sentence.chunk)
        memo.set(t.key, chunks)
      }
      return { chunks, weight: this.idf(t.key) || maxIdf }
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
  const ref = ctx.core.begin(text)
  const own = tokenised(ctx, ref)
  const statements = statementsOf(text, own, ref.ptr)
  const ix = indexContext(ctx, chunks, new Set(statements.flatMap((s) => s.words)))
  const aligner = new Aligner(ix, ctx.core)
  const byChunk: { key: string; kind: TermKind }[][] = chunks.map(() => [])
  for (const s of ix.indexed) for (const x of s.special) byChunk[s.sentence.chunk].push(x)
  return {
    statements,
    sentences: ix.indexed.map((s) => s.sentence),
    align: (terms, words) => aligner.align(terms, words),
    terms: termsOfText,
    chunksOf: (terms) => aligner.chunksOf(terms),
    specialsOf: (c) => byChunk[c] ?? []
  }
}
