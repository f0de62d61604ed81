// Encoded segments in text (the `input_type` operation).
//
// A segment is reported when ALL of these hold (docs/metrics/input-type.md states the same rule):
//  1. Form: it is one of the forms below, taken maximally (the longest run of that form):
//     - base64: a word of [A-Za-z0-9+/] or of [A-Za-z0-9-_] (not both), optional `=` padding that fits
//       the length, length mod 4 != 1, and zero unused bits at the end (what every encoder writes);
//     - base32: a word of [A-Z2-7] with optional padding, length mod 8 in {0,2,4,5,7}, zero unused bits;
//     - hex: a word of hex digits of even length, optionally prefixed `0x`; or a run of `\xHH` escapes;
//       or 2-digit hex bytes (`de ad be ef`, `de:ad:be:ef`, `de,ad`, `de, ad`) or `0xHH` bytes with one
//       repeated separator;
//     - binary: a word of 0/1 of a length divisible by 8, or 8-bit groups with one repeated separator;
//     - decimal: byte values 0..255 with one repeated separator (`72 101 108 108 111`);
//     - percent: a run of `%HH` with nothing between the escapes, not touching other URL characters
//       ([A-Za-z0-9+/_-], `=`, `&`, `?`): escapes inside a URL are how URLs are written;
//     - unicode_escape: a run of `\uHHHH` escapes (surrogate pairs combine).
//     A hex word (or separated hex bytes) of decimal digits only must be at least 24 digits (it is a
//     number, or a list of numbers, first).
//     A base64 or base32 word must not repeat one character 8 times in a row (an elongated word).
//     A word starts and ends at a boundary: the characters beside it are not [A-Za-z0-9+/_-].
//     Spaced binary may follow a glued run of - _ + / (filler): its groups start after the run.
//  2. Length: the segment is at least 16 characters and decodes to at least 8 bytes; or it is binary
//     (8-bit groups with a separator, or a word of 0/1 of at least 24 digits) that decodes to at least
//     3 bytes of a word (clean printable ASCII, at least 3 in 4 letters): that form occurs in nothing
//     but encodings.
//  3. Payload: the decoded bytes read as text: at most 10 % of them are control bytes or invalid UTF-8
//     (a multi-byte character cut off at the very end is allowed: payloads are often truncated), and at
//     least 40 % are letters (ASCII letters, or bytes of non-ASCII characters). A decode shorter than 24
//     bytes must have no such bad byte at all, and at least 3 in 4 of its characters must be ASCII;
//     a decimal one must have at least as many lower-case letters as capitals, or two letters, a
//     space and two letters (lists of scores and ages read as capitals).
// When several forms fit the same word they are tried in the order binary, hex, base32, base64, and
// the first that passes 2 and 3 wins. Hash digests, UUIDs, git SHAs and random tokens decode to
// random bytes, which fail 3; ordinary words are too short or fail 3 too.
//
// Speed: a byte-class scan (SIMD, 16 bytes a step) looks for runs of at least 16 bytes of one of two
// classes: W = characters of base64/base32/hex words, S = characters of separated bytes and escapes
// (hex digits, space, comma, colon, x, u, backslash, percent). Every form above lies inside such a
// run, and English prose almost never has one, so the parsers below only run where a run occurs.

import { arenaAlloc } from '../arena'
import { B_COLON, B_EQ, NIBBLE_BIT, X_ESC, X_HEX, X_WORD, byteGroups, nibbleRows } from '../text/uchar'

export const LABEL_BASE64: u32 = 0
export const LABEL_BASE32: u32 = 1
export const LABEL_HEX: u32 = 2
export const LABEL_BINARY: u32 = 3
export const LABEL_DECIMAL: u32 = 4
export const LABEL_PERCENT: u32 = 5
export const LABEL_UNICODE_ESCAPE: u32 = 6

const MIN_CHARS: i32 = 16
const MIN_BYTES: i32 = 8
// Payload rule thresholds, in tenths of the decoded length.
const MAX_BAD_TENTHS: i32 = 1
const MIN_ALPHA_TENTHS: i32 = 4
const SHORT_BYTES: i32 = 24
const MIN_DIGITS_ONLY_HEX: i32 = 24
const MAX_SAME_RUN: i32 = 8

