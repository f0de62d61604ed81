// Organisations (ORGANIZATION) and nationality, religious or political groups (NRP), read where a
// capitalised run starts (names.ts capRun) and in tokens of CJK or Hangul text (scan.ts handleToken).
// Evidence, strongest first: a legal form (Inc, GmbH, S.A., ООО «...», 株式会社), a head word (X Hospital,
// University of X), a known organisation from the word table (src/models/pii-orgs.generated.ts, a
// lexicon handle installed at load), and a context cue (works at, CEO of, joined, X's shares). A
// capitalised run with none of these is left to the name rules: capitals alone do not make a company.
import { FNV_SEED, fnvByte, hashLower } from '../text/hash'
import { lexiconGet } from '../vec/lexicon'
import { C_NRP, C_ORGANIZATION, W_CONTEXT, W_CUE, W_FORMAT, W_GAZETTEER } from './categories'
import { sentenceInitial } from './context'
import {
  G_COMMON, G_DEMONYM, G_ORG, G_FIRST, G_LAST, G_MONTH, G_NAME, G_NOTNAME, G_PLACE, G_PREP, G_STREET, G_TITLE, G_UNIT, G_WEEKDAY,
  gazLookup, phraseMayStart
} from './gazetteer'
import { N, P, at, bit, emitWhy, wantsAny } from './state'
import { cpLen } from '../text/uchar'
import { cpAt, isAlnum, isAlpha, isDig, upperAt } from './text'

// Flag bits of the word table; keep in sync with scripts/build-pii-orgs.mjs.
const O_KNOWN: u32 = 1
const O_AMBIG: u32 = 2
const O_CAPS: u32 = 4
const O_PREFIX: u32 = 8
const O_SUFFIX: u32 = 16
const O_STRICT: u32 = 32
const O_BEFORE: u32 = 64
const O_HEAD: u32 = 128
const O_HEAD_OF: u32 = 256
const O_HEAD_DIRECT: u32 = 512
const O_CUE_PREP: u32 = 1024
const O_CUE_NOUN: u32 = 2048
const O_CUE_VERB: u32 = 4096
const O_CUE_AFTER: u32 = 8192
const O_CONNECT: u32 = 16384
const O_NAT: u32 = 32768
const O_REL: u32 = 65536
const O_POL: u32 = 131072
const O_ACT: u32 = 262144
const O_WEAK_HEAD: u32 = 524288
const O_NRP: u32 = O_NAT | O_REL | O_POL

/** The word table's lexicon handle (0 until the pii-orgs model is installed: then nothing is found). */
let LEX: usize = 0

/** Install the word table built by lexiconBuild from the pii-orgs model. */
export function piiOrgsInstall(lex: usize): void {
  LEX = lex
  // A 64 Kbit filter of the table's keys (8 KB, stays in L1): most capitalised words are in no list,
  // and a miss then costs no probe into the table.
  memory.fill(FILTER, 0, 8192)
  const slots = load<u32>(lex) + 1
  for (let i: u32 = 0; i < slots; i++) {
    const key = load<u64>(lex + 16 + (<usize>i << 4))
    if (key == 0) continue
    const b = <u32>(key >>> 48)
    store<u8>(FILTER + (b >>> 3), <u8>(<u32>load<u8>(FILTER + (b >>> 3)) | (<u32>1 << (b & 7))))
  }
}

const FILTER = memory.data(8192)

/** Table flags of the word or phrase with hash h. */
// @ts-ignore: decorator
@inline function lx(h: u64): u32 {
  const b = <u32>(h >>> 48)
  if ((<u32>load<u8>(FILTER + (b >>> 3)) & (<u32>1 << (b & 7))) == 0) return 0
  return lexiconGet(LEX, h)
}

/** Are organisations or groups asked for and the word table loaded? */
export function orgsWanted(): bool {
  return LEX != 0 && wantsAny(bit(C_ORGANIZATION) | bit(C_NRP))
}

// Words of the run orgRun reads: start, end, table flags, gazetteer flags (up to MAXW).
const MAXW: u32 = 10
const WS = memory.data(4 * 10)
const WE = memory.data(4 * 10)
const WL = memory.data(4 * 10)
const WG = memory.data(4 * 10)
// Each word's hash (hashLower), shared by both tables and the phrase lookups.
const WH = memory.data(8 * 10)
/** OR of the table flags of the words readRun read: a rule whose flag no word has is skipped. */
let RUNF: u32 = 0

// @ts-ignore: decorator
@inline function ws(i: u32): usize {
  return <usize>load<u32>(WS + (<usize>i << 2))
}
// @ts-ignore: decorator
@inline function we(i: u32): usize {
  return <usize>load<u32>(WE + (<usize>i << 2))
}
// @ts-ignore: decorator
@inline function wl(i: u32): u32 {
  return load<u32>(WL + (<usize>i << 2))
}
/** Gazetteer flags of word i, looked up on first need: most runs are decided by the word table alone. */
function wg(i: u32): u32 {
  let g = load<u32>(WG + (<usize>i << 2))
  if (g == 0xffffffff) {
    g = gazLookup(load<u64>(WH + (<usize>i << 3)))
    store<u32>(WG + (<usize>i << 2), g)
  }
  return g
}

function wordByte(c: u32): bool {
  return isAlnum(c) || c >= 0x80 || c == 0x26 || c == 0x2d || c == 0x27
}

/** End of the word from s: letters, digits, any non-ASCII, & - ' and inner dots ("S.p.A", "J.P"). */
function wordEnd(s: usize): usize {
  let k = s
  while (k < N) {
    const c = at(k)
    if (wordByte(c)) k++
    else if (c == 0x2e && k > s && isAlpha(at(k - 1)) && isAlpha(at(k + 1))) k++
    else break
  }
  // "Google's" is looked up as "Google".
  if (k - s > 3 && at(k - 2) == 0x27 && (at(k - 1) | 0x20) == 0x73) k -= 2
  return k
}

