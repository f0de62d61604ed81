// Checksums that turn "looks like a number of the right length" into "is one": Luhn for payment
// cards, ISO 13616 mod-97 for IBANs, the ABA weighted sum for US routing numbers, Base58Check
// (double SHA-256) and bech32 for Bitcoin addresses. Each works on bytes in place, skipping the
// separators users type (spaces, dashes), so no normalised copy is made.

// @ts-ignore: decorator
@inline function isDigit(c: u32): bool {
  return c - 0x30 < 10
}

/** Luhn check over the digits in [p, p+len); other bytes are skipped. */
export function luhnOk(p: usize, len: usize): bool {
  let sum: u32 = 0
  let dbl = false
  for (let i = <isize>len - 1; i >= 0; i--) {
    const c = <u32>load<u8>(p + <usize>i)
    if (!isDigit(c)) continue
    let d = c - 0x30
    if (dbl) {
      d <<= 1
      if (d > 9) d -= 9
    }
    sum += d
    dbl = !dbl
  }
  return sum % 10 == 0
}

/** Digits of [p, p+len) packed into `out` (at most `cap`); returns the count. */
export function packDigits(p: usize, len: usize, out: usize, cap: usize): usize {
  let n: usize = 0
  for (let i: usize = 0; i < len; i++) {
    const c = <u32>load<u8>(p + i)
    if (isDigit(c)) {
      if (n < cap) store<u8>(out + n, <u8>c)
      n++
    }
  }
  return n
}

/** ISO 13616: move the first four characters to the end, letters -> 10..35, value mod 97 == 1. */
export function ibanMod97Ok(p: usize, n: usize): bool {
  let r: u32 = 0
  for (let k: usize = 0; k < n; k++) {
    const c = <u32>load<u8>(p + ((k + 4) % n))
    if (isDigit(c)) r = (r * 10 + (c - 0x30)) % 97
    else {
      const v = (c | 0x20) - 0x61 + 10
      r = (r * 100 + v) % 97
    }
  }
  return r == 1
}

/** ABA routing number: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10), valid Fed prefix. */
export function abaOk(p: usize): bool {
  let sum: u32 = 0
  for (let i = 0; i < 9; i += 3) {
    sum += 3 * (<u32>load<u8>(p + i) - 0x30) + 7 * (<u32>load<u8>(p + i + 1) - 0x30) + (<u32>load<u8>(p + i + 2) - 0x30)
  }
  if (sum % 10 != 0 || sum == 0) return false
  const pre = (<u32>load<u8>(p) - 0x30) * 10 + (<u32>load<u8>(p + 1) - 0x30)
  return pre <= 12 || (pre >= 21 && pre <= 32) || (pre >= 61 && pre <= 72) || pre == 80
}

// ---- SHA-256, only for Base58Check on short inputs (one or two blocks) ----

const K = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2
])
const H = memory.data(32)
const W = memory.data(256)
const BLOCK = memory.data(128)