// The two run classes, as nibble rows derived from the core's byte-class table (text/uchar.ts) on the
// first scan: byte c is in a class when ROW[c & 15] & NIBBLE_BIT[c >> 4] is not zero.
// W: characters of base64/base32/hex words, and `:` `=`.
const ROW_W = memory.data(16, 16)
// S: hex digits, and the escape and separator characters (space % , : = u x U X \ |).
const ROW_S = memory.data(16, 16)
let rowsReady = false
const TAIL = memory.data(16, 16)

let text: usize = 0
let len: i32 = 0
let outSpans: usize = 0
let outLabels: usize = 0
let outCount: i32 = 0
let outCap: i32 = 0

/** Byte offsets of the last scan: [start, end) pairs, ascending. */
export function encodingsSpans(): usize {
  return outSpans
}

/** Labels (LABEL_*) of the last scan, one u32 per segment. */
export function encodingsLabels(): usize {
  return outLabels
}

// Decoding: when a sink is set, every byte the payload check sees is also written to it. Each attempt
// starts over at the committed end (pReset), and `emit` commits the bytes of the segment it reports,
// so the sink ends up holding exactly the decoded payloads of the reported segments, in order. A
// decode is never longer than its segment, so the sink never needs more than the text's length.
let sink: usize = 0
let sinkPos: usize = 0
let sinkDone: usize = 0
let outDecoded: usize = 0

/**
 * Scan as `encodingsScan` does and also decode every reported segment. Returns how many segments;
 * `encodingsDecoded()` gives a (pointer, length) pair of u32 per segment, each pointing at its
 * decoded bytes (raw: UTF-8 when the payload is text, which the payload rule demands of most of it).
 */
export function encodingsDecode(ptr: usize, n: usize): i32 {
  sink = arenaAlloc(n + 16)
  sinkPos = sink
  sinkDone = sink
  const count = encodingsScan(ptr, n)
  sink = 0
  return count
}

/** Decoded payloads of the last `encodingsDecode`: (pointer, length) u32 pairs, one per segment. */
export function encodingsDecoded(): usize {
  return outDecoded
}

// ---- payload check: decoded bytes are streamed in, no buffer ----

let pTotal: i32 = 0
let pBad: i32 = 0
let pAlpha: i32 = 0
let pNeed: i32 = 0
let pPend: i32 = 0
let pAscii: i32 = 0
let pMulti: i32 = 0

function pReset(): void {
  sinkPos = sinkDone
  pTotal = 0
  pBad = 0
  pAlpha = 0
  pNeed = 0
  pPend = 0
  pAscii = 0
  pMulti = 0
}

function pByte(b: u32): void {
  if (sink != 0) store<u8>(sinkPos++, <u8>b)
  pTotal++
  if (pNeed > 0) {
    if ((b & 0xc0) == 0x80) {
      pPend++
      if (--pNeed == 0) {
        pMulti++
        pAlpha += pPend
        pPend = 0
      }
      return
    }
    pBad += pPend
    pNeed = 0
    pPend = 0
  }
  if (b < 0x80) {
    if (b >= 0x20 && b < 0x7f) {
      pAscii++
      if ((b | 0x20) - 0x61 < 26) pAlpha++
    } else if (b == 9 || b == 10 || b == 13) pAscii++
    else pBad++
  } else if (b >= 0xc2 && b <= 0xdf) {
    pNeed = 1
    pPend = 1
  } else if (b >= 0xe0 && b <= 0xef) {
    pNeed = 2
    pPend = 1
  } else if (b >= 0xf0 && b <= 0xf4) {
    pNeed = 3
    pPend = 1
  } else pBad++
}

