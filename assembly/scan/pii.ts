// PII scanner: one pass over UTF-8 text that finds candidate entities by byte class and confirms
// them with checksums, formats and context words. Ordinary lower-case words (most of any prose) cost
// one class-table lookup per byte; only tokens holding digits, capitals, '@', ':' or an inner '.'
// reach a recogniser. Names and places are confirmed with the gazetteer (pii-gazetteer.ts) and with
// the words just before them, read lazily only when a capitalised run is seen.
//
// Output: non-overlapping entities sorted by start, as byte offsets. Overlapping candidates are
// resolved to one entity per span: higher category priority wins (PRIORITY below), then the longer
// span, then the earlier start.
import { arenaAlloc } from '../arena'
import { abaOk, base58CheckOk, bech32Ok, ibanMod97Ok, luhnOk, packDigits } from './pii-check'
import {
  G_BIGCITY, G_COMMON, G_DEMONYM, G_COUNTRY, G_FIRST, G_LAST, G_LOCVERB, G_MONTH, G_NAME, G_NAMEWORD, G_NOTNAME, G_ORG,
  G_PARTICLE, G_PERSONCTX, G_PLACE, G_PREP, G_STATE, G_STREET, G_TITLE, G_UNIT, G_WEEKDAY, G_CTX_NUMBER, gazLookup
} from './pii-gazetteer'
import { FNV_SEED, fnvByte, hashLower } from '../text/hash'

// Category ids; names live in src/metrics/pii.ts (CATEGORY_IDS), in the same order.
export const C_EMAIL: u32 = 1
export const C_PHONE: u32 = 2
export const C_CARD: u32 = 3
export const C_IBAN: u32 = 4
export const C_SSN: u32 = 5
export const C_BANK: u32 = 6
export const C_ABA: u32 = 7
export const C_IP: u32 = 8
export const C_MAC: u32 = 9
export const C_URL: u32 = 10
export const C_DATE: u32 = 11
export const C_PERSON: u32 = 12
export const C_LOCATION: u32 = 13
export const C_CRYPTO: u32 = 14
export const C_SECRET: u32 = 15

const G_TLD: u32 = 262144
const G_CTX_PHONE: u32 = 524288
const G_CTX_SSN: u32 = 1048576
const G_CTX_ACCOUNT: u32 = 2097152
const G_CTX_ROUTING: u32 = 4194304
const G_CTX_DATE: u32 = 8388608
const G_CTX_ID: u32 = 16777216
const G_ADDRCTX: u32 = 33554432
const G_PLACEWORD: u32 = 67108864


// Byte classes.
const K_DIG: u32 = 1
const K_UP: u32 = 2
const K_LO: u32 = 4
const K_SP: u32 = 8
const K_HI: u32 = 16
const K_AT: u32 = 32
const K_COLON: u32 = 64
const K_SLASH: u32 = 128
const K_DOT: u32 = 256
const K_EQ: u32 = 512
const K_DASH: u32 = 1024
const K_US: u32 = 2048
const K_PLUS: u32 = 4096
const K_PAREN: u32 = 8192
const K_PUNCT: u32 = 16384
const K_NL: u32 = 32768

const CLS = memory.data(512)
let clsReady = false

// Text under scan.
let P: usize = 0
let N: usize = 0
let MASK: u32 = 0

// Candidates: start, end, category (u32 each).
let CAND: usize = 0
let CN: u32 = 0
let CCAP: u32 = 0

// Scratch for digit groups and capitalised runs.
const GS = memory.data(4 * 24)
const GE = memory.data(4 * 24)
const TS = memory.data(4 * 12)
const TE = memory.data(4 * 12)
const TF = memory.data(4 * 12)
const TR = memory.data(4 * 12)
const DIGITS = memory.data(48)

// Nibble tables for the SIMD skip: byte c (< 0x80) is "boring" (lower-case letter, space, ordinary
// punctuation) when BORING_LO[c & 15] has bit (c >> 4). HIGH_BIT maps a high nibble to that bit.
const BORING_LO = memory.data(16)
const HIGH_BIT = memory.data<u8>([1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0])

