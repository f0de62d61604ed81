// PII scanner: one pass over UTF-8 text that finds candidate entities by byte class and confirms
// them with checksums, formats and context words. Ordinary lower-case words (most of any prose) cost
// one class-table lookup per byte; only tokens holding digits, capitals, '@', ':' or an inner '.'
// reach a recogniser. Names and places are confirmed with the gazetteer (gazetteer.ts) and with
// the words just before them, read lazily only when a capitalised run is seen.
//
// Output: non-overlapping entities sorted by start, as byte offsets. Overlapping candidates are
// resolved to one entity per span: higher category priority wins (PRIORITY below), then the longer
// span, then the earlier start.
import { arenaAlloc } from '../arena'
import { FNV_SEED, fnvByte, hashLower } from '../text/hash'
import {
  B_AT, B_COLON, B_DASH, B_DIG, B_DOT, B_EQ, B_HI, B_LO, B_PAREN, B_PUNCT, B_SLASH, B_SP, B_UP, B_US, NIBBLE_BIT
} from '../text/uchar'
import { C_CARD, C_CRYPTO, C_DATE, C_EMAIL, C_IBAN, C_IN_VEHICLE, C_IP, C_IT_IDENTITY_CARD, C_LOCATION, C_MAC, C_UK_NINO, C_NRP, C_ORGANIZATION, C_PERSON, C_PHONE, C_SECRET, C_SSN, C_URL } from './categories'
import { G_BIGCITY, G_COMMON, G_COUNTRY, G_NAME, G_PLACE, G_STATE, gazLookup } from './gazetteer'
import { addressBlock, addressContext, capRun, emitAddress, resolvePending, tokenEnd } from './names'
import { domain, email, embeddedIpv4, ipv4, ipv6OrMac, macToken, url } from './network'
import { ID_MASK, nationalId, spacedLetterId } from './national'
import { orgLowerPass, orgWide, orgsWanted } from './orgs'
import { iban, numeric } from './numbers'
import { dotWord, longRunReset, nextDot, obfuscatedEmailToken, spacedNumber } from './obfuscated'
import { crypto, privateKey, secret } from './secrets'
import { lowerCue, uncasedReset, uncasedToken } from './uncased'
import { W_CUE, W_FORMAT, W_GAZETTEER, W_TAGGER } from './categories'
import { setCovered, tagSpans, taggerReady } from './tagger'
import { emitWhy } from './state'
import {
  CAND, CAND_MAX, CAND_OVERFLOW, CCAP, CN, CSLOT, EXPLICIT, LAST_AT, MASK, MEMO_N, N, P, PEND_N, PHRASE_END, PK_AT, PK_FROM, SAW_UPPER, TOK_ACC, TOK_E,
  TOK_LAST, TOK_S, at, bit, emit, wants, wantsAny
} from './state'
import {
  BORING_LO, cls, clsReady, eqi, hashRange, initClasses, isAlnum, isAlpha, isDig, isHex, startsCs, upperAt
} from './text'

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
    if (c == 0x2c && !(isDig(at(k - 1)) && isDig(at(k + 1)) && thousands(k + 1))) return k
  }
  return e
}

/**
 * Are the digits at k a thousands group: exactly three, then no digit ("1,234", "1,234,567.89")? A comma
 * between digits otherwise separates values ("192.168.1.1,10.0.0.1", "4111111111111111,5500000000000004").
 */
function thousands(k: usize): bool {
  return isDig(at(k + 1)) && isDig(at(k + 2)) && !isDig(at(k + 3))
}

/**
 * Values glued to the one just found and read on their own, per token: a bracketed IP closed right before
 * another ("[192.168.1.1][10.0.0.1]") and a phone number followed by a slash and another number
 * ("555-123-4567/555-987-6543"). Bounded so that a token of many costs a fixed number of passes.
 */
const GLUED_READS = 16