function pCodePoint(cp: u32): void {
  if (cp < 0x80) pByte(cp)
  else if (cp < 0x800) {
    pByte(0xc0 | (cp >> 6))
    pByte(0x80 | (cp & 0x3f))
  } else if (cp < 0x10000) {
    pByte(0xe0 | (cp >> 12))
    pByte(0x80 | ((cp >> 6) & 0x3f))
    pByte(0x80 | (cp & 0x3f))
  } else {
    pByte(0xf0 | (cp >> 18))
    pByte(0x80 | ((cp >> 12) & 0x3f))
    pByte(0x80 | ((cp >> 6) & 0x3f))
    pByte(0x80 | (cp & 0x3f))
  }
}

// Separated 8-bit groups of 0 and 1, or a word of 24 or more 0/1 digits, are a form no prose, number
// list, hash or identifier takes, so a short run counts when it decodes to a word ("01100111
// 01110010 ... 01100100" is "granted"). Bit flags decode to control bytes and stay unreported.
const MIN_WORD_BYTES: i32 = 3

/** The payload is a short word or phrase: clean printable ASCII, at least 3 in 4 bytes letters. */
function pAcceptWord(): bool {
  return pTotal >= MIN_WORD_BYTES && pBad == 0 && pNeed == 0 && pAscii == pTotal && pAlpha * 4 >= pTotal * 3
}

function pAccept(): bool {
  // A character cut off at the very end is not held against the payload.
  const alpha = pNeed > 0 ? pAlpha + pPend : pAlpha
  if (pTotal < MIN_BYTES || pBad * 10 > pTotal * MAX_BAD_TENTHS || alpha * 10 < pTotal * MIN_ALPHA_TENTHS) return false
  // Short decodes carry little evidence: long words such as "demineralization" decode, as base64, to
  // 12 bytes that are nearly valid UTF-8 by chance (scattered 2- and 3-byte characters). Below
  // SHORT_BYTES the payload must be clean and mostly ASCII.
  if (pTotal < SHORT_BYTES) return pBad == 0 && pAscii * 4 >= (pAscii + pMulti) * 3
  return true
}

// ---- characters ----

// @ts-ignore: decorator
@inline function at(i: i32): u32 {
  return <u32>load<u8>(text + <usize>i)
}

/** Is c a character of a word (for boundaries): [A-Za-z0-9+/_-] (see X_WORD)? */
// @ts-ignore: decorator
@inline function isWord(c: u32): bool {
  return (byteGroups(c) & X_WORD) != 0
}

function hexVal(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30)
  const l = (c | 0x20) - 0x61
  return l < 6 ? <i32>l + 10 : -1
}

/** Hex value of the two characters at i, i+1 (both < len), or -1. */
function hexPair(i: i32): i32 {
  const h = hexVal(at(i))
  const l = hexVal(at(i + 1))
  return h < 0 || l < 0 ? -1 : (h << 4) | l
}

function emit(label: u32, start: i32, end: i32): void {
  if (outCount >= outCap) return
  const s = outSpans + (<usize>outCount << 3)
  store<u32>(s, <u32>start)
  store<u32>(s, <u32>end, 4)
  store<u32>(outLabels + (<usize>outCount << 2), label)
  if (sink != 0) {
    const d = outDecoded + (<usize>outCount << 3)
    store<u32>(d, <u32>sinkDone)
    store<u32>(d, <u32>(sinkPos - sinkDone), 4)
    sinkDone = sinkPos
  }
  outCount++
}

// ---- escapes: \xHH, \uHHHH, %HH ----

