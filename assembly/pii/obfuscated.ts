// Values written to slip past a pattern: digits spaced out or split by mixed separators and line
// breaks ("5 5 5 - 1 2 - 3 4 5 6", "123.45-6789", "555-123-\n4567"), and e-mail addresses written out
// ("john dot doe at example dot com", "john [at] example [dot] com", "john(at)example.com",
// "john @ example . com") or broken over a line ("jane.doe@exam-\nple.com"). Full-width forms and
// invisible characters are folded before the scan, in TypeScript (src/metrics/pii/pii-normalise.ts).
//
// Joined digits are validated as the ordinary forms are (SSN area rules, Luhn and issuer ranges,
// phone lengths) and in addition need the shape of the whole value (3-2-4, 3-3-4, 4-4-4-4) or a cue
// word: a spaced list of digits ("1 2 3 4 5 6 7 8 9") is far more often a list than a number.
import { C_CARD, C_EMAIL, C_PHONE, C_SSN, W_CHECKSUM, W_CONTEXT, W_DEOBFUSCATED, W_FORMAT } from './categories'
import { luhnOk } from './checks'
import { X_CARD, X_EMAIL, cuesBefore, numberContext } from './context'
import { G_CTX_ID, G_CTX_NUMBER, G_CTX_PHONE, G_CTX_SSN, G_TLD, gazLookup } from './gazetteer'
import { cardIssuerOk, e164Ok, ssnValid } from './numbers'
import { DIGITS, N, P, at, emitWhy, wants } from './state'
import { eqi, hashRange, isAlnum, isAlpha, isDig } from './text'

// ---------------------------------------------------------------------------------------------
// Spaced and split digit runs

/** Most digits readDigitRun stores in DIGITS (a longer run is reported as RUN_N = RUN_MAX + 1). */
export const RUN_MAX: u32 = 24

/** Digits of the run readDigitRun last read (in DIGITS, ASCII). */
export let RUN_N: u32 = 0
/** Groups of that run: a group ends at a separator other than one space between single digits. */
export let RUN_G: u32 = 0
/** Group lengths (u8 each, at most RUN_MAX groups). */
export const RUN_GL = memory.data(32)
/** Was a digit spaced out ("5 5 5"), a value broken over a line, or were separators mixed? */
export let RUN_SPACED = false
export let RUN_BROKEN = false
export let RUN_MIXED = false
/** Was a separator padded with spaces ("568 / 78 / 1178", "555 - 123 - 4567") or an underscore? */
export let RUN_PADDED = false
/** Was a slash one of the separators? "568 / 78 / 1178" is an SSN only after its word. */
export let RUN_SLASH = false
/** Was a letter drawn like a digit read as one ("555-l23-4567", "078-O5-1120")? Needs a cue word. */
export let RUN_GLYPH = false

/** The digit a letter O, o, l or I stands for when a digit touches it, or 0. */
function glyphAt(k: usize): u32 {
  const c = at(k)
  const d: u32 = c == 0x4f || c == 0x6f ? 0x30 : c == 0x6c || c == 0x49 ? 0x31 : 0
  if (d == 0 || isAlpha(at(k + 1)) || (k > 0 && isAlpha(at(k - 1)))) return 0
  return isDig(at(k + 1)) || (k > 0 && isDig(at(k - 1))) ? d : 0
}

function isSepByte(c: u32): bool {
  return c == 0x2d || c == 0x2e || c == 0x2f || c == 0x28 || c == 0x29 || c == 0x5f
}

/**
 * Read the digit run starting at digit s into DIGITS: digits joined directly, by single spaces
 * between single digits ("5 5 5"), or by a gap of at most six bytes of spaces and one or two of
 * "-./()" ("5 5 5 - 1 2", "123.45-6789"), with a line break allowed after such a separator
 * ("555-123-\n4567"). Returns the end of the last digit; RUN_N, RUN_G, RUN_GL, RUN_SPACED,
 * RUN_BROKEN and RUN_MIXED describe the run. A run of more than RUN_MAX digits is read to its end
 * (so a caller can skip it in one step) with RUN_N = RUN_MAX + 1. Shared with the id recognisers.
 */
