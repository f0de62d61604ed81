// The one hash of the core: 64-bit FNV-1a over bytes. Tables built at load (gazetteer, syllable
// exceptions) and hashed features (vec/) all use it, so a key hashed anywhere hashes the same
// everywhere, and a training script can reproduce it in JavaScript with BigInt arithmetic.

export const FNV_SEED: u64 = 0xcbf29ce484222325
export const FNV_PRIME: u64 = 0x100000001b3

// @ts-ignore: decorator
@inline export function fnvByte(h: u64, b: u32): u64 {
  return (h ^ <u64>b) * FNV_PRIME
}

/** FNV-1a of the bytes [p, p+n), continuing `h`. */
export function hashBytes(h: u64, p: usize, n: usize): u64 {
  for (let i: usize = 0; i < n; i++) h = fnvByte(h, <u32>load<u8>(p + i))
  return h
}

/**
 * Write the bytes [p, p+n) lower-cased as `hashLower` folds them, framed as "<" word ">", at `dst`
 * (n + 2 bytes): the form character n-gram features and vectors hash, so that "<th" is a word start.
 */
export function frameLower(dst: usize, p: usize, n: usize): void {
  store<u8>(dst, 0x3c)
  let prev: u32 = 0
  for (let i: usize = 0; i < n; i++) {
    let c = <u32>load<u8>(p + i)
    if (c - 0x41 < 26) c |= 0x20
    else if (prev == 0xc3 && c >= 0x80 && c <= 0x9e && c != 0x97) c += 0x20
    store<u8>(dst + 1 + i, <u8>c)
    prev = c
  }
  store<u8>(dst + 1 + n, 0x3e)
}

/**
 * Hash of the bytes [p, p+n) lower-cased (ASCII and Latin-1 capitals), continuing `h`. Apostrophes
 * and periods are kept, so "o'brien" and "u.s." are distinct keys.
 */
export function hashLower(h: u64, p: usize, n: usize): u64 {
  let prev: u32 = 0
  for (let i: usize = 0; i < n; i++) {
    let c = <u32>load<u8>(p + i)
    if (c - 0x41 < 26) c |= 0x20
    else if (prev == 0xc3 && c >= 0x80 && c <= 0x9e && c != 0x97) c += 0x20
    h = fnvByte(h, c)
    prev = c
  }
  return h
}