/** At a backslash or percent sign: consume the run of escapes, emit it if it passes. Returns its end (i if none). */
function parseEscapes(i: i32): i32 {
  const c = at(i)
  pReset()
  let p = i
  let label = LABEL_HEX
  if (c == 0x25) {
    label = LABEL_PERCENT
    while (p + 2 < len && at(p) == 0x25) {
      const v = hexPair(p + 1)
      if (v < 0) break
      pByte(<u32>v)
      p += 3
    }
  } else {
    if (i + 1 >= len) return i
    const kind = at(i + 1) | 0x20
    if (kind == 0x78) {
      while (p + 3 < len && at(p) == 0x5c && (at(p + 1) | 0x20) == 0x78) {
        const v = hexPair(p + 2)
        if (v < 0) break
        pByte(<u32>v)
        p += 4
      }
    } else if (kind == 0x75) {
      label = LABEL_UNICODE_ESCAPE
      let high: u32 = 0
      while (p + 5 < len && at(p) == 0x5c && (at(p + 1) | 0x20) == 0x75) {
        const a = hexPair(p + 2)
        const b = hexPair(p + 4)
        if (a < 0 || b < 0) break
        const unit = <u32>((a << 8) | b)
        if (high != 0) {
          if (unit >= 0xdc00 && unit < 0xe000) {
            pCodePoint(0x10000 + ((high - 0xd800) << 10) + (unit - 0xdc00))
            high = 0
            p += 6
            continue
          }
          pByte(0xff) // lone high surrogate: not text
          high = 0
        }
        if (unit >= 0xd800 && unit < 0xdc00) high = unit
        else if (unit >= 0xdc00 && unit < 0xe000) pByte(0xff)
        else pCodePoint(unit)
        p += 6
      }
      if (high != 0) pByte(0xff)
    }
  }
  if (p - i >= MIN_CHARS && pAccept() && (label != LABEL_PERCENT || standsAlone(i, p))) emit(label, i, p)
  return p
}

/** Percent escapes inside a URL (`?q=caf%C3%A9+au+lait`) are how URLs are written, not a payload. */
function standsAlone(s: i32, e: i32): bool {
  return (s == 0 || !urlChar(at(s - 1))) && (e >= len || !urlChar(at(e)))
}

function urlChar(c: u32): bool {
  return isWord(c) || c == 0x3d || c == 0x26 || c == 0x3f || c == 0x25
}

// ---- separated bytes: "de ad be ef", "0x41, 0x42", "01000001 01000010", "72 101 108" ----

const TOK_0X: i32 = 0
const TOK_BITS: i32 = 1
const TOK_HEX: i32 = 2
const TOK_DEC: i32 = 3

let tokVal: u32 = 0

/** End of a token of `kind` at p, ending at a word boundary, or -1. Sets tokVal. */
function token(kind: i32, p: i32): i32 {
  let e: i32
  if (kind == TOK_0X) {
    if (p + 4 > len || at(p) != 0x30 || (at(p + 1) | 0x20) != 0x78) return -1
    const v = hexPair(p + 2)
    if (v < 0) return -1
    tokVal = <u32>v
    e = p + 4
  } else if (kind == TOK_BITS) {
    if (p + 8 > len) return -1
    let v: u32 = 0
    for (let k = 0; k < 8; k++) {
      const b = at(p + k) - 0x30
      if (b > 1) return -1
      v = (v << 1) | b
    }
    tokVal = v
    e = p + 8
  } else if (kind == TOK_HEX) {
    if (p + 2 > len) return -1
    const v = hexPair(p)
    if (v < 0) return -1
    tokVal = <u32>v
    e = p + 2
  } else {
    let v: u32 = 0
    e = p
    while (e < len && e - p < 3 && at(e) - 0x30 < 10) {
      v = v * 10 + (at(e) - 0x30)
      e++
    }
    if (e == p || v > 255) return -1
    tokVal = v
  }
  if (e < len && isWord(at(e))) return -1
  return e
}

let sepEnd: i32 = 0

/** Longest run of `kind` tokens at i with one repeated separator; feeds the payload check. Returns the token count. */
function parseSeparated(kind: i32, i: i32): i32 {
  let e = token(kind, i)
  if (e < 0 || e >= len) return 0
  const s0 = at(e)
  let sepLen = 0
  if (s0 == 0x2c && e + 1 < len && at(e + 1) == 0x20) sepLen = 2
  else if (s0 == 0x20 || s0 == 0x2c || s0 == 0x3a) sepLen = 1
  else return 0
  const s1 = sepLen == 2 ? at(e + 1) : 0
  pReset()
  pByte(tokVal)
  let n = 1
  let end = e
  while (end + sepLen < len) {
    if (at(end) != s0 || (sepLen == 2 && at(end + 1) != s1)) break
    const t = token(kind, end + sepLen)
    if (t < 0) break
    pByte(tokVal)
    n++
    end = t
  }
  sepEnd = end
  return n
}