/**
 * Where a value glued to the last entity recorded since `before` starts, or 0: after "][" when that entity
 * is an IP, after "/" before a digit, "(" or "+" when it is a phone number. Sets GLUED_T1 to the end of the
 * token holding it: t1 itself, or a later one when the number ran past t1 ("(555) 123-4567/(555) ...").
 */
function gluedNext(before: u32, t1: usize): usize {
  if (CN <= before) return 0
  const slot = CAND + <usize>(CN - 1) * CSLOT
  const z = <usize>load<u32>(slot, 4)
  const cat = load<u32>(slot, 8)
  let g: usize = 0
  if (cat == C_IP && at(z) == 0x5d && at(z + 1) == 0x5b) g = z + 2
  else if (cat == C_PHONE && at(z) == 0x2f) {
    const d = at(z + 1)
    if (isDig(d) || ((d == 0x28 || d == 0x2b) && isDig(at(z + 2)))) g = z + 1
  }
  if (g == 0) return 0
  let u = t1
  if (z >= t1) {
    u = z
    while (u < N && (cls(at(u)) & B_SP) == 0) u++
  }
  GLUED_T1 = u
  return g < u ? g : 0
}
let GLUED_T1: usize = 0

/** The byte classes of [v, t1) (a token's `acc`). */
function accOf(v: usize, t1: usize): u32 {
  let a: u32 = 0
  for (let m = v; m < t1; m++) a |= cls(at(m))
  return a
}

/** Re-readings of a value inside one token (see handleToken). */
const REREADS = 4

