// The shared tokeniser: sentences and words of UTF-8 text, with optional spans, in one pass.
//
// Rules (kept in step with docs/metrics/clarity.md):
//  Words
//   - A word is a run of letters and digits (ASCII, and any non-ASCII character that is not a space,
//     punctuation or symbol: é, ß, Cyrillic, Greek, CJK ... are letters; a CJK run without spaces is
//     one word). Joiners stay inside a word when a letter or digit follows them: apostrophes ' and ’
//     (don't, O'Neil), hyphens - ‐ ‑ (rock-and-roll, COVID-19), _ / & (snake_case, and/or, AT&T).
//   - Numbers are words: digit runs with , . : between digits (1,000.50, 3.14, 12:30).
//   - A . between letters stays in the word when a lower-case letter or digit follows (node.js,
//     example.com, a.m), or an upper-case one after a one-letter part (U.S, J.R.R) or before a
//     one-letter part that ends in . (Ph.D). "end.Next" splits.
//   - URLs (scheme:// or www.) and e-mail addresses (x@y) are one word each; trailing . , ; : ! ? ' " ) ]
//     are left outside.
//   - An abbreviation keeps its final . in its word span: listed abbreviations (Dr., Mr., etc., Inc.,
//     No., Jan. ...), dotted ones (e.g., i.e., U.S., a.m.) and capital initials (J.).
//  Sentences
//   - ! ? and their full-width / CJK forms (。！？) always end a sentence, whatever the case of the next
//     word. Runs (?!, !!!) and closing quotes or brackets after them stay with the sentence.
//   - . ends a sentence unless it is part of a word (above), or follows an abbreviation: titles and
//     e.g./i.e./initials never end one; No./Fig./p./vol. do not before a digit; other abbreviations
//     (etc., Inc., U.S., a.m.) end one only before an upper-case letter. A lone . directly followed by
//     a lower-case letter or digit (".5") is not an end.
//   - An ellipsis (.. ... or …) ends a sentence unless a lower-case letter or digit comes next.
//   - A blank line (paragraph break) ends a sentence without punctuation; a single line break does not
//     (hard-wrapped prose). A list item (a line starting with - * + • or "1." "1)" "a)") starts a new
//     sentence; the marker is neither a word nor part of the sentence span.
//   - A sentence spans from its first character that is not space or list marker to its last
//     terminator and closing quote (or its last non-space character); a sentence with no word is
//     dropped, so sentences <= words.
//
// ABI: `tokenise(ptr, len, flags)` returns a pointer to 8 u32: sentences, words, syllables,
// polysyllables (words of 3+ syllables), word spans pointer, sentence spans pointer, word span count,
// sentence span count (pointers and span counts are 0 when the spans were not asked for). Spans are u32
// [start, end) byte offsets, ascending, in the per-call arena; they are written only when asked for
// (TOK_WORD_SPANS / TOK_SENTENCE_SPANS), and syllables are counted only with TOK_SYLLABLES, so the
// count-only path touches no memory but the input and the result block.

import { arenaAlloc, arenaKeep, arenaKeepZeroed } from '../arena'
import { countSyllables } from './syllables'
import {
  A_BANG, A_CLOSE, A_DIGIT, A_DOT, A_HIGH, A_LOWER, A_NL, A_SPACE, A_UPPER,
  U_APOS, U_BULLET, U_CLOSE, U_ELLIPSIS, U_HYPHEN, U_JOIN, U_LETTER, U_SPACE, U_STRONG,
  asciiClass, cpLen, decodeAt, uclass, ucase, ucharInit
} from './uchar'

export const TOK_WORD_SPANS: u32 = 1
export const TOK_SENTENCE_SPANS: u32 = 2
export const TOK_SYLLABLES: u32 = 4

const RESULT: usize = memory.data(32, 16)

// Per-call state. Globals rather than a struct: the core never allocates objects.
let text: usize = 0
let tlen: usize = 0
let flags: u32 = 0
let nWords: u32 = 0
let nSentences: u32 = 0
let nSyllables: u32 = 0
let nPoly: u32 = 0
let wordOut: usize = 0
let sentOut: usize = 0
let wordCap: usize = 0
let sentCap: usize = 0
let sentStart: isize = -1
let sentWords: u32 = 0
let lastEnd: usize = 0

// ---- abbreviations ------------------------------------------------------------------------------

const AB_NONE: u8 = 0
/** Never ends a sentence (titles before names, e.g., i.e., initials). */
const AB_TITLE: u8 = 1
/** Ends a sentence only before an upper-case letter (etc., Inc., U.S., a.m.). */
const AB_OTHER: u8 = 2
/** Does not end a sentence before a digit (No. 5, Fig. 3, p. 12). */
const AB_NUMERIC: u8 = 3