// ---- words: base64, base32, hex, binary ----

const F_01: u32 = 1
const F_27: u32 = 2
const F_89: u32 = 4
const F_AF: u32 = 8 // A-F
const F_af: u32 = 16 // a-f
const F_UP: u32 = 32 // G-Z
const F_LO: u32 = 64 // g-z
const F_STD: u32 = 128 // + /
const F_URL: u32 = 256 // - _

function charFlag(c: u32): u32 {
  if (c - 0x30 < 10) return c < 0x32 ? F_01 : c < 0x38 ? F_27 : F_89
  if (c - 0x41 < 26) return c < 0x47 ? F_AF : F_UP
  if (c - 0x61 < 26) return c < 0x67 ? F_af : F_LO
  if (c == 0x2b || c == 0x2f) return F_STD
  return F_URL
}

function b64Val(c: u32): u32 {
  if (c - 0x41 < 26) return c - 0x41
  if (c - 0x61 < 26) return c - 0x61 + 26
  if (c - 0x30 < 10) return c - 0x30 + 52
  return c == 0x2b || c == 0x2d ? 62 : 63
}

function tryHex(s: i32, e: i32): bool {
  if ((e - s) & 1 || e - s < MIN_CHARS) return false
  pReset()
  for (let p = s; p < e; p += 2) pByte(<u32>hexPair(p))
  return pAccept()
}

function tryBinary(s: i32, e: i32): bool {
  if ((e - s) & 7 || e - s < MIN_CHARS) return false
  pReset()
  for (let p = s; p < e; p += 8) {
    let v: u32 = 0
    for (let k = 0; k < 8; k++) v = (v << 1) | (at(p + k) - 0x30)
    pByte(v)
  }
  return pAccept() || pAcceptWord()
}

function tryBase32(s: i32, e: i32, pad: i32): bool {
  const n = e - s
  const r = n & 7
  if (r == 1 || r == 3 || r == 6) return false
  if (pad > 0 && ((n + pad) & 7) != 0) return false
  pReset()
  let acc: u32 = 0
  let bits: u32 = 0
  for (let p = s; p < e; p++) {
    const c = at(p)
    acc = (acc << 5) | (c >= 0x41 ? c - 0x41 : c - 0x32 + 26)
    bits += 5
    if (bits >= 8) {
      bits -= 8
      pByte((acc >> bits) & 0xff)
    }
  }
  if ((acc & ((1 << bits) - 1)) != 0) return false
  return pAccept()
}

function tryBase64(s: i32, e: i32, pad: i32): bool {
  const n = e - s
  if ((n & 3) == 1 || pad > 2) return false
  if (pad > 0 && ((n + pad) & 3) != 0) return false
  pReset()
  let acc: u32 = 0
  let bits: u32 = 0
  for (let p = s; p < e; p++) {
    acc = (acc << 6) | b64Val(at(p))
    bits += 6
    if (bits >= 8) {
      bits -= 8
      pByte((acc >> bits) & 0xff)
    }
  }
  if ((acc & ((1 << bits) - 1)) != 0) return false
  return pAccept()
}

/**
 * Hex bytes without a letter ("40 29 45 45 23 70 64 44") are a list of numbers first, as a hex word of
 * digits is: they count from MIN_DIGITS_ONLY_HEX digits.
 */
function hexLetter(s: i32, e: i32): bool {
  for (let p = s; p < e; p++) if ((at(p) | 0x20) - 0x61 < 6) return true
  return false
}

/**
 * Short decimal runs: lists of scores, ages and grades fall in 65..100 ("74, 79, 100, 75, 66, 88, 71,
 * 83") and read as capitals, while char-code payloads are mostly lower-case text. A run under
 * SHORT_BYTES counts when its lower-case letters are at least its capitals, or when it has two
 * letters, a space and two letters ("ACCESS GRANTED").
 */