/** Run the recognisers on the token [t0, t1) (whitespace-delimited); returns where to continue. */
function handleToken(t0: usize, t1_0: usize, acc0: u32): usize {
  let t = t0
  // The token's end; a glued value after a number that ran past it moves it (gluedNext).
  let t1 = t1_0
  let acc = acc0
  // A value after a key ("ip:10.0.0.1") or after markup is read again on its own, as a loop rather
  // than a call so no input sets the depth; a few re-readings per token are enough for real keys,
  // and bounding them keeps a token of keys ("a=a=a=...") linear.
  let glued = 0
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
    if ((acc & B_AT) != 0 && wants(C_EMAIL) && email(s, e)) return t1
    // "john(at)example.com", "example.com" after "john [at] ", "jane@exam-" broken over a line.
    if ((acc & (B_AT | B_DOT)) != 0 && wants(C_EMAIL)) {
      const z = obfuscatedEmailToken(s, e)
      if (z > 0) return z > t1 ? z : t1
    }
    // A URL with an IP-literal host is read for the IP even when URLs were not asked for.
    if ((acc & (B_COLON | B_DOT)) != 0 && (wants(C_URL) || wants(C_IP)) && url(s, e)) return t1
    // "user@2001:db8::1": an IPv6 host after a user name (an e-mail domain needs a dot).
    if ((acc & (B_AT | B_COLON)) == (B_AT | B_COLON) && wants(C_IP)) {
      let a = s
      while (a < e && at(a) != 0x40) a++
      if (a + 3 < e && a > s && (isHex(at(a + 1)) || at(a + 1) == 0x3a) && ipv6OrMac(a + 1, e)) return t1
    }
    // Secrets are long tokens or key=value / key: value pairs; short words never reach the checks.
    if (wants(C_SECRET) && ((acc & (B_EQ | B_COLON)) != 0 || (e - s >= 19 && ((acc & (B_DASH | B_US)) != 0 || c == 0x41 || c == 0x65))) &&
      secret(s, e)) return t1
    if (wants(C_CRYPTO) && (acc & B_DIG) != 0 && e - s >= 26 && crypto(s, e)) return t1
    // National and medical ids (national.ts): a token with a digit (most are dismissed by their length).
    if ((acc & B_DIG) != 0 && isAlnum(c) && wantsAny(ID_MASK)) {
      const z = nationalId(s, e)
      if (z > 0) return z > t1 ? z : t1
    }
    // "ip:10.0.0.1", "Phone:555-1234", "tel=+44...": read the value after a short alphabetic key.
    if (((acc & (B_COLON | B_EQ | B_PAREN | B_DASH)) != 0 || ((acc & B_DIG) != 0 && (acc & (B_DOT | B_PUNCT)) != 0)) && isAlpha(c)) {
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
    if ((acc & B_DIG) != 0) {
      const ipFrom = CN
      if (((acc & B_DOT) != 0 && isDig(c) && wants(C_IP) && ipv4(s, e)) ||
        ((acc & (B_COLON | B_DASH)) != 0 && (wants(C_IP) || wants(C_MAC)) && (isHex(c) || c == 0x3a) && e - s >= 3 && ipv6OrMac(s, e))) {
        const g = glued < GLUED_READS ? gluedNext(ipFrom, t1) : 0
        if (g == 0) return t1
        glued++
        t = g
        acc = accOf(g, t1)
        continue
      }
      if (c - 0x41 < 26 && wants(C_IBAN)) {
        const z = iban(s)
        if (z > 0) return z
      }
      if (isDig(c) || ((c == 0x2b || c == 0x28) && isDig(at(s + 1)))) {
        // "(555) 123-4567": the opening parenthesis was trimmed as punctuation; give it back.
        const before = CN
        const z = numeric(s > t && at(s - 1) == 0x28 && isDig(c) ? s - 1 : s)
        // Where to go on after a number found (0: none found yet).
        let w: usize = 0
        // Spaced out, with mixed separators, or split over a line ("5 5 5 - 1 2 - 3 4 5 6"); read
        // also after a shorter find ("4517 0690.0145/1817": a card, not the phone "4517 0690").
        if (isDig(c) && wantsAny(bit(C_SSN) | bit(C_CARD) | bit(C_PHONE))) {
          const found = CN
          const o = spacedNumber(s)
          // An over-long run found nothing more than the ordinary reading did at its start: go on after
          // that ("4111111111111111 5500000000000004": two cards, not one 32-digit run).
          if (o > 0 && CN == found && found > before) w = z > t1 ? z : t1
          else if (o > 0) {
            const x = o > z ? o : z
            w = x > t1 ? x : t1
          }
        }
        if (w == 0 && CN > before) w = z > t1 ? z : t1
        if (w > 0) {
          const g = glued < GLUED_READS ? gluedNext(before, t1) : 0
          if (g == 0) return w
          glued++
          t = g
          t1 = GLUED_T1
          acc = accOf(g, t1)
          continue
        }
        // Not a number of any kind: perhaps the house number of an address.
        if (isDig(c) && wants(C_LOCATION) && at(tokenEnd(s)) == 0x20 && (upperAt(tokenEnd(s) + 1) || isDig(at(tokenEnd(s) + 1)))) {
          const a = addressBlock(s, !addressContext(s))
          if (a > 0) {
            emitAddress(s, a, W_FORMAT | W_GAZETTEER)
            return a
          }
        }
        if (z > 0) return z > t1 ? z : t1
        return t1
      }
    }
    if ((acc & (B_DIG | B_DOT)) == (B_DIG | B_DOT) && wants(C_IP) && embeddedIpv4(s, e)) return t1
    // A value after markup or a quoted key ("<td>555 1234", "'tel':'+44...'"), or after a word of a script
    // written without spaces ("电话138 0013 8000", "病历号46559428", "電話:090-1234-5678"): read it on its own.
    let again = false
    if (round < REREADS && (acc & B_DIG) != 0 && !isDig(c)) {
      for (let k = s + 1; k < e; k++) {
        const b = at(k - 1)
        const d = at(k)
        if ((b == 0x3e || b == 0x22 || b == 0x27 || b >= 0x80 || (b == 0x3a && at(k - 2) >= 0x80)) && (isDig(d) || ((d == 0x2b || d == 0x28) && isDig(at(k + 1))))) {
          // The words around the value are read for organisations first, as they would have been.
          if (b >= 0x80 && (acc & B_HI) != 0 && !upperAt(s) && orgsWanted()) orgWide(s, e)
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
    if ((acc & B_DOT) != 0 && (acc & B_AT) == 0 && wants(C_URL) && domain(s, e)) return t1
    if ((acc & B_HI) != 0 && !upperAt(s) && orgsWanted()) orgWide(s, e)
    if (wantsAny(bit(C_PERSON) | bit(C_LOCATION) | bit(C_DATE) | bit(C_ORGANIZATION) | bit(C_NRP)) && upperAt(s)) return capRun(s)
    if ((acc & (B_UP | B_DIG)) == B_DIG && isDig(c)) return t1
    return t1
  }
}

function isWordByte(c: u32): bool {
  return (c - 0x61 < 26) || c >= 0x80 || c == 0x27
}

/** Flags of the 1-3 word phrase starting at word [s, e) (words separated by single spaces); sets PHRASE_END. */
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
      (eqi(p1s, p1e, 'is') && p2e > p2s && eqi(p2s, p2e, 'name')) || (eqi(p1s, p1e, 'name') && at(p1e) == 0x3a) ||
      lowerCue(p1s, p1e))
    let next = e
    if (prep && wants(C_LOCATION)) {
      const f = lowerPhrase(i, e, G_PLACE)
      if ((f & G_PLACE) != 0 && (f & G_COMMON) == 0 && ((f & G_NAME) == 0 || (f & (G_COUNTRY | G_STATE | G_BIGCITY)) != 0)) {
        emitWhy(i, PHRASE_END, C_LOCATION, W_GAZETTEER | W_CUE)
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
        emitWhy(i, end, C_PERSON, W_GAZETTEER | W_CUE)
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
 * Scan UTF-8 text [p, p+len) for the categories whose bits are set in the mask (bit = category id;
 * maskLo holds ids 0-31, maskHi ids 32-63: two u32 so JavaScript needs no BigInt). Returns a pointer to
 * [count, start0, end0, cat0, why0, ...] (u32, byte offsets, sorted, non-overlapping; why = W_* bits).
 */
export function piiScan(p: usize, len: usize, maskLo: u32, maskHi: u32): usize {
  if (!clsReady) initClasses()
  P = p
  N = len
  MASK = (<u64>maskHi << 32) | <u64>maskLo
  EXPLICIT = (MASK >> 63) != 0
  MASK &= ~(<u64>1 << 63)
  // With the tagger on, asking for some of the name categories reads all of them and keeps those asked for
  // at the end, so the tagger never reports what the rules, reading every category, would have called
  // something else ("She joined Mary": Mary is a PERSON, whether or not PERSON was asked for).
  const userMask = MASK
  const nameBits = bit(C_PERSON) | bit(C_LOCATION) | bit(C_ORGANIZATION) | bit(C_NRP)
  if (taggerReady() && (MASK & nameBits) != 0) MASK |= nameBits
  CCAP = 256
  CAND = arenaAlloc(<usize>CCAP * CSLOT)
  TAG_BUF = 0
  TAG_CAP = 0
  CN = 0
  MEMO_N = 0
  PEND_N = 0
  SAW_UPPER = false
  uncasedReset()
  longRunReset()
  TOK_S = 0
  TOK_E = 0
  PK_FROM = 1
  PK_AT = 0
  let i: usize = 0
  const lo = v128.load(BORING_LO)
  const hi = v128.load(NIBBLE_BIT)
  const nib = i8x16.splat(0x0f)
  // E-mail addresses written out ("john dot doe at example dot com") hide among lower-case words the
  // skip below passes over: each "dot" is found by its own search, one step ahead of the loop.
  let dotAt = wants(C_EMAIL) ? nextDot(0) : len
  // Do the categories asked for read words of letters alone (see the token loop's letters-only case)?
  const capsRead = wantsAny(bit(C_PERSON) | bit(C_LOCATION) | bit(C_DATE) | bit(C_ORGANIZATION) | bit(C_NRP) | bit(C_SECRET) |
    bit(C_UK_NINO) | bit(C_IN_VEHICLE) | bit(C_IT_IDENTITY_CARD))
  while (i < len) {
    if (CN >= CAND_MAX) break
    if (i >= dotAt) dotAt = nextDot(dotWord(dotAt))
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
      while (i > from && (cls(<u32>load<u8>(p + i - 1)) & B_SP) == 0) i--
      if (!found && i + 17 > len) {
        // Tail shorter than a vector: fall through to the byte loop.
      }
    }
    if (i >= len) break
    const c = <u32>load<u8>(p + i)
    const k0 = cls(c)
    if ((k0 & B_SP) != 0) {
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
        if ((k & B_SP) != 0) break
        acc |= k
        e++
      }
      TOK_S = i
      TOK_E = e
      TOK_ACC = acc
      TOK_LAST = false
    }
    // Fast path: lower-case words with ordinary punctuation and no inner dot.
    if ((acc & ~(B_LO | B_PUNCT | B_DASH | B_DOT | B_PAREN)) == 0 && (k0 & B_DASH) == 0) {
      if ((acc & B_DOT) == 0) {
        // "hh 01 02 03 d": a lower-case spaced NINO (read when named; see ukNino).
        if (acc == B_LO && e - i == 2 && at(e) == 0x20 && isDig(at(e + 1)) && wants(C_UK_NINO)) {
          const z = spacedLetterId(i)
          if (z > 0) {
            i = z
            continue
          }
        }
        // "aa-bb-cc-dd-ee-ff": a dashed MAC address of hex letters only looks like a lower-case word.
        if ((acc & B_DASH) != 0 && e - i >= 17 && e - i <= 19 && at(i + 2) == 0x2d && isHex(at(i)) && wants(C_MAC)) {
          const z = macToken(i, e)
          if (z > 0) {
            i = z
            continue
          }
        }
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
    if ((acc & B_UP) != 0) SAW_UPPER = true
    // Chinese, Japanese, Korean, Arabic, Hebrew: no capitals, so lists and cues (uncased.ts).
    if ((acc & B_HI) != 0 && wantsAny(bit(C_PERSON) | bit(C_LOCATION) | bit(C_ORGANIZATION))) uncasedToken(i, e)
    // "QQ 12 34 56 C", "MH 12 AB 1234": a spaced id starting with a two-capital token.
    if (acc == B_UP && e - i == 2 && at(e) == 0x20 && isDig(at(e + 1))) {
      const z = spacedLetterId(i)
      if (z > 0) {
        i = z
        continue
      }
    }
    // MAC addresses with no digit ("AA-BB-CC-DD-EE-FF", "aabb.ccdd.eeff") would pass as words: a token
    // of a MAC's length starting with a hex digit is tried first (one length test for any other word).
    if (e - i >= 14 && e - i <= 20 && (acc & (B_COLON | B_DASH | B_DOT)) != 0 && isHex(at(i)) && wants(C_MAC)) {
      const z = macToken(i, e)
      if (z > 0) {
        i = z
        continue
      }
    }
    // Capitalised plain words (the rest of most prose) go straight to the name and place rules.
    if ((acc & ~(B_UP | B_LO | B_PUNCT | B_HI | B_DASH)) == 0 && (k0 & (B_UP | B_HI)) != 0 &&
      wantsAny(bit(C_PERSON) | bit(C_LOCATION) | bit(C_DATE) | bit(C_ORGANIZATION) | bit(C_NRP)) && upperAt(i)) {
      const next = capRun(i)
      i = next > i ? next : e
      continue
    }
    // A word of letters, punctuation and brackets with a capital ("The", "(Smith)", "Jones,"): without the
    // name categories, secrets and the spaced letter ids, no recogniser reads one (handleToken would
    // return its end), so it is passed like a lower-case word.
    if ((acc & ~(B_UP | B_LO | B_PUNCT | B_PAREN)) == 0 && !capsRead) {
      i = e
      continue
    }
    // Fields glued by ',', ';' or '|' ("Smith;555 1234;Berlin", "a@b.com,555-1234") are read one by
    // one; "1,234" and URLs stay whole.
    if ((acc & B_PUNCT) != 0 && (acc & B_SLASH) == 0) {
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
  if (CN >= CAND_MAX) {
    const out = arenaAlloc(4)
    store<u32>(out, CAND_OVERFLOW)
    return out
  }
  while (dotAt < len) dotAt = nextDot(dotWord(dotAt))
  if (PEND_N > 0 && MEMO_N > 0) resolvePending()
  // All lower-case text (chat, lower-cased logs): capitals cannot mark names, so read cues instead.
  if (!SAW_UPPER && len <= 65536 && wantsAny(bit(C_PERSON) | bit(C_LOCATION))) lowerCasePass()
  if (!SAW_UPPER && len <= 65536 && orgsWanted()) orgLowerPass()
  const out = resolve()
  // The learned tagger adds the names, places and organisations the rules did not find; where both read
  // the same words, the rules' entity stands (that combination measured best across held-out sources:
  // docs/metrics/pii.md, "Name tagger").
  if (taggerReady() && wantsAny(bit(C_PERSON) | bit(C_LOCATION) | bit(C_ORGANIZATION))) {
    TAG_N = 0
    setCovered(out + 4, load<u32>(out))
    tagSpans(tagSink)
    const merged = TAG_N > 0 ? mergeTagged(out) : out
    const widened = MASK != userMask
    MASK = userMask
    return widened ? keepAsked(merged, userMask) : merged
  }
  MASK = userMask
  return out
}

/** Drop, in place, the entities at `out` whose category is not in `mask`; returns out. */
function keepAsked(out: usize, mask: u64): usize {
  const n = load<u32>(out)
  let m: u32 = 0
  for (let i: u32 = 0; i < n; i++) {
    const slot = out + 4 + <usize>i * CSLOT
    if ((mask & (<u64>1 << <u64>load<u32>(slot, 8))) == 0) continue
    if (m != i) memory.copy(out + 4 + <usize>m * CSLOT, slot, CSLOT)
    m++
  }
  store<u32>(out, m)
  return out
}

// Tagger spans of this call: start, end, category (u32 each), in text order, at TAG_BUF (grown by doubling).
let TAG_BUF: usize = 0
let TAG_CAP: u32 = 0
let TAG_N: u32 = 0

function tagSink(s: usize, e: usize, type: u32): void {
  const cat = type == 0 ? C_PERSON : type == 1 ? C_LOCATION : C_ORGANIZATION
  if (!wants(cat) || TAG_N >= CAND_MAX) return
  if (TAG_N >= TAG_CAP || TAG_BUF == 0) {
    const cap: u32 = TAG_CAP < 64 ? 64 : TAG_CAP * 2
    const bigger = arenaAlloc(<usize>cap * 12)
    if (TAG_N > 0) memory.copy(bigger, TAG_BUF, <usize>TAG_N * 12)
    TAG_BUF = bigger
    TAG_CAP = cap
  }
  const slot = TAG_BUF + <usize>TAG_N * 12
  store<u32>(slot, <u32>s)
  store<u32>(slot, <u32>e, 4)
  store<u32>(slot, cat, 8)
  TAG_N++
}

/** The entities at `out` with the tagger's spans that overlap none of them, in order (a new output). */
function mergeTagged(out: usize): usize {
  const n = load<u32>(out)
  const merged = arenaAlloc(4 + <usize>(n + TAG_N) * CSLOT)
  let m: u32 = 0
  let j: u32 = 0
  for (let t: u32 = 0; t < TAG_N; t++) {
    const ts = load<u32>(TAG_BUF + <usize>t * 12)
    const te = load<u32>(TAG_BUF + <usize>t * 12, 4)
    // Entities ending at or before this span come first.
    while (j < n && load<u32>(out + 4 + <usize>j * CSLOT, 4) <= ts) {
      memory.copy(merged + 4 + <usize>m * CSLOT, out + 4 + <usize>j * CSLOT, CSLOT)
      m++
      j++
    }
    // Entities are disjoint and sorted: only the next one can overlap [ts, te).
    if (j < n && load<u32>(out + 4 + <usize>j * CSLOT) < te) continue
    if (m > 0 && load<u32>(merged + 4 + <usize>(m - 1) * CSLOT, 4) > ts) continue
    const slot = merged + 4 + <usize>m * CSLOT
    store<u32>(slot, ts)
    store<u32>(slot, te, 4)
    store<u32>(slot, load<u32>(TAG_BUF + <usize>t * 12, 8), 8)
    store<u32>(slot, W_TAGGER, 12)
    m++
  }
  while (j < n) {
    memory.copy(merged + 4 + <usize>m * CSLOT, out + 4 + <usize>j * CSLOT, CSLOT)
    m++
    j++
  }
  store<u32>(merged, m)
  return merged
}

// Priority by category id (index), high wins an overlap. The national and medical ids sit with the
// other checked numbers; ORGANIZATION and NRP rank with the name rules.
const PRIORITY = memory.data<u8>([
  0, 90, 40, 70, 75, 72, 55, 60, 65, 64, 80, 35, 20, 25, 95, 100, // 0-15: EMAIL .. SECRET
  73, 50, 50, 71, 71, 71, 71, 71, 50, 71, 50, 50, 71, 71, 71, 71, // 16-31: US_ITIN .. SG_UEN
  71, 71, 50, 50, 71, 71, 50, 50, 50, 71, 71, 50, 50, 71, 71, 15, // 32-47: AU_ABN .. NRP
  22, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 // 48-63: ORGANIZATION, free
])

/** Sort candidates by start, drop overlaps by priority, write [count, s, e, c, why, ...]. */
function resolve(): usize {
  // Stable insertion sort: candidates arrive almost in order, but some arrive far behind (names
  // confirmed at the end of the text by resolvePending), so the place is found by binary search and
  // the slots after it move in one copy, not one slot at a time across the whole text.
  const tmp = TMP_SLOT
  for (let i: u32 = 1; i < CN; i++) {
    const si = load<u32>(CAND + <usize>i * CSLOT)
    if (load<u32>(CAND + <usize>(i - 1) * CSLOT) <= si) continue
    // First slot in [0, i) whose start is greater than si (after every equal start: stable).
    let lo: u32 = 0
    let hi: u32 = i - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (load<u32>(CAND + <usize>mid * CSLOT) > si) hi = mid
      else lo = mid + 1
    }
    memory.copy(tmp, CAND + <usize>i * CSLOT, CSLOT)
    memory.copy(CAND + <usize>(lo + 1) * CSLOT, CAND + <usize>lo * CSLOT, <usize>(i - lo) * CSLOT)
    memory.copy(CAND + <usize>lo * CSLOT, tmp, CSLOT)
  }
  const out = arenaAlloc(4 + <usize>CN * CSLOT)
  let n: u32 = 0
  for (let i: u32 = 0; i < CN; i++) {
    const cand = CAND + <usize>i * CSLOT
    const s = load<u32>(cand)
    const e = load<u32>(cand, 4)
    const c = load<u32>(cand, 8)
    let keep = true
    while (n > 0) {
      const slot = out + 4 + <usize>(n - 1) * CSLOT
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
      memory.copy(out + 4 + <usize>n * CSLOT, cand, CSLOT)
      n++
    }
  }
  store<u32>(out, n)
  return out
}

const TMP_SLOT = memory.data(16)