function compress(block: usize): void {
  for (let i = 0; i < 16; i++) store<u32>(W + (<usize>(i) << 2), bswap<u32>(load<u32>(block + (i << 2))))
  for (let i = 16; i < 64; i++) {
    const w15 = load<u32>(W + (<usize>(i - 15) << 2))
    const w2 = load<u32>(W + (<usize>(i - 2) << 2))
    const s0 = rotr<u32>(w15, 7) ^ rotr<u32>(w15, 18) ^ (w15 >>> 3)
    const s1 = rotr<u32>(w2, 17) ^ rotr<u32>(w2, 19) ^ (w2 >>> 10)
    store<u32>(W + (<usize>(i) << 2), load<u32>(W + (<usize>(i - 16) << 2)) + s0 + load<u32>(W + (<usize>(i - 7) << 2)) + s1)
  }
  let a = load<u32>(H + 0), b = load<u32>(H + 4), c = load<u32>(H + 8), d = load<u32>(H + 12)
  let e = load<u32>(H + 16), f = load<u32>(H + 20), g = load<u32>(H + 24), h = load<u32>(H + 28)
  for (let i = 0; i < 64; i++) {
    const t1 = h + (rotr<u32>(e, 6) ^ rotr<u32>(e, 11) ^ rotr<u32>(e, 25)) + ((e & f) ^ (~e & g)) + load<u32>(K + (<usize>(i) << 2)) + load<u32>(W + (<usize>(i) << 2))
    const t2 = (rotr<u32>(a, 2) ^ rotr<u32>(a, 13) ^ rotr<u32>(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))
    h = g
    g = f
    f = e
    e = d + t1
    d = c
    c = b
    b = a
    a = t1 + t2
  }
  store<u32>(H + 0, load<u32>(H + 0) + a); store<u32>(H + 4, load<u32>(H + 4) + b); store<u32>(H + 8, load<u32>(H + 8) + c); store<u32>(H + 12, load<u32>(H + 12) + d);
  store<u32>(H + 16, load<u32>(H + 16) + e); store<u32>(H + 20, load<u32>(H + 20) + f); store<u32>(H + 24, load<u32>(H + 24) + g); store<u32>(H + 28, load<u32>(H + 28) + h);
}

/** SHA-256 of [p, p+n) (n <= 55 + 64) into 32 bytes at `out`. */
function sha256Short(p: usize, n: usize, out: usize): void {
  store<u32>(H + 0, 0x6a09e667); store<u32>(H + 4, 0xbb67ae85); store<u32>(H + 8, 0x3c6ef372); store<u32>(H + 12, 0xa54ff53a);
  store<u32>(H + 16, 0x510e527f); store<u32>(H + 20, 0x9b05688c); store<u32>(H + 24, 0x1f83d9ab); store<u32>(H + 28, 0x5be0cd19);
  const buf = BLOCK
  memory.fill(buf, 0, 128)
  memory.copy(buf, p, n)
  store<u8>(buf + n, 0x80)
  const blocks: usize = n + 9 <= 64 ? 1 : 2
  const end = buf + (blocks << 6)
  store<u32>(end - 4, bswap<u32>(<u32>(n << 3)))
  compress(buf)
  if (blocks == 2) compress(buf + 64)
  for (let i = 0; i < 8; i++) store<u32>(out + (i << 2), bswap<u32>(load<u32>(H + (<usize>i << 2))))
}

const B58 = memory.data(40)
const DIG1 = memory.data(32)
const DIG2 = memory.data(32)

function b58value(c: u32): i32 {
  if (c >= 0x31 && c <= 0x39) return <i32>c - 0x31
  if (c >= 0x41 && c <= 0x48) return <i32>c - 0x41 + 9
  if (c >= 0x4a && c <= 0x4e) return <i32>c - 0x4a + 17
  if (c >= 0x50 && c <= 0x5a) return <i32>c - 0x50 + 22
  if (c >= 0x61 && c <= 0x6b) return <i32>c - 0x61 + 33
  if (c >= 0x6d && c <= 0x7a) return <i32>c - 0x6d + 44
  return -1
}

/** Legacy Bitcoin address: Base58 decodes to 25 bytes whose last 4 are the double-SHA-256 checksum. */
export function base58CheckOk(p: usize, n: usize): bool {
  const out = B58
  memory.fill(out, 0, 25)
  for (let i: usize = 0; i < n; i++) {
    const v = b58value(load<u8>(p + i))
    if (v < 0) return false
    let carry = <u32>v
    for (let j = 24; j >= 0; j--) {
      carry += <u32>load<u8>(out + j) * 58
      store<u8>(out + j, <u8>carry)
      carry >>>= 8
    }
    if (carry != 0) return false
  }
  const d1 = DIG1
  const d2 = DIG2
  sha256Short(out, 21, d1)
  sha256Short(d1, 32, d2)
  return load<u32>(d2) == load<u32>(out + 21)
}