function decimalText(s: i32, e: i32): bool {
  let lower = 0
  let upper = 0
  // Letters in a row before the current byte, and whether a space followed two of them.
  let run = 0
  let spaced = false
  let p = s
  while (p < e) {
    const c = at(p)
    if (c - 0x30 >= 10) {
      p++
      continue
    }
    let v: u32 = 0
    while (p < e && at(p) - 0x30 < 10) v = v * 10 + (at(p++) - 0x30)
    const letter = (v | 0x20) - 0x61 < 26
    if (v - 0x61 < 26) lower++
    else if (v - 0x41 < 26) upper++
    if (letter) {
      run++
      if (spaced && run >= 2) return true
    } else {
      spaced = v == 0x20 && run >= 2
      run = 0
    }
  }
  return lower >= upper
}

/** At a word boundary: try every form; emit the first that passes. Returns where scanning resumes. */
function parseAt(i: i32): i32 {
  // Separated bytes. Runs of two or more tokens that fail are skipped whole, which keeps long
  // number lists linear.
  let skip = i + 1
  if (at(i) == 0x30 && i + 1 < len && (at(i + 1) | 0x20) == 0x78) {
    const n = parseSeparated(TOK_0X, i)
    if (n > 1) {
      if (sepEnd - i >= MIN_CHARS && pAccept()) {
        emit(LABEL_HEX, i, sepEnd)
        return sepEnd
      }
      skip = max(skip, sepEnd)
    }
  }
  for (let kind = TOK_BITS; kind <= TOK_DEC; kind++) {
    const n = parseSeparated(kind, i)
    if (n > 1) {
      if ((sepEnd - i >= MIN_CHARS && pAccept() && (kind != TOK_DEC || pTotal >= SHORT_BYTES || decimalText(i, sepEnd)) && (kind != TOK_HEX || pTotal * 2 >= MIN_DIGITS_ONLY_HEX || hexLetter(i, sepEnd))) || (kind == TOK_BITS && pAcceptWord())) {
        emit(kind == TOK_BITS ? LABEL_BINARY : kind == TOK_HEX ? LABEL_HEX : LABEL_DECIMAL, i, sepEnd)
        return sepEnd
      }
      skip = max(skip, sepEnd)
    }
  }

  // One word.
  let e = i
  let flags: u32 = 0
  let prev: u32 = 0
  let same = 0
  let longestSame = 0
  while (e < len) {
    const c = at(e)
    if (!isWord(c)) break
    flags |= charFlag(c)
    same = c == prev ? same + 1 : 1
    longestSame = max(longestSame, same)
    prev = c
    e++
  }
  skip = max(skip, e)
  // A filler run glued to spaced binary ("-----01100111 01110010 …") makes its first group the end of
  // one longer word; the groups start after the run of - _ + /.
  if (i + 8 < e && (charFlag(at(i)) & (F_STD | F_URL)) != 0) {
    const q = e - 8
    let p = i + 1
    while (p < q && (charFlag(at(p)) & (F_STD | F_URL)) != 0) p++
    if (p == q && parseSeparated(TOK_BITS, q) > 1 && ((sepEnd - q >= MIN_CHARS && pAccept()) || pAcceptWord())) {
      emit(LABEL_BINARY, q, sepEnd)
      return sepEnd
    }
  }
  if (e - i < MIN_CHARS - 2) return skip
  let pad = 0
  while (e + pad < len && at(e + pad) == 0x3d) pad++
  const end = e + pad
  if (end < len && isWord(at(end))) return skip

  const HEX = F_01 | F_27 | F_89 | F_AF | F_af
  if ((flags & ~F_01) == 0 && tryBinary(i, e)) {
    emit(LABEL_BINARY, i, e)
    return e
  }
  // A hex word without a letter is a number first: IDs of 16 to 20 digits are common, and as hex they
  // decode to printable bytes often enough (about 1 in 500) to matter.
  const hexMin = (flags & (F_AF | F_af)) == 0 ? MIN_DIGITS_ONLY_HEX : MIN_CHARS
  if ((flags & ~HEX) == 0 && e - i >= hexMin && tryHex(i, e)) {
    emit(LABEL_HEX, i, e)
    return e
  }
  if (e - i > 2 && at(i) == 0x30 && (at(i + 1) | 0x20) == 0x78) {
    let f: u32 = 0
    for (let p = i + 2; p < e; p++) f |= charFlag(at(p))
    if ((f & ~HEX) == 0 && tryHex(i + 2, e) && e - i >= MIN_CHARS) {
      emit(LABEL_HEX, i, e)
      return e
    }
  }
  // An elongated word ("fuuuuuuuuuck", "zzzzzzzz") is not an encoding, though as base64 it can decode
  // to a repeated valid UTF-8 character. Encoded text has such runs only for freak payloads ("UUUUUU").
  if (end - i < MIN_CHARS || longestSame >= MAX_SAME_RUN) return skip
  if ((flags & ~(F_27 | F_AF | F_UP)) == 0 && tryBase32(i, e, pad)) {
    emit(LABEL_BASE32, i, end)
    return end
  }
  if ((flags & (F_STD | F_URL)) != (F_STD | F_URL) && tryBase64(i, e, pad)) {
    emit(LABEL_BASE64, i, end)
    return end
  }
  return skip
}