// Lower-case, space-separated; packed into u64 (up to 8 bytes) at first use.
const TITLES = 'mr mrs ms mx dr prof rev fr hon gen col capt cmdr lt sgt cpl maj adm gov sen rep pres supt insp det mt st sr jr messrs mme mlle vs cf viz e.g i.e'
const OTHERS = 'etc inc ltd co corp llc plc bros jan feb mar apr jun jul aug sep sept oct nov dec ave blvd rd dept univ est al ed eds ft oz lb lbs hr hrs min govt assn dist a.m p.m u.s u.k u.s.a ph.d b.a m.a b.sc m.sc d.c'
const NUMERIC = 'no nos fig figs vol vols p pp eq ch sec art para ref refs op'

// Open-addressing table of 256 (key u64, kind u64) slots: one or two probes per lookup, since it is
// consulted before every full stop that follows a word.
const ABBR_SLOTS: usize = memory.data(256 * 16, 16)

// @ts-ignore: decorator
@inline function abbrSlot(key: u64): usize {
  return <usize>((key * 0x9e3779b97f4a7c15) >>> 56)
}

function addList(list: string, kind: u8): void {
  const p = changetype<usize>(list)
  const n = list.length
  let key: u64 = 0
  let k: i32 = 0
  for (let i = 0; i <= n; i++) {
    const c: u32 = i < n ? <u32>load<u16>(p + (<usize>i << 1)) : 0x20
    if (c == 0x20) {
      if (k > 0) {
        let slot = abbrSlot(key)
        while (load<u64>(ABBR_SLOTS + (slot << 4)) != 0) slot = (slot + 1) & 255
        store<u64>(ABBR_SLOTS + (slot << 4), key)
        store<u64>(ABBR_SLOTS + (slot << 4) + 8, kind)
      }
      key = 0
      k = 0
    } else {
      key |= (<u64>c) << (<u64>(k << 3))
      k++
    }
  }
}

let abbrReady = false
function abbrInit(): void {
  addList(TITLES, AB_TITLE)
  addList(OTHERS, AB_OTHER)
  addList(NUMERIC, AB_NUMERIC)
  abbrReady = true
}

/** Kind of abbreviation of the word [s, e), which is directly followed by a single '.'. */
function abbrevKind(s: usize, e: usize, dotted: bool): u8 {
  const n = e - s
  if (n == 1) {
    const c = load<u8>(text + s)
    if (c >= 0x41 && c <= 0x5a && c != 0x49) return AB_TITLE // capital initial, but not "I"
  }
  if (n > 8) return AB_NONE
  let key: u64 = 0
  if (s + 8 <= tlen) {
    // OR 0x20 lower-cases letters, keeps '.', and maps no other byte of a word to a letter or '.',
    // so a word with anything else simply matches no entry.
    key = (load<u64>(text + s) | 0x2020202020202020) & (n == 8 ? <u64>-1 : (<u64>1 << (<u64>n << 3)) - 1)
  } else {
    for (let i: usize = 0; i < n; i++) {
      let c = <u32>load<u8>(text + s + i)
      const k = asciiClass(c)
      if (k == A_UPPER) c |= 0x20
      else if (k != A_LOWER && c != 0x2e) return AB_NONE
      key |= (<u64>c) << (<u64>(i << 3))
    }
  }
  let slot = abbrSlot(key)
  while (true) {
    const have = load<u64>(ABBR_SLOTS + (slot << 4))
    if (have == key) return <u8>load<u64>(ABBR_SLOTS + (slot << 4) + 8)
    if (have == 0) break
    slot = (slot + 1) & 255
  }
  // Any other run of single letters joined by dots (U.S.A, i.e): an initialism.
  if (dotted) {
    for (let i: usize = 1; i < n; i += 2) if (load<u8>(text + s + i) != 0x2e) return AB_NONE
    return (n & 1) == 1 ? AB_OTHER : AB_NONE
  }
  return AB_NONE
}