function polymodStep(pre: u32): u32 {
  const b = pre >>> 25
  let chk = (pre & 0x1ffffff) << 5
  if (b & 1) chk ^= 0x3b6a57b2
  if (b & 2) chk ^= 0x26508e6d
  if (b & 4) chk ^= 0x1ea119fa
  if (b & 8) chk ^= 0x3d4233dd
  if (b & 16) chk ^= 0x2a1462b3
  return chk
}

function bech32Value(c: u32): i32 {
  // Charset qpzry9x8gf2tvdw0s3jn54khce6mua7l.
  switch (c | 0x20) {
    case 0x71: return 0
    case 0x70: return 1
    case 0x7a: return 2
    case 0x72: return 3
    case 0x79: return 4
    case 0x39: return 5
    case 0x78: return 6
    case 0x38: return 7
    case 0x67: return 8
    case 0x66: return 9
    case 0x32: return 10
    case 0x74: return 11
    case 0x76: return 12
    case 0x64: return 13
    case 0x77: return 14
    case 0x30: return 15
    case 0x73: return 16
    case 0x33: return 17
    case 0x6a: return 18
    case 0x6e: return 19
    case 0x35: return 20
    case 0x34: return 21
    case 0x6b: return 22
    case 0x68: return 23
    case 0x63: return 24
    case 0x65: return 25
    case 0x36: return 26
    case 0x6d: return 27
    case 0x75: return 28
    case 0x61: return 29
    case 0x37: return 30
    case 0x6c: return 31
  }
  return -1
}

/** Bech32 / bech32m segwit address with human-readable part `bc` ([p, p+n) starts with "bc1"). */
export function bech32Ok(p: usize, n: usize): bool {
  // hrp "bc" expanded: high bits (3, 3), 0, low bits (2, 3).
  let chk: u32 = 1
  chk = polymodStep(chk) ^ 3
  chk = polymodStep(chk) ^ 3
  chk = polymodStep(chk)
  chk = polymodStep(chk) ^ 2
  chk = polymodStep(chk) ^ 3
  for (let i: usize = 3; i < n; i++) {
    const v = bech32Value(load<u8>(p + i))
    if (v < 0) return false
    chk = polymodStep(chk) ^ <u32>v
  }
  return chk == 1 || chk == 0x2bc830a3
}

// ---- National and medical identifiers (national.ts) ----
// Each takes the value's characters packed at p (upper-case ASCII, separators removed) and answers
// whether its check digit or letter is right. Formats and dates are checked by the caller.

// @ts-ignore: decorator
@inline function dig(p: usize, i: usize): u32 {
  return <u32>load<u8>(p + i) - 0x30
}

/** Sum of digit i times weight i over the weights string (one ASCII digit or letter A=10.. per weight). */
function weighted(p: usize, from: usize, weights: string): u32 {
  let sum: u32 = 0
  const n = <usize>weights.length
  for (let i: usize = 0; i < n; i++) {
    const w = <u32>load<u16>(changetype<usize>(weights) + (i << 1))
    sum += dig(p, from + i) * (w >= 0x41 ? w - 0x41 + 10 : w - 0x30)
  }
  return sum
}

/** UK NHS number (10 digits): weights 10..2, 11 - sum mod 11 (11 -> 0, 10 never issued). */
export function nhsOk(p: usize): bool {
  let r = 11 - weighted(p, 0, 'A98765432') % 11
  if (r == 11) r = 0
  return r != 10 && r == dig(p, 9)
}

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'

/** Spanish DNI/NIF control letter of the number held in v. */
export function nifLetter(v: u32): u32 {
  return <u32>load<u16>(changetype<usize>(NIF_LETTERS) + (<usize>(v % 23) << 1))
}

// Codice fiscale: the value of each character in odd (1st, 3rd, ...) positions; digits as A..J.
const CF_ODD = memory.data<u8>([1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23])