export function readDigitRun(s: usize): usize {
  const from = s
  RUN_N = 0
  RUN_G = 0
  RUN_SPACED = false
  RUN_BROKEN = false
  RUN_MIXED = false
  RUN_PADDED = false
  RUN_SLASH = false
  RUN_GLYPH = false
  let n: u32 = 0
  let glen: u32 = 0
  let chunk: u32 = 0
  let sep0: u32 = 0
  let k = s
  while (isDig(at(k)) || glyphAt(k) != 0) {
    const g = glyphAt(k)
    if (g != 0) RUN_GLYPH = true
    if (n < RUN_MAX) store<u8>(DIGITS + n, <u8>(g != 0 ? g : at(k)))
    store<u32>(RING + (<usize>(n & 31) << 2), <u32>k)
    n++
    glen++
    chunk++
    k++
    if (isDig(at(k)) || glyphAt(k) != 0) continue
    // The gap to the next digit.
    let m = k
    let spaces: u32 = 0
    let seps: u32 = 0
    let breaks: u32 = 0
    let sepc: u32 = 0
    while (m - k < 6) {
      const c = at(m)
      if (c == 0x20 || c == 0x09) spaces++
      else if (c == 0x0a) breaks++
      else if (c == 0x0d) {
        if (at(m + 1) != 0x0a) break
      } else if (isSepByte(c)) {
        seps++
        if (c != 0x28 && c != 0x29) sepc = c
      } else break
      m++
    }
    if (!(isDig(at(m)) || (glyphAt(m) != 0 && isDig(at(m + 1)))) || breaks > 1 || seps > 2) break
    // One line break per value: after a separator ("555-123-\n4567"), or between groups of three or
    // more digits ("4111 1111\n1111 1111"); a new line of short numbers is a new value (tables).
    if (breaks == 1) {
      if (RUN_BROKEN || (seps == 0 && (chunk < 3 || !isDig(at(m + 1)) || !isDig(at(m + 2))))) break
      RUN_BROKEN = true
    }
    if (seps == 0 && spaces == 1 && chunk == 1 && !isDig(at(m + 1))) {
      // "5 5": one space between single digits, the spaced-out form; the group goes on.
      RUN_SPACED = true
      chunk = 0
      k = m
      continue
    }
    if ((seps > 0 && spaces > 0) || sepc == 0x5f) RUN_PADDED = true
    if (sepc == 0x2f) RUN_SLASH = true
    // A group boundary: one kind of separator throughout, or the run is "mixed".
    const kind: u32 = seps > 0 ? (sepc != 0 ? sepc : 0x29) : 0x20
    if (sep0 == 0) sep0 = kind
    else if (kind != sep0) RUN_MIXED = true
    // "5 5 5 - 1 2", "8-1-0-8-4": digits one by one between separators.
    if (chunk == 1) RUN_SPACED = true
    if (RUN_G < RUN_MAX) store<u8>(RUN_GL + RUN_G, <u8>glen)
    RUN_G++
    glen = 0
    chunk = 0
    k = m
  }
  if (RUN_G < RUN_MAX) store<u8>(RUN_GL + RUN_G, <u8>glen)
  RUN_G++
  RUN_N = n > RUN_MAX ? RUN_MAX + 1 : n
  if (n > RUN_MAX && !RUN_BROKEN && !RUN_GLYPH) {
    LONG_S = from
    LONG_T = <usize>load<u32>(RING + (<usize>((n - RUN_MAX - 1) & 31) << 2))
    LONG_E = k
  }
  return k
}

// The last over-long run read (more than RUN_MAX digits) with no line break and no letter drawn as a digit:
// [LONG_S, LONG_E), and LONG_T, the last of its digits with more than RUN_MAX digits from there to the end.
// A run read from any of its digits up to LONG_T is that same over-long run to the same end (the gap rules
// that depend on where a run starts concern line breaks only), so spacedNumber does not read it again. A
// token-by-token caller reading a long run from each number in it ("(555) 123-4567/(555) 123-4567/...") was
// quadratic without this. RING: positions of the last 32 digits read.
let LONG_S: usize = 0
let LONG_T: usize = 0
let LONG_E: usize = 0
const RING = memory.data(4 * 32)

/** Forget the over-long run of the previous text (piiScan, before each text). */
export function longRunReset(): void {
  LONG_S = 0
  LONG_T = 0
  LONG_E = 0
}

// @ts-ignore: decorator
@inline function gl(g: u32): u32 {
  return <u32>load<u8>(RUN_GL + g)
}

function shape3(a: u32, b: u32, c: u32): bool {
  return RUN_G == 3 && gl(0) == a && gl(1) == b && gl(2) == c
}

function dval(from: u32, len: u32): u32 {
  let v: u32 = 0
  for (let k = from; k < from + len; k++) v = v * 10 + (<u32>load<u8>(DIGITS + k) - 0x30)
  return v
}

/** Gazetteer flags of the three words after e ("... 8 1 0 8 4 4 7 2 9 as my SSN"), up to a line or sentence end. */
function cueAfter(e: usize): u32 {
  let f: u32 = 0
  let k = e
  for (let w = 0; w < 3; w++) {
    while (at(k) == 0x20 || at(k) == 0x2c) k++
    const a = k
    while (isAlpha(at(k))) k++
    if (k == a) break
    f |= gazLookup(hashRange(a, k))
  }
  return f
}

