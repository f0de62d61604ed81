// Simplicity: how easy the words of a text are, and how long its sentences run. One pass over the
// tokeniser's word spans looks every word up in the simplicity lexicon (familiar-word lists and a
// frequency rank, installed from src/models/simplicity.generated.ts) and sums what makes a word hard:
// absent from the familiar lists, rare, long in syllables, an acronym. Beside them, words per sentence:
// simplified versions split and shorten sentences as much as they swap words (OneStopEnglish). The learned weights that
// turn the sums into a score live in TypeScript (src/metrics/text/simplicity.ts).
//
// ABI: `simplicityScan(ptr, len, lexicon, perWord)` (lexicon: the handle `lexiconBuild` returned for the
// simplicity word list) returns a pointer to FEATURES f64 values (see F_*); with
// `perWord` it also writes one u8 difficulty per word span, in the order of the spans, for `explain`
// (pointer via `simplicityWords`, byte-offset spans via `simplicitySpans`, count in F_SPANS).

import { arenaAlloc } from '../arena'
import { FNV_SEED, fnvByte, hashLower } from '../text/hash'
import { lexiconGet } from '../vec/lexicon'
import { TOK_SYLLABLES, TOK_WORD_SPANS, tokenise } from '../text/tokenise'

// Lexicon value bits; keep in step with scripts/train-simplicity.mjs.
const V_DALE_CHALL: u32 = 1
const V_SPACHE: u32 = 2
const RANK_SHIFT: u32 = 2
const RANK_MASK: u32 = 31
/** Rank bucket (floor(2 log2 rank) + 1: two buckets per doubling) of a word outside the frequency list. */
const OOV_BUCKET: u32 = 31
/** Buckets at or above this are rare words (rank 4,096 and beyond). */
const RARE_BUCKET: u32 = 25
/** Difficulty added for a word absent from the familiar lists. */
const UNFAMILIAR_WEIGHT: u32 = 8
export const MAX_DIFFICULTY: u32 = OOV_BUCKET + UNFAMILIAR_WEIGHT

export const F_UNFAMILIAR: i32 = 0
export const F_UNFAMILIAR_SPACHE: i32 = 1
export const F_RANK: i32 = 2
export const F_RARE: i32 = 3
export const F_ACRONYM: i32 = 4
export const F_LETTERS: i32 = 5
export const F_SYLLABLES: i32 = 6
export const F_POLYSYLLABLES: i32 = 7
export const F_HARDEST: i32 = 8
/**
 * Words of letters per sentence (numbers are not words here, as everywhere in this scan). TypeScript caps
 * it by the text's distinct words (src/metrics/text/sentence-length.ts), so that 'ok ok ok …' without a
 * full stop does not read as one long sentence.
 */
export const F_WORDS_PER_SENTENCE: i32 = 9
export const F_WORDS: i32 = 10
/** Word spans written by the scan (every token, vocabulary or not). */
export const F_SPANS: i32 = 11
const FEATURES: i32 = 12

const OUT = memory.data(FEATURES * 8, 16)
const HISTOGRAM = memory.data(<i32>(MAX_DIFFICULTY + 1) * 4, 16)
/** Share of the hardest words averaged in F_HARDEST: simplification replaces the few hardest words. */
const HARDEST_SHARE: f64 = 0.15

let spans: usize = 0
let difficulties: usize = 0
let lexicon: usize = 0
// A word with typographic apostrophes, rewritten with ASCII ones as the lists spell them ("don’t").
const MAX_WORD: usize = 64
const WORD = memory.data(<i32>MAX_WORD)

/** [p, p+n) with every U+2019 as "'", in WORD; returns its new length (0 when too long to copy). */
function asciiApostrophes(p: usize, n: usize): usize {
  if (n > MAX_WORD) return 0
  let k: usize = 0
  for (let i: usize = 0; i < n; i++) {
    const c = load<u8>(p + i)
    if (c == 0xe2 && i + 2 < n && load<u8>(p + i + 1) == 0x80 && load<u8>(p + i + 2) == 0x99) {
      store<u8>(WORD + k, 0x27)
      i += 2
    } else store<u8>(WORD + k, c)
    k++
  }
  return k
}

// @ts-ignore: decorator
@inline function lookup(p: usize, n: usize): u32 {
  return lexiconGet(lexicon, hashLower(FNV_SEED, p, n))
}

// @ts-ignore: decorator
@inline function byteAt(p: usize): u32 {
  return <u32>load<u8>(p) | 0x20
}

/** Stem + one letter, e.g. "creat" + "e" for "creating". */
function lookupWith(p: usize, n: usize, tail: u32): u32 {
  return lexiconGet(lexicon, fnvByte(hashLower(FNV_SEED, p, n), tail))
}

/**
 * Value of a word: itself, else the stem an inflection or common suffix came from (lists hold base forms:
 * "create", not "creating"). Possessive 's is dropped first.
 */
function wordValue(p: usize, n: usize): u32 {
  if (n > 2 && load<u8>(p + n - 2) == 0x27 && byteAt(p + n - 1) == 0x73) n -= 2
  let v = lookup(p, n)
  if (v != 0 || n < 4) return v
  const last = byteAt(p + n - 1)
  const prev = byteAt(p + n - 2)
  if (last == 0x73) {
    // -ies -> y, -es, -s
    if (prev == 0x65 && byteAt(p + n - 3) == 0x69) return lookupWith(p, n - 3, 0x79)
    if (prev == 0x65) {
      v = lookup(p, n - 2)
      if (v != 0) return v
    }
    return lookup(p, n - 1)
  }
  if (last == 0x64 && prev == 0x65) {
    // -ied -> y, -ed, -d
    if (byteAt(p + n - 3) == 0x69) return lookupWith(p, n - 3, 0x79)
    v = lookup(p, n - 2)
    return v != 0 ? v : lookup(p, n - 1)
  }
  if (n > 4 && last == 0x67 && prev == 0x6e && byteAt(p + n - 3) == 0x69) {
    // -ing, -ing -> e
    v = lookup(p, n - 3)
    return v != 0 ? v : lookupWith(p, n - 3, 0x65)
  }
  if (last == 0x79 && prev == 0x6c) return lookup(p, n - 2) // -ly
  if (last == 0x72 && prev == 0x65) return lookup(p, n - 2) // -er
  if (n > 4 && last == 0x74 && prev == 0x73 && byteAt(p + n - 3) == 0x65) return lookup(p, n - 3) // -est
  return 0
}