/** Italian fiscal code (16 characters): the 16th is 'A' + (odd/even table sum of the first 15) mod 26. */
export function fiscalCodeOk(p: usize): bool {
  let sum: u32 = 0
  for (let i: usize = 0; i < 15; i++) {
    const c = <u32>load<u8>(p + i)
    const v = c - 0x30 < 10 ? c - 0x30 : c - 0x41
    sum += (i & 1) == 0 ? <u32>load<u8>(CF_ODD + v) : v
  }
  return <u32>load<u8>(p + 15) == 0x41 + sum % 26
}

/** Luhn over n digits packed at p (Italian partita IVA, NPI with its prefix). */
export function luhnDigits(p: usize, n: usize, start: u32): bool {
  let sum: u32 = start
  for (let i: usize = 0; i < n; i++) {
    let d = dig(p, n - 1 - i)
    if ((i & 1) == 1) {
      d <<= 1
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 == 0
}

/** Polish PESEL (11 digits): weights 1 3 7 9 1 3 7 9 1 3, check = (10 - sum mod 10) mod 10. */
export function peselOk(p: usize): bool {
  return (10 - weighted(p, 0, '1379137913') % 10) % 10 == dig(p, 10)
}

const FI_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY'

/** Finnish personal identity code: the check character indexes DDMMYYZZZ mod 31 (p holds DDMMYY ZZZ C, 10 chars). */
export function fiPicOk(p: usize): bool {
  let v: u32 = 0
  for (let i: usize = 0; i < 9; i++) v = v * 10 + dig(p, i)
  return <u32>load<u8>(p + 9) == <u32>load<u16>(changetype<usize>(FI_CHECK) + (<usize>(v % 31) << 1))
}

/** Singapore NRIC/FIN (S/T/F/G/M + 7 digits + letter): weights 2 7 6 5 4 3 2, series offset and table. */
export function nricOk(p: usize): bool {
  const pre = <u32>load<u8>(p)
  let sum = weighted(p, 1, '2765432')
  if (pre == 0x54 || pre == 0x47) sum += 4
  else if (pre == 0x4d) sum += 3
  const r = <usize>(sum % 11)
  const table = pre == 0x53 || pre == 0x54 ? 'JZIHGFEDCBA' : pre == 0x4d ? 'XWUTRQPNJLK' : 'XWUTRQPNMLK'
  return <u32>load<u8>(p + 8) == <u32>load<u16>(changetype<usize>(table) + (r << 1))
}

/** Singapore UEN, business (8 digits + letter) or local company (9 digits + letter). */
export function uenDigitsOk(p: usize, n: usize): bool {
  const table = n == 9 ? 'XMKECAWLJDB' : 'ZKCMDNERGWH'
  const sum = n == 9 ? weighted(p, 0, 'A4938271') : weighted(p, 0, 'A86497531')
  return <u32>load<u8>(p + n - 1) == <u32>load<u16>(changetype<usize>(table) + (<usize>(sum % 11) << 1))
}

const UEN_C_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWX0123456789'
const UEN_C_WEIGHTS = memory.data<u8>([4, 3, 5, 3, 10, 2, 2, 5, 7])

function uenCIndex(c: u32): i32 {
  for (let i = 0; i < 32; i++) if (<u32>load<u16>(changetype<usize>(UEN_C_ALPHABET) + (<usize>i << 1)) == c) return i
  return -1
}

/** Singapore UEN of other entities (T/S/R, 2 digits, entity type, 4 digits, check; 10 chars). */
export function uenOtherOk(p: usize): bool {
  let sum: i32 = 0
  for (let i: usize = 0; i < 9; i++) {
    const v = uenCIndex(load<u8>(p + i))
    if (v < 0) return false
    sum += v * <i32>load<u8>(UEN_C_WEIGHTS + i)
  }
  const r = ((sum - 5) % 11 + 11) % 11
  return <u32>load<u8>(p + 9) == <u32>load<u16>(changetype<usize>(UEN_C_ALPHABET) + (<usize>r << 1))
}

/** Australian Business Number (11 digits): first digit minus one, weights 10 1 3 ... 19, sum mod 89 == 0. */
export function abnOk(p: usize): bool {
  const sum = weighted(p, 0, 'A13579BDFHJ') - 10
  return dig(p, 0) > 0 && sum % 89 == 0
}

/** Australian Company Number (9 digits): weights 8..1, check = (10 - sum mod 10) mod 10. */
export function acnOk(p: usize): bool {
  return (10 - weighted(p, 0, '87654321') % 10) % 10 == dig(p, 8)
}

/** Australian Tax File Number, 9 digits (weights 1 4 3 7 5 8 6 9 10) or 8 (10 7 8 4 6 3 5 1): sum mod 11 == 0. */
export function tfnOk(p: usize, n: usize): bool {
  const sum = n == 9 ? weighted(p, 0, '14375869A') : weighted(p, 0, 'A7846351')
  return sum != 0 && sum % 11 == 0
}

/** Australian Medicare card: first digit 2-6, weights 1 3 7 9 1 3 7 9 over eight digits give the ninth. */
export function medicareOk(p: usize): bool {
  const d0 = dig(p, 0)
  return d0 >= 2 && d0 <= 6 && weighted(p, 0, '13791379') % 10 == dig(p, 8)
}

const VH_D = memory.data<u8>([
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 0, 6, 7, 8, 9, 5, 2, 3, 4, 0, 1, 7, 8, 9, 5, 6, 3, 4, 0, 1, 2, 8, 9, 5, 6, 7,
  4, 0, 1, 2, 3, 9, 5, 6, 7, 8, 5, 9, 8, 7, 6, 0, 4, 3, 2, 1, 6, 5, 9, 8, 7, 1, 0, 4, 3, 2, 7, 6, 5, 9, 8, 2, 1, 0, 4, 3,
  8, 7, 6, 5, 9, 3, 2, 1, 0, 4, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
])
const VH_P = memory.data<u8>([
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 5, 7, 6, 2, 8, 3, 0, 9, 4, 5, 8, 0, 3, 7, 9, 6, 1, 4, 2, 8, 9, 1, 6, 0, 4, 3, 5, 2, 7,
  9, 4, 5, 3, 1, 2, 6, 8, 7, 0, 4, 2, 8, 6, 5, 7, 3, 9, 0, 1, 2, 7, 9, 3, 8, 0, 6, 4, 1, 5, 7, 0, 4, 6, 9, 1, 3, 2, 5, 8
])

/** Verhoeff check over n digits packed at p (Aadhaar): the dihedral-group product is 0. */
export function verhoeffOk(p: usize, n: usize): bool {
  let c: u32 = 0
  for (let i: usize = 0; i < n; i++) {
    const d = dig(p, n - 1 - i)
    c = <u32>load<u8>(VH_D + c * 10 + <u32>load<u8>(VH_P + (i & 7) * 10 + d))
  }
  return c == 0
}

/** Korean RRN (13 digits): weights 2..9, 2..5, check = (11 - sum mod 11) mod 10 (numbers issued before Oct 2020). */
export function rrnOk(p: usize): bool {
  return (11 - weighted(p, 0, '234567892345') % 11) % 10 == dig(p, 12)
}

/** Thai national id (13 digits): weights 13..2, check = (11 - sum mod 11) mod 10. */
export function tninOk(p: usize): bool {
  return (11 - weighted(p, 0, 'DCBA98765432') % 11) % 10 == dig(p, 12)
}

/** US NPI (10 digits): Luhn over "80840" and the number (the prefix adds 24 to the sum). */
export function npiOk(p: usize): bool {
  return luhnDigits(p, 10, 24)
}

/** DEA registration (2 letters + 7 digits at p+2): (d1+d3+d5) + 2(d2+d4+d6) ends in d7. */
export function deaOk(p: usize): bool {
  const sum = dig(p, 2) + dig(p, 4) + dig(p, 6) + 2 * (dig(p, 3) + dig(p, 5) + dig(p, 7))
  return sum % 10 == dig(p, 8)
}