// Words read for the run at hand (orgRun's run, the word that ended it, the words the cues look at),
// keyed by start: orgRun asks for some words more than once (the first word, a word after a comma,
// the word after the run), and the name rules (names.ts collectRun) read the same words next, so each
// is read and hashed once. A slot: start, end (wordEnd), end of its name bytes (collectRun's token:
// letters, non-ASCII, ' and -), table flags, and the hashes of the word and of its name bytes.
const RMAX: u32 = 16
const RSLOT: usize = 32
const READ = memory.data(<i32>(RMAX * <u32>RSLOT))
let readN: u32 = 0
/** Hash (hashLower) and table flags of the word readWord last returned. */
let wordHash: u64 = 0
let wordFlags: u32 = 0

/** Forget the words read for the previous run (called by names.ts capRun for each run). */
export function wordsReset(): void {
  readN = 0
}

/**
 * wordEnd(s), with the word's hash and table flags in wordHash / wordFlags: from the words already
 * read for this run when s starts one, else read in one pass that also records its name bytes.
 */
function readWord(s: usize): usize {
  for (let i: u32 = 0; i < readN; i++) {
    const slot = READ + <usize>i * RSLOT
    if (<usize>load<u32>(slot) == s) {
      wordFlags = load<u32>(slot, 12)
      wordHash = load<u64>(slot, 16)
      return <usize>load<u32>(slot, 4)
    }
  }
  // wordEnd and hashLower in one loop. Name bytes are word bytes without digits, '&' and '.', so the
  // name bytes from s end at the first of those or where the word ends.
  let k = s
  let h = FNV_SEED
  let h1 = h
  let h2 = h
  let prev: u32 = 0
  let nameEnd: usize = 0
  let nameHash = h
  let named = false
  while (k < N) {
    let c = at(k)
    if (!wordByte(c) && !(c == 0x2e && k > s && isAlpha(at(k - 1)) && isAlpha(at(k + 1)))) break
    if (!named && (isDig(c) || c == 0x26 || c == 0x2e)) {
      named = true
      nameEnd = k
      nameHash = h
    }
    if (c - 0x41 < 26) c |= 0x20
    else if (prev == 0xc3 && c >= 0x80 && c <= 0x9e && c != 0x97) c += 0x20
    h2 = h1
    h1 = h
    h = fnvByte(h, c)
    prev = c
    k++
  }
  if (!named) {
    nameEnd = k
    nameHash = h
  }
  // "Google's" is looked up as "Google" (wordEnd).
  if (k - s > 3 && at(k - 2) == 0x27 && (at(k - 1) | 0x20) == 0x73) {
    k -= 2
    h = h2
  }
  wordHash = h
  wordFlags = k > s ? lx(h) : 0
  if (readN < RMAX) {
    const slot = READ + <usize>readN * RSLOT
    store<u32>(slot, <u32>s)
    store<u32>(slot, <u32>k, 4)
    store<u32>(slot, <u32>nameEnd, 8)
    store<u32>(slot, wordFlags, 12)
    store<u64>(slot, h, 16)
    store<u64>(slot, nameHash, 24)
    readN++
  }
  return k
}

/** End of the name bytes of the word at s, if this run read it (0 if not); its hash in readNameHash. */
export let readNameHash: u64 = 0
export function readNameEnd(s: usize): usize {
  for (let i: u32 = 0; i < readN; i++) {
    const slot = READ + <usize>i * RSLOT
    if (<usize>load<u32>(slot) == s) {
      readNameHash = load<u64>(slot, 24)
      return <usize>load<u32>(slot, 8)
    }
  }
  return 0
}

function lookup(s: usize, e: usize): u32 {
  return lx(hashLower(FNV_SEED, P + s, e - s))
}

function allCaps(s: usize, e: usize): bool {
  let letters = 0
  for (let k = s; k < e; k++) {
    const c = at(k)
    if (c - 0x61 < 26) return false
    if (c - 0x41 < 26) letters++
  }
  return letters >= 2
}

/** A short legal form written as one: "AG", "S.A", "SpA", "Co." (not "Co" or "as" in running text). */
function strictForm(s: usize, e: usize): bool {
  if (!upperAt(s)) return false
  for (let k = s; k < e; k++) if (at(k) == 0x2e) return true
  return upperAt(e - 1) || at(e) == 0x2e
}

function isSuffix(i: u32): bool {
  const f = wl(i)
  if ((f & O_SUFFIX) == 0) return false
  return (f & O_STRICT) == 0 || strictForm(ws(i), we(i))
}

/**
 * Read the words of a possible organisation name from s: capitalised words, legal forms in any case
 * ("plc", "e.V"), "&" / "and" between capitalised words, and "of" / "de" / "für" after a head word
 * (University of, Banco de). ", Inc." and initials ("J.P. Morgan") do not end it. Returns the count.
 */
/** Index of the first word after a comma that is not before a legal form (0: none). */
let commaAt: u32 = 0

