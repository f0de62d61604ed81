// Byte-level helpers of the PII scanner: byte kinds, character tests, literal comparisons over the
// text under scan (state.ts).
import { FNV_SEED, hashLower } from '../text/hash'
import { B_DASH, B_DOT, B_LO, B_PAREN, B_PUNCT, B_SP, byteKind, decodeAt, nibbleRows } from '../text/uchar'
import { N, P, at } from './state'

// Bytes the SIMD skip passes over (< 0x80: lower-case letters, spaces, ordinary punctuation): byte c
// is one when BORING_LO[c & 15] & NIBBLE_BIT[c >> 4] is not zero. Derived from the byte-class table.
export const BORING_LO = memory.data(16)
export let clsReady = false

export function initClasses(): void {
  nibbleRows(BORING_LO, B_LO | B_SP | B_PUNCT | B_DASH | B_PAREN | B_DOT, 0)
  clsReady = true
}

/** Kind bits (B_* in text/uchar.ts) of byte c. */
// @ts-ignore: decorator
@inline export function cls(c: u32): u32 {
  return byteKind(c)
}

// @ts-ignore: decorator
@inline export function isDig(c: u32): bool {
  return c - 0x30 < 10
}

// @ts-ignore: decorator
@inline export function isAlpha(c: u32): bool {
  return (c | 0x20) - 0x61 < 26
}

// @ts-ignore: decorator
@inline export function isAlnum(c: u32): bool {
  return isDig(c) || isAlpha(c)
}

export function isHex(c: u32): bool {
  return isDig(c) || (c | 0x20) - 0x61 < 6
}

/** Is the character starting at byte i a capital letter (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic)? */
export function upperAt(i: usize): bool {
  const c = at(i)
  if (c - 0x41 < 26) return true
  if (c < 0xc3) return false
  const d = at(i + 1)
  if (c == 0xc3) return d >= 0x80 && d <= 0x9e && d != 0x97
  if (c == 0xc4 || c == 0xc5) {
    const cp = ((c & 0x1f) << 6) | (d & 0x3f)
    if (cp >= 0x139 && cp <= 0x148) return (cp & 1) == 1
    if (cp >= 0x179) return (cp & 1) == 1
    return (cp & 1) == 0
  }
  if (c == 0xce) return (d >= 0x86 && d <= 0xab && d != 0x87)
  if (c == 0xd0) return d >= 0x80 && d <= 0xaf
  return false
}
/** Does [s, e) equal the ASCII lower-case literal at `lit` (case-insensitively)? */
export function eqi(s: usize, e: usize, lit: string): bool {
  const n = <usize>lit.length
  if (e - s != n) return false
  for (let k: usize = 0; k < n; k++) {
    const c = at(s + k)
    const l = <u32>load<u16>(changetype<usize>(lit) + (k << 1))
    if ((c - 0x41 < 26 ? c | 0x20 : c) != l) return false
  }
  return true
}

export function startsWith(s: usize, e: usize, lit: string): bool {
  const n = <usize>lit.length
  if (e - s < n) return false
  return eqi(s, s + n, lit)
}

/** Case-sensitive prefix test. */
export function startsCs(s: usize, e: usize, lit: string): bool {
  const n = <usize>lit.length
  if (e - s < n) return false
  for (let k: usize = 0; k < n; k++) if (at(s + k) != <u32>load<u16>(changetype<usize>(lit) + (k << 1))) return false
  return true
}
export function hashRange(s: usize, e: usize): u64 {
  return hashLower(FNV_SEED, P + s, e - s)
}

/**
 * Code point of the character at byte i of the text under scan, its width in uchar's `cpLen`; 0 past the
 * end (like `at`), so a look one character ahead needs no bounds check.
 */
export function cpAt(i: usize): u32 {
  return i < N ? decodeAt(P + i, P + N) : 0
}