function initClasses(): void {
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
@inline function at(i: usize): u32 {
  return i < N ? <u32>load<u8>(P + i) : 0
}

// @ts-ignore: decorator
@inline function cls(c: u32): u32 {
  return <u32>load<u16>(CLS + (c << 1))
}

// @ts-ignore: decorator
@inline function isDig(c: u32): bool {
  return c - 0x30 < 10
}

// @ts-ignore: decorator
@inline function isAlpha(c: u32): bool {
  return (c | 0x20) - 0x61 < 26
}

// @ts-ignore: decorator
@inline function isAlnum(c: u32): bool {
  return isDig(c) || isAlpha(c)
}

function isHex(c: u32): bool {
  return isDig(c) || (c | 0x20) - 0x61 < 6
}

/** Is the character starting at byte i a capital letter (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic)? */
function upperAt(i: usize): bool {
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

function emit(s: usize, e: usize, cat: u32): void {
  if (e <= s || (MASK & (1 << cat)) == 0) return
  if (CN >= CCAP) {
    // Start small and double: most texts have few entities, and memory is never given back.
    const bigger = arenaAlloc(<usize>CCAP * 24)
    memory.copy(bigger, CAND, <usize>CCAP * 12)
    CAND = bigger
    CCAP <<= 1
  }
  const slot = CAND + (<usize>CN) * 12
  store<u32>(slot, <u32>s)
  store<u32>(slot, <u32>e, 4)
  store<u32>(slot, cat, 8)
  CN++
}

function wants(cat: u32): bool {
  return (MASK & (1 << cat)) != 0
}

/** Does [s, e) equal the ASCII lower-case literal at `lit` (case-insensitively)? */
function eqi(s: usize, e: usize, lit: string): bool {
  const n = <usize>lit.length
  if (e - s != n) return false
  for (let k: usize = 0; k < n; k++) {
    const c = at(s + k)
    const l = <u32>load<u16>(changetype<usize>(lit) + (k << 1))
    if ((c - 0x41 < 26 ? c | 0x20 : c) != l) return false
  }
  return true
}

function startsWith(s: usize, e: usize, lit: string): bool {
  const n = <usize>lit.length
  if (e - s < n) return false
  return eqi(s, s + n, lit)
}

/** Case-sensitive prefix test. */
function startsCs(s: usize, e: usize, lit: string): bool {
  const n = <usize>lit.length
  if (e - s < n) return false
  for (let k: usize = 0; k < n; k++) if (at(s + k) != <u32>load<u16>(changetype<usize>(lit) + (k << 1))) return false
  return true
}

// ---------------------------------------------------------------------------------------------
// Context: flags of the words just before a position.

let prevWordStart: usize = 0

/** Flags of the word ending before `pos` (skipping spaces and punctuation, not across a blank line). */
function wordBefore(pos: usize): u32 {
  let i = pos
  while (i > 0) {
    const c = at(i - 1)
    if (isAlnum(c) || c >= 0x80 || c == 0x27 || c == 0x23) break
    if (pos - i > 6) {
      prevWordStart = 0
      return 0
    }
    i--
  }
  const e = i
  while (i > 0) {
    const c = at(i - 1)
    if (!(isAlnum(c) || c >= 0x80 || c == 0x27 || c == 0x2e || c == 0x23 || c == 0x2f)) break
    i--
  }
  prevWordStart = i
  if (e == i) return 0
  let f = gazLookup(hashLower(FNV_SEED, P + i, e - i))
  // "tel." / "ph." style words are listed with their dot.
  if ((at(e) == 0x2e || at(e) == 0x3a) && e - i <= 5) f |= gazLookup(hashLower(FNV_SEED, P + i, e - i + 1))
  return f
}

/** OR of the flags of up to `words` words before `pos`. */
function contextBefore(pos: usize, words: i32): u32 {
  let f: u32 = 0
  let p = pos
  for (let k = 0; k < words && p > 0; k++) {
    f |= wordBefore(p)
    if (prevWordStart == 0 && p > 0 && f == 0 && k > 0) break
    p = prevWordStart
  }
  return f
}

function hashRange(s: usize, e: usize): u64 {
  return hashLower(FNV_SEED, P + s, e - s)
}

/** Does the previous sentence end in "name?" ("What's your last name? Arcuri")? */
function nameQuestionBefore(s: usize): bool {
  let i = s
  while (i > 0 && (at(i - 1) == 0x20 || at(i - 1) == 0x22)) i--
  if (i < 6 || at(i - 1) != 0x3f) return false
  return eqi(i - 5, i - 1, 'name') && !isAlpha(at(i - 6))
}

/** Is the text before s (skipping spaces and quotes) a sentence end (. ! ?)? */
function sentenceEndBefore(s: usize): bool {
  let i = s
  while (i > 0) {
    const c = at(i - 1)
    if (c == 0x20 || c == 0x22 || c == 0x27) {
      i--
      continue
    }
    return c == 0x2e || c == 0x21 || c == 0x3f
  }
  return false
}

/** Is the position at the start of a sentence (text start, newline, or after . ! ? :)? */
function sentenceInitial(s: usize): bool {
  let i = s
  while (i > 0) {
    const c = at(i - 1)
    if (c == 0x20 || c == 0x09 || c == 0x22 || c == 0x27 || c == 0x28 || c == 0x2a) {
      i--
      continue
    }
    return c == 0x2e || c == 0x21 || c == 0x3f || c == 0x0a || c == 0x0d || c == 0x3a
  }
  return true
}

// ---------------------------------------------------------------------------------------------
// Token-shaped recognisers. Each takes the trimmed token [s, e) and returns true when it emitted.

function email(s: usize, e: usize): bool {
  let a = s
  while (a < e && at(a) != 0x40) a++
  if (a >= e) return false
  let ls = a
  while (ls > s) {
    const c = at(ls - 1)
    if (isAlnum(c) || c == 0x2e || c == 0x5f || c == 0x25 || c == 0x2b || c == 0x2d) ls--
    else break
  }
  if (ls == a || at(ls) == 0x2e) return false
  let de = a + 1
  let dots = 0
  let lastDot: usize = 0
  while (de < e) {
    const c = at(de)
    if (isAlnum(c) || c == 0x2d) de++
    else if (c == 0x2e && de + 1 < e && isAlnum(at(de + 1))) {
      dots++
      lastDot = de
      de++
    } else break
  }
  if (dots == 0) return false
  for (let k = lastDot + 1; k < de; k++) if (!isAlpha(at(k))) return false
  if (de - lastDot - 1 < 2) return false
  emit(ls, de, C_EMAIL)
  return true
}

function isUrlChar(c: u32): bool {
  return c > 0x20 && c < 0x7f && c != 0x22 && c != 0x3c && c != 0x3e && c != 0x60
}

function url(s: usize, e: usize): bool {
  let p = s
  if (startsWith(s, e, 'https://')) p = s + 8
  else if (startsWith(s, e, 'http://')) p = s + 7
  else if (startsWith(s, e, 'ftp://')) p = s + 6
  else if (startsWith(s, e, 'www.')) p = s + 4
  else return false
  // An IP-literal host ("http://203.0.113.5:8080/x", "http://[2001:db8::1]/") is reported as the
  // IP_ADDRESS, as Presidio does: the address identifies the machine, the rest of the URL does not.
  if (p < e && wants(C_IP) && urlIpHost(p, e)) return true
  if (p >= e || !isAlnum(at(p))) return false
  let u = p
  while (u < e && isUrlChar(at(u))) u++
  emit(s, u, C_URL)
  return true
}

/** The host at p is an IPv4 or bracketed IPv6 literal: emit it as an IP and return true. */
function urlIpHost(p: usize, e: usize): bool {
  if (at(p) == 0x5b) {
    let z = p + 1
    while (z < e && at(z) != 0x5d) z++
    return z < e && z > p + 2 && ipv6OrMac(p + 1, z)
  }
  if (!isDig(at(p))) return false
  let h = p
  while (h < e && (isDig(at(h)) || at(h) == 0x2e)) h++
  if (h < e && !(at(h) == 0x3a || at(h) == 0x2f || at(h) == 0x3f || at(h) == 0x23)) return false
  if (!ipv4Valid(p, h)) return false
  emit(p, h, C_IP)
  return true
}

/**
 * A dotted IPv4 inside a token, after a non-alphanumeric byte ("src_ip:10.1.2.3", "root@10.1.2.3",
 * "tcp://10.1.2.3:5555", "IP#10.1.2.3"), as a word-boundary regular expression would find it.
 */
function embeddedIpv4(s: usize, e: usize): bool {
  for (let k = s + 1; k + 7 <= e; k++) {
    if (!isDig(at(k))) continue
    const b = at(k - 1)
    if (isAlnum(b) || b == 0x2e || b == 0x2d || b == 0x2b || b >= 0x80) continue
    if (ipv4(k, e)) return true
    while (k < e && (isDig(at(k)) || at(k) == 0x2e)) k++
  }
  return false
}

/** Bare domain such as example.com or Shop.co.uk/path: known TLD, lower-case, a letter in the name. */
function domain(s: usize, e: usize): bool {
  let labels = 0
  let lab = s
  let hasAlpha = false
  let end = e
  for (let k = s; k < e; k++) {
    const c = at(k)
    if (c == 0x2f) {
      end = k
      break
    }
    if (isAlpha(c)) hasAlpha = true
    else if (c == 0x2e) {
      if (k - lab < 1) return false
      labels++
      lab = k + 1
    } else if (!(isDig(c) || c == 0x2d)) return false
  }
  if (labels == 0 || !hasAlpha || end - lab < 2 || end - lab > 6) return false
  if (s + 2 > lab) return false
  for (let k = lab; k < end; k++) if (at(k) - 0x61 >= 26) return false
  if ((gazLookup(hashRange(lab, end)) & G_TLD) == 0) return false
  // The first label needs two or more characters: rules out "e.g" and "a.m".
  let first = s
  while (at(first) != 0x2e) first++
  if (first - s < 2) return false
  let u = end
  if (u < e) while (u < e && isUrlChar(at(u))) u++
  emit(s, u, C_URL)
  return true
}

/** Is [s, e) exactly a dotted IPv4 address? */
function ipv4Valid(s: usize, e: usize): bool {
  let parts = 0
  let val: u32 = 0
  let digits = 0
  for (let k = s; k <= e; k++) {
    const c = k < e ? at(k) : 0x2e
    if (isDig(c)) {
      val = val * 10 + (c - 0x30)
      if (++digits > 3) return false
    } else if (c == 0x2e) {
      if (digits == 0 || val > 255) return false
      parts++
      val = 0
      digits = 0
    } else return false
  }
  return parts == 4
}

/** Dotted IPv4 at the start of [s, e); a port, CIDR suffix or punctuation may follow. */
function ipv4(s: usize, e: usize): bool {
  let parts = 0
  let val: u32 = 0
  let digits = 0
  let k = s
  while (k <= e) {
    const c = k < e ? at(k) : 0
    if (isDig(c)) {
      val = val * 10 + (c - 0x30)
      digits++
      if (digits > 3) return false
    } else {
      if (digits == 0 || val > 255) return false
      parts++
      val = 0
      digits = 0
      if (c != 0x2e || parts == 4) break
    }
    k++
  }
  if (parts != 4) return false
  if (k < e && (isAlnum(at(k)) || (at(k) == 0x2e && isDig(at(k + 1))))) return false
  emit(s, k, C_IP)
  return true
}

function ipv6OrMac(s: usize, e0: usize): bool {
  let e = e0
  const n = e - s
  // MAC: six hex pairs joined by one consistent ':' or '-'.
  if (n == 17) {
    const sep = at(s + 2)
    if (sep == 0x3a || sep == 0x2d) {
      let ok = true
      for (let k: usize = 0; k < 17; k++) {
        const c = at(s + k)
        if (k % 3 == 2) {
          if (c != sep) ok = false
        } else if (!isHex(c)) ok = false
      }
      if (ok) {
        emit(s, e, C_MAC)
        return true
      }
    }
  }
  let groups = 0
  let len = 0
  let dbl = false
  let colons = 0
  let letters = false
  let z = e
  for (let k = s; k < e; k++) if (at(k) == 0x25 || at(k) == 0x2f || at(k) == 0x5d) {
    z = k
    break
  }
  e = z
  // An IPv4 tail ("::ffff:192.0.2.128") counts as two groups.
  let v4 = e
  for (let k = s; k < e; k++) if (at(k) == 0x2e) {
    v4 = k
    while (v4 > s && at(v4 - 1) != 0x3a) v4--
    break
  }
  if (v4 < e) {
    if (v4 == s || !ipv4Valid(v4, e)) return false
  }
  for (let k = s; k < v4; k++) {
    const c = at(k)
    if (k == v4 - 1 && c == 0x3a && v4 < e) continue
    if (isHex(c)) {
      if (!isDig(c)) letters = true
      len++
      if (len > 4) return false
    } else if (c == 0x3a) {
      colons++
      if (len == 0) {
        if (k > s && at(k - 1) == 0x3a) {
          if (dbl) return false
          dbl = true
        } else if (k != s || at(k + 1) != 0x3a) return false
      } else groups++
      len = 0
    } else return false
  }
  if (len > 0) groups++
  if (v4 < e) groups += 2
  if (colons < 2) return false
  if (dbl ? groups > 7 || groups < 1 : groups != 8) return false
  // "12:30:45" style times never reach here (8 groups or '::' needed); demand a hex letter or '::'.
  if (!letters && !dbl && v4 == e) return false
  emit(s, e, C_IP)
  return true
}

const IBAN_LENGTHS =
  'AD24AE23AL28AT20AZ28BA20BE16BG22BH22BI27BR29BY28CH21CR22CY28CZ24DE22DJ27DK18DO28EE20EG29ES24FI18FK18FO18FR27GB22GE22GI23GL18GR27GT28HR21HU28IE22IL23IQ23IS26IT27JO30KW30KZ20LB28LC32LI21LT20LU20LV21LY25MC27MD24ME22MK19MN20MR27MT31MU30NI28NL18NO15OM23PK24PL28PS29PT25QA29RO24RS22RU33SA24SC31SD18SE24SI19SK24SM27SO23ST25SV28TL23TN24TR26UA29VA22VG24XK20YE30'

function ibanLength(a: u32, b: u32): u32 {
  const base = changetype<usize>(IBAN_LENGTHS)
  const n = <usize>IBAN_LENGTHS.length
  for (let k: usize = 0; k < n; k += 4) {
    if (<u32>load<u16>(base + (k << 1)) == a && <u32>load<u16>(base + ((k + 1) << 1)) == b) {
      return (<u32>load<u16>(base + ((k + 2) << 1)) - 0x30) * 10 + (<u32>load<u16>(base + ((k + 3) << 1)) - 0x30)
    }
  }
  return 0
}

/** IBAN, compact or in groups of four separated by single spaces. Returns the end, or 0. */
function iban(s: usize): usize {
  const a = at(s)
  const b = at(s + 1)
  if (a - 0x41 >= 26 || b - 0x41 >= 26 || !isDig(at(s + 2)) || !isDig(at(s + 3))) return 0
  const want = ibanLength(a, b)
  if (want == 0) return 0
  // Copy the alphanumerics (at most 34) into DIGITS, allowing single spaces between groups of 4.
  let n: usize = 0
  let k = s
  let group = 0
  let end: usize = 0
  while (k < N && n < 34) {
    const c = at(k)
    if (isAlnum(c)) {
      store<u8>(DIGITS + n, <u8>(c - 0x61 < 26 ? c - 0x20 : c))
      n++
      group++
      k++
      if (n == <usize>want) {
        end = k
        break
      }
    } else if (c == 0x20 && group == 4 && isAlnum(at(k + 1))) {
      group = 0
      k++
    } else break
  }
  if (end == 0 || isAlnum(at(end))) return 0
  if (!ibanMod97Ok(DIGITS, n)) return 0
  emit(s, end, C_IBAN)
  return end
}

function isTokenChar(c: u32): bool {
  return isAlnum(c) || c == 0x5f || c == 0x2d
}

/** Is [s, e) a random-looking token: long enough, mixed classes, high character entropy? */
function highEntropy(s: usize, e: usize, minLen: usize): bool {
  const n = e - s
  if (n < minLen || n > 512) return false
  let up = 0
  let lo = 0
  let dg = 0
  // Distinct-symbol count approximates entropy for short strings without a log table.
  const seen = DIGITS // 48 bytes; bitmap over 256 symbols needs 32
  memory.fill(seen, 0, 32)
  let distinct = 0
  for (let k = s; k < e; k++) {
    const c = at(k)
    if (c <= 0x20) return false
    if (c - 0x41 < 26) up++
    else if (c - 0x61 < 26) lo++
    else if (isDig(c)) dg++
    const byte = seen + (c >> 3)
    const bit: u32 = (<u32>1) << (c & 7)
    const have = <u32>load<u8>(byte)
    if ((have & bit) == 0) {
      store<u8>(byte, <u8>(have | bit))
      distinct++
    }
  }
  const classes = (up > 0 ? 1 : 0) + (lo > 0 ? 1 : 0) + (dg > 0 ? 1 : 0)
  if (classes < 2 || dg == 0 && classes < 3) return false
  // Random base64/hex of length n shows about min(n, alphabet) * (1 - e^-1) distinct symbols.
  return <f64>distinct >= Math.min(<f64>n * 0.55, 12.0)
}

/** Keys whose value is a secret when written `key=value`, `key: value` or `"key": "value"`. */
function secretKey(s: usize, e: usize): i32 {
  // 2 = password-like (any value of 6+ characters), 1 = token-like (value must look random).
  for (let k = s; k < e; k++) {
    const c = at(k) | 0x20
    if (c == 0x70 && (startsWith(k, e, 'password') || startsWith(k, e, 'passwd') || startsWith(k, e, 'pwd'))) return 2
    if (c == 0x73 && startsWith(k, e, 'secret')) return 1
    if (c == 0x74 && startsWith(k, e, 'token')) return 1
    if (c == 0x61 && (startsWith(k, e, 'api_key') || startsWith(k, e, 'apikey') || startsWith(k, e, 'api-key') ||
      startsWith(k, e, 'access_key') || startsWith(k, e, 'auth'))) return 1
    if (c == 0x63 && startsWith(k, e, 'credential')) return 1
    if (c == 0x70 && startsWith(k, e, 'private_key')) return 1
  }
  return 0
}

/** Known API-key prefixes, JWTs and key=value secrets in token [s, e). */
function secret(s: usize, e: usize): bool {
  // Prefixed keys: prefix then 16+ token characters.
  let pre: usize = 0
  if (startsCs(s, e, 'sk-') || startsCs(s, e, 'pk_') || startsCs(s, e, 'sk_') || startsCs(s, e, 'rk_') ||
    startsCs(s, e, 'hf_')) pre = 3
  else if (startsCs(s, e, 'ghp_') || startsCs(s, e, 'gho_') || startsCs(s, e, 'ghu_') || startsCs(s, e, 'ghs_') ||
    startsCs(s, e, 'ghr_') || startsCs(s, e, 'npm_') || startsCs(s, e, 'xoxb-') || startsCs(s, e, 'xoxp-') ||
    startsCs(s, e, 'xoxa-') || startsCs(s, e, 'AIza')) pre = 4
  else if (startsCs(s, e, 'glpat-') || startsCs(s, e, 'shpat_')) pre = 6
  else if (startsCs(s, e, 'github_pat_')) pre = 11
  else if (startsCs(s, e, 'AKIA') || startsCs(s, e, 'ASIA')) {
    // AWS access key id: exactly 16 upper-case alphanumerics after the prefix.
    let k = s + 4
    while (k < e && (isDig(at(k)) || at(k) - 0x41 < 26)) k++
    if (k - s == 20 && !isAlnum(at(k))) {
      emit(s, k, C_SECRET)
      return true
    }
    return false
  }
  if (pre > 0) {
    let k = s + pre
    while (k < e && isTokenChar(at(k))) k++
    if (k - s - pre >= 16 && highEntropy(s + pre, k, 16)) {
      emit(s, k, C_SECRET)
      return true
    }
  }
  // JWT: three base64url segments, the first an encoded JSON object ("eyJ").
  if (startsCs(s, e, 'eyJ')) {
    let dots = 0
    let k = s
    let seg: usize = 0
    while (k < e) {
      const c = at(k)
      if (c == 0x2e) {
        if (seg < 4) break
        dots++
        seg = 0
      } else if (isTokenChar(c)) seg++
      else break
      k++
    }
    if (dots == 2 && seg >= 4) {
      emit(s, k, C_SECRET)
      return true
    }
  }
  // key=value / key: value
  let sep = s
  while (sep < e && at(sep) != 0x3d && at(sep) != 0x3a) sep++
  let kind = 0
  let vs: usize = 0
  if (sep < e && sep > s) {
    kind = secretKey(s, sep)
    vs = sep + 1
    while (vs < e && (at(vs) == 0x22 || at(vs) == 0x27 || at(vs) == 0x3d)) vs++
  } else if (sep == e || at(e - 1) == 0x3a) {
    // "password: hunter22" / "API key: ..." — key in this token, value in the next.
    if (at(e) == 0x3a || at(e - 1) == 0x3a || at(e) == 0x3d) {
      const ke = at(e - 1) == 0x3a ? e - 1 : e
      kind = secretKey(s, ke)
      vs = e
      while (vs < N && (at(vs) == 0x20 || at(vs) == 0x3a || at(vs) == 0x3d || at(vs) == 0x22 || at(vs) == 0x27)) vs++
    }
  }
  if (kind > 0 && vs < N) {
    let ve = vs
    while (ve < N && at(ve) > 0x20 && at(ve) != 0x22 && at(ve) != 0x27 && at(ve) != 0x2c && at(ve) != 0x3b && at(ve) != 0x7d) ve++
    while (ve > vs && (at(ve - 1) == 0x2e || at(ve - 1) == 0x29)) ve--
    if (kind == 2 ? ve - vs >= 6 : highEntropy(vs, ve, 16)) {
      emit(vs, ve, C_SECRET)
      return true
    }
  }
  return false
}

let PK_FROM: usize = 1
let PK_AT: usize = 0
let PK_Z: usize = 0

/** PEM private-key block from "-----BEGIN ... PRIVATE KEY-----" to the matching END line. */
function privateKey(s: usize): usize {
  if (!startsCs(s, N, '-----BEGIN ')) return 0
  let k = s + 11
  while (k < N && at(k) != 0x2d && at(k) != 0x0a) k++
  if (k - s < 22 || !startsCs(k - 11, k, 'PRIVATE KEY') || !startsCs(k, N, '-----')) return 0
  let m = k + 5
  const limit = N - 9
  // The first END line at or after m and where its marker ends, remembered: many blocks that share
  // one END line, or never close, cost one search in all.
  if (!(PK_FROM <= m && m <= PK_AT)) {
    PK_FROM = m
    while (m < limit && !(at(m) == 0x2d && startsCs(m, N, '-----END '))) m++
    PK_AT = m
    let z = m + 9
    if (m < limit) while (z < N && at(z) != 0x2d && at(z) != 0x0a) z++
    PK_Z = z
  }
  if (PK_AT >= limit || !startsCs(PK_Z, N, '-----')) return 0
  emit(s, PK_Z + 5, C_SECRET)
  return PK_Z + 5
}

function isBase58(c: u32): bool {
  return isAlnum(c) && c != 0x30 && c != 0x4f && c != 0x49 && c != 0x6c
}

function crypto(s: usize, e: usize): bool {
  const n = e - s
  const c = at(s)
  if ((c == 0x31 || c == 0x33) && n >= 26 && n <= 35) {
    for (let k = s; k < e; k++) if (!isBase58(at(k))) return false
    if (!base58CheckOk(P + s, n)) return false
    emit(s, e, C_CRYPTO)
    return true
  }
  if (n >= 14 && n <= 74 && startsWith(s, e, 'bc1')) {
    if (!bech32Ok(P + s, n)) return false
    emit(s, e, C_CRYPTO)
    return true
  }
  if (n == 42 && c == 0x30 && (at(s + 1) | 0x20) == 0x78) {
    for (let k = s + 2; k < e; k++) if (!isHex(at(k))) return false
    emit(s, e, C_CRYPTO)
    return true
  }
  return false
}

// ---------------------------------------------------------------------------------------------
// Digit runs: phone numbers, payment cards, SSNs, dates, routing and account numbers.

let G: u32 = 0

// @ts-ignore: decorator
@inline function gs(g: u32): usize {
  return <usize>load<u32>(GS + (<usize>g << 2))
}
// @ts-ignore: decorator
@inline function ge(g: u32): usize {
  return <usize>load<u32>(GE + (<usize>g << 2))
}
// @ts-ignore: decorator
@inline function glen(g: u32): u32 {
  return <u32>(ge(g) - gs(g))
}
function gval(g: u32): u32 {
  let v: u32 = 0
  for (let k = gs(g); k < ge(g) && k < gs(g) + 9; k++) v = v * 10 + (at(k) - 0x30)
  return v
}
/** The separator bytes between group g-1 and g, as one code: a single byte, or 0x100 for mixed. */
function sepOf(g: u32): u32 {
  const a = ge(g - 1)
  const b = gs(g)
  if (b - a == 1) return at(a)
  return 0x100
}

/** "x1234", " ext. 12", " x 12" after a phone number: returns the end of the extension, or 0. */
function extensionAt(k: usize): usize {
  let m = k
  if (at(m) == 0x2c && at(m + 1) == 0x20) m++
  if (at(m) == 0x20) m++
  if ((at(m) | 0x20) == 0x78) m++
  else if (eqi(m, m + 9, 'extension')) m += 9
  else if (eqi(m, m + 3, 'ext')) {
    m += 3
    if (at(m) == 0x2e) m++
  } else return 0
  if (at(m) == 0x20) m++
  const d = m
  while (isDig(at(m))) m++
  return m > d && m - d <= 6 && !isAlpha(at(m)) ? m : 0
}

/** Parse digit groups from s; returns the number of groups (also in G). */
function parseGroups(s: usize): u32 {
  G = 0
  let k = s
  if (at(k) == 0x2b || at(k) == 0x28) k++
  while (k < N && G < 24) {
    if (!isDig(at(k))) break
    const g0 = k
    while (k < N && isDig(at(k))) k++
    // A one-digit group after a space ends the run ("1 2 3", "page 4 5"), except after a "+"
    // country code or a trunk "0" ("+33 1 23 45 67 89", "06 1 234 5678").
    if (G > 0 && k - g0 == 1 && at(g0 - 1) == 0x20 && at(s) != 0x2b && at(gs(0)) != 0x30) break
    store<u32>(GS + (<usize>G << 2), <u32>g0)
    store<u32>(GE + (<usize>G << 2), <u32>k)
    G++
    // Separator: up to 3 of " -./()", at most one space, no line break, then a digit.
    let m = k
    let spaces = 0
    while (m < N && m - k < 3) {
      const c = at(m)
      if (c == 0x20) spaces++
      else if (!(c == 0x2d || c == 0x2e || c == 0x2f || c == 0x28 || c == 0x29)) break
      m++
    }
    if (m == k || spaces > 1 || !isDig(at(m))) break
    k = m
  }
  // A last group glued to letters ("5pm", "3rd", "12kg") is not part of a number.
  if (G > 0 && (isAlpha(at(ge(G - 1))) || at(ge(G - 1)) >= 0x80) && !extensionAt(ge(G - 1))) G--
  // Nor is an hour ("2000-04-16 11:34"): the date parser reads times itself.
  if (G > 1 && at(ge(G - 1)) == 0x3a && isDig(at(ge(G - 1) + 1))) G--
  return G
}

function digitsIn(from: u32, to: u32): u32 {
  let n: u32 = 0
  for (let g = from; g < to; g++) n += glen(g)
  return n
}

function validDate(y: u32, m: u32, d: u32): bool {
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 && y >= 1 && y <= 2199
}

/** Extend a date ending at e with a time " 14:05", "T14:05:09", optional seconds and am/pm. */
function timeAfter(e: usize): usize {
  let k = e
  if (at(k) == 0x20 || at(k) == 0x54) k++
  else return e
  if (!isDig(at(k))) return e
  let h = k
  while (isDig(at(h))) h++
  if (h - k > 2 || at(h) != 0x3a || !isDig(at(h + 1)) || !isDig(at(h + 2))) return e
  let z = h + 3
  if (at(z) == 0x3a && isDig(at(z + 1)) && isDig(at(z + 2))) z += 3
  if (at(z) == 0x20 && ((at(z + 1) | 0x20) == 0x61 || (at(z + 1) | 0x20) == 0x70) && (at(z + 2) | 0x20) == 0x6d) z += 3
  return z
}

function tryDate(g: u32): usize {
  // g groups starting at 0; only 3-group forms: d/m/y, m/d/y, y-m-d (one separator kind).
  if (g != 3) return 0
  const s1 = sepOf(1)
  const s2 = sepOf(2)
  if (s1 != s2 || !(s1 == 0x2f || s1 == 0x2d || s1 == 0x2e)) return 0
  const a = gval(0), b = gval(1), c = gval(2)
  const la = glen(0), lb = glen(1), lc = glen(2)
  let ok = false
  if (la == 4 && lb <= 2 && lc <= 2) ok = validDate(a, b, c) && a >= 1800
  else if (la <= 2 && lb <= 2 && (lc == 4 || (lc == 2 && s1 == 0x2f))) {
    ok = (validDate(2000, a, b) || validDate(2000, b, a)) && (lc == 2 || (c >= 1800 && c <= 2199))
  }
  if (!ok) return 0
  return timeAfter(ge(2))
}

function ssnValid(area: u32, group: u32, serial: u32): bool {
  return area != 0 && area != 666 && area < 900 && group != 0 && serial != 0
}

function trySsn(g: u32, ctx: u32): bool {
  if (g == 3 && glen(0) == 3 && glen(1) == 2 && glen(2) == 4) {
    const s1 = sepOf(1)
    if (s1 != sepOf(2) || !(s1 == 0x2d || s1 == 0x20 || s1 == 0x2e)) return false
    if (s1 != 0x2d && (ctx & G_CTX_SSN) == 0) return false
    return ssnValid(gval(0), gval(1), gval(2))
  }
  if (g == 1 && glen(0) == 9 && (ctx & G_CTX_SSN) != 0) {
    const v = gval(0)
    return ssnValid(v / 1000000, (v / 10000) % 100, v % 10000)
  }
  return false
}

/** Issuer ranges for card numbers (IIN prefixes and lengths), applied after Luhn. */
function cardIssuerOk(p: usize, n: usize): bool {
  const d1 = <u32>load<u8>(p) - 0x30
  const d2 = d1 * 10 + (<u32>load<u8>(p + 1) - 0x30)
  const d3 = d2 * 10 + (<u32>load<u8>(p + 2) - 0x30)
  const d4 = d3 * 10 + (<u32>load<u8>(p + 3) - 0x30)
  if (d1 == 4) return n == 13 || n == 16 || n == 19 // Visa
  if (d2 >= 51 && d2 <= 55) return n == 16 // Mastercard
  if (d4 >= 2221 && d4 <= 2720) return n == 16 // Mastercard 2-series
  if (d2 == 34 || d2 == 37) return n == 15 // Amex
  if (d4 == 6011 || (d3 >= 644 && d3 <= 649) || d2 == 65) return n >= 16 && n <= 19 // Discover
  if ((d3 >= 300 && d3 <= 305) || d2 == 36 || d2 == 38 || d2 == 39) return n >= 14 && n <= 19 // Diners
  if (d4 >= 3528 && d4 <= 3589) return n >= 16 && n <= 19 // JCB
  if (d4 == 2131 || d4 == 1800) return n == 15 // JCB 15
  if (d2 == 62) return n >= 16 && n <= 19 // UnionPay
  if (d2 == 50 || (d2 >= 56 && d2 <= 69)) return n >= 12 && n <= 19 // Maestro
  return false
}

function tryCard(g: u32): bool {
  const n = digitsIn(0, g)
  if (n < 12 || n > 19) return false
  if (g > 1) {
    const sp = sepOf(1)
    if (!(sp == 0x20 || sp == 0x2d)) return false
    for (let k: u32 = 1; k < g; k++) if (sepOf(k) != sp || glen(k) < 3) return false
    if (glen(0) < 4) return false
  }
  const got = packDigits(P + gs(0), ge(g - 1) - gs(0), DIGITS, 19)
  if (got != n) return false
  return luhnOk(DIGITS, n) && cardIssuerOk(DIGITS, n)
}

// Country calling codes with the usual length of the national significant number (min, max), after
// the ITU-T E.164 assignments and national numbering plans. One- and two-digit codes are listed; any
// other code is read as three digits with 6..12 national digits. A written trunk 0 ("+44 (0)20")
// adds one digit.
const CC_TABLE = memory.data<u8>([
  1, 10, 10, 7, 10, 10,
  20, 8, 10, 27, 9, 9, 30, 10, 10, 31, 9, 9, 32, 8, 9, 33, 9, 9, 34, 9, 9, 36, 8, 9, 39, 6, 11,
  40, 9, 9, 41, 9, 9, 43, 4, 13, 44, 7, 10, 45, 8, 8, 46, 7, 10, 47, 8, 8, 48, 9, 9, 49, 6, 13,
  51, 8, 9, 52, 10, 10, 53, 8, 8, 54, 10, 11, 55, 10, 11, 56, 9, 9, 57, 8, 10, 58, 10, 10,
  60, 8, 10, 61, 9, 9, 62, 8, 12, 63, 8, 10, 64, 8, 10, 65, 8, 8, 66, 8, 9,
  81, 9, 10, 82, 8, 10, 84, 9, 10, 86, 10, 11, 90, 10, 10, 91, 10, 10, 92, 9, 10, 93, 9, 9,
  94, 9, 9, 95, 7, 10, 98, 10, 10, 0
])

/** n digits in DIGITS from `from`: country code then national number, of plausible lengths? */
function e164Ok(from: usize, n: usize): bool {
  if (n < 8 || n > 15) return false
  const d1 = <u32>load<u8>(DIGITS + from) - 0x30
  const d2 = d1 * 10 + <u32>load<u8>(DIGITS + from + 1) - 0x30
  if (d1 == 0) return false
  let cc: usize = 3
  let lo: u32 = 6
  let hi: u32 = 12
  for (let k: usize = 0; load<u8>(CC_TABLE + k) != 0; k += 3) {
    const c = <u32>load<u8>(CC_TABLE + k)
    if (c == d1 || c == d2) {
      cc = c < 10 ? 1 : 2
      lo = <u32>load<u8>(CC_TABLE + k + 1)
      hi = <u32>load<u8>(CC_TABLE + k + 2)
      break
    }
  }
  const nsn = <u32>(n - cc)
  const trunk: u32 = load<u8>(DIGITS + from + cc) == 0x30 ? 1 : 0
  return nsn >= lo && nsn <= hi + trunk
}

function tryPhone(s: usize, g: u32, ctx0: u32): bool {
  let ctx = ctx0
  if ((ctx & G_CTX_NUMBER) != 0 && (ctx & (G_CTX_ID | G_UNIT | G_CTX_ACCOUNT | G_CTX_SSN | G_CTX_ROUTING)) == 0) ctx |= G_CTX_PHONE
  const n = digitsIn(0, g)
  const plus = at(s) == 0x2b
  // "(555) 123-4567" / "555) ..." but not "(1808-1895": the area code is closed by ')'.
  const paren = g > 1 && at(ge(0)) == 0x29 && glen(0) <= 4
  if (plus) {
    if (n < 8 || n > 15 || packDigits(P + gs(0), ge(g - 1) - gs(0), DIGITS, 19) != n) return false
    return e164Ok(0, n)
  }
  // International access codes: "00 44 20 7946 0958", "0044 ...", "011 44 ...", "001-555-123-4567".
  if (at(gs(0)) == 0x30 && n >= 10 && n <= 18 && (glen(0) <= 5 || g == 1) && phoneSeparators(g) &&
    packDigits(P + gs(0), ge(g - 1) - gs(0), DIGITS, 19) == n) {
    const d2 = load<u8>(DIGITS + 1)
    const d3 = load<u8>(DIGITS + 2)
    if (d2 == 0x30 && d3 != 0x30 && e164Ok(2, n - 2)) return true
    if (d2 == 0x31 && d3 == 0x31 && glen(0) == 3 && g > 1 && e164Ok(3, n - 3)) return true
  }
  if (n < 6 || n > 13 || (n == 6 && ((ctx & G_CTX_PHONE) == 0 || g < 3))) return false
  // "license number 2270-66-1551", "order 555 1234", "room 555 1234": identifiers, not phones.
  if ((ctx & G_CTX_PHONE) == 0 && ((ctx & G_CTX_ID) != 0 || (wordBefore(s) & G_UNIT) != 0)) return false
  if (!phoneSeparators(g)) return false
  if (paren) return n >= 7 && n <= 12
  // "8 (495) 123-45-67", "1 (800) 555-0199": a one-digit trunk or country code before an area code.
  if (g >= 3 && glen(0) == 1 && at(gs(1) - 1) == 0x28 && at(ge(1)) == 0x29) return n >= 10 && n <= 12
  if (g == 1) {
    if ((ctx & G_CTX_PHONE) != 0 && n >= 7 && n <= 12) return true
    // A national number written with its trunk 0 ("0201234567", "07700900123"; not "00...").
    if (at(gs(0)) == 0x30 && at(gs(0) + 1) != 0x30 && n >= 9 && n <= 11) return true
    // A Chinese mobile number: 1, then 3-9, then nine digits ("13800138000").
    if (n == 11 && at(gs(0)) == 0x31 && at(gs(0) + 1) >= 0x33) return true
    // A bare ten-digit number with a North American area code (2-9 first), optionally after a 1.
    const o = gs(0) + (n == 11 && at(gs(0)) == 0x31 ? 1 : 0)
    return (n == 10 || (n == 11 && o > gs(0))) && at(o) >= 0x32
  }
  // North American 3-3-4 (optionally 1-3-3-4).
  if (n == 10 && g == 3 && glen(0) == 3 && glen(1) == 3 && glen(2) == 4) return true
  if (n == 11 && g == 4 && glen(0) == 1 && at(gs(0)) == 0x31) return true
  // "8 912 345 67 89": the Russian trunk 8 before ten digits.
  if (n == 11 && g >= 4 && glen(0) == 1 && at(gs(0)) == 0x38 && sepOf(1) == 0x20) return true
  // "11 3915-0008", "21 98765-4321": a two-digit area code, then 4-4 or 5-4 joined by a dash.
  if (g == 3 && glen(0) == 2 && sepOf(1) == 0x20 && sepOf(2) == 0x2d && glen(1) >= 4 && glen(1) <= 5 && glen(2) == 4) return true
  if ((ctx & G_CTX_PHONE) != 0) return true
  // National formats: a trunk prefix 0, or dashes/dots between groups; plain spaces need 3+ groups
  // or a 3-4 / 4-4 split, and never look like a run of years.
  const sep = sepOf(1)
  // "975 3968 Bay Street", "3747 3911 fourth avenue": house numbers before a street.
  if (sep == 0x20 && streetAfter(ge(g - 1))) return false
  // A trunk prefix 0 allows mixed separators ("08-123 456 78"); otherwise one kind throughout.
  if (at(gs(0)) == 0x30) return true
  for (let k: u32 = 2; k < g; k++) if (sepOf(k) != sep) return false
  // "1808-1895", "1961 1962": year ranges and lists of years.
  if (g == 2 && glen(0) == 4 && glen(1) == 4 && gval(0) >= 1000 && gval(0) <= 2099 && gval(1) >= 1000 && gval(1) <= 2099) return false
  if (at(gs(0)) == 0x30) return true
  if (sep == 0x2d || sep == 0x2e) return g >= 3 || (glen(0) == 3 && glen(1) == 4)
  if (sep == 0x20) {
    for (let k: u32 = 0; k < g; k++) {
      const v = gval(k)
      if (glen(k) == 4 && v >= 1800 && v <= 2099) return false
    }
    // Three or more groups of four are card-shaped; "12 34 56" needs 7+ digits (checked above).
    let fours: u32 = 0
    for (let k: u32 = 0; k < g; k++) if (glen(k) == 4) fours++
    if (g >= 3 && fours == g) return false
    return g >= 3 || (glen(0) >= 3 && glen(1) == 4) || (g == 2 && n >= 8 && glen(1) >= 6) || (g == 2 && glen(0) >= 4 && glen(1) >= 4 && n >= 9)
  }
  return false
}

/**
 * Separators must be one of " -." (or parentheses around an area code) and groups of 2+; a slash only
 * after a trunk area code ("089/1234567").
 */
function phoneSeparators(g: u32): bool {
  for (let k: u32 = 1; k < g; k++) {
    const a = ge(k - 1)
    const b = gs(k)
    for (let m = a; m < b; m++) {
      const c = at(m)
      if (c == 0x2f) {
        // "089/1234567", "06/ 834 49 78"
        if (k != 1 || m != a || b - a > 2 || at(gs(0)) != 0x30 || glen(0) > 5 || digitsIn(0, g) < 8) return false
      } else if (!(c == 0x20 || c == 0x2d || c == 0x2e || c == 0x29 || c == 0x28)) return false
    }
    if (glen(k) < 2 && !(at(gs(0)) == 0x30 && k < g - 1)) return false
  }
  return true
}

/**
 * Is the number ending at e followed, within three words, by a street or unit word ("975 3968 Bay
 * Street", "3747 3911 fourth avenue")? Any other capitalised word after a number ("467 3395 Please
 * call") does not make it a house number.
 */
function streetAfter(e: usize): bool {
  let z = e
  for (let w = 0; w < 3; w++) {
    if (at(z) != 0x20) return false
    const a = z + 1
    z = a
    while (isAlpha(at(z))) z++
    if (z == a) return false
    if ((gazLookup(hashRange(a, z)) & (G_STREET | G_UNIT)) != 0) return true
    if (at(z) == 0x2e) z++
  }
  return false
}

/** Does a phone number start at s (no context words)? Leaves the digit groups parsed. */
function phoneAt(s: usize): bool {
  const g = parseGroups(s)
  return g > 0 && digitsIn(0, g) >= 7 && tryPhone(s, g, 0)
}

/** Classify the digit run starting at s (groups already parsed); returns the end, or 0. */
function numeric(s: usize): usize {
  if (parseGroups(s) == 0) return 0
  const total = G
  if (isDig(at(s)) && s > 0 && (isAlpha(at(s - 1)) || at(s - 1) == 0x5f)) return 0
  // Short lone numbers ("in 1961", "3 men") can only be a year of birth / founding: one word of context.
  if (total == 1 && glen(0) < 6 && at(s) != 0x2b) {
    if (glen(0) == 4 && wants(C_DATE) && (wordBefore(s) & G_CTX_DATE) != 0) {
      const v = gval(0)
      if (v >= 1800 && v <= 2099) {
        emit(gs(0), ge(0), C_DATE)
        return ge(0)
      }
    }
    return ge(0)
  }
  const ctx = contextBefore(s, 4)
  for (let g = total; g >= 1; g--) {
    const end = ge(g - 1)
    if (wants(C_DATE)) {
      const d = tryDate(g)
      if (d > 0) {
        emit(s, d, C_DATE)
        return d
      }
    }
    if (trySsn(g, ctx)) {
      emit(gs(0), end, C_SSN)
      return end
    }
    if (tryCard(g)) {
      emit(gs(0), end, C_CARD)
      return end
    }
    if (g == 1 && glen(0) == 9 && (ctx & G_CTX_ROUTING) != 0 && abaOk(P + gs(0))) {
      emit(gs(0), end, C_ABA)
      return end
    }
    if (g == 1 && glen(0) >= 8 && glen(0) <= 17 && (ctx & G_CTX_ACCOUNT) != 0 && (ctx & G_CTX_ID) == 0) {
      emit(gs(0), end, C_BANK)
      return end
    }
    if (tryPhone(s, g, ctx)) {
      // "(555) 123-4567" keeps its parenthesis; "(467 3395)" is a number in parentheses.
      let ps = at(s) == 0x2b || (at(s) == 0x28 && g > 1 && at(ge(0)) == 0x29) ? s : gs(0)
      // "(+44) 20 7946 0958": the parenthesis around the country code belongs to the number.
      if (at(s) == 0x2b && s > 0 && at(s - 1) == 0x28 && at(ge(0)) == 0x29) ps = s - 1
      const x = extensionAt(end)
      const pe = x > 0 ? x : end
      emit(ps, pe, C_PHONE)
      return pe
    }
    // Years after "born", "since", "founded": 4-digit 1800..2099, alone.
    if (g == 1 && glen(0) == 4 && (ctx & G_CTX_DATE) != 0) {
      const v = gval(0)
      if (v >= 1800 && v <= 2099) {
        emit(gs(0), end, C_DATE)
        return end
      }
    }
  }
  return ge(0)
}

// ---------------------------------------------------------------------------------------------
// Capitalised runs: names, places, street addresses, dates written with month names.

/** Index of the first byte after token [s, ...) ends (whitespace-delimited). */
function tokenEnd(s: usize): usize {
  // Inside the token piiScan last read, its end is known: asked once per field, a scan would cost
  // the token's length each time.
  if (TOK_S <= s && s < TOK_E) return TOK_E
  let k = s
  while (k < N && (cls(at(k)) & K_SP) == 0) k++
  return k
}

function isNameByte(c: u32): bool {
  return isAlpha(c) || c >= 0x80 || c == 0x27 || c == 0x2d
}

let runEnd: usize = 0

/** G_COMMON when [s, e) minus a suffix (-s, -es, -ed, -d, -ing, -ly, -ies -> -y) is a common word. */
function inflectedCommon(s: usize, e: usize): u32 {
  const l1 = at(e - 1) | 0x20
  const l2 = at(e - 2) | 0x20
  const l3 = at(e - 3) | 0x20
  if (l1 == 0x73) {
    if ((gazLookup(hashRange(s, e - 1)) & G_COMMON) != 0) return G_COMMON
    if (l2 == 0x65 && (gazLookup(hashRange(s, e - 2)) & G_COMMON) != 0) return G_COMMON
    if (l2 == 0x65 && l3 == 0x69) {
      const h = fnvByte(hashLower(FNV_SEED, P + s, e - 3 - s), 0x79)
      if ((gazLookup(h) & G_COMMON) != 0) return G_COMMON
    }
  } else if (l1 == 0x64 && l2 == 0x65) {
    if ((gazLookup(hashRange(s, e - 2)) & G_COMMON) != 0) return G_COMMON
    if ((gazLookup(hashRange(s, e - 1)) & G_COMMON) != 0) return G_COMMON
  } else if (l1 == 0x67 && l2 == 0x6e && l3 == 0x69) {
    if ((gazLookup(hashRange(s, e - 3)) & G_COMMON) != 0) return G_COMMON
  } else if (l1 == 0x79 && l2 == 0x6c) {
    if ((gazLookup(hashRange(s, e - 2)) & G_COMMON) != 0) return G_COMMON
  }
  return 0
}

/** Is there a short lower-case word at s followed by a capital ("van de Noort": "de" then "N")? */
function particleThenCapital(s: usize): bool {
  let k = s
  while (k < N && at(k) - 0x61 < 26) k++
  return k > s && k - s <= 3 && at(k) == 0x20 && upperAt(k + 1)
}

/** Collect up to 8 capitalised tokens from s into TS/TE/TF; returns the count. */
function collectRun(s: usize): u32 {
  let k: u32 = 0
  let pos = s
  runEnd = s
  while (k < 8 && pos < N) {
    let cs = pos
    if (k > 0 && (at(cs) == 0x28 || at(cs) == 0x22)) break
    // Name bytes, hashed (lower-cased, as the gazetteer is) in the same pass; the token then ends at
    // the next space (usually at once, or after a comma or period).
    let ce = cs
    let h = FNV_SEED
    let prev: u32 = 0
    while (ce < N) {
      let c = at(ce)
      if (!isNameByte(c)) break
      if (c - 0x41 < 26) c |= 0x20
      else if (prev == 0xc3 && c >= 0x80 && c <= 0x9e && c != 0x97) c += 0x20
      h = fnvByte(h, c)
      prev = c
      ce++
    }
    const raw = tokenEnd(ce)
    // Allow "O'Brien", "Jean-Luc"; strip a trailing apostrophe-s ("Smith's").
    if (ce == cs) break
    const capital = upperAt(cs)
    // Lower-case words end the run unless they are short particles ("van der", "de la") before a capital.
    if (!capital && (k == 0 || ce - cs > 5 || raw + 1 >= N || !(upperAt(raw + 1) || particleThenCapital(raw + 1)))) break
    let f: u32 = gazLookup(h)
    if (ce - cs > 2 && at(ce - 2) == 0x27 && (at(ce - 1) | 0x20) == 0x73) {
      ce -= 2
      f = gazLookup(hashRange(cs, ce))
    }
    if (!capital && (f & G_PARTICLE) == 0) break
    // Inflected everyday words ("Pleasures", "Rolled", "Secretly") are everyday words too.
    if ((f & (G_NAME | G_PLACE | G_COMMON)) == 0 && ce - cs >= 4) f |= inflectedCommon(cs, ce)
    let after = ce
    let breakAfter = false
    // A lone capital letter is an initial ("Brad L Key", "Juliusz A Kwiatkowski").
    let initial = ce - cs == 1 && capital
    if (after < raw) {
      const c = at(after)
      if (c == 0x2e) {
        // An initial ("J.") or a title ("Mr.", "Dr.") keeps the run going; any other period ends it.
        if (ce - cs != 1 && (f & G_TITLE) == 0) breakAfter = true
        if (ce - cs == 1 || (f & G_TITLE) != 0) after++
        if (after < raw) breakAfter = true
      } else breakAfter = true
      // Digits or other symbols glued to the word: not a name token.
      if (isDig(c) || c == 0x40 || c == 0x2f || c == 0x5f) {
        if (k == 0) return 0
        break
      }
    }
    store<u32>(TS + (<usize>k << 2), <u32>cs)
    store<u32>(TE + (<usize>k << 2), <u32>ce)
    store<u32>(TF + (<usize>k << 2), f | (initial ? 0x80000000 : 0))
    store<u32>(TR + (<usize>k << 2), <u32>raw)
    k++
    runEnd = raw
    if (breakAfter) break
    // Next token: skip spaces but not a line break.
    let nx = raw
    let nl = false
    while (nx < N && (cls(at(nx)) & K_SP) != 0) {
      if ((cls(at(nx)) & K_NL) != 0) nl = true
      nx++
    }
    if (nl || nx >= N) break
    pos = nx
  }
  return k
}

// @ts-ignore: decorator
@inline function ts(i: u32): usize {
  return <usize>load<u32>(TS + (<usize>i << 2))
}
// @ts-ignore: decorator
@inline function te(i: u32): usize {
  return <usize>load<u32>(TE + (<usize>i << 2))
}
// @ts-ignore: decorator
@inline function tf(i: u32): u32 {
  return load<u32>(TF + (<usize>i << 2))
}

/** Flags of the phrase made of tokens [a, b] joined by single spaces. */
function phraseFlags(a: u32, b: u32): u32 {
  let h = FNV_SEED
  for (let i = a; i <= b; i++) {
    if (i > a) h = fnvByte(h, 0x20)
    h = hashLower(h, P + ts(i), te(i) - ts(i))
  }
  return gazLookup(h)
}

/** Extend an address or place after token end e with ", Apt. 5" / " Suite 210" / " #4". */
function unitAfter(e: usize): usize {
  let k = e
  if (at(k) == 0x2e) k++
  if (at(k) == 0x2c) k++
  while (at(k) == 0x20) k++
  let w = k
  while (isAlpha(at(w))) w++
  if (w > k && (gazLookup(hashRange(k, w)) & G_UNIT) != 0) {
    let z = w
    if (at(z) == 0x2e) z++
    while (at(z) == 0x20) z++
    if (at(z) == 0x23) z++
    const d = z
    while (isAlnum(at(z))) z++
    if (z > d && isDig(at(d))) return z
  } else if (at(k) == 0x23 && isDig(at(k + 1))) {
    let z = k + 1
    while (isAlnum(at(z))) z++
    return z
  }
  return e
}

/** A date written with a month name at token index i: "March 3, 2021", "3 March 2021", "March 2021". */
function monthDate(i: u32): bool {
  const ms = ts(i)
  let k = te(i)
  if (at(k) == 0x2e) k++
  let start = ms
  // Day before the month: "3 March", "3rd of March".
  let b = ms
  while (b > 0 && at(b - 1) == 0x20) b--
  if (b >= 3 && at(b - 1) == 0x66 && at(b - 2) == 0x6f && at(b - 3) == 0x20) b -= 3
  while (b > 0 && at(b - 1) == 0x20) b--
  let db = b
  while (db > 0 && isAlpha(at(db - 1)) && b - db < 2) db--
  let dd = db
  while (dd > 0 && isDig(at(dd - 1))) dd--
  let dayBefore = false
  if (db - dd >= 1 && db - dd <= 2 && (dd == 0 || !isAlnum(at(dd - 1)))) {
    start = dd
    dayBefore = true
  }
  // After the month: " 3", " 3rd", ",", " 2021".
  let z = k
  while (at(z) == 0x20) z++
  let d0 = z
  while (isDig(at(z))) z++
  let end: usize = ms == start ? 0 : te(i)
  if (z > d0) {
    const nd = z - d0
    if (nd <= 2) {
      if (dayBefore) return false
      end = z
      while (isAlpha(at(z)) && z - end < 2) z++
      if (z > end && !isAlnum(at(z))) end = z
      z = end
      if (at(z) == 0x2c) z++
      while (at(z) == 0x20) z++
      const y0 = z
      while (isDig(at(z))) z++
      if (z - y0 == 4 && !isAlnum(at(z))) end = z
    } else if (nd == 4 && !isAlnum(at(z))) end = z
  }
  if (end == 0) return false
  emit(start, timeAfter(end), C_DATE)
  return true
}

/** Is there an address cue just before pos ("address:", "lives at", "meet me at", "address is")? */
function addressContext(pos: usize): bool {
  const p1 = wordBefore(pos)
  const p1s = prevWordStart
  if ((p1 & G_ADDRCTX) != 0) return true
  if (p1s == 0 && p1 == 0) return false
  const isIs = eqi(p1s, p1s + 2, 'is') && !isAlpha(at(p1s + 2))
  if ((p1 & G_PREP) == 0 && !isIs) return false
  const p2 = wordBefore(p1s)
  if ((p2 & G_ADDRCTX) != 0) return true
  if (isIs) return false
  if ((p2 & G_LOCVERB) != 0) return true
  const p3 = prevWordStart > 0 ? wordBefore(prevWordStart) : 0
  return (p3 & (G_LOCVERB | G_ADDRCTX)) != 0
}

/**
 * A postal address from s: house numbers, capitalised words, street and unit words, postcodes, over
 * line breaks, until a lower-case word, a blank line or a sentence end. Returns the end, or 0 when
 * the block has no number or no word.
 */
function addressBlock(s: usize, strict: bool): usize {
  let k = s
  let tokens = 0
  let digits = 0
  let words = 0
  let streets = 0
  let firstWord = 0
  let commons = 0
  let last: usize = 0
  while (k < N && tokens < 24) {
    const raw = tokenEnd(k)
    let cs = k
    while (cs < raw && (at(cs) == 0x28 || at(cs) == 0x2c || at(cs) == 0x3e)) cs++
    let ce = raw
    while (ce > cs && (at(ce - 1) == 0x2c || at(ce - 1) == 0x2e || at(ce - 1) == 0x3b || at(ce - 1) == 0x29 ||
      at(ce - 1) == 0x3f || at(ce - 1) == 0x21 || at(ce - 1) == 0x3a)) ce--
    if (ce > cs) {
      const c = at(cs)
      let ok = false
      if (isDig(c)) {
        // "12 Main Street, Springfield, 467 3395": a phone number after the street ends the address.
        if (words > 0 && phoneAt(cs)) break
        let q = cs
        while (q < ce && (isDig(at(q)) || at(q) == 0x2d)) q++
        if (q - cs <= 10 && (ce - q <= 1)) {
          ok = true
          digits++
        }
      } else if (upperAt(cs) || (c >= 0x80 && c != 0xe2)) {
        ok = true
        words++
        if (firstWord == 0) firstWord = tokens + 1
        const f = gazLookup(hashRange(cs, ce))
        if ((f & (G_UNIT | G_STREET)) != 0) streets++
        else if ((f & (G_COMMON | G_NOTNAME)) != 0 && (f & (G_NAME | G_PLACE)) == 0) commons++
      } else {
        const f = gazLookup(hashRange(cs, ce))
        if ((f & (G_UNIT | G_STREET | G_PARTICLE)) != 0 || (ce - cs <= 3 && at(ce) == 0x2e)) ok = true
        if ((f & (G_UNIT | G_STREET)) != 0) streets++
      }
      if (!ok) break
      tokens++
      last = ce
      // Without a cue the street name must come within three tokens: give up early on number lists.
      if (strict && tokens >= 3 && firstWord == 0) break
      // Sentence end: '?', '!' or ';' after the token, or '.' before a lower-case word.
      const tail = at(ce)
      if (tail == 0x3f || tail == 0x21 || tail == 0x3b) break
      if (tail == 0x2e && ce - cs > 3) {
        let nx = raw
        while (nx < N && at(nx) == 0x20) nx++
        if (nx >= N || (!upperAt(nx) && !isDig(at(nx)))) break
      }
    }
    // Next token: a blank line ends the block.
    let nx = raw
    let lines = 0
    while (nx < N && (cls(at(nx)) & K_SP) != 0) {
      if (at(nx) == 0x0a) lines++
      nx++
    }
    if (lines > 1) break
    k = nx
  }
  if (tokens < 2 || digits == 0 || words == 0) return 0
  // Without a cue before it, a block must look like an address: a word within the first three
  // tokens (house number, then street) and a second number or a street / unit word.
  if (strict && (tokens < 3 || firstWord == 0 || firstWord > 3 || (digits < 2 && streets == 0) || commons > 1 || !plainNumber(s))) return 0
  return last
}

/** Is there a digit within the next 48 bytes (before a blank line)? Addresses need one. */
function digitAhead(e: usize): bool {
  if (e + 48 <= N) {
    const zero = i8x16.splat(0x30)
    const nine = i8x16.splat(9)
    const a = i8x16.le_u(i8x16.sub(v128.load(P + e), zero), nine)
    const b = i8x16.le_u(i8x16.sub(v128.load(P + e + 16), zero), nine)
    const c = i8x16.le_u(i8x16.sub(v128.load(P + e + 32), zero), nine)
    return v128.any_true(v128.or(v128.or(a, b), c))
  }
  const lim = N
  for (let k = e; k < lim; k++) if (isDig(at(k))) return true
  return false
}

/** Does the line from s hold no digit while the next line starts with one (a name above an address)? */
function nameLine(s: usize): bool {
  let k = s
  while (k < N && at(k) != 0x0a) {
    if (isDig(at(k))) return false
    k++
  }
  while (k < N && (cls(at(k)) & K_SP) != 0) k++
  while (k < N && (at(k) == 0x3e || at(k) == 0x2d)) k++
  return k < N && isDig(at(k))
}

function allCaps(s: usize, e: usize): bool {
  for (let k = s; k < e; k++) if (at(k) - 0x41 >= 26) return false
  return true
}

/** Is the token ending at e followed by 's (possessive)? */
function possessive(e: usize): bool {
  return at(e) == 0x27 && (at(e + 1) | 0x20) == 0x73 && !isAlpha(at(e + 2))
}

/** "PSC 1234", "Unit 1234 Box", "USNS Name", "USNV Name", "USS Name", "USCGC Name" (then APO/FPO/DPO). */
function militaryStart(s: usize): bool {
  const e = tokenEnd(s)
  if (startsCs(s, e, 'PSC ') || (e - s == 3 && startsCs(s, e, 'PSC'))) return isDig(at(e + 1))
  if (e - s == 4 && startsCs(s, e, 'Unit') && isDig(at(e + 1))) {
    let k = e + 1
    while (isDig(at(k))) k++
    return startsCs(k, N, ' Box ')
  }
  if (startsCs(s, e, 'USNS') || startsCs(s, e, 'USNV') || startsCs(s, e, 'USCGC') || (e - s == 3 && startsCs(s, e, 'USS'))) {
    // Needs an APO/FPO/DPO line within the next 60 bytes.
    const lim = e + 60 < N ? e + 60 : N
    for (let k = e; k + 3 < lim; k++) {
      if ((at(k) == 0x41 || at(k) == 0x46 || at(k) == 0x44) && at(k + 1) == 0x50 && at(k + 2) == 0x4f && at(k + 3) == 0x20) return true
    }
  }
  return false
}

/** Is the token at s a house number: 1-6 digits, perhaps one letter ("12B")? */
function plainNumber(s: usize): bool {
  let k = s
  while (isDig(at(k))) k++
  if (k - s > 6) return false
  if (isAlpha(at(k))) k++
  const c = at(k)
  return c == 0x20 || c == 0x2c || c == 0x0a
}

/** Is token i capitalised and not a known common/non-name word? */
function strongCap(i: u32, initial: bool): bool {
  const f = tf(i)
  if ((f & (G_NOTNAME | G_ORG | G_MONTH | G_WEEKDAY | G_TITLE | G_UNIT)) != 0) return false
  if ((f & G_COMMON) != 0 && (f & (G_NAME | G_PLACE)) == 0) return false
  if (initial && (f & G_COMMON) != 0) return false
  // Unknown all-capital short words are acronyms ("IP", "CEO", "NASA"), not names.
  if ((f & 0x7fffffff) == 0 && te(i) - ts(i) <= 4 && allCaps(ts(i), te(i))) return false
  return true
}

// Unknown words that were part of a detected full name ("Maciej Borkowski"), so a later lone
// "Borkowski" is read as the same person. Per call, small, forward only.
const MEMO = memory.data(8 * 32)
let MEMO_N: u32 = 0

function remember(i: u32): void {
  if (MEMO_N >= 32 || (tf(i) & 0x7fffffff) != 0) return
  store<u64>(MEMO + (<usize>MEMO_N << 3), hashRange(ts(i), te(i)))
  MEMO_N++
}

// Lone unknown capitalised words left undecided ("Magnus spent a year ..."): if the same word later
// turns out to be part of a full name ("... Magnus Poulsen"), it is a name here too.
const PEND = memory.data(16 * 32)
let PEND_N: u32 = 0

function pend(i: u32): void {
  if (PEND_N >= 32) return
  const slot = PEND + (<usize>PEND_N << 4)
  store<u64>(slot, hashRange(ts(i), te(i)))
  store<u32>(slot, <u32>ts(i), 8)
  store<u32>(slot, <u32>te(i), 12)
  PEND_N++
}

function resolvePending(): void {
  for (let k: u32 = 0; k < PEND_N; k++) {
    const slot = PEND + (<usize>k << 4)
    const h = load<u64>(slot)
    for (let m: u32 = 0; m < MEMO_N; m++) {
      if (load<u64>(MEMO + (<usize>m << 3)) == h) {
        emit(<usize>load<u32>(slot, 8), <usize>load<u32>(slot, 12), C_PERSON)
        break
      }
    }
  }
}

function remembered(i: u32): bool {
  if (MEMO_N == 0) return false
  const h = hashRange(ts(i), te(i))
  for (let k: u32 = 0; k < MEMO_N; k++) if (load<u64>(MEMO + (<usize>k << 3)) == h) return true
  return false
}

/** Is the word before s one of "in", "at", "to", "from", "near", "into" (read without a lookup)? */
function prepBefore(s: usize): bool {
  let e = s
  while (e > 0 && at(e - 1) == 0x20) e--
  let b = e
  while (b > 0 && isAlpha(at(b - 1)) && e - b <= 4) b--
  if (b > 0 && isAlpha(at(b - 1))) return false
  return eqi(b, e, 'in') || eqi(b, e, 'at') || eqi(b, e, 'to') || eqi(b, e, 'from') || eqi(b, e, 'near') || eqi(b, e, 'into')
}

/** Is the run followed by ", " and a known (not everyday) name, as in a list "Gaetane, Hannah, ..."? */
function listOfNames(e: usize): bool {
  if (at(e) != 0x2c || at(e + 1) != 0x20 || !upperAt(e + 2)) return false
  let z = e + 2
  while (isNameByte(at(z))) z++
  const f = gazLookup(hashRange(e + 2, z))
  return (f & G_NAME) != 0 && (f & (G_COMMON | G_PLACE)) == 0
}

function capRun(s: usize): usize {
  const k = collectRun(s)
  if (k == 0) return tokenEnd(s)
  const end = runEnd
  // Fast exit for a lone everyday word ("The", "But", "Yesterday"): most capitals in prose.
  if (k == 1) {
    const f = tf(0)
    if ((f & (G_MONTH | G_WEEKDAY | G_NAME | G_PLACE | G_TITLE)) == 0 &&
      (f & (G_NOTNAME | G_ORG | G_UNIT | G_COMMON)) != 0) return end
    // A lone known name that is no everyday word and no place is a person, unless a preposition
    // ("flew to Coles") makes it a place: then the full rules below decide.
    if ((f & G_NAME) != 0 && (f & (G_COMMON | G_PLACE | G_MONTH | G_WEEKDAY | G_TITLE | G_NOTNAME | G_ORG | G_UNIT | G_PLACEWORD)) == 0 &&
      !digitAhead(end) && !prepBefore(ts(0))) {
      emit(ts(0), te(0), C_PERSON)
      return end
    }
  }
  // Military and unit addresses: "PSC 4095, Box 8316 APO AE 85103", "Unit 8505 Box 9220 DPO AE", "USNV Botolen FPO AE".
  if (wants(C_LOCATION) && (at(ts(0)) == 0x50 || at(ts(0)) == 0x55) && militaryStart(ts(0))) {
    const z = addressBlock(ts(0), false)
    if (z > 0) {
      emit(ts(0), z, C_LOCATION)
      return z
    }
  }
  // Context: up to three words before the run, read only as far as a cue needs. After a sentence
  // end the previous word belongs to another sentence and is not read.
  const afterStop = sentenceEndBefore(ts(0))
  const p1 = afterStop ? 0 : wordBefore(ts(0))
  const p1s: usize = afterStop ? 0 : prevWordStart
  const p1isIs = p1s + 2 <= ts(0) && eqi(p1s, p1s + 2, 'is') && !isAlpha(at(p1s + 2))
  if (wants(C_LOCATION) && ((p1 & (G_ADDRCTX | G_PREP)) != 0 || p1isIs) && digitAhead(end) &&
    addressContext(ts(0)) && !nameLine(ts(0))) {
    const z = addressBlock(ts(0), false)
    if (z > 0) {
      emit(ts(0), z, C_LOCATION)
      return z
    }
  }
  const initialPos = sentenceInitial(ts(0))
  let p2: u32 = 0
  let p3: u32 = 0
  if (p1s > 0 && ((p1 & G_PREP) != 0 || p1isIs)) {
    p2 = wordBefore(p1s)
    const p2s = prevWordStart
    if (p2s > 0 && p2 != 0 && (p1 & G_PREP) != 0 && (p2 & G_LOCVERB) == 0) p3 = wordBefore(p2s)
  }
  const personCtx =
    (p1 & (G_PERSONCTX | G_NAMEWORD)) != 0 || (p1isIs && (p2 & G_NAMEWORD) != 0) ||
    (p1 & G_COMMON) == 0 && eqi(p1s, p1s + 2, 'am') && !isAlpha(at(p1s + 2)) ||
    (afterStop && nameQuestionBefore(ts(0)))
  const strongLoc = ((p1 & G_PREP) != 0 && ((p2 & G_LOCVERB) != 0 || (p3 & G_LOCVERB) != 0)) || (p1 & G_LOCVERB) != 0 && (p1 & G_PREP) == 0 && (p1 & G_COMMON) == 0
  const weakLoc = (p1 & G_PREP) != 0
  const inFromNear = weakLoc && ((eqi(p1s, p1s + 2, 'in') && !isAlpha(at(p1s + 2))) || eqi(p1s, p1s + 4, 'from') || eqi(p1s, p1s + 4, 'near'))

  let a: u32 = 0
  let title = false
  // Leading words that do not belong to a name: "The", sentence-initial common words, months, titles.
  while (a < k) {
    const f = tf(a)
    if ((f & G_TITLE) != 0 && a + 1 < k) {
      title = true
      a++
      continue
    }
    if ((f & G_MONTH) != 0) {
      if (wants(C_DATE) && monthDate(a)) {
        a++
        continue
      }
      if ((f & (G_NAME | G_PLACE)) == 0 || (f & G_COMMON) != 0) {
        a++
        continue
      }
    }
    if ((f & G_WEEKDAY) != 0) {
      emit(ts(a), te(a), C_DATE)
      a++
      continue
    }
    if ((f & G_PLACEWORD) != 0 && a + 1 < k && (f & G_NOTNAME) == 0) break
    if (!title && !strongCap(a, a == 0 && initialPos)) {
      a++
      continue
    }
    break
  }
  // A known place phrase over the whole run wins before trimming ("Czech Republic", "United Kingdom").
  if (k > 1 && !title && !personCtx && (phraseFlags(0, k - 1) & G_PLACE) != 0) {
    emit(ts(0), te(k - 1), C_LOCATION)
    return end
  }
  if (a >= k) return end
  let b = k - 1
  // Organisations ("Acme Corp", "Bank of ..."): not personal data here.
  for (let i = a; i <= b; i++) if ((tf(i) & G_ORG) != 0) return end
  // Street address: [number] Name... Street [Apt 5].
  for (let i = a; i <= b; i++) {
    if ((tf(i) & G_STREET) != 0 && i > a) {
      let st = ts(a)
      let q = st
      while (q > 0 && at(q - 1) == 0x20) q--
      let d = q
      while (d > 0 && (isDig(at(d - 1)) || (d == q && isAlpha(at(d - 1))))) d--
      const hasNumber = q - d >= 1 && q - d <= 6 && isDig(at(d)) && (d == 0 || !isAlnum(at(d - 1)))
      if (hasNumber) st = d
      if (hasNumber || i - a >= 1) {
        let e = te(i)
        if (at(e) == 0x2e) e++
        e = unitAfter(e)
        const z = hasNumber ? addressBlock(st, false) : 0
        if (z > e) e = z
        emit(st, e, C_LOCATION)
        return e > end ? e : end
      }
    }
  }
  // Trailing tokens that are common words or non-names are dropped ("John Smith Said").
  while (b > a && !strongCap(b, false) && (tf(b) & G_PLACEWORD) == 0) b--
  const single = a == b
  const f0 = tf(a)
  const whole = a == b ? tf(a) & 0x7fffffff : phraseFlags(a, b)
  let named: u32 = 0
  let unknown: u32 = 0
  let places: u32 = 0
  let placeWords: u32 = 0
  let initials: u32 = 0
  for (let i = a; i <= b; i++) {
    const f = tf(i)
    // A given name that is also a word ("Eve", "Will") counts when an uncommon word follows ("Eve Magrath").
    if ((f & G_NAME) != 0 && ((f & G_COMMON) == 0 || i > a || ((f & G_FIRST) != 0 && b > a && (tf(a + 1) & G_COMMON) == 0))) named++
    else if ((f & 0x7fffffff) == 0 || (f & G_PARTICLE) != 0) unknown++
    if ((f & G_PLACE) != 0 && (f & G_NAME) == 0) places++
    if ((f & G_PLACEWORD) != 0) placeWords++
    // An initial counts between two name-like words ("Hanne I. Kreutzmann"), not in "TO A REAL PERSON".
    if ((f & 0x80000000) != 0 && i > a && i < b && (tf(i - 1) & G_COMMON) == 0 && (tf(i + 1) & G_COMMON) == 0) initials++
  }
  const span = b - a + 1
  let cat: u32 = 0
  // "the European Union", "Spanish government": after a nationality word a place name names a body.
  const afterDemonym = a > 0 && (tf(a - 1) & G_DEMONYM) != 0
  // A first name that is also a major place ("Paris", "Georgia") reads as the place.
  const majorPlace = (whole & (G_BIGCITY | G_COUNTRY | G_STATE)) != 0
  if (title || personCtx) cat = C_PERSON
  else if (afterDemonym) cat = 0
  else if (single && (whole & G_FIRST) != 0 && majorPlace && (whole & G_COMMON) == 0) cat = C_LOCATION
  else if ((whole & G_PLACE) != 0 && (whole & G_COMMON) == 0 && (!single || (whole & G_NAME) == 0 || weakLoc || strongLoc)) cat = C_LOCATION
  else if ((whole & G_PLACE) != 0 && (weakLoc || strongLoc)) cat = C_LOCATION
  else if (initials > 0) cat = C_PERSON // "Hanne I. Kreutzmann", "John F. Kennedy"
  else if (strongLoc) cat = C_LOCATION
  else if (!single && placeWords > 0) cat = C_LOCATION // "Port Paien", "Lake Placid"
  else if (!single) {
    if ((f0 & G_FIRST) != 0 && named >= 1 && places == 0) cat = C_PERSON
    else if (named >= 1 && named + unknown == span && places == 0) cat = C_PERSON
    else if (unknown == span) cat = C_PERSON
  } else if ((f0 & G_NAME) != 0 && (f0 & G_COMMON) == 0 && (f0 & G_PLACE) == 0) cat = C_PERSON
  else if ((f0 & G_PLACE) != 0 && (f0 & (G_COMMON | G_NAME)) == 0) cat = C_LOCATION
  else if ((f0 & G_FIRST) != 0 && (f0 & G_PLACE) != 0 && (f0 & G_COMMON) == 0 && !weakLoc) cat = C_PERSON // "David", "Victoria"
  else if ((f0 & 0x7fffffff) == 0 && inFromNear) cat = C_LOCATION // "I'm in Flateyri"
  else if ((f0 & 0x7fffffff) == 0 && (possessive(te(a)) || remembered(a) || listOfNames(te(a)))) cat = C_PERSON // "Franciska's kid"
  else if ((f0 & 0x7fffffff) == 0 && single) pend(a)
  if (cat != 0) emit(ts(a), te(b), cat)
  if (cat == C_PERSON && !single) for (let i = a; i <= b; i++) remember(i)
  return end
}

// ---------------------------------------------------------------------------------------------

function trailingPunct(c: u32): bool {
  return c == 0x2e || c == 0x2c || c == 0x3b || c == 0x3a || c == 0x21 || c == 0x3f || c == 0x22 ||
    c == 0x27 || c == 0x29 || c == 0x5d || c == 0x7d || c == 0x3e || c == 0x2a
}

function leadingPunct(c: u32): bool {
  return c == 0x22 || c == 0x27 || c == 0x28 || c == 0x5b || c == 0x7b || c == 0x3c || c == 0x2a || c == 0x3e
}

/** The first inner field separator of token [s, e), or e. */
function fieldEnd(s: usize, e: usize): usize {
  for (let k = s + 1; k + 1 < e; k++) {
    const c = at(k)
    if (c == 0x3b || c == 0x7c) return k
    if (c == 0x2c && !(isDig(at(k - 1)) && isDig(at(k + 1)))) return k
  }
  return e
}

/** Re-readings of a value inside one token (see handleToken). */
const REREADS = 4

/** Run the recognisers on the token [t0, t1) (whitespace-delimited); returns where to continue. */
function handleToken(t0: usize, t1: usize, acc0: u32): usize {
  let t = t0
  let acc = acc0
  // A value after a key ("ip:10.0.0.1") or after markup is read again on its own, as a loop rather
  // than a call so no input sets the depth; a few re-readings per token are enough for real keys,
  // and bounding them keeps a token of keys ("a=a=a=...") linear.
  for (let round = 0; ; round++) {
    let s = t
    let e = t1
    if (at(s) == 0x2d && startsCs(s, N, '-----BEGIN')) {
      if (wants(C_SECRET)) {
        const z = privateKey(s)
        if (z > 0) return z
      }
      return t1
    }
    while (s < e && leadingPunct(at(s))) s++
    while (e > s && trailingPunct(at(e - 1))) e--
    if (s >= e) return t1
    const c = at(s)
    if ((acc & K_AT) != 0 && wants(C_EMAIL) && email(s, e)) return t1
    if ((acc & (K_COLON | K_DOT)) != 0 && wants(C_URL) && url(s, e)) return t1
    // Secrets are long tokens or key=value / key: value pairs; short words never reach the checks.
    if (wants(C_SECRET) && ((acc & (K_EQ | K_COLON)) != 0 || (e - s >= 19 && ((acc & (K_DASH | K_US)) != 0 || c == 0x41 || c == 0x65))) &&
      secret(s, e)) return t1
    if (wants(C_CRYPTO) && (acc & K_DIG) != 0 && e - s >= 26 && crypto(s, e)) return t1
    // "ip:10.0.0.1", "Phone:555-1234", "tel=+44...": read the value after a short alphabetic key.
    if (((acc & (K_COLON | K_EQ | K_PAREN | K_DASH)) != 0 || ((acc & K_DIG) != 0 && (acc & (K_DOT | K_PUNCT)) != 0)) && isAlpha(c)) {
      let q = s
      // Keys such as "src_ip" and "IPv4" hold digits and underscores after the first letter.
      while (q < e && (isAlnum(at(q)) || at(q) == 0x5f)) q++
      const sep = at(q)
      // A key of at most four hex digits before ':' is more likely an IPv6 group ("fe80:0:0:0:...").
      let hexKey = sep == 0x3a && q - s <= 4
      for (let m = s; hexKey && m < q; m++) if (!isHex(at(m))) hexKey = false
      let v = q + 1
      // "Ph.555-1234", "Tel.:+44 20 ...": an abbreviated key with its dot.
      let dotKey = false
      if (sep == 0x2e && q - s <= 4) {
        if (at(v) == 0x3a) v++
        dotKey = isDig(at(v)) || at(v) == 0x2b || at(v) == 0x28
      }
      const isSep = (sep == 0x3a && !hexKey) || sep == 0x3d || ((sep == 0x28 || sep == 0x2d || sep == 0x23) && isDig(at(q + 1))) || dotKey
      if (round < REREADS && q < e && q - s <= 20 && isSep && v < e && (isAlnum(at(v)) || at(v) == 0x2b || at(v) == 0x28)) {
        let vacc: u32 = 0
        for (let m = v; m < t1; m++) vacc |= cls(at(m))
        t = v
        acc = vacc
        continue
      }
    }
    if ((acc & K_DIG) != 0) {
      if ((acc & K_DOT) != 0 && isDig(c) && wants(C_IP) && ipv4(s, e)) return t1
      if ((acc & (K_COLON | K_DASH)) != 0 && (wants(C_IP) || wants(C_MAC)) && (isHex(c) || c == 0x3a) && e - s >= 3 && ipv6OrMac(s, e)) return t1
      if (c - 0x41 < 26 && wants(C_IBAN)) {
        const z = iban(s)
        if (z > 0) return z
      }
      if (isDig(c) || ((c == 0x2b || c == 0x28) && isDig(at(s + 1)))) {
        // "(555) 123-4567": the opening parenthesis was trimmed as punctuation; give it back.
        const before = CN
        const z = numeric(s > t && at(s - 1) == 0x28 && isDig(c) ? s - 1 : s)
        if (CN > before) return z > t1 ? z : t1
        // Not a number of any kind: perhaps the house number of an address.
        if (isDig(c) && wants(C_LOCATION) && at(tokenEnd(s)) == 0x20 && (upperAt(tokenEnd(s) + 1) || isDig(at(tokenEnd(s) + 1)))) {
          const a = addressBlock(s, !addressContext(s))
          if (a > 0) {
            emit(s, a, C_LOCATION)
            return a
          }
        }
        if (z > 0) return z > t1 ? z : t1
        return t1
      }
    }
    if ((acc & (K_DIG | K_DOT)) == (K_DIG | K_DOT) && wants(C_IP) && embeddedIpv4(s, e)) return t1
    // A value after markup or a quoted key ("<td>555 1234", "'tel':'+44...'"): read it on its own.
    let again = false
    if (round < REREADS && (acc & K_DIG) != 0 && !isDig(c)) {
      for (let k = s + 1; k < e; k++) {
        const b = at(k - 1)
        const d = at(k)
        if ((b == 0x3e || b == 0x22 || b == 0x27) && (isDig(d) || ((d == 0x2b || d == 0x28) && isDig(at(k + 1))))) {
          let vacc: u32 = 0
          for (let m = k; m < t1; m++) vacc |= cls(at(m))
          t = k
          acc = vacc
          again = true
          break
        }
      }
    }
    if (again) continue
    if ((acc & K_DOT) != 0 && (acc & K_AT) == 0 && wants(C_URL) && domain(s, e)) return t1
    if (upperAt(s) && (MASK & ((1 << C_PERSON) | (1 << C_LOCATION) | (1 << C_DATE))) != 0) return capRun(s)
    if ((acc & (K_UP | K_DIG)) == K_DIG && isDig(c)) return t1
    return t1
  }
}

let SAW_UPPER = false

function isWordByte(c: u32): bool {
  return (c - 0x61 < 26) || c >= 0x80 || c == 0x27
}

/** Flags of the 1-3 word phrase starting at word [s, e) (words separated by single spaces); sets PHRASE_END. */
let PHRASE_END: usize = 0
function lowerPhrase(s: usize, e: usize, want: u32): u32 {
  let best: u32 = 0
  let h = hashLower(FNV_SEED, P + s, e - s)
  let f = gazLookup(h)
  if ((f & want) != 0) {
    best = f
    PHRASE_END = e
  }
  let z = e
  for (let n = 0; n < 2; n++) {
    if (at(z) != 0x20 || !isWordByte(at(z + 1))) break
    let w = z + 1
    while (w < N && isWordByte(at(w))) w++
    h = hashLower(fnvByte(h, 0x20), P + z + 1, w - z - 1)
    f = gazLookup(h)
    if ((f & want) != 0) {
      best = f
      PHRASE_END = w
    }
    z = w
  }
  return best
}

/**
 * Names and places in text with no capital letter at all: a known place after in / from / to / at /
 * near ("we moved here from tunisia"), a known name after "my name is", "i'm", "named", "called",
 * "hi", "dear" ("my name is lena andersson"). Only gazetteer words count: without capitals an unknown
 * word after "in" is as likely an everyday word.
 */
function lowerCasePass(): void {
  let i: usize = 0
  let p1s: usize = 0
  let p1e: usize = 0
  let p2s: usize = 0
  let p2e: usize = 0
  while (i < N) {
    while (i < N && !isWordByte(at(i))) i++
    if (i >= N) break
    let e = i
    while (e < N && isWordByte(at(e))) e++
    const prep = p1e > p1s && p1e - p1s <= 4 && (eqi(p1s, p1e, 'in') || eqi(p1s, p1e, 'from') || eqi(p1s, p1e, 'to') ||
      eqi(p1s, p1e, 'at') || eqi(p1s, p1e, 'near'))
    const nameCue = p1e > p1s && (eqi(p1s, p1e, "i'm") || eqi(p1s, p1e, 'im') || eqi(p1s, p1e, 'named') ||
      eqi(p1s, p1e, 'called') || eqi(p1s, p1e, 'hi') || eqi(p1s, p1e, 'dear') || eqi(p1s, p1e, 'hello') ||
      (eqi(p1s, p1e, 'is') && p2e > p2s && eqi(p2s, p2e, 'name')))
    let next = e
    if (prep && wants(C_LOCATION)) {
      const f = lowerPhrase(i, e, G_PLACE)
      if ((f & G_PLACE) != 0 && (f & G_COMMON) == 0 && ((f & G_NAME) == 0 || (f & (G_COUNTRY | G_STATE | G_BIGCITY)) != 0)) {
        emit(i, PHRASE_END, C_LOCATION)
        next = PHRASE_END
      }
    } else if (nameCue && wants(C_PERSON)) {
      const f = gazLookup(hashRange(i, e))
      if ((f & G_NAME) != 0 && (f & G_COMMON) == 0) {
        // A following surname (known, or any word that is no everyday word) joins the name.
        let end = e
        if (at(e) == 0x20 && isWordByte(at(e + 1))) {
          let w = e + 1
          while (w < N && isWordByte(at(w))) w++
          const g = gazLookup(hashRange(e + 1, w))
          if ((g & G_NAME) != 0 || (g & 0x7fffffff) == 0) end = w
        }
        emit(i, end, C_PERSON)
        next = end
      }
    }
    p2s = p1s
    p2e = p1e
    p1s = i
    p1e = e
    i = next
  }
}

// The token last read by piiScan: [TOK_S, TOK_E), its classes, and for each class bit the last
// position holding it (filled on first need), so the classes of any suffix cost 16 steps.
let TOK_S: usize = 0
let TOK_E: usize = 0
let TOK_ACC: u32 = 0
let TOK_LAST = false
const LAST_AT = memory.data(4 * 16)

function suffixClasses(i: usize): u32 {
  if (!TOK_LAST) {
    let seen: u32 = 0
    for (let m = TOK_E; m > TOK_S && seen != TOK_ACC; m--) {
      let fresh = cls(at(m - 1)) & ~seen
      seen |= fresh
      while (fresh != 0) {
        store<u32>(LAST_AT + (<usize>ctz<u32>(fresh) << 2), <u32>(m - 1))
        fresh &= fresh - 1
      }
    }
    TOK_LAST = true
  }
  let acc: u32 = 0
  for (let b: u32 = 0; b < 16; b++) {
    if ((TOK_ACC & (<u32>1 << b)) != 0 && <usize>load<u32>(LAST_AT + (<usize>b << 2)) >= i) acc |= <u32>1 << b
  }
  return acc
}

/**
 * Scan UTF-8 text [p, p+len) for the categories whose bits are set in `mask` (bit = category id).
 * Returns a pointer to [count, start0, end0, cat0, ...] (u32, byte offsets, sorted, non-overlapping).
 */
export function piiScan(p: usize, len: usize, mask: u32): usize {
  if (!clsReady) initClasses()
  P = p
  N = len
  MASK = mask
  CCAP = 256
  CAND = arenaAlloc(<usize>CCAP * 12)
  CN = 0
  MEMO_N = 0
  PEND_N = 0
  SAW_UPPER = false
  TOK_S = 0
  TOK_E = 0
  PK_FROM = 1
  PK_AT = 0
  let i: usize = 0
  const lo = v128.load(BORING_LO)
  const hi = v128.load(HIGH_BIT)
  const nib = i8x16.splat(0x0f)
  while (i < len) {
    // Skip 16 bytes at a time while they hold only lower-case words, spaces and ordinary punctuation
    // (a '.' directly followed by a letter, as in a domain, is not ordinary).
    // Not inside the token last read: its bytes were skipped once already, and the skip backs up to
    // a token start, so repeating it there would cost the token's length per field.
    if (i + 17 <= len && !(i > TOK_S && i < TOK_E)) {
      const from = i
      let found = false
      while (i + 17 <= len) {
        const v = v128.load(p + i)
        const w = v128.load(p + i + 1)
        const bits = i8x16.swizzle(lo, v128.and(v, nib))
        const bit = i8x16.swizzle(hi, i8x16.shr_u(v, 4))
        let odd = i8x16.eq(v128.and(bits, bit), i8x16.splat(0))
        const dot = i8x16.eq(v, i8x16.splat(0x2e))
        const alphaNext = i8x16.le_u(i8x16.sub(v128.or(w, i8x16.splat(0x20)), i8x16.splat(0x61)), i8x16.splat(25))
        odd = v128.or(odd, v128.and(dot, alphaNext))
        const m = i8x16.bitmask(odd)
        if (m != 0) {
          i += <usize>ctz<u32>(m)
          found = true
          break
        }
        i += 16
      }
      // Back up to the start of the token holding the byte (never before where the skip began).
      while (i > from && (cls(<u32>load<u8>(p + i - 1)) & K_SP) == 0) i--
      if (!found && i + 17 > len) {
        // Tail shorter than a vector: fall through to the byte loop.
      }
    }
    if (i >= len) break
    const c = <u32>load<u8>(p + i)
    const k0 = cls(c)
    if ((k0 & K_SP) != 0) {
      i++
      continue
    }
    // One whitespace-delimited token; `acc` collects the classes of its bytes. A position inside the
    // token last read (the next field, or where a recogniser stopped) reuses its end, so a long
    // token is read once however many fields it holds.
    let e: usize
    let acc: u32
    if (i > TOK_S && i < TOK_E) {
      e = TOK_E
      acc = suffixClasses(i)
    } else {
      e = i + 1
      acc = k0
      while (e < len) {
        const k = cls(<u32>load<u8>(p + e))
        if ((k & K_SP) != 0) break
        acc |= k
        e++
      }
      TOK_S = i
      TOK_E = e
      TOK_ACC = acc
      TOK_LAST = false
    }
    // Fast path: lower-case words with ordinary punctuation and no inner dot.
    if ((acc & ~(K_LO | K_PUNCT | K_DASH | K_DOT | K_PAREN)) == 0 && (k0 & K_DASH) == 0) {
      if ((acc & K_DOT) == 0) {
        i = e
        continue
      }
      let inner = false
      for (let m = i; m + 1 < e; m++) if (at(m) == 0x2e && isAlpha(at(m + 1))) inner = true
      if (!inner) {
        i = e
        continue
      }
    }
    if ((acc & K_UP) != 0) SAW_UPPER = true
    // Capitalised plain words (the rest of most prose) go straight to the name and place rules.
    if ((acc & ~(K_UP | K_LO | K_PUNCT | K_HI | K_DASH)) == 0 && (k0 & (K_UP | K_HI)) != 0 &&
      (MASK & ((1 << C_PERSON) | (1 << C_LOCATION) | (1 << C_DATE))) != 0 && upperAt(i)) {
      const next = capRun(i)
      i = next > i ? next : e
      continue
    }
    // Fields glued by ',', ';' or '|' ("Smith;555 1234;Berlin", "a@b.com,555-1234") are read one by
    // one; "1,234" and URLs stay whole.
    if ((acc & K_PUNCT) != 0 && (acc & K_SLASH) == 0) {
      const f = fieldEnd(i, e)
      if (f < e) {
        let facc: u32 = 0
        for (let m = i; m < f; m++) facc |= cls(at(m))
        const next = handleToken(i, f, facc)
        // Past the token: an entity that spans spaces ("a@b.com,555 1234 ..."); else the next field.
        i = next > e ? next : f + 1
        continue
      }
    }
    const next = handleToken(i, e, acc)
    i = next > i ? next : e
  }
  if (PEND_N > 0 && MEMO_N > 0) resolvePending()
  // All lower-case text (chat, lower-cased logs): capitals cannot mark names, so read cues instead.
  if (!SAW_UPPER && len <= 65536 && (MASK & ((1 << C_PERSON) | (1 << C_LOCATION))) != 0) lowerCasePass()
  return resolve()
}

const PRIORITY = memory.data<u8>([0, 90, 40, 70, 75, 72, 55, 60, 65, 64, 80, 35, 20, 25, 95, 100])

/** Sort candidates by start, drop overlaps by priority, write [count, s, e, c, ...]. */
function resolve(): usize {
  // Insertion sort: candidates arrive almost in order (runs may emit slightly behind).
  for (let i: u32 = 1; i < CN; i++) {
    const si = load<u32>(CAND + <usize>i * 12)
    const ei = load<u32>(CAND + <usize>i * 12 + 4)
    const ci = load<u32>(CAND + <usize>i * 12 + 8)
    let j = <i32>i - 1
    while (j >= 0 && load<u32>(CAND + <usize>j * 12) > si) {
      memory.copy(CAND + <usize>(j + 1) * 12, CAND + <usize>j * 12, 12)
      j--
    }
    store<u32>(CAND + <usize>(j + 1) * 12, si)
    store<u32>(CAND + <usize>(j + 1) * 12 + 4, ei)
    store<u32>(CAND + <usize>(j + 1) * 12 + 8, ci)
  }
  const out = arenaAlloc(4 + <usize>CN * 12)
  let n: u32 = 0
  for (let i: u32 = 0; i < CN; i++) {
    const s = load<u32>(CAND + <usize>i * 12)
    const e = load<u32>(CAND + <usize>i * 12 + 4)
    const c = load<u32>(CAND + <usize>i * 12 + 8)
    let keep = true
    while (n > 0) {
      const slot = out + 4 + <usize>(n - 1) * 12
      const ls = load<u32>(slot)
      const le = load<u32>(slot, 4)
      const lc = load<u32>(slot, 8)
      if (le <= s) break
      const pl = <u32>load<u8>(PRIORITY + lc)
      const pc = <u32>load<u8>(PRIORITY + c)
      if (pc > pl || (pc == pl && e - s > le - ls)) {
        n--
        continue
      }
      keep = false
      break
    }
    if (keep) {
      const slot = out + 4 + <usize>n * 12
      store<u32>(slot, s)
      store<u32>(slot, e, 4)
      store<u32>(slot, c, 8)
      n++
    }
  }
  store<u32>(out, n)
  return out
}