// ---- syllable memo --------------------------------------------------------------------------------
// countSyllables is a pure function of the word's bytes and costs far more than tokenising the word,
// while prose repeats a few thousand words. So counts are memoised in front of it. The key is the word
// with A-Z folded to a-z, exactly as countSyllables folds them before anything else, so "The" and "the"
// share an entry and a hit gives exactly what a call would.
//  - Words of up to 12 ASCII letters and apostrophes (nearly every English word): five bits a
//    character pack the word into 60 bits, the count takes the top 4 (it never exceeds the word's
//    length). Four-way sets of 8-byte entries, all four compared at once with SIMD, since which way
//    holds a word depends on the order words came in and testing them in turn mispredicts; a new word
//    goes first and the oldest of the set leaves. 32K sets, 1 MiB.
//  - Other words of up to 15 bytes (non-ASCII letters, 13 to 15 letters): the folded bytes in 16-byte
//    entries, count in byte 15, four-way, most recent first. 2K sets, 128 KiB.
//  - Longer words, and words in the last 15 bytes of a text, are always counted.
// On the Brown corpus, 5 MB of prose has about 40,000 distinct words; at this size a warm memo misses
// about 1 word in 700 (half the size misses 1 in 140, and 5 MB runs about 10 % slower). The
// hit path is inlined where words are counted, and the fast path reuses the 16 bytes it loaded to find
// the word's end. Reserved once per instance (`tokeniseInit`, from the TypeScript INIT list), so memory
// does not grow with the number of calls or of distinct words.

const MEMO_BITS: u64 = 15
const WIDE_BITS: u64 = 11
let memo: usize = 0
let wide: usize = 0

/** Reserve the syllable memo for the life of the instance. Call once, between calls. */
export function tokeniseInit(): void {
  if (memo == 0) {
    const size = (<usize>32 << <usize>MEMO_BITS) + (<usize>64 << <usize>WIDE_BITS)
    // Sets are aligned to 64 bytes so that a set never straddles two cache lines.
    memo = (arenaKeepZeroed(size + 64) + 63) & ~(<usize>63)
    wide = memo + (<usize>32 << <usize>MEMO_BITS)
  }
}

const LOW60: u64 = 0x0fffffffffffffff

/**
 * Syllables of [s, e), a run of letters and apostrophes: from the memo when it is there, else counted.
 * Inlined where words are counted, so a hit costs no call; everything else is in `memoLookup`.
 */
// @ts-ignore: decorator
@inline function memoSyllables(s: usize, e: usize): u32 {
  const n = e - s
  if (n <= 12 && s + 16 <= tlen && memo != 0) {
    const v = v128.load(text + s)
    const inWord = i8x16.gt_u(i8x16.splat(<i8>n), v128(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    const letter = i8x16.lt_u(i8x16.sub(v128.or(v, i8x16.splat(0x20)), i8x16.splat(0x61)), i8x16.splat(26))
    const apos = i8x16.eq(v, i8x16.splat(0x27))
    if (!v128.any_true(v128.andnot(inWord, v128.or(letter, apos)))) {
      const key = packedKey(v, inWord, letter, apos)
      const found = packedFind(memo + (<usize>((key * 0x9e3779b97f4a7c15) >>> (64 - MEMO_BITS)) << 5), key)
      if (found != 0) return <u32>(found >>> 60)
    }
  }
  return memoLookup(s, e)
}

// @ts-ignore: decorator
@inline function packedKey(v: v128, inWord: v128, letter: v128, apos: v128): u64 {
  // Five bits a character (a-z and A-Z 1..26, as countSyllables folds case; ' 27; 0 past the end)
  // pack a word of up to 12 into 60 bits; the count takes the top 4.
  return packCodes(v128.and(v128.or(v128.and(v128.and(v, i8x16.splat(0x1f)), letter), v128.and(apos, i8x16.splat(27))), inWord))
}

// Row n: 0x1f in the first n bytes. AND with a word of n <= 12 letters gives its five-bit codes.
const CODE_MASK = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0, 0,
  0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0x1f, 0, 0, 0, 0
], 16)

/** `packedKey` of a word of n <= 12 ASCII letters whose first 16 bytes are v. */
// @ts-ignore: decorator
@inline function lettersKey(v: v128, n: usize): u64 {
  return packCodes(v128.and(v, v128.load(CODE_MASK + (n << 4))))
}

// @ts-ignore: decorator
@inline function packCodes(codes: v128): u64 {
  let p = v128.or(v128.and(codes, i16x8.splat(0xff)), i16x8.shl(i16x8.shr_u(codes, 8), 5))
  p = i32x4.dot_i16x8_s(p, i32x4.splat(0x04000001))
  p = v128.or(v128.and(p, i64x2.splat(0xfffff)), i64x2.shl(i64x2.shr_u(p, 32), 20))
  return <u64>i64x2.extract_lane(p, 0) | (<u64>i64x2.extract_lane(p, 1) << 40)
}