function readRun(s: usize): u32 {
  let n: u32 = 0
  commaAt = 0
  RUNF = 0
  let pos = s
  // French and Italian elision: "L'Université de Montréal", "dell'Università".
  if (at(s + 1) == 0x27 && upperAt(s + 2) && ((at(s) | 0x20) == 0x6c || (at(s) | 0x20) == 0x64)) pos = s + 2
  while (n < MAXW && pos < N) {
    const e = readWord(pos)
    if (e == pos) break
    const h = wordHash
    const f = wordFlags
    // "3M", "21st Century Fox"; a number alone ("Suite 603") is no part of a name.
    let letter = false
    for (let m = pos; m < e && !letter; m++) letter = !isDig(at(m))
    if (isDig(at(pos)) && !letter) break
    const cap = upperAt(pos) || isDig(at(pos))
    if (n > 0 && !cap) {
      const nextCap = at(e) == 0x20 && upperAt(e + 1)
      const nextThe = at(e) == 0x20 && at(e + 1) == 0x74 && at(e + 2) == 0x68 && at(e + 3) == 0x65 && at(e + 4) == 0x20
      const suffix = (f & O_SUFFIX) != 0 && (f & O_STRICT) == 0
      const prevHead = (wl(n - 1) & O_HEAD_OF) != 0
      const amp = (e - pos == 1 && at(pos) == 0x26) || (e - pos == 3 && at(pos) == 0x61 && at(pos + 1) == 0x6e && at(pos + 2) == 0x64)
      // "the" after a connector: "Bank of the West", "Church of the Nazarene".
      const article = e - pos == 3 && at(pos) == 0x74 && at(pos + 1) == 0x68 && at(pos + 2) == 0x65 && n >= 2 &&
        (wl(n - 1) & O_CONNECT) != 0 && (wl(n - 2) & O_HEAD_OF) != 0 && nextCap
      const joins = (f & O_CONNECT) != 0 && prevHead && (nextCap || nextThe)
      if (!suffix && !joins && !(amp && nextCap) && !article) break
    }
    store<u32>(WS + (<usize>n << 2), <u32>pos)
    store<u32>(WE + (<usize>n << 2), <u32>e)
    store<u32>(WL + (<usize>n << 2), f)
    store<u32>(WG + (<usize>n << 2), 0xffffffff)
    store<u64>(WH + (<usize>n << 3), h)
    RUNF |= f
    n++
    let k = e
    if (at(k) == 0x27 && (at(k + 1) | 0x20) == 0x73) {
      // A possessive ends the name ("Acme's shares") unless a head word follows ("St. Mary's Hospital").
      if (at(k + 2) != 0x20 || !upperAt(k + 3)) break
      readWord(k + 3)
      if ((wordFlags & O_HEAD) == 0) break
      store<u32>(WE + (<usize>(n - 1) << 2), <u32>(k + 2))
      k += 2
    }
    // "J.P. Morgan", "St. Mary's": a dot after an initial or a two-letter abbreviation goes on.
    if (at(k) == 0x2e && at(k + 1) == 0x20 && upperAt(k + 2) && (k - pos <= 2 || (f & O_SUFFIX) != 0 && (f & O_PREFIX) != 0)) k++
    if (at(k) == 0x2c && at(k + 1) == 0x20) {
      // ", Inc." / ", Ltd", and the partners of "Smith, Jones and Brown, Inc.": a comma goes on before
      // a legal form, or before another capitalised word (orgRun keeps such a list only before a legal form).
      const z = readWord(k + 2)
      const g = wordFlags
      const legal = (g & O_SUFFIX) != 0 && ((g & O_STRICT) == 0 || strictForm(k + 2, z))
      if (!legal && !upperAt(k + 2)) break
      if (!legal && commaAt == 0) commaAt = n
      k++
    }
    if (at(k) != 0x20 || !(wordByte(at(k + 1)))) break
    pos = k + 1
  }
  return n
}

/** Flags of the word ending before pos (skipping spaces), and its start in cueStart; 0 at a line start. */
let cueStart: usize = 0
function wordFlagsBefore(pos: usize): u32 {
  let e = pos
  while (e > 0 && at(e - 1) == 0x20) e--
  let b = e
  while (b > 0 && (isAlnum(at(b - 1)) || at(b - 1) == 0x2d || at(b - 1) >= 0x80)) b--
  cueStart = b
  if (b == e || e - b > 24) return 0
  return lookup(b, e)
}

function isArticle(s: usize, e: usize): bool {
  const l = e - s
  if (l == 3) return (at(s) | 0x20) == 0x74 && at(s + 1) == 0x68 && at(s + 2) == 0x65
  if (l == 1) return (at(s) | 0x20) == 0x61
  if (l == 2) return (at(s) | 0x20) == 0x61 && at(s + 1) == 0x6e
  return false
}

/**
 * A cue before the name at s: "joined X", "works at X", "the CEO of X", "shares of the X". Returns
 * 1 for a cue through a preposition, 2 for a verb cue, 3 for "in"/"from" (a place is likelier), 0 none.
 */
function cueBefore(s: usize): u32 {
  let p1 = wordFlagsBefore(s)
  let p1s = cueStart
  let p1e = s
  while (p1e > p1s && at(p1e - 1) == 0x20) p1e--
  if (p1 == 0 && isArticle(p1s, p1e) && p1s > 0) {
    p1 = wordFlagsBefore(p1s)
    p1s = cueStart
  }
  if ((p1 & O_CUE_VERB) != 0) return 2
  if ((p1 & O_CUE_PREP) == 0 || p1s == 0) return 0
  // "a year in Laax", "invested in X": after "in" a place is likelier.
  const inFrom = (at(p1s) | 0x20) == 0x69 && (at(p1s + 1) | 0x20) == 0x6e
  let p2 = wordFlagsBefore(p1s)
  let p2s = cueStart
  // "works full-time at", "a senior engineer at": one more word back.
  if ((p2 & O_CUE_NOUN) == 0 && p2s > 0) p2 = wordFlagsBefore(p2s)
  if ((p2 & O_CUE_NOUN) == 0) return 0
  return inFrom ? 3 : 1
}

/** A cue right after the name ending at e: "X shares", "X's CEO", "X, Inc.'s headquarters". */
function cueAfter(e: usize): bool {
  let k = e
  if (at(k) == 0x27 && (at(k + 1) | 0x20) == 0x73) k += 2
  else if (at(k) == 0xe2 && at(k + 1) == 0x80 && at(k + 2) == 0x99 && (at(k + 3) | 0x20) == 0x73) k += 4
  if (at(k) != 0x20) return false
  k++
  const z = readWord(k)
  return z > k && !upperAt(k) && (wordFlags & O_CUE_AFTER) != 0 || z > k && allCaps(k, z) && (wordFlags & O_CUE_AFTER) != 0
}

/** A company's action right after the name ending at e: "Apple released", "Shell agreed". */
function actAfter(e: usize): bool {
  if (at(e) != 0x20) return false
  const z = readWord(e + 1)
  return z > e + 1 && !upperAt(e + 1) && (wordFlags & O_ACT) != 0
}

