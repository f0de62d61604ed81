// Character classes. Bytes go through the core's one byte-class table (below); anything else is decoded
// from UTF-8 and classed by code-point ranges. Non-ASCII defaults to "letter" so that accented Latin,
// Greek, Cyrillic, Hebrew, Arabic, Indic and CJK text tokenises as words without shipping Unicode
// tables; only the punctuation, symbol and space blocks that occur in real text are singled out.

// The byte-class table: 256 u32 entries, built once per instance (ucharInit), read by the tokeniser,
// the PII scanner and the encodings scanner, so they cannot disagree about a byte.
//   byte 0: the tokeniser's class (A_* below, read by asciiClass);
//   byte 1: groups (X_*) a byte belongs to besides its kind (byteGroups);
//   bytes 2-3: the byte's kind (B_*, byteKind): exactly one of the kinds below, plus B_NL on a line
//     break. Scanners OR the kinds of a token's bytes to decide which recognisers it can reach.
// SIMD scanners test a set of bytes 16 at a time through nibble rows computed from this table
// (nibbleRows), never written by hand.

// Tokeniser classes of ASCII bytes.
export const A_OTHER: u8 = 0
export const A_LOWER: u8 = 1
export const A_UPPER: u8 = 2
export const A_DIGIT: u8 = 3
export const A_SPACE: u8 = 4
export const A_NL: u8 = 5
export const A_DOT: u8 = 6
/** `!` and `?`: always end a sentence. */
export const A_BANG: u8 = 7
/** Closing quotes and brackets that stay with the sentence they follow. */
export const A_CLOSE: u8 = 8
/** Lead or continuation byte of a multi-byte character. */
export const A_HIGH: u8 = 9

// Byte kinds: one bit each, so a token's kinds OR into one 16-bit word.
export const B_DIG: u32 = 1
export const B_UP: u32 = 2
export const B_LO: u32 = 4
/** Space, tab, line break, vertical tab, form feed. */
export const B_SP: u32 = 8
/** Lead or continuation byte of a multi-byte character. */
export const B_HI: u32 = 16
export const B_AT: u32 = 32
export const B_COLON: u32 = 64
export const B_SLASH: u32 = 128
export const B_DOT: u32 = 256
export const B_EQ: u32 = 512
export const B_DASH: u32 = 1024
export const B_US: u32 = 2048
export const B_PLUS: u32 = 4096
/** `(` and `)`. */
export const B_PAREN: u32 = 8192
/** Any other ASCII byte: punctuation, symbols, control characters. */
export const B_PUNCT: u32 = 16384
/** Added to B_SP on `\n` and `\r`. */
export const B_NL: u32 = 32768

// Byte groups.
/** 0-9 a-f A-F. */
export const X_HEX: u32 = 1
/**
 * Characters of base64, base64url, base32 and hex words: A-Z a-z 0-9 + / - _, and DEL. DEL is here
 * because the encodings scanner's hand-written nibble tables, which this table replaced, held it (a
 * side effect of their rectangles); keeping it keeps the scanner's word boundaries exactly as they were.
 */
export const X_WORD: u32 = 2
/** Characters of separated bytes and escapes besides hex digits: space % , : = u x U X \ |. */
export const X_ESC: u32 = 4

// Non-ASCII classes.
export const U_OTHER: u8 = 0
export const U_LETTER: u8 = 1
export const U_SPACE: u8 = 2
/** U+2026 HORIZONTAL ELLIPSIS. */
export const U_ELLIPSIS: u8 = 3
/** Full stops and marks that always end a sentence (。！？ ‼ ...). */
export const U_STRONG: u8 = 4
/** U+2019: apostrophe inside a word, closing quote after one. */
export const U_APOS: u8 = 5
/** U+2010, U+2011: hyphens that join a word. */
export const U_HYPHEN: u8 = 6
/** Closing quotes and brackets. */
export const U_CLOSE: u8 = 7
/** Bullets that open a list item at the start of a line. */
export const U_BULLET: u8 = 8
/** ZWJ and ZWNJ: inside a word they join (Indic, Persian); elsewhere (emoji sequences) they are not words. */
export const U_JOIN: u8 = 9

const BYTES: usize = memory.data(256 * 4, 16)
let ready = false

function kindOf(c: u32): u32 {
  if (c >= 0x30 && c <= 0x39) return B_DIG
  if (c >= 0x41 && c <= 0x5a) return B_UP
  if (c >= 0x61 && c <= 0x7a) return B_LO
  if (c >= 0x80) return B_HI
  if (c == 0x20 || c == 0x09 || c == 0x0b || c == 0x0c) return B_SP
  if (c == 0x0a || c == 0x0d) return B_SP | B_NL
  if (c == 0x40) return B_AT
  if (c == 0x3a) return B_COLON
  if (c == 0x2f) return B_SLASH
  if (c == 0x2e) return B_DOT
  if (c == 0x3d) return B_EQ
  if (c == 0x2d) return B_DASH
  if (c == 0x5f) return B_US
  if (c == 0x2b) return B_PLUS
  if (c == 0x28 || c == 0x29) return B_PAREN
  return B_PUNCT
}

