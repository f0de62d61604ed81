// Capitalised runs: names, places, street addresses, dates written with month names, confirmed with
// the gazetteer (gazetteer.ts) and the words just before them (context.ts).
import { FNV_SEED, fnvByte, hashLower } from '../text/hash'
import { B_NL, B_SP } from '../text/uchar'
import { C_DATE, C_LOCATION, C_ORGANIZATION, C_PERSON } from './categories'
import { nameQuestionBefore, sentenceEndBefore, sentenceInitial, wordBefore } from './context'
import {
  G_ADDRCTX, G_BIGCITY, G_COMMON, G_COUNTRY, G_DEMONYM, G_FIRST, G_LOCVERB, G_MONTH, G_NAME, G_NAMEWORD, G_NOTNAME,
  G_ORG, G_PARTICLE, G_PERSONCTX, G_PLACE, G_PLACEWORD, G_PREP, G_STATE, G_STREET, G_TITLE, G_UNIT, G_WEEKDAY,
  gazLookup, phraseMayStart
} from './gazetteer'
import { W_CONTEXT, W_CUE, W_FORMAT, W_GAZETTEER } from './categories'
import { phoneAt, timeAfter } from './numbers'
import { spacedIdAt } from './national'
import { macAt } from './network'
import { CAND, CN, CSLOT, emitWhy } from './state'
import { orgRun, orgsWanted, readNameEnd, readNameHash, wordsReset } from './orgs'
import {
  MEMO, MEMO_N, N, P, PEND, PEND_N, TE, TF, TOK_E, TOK_S, TR, TS, at, emit, prevWordStart, runEnd, wants
} from './state'
import { cls, eqi, hashRange, isAlnum, isAlpha, isDig, startsCs, upperAt } from './text'

/** Index of the first byte after token [s, ...) ends (whitespace-delimited). */
export function tokenEnd(s: usize): usize {
  // Inside the token piiScan last read, its end is known: asked once per field, a scan would cost
  // the token's length each time.
  if (TOK_S <= s && s < TOK_E) return TOK_E
  let k = s
  while (k < N && (cls(at(k)) & B_SP) == 0) k++
  return k
}

function isNameByte(c: u32): bool {
  return isAlpha(c) || c >= 0x80 || c == 0x27 || c == 0x2d
}

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