/** Is word i a leading word that belongs to no name ("The", "In", "Yesterday" at a sentence start)? */
function leadingNoise(i: u32, n: u32): bool {
  const g = wg(i)
  const f = wl(i)
  if ((f & (O_KNOWN | O_NRP | O_BEFORE)) != 0) return false
  if ((g & (G_NOTNAME | G_PREP | G_MONTH | G_WEEKDAY)) != 0 && (g & G_DEMONYM) == 0) return true
  if (i == 0 && (g & G_COMMON) != 0 && (g & (G_NAME | G_PLACE)) == 0 && i + 1 < n && sentenceInitial(ws(0))) {
    // A sentence-initial everyday word stays only before a head word or legal form ("General Motors").
    const next = wl(i + 1)
    return (next & (O_HEAD | O_SUFFIX)) == 0 || (next & O_STRICT) != 0 && !strictForm(ws(i + 1), we(i + 1))
  }
  return false
}

/** The longest known organisation starting at word i (its last word index), or -1. */
let knownFlags: u32 = 0
function knownAt(i: u32, n: u32): i32 {
  let f = wl(i)
  let best: i32 = -1
  knownFlags = 0
  if ((f & O_KNOWN) != 0) {
    best = <i32>i
    knownFlags = f
  }
  let h = load<u64>(WH + (<usize>i << 3))
  let j = i
  while ((f & O_PREFIX) != 0 && j + 1 < n) {
    j++
    h = hashLower(fnvByte(h, 0x20), P + ws(j), we(j) - ws(j))
    f = lx(h)
    if ((f & O_KNOWN) != 0) {
      best = <i32>j
      knownFlags = f
    }
  }
  return best
}

/** Emit NRP for the group words among words [from, to), joining phrases ("Roman Catholic"). */
function groups(from: u32, to: u32): void {
  let i = from
  while (i < to) {
    const f = wl(i)
    if ((f & (O_NRP | O_PREFIX)) == 0) {
      i++
      continue
    }
    // A phrase first: "African American", "Liberal Democrats".
    let last: i32 = (f & O_NRP) != 0 ? <i32>i : -1
    if ((f & O_PREFIX) != 0 && i + 1 < to) {
      const h = hashLower(fnvByte(hashLower(FNV_SEED, P + ws(i), we(i) - ws(i)), 0x20), P + ws(i + 1), we(i + 1) - ws(i + 1))
      if ((lx(h) & O_NRP) != 0) last = <i32>(i + 1)
    }
    if (last < 0) {
      i++
      continue
    }
    const g = wg(i)
    // "Liberal estimates", "Christian Bale": an everyday word at a sentence start, or a given name
    // before a surname, is no group.
    const everyday = (f & O_AMBIG) != 0 && i == 0 && sentenceInitial(ws(i)) && <u32>last == i
    const person = (g & G_FIRST) != 0 && <u32>last == i && i + 1 < to && (wl(i + 1) & (O_NRP | O_HEAD | O_KNOWN)) == 0 &&
      (wg(i + 1) & G_NOTNAME) == 0
    if (!everyday && !person) emitWhy(ws(i), we(<u32>last), C_NRP, W_GAZETTEER)
    i = <u32>last + 1
  }
}

/**
 * Organisations and groups in the capitalised run at s. Returns where the caller's name rules should
 * stop (the end of what was taken), or 0 when the run is left to them.
 */