function groupsOf(c: u32, kind: u32): u32 {
  let x: u32 = 0
  if ((kind & B_DIG) != 0 || ((kind & (B_UP | B_LO)) != 0 && (c | 0x20) <= 0x66)) x |= X_HEX
  if ((kind & (B_DIG | B_UP | B_LO | B_PLUS | B_SLASH | B_DASH | B_US)) != 0 || c == 0x7f) x |= X_WORD
  const l = c | 0x20
  if (c == 0x20 || c == 0x25 || c == 0x2c || c == 0x3a || c == 0x3d || c == 0x5c || c == 0x7c ||
    ((kind & (B_UP | B_LO)) != 0 && (l == 0x75 || l == 0x78))) x |= X_ESC
  return x
}

function tokeniserClass(c: u32, kind: u32): u32 {
  if ((kind & B_LO) != 0) return A_LOWER
  if ((kind & B_UP) != 0) return A_UPPER
  if ((kind & B_DIG) != 0) return A_DIGIT
  // A carriage return is a space here: "\r\n" is one line break, counted at the '\n'.
  if (c == 0x0a) return A_NL
  if ((kind & B_SP) != 0) return A_SPACE
  if ((kind & B_DOT) != 0) return A_DOT
  if (c == 0x21 || c == 0x3f) return A_BANG
  if (c == 0x22 || c == 0x27 || c == 0x29 || c == 0x5d || c == 0x7d) return A_CLOSE
  if ((kind & B_HI) != 0) return A_HIGH
  return A_OTHER
}

function init(): void {
  for (let c: u32 = 0; c < 256; c++) {
    const kind = kindOf(c)
    store<u32>(BYTES + (<usize>c << 2), tokeniserClass(c, kind) | (groupsOf(c, kind) << 8) | (kind << 16))
  }
  ready = true
}

/** Make sure the byte-class table is filled (first call of the instance). */
export function ucharInit(): void {
  if (!ready) init()
}

/** Tokeniser class (A_*) of byte c. */
// @ts-ignore: decorator
@inline export function asciiClass(c: u32): u8 {
  return load<u8>(BYTES + (<usize>c << 2))
}

/** Kind bits (B_*) of byte c. */
// @ts-ignore: decorator
@inline export function byteKind(c: u32): u32 {
  return <u32>load<u16>(BYTES + (<usize>c << 2), 2)
}

/** Group bits (X_*) of byte c. */
// @ts-ignore: decorator
@inline export function byteGroups(c: u32): u32 {
  return <u32>load<u8>(BYTES + (<usize>c << 2), 1)
}

/** NIBBLE_BIT[h] = bit h for the ASCII high nibbles 0-7; 0 for 8-15, so bytes >= 0x80 are in no set. */
export const NIBBLE_BIT = memory.data<u8>([1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0])

/**
 * Fill the 16-byte row at `out` for a set of ASCII bytes: those with any kind in `kinds` or any group in
 * `groups`. Byte c is in the set when out[c & 15] & NIBBLE_BIT[c >> 4] is not zero, which SIMD code
 * reads for 16 bytes at once with two i8x16.swizzle. One row per set, with one bit per high nibble,
 * fits any set of ASCII bytes; packing several sets into one row pair (a bit per rectangle of nibble
 * pairs) would not always fit in 8 bits, and costs as many vector operations as a second row.
 */
export function nibbleRows(out: usize, kinds: u32, groups: u32): void {
  ucharInit()
  memory.fill(out, 0, 16)
  for (let c: u32 = 0; c < 128; c++) {
    if ((byteKind(c) & kinds) != 0 || (byteGroups(c) & groups) != 0) {
      store<u8>(out + (c & 15), <u8>(<u32>load<u8>(out + (c & 15)) | (<u32>1 << (c >> 4))))
    }
  }
}

/** Byte length of the character decoded by the last `decodeAt` call. */
export let cpLen: usize = 1

/**
 * Code point of the UTF-8 character at `p` (end of text at `end`); sets `cpLen`. Malformed or cut-off
 * sequences decode as U+FFFD of length 1, so scanning always moves forward.
 */
