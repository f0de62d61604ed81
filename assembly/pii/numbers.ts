// Numbers: IBANs and digit runs (phone numbers, payment cards, SSNs, dates, routing and account
// numbers).
import { C_ABA, C_BANK, C_CARD, C_DATE, C_IBAN, C_PHONE, C_SSN } from './categories'
import { abaOk, ibanMod97Ok, luhnOk, packDigits } from './checks'
import { numberContext, wordBefore } from './context'
import {
  G_CTX_ACCOUNT, G_CTX_DATE, G_CTX_ID, G_CTX_NUMBER, G_CTX_PHONE, G_CTX_ROUTING, G_CTX_SSN, G_STREET, G_UNIT,
  gazLookup
} from './gazetteer'
import { DIGITS, EXPLICIT, G, GE, GS, N, P, at, emit, wants } from './state'
import { W_CHECKSUM, W_CONTEXT, W_FORMAT } from './categories'
import { emitWhy } from './state'
import { eqi, hashRange, isAlnum, isAlpha, isDig } from './text'

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
export function iban(s: usize): usize {
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
  emitWhy(s, end, C_IBAN, W_FORMAT | W_CHECKSUM)
  return end
}

// Digit runs: phone numbers, payment cards, SSNs, dates, routing and account numbers.

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
  // A last group glued to letters ("5pm", "3rd", "12kg") is not part of a number. Chinese, Japanese and
  // Korean write particles and punctuation straight after a number ("2508로", "8000。"): a character of
  // three UTF-8 bytes ends the number instead.
  if (G > 0 && (isAlpha(at(ge(G - 1))) || (at(ge(G - 1)) >= 0x80 && at(ge(G - 1)) < 0xe0)) && !extensionAt(ge(G - 1)) &&
    !isoTime(ge(G - 1))) G--
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
/** Does an ISO 8601 time follow at k ("T14:30")? Its date is then no number glued to letters. */
function isoTime(k: usize): bool {
  return at(k) == 0x54 && isDig(at(k + 1)) && isDig(at(k + 2)) && at(k + 3) == 0x3a && isDig(at(k + 4))
}