export function orgRun(s: usize): usize {
  // Most capitalised words in prose are one everyday word, a pronoun or a given name ("The", "He",
  // "Yesterday", "John") followed by a lower-case word: no rule here can take them, so they cost one
  // lookup in each table.
  const e0 = readWord(s)
  if (e0 > s && at(e0) == 0x20 && !upperAt(e0 + 1) && at(e0 + 1) != 0x26) {
    if (wordFlags == 0 && (gazLookup(wordHash) & (G_NOTNAME | G_COMMON | G_MONTH | G_WEEKDAY | G_TITLE | G_PREP | G_FIRST)) != 0) return 0
  }
  const all = readRun(s)
  if (all == 0) return 0
  // A legal form after the name: "Acme Robotics Ltd", "Siemens AG", "Rossi S.p.A.", "Smith, Jones and
  // Brown, Inc."; before a list of names only surnames or unknown words may share it ("In Paris, Acme Corp").
  for (let j: u32 = 1; (RUNF & O_SUFFIX) != 0 && j < all; j++) {
    if (!isSuffix(j)) continue
    let z = j
    while (z + 1 < all && isSuffix(z + 1)) z++
    let a: u32 = 0
    if (commaAt > 0 && commaAt < j) {
      // A list of partners has "and" / "&" before its last name ("Smith, Jones and Brown, Inc.").
      let list = false
      for (let i: u32 = commaAt; i < j; i++) if (isAmp(i)) list = true
      for (let i: u32 = 0; i < j; i++) {
        const g = wg(i)
        if ((g & (G_PLACE | G_COMMON | G_NOTNAME | G_FIRST)) != 0 && (g & G_LAST) == 0 && !(i > 0 && isAmp(i))) list = false
      }
      // "in Wrocław, Mclaughlin Ltd.": the name rules read "Wrocław" first; the organisation is found
      // when the scan reaches it.
      if (!list) break
    }
    while (a < j && leadingNoise(a, all)) a++
    if (a >= j) break
    // "Suite 603 Calgary AB": a short legal form that is also a province or state code, after an
    // address word, is part of the address.
    let address = false
    for (let i = a; i < j; i++) if ((wg(i) & (G_STREET | G_UNIT)) != 0) address = true
    if (address && (wl(j) & O_STRICT) != 0) break
    return org(a, z, W_FORMAT)
  }
  const n = commaAt > 0 ? commaAt : all
  let a: u32 = 0
  while (a < n && leadingNoise(a, n)) a++
  if (a >= n) return 0
  // Legal form before the name: ООО «Ромашка», ПАО Сбербанк, PT Bank Mandiri.
  if ((wl(a) & O_BEFORE) != 0 && ((wl(a) & O_STRICT) == 0 || strictForm(ws(a), we(a)))) {
    const z = quotedOrRun(a, n)
    if (z > 0) {
      emitWhy(ws(a), z, C_ORGANIZATION, W_FORMAT)
      return z
    }
  }
  // Head words: "University of Oslo", "Banco de España", "Universität Wien", then "Mayo Clinic".
  for (let j = a; (RUNF & (O_HEAD_OF | O_HEAD_DIRECT)) != 0 && j + 1 < n; j++) {
    const f = wl(j)
    const next = wl(j + 1)
    // The name ends before "and" / "&" ("University of Oxford and Harvard University").
    const headOf = (f & O_HEAD_OF) != 0 && (next & O_CONNECT) != 0 && !upperAt(ws(j + 1)) && j + 2 < n
    if (headOf || (f & O_HEAD_DIRECT) != 0 && upperAt(ws(j + 1)) && (next & (O_CONNECT | O_HEAD)) == 0) {
      let z = j + 2
      while (z + 1 < n && !isAmp(z + 1)) z++
      return org(a, z < n ? z : n - 1, W_FORMAT)
    }
  }
  // The last head word before any "and" / "&": "Public Health Nursing Association", not "Harvard
  // University and MIT".
  let amp = n
  for (let i = a + 1; i < n; i++) {
    if (isAmp(i)) {
      amp = i
      break
    }
  }
  for (let j: u32 = amp - 1; (RUNF & O_HEAD) != 0 && j > a; j--) {
    if ((wl(j) & O_HEAD) == 0 || !upperAt(ws(j))) continue
    // "Soviet Union", "Gold Coast": a place is no organisation.
    if ((phraseGaz(a, j) & G_PLACE) != 0) break
    // "High School", "Book Club": a weak head needs a name, a place, an unknown word or a group before it.
    if ((wl(j) & O_WEAK_HEAD) != 0) {
      let named = false
      for (let i = a; i < j; i++) {
        const g = wg(i)
        if ((g & (G_COMMON | G_NOTNAME)) == 0 || (wl(i) & (O_NRP | O_KNOWN)) != 0) named = true
      }
      if (!named) break
    }
    return org(a, j, W_FORMAT)
  }
  // Known organisations: "Google", "World Health Organization"; ambiguous ones ("Apple", "Ford") need a cue.
  let cue: u32 = 0xff
  for (let i = a; (RUNF & (O_KNOWN | O_PREFIX)) != 0 && i < n; i++) {
    const last = knownAt(i, n)
    if (last < 0) continue
    const single = <u32>last == i
    if ((knownFlags & O_CAPS) != 0 && !allCaps(ws(i), we(<u32>last))) continue
    if ((knownFlags & O_AMBIG) == 0) return org(i, <u32>last, W_GAZETTEER)
    if (cue == 0xff) cue = cueBefore(ws(a))
    if ((cue == 1 || cue == 2) && i == a || cueAfter(we(<u32>last)) || actAfter(we(<u32>last))) return org(i, <u32>last, W_GAZETTEER | W_CONTEXT)
  }
  // Any capitalised run after a cue: "works at Initech", "joined NovaTek", "Initech shares fell".
  if (cue == 0xff) cue = cueBefore(ws(a))
  let b = n - 1
  while (b > a && (wl(b) & O_NRP) != 0) b--
  const after = cue != 1 && cue != 2 && cueAfter(we(b))
  if (cue == 1 || cue == 2 || after) {
    const personLike = (wg(a) & G_FIRST) != 0 && (wg(a) & (G_COMMON | G_PLACE)) == 0 && (b == a ? (wg(a) & G_LAST) == 0 : (wg(b) & G_NAME) != 0 || wg(b) == 0)
    const placeLike = (phraseGaz(a, b) & G_PLACE) != 0
    const nrpOnly = (wl(a) & O_NRP) != 0 && a == b
    if (!personLike && !nrpOnly && (cue == 1 || cue == 2) && !(placeLike && cue != 1)) return org(a, b, W_CUE | W_CONTEXT)
    const everyday = (wg(a) & (G_COMMON | G_NOTNAME | G_NAME)) != 0 && sentenceInitial(ws(a))
    if (!personLike && !placeLike && !nrpOnly && !everyday && after) return org(a, b, W_CUE | W_CONTEXT)
  }
  // A lone acronym in running text ("certified platinum by the RIAA", "the AHAC was considered"): an
  // organisation more often than not (NATO, GOP, FBI, NBC; docs/metrics/pii.md, "Ninth pass").
  if (n == a + 1 && acronymOrg(a)) return org(a, a, W_FORMAT)
  if ((RUNF & O_NRP) == 0) return 0
  // No organisation: report the groups, and let the name rules read what follows leading group words
  // ("Chinese President Xi Jinping" -> NRP "Chinese", then the name rules from "President").
  let lead = a
  while (lead < n && (wl(lead) & O_NRP) != 0) lead++
  // "Czech Republic", "American Samoa": a place named after its people is a place.
  for (let m = lead; lead > a && m < n; m++) if ((phraseGaz(a, m) & G_PLACE) != 0) return 0
  groups(0, n)
  if (lead == a) return 0
  return we(lead - 1)
}

/**
 * Is word i an acronym that names an organisation where nothing else says so: 3-5 capitals, digits allowed
 * after the first letter ("MTV2"; two capitals are mostly codes of states, units or initials), not a Roman
 * numeral, in no list (names, places, everyday words, category cues, the word table's non-organisations),
 * no everyday acronym (NOT_ORG), not a key before a colon or a number ("MRN: 4452", "REF 2291") nor a unit
 * after one ("0.47 ERA", "5 MPH"), and with a lower-case word beside it on its line (headings and shouting
 * are all capitals).
 */
