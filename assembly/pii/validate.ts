// The core's checksums offered to custom recognizers (src/metrics/pii/pii-recognizers.ts): the very
// functions the built-in recognisers call, so a user's "luhn" is the card recogniser's Luhn. The
// candidate is what the user's pattern matched; separators people type inside numbers (space, '-',
// '.') are skipped, any other byte outside the checksum's alphabet rejects it.
import { abaOk, ibanMod97Ok, luhnOk, verhoeffOk } from './checks'

export const V_LUHN: u32 = 1
export const V_MOD97: u32 = 2
export const V_ABA: u32 = 3
export const V_VERHOEFF: u32 = 4

/** The longest candidate a checksum reads (an IBAN has at most 34 characters, a card 19 digits). */
const CAP: usize = 64
const BUF = memory.data(64)

// @ts-ignore: decorator
@inline function isSep(c: u32): bool {
  return c == 0x20 || c == 0x2d || c == 0x2e
}

/** Digits (and, with `letters`, ASCII letters) of [p, p+n) packed into BUF; -1 on any other byte. */
function pack(p: usize, n: usize, letters: bool): i32 {
  let k: usize = 0
  for (let i: usize = 0; i < n; i++) {
    const c = <u32>load<u8>(p + i)
    if (isSep(c)) continue
    const ok = c - 0x30 < 10 || (letters && (c | 0x20) - 0x61 < 26)
    if (!ok || k == CAP) return -1
    store<u8>(BUF + k, <u8>c)
    k++
  }
  return <i32>k
}

/** Does the UTF-8 candidate [p, p+n) pass checksum `kind` (V_*)? 0 or 1; 0 for an unknown kind. */
export function piiValidate(kind: u32, p: usize, n: usize): u32 {
  if (kind == V_LUHN) {
    const k = pack(p, n, false)
    // A check digit needs at least one digit to check.
    return k >= 2 && luhnOk(BUF, <usize>k) ? 1 : 0
  }
  if (kind == V_MOD97) {
    const k = pack(p, n, true)
    // Country code (two letters), two check digits, then the account: at least 5 characters.
    if (k < 5 || (<u32>load<u8>(BUF) | 0x20) - 0x61 >= 26 || (<u32>load<u8>(BUF + 1) | 0x20) - 0x61 >= 26) return 0
    if (<u32>load<u8>(BUF + 2) - 0x30 >= 10 || <u32>load<u8>(BUF + 3) - 0x30 >= 10) return 0
    return ibanMod97Ok(BUF, <usize>k) ? 1 : 0
  }
  if (kind == V_ABA) {
    const k = pack(p, n, false)
    return k == 9 && abaOk(BUF) ? 1 : 0
  }
  if (kind == V_VERHOEFF) {
    const k = pack(p, n, false)
    return k >= 2 && verhoeffOk(BUF, <usize>k) ? 1 : 0
  }
  return 0
}