export function timeAfter(e: usize): usize {
  let k = e
  if (isoTime(e)) return isoTimeEnd(e)
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

/**
 * The end of the ISO 8601 time at e ("T09:15:30.500-07:00", "T14:30Z"): hours and minutes, seconds
 * and their fraction, then "Z" or an offset; e itself when the time is not whole or letters follow.
 */
function isoTimeEnd(e: usize): usize {
  let z = e + 3
  if (!isDig(at(z + 1)) || !isDig(at(z + 2))) return e
  z += 3
  if (at(z) == 0x3a && isDig(at(z + 1)) && isDig(at(z + 2))) {
    z += 3
    if ((at(z) == 0x2e || at(z) == 0x2c) && isDig(at(z + 1))) {
      z++
      while (isDig(at(z)) && z - e < 24) z++
    }
  }
  if (at(z) == 0x5a) z++
  else if ((at(z) == 0x2b || at(z) == 0x2d) && isDig(at(z + 1)) && isDig(at(z + 2))) {
    const o = z + 3
    if (at(o) == 0x3a && isDig(at(o + 1)) && isDig(at(o + 2))) z = o + 3
    else if (isDig(at(o)) && isDig(at(o + 1))) z = o + 2
    else z = o
  }
  if (isAlnum(at(z))) return e
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

export function ssnValid(area: u32, group: u32, serial: u32): bool {
  return area != 0 && area != 666 && area < 900 && group != 0 && serial != 0
}

function trySsn(g: u32, ctx: u32): bool {
  if (g == 3 && glen(0) == 3 && glen(1) == 2 && glen(2) == 4) {
    const s1 = sepOf(1)
    if (s1 != sepOf(2) || !(s1 == 0x2d || s1 == 0x20 || s1 == 0x2e)) return false
    // "123.45.6789" is read as an SSN without a cue, as Presidio reads it: no phone plan groups 3-2-4.
    if (s1 == 0x20 && (ctx & G_CTX_SSN) == 0) return false
    return ssnValid(gval(0), gval(1), gval(2))
  }
  // Nine bare digits are an SSN after its word, or when SSNs were asked for by name (as Presidio reads them).
  if (g == 1 && glen(0) == 9 && ((ctx & G_CTX_SSN) != 0 || (EXPLICIT && wants(C_SSN)))) {
    const v = gval(0)
    return ssnValid(v / 1000000, (v / 10000) % 100, v % 10000)
  }
  return false
}

/** Issuer ranges for card numbers (IIN prefixes and lengths), applied after Luhn. */
export function cardIssuerOk(p: usize, n: usize): bool {
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
    // Dots only in the printed 4-4-4-4 layout ("4902.0863.0390.6648"): shorter dotted groups are versions.
    const dotted = sp == 0x2e && g == 4 && n == 16 && glen(0) == 4 && glen(1) == 4 && glen(2) == 4
    if (!(sp == 0x20 || sp == 0x2d || dotted)) return false
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
export function e164Ok(from: usize, n: usize): bool {
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
export function phoneAt(s: usize): bool {
  const g = parseGroups(s)
  return g > 0 && digitsIn(0, g) >= 7 && tryPhone(s, g, 0)
}

/** Classify the digit run starting at s (groups already parsed); returns the end, or 0. */
export function numeric(s: usize): usize {
  if (parseGroups(s) == 0) return 0
  const total = G
  if (isDig(at(s)) && s > 0 && (isAlpha(at(s - 1)) || at(s - 1) == 0x5f)) return 0
  // Short lone numbers ("in 1961", "3 men") can only be a year of birth / founding: one word of context.
  if (total == 1 && glen(0) < 6 && at(s) != 0x2b) {
    if (glen(0) == 4 && wants(C_DATE) && (wordBefore(s) & G_CTX_DATE) != 0) {
      const v = gval(0)
      if (v >= 1800 && v <= 2099) {
        emitWhy(gs(0), ge(0), C_DATE, W_FORMAT | W_CONTEXT)
        return ge(0)
      }
    }
    return ge(0)
  }
  const ctx = numberContext(s, 4)
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
      emitWhy(gs(0), end, C_SSN, (ctx & G_CTX_SSN) != 0 ? W_FORMAT | W_CONTEXT : W_FORMAT)
      return end
    }
    if (tryCard(g)) {
      emitWhy(gs(0), end, C_CARD, W_FORMAT | W_CHECKSUM)
      return end
    }
    // A routing number needs its word, unless ABA numbers were asked for by name.
    if (g == 1 && glen(0) == 9 && ((ctx & G_CTX_ROUTING) != 0 || (EXPLICIT && wants(C_ABA))) && abaOk(P + gs(0))) {
      emitWhy(gs(0), end, C_ABA, W_FORMAT | W_CHECKSUM | ((ctx & G_CTX_ROUTING) != 0 ? W_CONTEXT : 0))
      return end
    }
    // "011 000 015": spaced 3-3-3 after its word or asked for by name (else a 9-digit phone layout).
    if (g == 3 && glen(0) == 3 && glen(1) == 3 && glen(2) == 3 && sepOf(1) == 0x20 && sepOf(2) == 0x20 &&
      ((ctx & G_CTX_ROUTING) != 0 || (EXPLICIT && wants(C_ABA))) && packDigits(P + gs(0), end - gs(0), DIGITS, 19) == 9 && abaOk(DIGITS)) {
      emitWhy(gs(0), end, C_ABA, W_FORMAT | W_CHECKSUM | ((ctx & G_CTX_ROUTING) != 0 ? W_CONTEXT : 0))
      return end
    }
    // "3222-7162-7": the dashed 4-4-1 layout of a routing number is its own, so its check suffices.
    if (g == 3 && glen(0) == 4 && glen(1) == 4 && glen(2) == 1 && sepOf(1) == 0x2d && sepOf(2) == 0x2d && wants(C_ABA) &&
      packDigits(P + gs(0), end - gs(0), DIGITS, 19) == 9 && abaOk(DIGITS)) {
      emitWhy(gs(0), end, C_ABA, W_FORMAT | W_CHECKSUM | ((ctx & G_CTX_ROUTING) != 0 ? W_CONTEXT : 0))
      return end
    }
    if (g == 1 && glen(0) >= 8 && glen(0) <= 17 && (ctx & G_CTX_ACCOUNT) != 0 && (ctx & G_CTX_ID) == 0) {
      emitWhy(gs(0), end, C_BANK, W_FORMAT | W_CONTEXT)
      return end
    }
    if (tryPhone(s, g, ctx)) {
      // "(555) 123-4567" keeps its parenthesis; "(467 3395)" is a number in parentheses.
      let ps = at(s) == 0x2b || (at(s) == 0x28 && g > 1 && at(ge(0)) == 0x29) ? s : gs(0)
      // "(+44) 20 7946 0958": the parenthesis around the country code belongs to the number.
      if (at(s) == 0x2b && s > 0 && at(s - 1) == 0x28 && at(ge(0)) == 0x29) ps = s - 1
      const x = extensionAt(end)
      const pe = x > 0 ? x : end
      emitWhy(ps, pe, C_PHONE, (ctx & (G_CTX_PHONE | G_CTX_NUMBER)) != 0 ? W_FORMAT | W_CONTEXT : W_FORMAT)
      return pe
    }
    // Years after "born", "since", "founded": 4-digit 1800..2099, alone.
    if (g == 1 && glen(0) == 4 && (ctx & G_CTX_DATE) != 0) {
      const v = gval(0)
      if (v >= 1800 && v <= 2099) {
        emitWhy(gs(0), end, C_DATE, W_FORMAT | W_CONTEXT)
        return end
      }
    }
  }
  return ge(0)
}