function acronymOrg(i: u32): bool {
  const s = ws(i)
  const e = we(i)
  if (e - s < 2 || e - s > 5 || at(s) - 0x41 >= 26) return false
  let letters = 0
  let roman = true
  for (let k = s; k < e; k++) {
    const c = at(k)
    if (c - 0x41 < 26) {
      letters++
      if (c != 0x49 && c != 0x56 && c != 0x58 && c != 0x4c && c != 0x43 && c != 0x44 && c != 0x4d) roman = false
    } else if (c - 0x30 < 10) roman = false
    else return false
  }
  if (letters < 3 || roman || wl(i) != 0 || (wg(i) & ~G_ORG) != 0 || notOrgAcronym(s, e)) return false
  let k = e
  while (k < N && at(k) == 0x20) k++
  const nx = at(k)
  if (nx == 0x3a || isDig(nx)) return false
  let p = s
  while (p > 0 && at(p - 1) == 0x20) p--
  if (p > 0 && isDig(at(p - 1))) return false
  if (nx - 0x61 < 26) return true
  if (p == 0 || at(p - 1) == 0x0a) return false
  let q = p
  while (q > 0 && at(q - 1) != 0x20 && at(q - 1) != 0x0a) q--
  return at(q) - 0x61 < 26
}

// Everyday acronyms of three letters or more that name no organisation: times, units, currencies, titles
// and roles, media and formats, computing, identifiers and medicine (the words of forms and clinical notes:
// tests, conditions, orders), materials and chemicals, chat.
// Space-separated, with a space at each end.
const NOT_ORG = ' EST EDT PST PDT CST CDT GMT UTC CET BST MPH RPM BTU USD EUR GBP JPY CHF AUD CAD CNY INR CEO CFO CTO COO VIP DVD DNA RNA HIV AIDS USB PDF FAQ GPS SUV CPU GPU RAM API SMS MMS URL TCP UDP DNS VPN LAN WAN SSL TLS HTTP SSH FTP NIC MTU MAC CSV JSON XML HTML CSS SQL SSN DOB PIN CVV IBAN BIC SWIFT ITIN TFN NINO NIF NIE CPF NPI DEA VAT MRN EIN PAN PESEL ECG EKG EEG EMG MRI ICU BMI PTSD ADHD COVID COPD GERD UTI STD STI HPV MRSA RSV CPR DNR ENT OTC PRN NPO BID TID QID TSH HDL LDL CBC BUN ALT AST PSA WBC RBC ESR CRP GFR ABG PPE ICD CPT BOD PVC LED LCD TNT LSD DDT PCB LOL OMG WTF BTW FYI ASAP RIP LMAO ROFL SMH TBH IMO IMHO TLDR IDK ATM ETA GDP GNP TBA TBD RSVP UFO DIY '

/** Is [s, e) one of NOT_ORG's words? */
function notOrgAcronym(s: usize, e: usize): bool {
  const n = <i32>(e - s)
  const len = NOT_ORG.length
  for (let j = 1; j + n < len; j++) {
    if (NOT_ORG.charCodeAt(j - 1) != 0x20 || NOT_ORG.charCodeAt(j + n) != 0x20) continue
    let same = true
    for (let m = 0; m < n; m++) {
      if (<u32>NOT_ORG.charCodeAt(j + m) != at(s + <usize>m)) {
        same = false
        break
      }
    }
    if (same) return true
  }
  return false
}

function isAmp(i: u32): bool {
  const l = we(i) - ws(i)
  return (l == 1 && at(ws(i)) == 0x26) || (l == 3 && at(ws(i)) == 0x61)
}

/** First word after the last comma before word j. */
function lastComma(j: u32): u32 {
  let i = j
  while (i > 0 && at(we(i - 1)) != 0x2c) i--
  return i
}

/** Emit ORGANIZATION over words [a, b] (and the groups before a); returns the end. */
function org(a: u32, b: u32, why: u32): usize {
  let e = we(b)
  // "Acme Inc." keeps its abbreviation dot unless the dot ends the sentence at the end of the text.
  if (at(e) == 0x2e && (wl(b) & O_SUFFIX) != 0 && e + 1 < N) e++
  if (a > 0) groups(0, a)
  emitWhy(ws(a), e, C_ORGANIZATION, why)
  return e
}

/** Gazetteer flags of the phrase of words [a, b]. */
function phraseGaz(a: u32, b: u32): u32 {
  if (a == b) return wg(a)
  // Hashed from the bytes: a possessive before a head word ("St. Mary's Hospital") widened the word
  // after its hash was made.
  let h = hashLower(FNV_SEED, P + ws(a), we(a) - ws(a))
  if (!phraseMayStart(h)) return 0
  for (let i = a + 1; i <= b; i++) h = hashLower(fnvByte(h, 0x20), P + ws(i), we(i) - ws(i))
  return gazLookup(h)
}

/** After a legal form before the name (word a): the end of «name» / "name", else of the words after it. */
function quotedOrRun(a: u32, n: u32): usize {
  let k = we(a)
  if (at(k) == 0x20) k++
  // Opening quotes: " ' « „ “.
  let close: u32 = 0
  if (at(k) == 0x22) close = 0x22
  else if (at(k) == 0xc2 && at(k + 1) == 0xab) close = 0xbb
  else if (at(k) == 0xe2 && at(k + 1) == 0x80 && (at(k + 2) == 0x9e || at(k + 2) == 0x9c)) close = 0x9d
  if (close != 0) {
    const lim = k + 120 < N ? k + 120 : N
    for (let z = k + 1; z < lim; z++) {
      const c = at(z)
      if (c == 0x0a) break
      if (close == 0x22 && c == 0x22) return z + 1
      if (close == 0xbb && c == 0xc2 && at(z + 1) == 0xbb) return z + 2
      if (close == 0x9d && c == 0xe2 && at(z + 1) == 0x80 && (at(z + 2) == 0x9d || at(z + 2) == 0x9c)) return z + 3
    }
    return 0
  }
  return a + 1 < n ? we(n - 1) : 0
}