export function simplicityScan(ptr: usize, len: usize, lex: usize, perWord: bool): usize {
  lexicon = lex
  const tok = tokenise(ptr, len, TOK_WORD_SPANS | TOK_SYLLABLES)
  const sentences = load<u32>(tok, 0)
  const tokWords = load<u32>(tok, 4)
  const syllables = load<u32>(tok, 8)
  const poly = load<u32>(tok, 12)
  spans = <usize>load<u32>(tok, 16)
  const count = <usize>load<u32>(tok, 24)
  difficulties = perWord ? arenaAlloc(count) : 0
  memory.fill(HISTOGRAM, 0, <usize>(MAX_DIFFICULTY + 1) * 4)

  let words: u32 = 0
  let unfamiliar: u32 = 0
  let unfamiliarSpache: u32 = 0
  let rankSum: u32 = 0
  let rare: u32 = 0
  let acronyms: u32 = 0
  let letters: u32 = 0
  for (let w: usize = 0; w < count; w++) {
    const s = <usize>load<u32>(spans + (w << 3))
    const e = <usize>load<u32>(spans + (w << 3), 4)
    // Words of letters only (apostrophes and non-ASCII allowed): numbers and codes are not vocabulary.
    let upper: u32 = 0
    let lower: u32 = 0
    let other = false
    let curly = false
    for (let i = s; i < e; i++) {
      const c = <u32>load<u8>(ptr + i)
      if (c - 0x61 < 26) lower++
      else if (c - 0x41 < 26) upper++
      else if (c == 0xe2) curly = true
      else if (c < 0x80 && c != 0x27) other = true
    }
    if (other || upper + lower == 0) {
      if (perWord) store<u8>(difficulties + w, 0)
      continue
    }
    let v: u32 = 0
    if (curly) {
      const n = asciiApostrophes(ptr + s, e - s)
      v = n > 0 ? wordValue(WORD, n) : 0
    } else v = wordValue(ptr + s, e - s)
    let bucket = (v >> RANK_SHIFT) & RANK_MASK
    if (bucket == 0) bucket = OOV_BUCKET
    const familiar = (v & V_DALE_CHALL) != 0
    words++
    letters += upper + lower
    rankSum += bucket
    if (bucket >= RARE_BUCKET) rare++
    if (!familiar) unfamiliar++
    if ((v & V_SPACHE) == 0) unfamiliarSpache++
    if (upper >= 2 && lower == 0 && !familiar) acronyms++
    const d = bucket + (familiar ? 0 : UNFAMILIAR_WEIGHT)
    store<u32>(HISTOGRAM + (<usize>d << 2), load<u32>(HISTOGRAM + (<usize>d << 2)) + 1)
    if (perWord) store<u8>(difficulties + w, <u8>d)
  }

  const n = <f64>max<u32>(words, 1)
  const t = <f64>max<u32>(tokWords, 1)
  // Mean difficulty of the hardest share of words, read off the histogram from the top. The share is
  // taken fractionally, so a text and the same text twice give the same mean.
  const want = <f64>words * HARDEST_SHARE
  let taken: f64 = 0
  let sum: f64 = 0
  for (let d = <i32>MAX_DIFFICULTY; d >= 0 && taken < want; d--) {
    const take = min<f64>(<f64>load<u32>(HISTOGRAM + (<usize>d << 2)), want - taken)
    sum += take * <f64>d
    taken += take
  }
  store<f64>(OUT + (<usize>F_UNFAMILIAR << 3), <f64>unfamiliar / n)
  store<f64>(OUT + (<usize>F_UNFAMILIAR_SPACHE << 3), <f64>unfamiliarSpache / n)
  store<f64>(OUT + (<usize>F_RANK << 3), <f64>rankSum / n)
  store<f64>(OUT + (<usize>F_RARE << 3), <f64>rare / n)
  store<f64>(OUT + (<usize>F_ACRONYM << 3), <f64>acronyms / n)
  store<f64>(OUT + (<usize>F_LETTERS << 3), <f64>letters / n)
  store<f64>(OUT + (<usize>F_SYLLABLES << 3), <f64>syllables / t)
  store<f64>(OUT + (<usize>F_POLYSYLLABLES << 3), <f64>poly / t)
  store<f64>(OUT + (<usize>F_HARDEST << 3), taken > 0 ? sum / taken : 0)
  store<f64>(OUT + (<usize>F_WORDS_PER_SENTENCE << 3), <f64>words / <f64>max<u32>(sentences, 1))
  store<f64>(OUT + (<usize>F_WORDS << 3), <f64>words)
  store<f64>(OUT + (<usize>F_SPANS << 3), <f64>count)
  return OUT
}

/** Word spans of the last scan ([start, end) byte offsets, u32 pairs). */
export function simplicitySpans(): usize {
  return spans
}

/** Per-word difficulty of the last scan with `perWord` (u8 per span; 0 for words that are not vocabulary). */
export function simplicityWords(): usize {
  return difficulties
}