/** Is the word [i, e) a card cue? */
function isCardCue(i: usize, e: usize): bool {
  return eqi(i, e, 'card') || eqi(i, e, 'credit') || eqi(i, e, 'debit') || eqi(i, e, 'visa') || eqi(i, e, 'mastercard') ||
    eqi(i, e, 'amex') || eqi(i, e, 'cc') || eqi(i, e, 'cvv') || eqi(i, e, 'pan')
}

/** Is the word [i, e) an e-mail cue (email, e-mail, mail, contact, address, write, reach)? */
function isEmailCue(i: usize, e: usize): bool {
  return eqi(i, e, 'email') || eqi(i, e, 'mail') || eqi(i, e, 'contact') || eqi(i, e, 'address') || eqi(i, e, 'write') ||
    eqi(i, e, 'emails') || eqi(i, e, 'reach') || (eqi(i, e, 'e') && at(e) == 0x2d)
}

/** Does one of the `words` words before s (letters only, at most 8 other bytes between) pass isCue? */
function cueBefore(s: usize, words: i32, isCue: (i: usize, e: usize) => bool): bool {
  let i = s
  for (let w = 0; w < words; w++) {
    let skip = 0
    while (i > 0 && !isAlpha(at(i - 1)) && skip < 8) {
      i--
      skip++
    }
    const e = i
    while (i > 0 && isAlpha(at(i - 1))) i--
    if (i == e) return false
    if (isCue(i, e)) return true
  }
  return false
}

/**
 * A phone number, SSN or payment card spaced out, with mixed separators, or split over a line,
 * starting at digit s: returns the end of what it emitted, the end of an over-long run (nothing to
 * find in it), or 0 (an ordinary run: the ordinary recognisers have already decided).
 */