// CJK and Hangul. Legal forms and head words as UTF-8 byte strings: the name is the run of Han,
// katakana, Hangul or Latin characters before (or, for 株式会社 / 有限会社 / 주식회사, after) them,
// up to a particle, punctuation or a space.
const CJK_SUFFIX = memory.data<u8>([
  // 株式会社 有限会社 合同会社 有限公司 公司 集团 集團 银行 銀行 大学 大學 医院 病院 研究所 基金会 协会 協会 委员会
  12, 0xe6, 0xa0, 0xaa, 0xe5, 0xbc, 0x8f, 0xe4, 0xbc, 0x9a, 0xe7, 0xa4, 0xbe,
  12, 0xe6, 0x9c, 0x89, 0xe9, 0x99, 0x90, 0xe4, 0xbc, 0x9a, 0xe7, 0xa4, 0xbe,
  12, 0xe5, 0x90, 0x88, 0xe5, 0x90, 0x8c, 0xe4, 0xbc, 0x9a, 0xe7, 0xa4, 0xbe,
  6, 0xe5, 0x85, 0xac, 0xe5, 0x8f, 0xb8,
  6, 0xe9, 0x9b, 0x86, 0xe5, 0x9b, 0xa2,
  6, 0xe9, 0x9b, 0x86, 0xe5, 0x9c, 0x98,
  6, 0xe9, 0x93, 0xb6, 0xe8, 0xa1, 0x8c,
  6, 0xe9, 0x8a, 0x80, 0xe8, 0xa1, 0x8c,
  6, 0xe5, 0xa4, 0xa7, 0xe5, 0xad, 0xa6,
  6, 0xe5, 0xa4, 0xa7, 0xe5, 0xad, 0xb8,
  6, 0xe5, 0x8c, 0xbb, 0xe9, 0x99, 0xa2,
  6, 0xe7, 0x97, 0x85, 0xe9, 0x99, 0xa2,
  9, 0xe7, 0xa0, 0x94, 0xe7, 0xa9, 0xb6, 0xe6, 0x89, 0x80,
  9, 0xe5, 0x9f, 0xba, 0xe9, 0x87, 0x91, 0xe4, 0xbc, 0x9a,
  6, 0xe5, 0x8d, 0x8f, 0xe4, 0xbc, 0x9a,
  6, 0xe5, 0x8d, 0x94, 0xe4, 0xbc, 0x9a,
  9, 0xe5, 0xa7, 0x94, 0xe5, 0x91, 0x98, 0xe4, 0xbc, 0x9a,
  // Hangul: 주식회사 (before or after) 은행 대학교 병원 그룹 재단 협회 전자
  12, 0xec, 0xa3, 0xbc, 0xec, 0x8b, 0x9d, 0xed, 0x9a, 0x8c, 0xec, 0x82, 0xac,
  6, 0xec, 0x9d, 0x80, 0xed, 0x96, 0x89,
  9, 0xeb, 0x8c, 0x80, 0xed, 0x95, 0x99, 0xea, 0xb5, 0x90,
  6, 0xeb, 0xb3, 0x91, 0xec, 0x9b, 0x90,
  6, 0xea, 0xb7, 0xb8, 0xeb, 0xa3, 0xb9,
  6, 0xec, 0x9e, 0xac, 0xeb, 0x8b, 0xa8,
  6, 0xed, 0x98, 0x91, 0xed, 0x9a, 0x8c,
  6, 0xec, 0xa0, 0x84, 0xec, 0x9e, 0x90,
  0
])

/** Can the character be part of a CJK or Korean organisation name? */
function nameChar(cp: u32): bool {
  return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x30a0 && cp <= 0x30ff) || (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp < 0x80 && isAlnum(cp)) || (cp >= 0xff10 && cp <= 0xff5a && (cp <= 0xff19 || cp >= 0xff21) && (cp <= 0xff3a || cp >= 0xff41))
}

// Han characters that end a Chinese name on the left: verbs and function words that stand before an
// organisation name ("在华为公司工作", "他是腾讯集团的员工").
function chineseStop(cp: u32): bool {
  return cp == 0x5728 || cp == 0x662f || cp == 0x7684 || cp == 0x4e86 || cp == 0x548c || cp == 0x4e0e || cp == 0x4e8e ||
    cp == 0x4ece || cp == 0x5230 || cp == 0x88ab || cp == 0x7531 || cp == 0x5411 || cp == 0x5bf9 || cp == 0x7ed9 ||
    cp == 0x628a || cp == 0x5c06 || cp == 0x8bf4 || cp == 0x79f0 || cp == 0x53ca || cp == 0x6216 || cp == 0x6211 ||
    cp == 0x4f60 || cp == 0x4ed6 || cp == 0x5979 || cp == 0x8fd9 || cp == 0x90a3 || cp == 0x5165 || cp == 0x4efb ||
    cp == 0x804c || cp == 0x5bb6 || cp == 0x4f4d || cp == 0x540d || cp == 0x53bb || cp == 0x6765 || cp == 0x4eec ||
    cp == 0x8be5 || cp == 0x672c || cp == 0x5b50 || cp == 0x6bcd || cp == 0x5404 || cp == 0x6bcf
}

/** Start of the name that ends at byte z (walking back over name characters, at most 10). */
function nameBefore(from: usize, z: usize): usize {
  let k = z
  let chars = 0
  while (k > from && chars < 10) {
    // Step back one UTF-8 character.
    let b = k - 1
    while (b > from && (at(b) & 0xc0) == 0x80) b--
    const cp = cpAt(b)
    if (!nameChar(cp) || chineseStop(cp)) break
    k = b
    chars++
  }
  return k
}

/** End of the name that starts at byte s (Han, katakana, Hangul, Latin; at most 10 characters). */
function nameAfter(s: usize, lim: usize): usize {
  let k = s
  let chars = 0
  while (k < lim && chars < 10) {
    const cp = cpAt(k)
    if (!nameChar(cp) || chineseStop(cp)) break
    k += cpLen
    chars++
  }
  return k
}

/** [s, e) without a trailing Korean particle (는 은 이 가 를 을 의 와 과 에 도), if a name remains. */
function dropParticle(s: usize, e: usize): usize {
  if (e - s < 9) return e
  const cp = cpAt(e - 3)
  if (cp == 0xb294 || cp == 0xc740 || cp == 0xc774 || cp == 0xac00 || cp == 0xb97c || cp == 0xc744 || cp == 0xc758 ||
    cp == 0xc640 || cp == 0xacfc || cp == 0xc5d0 || cp == 0xb3c4) return e - 3
  return e
}