/** Start of a 1-4 letter lower-case suffix after an apostrophe in [s, e), at least two bytes in; 0 if none. */
function apostropheSuffix(s: usize, e: usize): usize {
  for (let k = s + 2; k + 1 < e; k++) {
    if (at(k) != 0x27) continue
    if (e - k - 1 > 4) return 0
    for (let m = k + 1; m < e; m++) if (at(m) - 0x61 >= 26 && at(m) < 0x80) return 0
    // "'s" is the English possessive, handled where the run is read.
    if (e - k == 2 && at(k + 1) == 0x73) return 0
    return k
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
    // Name bytes, hashed (lower-cased, as the gazetteer is) in the same pass, or as orgRun read them;
    // the token then ends at the next space (usually at once, or after a comma or period).
    const capital = upperAt(cs)
    let ce = readNameEnd(cs)
    let h = readNameHash
    // A word the organisation rules did not read for this run: read it here. A lower-case word is
    // hashed only once it passes the particle test below (most end the run).
    if (ce == 0) {
      ce = cs
      h = FNV_SEED
      let prev: u32 = 0
      if (capital) {
        while (ce < N) {
          let c = at(ce)
          if (!isNameByte(c)) break
          if (c - 0x41 < 26) c |= 0x20
          else if (prev == 0xc3 && c >= 0x80 && c <= 0x9e && c != 0x97) c += 0x20
          h = fnvByte(h, c)
          prev = c
          ce++
        }
      } else {
        while (ce < N && isNameByte(at(ce))) ce++
        h = 0
      }
    }
    const raw = tokenEnd(ce)
    // Allow "O'Brien", "Jean-Luc"; strip a trailing apostrophe-s ("Smith's").
    if (ce == cs) break
    // "Insurance AB 12 34 56 C": a spaced id (national.ts) ends the run; the token loop reads it.
    if (k > 0 && ce - cs == 2 && at(ce) == 0x20 && isDig(at(ce + 1)) && spacedIdAt(cs)) break
    // "Device AA-BB-CC-DD-EE-FF": a MAC address of hex letters only ends the run (the token loop reads it).
    if (k > 0 && at(cs + 2) == 0x2d && macAt(cs)) break
    // Lower-case words end the run unless they are short particles ("van der", "de la") before a capital.
    if (!capital && (k == 0 || ce - cs > 5 || raw + 1 >= N || !(upperAt(raw + 1) || particleThenCapital(raw + 1)))) break
    if (h == 0) h = hashRange(cs, ce)
    let f: u32 = gazLookup(h)
    if (ce - cs > 2 && at(ce - 2) == 0x27 && (at(ce - 1) | 0x20) == 0x73) {
      ce -= 2
      f = gazLookup(hashRange(cs, ce))
    }
    if (!capital && (f & G_PARTICLE) == 0) break
    // Turkish case suffixes after an apostrophe ("İstanbul'da", "Ayşe'nin"): the name is the part before.
    if (f == 0 && capital && ce - cs > 4) {
      const q = apostropheSuffix(cs, ce)
      if (q > 0) {
        ce = q
        f = gazLookup(hashRange(cs, ce))
      }
    }
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
    while (nx < N && (cls(at(nx)) & B_SP) != 0) {
      if ((cls(at(nx)) & B_NL) != 0) nl = true
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
  let h = hashLower(FNV_SEED, P + ts(a), te(a) - ts(a))
  if (a < b && !phraseMayStart(h)) return 0
  for (let i = a + 1; i <= b; i++) h = hashLower(fnvByte(h, 0x20), P + ts(i), te(i) - ts(i))
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

/** The end of the lower-case ASCII word of 4 to max letters after one space at e, or 0 when there is none. */
function lowerWordAfter(e: usize, max: usize): usize {
  if (at(e) != 0x20) return 0
  const s = e + 1
  let z = s
  while (at(z) - 0x61 < 26) z++
  return z - s < 4 || z - s > max || isAlnum(at(z)) ? 0 : z
}

/** The start of the word of letters before pos (spaces skipped); its end is left in wordBeforeEnd. */
function letterWordBefore(pos: usize): usize {
  let k = pos
  while (k > 0 && at(k - 1) == 0x20) k--
  wordBeforeEnd = k
  while (k > 0 && isAlpha(at(k - 1))) k--
  return k
}
let wordBeforeEnd: usize = 0

/**
 * Is the word after e (one space) a verb that only a person does? Then a given name that is also a major
 * place names the person: "Jordan completed the intake", "Virginia manages the compliance team". Verbs a
 * place, a team or a government also does ("said", "had", "won", "is", "voted") are not in the list.
 */
function personVerbAfter(e: usize): bool {
  const s = e + 1
  const z = lowerWordAfter(e, 11)
  if (z == 0) return false
  return eqi(s, z, 'explained') || eqi(s, z, 'completed') || eqi(s, z, 'approved') || eqi(s, z, 'signed') ||
    eqi(s, z, 'confirmed') || eqi(s, z, 'reviewed') || eqi(s, z, 'submitted') || eqi(s, z, 'requested') ||
    eqi(s, z, 'emailed') || eqi(s, z, 'replied') || eqi(s, z, 'thanked') || eqi(s, z, 'apologised') ||
    eqi(s, z, 'apologized') || eqi(s, z, 'scheduled') || eqi(s, z, 'manages') || eqi(s, z, 'asked') ||
    eqi(s, z, 'wrote') || eqi(s, z, 'texted') || eqi(s, z, 'phoned')
}

/**
 * Is the word after e (one space) a verb of a person's own doing, speech or feeling? Then a capitalised
 * word that no list knows names a person: "Shovda shouted at Todd", "Irenka smiled". The verbs an
 * organisation or a place also does ("said", "is", "announced", "has") are left out: "Gazprom said";
 * so are those that are nouns as often ("thought", "hopes": "Christmas-season thought", "Ecumenical hopes").
 */
function ownVerbAfter(e: usize): bool {
  if (personVerbAfter(e)) return true
  const s = e + 1
  const z = lowerWordAfter(e, 9)
  if (z == 0) return false
  return eqi(s, z, 'shouted') || eqi(s, z, 'smiled') || eqi(s, z, 'laughed') || eqi(s, z, 'cried') ||
    eqi(s, z, 'whispered') || eqi(s, z, 'yelled') || eqi(s, z, 'nodded') || eqi(s, z, 'sighed') ||
    eqi(s, z, 'grinned') || eqi(s, z, 'frowned') || eqi(s, z, 'hugged') || eqi(s, z, 'kissed') ||
    eqi(s, z, 'thinks') || eqi(s, z, 'loves') || eqi(s, z, 'loved') || eqi(s, z, 'likes') ||
    eqi(s, z, 'liked') || eqi(s, z, 'married') || eqi(s, z, 'studied') || eqi(s, z, 'smiles') ||
    eqi(s, z, 'laughs')
}

/** Is "call me" (calls, called, calling) just before pos ("Sometimes people call me Csanád")? */
function callMeBefore(pos: usize): bool {
  const k = letterWordBefore(pos)
  if (!eqi(k, wordBeforeEnd, 'me')) return false
  const c = letterWordBefore(k)
  const e = wordBeforeEnd
  return eqi(c, e, 'call') || eqi(c, e, 'calls') || eqi(c, e, 'called') || eqi(c, e, 'calling')
}

/** Is the word before pos an article or determiner ("the Confederacy signed", "An Alabamian wrote")? */
function determinerBefore(pos: usize): bool {
  const k = letterWordBefore(pos)
  const e = wordBeforeEnd
  if (k == e || e - k > 5) return false
  return eqi(k, e, 'a') || eqi(k, e, 'an') || eqi(k, e, 'the') || eqi(k, e, 'this') ||
    eqi(k, e, 'every') || eqi(k, e, 'each') || eqi(k, e, 'no') || eqi(k, e, 'its') || eqi(k, e, 'our') ||
    eqi(k, e, 'their')
}

/**
 * 1 when a greeting opens the line just before pos ("Hi", "Hey", "Dear", "Thanks", "Morning"), 2 when a
 * label about a person does ("Patient:", "Client:", "Contact:"), else 0. With a comma after the name (a
 * greeting) or the line ending there (a label), a given name that is also a place names the person:
 * "Hey Chad, ...", "Client: Israel".
 */
function greetingOrLabelBefore(pos: usize): u32 {
  let k = pos
  while (k > 0 && at(k - 1) == 0x20) k--
  const colon = k > 0 && at(k - 1) == 0x3a
  if (colon) k--
  const e = k
  while (k > 0 && isAlpha(at(k - 1))) k--
  if (k == e || (k > 0 && at(k - 1) != 0x0a)) return 0
  if (!colon) {
    return eqi(k, e, 'hi') || eqi(k, e, 'hey') || eqi(k, e, 'hello') || eqi(k, e, 'dear') || eqi(k, e, 'thanks') ||
      eqi(k, e, 'morning') ? 1 : 0
  }
  return eqi(k, e, 'patient') || eqi(k, e, 'client') || eqi(k, e, 'contact') || eqi(k, e, 'employee') ||
    eqi(k, e, 'tenant') || eqi(k, e, 'applicant') || eqi(k, e, 'witness') || eqi(k, e, 'complainant') ||
    eqi(k, e, 'name') || eqi(k, e, 'customer') || eqi(k, e, 'guest') ? 2 : 0
}

/** Does the line end at e (a line break or the end of the text, after spaces)? */
function lineEndAt(e: usize): bool {
  let z = e
  while (z < N && (at(z) == 0x20 || at(z) == 0x0d)) z++
  return z >= N || at(z) == 0x0a
}

/** Is there an address cue just before pos ("address:", "lives at", "meet me at", "address is")? */
export function addressContext(pos: usize): bool {
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
export function addressBlock(s: usize, strict: bool): usize {
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
    while (nx < N && (cls(at(nx)) & B_SP) != 0) {
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

/**
 * Report the address block [s, e) one part at a time: each line and each part after a comma is its own
 * LOCATION ("20789 Allika 46" / "Suite 501" / "Riisa" / "Estonia"), so the town and the country of an
 * address are places of their own, as they are when a sentence names them; a postcode ending the last
 * part (not the first) after its words ("Estonia 62488", "Aalborg NO 9100") is a part of its own too. The parts cover
 * the block's bytes but the separators, so redaction hides the same address.
 */
export function emitAddress(s: usize, e: usize, why: u32): void {
  if (wants(C_ORGANIZATION)) contactOrg(s)
  // A block overlapping what was found before it ("on March 3, 1910, Miss Upton": the date) is kept
  // whole, so the overlap is resolved as one reading against the other (the date wins, as before)
  // rather than leaving its parts ("Miss Upton") as places.
  if (CN > 0 && <usize>load<u32>(CAND + <usize>(CN - 1) * CSLOT, 4) > s) {
    emitWhy(s, e, C_LOCATION, why)
    return
  }
  let k = s
  while (k < e) {
    // A part ends at a line break, or at a comma after a word (a house number after its street name stays
    // with what follows: "Calle de Alcalá 87, 28009 Madrid") unless a unit word follows ("Drive, Apt 3B").
    let z = k
    let letter = false
    while (z < e && at(z) != 0x0a && !(at(z) == 0x2c && letter && (z + 1 >= e || (cls(at(z + 1)) & B_SP) != 0) && !unitAt(z + 1, e))) {
      if (!letter && (isAlpha(at(z)) || at(z) >= 0x80)) letter = true
      z++
    }
    // Leading quote marks and spaces ("> ", "??? ") and trailing spaces and commas are not the part's.
    let a = k
    while (a < z && at(a) < 0x80 && !isAlnum(at(a))) a++
    let b = z
    while (b > a && (at(b - 1) == 0x20 || at(b - 1) == 0x0d || at(b - 1) == 0x09 || at(b - 1) == 0x2c)) b--
    if (b > a) {
      let q = b
      if (z >= e && k > s && !isDig(at(a)) && (gazLookup(hashRange(a, wordEndIn(a, b))) & G_UNIT) == 0) {
        while (q > a && (isDig(at(q - 1)) || at(q - 1) == 0x2d || at(q - 1) == 0x20)) q--
        while (q < b && at(q) == 0x20) q++
        // Only a postcode after a word: a part of digits alone, or a word that ends in digits, stays whole.
        if (q == a || q == b || at(q - 1) != 0x20 || !isDig(at(q))) q = b
      }
      if (q < b) {
        let w = q
        while (w > a && at(w - 1) == 0x20) w--
        emitWhy(a, w, C_LOCATION, why)
        emitWhy(q, b, C_LOCATION, why)
      } else emitWhy(a, b, C_LOCATION, why)
    }
    k = z + 1
  }
}

/**
 * The company line of a contact block ("Julcsa Kárpáthy / Mhealthcoach / 50668 Kiannonkatu 98"): the line
 * right before the address block's line is an ORGANIZATION when it holds only capitalised words (and "and",
 * "&", "of", commas), one of them no everyday word, nothing the scan has read, and the line before it holds
 * a PERSON.
 */
function contactOrg(s: usize): void {
  // Each look back is bounded (a contact block's lines are short), so many blocks on one long line
  // cost no more than their own bytes.
  let ls = s
  while (ls > 0 && at(ls - 1) != 0x0a && s - ls < 16) ls--
  if (ls == 0 || at(ls - 1) != 0x0a) return
  const pe = ls - 1
  let ps = pe
  while (ps > 0 && at(ps - 1) != 0x0a && pe - ps < 80) ps--
  if (ps == 0 || at(ps - 1) != 0x0a) return
  let a = ps
  while (a < pe && at(a) < 0x80 && !isAlnum(at(a))) a++
  let b = pe
  while (b > a && (at(b - 1) == 0x20 || at(b - 1) == 0x0d || at(b - 1) == 0x09)) b--
  if (b <= a || b - a > 60 || !upperAt(a)) return
  // Each word capitalised or a connector; at most six.
  let k = a
  let words = 0
  let named = false
  while (k < b) {
    let z = k
    while (z < b && at(z) != 0x20) z++
    const n = z - k
    const connector = (n == 1 && at(k) == 0x26) || (n == 3 && eqi(k, z, 'and')) || (n == 2 && eqi(k, z, 'of'))
    if (!connector && !upperAt(k)) return
    if (++words > 6) return
    const w = at(z - 1) == 0x2c ? z - 1 : z
    if (!connector && (gazLookup(hashRange(k, w)) & (G_COMMON | G_NOTNAME)) == 0) named = true
    k = z
    while (k < b && at(k) == 0x20) k++
  }
  // A line of everyday words ("Head Office", "Thank You") names no one.
  if (at(b - 1) == 0x3a || !named) return
  let qs = ps - 1
  while (qs > 0 && at(qs - 1) != 0x0a && ps - qs < 120) qs--
  let person = false
  for (let i = CN; i > 0 && i + 16 > CN; i--) {
    const slot = CAND + <usize>(i - 1) * CSLOT
    const cs = <usize>load<u32>(slot)
    const ce = <usize>load<u32>(slot, 4)
    if (cs < pe && ce > ps) return
    if (load<u32>(slot, 8) == C_PERSON && cs >= qs && ce < ps) person = true
  }
  if (person) emitWhy(a, b, C_ORGANIZATION, W_FORMAT | W_CONTEXT)
}

/** Is the first word after the spaces from k (before e) a unit word ("Apt. 4", "Suite 501")? It stays with its street. */
function unitAt(k: usize, e: usize): bool {
  let a = k
  while (a < e && at(a) == 0x20) a++
  return a < e && (gazLookup(hashRange(a, wordEndIn(a, e))) & G_UNIT) != 0
}

/** End of the first word of [a, b): up to a space or a dot. */
function wordEndIn(a: usize, b: usize): usize {
  let k = a
  while (k < b && at(k) != 0x20 && at(k) != 0x2e) k++
  return k
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
  while (k < N && (cls(at(k)) & B_SP) != 0) k++
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

function remember(i: u32): void {
  if (MEMO_N >= 32 || (tf(i) & 0x7fffffff) != 0) return
  store<u64>(MEMO + (<usize>MEMO_N << 3), hashRange(ts(i), te(i)))
  MEMO_N++
}

function pend(i: u32): void {
  if (PEND_N >= 32) return
  const slot = PEND + (<usize>PEND_N << 4)
  store<u64>(slot, hashRange(ts(i), te(i)))
  store<u32>(slot, <u32>ts(i), 8)
  store<u32>(slot, <u32>te(i), 12)
  PEND_N++
}

export function resolvePending(): void {
  for (let k: u32 = 0; k < PEND_N; k++) {
    const slot = PEND + (<usize>k << 4)
    const h = load<u64>(slot)
    for (let m: u32 = 0; m < MEMO_N; m++) {
      if (load<u64>(MEMO + (<usize>m << 3)) == h) {
        emitWhy(<usize>load<u32>(slot, 8), <usize>load<u32>(slot, 12), C_PERSON, W_FORMAT | W_CUE)
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

/** Is the preposition at p one of another language ("в", "στην", "nach", "en", "à"), where a capitalised word after it is a place? */
function foreignPrep(p: usize): bool {
  const c = at(p)
  if (c >= 0x80) return true
  return ((eqi(p, p + 4, 'nach') || eqi(p, p + 3, 'aus') || eqi(p, p + 3, 'bei') || eqi(p, p + 5, 'desde') || eqi(p, p + 5, 'hasta')) &&
    !isAlpha(at(p + (c == 0x64 || c == 0x68 || c == 0x44 || c == 0x48 ? 5 : c == 0x6e || c == 0x4e ? 4 : 3)))) ||
    ((eqi(p, p + 2, 'en') || eqi(p, p + 2, 'em')) && !isAlpha(at(p + 2))) || (c == 0x77 && !isAlpha(at(p + 1)))
}

export function capRun(s: usize): usize {
  wordsReset()
  if (orgsWanted()) {
    const z = orgRun(s)
    if (z > 0) return z
  }
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
      emitWhy(ts(0), te(0), C_PERSON, W_GAZETTEER)
      return end
    }
  }
  // Military and unit addresses: "PSC 4095, Box 8316 APO AE 85103", "Unit 8505 Box 9220 DPO AE", "USNV Botolen FPO AE".
  if (wants(C_LOCATION) && (at(ts(0)) == 0x50 || at(ts(0)) == 0x55) && militaryStart(ts(0))) {
    const z = addressBlock(ts(0), false)
    if (z > 0) {
      emitAddress(ts(0), z, W_FORMAT | W_CUE)
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
      emitAddress(ts(0), z, W_FORMAT | W_CUE)
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
  const inFromNear = weakLoc && ((eqi(p1s, p1s + 2, 'in') && !isAlpha(at(p1s + 2))) || eqi(p1s, p1s + 4, 'from') || eqi(p1s, p1s + 4, 'near') ||
    foreignPrep(p1s))

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
    // An unknown sentence-initial word before a known given name is an everyday word of a language
    // the lists do not cover ("Вчера Пётр Смирнов", "Toplantıya Ayşe Yıldız").
    if (a == 0 && initialPos && !title && (f & 0x7fffffff) == 0 && k > 1 && (tf(1) & G_FIRST) != 0 && (tf(1) & G_COMMON) == 0) {
      a++
      continue
    }
    break
  }
  // A known place phrase over the whole run wins before trimming ("Czech Republic", "United Kingdom").
  if (k > 1 && !title && !personCtx && (phraseFlags(0, k - 1) & G_PLACE) != 0) {
    emitWhy(ts(0), te(k - 1), C_LOCATION, W_GAZETTEER)
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
        emitAddress(st, e, W_FORMAT | W_GAZETTEER)
        return e > end ? e : end
      }
    }
  }
  // Trailing tokens that are common words or non-names are dropped ("John Smith Said").
  while (b > a && !strongCap(b, false) && (tf(b) & G_PLACEWORD) == 0) b--
  // A known place right after a full name ("Çağla Öztürk İstanbul'da ..."): two entities, not one.
  if (b > a + 1 && (tf(b) & G_PLACE) != 0 && (tf(b) & (G_NAME | G_COMMON)) == 0 && (tf(a) & G_FIRST) != 0 &&
    (tf(a) & (G_PLACE | G_COMMON)) == 0 && (tf(b - 1) & G_NAME) != 0 && !title && !personCtx) {
    emit(ts(b), te(b), C_LOCATION)
    b--
  }
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
  // Set when the words around a place-named person decide (explain reports the cue).
  let personCue = false
  // "the European Union", "Spanish government": after a nationality word a place name names a body.
  const afterDemonym = a > 0 && (tf(a - 1) & G_DEMONYM) != 0
  // A first name that is also a major place ("Paris", "Georgia") reads as the place.
  const majorPlace = (whole & (G_BIGCITY | G_COUNTRY | G_STATE)) != 0
  if (title || personCtx) cat = C_PERSON
  else if (afterDemonym) cat = 0
  else if (single && (whole & G_FIRST) != 0 && majorPlace && (whole & G_COMMON) == 0) {
    // "In Jordan completed homes ...": a preposition opening the run is a place cue too.
    const prepIn = a > 0 && (tf(a - 1) & G_PREP) != 0
    const cue = weakLoc || strongLoc || prepIn ? 0 : greetingOrLabelBefore(ts(a))
    const person = cue == 1 ? at(te(b)) == 0x2c : cue == 2 ? lineEndAt(te(b)) : !weakLoc && !strongLoc && !prepIn && personVerbAfter(te(b))
    cat = person ? C_PERSON : C_LOCATION
    personCue = person
  }
  else if ((whole & G_PLACE) != 0 && (whole & G_COMMON) == 0 && (!single || (whole & G_NAME) == 0 || weakLoc || strongLoc)) cat = C_LOCATION
  else if ((whole & G_PLACE) != 0 && (weakLoc || strongLoc)) cat = C_LOCATION
  else if (initials > 0) cat = C_PERSON // "Hanne I. Kreutzmann", "John F. Kennedy"
  else if (strongLoc) cat = C_LOCATION
  else if (!single && placeWords > 0) cat = C_LOCATION // "Port Paien", "Lake Placid"
  else if (!single && named == 0 && inFromNear && foreignPrep(p1s)) cat = C_LOCATION // "ở Đà Nẵng", "в Нижнем Новгороде"
  else if (!single) {
    if ((f0 & G_FIRST) != 0 && named >= 1 && places == 0) cat = C_PERSON
    else if (named >= 1 && named + unknown == span && places == 0) cat = C_PERSON
    else if (unknown == span) cat = C_PERSON
  } else if ((f0 & G_NAME) != 0 && (f0 & G_COMMON) == 0 && (f0 & G_PLACE) == 0) cat = C_PERSON
  else if ((f0 & G_PLACE) != 0 && (f0 & (G_COMMON | G_NAME)) == 0) cat = C_LOCATION
  else if ((f0 & G_FIRST) != 0 && (f0 & G_PLACE) != 0 && (f0 & G_COMMON) == 0 && !weakLoc) cat = C_PERSON // "David", "Victoria"
  else if ((f0 & 0x7fffffff) == 0 && inFromNear) cat = C_LOCATION // "I'm in Flateyri"
  else if ((f0 & 0x7fffffff) == 0 && (possessive(te(a)) || remembered(a) || listOfNames(te(a)))) cat = C_PERSON // "Franciska's kid"
  else if ((f0 & 0x7fffffff) == 0 && single && ((ownVerbAfter(te(a)) && !determinerBefore(ts(a))) || callMeBefore(ts(a)))) {
    cat = C_PERSON // "Shovda shouted at Todd", "people call me Csanád"
    personCue = true
  }
  else if ((f0 & 0x7fffffff) == 0 && single) pend(a)
  if (cat != 0) emitWhy(ts(a), te(b), cat, (title || personCtx || weakLoc || strongLoc || personCue ? W_CUE : 0) | ((whole & (G_NAME | G_PLACE)) != 0 || named + places + placeWords > 0 ? W_GAZETTEER : W_FORMAT))
  if (cat == C_PERSON && !single) for (let i = a; i <= b; i++) remember(i)
  return end
}
