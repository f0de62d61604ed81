// Byte-level helpers of the PII scanner: byte classes, character tests, literal comparisons over the
// text under scan (state.ts).
import { FNV_SEED, hashLower } from '../text/hash'
import { P, at } from './state'

// Byte classes.
export const K_DIG: u32 = 1
export const K_UP: u32 = 2
export const K_LO: u32 = 4
export const K_SP: u32 = 8
export const K_HI: u32 = 16
export const K_AT: u32 = 32
export const K_COLON: u32 = 64
export const K_SLASH: u32 = 128
export const K_DOT: u32 = 256
export const K_EQ: u32 = 512
export const K_DASH: u32 = 1024
export const K_US: u32 = 2048
const K_PLUS: u32 = 4096
export const K_PAREN: u32 = 8192
export const K_PUNCT: u32 = 16384
export const K_NL: u32 = 32768

const CLS = memory.data(512)
export let clsReady = false
// Nibble tables for the SIMD skip: byte c (< 0x80) is "boring" (lower-case letter, space, ordinary
// punctuation) when BORING_LO[c & 15] has bit (c >> 4). HIGH_BIT maps a high nibble to that bit.
export const BORING_LO = memory.data(16)
export const HIGH_BIT = memory.data<u8>([1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0])

export function initClasses(): void {
  for (let c: u32 = 0; c < 256; c++) {
    let k: u32 = K_PUNCT
    if (c >= 0x30 && c <= 0x39) k = K_DIG
    else if (c >= 0x41 && c <= 0x5a) k = K_UP
    else if (c >= 0x61 && c <= 0x7a) k = K_LO
    else if (c >= 0x80) k = K_HI
    else if (c == 0x20 || c == 0x09 || c == 0x0b || c == 0x0c) k = K_SP
    else if (c == 0x0a || c == 0x0d) k = K_SP | K_NL
    else if (c == 0x40) k = K_AT
    else if (c == 0x3a) k = K_COLON
    else if (c == 0x2f) k = K_SLASH
    else if (c == 0x2e) k = K_DOT
    else if (c == 0x3d) k = K_EQ
    else if (c == 0x2d) k = K_DASH
    else if (c == 0x5f) k = K_US
    else if (c == 0x2b) k = K_PLUS
    else if (c == 0x28 || c == 0x29) k = K_PAREN
    store<u16>(CLS + (c << 1), <u16>k)
  }
  memory.fill(BORING_LO, 0, 16)
  for (let c: u32 = 0; c < 128; c++) {
    const k = <u32>load<u16>(CLS + (c << 1))
    if ((k & (K_LO | K_SP | K_PUNCT | K_DASH | K_PAREN | K_DOT)) != 0) {
      store<u8>(BORING_LO + (c & 15), <u8>(<u32>load<u8>(BORING_LO + (c & 15)) | (<u32>1 << (c >> 4))))
    }
  }
  clsReady = true
}
// @ts-ignore: decorator
@inline export function cls(c: u32): u32 {
  return <u32>load<u16>(CLS + (c << 1))
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