/** Organisations in a token of CJK or Korean text [s, e): legal forms and head words. */
export function orgWide(s: usize, e: usize): void {
  let i = s
  while (i < e) {
    const c = at(i)
    if (c < 0xe3 || c > 0xed) {
      i++
      continue
    }
    let p = CJK_SUFFIX
    let hit: usize = 0
    let idx = 0
    while (load<u8>(p) != 0) {
      const len = <usize>load<u8>(p)
      let ok = i + len <= e
      for (let m: usize = 0; ok && m < len; m++) if (at(i + m) != <u32>load<u8>(p + 1 + m)) ok = false
      if (ok) {
        hit = len
        break
      }
      p += 1 + len
      idx++
    }
    if (hit == 0) {
      i++
      continue
    }
    const z = i + hit
    // 株式会社 / 有限会社 / 주식회사 may stand before the name ("株式会社サイバーエージェント", "주식회사 카카오");
    // in Korean the name may also be the word before, across a space ("삼성전자 주식회사").
    const before = idx == 0 || idx == 1 || idx == 17
    let start = nameBefore(s, i)
    if (start == i && idx == 17 && i > 1 && at(i - 1) == 0x20) {
      const b = nameBefore(0, i - 1)
      if (b < i - 1) start = b
    }
    if (start == i && before) {
      let ns = z
      if (at(ns) == 0x20 && idx == 17) ns++
      const ne = dropParticle(ns, nameAfter(ns, N))
      if (ne - ns >= 3) {
        emitWhy(i, ne, C_ORGANIZATION, W_FORMAT)
        i = ne
        continue
      }
    }
    // At least two characters of name before a head word (or one before a legal form).
    const need: usize = idx <= 3 || idx == 17 ? 3 : 6
    if (i - start >= need || (start < i && at(start) < 0x80 && i - start >= 2)) {
      emitWhy(start, z, C_ORGANIZATION, W_FORMAT)
    }
    i = z
  }
}

// The last three words the lower-case pass read: start, end, table flags (slot 0 is the latest).
const LS = memory.data(4 * 3)
const LE = memory.data(4 * 3)
const LF = memory.data(4 * 3)

function lowerSlot(i: u32, s: usize, e: usize, f: u32): void {
  store<u32>(LS + (<usize>i << 2), <u32>s)
  store<u32>(LE + (<usize>i << 2), <u32>e)
  store<u32>(LF + (<usize>i << 2), f)
}

/**
 * Organisations and groups in text with no capital letter at all (chat, lower-cased logs), where runs
 * cannot be read: a legal form after one to three words ("brightwater logistics ltd"), a known
 * organisation that is no everyday word ("google"), a word no list knows after a cue ("works at
 * initech"), and group words that are no everyday word ("muslim", "jewish").
 */
export function orgLowerPass(): void {
  memory.fill(LS, 0, 12)
  memory.fill(LE, 0, 12)
  memory.fill(LF, 0, 12)
  let i: usize = 0
  while (i < N) {
    while (i < N && !(isAlnum(at(i)) || at(i) >= 0x80)) i++
    if (i >= N) break
    const e = wordEnd(i)
    if (e <= i) {
      i++
      continue
    }
    const f = lookup(i, e)
    let next = e
    const f1 = load<u32>(LF)
    const f2 = load<u32>(LF, 4)
    if ((f & O_NRP) != 0 && (f & O_AMBIG) == 0) emitWhy(i, e, C_NRP, W_GAZETTEER)
    else if ((f & O_KNOWN) != 0 && (f & (O_AMBIG | O_CAPS)) == 0) emitWhy(i, e, C_ORGANIZATION, W_GAZETTEER)
    else if ((f & O_SUFFIX) != 0 && (f & O_STRICT) == 0 && load<u32>(LE) > 0) {
      // Back over up to three words that are no function word or cue; one must be no everyday word.
      let start = i
      let proper = false
      for (let k: u32 = 0; k < 3; k++) {
        const ws0 = <usize>load<u32>(LS + (<usize>k << 2))
        const we0 = <usize>load<u32>(LE + (<usize>k << 2))
        const lf = load<u32>(LF + (<usize>k << 2))
        if (we0 == 0 || (lf & (O_CUE_PREP | O_CUE_NOUN | O_CUE_VERB | O_CONNECT)) != 0) break
        const g = gazLookup(hashLower(FNV_SEED, P + ws0, we0 - ws0))
        // Function words ("is", "the", "of") end the name.
        if ((g & (G_NOTNAME | G_PREP)) != 0 || (g & G_COMMON) != 0 && we0 - ws0 <= 3) break
        if ((g & G_COMMON) == 0 || (lf & O_HEAD) != 0) proper = true
        start = ws0
      }
      if (proper && start < i) emitWhy(start, e, C_ORGANIZATION, W_FORMAT)
    } else if ((f1 & O_CUE_VERB) != 0 || (f1 & O_CUE_PREP) != 0 && (f2 & O_CUE_NOUN) != 0) {
      // "works at initech", "joined veltrix": a word no list knows (and a head word after it) is the name.
      const g = gazLookup(hashLower(FNV_SEED, P + i, e - i))
      if (g == 0 && (f & ~(O_KNOWN | O_PREFIX)) == 0) {
        let z = e
        if (at(z) == 0x20) {
          const z2 = wordEnd(z + 1)
          if (z2 > z + 1 && (lookup(z + 1, z2) & (O_HEAD | O_SUFFIX)) != 0) z = z2
        }
        emitWhy(i, z, C_ORGANIZATION, W_CUE | W_CONTEXT)
        next = z
      }
    }
    // Shift the window of the last three words.
    memory.copy(LS + 4, LS, 8)
    memory.copy(LE + 4, LE, 8)
    memory.copy(LF + 4, LF, 8)
    lowerSlot(0, i, e, f)
    i = next > i ? next : i + 1
  }
}