/** The entry of the set holding `key`, or 0. */
// @ts-ignore: decorator
@inline function packedFind(set: usize, key: u64): u64 {
  // All four ways compared at once: which way holds a word depends on the order words came in, so
  // testing them one by one mispredicts on rarer words.
  const k2 = i64x2.splat(key)
  const w01 = v128.load(set)
  const w23 = v128.load(set, 16)
  const low = i64x2.splat(LOW60)
  const hit = v128.or(
    v128.and(w01, i64x2.eq(v128.and(w01, low), k2)),
    v128.and(w23, i64x2.eq(v128.and(w23, low), k2))
  )
  return <u64>i64x2.extract_lane(hit, 0) | <u64>i64x2.extract_lane(hit, 1)
}

/** `memoSyllables` in full: any word, hit or miss. */
function memoLookup(s: usize, e: usize): u32 {
  const n = e - s
  if (memo == 0 || n > 15 || s + 16 > tlen) return <u32>countSyllables(text + s, n)
  const v = v128.load(text + s)
  const inWord = i8x16.gt_u(i8x16.splat(<i8>n), v128(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
  const letter = i8x16.lt_u(i8x16.sub(v128.or(v, i8x16.splat(0x20)), i8x16.splat(0x61)), i8x16.splat(26))
  const apos = i8x16.eq(v, i8x16.splat(0x27))
  if (n <= 12 && !v128.any_true(v128.andnot(inWord, v128.or(letter, apos)))) {
    // ASCII letters and apostrophes, up to 12 (nearly every English word): packed keys.
    const key = packedKey(v, inWord, letter, apos)
    const set = memo + (<usize>((key * 0x9e3779b97f4a7c15) >>> (64 - MEMO_BITS)) << 5)
    const found = packedFind(set, key)
    if (found != 0) return <u32>(found >>> 60)
    const w01 = v128.load(set)
    const w23 = v128.load(set, 16)
    const syl = <u32>countSyllables(text + s, n)
    if (syl < 16) {
      // Newest first; the oldest of the set's four words leaves.
      v128.store(set, w01, 8)
      store<u64>(set, <u64>i64x2.extract_lane(w23, 0), 24)
      store<u64>(set, key | (<u64>syl << 60))
    }
    return syl
  }
  // Other words (non-ASCII letters, 13 to 15 bytes): the exact bytes, A-Z folded, with the count in
  // byte 15.
  const upper = i8x16.lt_u(i8x16.sub(v, i8x16.splat(0x41)), i8x16.splat(26))
  const key = v128.and(v128.or(v, v128.and(upper, i8x16.splat(0x20))), inWord)
  const a = <u64>i64x2.extract_lane(key, 0)
  const b = <u64>i64x2.extract_lane(key, 1)
  const set = wide + (<usize>(((a ^ (b * 0xc2b2ae3d27d4eb4f)) * 0x9e3779b97f4a7c15) >>> (64 - WIDE_BITS)) << 6)
  const keep = v128(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0)
  const e0 = v128.load(set)
  if (!v128.any_true(v128.and(v128.xor(e0, key), keep))) return <u32>i8x16.extract_lane_u(e0, 15)
  const e1 = v128.load(set, 16)
  if (!v128.any_true(v128.and(v128.xor(e1, key), keep))) {
    v128.store(set, e1)
    v128.store(set, e0, 16)
    return <u32>i8x16.extract_lane_u(e1, 15)
  }
  const e2 = v128.load(set, 32)
  if (!v128.any_true(v128.and(v128.xor(e2, key), keep))) {
    v128.store(set, e2)
    v128.store(set, e0, 16)
    v128.store(set, e1, 32)
    return <u32>i8x16.extract_lane_u(e2, 15)
  }
  const e3 = v128.load(set, 48)
  if (!v128.any_true(v128.and(v128.xor(e3, key), keep))) {
    v128.store(set, e3)
    v128.store(set, e0, 16)
    v128.store(set, e1, 32)
    v128.store(set, e2, 48)
    return <u32>i8x16.extract_lane_u(e3, 15)
  }
  const syl = <u32>countSyllables(text + s, n)
  v128.store(set, i8x16.replace_lane(key, 15, <i8>syl))
  v128.store(set, e0, 16)
  v128.store(set, e1, 32)
  v128.store(set, e2, 48)
  return syl
}

// ---- small helpers ------------------------------------------------------------------------------

/** Whether the character at i is a letter or digit. */
function alnumAt(i: usize): bool {
  if (i >= tlen) return false
  const k = asciiClass(load<u8>(text + i))
  if (k == A_LOWER || k == A_UPPER || k == A_DIGIT) return true
  if (k != A_HIGH) return false
  return uclass(decodeAt(text + i, text + tlen)) == U_LETTER
}

// @ts-ignore: decorator
@inline function isDigitAt(i: usize): bool {
  return i < tlen && <u32>load<u8>(text + i) - 0x30 < 10
}

/** Case of the first letter at or after i, skipping spaces, line breaks and opening quotes/brackets. */
function nextCase(i: usize): u8 {
  while (i < tlen) {
    const c = <u32>load<u8>(text + i)
    const k = asciiClass(c)
    if (k == A_UPPER) return 1
    if (k == A_LOWER) return 2
    if (k == A_DIGIT) return 3
    if (k == A_SPACE || k == A_NL || c == 0x22 || c == 0x27 || c == 0x28 || c == 0x5b) {
      i++
      continue
    }
    if (k == A_HIGH) {
      const cp = decodeAt(text + i, text + tlen)
      const u = uclass(cp)
      if (u == U_SPACE || cp == 0x201c || cp == 0x2018 || cp == 0xab) {
        i += cpLen
        continue
      }
      return u == U_LETTER ? ucase(cp) : 0
    }
    return 0
  }
  return 0
}

/** Bit k set when byte k of v is not an ASCII letter. */
// @ts-ignore: decorator
@inline function nonLetters(v: v128): u32 {
  // (c | 0x20) + 0x1f puts a..z at -128..-103 as signed bytes, so one signed compare finds the rest;
  // this is the step every word waits on before the next can start.
  return i8x16.bitmask(i8x16.gt_s(i8x16.add(v128.or(v, i8x16.splat(0x20)), i8x16.splat(0x1f)), i8x16.splat(-103)))
}

/** End of the run of ASCII letters starting at i: 16 bytes per step with SIMD. */
// @ts-ignore: decorator
@inline function letterRunEnd(base: usize, i: usize, end: usize): usize {
  while (i + 16 <= end) {
    const stop = nonLetters(v128.load(base + i))
    if (stop != 0) return i + <usize>ctz<u32>(stop)
    i += 16
  }
  while (i < end && <u32>((<u32>load<u8>(base + i) | 0x20) - 0x61) < 26) i++
  return i
}

// ---- sentences ------------------------------------------------------------------------------------

function endSentence(end: usize): void {
  if (sentWords > 0) {
    nSentences++
    if (flags & TOK_SENTENCE_SPANS && sentOut < sentCap) {
      store<u32>(sentOut, <u32>sentStart)
      store<u32>(sentOut + 4, <u32>end)
      sentOut += 8
    }
  }
  sentStart = -1
  sentWords = 0
}

// @ts-ignore: decorator
@inline function open(i: usize): void {
  if (sentStart < 0) sentStart = <isize>i
}

/** Position after a list marker at line start i (after spaces), or i when there is none. */
function listMarker(i: usize): usize {
  if (i >= tlen) return i
  const c = <u32>load<u8>(text + i)
  let j = i
  if (c == 0x2d || c == 0x2a || c == 0x2b) {
    j = i + 1
  } else if (c >= 0x80) {
    const cp = decodeAt(text + i, text + tlen)
    if (uclass(cp) != U_BULLET) return i
    j = i + cpLen
  } else if (c - 0x30 < 10) {
    j = i + 1
    while (j < tlen && j - i < 3 && isDigitAt(j)) j++
    if (j >= tlen) return i
    const d = load<u8>(text + j)
    if (d != 0x2e && d != 0x29) return i
    j++
  } else if ((c | 0x20) - 0x61 < 26) {
    if (i + 1 >= tlen || load<u8>(text + i + 1) != 0x29) return i
    j = i + 2
  } else {
    return i
  }
  // A marker is followed by a space or tab.
  if (j >= tlen) return i
  const s = load<u8>(text + j)
  return s == 0x20 || s == 0x09 ? j : i
}

/** Line breaks and the spaces around them, starting at a '\n'. Returns the next position to scan. */
function newline(i: usize): usize {
  let breaks = 0
  while (i < tlen) {
    const k = asciiClass(load<u8>(text + i))
    if (k == A_NL) breaks++
    else if (k != A_SPACE) break
    i++
  }
  if (breaks >= 2) endSentence(lastEnd)
  const j = listMarker(i)
  if (j != i) {
    endSentence(lastEnd)
    return j
  }
  return i
}

/**
 * A run of terminators (. ! ? … 。 ...) at i and the closing quotes after it. Decides whether the
 * sentence ends here.
 */
function terminator(i: usize): usize {
  let j = i
  let dots = 0
  let strong = false
  let ellipsis = false
  while (j < tlen) {
    const c = <u32>load<u8>(text + j)
    if (c == 0x2e) {
      dots++
      j++
    } else if (c == 0x21 || c == 0x3f) {
      strong = true
      j++
    } else if (c >= 0x80) {
      const cp = decodeAt(text + j, text + tlen)
      const u = uclass(cp)
      if (u == U_STRONG) strong = true
      else if (u == U_ELLIPSIS) ellipsis = true
      else break
      j += cpLen
    } else break
  }
  if (dots >= 2) ellipsis = true
  // ".5", ".net": a single dot glued to a digit or lower-case letter is not an end ("end.Next" is).
  if (!strong && !ellipsis && j < tlen && (asciiClass(load<u8>(text + j)) == A_LOWER || isDigitAt(j))) {
    if (j == i + 1 && isDigitAt(j)) return word(i) // .5 is a number
    open(i)
    lastEnd = j
    return j
  }
  // Closing quotes and brackets belong to the sentence they close.
  while (j < tlen) {
    const c = <u32>load<u8>(text + j)
    if (asciiClass(c) == A_CLOSE) {
      j++
      continue
    }
    if (c >= 0x80) {
      const u = uclass(decodeAt(text + j, text + tlen))
      if (u == U_CLOSE || u == U_APOS) {
        j += cpLen
        continue
      }
    }
    break
  }
  if (sentStart < 0) {
    // Terminators with no sentence before them ("!!! Hi"): nothing to end.
    return j
  }
  lastEnd = j
  if (strong) {
    endSentence(j)
  } else if (ellipsis) {
    const nc = nextCase(j)
    if (nc != 2 && nc != 3) endSentence(j)
  } else {
    endSentence(j)
  }
  return j
}

// ---- words ------------------------------------------------------------------------------------------

/** Syllables of a word with joiners, digits or dots: the sum over its letter runs, at least 1. */
function segmentSyllables(s: usize, e: usize): u32 {
  let total: u32 = 0
  let seg: isize = -1
  let i = s
  while (i < e) {
    const c = <u32>load<u8>(text + i)
    let n: usize = 1
    let inSeg = false
    const k = asciiClass(c)
    if (k == A_LOWER || k == A_UPPER || c == 0x27) inSeg = true
    else if (k == A_HIGH) {
      const u = uclass(decodeAt(text + i, text + e))
      n = cpLen
      inSeg = u == U_LETTER || u == U_APOS || u == U_JOIN
    }
    if (inSeg) {
      if (seg < 0) seg = <isize>i
    } else if (seg >= 0) {
      total += memoLookup(<usize>seg, i)
      seg = -1
    }
    i += n
  }
  if (seg >= 0) total += memoLookup(<usize>seg, e)
  return total > 0 ? total : 1
}

/** End of a URL starting at or containing i: up to a space or quote, less trailing punctuation. */
function urlEnd(i: usize, s: usize): usize {
  while (i < tlen) {
    const c = load<u8>(text + i)
    if (c <= 0x20 || c >= 0x80 || c == 0x22 || c == 0x3c || c == 0x3e || c == 0x60) break
    i++
  }
  while (i > s + 1) {
    const c = load<u8>(text + i - 1)
    if (c == 0x2e || c == 0x2c || c == 0x3b || c == 0x3a || c == 0x21 || c == 0x3f || c == 0x27 || c == 0x29 || c == 0x5d) i--
    else break
  }
  return i
}

function isWww(s: usize): bool {
  if (s + 4 >= tlen) return false
  return (load<u32>(text + s) | 0x00202020) == 0x2e777777 && alnumAt(s + 4)
}

/** Scan the word starting at s (a letter or digit), count it, and return where scanning resumes. */
function word(s: usize): usize {
  open(s)
  let i = s
  let complex = false
  let dotted = false
  let special = false // URL, e-mail or digits: never an abbreviation
  let seg = s
  if (isWww(s)) {
    i = urlEnd(s, s)
    complex = true
    special = true
  } else {
    while (true) {
      i = letterRunEnd(text, i, tlen)
      if (i >= tlen) break
      const c = <u32>load<u8>(text + i)
      const k = asciiClass(c)
      if (k == A_DIGIT) {
        complex = true
        special = true
        i++
        continue
      }
      if (k == A_HIGH) {
        const cp = decodeAt(text + i, text + tlen)
        const n = cpLen
        const u = uclass(cp)
        if (u == U_LETTER || u == U_JOIN) {
          i += n
          continue
        }
        if ((u == U_APOS || u == U_HYPHEN) && alnumAt(i + n)) {
          if (u == U_HYPHEN) complex = true
          i += n
          continue
        }
        break
      }
      if (c == 0x27) {
        // apostrophe
        if (alnumAt(i + 1)) {
          i++
          continue
        }
        break
      }
      if (c == 0x2d || c == 0x5f || c == 0x2f || c == 0x26) {
        // - _ / &
        if (alnumAt(i + 1)) {
          complex = true
          i++
          continue
        }
        break
      }
      if (c == 0x2e) {
        if (i + 1 >= tlen) break
        const k1 = asciiClass(load<u8>(text + i + 1))
        if (k1 == A_DIGIT || k1 == A_LOWER) {
          complex = true
          dotted = true
          i++
          seg = i
          continue
        }
        if (k1 == A_UPPER) {
          const prevLetter = asciiClass(load<u8>(text + i - 1)) != A_DIGIT
          const oneLetterHere = i - seg == 1 && prevLetter
          const oneLetterNext = i + 2 < tlen && load<u8>(text + i + 2) == 0x2e && !alnumAt(i + 3)
          if (oneLetterHere || (prevLetter && oneLetterNext)) {
            complex = true
            dotted = true
            i++
            seg = i
            continue
          }
        }
        break
      }
      if (c == 0x2c) {
        // 1,000
        if (isDigitAt(i - 1) && isDigitAt(i + 1)) {
          i++
          continue
        }
        break
      }
      if (c == 0x3a) {
        if (isDigitAt(i - 1) && isDigitAt(i + 1)) {
          i++
          continue
        }
        // scheme://
        if (i + 3 < tlen && load<u16>(text + i + 1) == 0x2f2f && alnumAt(i + 3)) {
          i = urlEnd(i, s)
          complex = true
          special = true
        }
        break
      }
      if (c == 0x40) {
        // user@host
        if (alnumAt(i + 1)) {
          complex = true
          special = true
          i++
          continue
        }
        break
      }
      break
    }
  }
  const e = i
  let next = e
  let abbr = AB_NONE
  // A single '.' right after the word: an abbreviation keeps it.
  if (!special && e < tlen && load<u8>(text + e) == 0x2e && !(e + 1 < tlen && load<u8>(text + e + 1) == 0x2e)) {
    abbr = abbrevKind(s, e, dotted)
    if (abbr != AB_NONE) next = e + 1
  }

  nWords++
  sentWords++
  if (flags & TOK_WORD_SPANS && wordOut < wordCap) {
    store<u32>(wordOut, <u32>s)
    store<u32>(wordOut + 4, <u32>next)
    wordOut += 8
  }
  if (flags & TOK_SYLLABLES) {
    let syl: u32
    if (!complex) syl = memoSyllables(s, e)
    else syl = segmentSyllables(s, e)
    nSyllables += syl
    if (syl >= 3) nPoly++
  }
  lastEnd = next

  if (abbr != AB_NONE && abbr != AB_TITLE) {
    const nc = nextCase(next)
    const ends = abbr == AB_OTHER ? nc == 1 : nc != 3
    if (ends) {
      // Closing quotes and brackets after the abbreviation's dot stay with the sentence.
      let j = next
      while (j < tlen && asciiClass(load<u8>(text + j)) == A_CLOSE) j++
      lastEnd = j
      endSentence(j)
      return j
    }
  }
  return next
}

// ---- driver -----------------------------------------------------------------------------------------

/**
 * Tokenise the UTF-8 text at [ptr, ptr+len). `flags`: TOK_WORD_SPANS | TOK_SENTENCE_SPANS |
 * TOK_SYLLABLES. Returns the result block (8 u32; see the top of this file). Span arrays, when asked
 * for, are allocated in the arena for the call.
 */
export function tokenise(ptr: usize, len: usize, f: u32): usize {
  ucharInit()
  if (!abbrReady) abbrInit()
  text = ptr
  tlen = len
  flags = f
  nWords = 0
  nSentences = 0
  nSyllables = 0
  nPoly = 0
  sentStart = -1
  sentWords = 0
  lastEnd = 0
  // A word and what separates it from the next take at least two bytes (a one-byte word is followed by
  // a byte that is not part of a word; an abbreviation with its dot is two bytes or more), and sentences
  // hold at least one word. The fast path's words are always followed by a separator; the other writers
  // also check the bound, so no input can write past it.
  const cap = ((len >> 1) + 1) << 3
  const wordSpans = f & TOK_WORD_SPANS ? arenaAlloc(cap) : 0
  const sentSpans = f & TOK_SENTENCE_SPANS ? arenaAlloc(cap) : 0
  wordOut = wordSpans
  sentOut = sentSpans
  wordCap = wordSpans + cap
  sentCap = sentSpans + cap

  const table = memo
  // The first line may open a list.
  let i: usize = 0
  while (i < len && asciiClass(load<u8>(ptr + i)) == A_SPACE) i++
  i = listMarker(i)

  while (i < len) {
    const c = <u32>load<u8>(ptr + i)
    const k = asciiClass(c)
    if (k == A_LOWER || k == A_UPPER) {
      // Fast path for running prose: plain ASCII words each followed by one space. Anything else (a
      // joiner, a dot, the end of the text) goes to `word`, which rescans the word under every rule.
      open(i)
      // Counts stay in locals for the loop (globals are memory traffic in WebAssembly engines).
      let words: u32 = 0
      let syllables: u32 = 0
      let poly: u32 = 0
      let out = wordOut
      let ends = false
      while (true) {
        // The word's first 16 bytes serve both to find its end and, for a word of up to 12 letters,
        // as its memo key.
        let e: usize
        let head = i8x16.splat(0)
        let inHead = false
        if (i + 16 <= len) {
          head = v128.load(ptr + i)
          const stop = nonLetters(head)
          if (stop != 0) {
            e = i + <usize>ctz<u32>(stop)
            inHead = true
          } else e = letterRunEnd(ptr, i + 16, len)
        } else e = letterRunEnd(ptr, i, len)
        if (e + 1 >= len) break
        // "word " and "word, " stay here; the comma is punctuation inside the sentence, as are
        // ; : ) " and ' before a space.
        let next = e + 1
        const c = load<u8>(ptr + e)
        if (c != 0x20) {
          const c1 = load<u8>(ptr + e + 1)
          if (c1 == 0x20 && c - 0x20 < 32 && ((<u32>0x0c001284 >>> (c - 0x20)) & 1) != 0) {
            next = e + 2
          } else if ((c == 0x2e || c == 0x21 || c == 0x3f) && (c1 == 0x20 || c1 == 0x0a)) {
            // "word. " / "word? " / "word! ": the sentence ends here, as `terminator` would decide,
            // unless the word is an abbreviation (then `word` handles it).
            if (c == 0x2e && abbrevKind(i, e, false) != AB_NONE) break
            ends = true
          } else break
        }
        words++
        if (f & TOK_WORD_SPANS) {
          store<u32>(out, <u32>i)
          store<u32>(out + 4, <u32>e)
          out += 8
        }
        if (f & TOK_SYLLABLES) {
          let syl: u32
          const n = e - i
          if (inHead && n <= 12 && table != 0) {
            const key = lettersKey(head, n)
            const found = packedFind(table + (<usize>((key * 0x9e3779b97f4a7c15) >>> (64 - MEMO_BITS)) << 5), key)
            if (found != 0) syl = <u32>(found >>> 60)
            else syl = memoLookup(i, e)
          } else syl = memoLookup(i, e)
          syllables += syl
          poly += <u32>(syl >= 3)
        }
        i = next
        if (ends) break
        if (i >= len || <u32>((<u32>load<u8>(ptr + i) | 0x20) - 0x61) >= 26) break
      }
      if (words > 0) {
        nWords += words
        sentWords += words
        nSyllables += syllables
        nPoly += poly
        wordOut = out
        // After "word " or "word, " the sentence's content ends before the space; after "word." at its dot.
        lastEnd = ends ? i : i - 1
        if (ends) endSentence(i)
      }
      if (i < len && <u32>((<u32>load<u8>(ptr + i) | 0x20) - 0x61) < 26) i = word(i)
    } else if (k == A_DIGIT) {
      i = word(i)
    } else if (k == A_SPACE) {
      i++
    } else if (k == A_NL) {
      i = newline(i)
    } else if (k == A_DOT || k == A_BANG) {
      i = terminator(i)
    } else if (k == A_HIGH) {
      const cp = decodeAt(ptr + i, ptr + len)
      const u = uclass(cp)
      if (u == U_LETTER) i = word(i)
      else if (u == U_SPACE) i += cpLen
      else if (u == U_STRONG || u == U_ELLIPSIS) i = terminator(i)
      else {
        open(i)
        i += cpLen
        lastEnd = i
      }
    } else {
      // Other punctuation and symbols: part of the sentence, not words.
      open(i)
      i++
      lastEnd = i
    }
  }
  endSentence(lastEnd)

  store<u32>(RESULT, nSentences)
  store<u32>(RESULT + 4, nWords)
  store<u32>(RESULT + 8, nSyllables)
  store<u32>(RESULT + 12, nPoly)
  store<u32>(RESULT + 16, <u32>wordSpans)
  store<u32>(RESULT + 20, <u32>sentSpans)
  store<u32>(RESULT + 24, wordSpans ? <u32>((wordOut - wordSpans) >> 3) : 0)
  store<u32>(RESULT + 28, sentSpans ? <u32>((sentOut - sentSpans) >> 3) : 0)
  return RESULT
}