export function spacedNumber(s: usize): usize {
  if (s > 0 && (isAlnum(at(s - 1)) || at(s - 1) == 0x2e || at(s - 1) == 0x2f)) return 0
  if (s > LONG_S && s <= LONG_T) {
    RUN_N = RUN_MAX + 1
    return LONG_E
  }
  const end = readDigitRun(s)
  if (RUN_N > RUN_MAX) return end
  if (!(RUN_SPACED || RUN_BROKEN || RUN_MIXED || RUN_PADDED || RUN_SLASH || RUN_GLYPH)) return 0
  if (isAlpha(at(end)) || at(end) >= 0x80) return 0
  const n = RUN_N
  // "(5 5 5) ...", "+ 4 4 ...": the opening parenthesis or the plus sign belongs to the number.
  let ps = s
  if (s > 0 && at(s - 1) == 0x28) ps = s - 1
  let plus = false
  if (s > 0 && at(s - 1) == 0x2b) {
    ps = s - 1
    plus = true
  } else if (s > 1 && at(s - 1) == 0x20 && at(s - 2) == 0x2b) {
    ps = s - 2
    plus = true
  }
  const ctx = numberContext(ps, 4) | cueAfter(end)
  if (n == 9 && wants(C_SSN) && ssnValid(dval(0, 3), dval(3, 2), dval(5, 4))) {
    const shaped = shape3(3, 2, 4) && !RUN_SLASH && !RUN_GLYPH
    if (shaped || (ctx & G_CTX_SSN) != 0) {
      emitWhy(s, end, C_SSN, W_FORMAT | W_DEOBFUSCATED | (shaped ? 0 : W_CONTEXT))
      return end
    }
  }
  if (n >= 13 && n <= 19 && wants(C_CARD) && luhnOk(DIGITS, n) && cardIssuerOk(DIGITS, n)) {
    let shaped = RUN_G >= 3 && RUN_G <= 5 && !RUN_GLYPH
    for (let g: u32 = 0; shaped && g < RUN_G; g++) if (gl(g) < 4 || gl(g) > 6) shaped = false
    // Every digit on its own ("5 1 0 6 6 0 3 2 ...", "4-5-1-7-0-6-..."): fifteen or sixteen single digits
    // passing Luhn and an issuer's prefix and length are a card written out, not a list.
    let single = (n == 15 || n == 16) && !RUN_GLYPH && !RUN_BROKEN && (RUN_G == 1 || RUN_G == n)
    for (let g: u32 = 0; single && RUN_G == n && g < RUN_G; g++) if (gl(g) != 1) single = false
    if (single && RUN_G == 1 && !RUN_SPACED) single = false
    if (single) shaped = true
    const cue = !shaped && (cueBefore(ps, 4, isCardCue) || (cuesBefore(ps, 4) & X_CARD) != 0)
    if (shaped || cue) {
      emitWhy(s, end, C_CARD, W_FORMAT | W_CHECKSUM | W_DEOBFUSCATED | (cue ? W_CONTEXT : 0))
      return end
    }
  }
  if (wants(C_PHONE) && n >= 7 && n <= 15) {
    // "mon numéro : 0 6 3 9 9 8 1 2 3 4": a number word before a national number with its trunk 0.
    const trunk = load<u8>(DIGITS) == 0x30 && n >= 9 && n <= 11 && (ctx & G_CTX_NUMBER) != 0 && (ctx & G_CTX_ID) == 0
    const cue = (ctx & G_CTX_PHONE) != 0 || trunk
    let ok = false
    if (plus) ok = e164Ok(0, n)
    else if (RUN_GLYPH) ok = cue && n >= 7 && n <= 12
    else if (shape3(3, 3, 4) || (RUN_G == 4 && gl(0) == 1 && load<u8>(DIGITS) == 0x31 && gl(1) == 3 && gl(2) == 3 && gl(3) == 4)) ok = true
    else if (cue && n >= 7 && n <= 12) ok = true
    if (ok) {
      emitWhy(ps, end, C_PHONE, W_FORMAT | W_DEOBFUSCATED | (cue ? W_CONTEXT : 0))
      return end
    }
  }
  return 0
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses written out or broken over a line

/** Skip at most two spaces (or one line break with its indent) after k. */
function skipGap(k: usize): usize {
  let m = k
  let n = 0
  while (n < 2 && (at(m) == 0x20 || at(m) == 0x09)) {
    m++
    n++
  }
  if (at(m) == 0x0d && at(m + 1) == 0x0a) m++
  if (at(m) == 0x0a) {
    m++
    n = 0
    while (n < 8 && (at(m) == 0x20 || at(m) == 0x09)) {
      m++
      n++
    }
  }
  return m
}

/** Skip at most two spaces (or a line break with its indent) before k. */
function skipGapBack(k: usize): usize {
  let m = k
  let n = 0
  while (n < 8 && m > 0 && (at(m - 1) == 0x20 || at(m - 1) == 0x09)) {
    m--
    n++
  }
  if (m > 0 && at(m - 1) == 0x0a) {
    m--
    if (m > 0 && at(m - 1) == 0x0d) m--
    n = 0
  }
  while (n < 2 && m > 0 && at(m - 1) == 0x20) {
    m--
    n++
  }
  return m
}

function isOpen(c: u32): bool {
  return c == 0x5b || c == 0x28 || c == 0x7b || c == 0x3c
}

function isClose(c: u32): bool {
  return c == 0x5d || c == 0x29 || c == 0x7d || c == 0x3e
}

/** How the last at-form or dot-form was written: 0 a bare symbol, 1 a bracketed word, 2 a bare word. */
let FORM: u32 = 0

// The words written for '.' and '@' in several languages (each list one literal, '|'-separated, lower
// case): "anna punkt berger at example punkt de", "giorgia.russo chiocciola example punto it",
// "dmitry точка orlov собака example точка ru".
const DOT_WORDS = 'dot|punkt|punto|point|ponto|pont|nokta|kropka|tečka|точка'
const AT_WORDS = 'at|arroba|arobase|chiocciola|chiocciolina|klammeraffe|kukac|małpa|zavináč|собака'

/** Index in its list of the word listWord last matched (0: "dot" / "at"). */
let LIST_IDX: u32 = 0

// Each list as its UTF-8 bytes, built once from the literal on first use: a 32-byte bitmap of the bytes
// a word may start with, one of the bytes it may end with, then the word count and each word as its length
// and bytes. Most positions the callers try (every word start near a "point", the word before each
// token holding a dot) are rejected by one bitmap test instead of a walk over the whole literal.
const DOT_TAB = memory.data(192)
const AT_TAB = memory.data(192)
const TAB_FIRST: usize = 0
const TAB_LAST: usize = 32
const TAB_WORDS: usize = 64

// @ts-ignore: decorator
@inline function hasByte(bits: usize, c: u32): bool {
  return (<u32>load<u8>(bits + (c >> 3)) & (<u32>1 << (c & 7))) != 0
}

// @ts-ignore: decorator
@inline function setByte(bits: usize, c: u32): void {
  store<u8>(bits + (c >> 3), <u8>(<u32>load<u8>(bits + (c >> 3)) | (<u32>1 << (c & 7))))
}

/** The table of a '|'-separated lower-case literal (DOT_WORDS or AT_WORDS), built on first use. */
function listTable(list: string): usize {
  const tab = changetype<usize>(list) == changetype<usize>(DOT_WORDS) ? DOT_TAB : AT_TAB
  if (load<u8>(tab + TAB_WORDS) != 0) return tab
  const base = changetype<usize>(list)
  const n = <usize>list.length
  let w = tab + TAB_WORDS + 1
  let count: u32 = 0
  let len = w
  w++
  for (let j: usize = 0; j <= n; j++) {
    const u = j < n ? <u32>load<u16>(base + (j << 1)) : 0x7c
    if (u == 0x7c) {
      store<u8>(len, <u8>(w - len - 1))
      setByte(tab + TAB_FIRST, <u32>load<u8>(len + 1))
      setByte(tab + TAB_LAST, <u32>load<u8>(w - 1))
      count++
      len = w
      w++
      continue
    }
    // Literal units as UTF-8 (the lists hold BMP characters only).
    if (u < 0x80) store<u8>(w++, <u8>u)
    else if (u < 0x800) {
      store<u8>(w++, <u8>(0xc0 | (u >> 6)))
      store<u8>(w++, <u8>(0x80 | (u & 0x3f)))
    } else {
      store<u8>(w++, <u8>(0xe0 | (u >> 12)))
      store<u8>(w++, <u8>(0x80 | ((u >> 6) & 0x3f)))
      store<u8>(w++, <u8>(0x80 | (u & 0x3f)))
    }
  }
  store<u8>(tab + TAB_WORDS, <u8>count)
  return tab
}

/** The text byte at i as the lists are written: ASCII capitals lower-cased, other bytes as they are. */
// @ts-ignore: decorator
@inline function folded(i: usize): u32 {
  const c = at(i)
  return c - 0x41 < 26 ? c | 0x20 : c
}

/**
 * A word of `list` at k (forwards, `back` false) or ending at k (`back` true): its length in bytes, or
 * 0. Only a word whose neighbours are not letters of its own script counts.
 */
function listWord(k: usize, list: string, back: bool): usize {
  const tab = listTable(list)
  const count = <u32>load<u8>(tab + TAB_WORDS)
  // No word of the list starts (ends) with the byte there: LIST_IDX as after trying every word.
  if (back ? k == 0 || !hasByte(tab + TAB_LAST, folded(k - 1)) : !hasByte(tab + TAB_FIRST, folded(k))) {
    LIST_IDX = count - 1
    return 0
  }
  let w = tab + TAB_WORDS + 1
  for (let idx: u32 = 0; idx < count; idx++) {
    const len = <usize>load<u8>(w)
    LIST_IDX = idx
    const s = back ? k - len : k
    let same = !back || k >= len
    for (let m: usize = 0; same && m < len; m++) same = folded(s + m) == <u32>load<u8>(w + 1 + m)
    if (same) {
      const before = s > 0 ? at(s - 1) : 0
      const after = at(s + len)
      if (!isAlnum(before) && !isAlnum(after) && (before < 0x80 || at(s) < 0x80) && (after < 0xc0 || at(s) < 0x80)) return len
    }
    w += 1 + len
  }
  return 0
}

/** Length of the word form `lit` (bracketed "[dot]" / "(at)" or a bare word between spaces) at k, or 0. */
function wordForm(k: usize, list: string, sym: u32): usize {
  if (isOpen(at(k))) {
    let m = k + 1
    if (at(m) == 0x20) m++
    // "[@]", "(.)": the symbol itself in brackets.
    let n: usize = at(m) == sym ? 1 : 0
    if (n == 1) LIST_IDX = 0
    if (n == 0) {
      const saved = m
      while (isAlpha(at(m)) || at(m) >= 0x80) m++
      n = listWord(saved, list, false)
      if (n != m - saved) return 0
      m = saved
    }
    if (n == 0) return 0
    m += n
    if (at(m) == 0x20) m++
    if (!isClose(at(m))) return 0
    FORM = 1
    return m + 1 - k
  }
  if (k == 0) return 0
  const n = listWord(k, list, false)
  if (n > 0) {
    FORM = 2
    return n
  }
  return 0
}

/** The start of the next label after the dot-form following a label that ended at k, or 0. */
function dotAfter(k: usize): usize {
  if (at(k) == 0x2e && isAlnum(at(k + 1))) {
    FORM = 0
    return k + 1
  }
  const m = skipGap(k)
  if (m == k && at(k) != 0x2e && !isOpen(at(k))) return 0
  let z: usize = 0
  if (at(m) == 0x2e) {
    FORM = 0
    z = m + 1
  } else {
    const w = wordForm(m, DOT_WORDS, 0x2e)
    if (w == 0) return 0
    // A bare "dot" needs spaces around it: "john dot doe".
    if (FORM == 2 && m == k) return 0
    z = m + w
  }
  const q = skipGap(z)
  if (FORM == 2 && q == z) return 0
  return isAlnum(at(q)) ? q : 0
}

/** Is a label of an address byte c (local part: also . _ % + -)? */
function localByte(c: u32): bool {
  return isAlnum(c) || c == 0x2e || c == 0x5f || c == 0x25 || c == 0x2b || c == 0x2d
}

/** The end of the word before the dot-form that ends just before k (a local part "john dot doe"), or 0. */
function dotBefore(k: usize): usize {
  let m = skipGapBack(k)
  if (m == 0) return 0
  const c = at(m - 1)
  let z: usize = 0
  let word = false
  if (c == 0x2e && m != k) z = m - 1
  else if (isClose(c)) {
    let o = m - 1
    if (o > 0 && at(o - 1) == 0x20) o--
    const w: usize = o > 0 && at(o - 1) == 0x2e ? 1 : listWord(o, DOT_WORDS, true)
    if (w == 0) return 0
    o -= w
    if (o > 0 && at(o - 1) == 0x20) o--
    if (o == 0 || !isOpen(at(o - 1))) return 0
    z = o - 1
  } else {
    const w = m != k ? listWord(m, DOT_WORDS, true) : 0
    if (w == 0 || m < w + 1 || at(m - w - 1) != 0x20) return 0
    z = m - w
    word = true
  }
  const q = skipGapBack(z)
  if (word && q == z) return 0
  return q > 0 && isAlnum(at(q - 1)) ? q : 0
}

// Everyday words on either side of a bare "at" ("look at the dot com boom"), '|'-separated.
const STOP = '|the|a|an|this|that|my|your|our|their|his|her|its|home|work|least|most|all|once|first|last|night|noon|one|which|what|who|it|me|us|them|look|'

function stopWord(s: usize, e: usize): bool {
  const n = e - s
  if (n > 5) return false
  const base = changetype<usize>(STOP)
  const len = <usize>STOP.length
  // Each entry is preceded and followed by '|'.
  for (let k: usize = 0; k + n + 1 < len; k++) {
    if (load<u16>(base + (k << 1)) != 0x7c || load<u16>(base + ((k + n + 1) << 1)) != 0x7c) continue
    let same = true
    for (let j: usize = 0; j < n && same; j++) {
      const c = at(s + j)
      if ((c - 0x41 < 26 ? c | 0x20 : c) != <u32>load<u16>(base + ((k + 1 + j) << 1))) same = false
    }
    if (same) return true
  }
  return false
}


/**
 * An address around the at-form [a0, a1) ("@", "[at]", "(at)", a bare "at"; `bare` for the last):
 * the local part before it and the domain after it, each perhaps written with dot-forms or broken
 * over a line. Emits and returns the end, or returns 0.
 */
function addressAround(a0: usize, a1: usize, bare: bool): usize {
  // Local part, read backwards in labels.
  let words = false
  // A dot written "dot" or bracketed: the other languages' words ("point", "punto") are also everyday words.
  let dotWords = false
  let lend = skipGapBack(a0)
  if (bare && lend == a0) return 0
  let ls: usize = 0
  let lastLabel: usize = 0
  let lastLabelEnd: usize = 0
  let total: usize = 0
  for (let part = 0; part < 4; part++) {
    let i = lend
    while (i > 0 && localByte(at(i - 1)) && lend - i <= 64) i--
    if (i == lend || !isAlnum(at(i)) || lend - i > 64) return 0
    total += lend - i
    if (part == 0) {
      lastLabel = i
      lastLabelEnd = lend
    }
    ls = i
    const prev = dotBefore(i)
    if (prev == 0) break
    if (FORM != 0) words = true
    if (FORM == 1 || (FORM == 2 && LIST_IDX == 0)) dotWords = true
    lend = prev
  }
  if (total > 64) return 0
  // Domain, read forwards in labels.
  const d0 = skipGap(a1)
  if (bare && d0 == a1) return 0
  let k = d0
  let labels = 0
  let first0: usize = d0
  let first1: usize = d0
  let last0: usize = 0
  let last1: usize = 0
  for (let part = 0; part < 8; part++) {
    const l0 = k
    while (k - l0 < 63) {
      const c = at(k)
      if (isAlnum(c)) k++
      else if (c == 0x2d && isAlnum(at(k + 1))) k++
      else if (c == 0x2d && (at(k + 1) == 0x0a || at(k + 1) == 0x0d)) {
        // "exam-\nple.com": a label broken at its hyphen.
        const q = skipGap(k + 1)
        if (q == k + 1 || !isAlnum(at(q))) break
        k = q
      } else break
    }
    if (k == l0) break
    labels++
    if (part == 0) first1 = k
    last0 = l0
    last1 = k
    const nx = dotAfter(k)
    if (nx == 0) break
    if (FORM != 0) words = true
    if (FORM == 1 || (FORM == 2 && LIST_IDX == 0)) dotWords = true
    k = nx
  }
  if (labels < 2 || last1 - last0 < 2 || last1 - last0 > 24) return 0
  for (let m = last0; m < last1; m++) if (!isAlpha(at(m))) return 0
  // A known top-level domain, or any two letters: the country codes ("vn", "th", "ng") are too many to list.
  const tld = (gazLookup(hashRange(last0, last1)) & G_TLD) != 0
  if (last1 - last0 != 2 && !tld) return 0
  let why = W_FORMAT | W_DEOBFUSCATED
  if (bare) {
    // "at" is an everyday word: "look at the dot com boom". Needs dots written as words or an
    // e-mail cue, and neither side an everyday word.
    if (stopWord(first0, first1) || stopWord(lastLabel, lastLabelEnd)) return 0
    if (cueBefore(ls, 5, isEmailCue) || (cuesBefore(ls, 5) & X_EMAIL) != 0) why |= W_CONTEXT
    // With no cue: dots written as words, an English "at" only with "dot" ("made at each point of"
    // is prose), and a listed top-level domain.
    else if (!words || !tld || (eqi(a0, a1, 'at') && !dotWords)) return 0
  }
  emitWhy(ls, last1, C_EMAIL, why)
  return last1
}

/** The at-form ending just before domain token s ("[at] ", "(at)", " @ ", " at "): its start, or N (none). Sets FORM. */
function atFormBefore(s: usize): usize {
  const m = skipGapBack(s)
  if (m == 0) return N
  const c = at(m - 1)
  if (c == 0x40) {
    FORM = 0
    return m - 1
  }
  if (isClose(c)) {
    let o = m - 1
    if (o > 0 && at(o - 1) == 0x20) o--
    const w: usize = o > 0 && at(o - 1) == 0x40 ? 1 : listWord(o, AT_WORDS, true)
    if (w == 0) return N
    o -= w
    if (o > 0 && at(o - 1) == 0x20) o--
    if (o == 0 || !isOpen(at(o - 1))) return N
    FORM = 1
    return o - 1
  }
  const w = m != s ? listWord(m, AT_WORDS, true) : 0
  if (w > 0 && m > w && at(m - w - 1) == 0x20) {
    FORM = 2
    AT_LEN = w
    return m - w
  }
  return N
}

/**
 * A token the scanner reached that may hold part of an obfuscated address: "john(at)example.com",
 * "example.com" after "john [at] ", "@" in "john @ example . com", "jane@exam-" before a line break.
 * Returns the end of an emitted address, or 0.
 */
export function obfuscatedEmailToken(s: usize, e: usize): usize {
  if (!wants(C_EMAIL)) return 0
  // An at-form inside the token.
  for (let k = s; k < e; k++) {
    const c = at(k)
    if (c == 0x40) return addressAround(k, k + 1, false)
    if (isOpen(c) && k > s) {
      const w = wordForm(k, AT_WORDS, 0x40)
      if (w > 0) return addressAround(k, k + w, false)
    }
  }
  // The token is the domain, after an at-form.
  const a = atFormBefore(s)
  if (a == N) return 0
  if (FORM == 0) return addressAround(a, a + 1, false)
  if (FORM == 1) {
    let z = a + 1
    while (!isClose(at(z))) z++
    return addressAround(a, z + 1, false)
  }
  return addressAround(a, a + AT_LEN, true)
}

/** Bytes of the bare at-word atFormBefore last found. */
let AT_LEN: usize = 2

/** Does a word of DOT_WORDS perhaps start at i (its first three bytes: dot, pun, poi, pon, nok, kro, teč, точ)? */
function dotStart(i: usize): bool {
  const a = at(i) | 0x20
  const b = at(i + 1) | 0x20
  const c = at(i + 2) | 0x20
  return (a == 0x64 && b == 0x6f && c == 0x74) || (a == 0x70 && (b == 0x75 || b == 0x6f) && (c == 0x6e || c == 0x69)) ||
    (a == 0x6e && b == 0x6f && c == 0x6b) || (a == 0x6b && b == 0x72 && c == 0x6f) || (a == 0x74 && b == 0x65 && at(i + 2) == 0xc4) ||
    (at(i) == 0xd1 && at(i + 1) == 0x82 && at(i + 2) == 0xd0)
}

/**
 * The next place a word of DOT_WORDS may start ("dot", "punkt", "точка", any case), by 16 bytes at a
 * time; N when there is none. The vector test keeps only bytes after a space or an opening bracket
 * whose next two bytes fit one of the words; dotStart decides.
 */
export function nextDot(from: usize): usize {
  let i = from
  const lc = i8x16.splat(0x20)
  while (i + 19 <= N) {
    const p = v128.load(P + i)
    const a = v128.or(v128.load(P + i + 1), lc)
    const b = v128.or(v128.load(P + i + 2), lc)
    const c = v128.or(v128.load(P + i + 3), lc)
    // After a space, '[' or '(' (bytes 0x20, 0x5b, 0x28 all have 0x08 or 0x20 ... tested exactly).
    const sp = v128.or(i8x16.eq(p, lc), v128.or(i8x16.eq(p, i8x16.splat(0x5b)), v128.or(i8x16.eq(p, i8x16.splat(0x28)), i8x16.eq(p, i8x16.splat(0x7b)))))
    // dot, pun/pon/poi, nok, kro, teč, and точ (d1 82 d0; 0x20 or-ed into each byte: f1 a2 f0).
    const o = i8x16.eq(b, i8x16.splat(0x6f))
    let m = v128.and(i8x16.eq(a, i8x16.splat(0x64)), v128.and(o, i8x16.eq(c, i8x16.splat(0x74))))
    m = v128.or(m, v128.and(i8x16.eq(a, i8x16.splat(0x70)), v128.or(o, i8x16.eq(b, i8x16.splat(0x75)))))
    m = v128.or(m, v128.and(i8x16.eq(a, i8x16.splat(0x6e)), v128.and(o, i8x16.eq(c, i8x16.splat(0x6b)))))
    m = v128.or(m, v128.and(i8x16.eq(a, i8x16.splat(0x6b)), i8x16.eq(b, i8x16.splat(0x72))))
    m = v128.or(m, v128.and(i8x16.eq(a, i8x16.splat(0x74)), i8x16.eq(b, i8x16.splat(0x65))))
    m = v128.or(m, v128.and(i8x16.eq(a, i8x16.splat(<i8>0xf1)), i8x16.eq(b, i8x16.splat(<i8>0xa2))))
    let bits = i8x16.bitmask(v128.and(sp, m))
    while (bits != 0) {
      const k = i + 1 + <usize>ctz<u32>(bits)
      if (dotStart(k)) return k
      bits &= bits - 1
    }
    i += 16
  }
  if (i == 0 && dotStart(0)) return 0
  if (i == 0) i = 1
  while (i + 3 <= N) {
    const p = at(i - 1)
    if ((p == 0x20 || p == 0x5b || p == 0x28 || p == 0x7b) && dotStart(i)) return i
    i++
  }
  return N
}

/**
 * The word "dot" at d ("john dot doe at example dot com", "example [dot] com"): the address it
 * belongs to, whose at-form lies within 128 bytes of it on the same line. Returns where the next
 * search may start.
 */
export function dotWord(d: usize): usize {
  const b = d > 0 ? at(d - 1) : 0
  const w = listWord(d, DOT_WORDS, false)
  const a = at(d + w)
  if (w == 0 || !((b == 0x20 || isOpen(b)) && (a == 0x20 || isClose(a))) || !wants(C_EMAIL)) return d + 3
  // The nearest at-form before, then after.
  const lo = d > 128 ? d - 128 : 0
  for (let k = d; k > lo; k--) {
    const c = at(k - 1)
    if (c == 0x0a) break
    const z = atAt(k - 1)
    if (z > 0) {
      const r = addressAround(k - 1, z, FORM == 2)
      if (r > 0) return r > d ? r : d + 3
      break
    }
  }
  const hi = d + 128 < N ? d + 128 : N
  for (let k = d + 3; k < hi; k++) {
    const c = at(k)
    if (c == 0x0a) break
    const z = atAt(k)
    if (z > 0) {
      const r = addressAround(k, z, FORM == 2)
      return r > d ? r : d + 3
    }
  }
  return d + 3
}

/** An at-form starting at k ("@", "[at]", "(at)", a bare "at" between spaces): its end, or 0. Sets FORM. */
function atAt(k: usize): usize {
  const c = at(k)
  if (c == 0x40) {
    FORM = 0
    return k + 1
  }
  if (isOpen(c) || (k > 0 && at(k - 1) == 0x20 && (isAlpha(c) || c >= 0xc0))) {
    const w = wordForm(k, AT_WORDS, 0x40)
    return w > 0 && (FORM == 1 || at(k + w) == 0x20) ? k + w : 0
  }
  return 0
}