/** Run the parsers at every candidate start in [start, stop). Returns where the block scan resumes. */
function region(start: i32, stop: i32): i32 {
  let i = start
  while (i < stop) {
    const c = at(i)
    if (c == 0x5c || c == 0x25) {
      const e = parseEscapes(i)
      i = e > i ? e : i + 1
    } else if (isWord(c) && (i == 0 || !isWord(at(i - 1)))) {
      i = parseAt(i)
    } else i++
  }
  return i
}

/**
 * Find encoded segments in the UTF-8 text at [ptr, ptr+n). Returns how many; their byte spans are at
 * `encodingsSpans()` (ascending, non-overlapping) and their labels at `encodingsLabels()`.
 */
export function encodingsScan(ptr: usize, n: usize): i32 {
  text = ptr
  len = <i32>n
  outCap = (len >> 4) + 1
  outSpans = arenaAlloc(<usize>outCap << 3)
  outLabels = arenaAlloc(<usize>outCap << 2)
  outDecoded = sink != 0 ? arenaAlloc(<usize>outCap << 3) : 0
  outCount = 0
  if (len < MIN_CHARS) return 0
  if (!rowsReady) {
    nibbleRows(ROW_W, B_COLON | B_EQ, X_WORD)
    nibbleRows(ROW_S, 0, X_HEX | X_ESC)
    rowsReady = true
  }

  const rowW = v128.load(ROW_W)
  const rowS = v128.load(ROW_S)
  const high = v128.load(NIBBLE_BIT)
  const nibble = i8x16.splat(0x0f)
  const zero = i8x16.splat(0)
  let pos = 0
  // Length of the class run that reaches the end of the previous block.
  let runW = 0
  let runS = 0
  while (pos < len) {
    let v: v128
    if (pos + 16 <= len) v = v128.load(text + <usize>pos)
    else {
      v128.store(TAIL, zero)
      memory.copy(TAIL, text + <usize>pos, <usize>(len - pos))
      v = v128.load(TAIL)
    }
    const low = v128.and(v, nibble)
    const bit = i8x16.swizzle(high, i8x16.shr_u(v, 4))
    const mW = i8x16.bitmask(i8x16.ne(v128.and(i8x16.swizzle(rowW, low), bit), zero))
    const mS = i8x16.bitmask(i8x16.ne(v128.and(i8x16.swizzle(rowS, low), bit), zero))
    // A run of 16 either continues from the previous block into this block's first bytes or fills
    // the block; runs strictly inside a block are at most 14 long.
    const leadW = <i32>ctz(~mW)
    const leadS = <i32>ctz(~mS)
    if (runW + leadW >= MIN_CHARS || runS + leadS >= MIN_CHARS) {
      const back = max(runW, runS)
      const stop = min(pos + 16, len)
      pos = max(region(pos - back, stop), stop)
      runW = 0
      runS = 0
      continue
    }
    runW = <i32>clz(~mW & 0xffff) - 16
    runS = <i32>clz(~mS & 0xffff) - 16
    pos += 16
  }
  return outCount
}
