// Helpfulness counts: what a response gives in numbers, names, list items and questions, in one pass over
// its UTF-8 bytes (the learned part, the hashed n-gram head, is vec/features.ts; the weights live in
// src/models/helpfulness.generated.ts). Every pattern is ASCII, so bytes and string indices agree on it:
//  - digit runs, as /\d+/g counts them;
//  - list items, /(?:^|\n)[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]/g (• is U+2022, bytes E2 80 A2);
//  - capitalised names after a lower-case word, comma or semicolon, /[a-z,;] [A-Z][a-z]/g, matches not
//    overlapping as the regular expression's do;
//  - question marks.
// Blocks of 16 bytes with none of a digit, capital, '?' or newline (most of prose) are skipped in one
// SIMD test.
//
// ABI: `helpfulnessCounts(ptr, len)` returns a pointer to four u32: digits, items, names, questions.
import { A_DIGIT, A_LOWER, A_UPPER, asciiClass, ucharInit } from '../text/uchar'

const OUT: usize = memory.data(16, 16)

// @ts-ignore: decorator
@inline function blank(c: u32): bool {
  return c == 0x20 || c == 0x09
}

// Counters and state of one call, in globals (the core allocates no objects).
let digits: u32 = 0
let items: u32 = 0
let names: u32 = 0
let questions: u32 = 0
let lineStart = true
let prevDigit = false
// End of the last names match: the next may start only after it.
let namesEnd: isize = -1

// One byte of the text. A name is checked at its capital (the regex's third byte), so that a 16-byte
// block without a capital, digit, '?' or newline can be skipped whole.
// @ts-ignore: decorator
@inline function step(ptr: usize, len: usize, i: usize): void {
  const c = <u32>load<u8>(ptr + i)
  const k = asciiClass(c)
  const digit = k == A_DIGIT
  if (digit && !prevDigit) digits++
  prevDigit = digit
  if (c == 0x3f) questions++
  else if (k == A_UPPER && i >= 2 && i + 1 < len && <isize>i - 2 > namesEnd && load<u8>(ptr + i - 1) == 0x20) {
    const p = <u32>load<u8>(ptr + i - 2)
    if ((asciiClass(p) == A_LOWER || p == 0x2c || p == 0x3b) && asciiClass(<u32>load<u8>(ptr + i + 1)) == A_LOWER) {
      names++
      namesEnd = <isize>i + 1
    }
  }
  if (lineStart) {
    let j = i
    while (j < len && blank(<u32>load<u8>(ptr + j))) j++
    if (j < len) {
      const b = <u32>load<u8>(ptr + j)
      let after: usize = 0
      if (b == 0x2d || b == 0x2a) after = j + 1
      else if (b == 0xe2 && j + 2 < len && load<u8>(ptr + j + 1) == 0x80 && load<u8>(ptr + j + 2) == 0xa2) after = j + 3
      else if (asciiClass(b) == A_DIGIT) {
        let d = j + 1
        if (d < len && asciiClass(<u32>load<u8>(ptr + d)) == A_DIGIT) d++
        if (d < len && (load<u8>(ptr + d) == 0x2e || load<u8>(ptr + d) == 0x29)) after = d + 1
      }
      if (after > 0 && after < len && blank(<u32>load<u8>(ptr + after))) items++
    }
    lineStart = false
  }
  if (c == 0x0a) lineStart = true
}

export function helpfulnessCounts(ptr: usize, len: usize): usize {
  ucharInit()
  digits = 0
  items = 0
  names = 0
  questions = 0
  lineStart = true
  prevDigit = false
  namesEnd = -1
  let i: usize = 0
  while (i + 16 <= len) {
    if (!lineStart) {
      const v = v128.load(ptr + i)
      const digit = i8x16.lt_u(i8x16.sub(v, i8x16.splat(0x30)), i8x16.splat(10))
      const upper = i8x16.lt_u(i8x16.sub(v, i8x16.splat(0x41)), i8x16.splat(26))
      const mark = v128.or(i8x16.eq(v, i8x16.splat(0x3f)), i8x16.eq(v, i8x16.splat(0x0a)))
      if (!v128.any_true(v128.or(v128.or(digit, upper), mark))) {
        prevDigit = false
        i += 16
        continue
      }
    }
    for (let e = i + 16; i < e; i++) step(ptr, len, i)
  }
  for (; i < len; i++) step(ptr, len, i)
  store<u32>(OUT, digits)
  store<u32>(OUT, items, 4)
  store<u32>(OUT, names, 8)
  store<u32>(OUT, questions, 12)
  return OUT
}
