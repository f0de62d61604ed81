// Character classes for the tokeniser. ASCII goes through a 256-entry table; anything else is decoded
// from UTF-8 and classed by code-point ranges. Non-ASCII defaults to "letter" so that accented Latin,
// Greek, Cyrillic, Hebrew, Arabic, Indic and CJK text tokenises as words without shipping Unicode
// tables; only the punctuation, symbol and space blocks that occur in real text are singled out.

// ASCII classes.
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

const ASCII: usize = memory.data(256, 16)
let ready = false

function init(): void {
  for (let c = 0; c < 256; c++) {
    let k = A_OTHER
    if (c >= 0x61 && c <= 0x7a) k = A_LOWER
    else if (c >= 0x41 && c <= 0x5a) k = A_UPPER
    else if (c >= 0x30 && c <= 0x39) k = A_DIGIT
    else if (c == 0x20 || c == 0x09 || c == 0x0d || c == 0x0b || c == 0x0c) k = A_SPACE
    else if (c == 0x0a) k = A_NL
    else if (c == 0x2e) k = A_DOT
    else if (c == 0x21 || c == 0x3f) k = A_BANG
    else if (c == 0x22 || c == 0x27 || c == 0x29 || c == 0x5d || c == 0x7d) k = A_CLOSE
    else if (c >= 0x80) k = A_HIGH
    store<u8>(ASCII + c, k)
  }
  ready = true
}

/** Make sure the ASCII table is filled (first call of the instance). */
export function ucharInit(): void {
  if (!ready) init()
}

// @ts-ignore: decorator
@inline export function asciiClass(c: u32): u8 {
  return load<u8>(ASCII + c)
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