export function decodeAt(p: usize, end: usize): u32 {
  const b0 = <u32>load<u8>(p)
  if (b0 < 0x80) {
    cpLen = 1
    return b0
  }
  if (b0 >= 0xc2 && b0 < 0xe0 && p + 1 < end) {
    const b1 = <u32>load<u8>(p + 1)
    if ((b1 & 0xc0) == 0x80) {
      cpLen = 2
      return ((b0 & 0x1f) << 6) | (b1 & 0x3f)
    }
  } else if (b0 >= 0xe0 && b0 < 0xf0 && p + 2 < end) {
    const b1 = <u32>load<u8>(p + 1)
    const b2 = <u32>load<u8>(p + 2)
    if ((b1 & 0xc0) == 0x80 && (b2 & 0xc0) == 0x80) {
      cpLen = 3
      return ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f)
    }
  } else if (b0 >= 0xf0 && b0 < 0xf5 && p + 3 < end) {
    const b1 = <u32>load<u8>(p + 1)
    const b2 = <u32>load<u8>(p + 2)
    const b3 = <u32>load<u8>(p + 3)
    if ((b1 & 0xc0) == 0x80 && (b2 & 0xc0) == 0x80 && (b3 & 0xc0) == 0x80) {
      cpLen = 4
      return ((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f)
    }
  }
  cpLen = 1
  return 0xfffd
}

/** Class of a non-ASCII code point. */
export function uclass(cp: u32): u8 {
  if (cp < 0x2000) {
    if (cp < 0xc0) {
      // Latin-1 punctuation and symbols, except the letters ª µ º.
      if (cp == 0xa0 || cp == 0x85) return U_SPACE
      if (cp == 0xbb) return U_CLOSE
      if (cp == 0xb7) return U_BULLET
      if (cp == 0xaa || cp == 0xb5 || cp == 0xba) return U_LETTER
      return U_OTHER
    }
    if (cp == 0xd7 || cp == 0xf7) return U_OTHER
    if (cp == 0x37e) return U_OTHER // Greek question mark: ambiguous with ';', never ends a sentence
    if (cp == 0x61f || cp == 0x6d4 || cp == 0x964 || cp == 0x965) return U_STRONG // Arabic ? and full stop, danda
    if (cp == 0x1680) return U_SPACE
    return U_LETTER
  }
  if (cp < 0x2c00) {
    // General punctuation, super/subscripts, currency, letterlike, arrows, maths, shapes, dingbats.
    if (cp <= 0x200b || cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f) return U_SPACE
    if (cp == 0x200c || cp == 0x200d) return U_JOIN
    if (cp == 0x2019) return U_APOS
    if (cp == 0x2010 || cp == 0x2011) return U_HYPHEN
    if (cp == 0x2026) return U_ELLIPSIS
    if (cp == 0x203c || (cp >= 0x2047 && cp <= 0x2049)) return U_STRONG
    if (cp == 0x201d || cp == 0x203a) return U_CLOSE
    if (cp == 0x2022 || cp == 0x2023 || cp == 0x2043 || cp == 0x2013 || cp == 0x2014) return U_BULLET
    if (cp == 0x25aa || cp == 0x25cf || cp == 0x25e6 || cp == 0x25a0 || cp == 0x25a1 || cp == 0x2713) return U_BULLET
    return U_OTHER
  }
  if (cp >= 0x2e00 && cp < 0x2e80) return U_OTHER
  if (cp >= 0x3000 && cp < 0x3040) {
    if (cp == 0x3000) return U_SPACE
    if (cp == 0x3002) return U_STRONG
    if (cp >= 0x3005 && cp <= 0x3007) return U_LETTER
    if (cp == 0x3009 || cp == 0x300b || cp == 0x300d || cp == 0x300f || cp == 0x3011) return U_CLOSE
    return U_OTHER
  }
  if (cp >= 0xfe00 && cp < 0xfe70) return U_OTHER // variation selectors, vertical and small forms
  if (cp == 0xfeff) return U_SPACE
  if (cp >= 0xff00 && cp < 0xff66) {
    if (cp == 0xff01 || cp == 0xff1f || cp == 0xff0e || cp == 0xff61) return U_STRONG
    if (cp == 0xff09 || cp == 0xff3d || cp == 0xff63) return U_CLOSE
    if ((cp >= 0xff10 && cp <= 0xff19) || (cp >= 0xff21 && cp <= 0xff3a) || (cp >= 0xff41 && cp <= 0xff5a)) return U_LETTER
    return U_OTHER
  }
  if (cp >= 0xfff0 && cp <= 0xffff) return U_OTHER
  if (cp >= 0x1f000 && cp < 0x1fb00) return U_OTHER // emoji and pictographs
  if (cp >= 0xe0000) return U_OTHER
  return U_LETTER
}

/** 1 = upper-case letter, 2 = lower-case letter, 0 = anything else (digits, caseless scripts, marks). */
export function ucase(cp: u32): u8 {
  if (cp >= 0xc0 && cp <= 0xde) return cp == 0xd7 ? 0 : 1
  if (cp >= 0xdf && cp <= 0xff) return cp == 0xf7 ? 0 : 2
  // Latin Extended-A mostly alternates upper (even) and lower (odd).
  if (cp >= 0x100 && cp < 0x180) return (cp & 1) == 0 ? 1 : 2
  if (cp >= 0x391 && cp <= 0x3a9) return 1
  if (cp >= 0x3ac && cp <= 0x3ce) return 2
  if (cp >= 0x400 && cp <= 0x42f) return 1
  if (cp >= 0x430 && cp <= 0x45f) return 2
  return 0
}
