// English syllable counter for readability formulas (Flesch and friends).
//
// Two layers. Spelling rules (vowel groups, hiatus pairs, silent endings) get most words right on
// their own; an exception table, built by scripts/build-syllables.mjs from CMUdict, holds the words
// where the rules and the dictionary disagree. The table stores a correction (dictionary minus
// rules), not a count, so a miss can borrow the correction of a listed stem: "businesses" is not in
// the table, but "business" is, and the same silent vowel is wrong in both.
//
// Per-word work is one pass over the bytes that case-folds, hashes (keeping the hash of every
// prefix, so stems cost no rehash) and fills a letters buffer for the rules; then at most a few
// probes. Running text repeats words, so the tokeniser keeps a memo of counts in front of this
// (assembly/text/tokenise.ts); this module stays a pure function of the word.
// Nothing is allocated per word.

import { arenaKeep, arenaKeepZeroed } from '../arena'
import { FNV_SEED, fnvByte, hashBytes } from './hash'

// Longest word part (bytes) that gets rules and table lookup; longer runs fall back to vowel groups.
const MAX: i32 = 63

// Case-folded key bytes (ASCII lower-case, apostrophes as 0x27), letters for the rules, and the
// hash state (assembly/text/hash.ts) after each key byte.
const KEY: usize = memory.data(64)
const LET: usize = memory.data(64)
const HS: usize = memory.data(8 * 65)
const VF: usize = memory.data(64)

// Letter code for a vowel that is always its own syllable (é, ï, ü, ...): never silent, never merged.
const HV: u8 = 0x56 // 'V'


// Open-addressing table: each slot is [hash u32, keyOffset u32, keyLen u8, delta i8, stem u8, pad].
let slots: usize = 0
let mask: u32 = 0
let pool: usize = 0

// 1 for a e i o u and HV, by letter code (letters are below 0x80).
const VOWELS = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
])

@inline function isV(c: u8): bool {
  return load<u8>(VOWELS + <usize>(c & 0x7f)) != 0
}

@inline function at(i: i32): u8 {
  return load<u8>(LET + <usize>i)
}

// Vowel test in context, computed once per word into VF by markVowels: 'y' is a consonant before a
// vowel ("yes", "player") and a vowel elsewhere; 'u' after 'q' is the w of "qu". A 'y' before 'i'
// stays a vowel (flying, carrying).
function markVowels(n: i32): void {
  for (let i = 0; i < n; i++) {
    const c = at(i)
    let v = isV(c)
    if (c == 0x79) {
      v = i + 1 >= n || (i > 0 && at(i + 1) == 0x69) || !isV(at(i + 1))
      if (i == 2 && at(0) == 0x61 && at(1) == 0x6e) v = true // any-one, any-how
      // flyer, Bryan, anyone: between a consonant and a vowel y is a vowel (not after n, w: canyon, lawyer)
      if (!v && i > 0 && !isV(at(i - 1)) && at(i - 1) != 0x6e && at(i - 1) != 0x77 && at(i - 1) != 0x79) {
        // ... after a consonant cluster or a word-initial consonant, before a, o, u or -er; not in -yard
        const x = at(i + 1)
        const w: u8 = i + 2 < n ? at(i + 2) : 0
        if ((i == 1 || !isV(at(i - 2))) && (((x == 0x61 && w != 0x72) || x == 0x6f || x == 0x75) || (x == 0x65 && w == 0x72))) v = true
      }
    } else if (c == 0x75 && i > 0 && at(i - 1) == 0x71) v = false
    store<u8>(VF + <usize>i, v ? 1 : 0)
  }
}

@inline function vowelAt(i: i32, n: i32): bool {
  return load<u8>(VF + <usize>i) != 0
}

@inline function cons(i: i32, n: i32): bool {
  return i >= 0 && !vowelAt(i, n)
}

// A consonant that makes a following le/re syllabic (table, centre); r and w do not (snarled, crawled).
@inline function firm(i: i32, n: i32): bool {
  return cons(i, n) && at(i) != 0x72 && at(i) != 0x77
}

// Does the vowel pair at (i, i+1) fall into two syllables? Decided by the pair and its neighbours.
function hiatus(i: i32, n: i32): bool {
  const a = at(i)
  const b = at(i + 1)
  if (a == HV) return !(b == 0x65 && i + 2 == n) // but fiancée, née: the e after é is silent
  if (b == HV) return true
  if (a == 0x79 && b != 0x69) return true // a vowel y before another vowel: flyer, Bryan (yi: only -ying)
  const p: u8 = i > 0 ? at(i - 1) : 0
  const q: u8 = i + 2 < n ? at(i + 2) : 0
  // -ism, -ist(s) after a vowel: altruism, deist.
  if (b == 0x69 && q == 0x73 && i + 3 < n) {
    const r = at(i + 3)
    // (but moist, heist, linguist)
    const ok = r == 0x6d || (r == 0x74 && i >= 3 && !(a == 0x75 && p == 0x67))
    if (ok && (i + 4 == n || (i + 5 == n && at(i + 4) == 0x73))) return true
  }
  // -ing after a vowel: being, going, seeing.
  if (b == 0x69 && q == 0x6e && i + 3 < n && at(i + 3) == 0x67 && (i + 4 == n || (i + 5 == n && at(i + 4) == 0x73))) return true
  // c s t x (and sh) before i + vowel make one palatal syllable: -tion, -cial, -sia, fashion.
  const pp: u8 = i > 1 ? at(i - 2) : 0
  const palatal =
    (p == 0x63 && !(pp == 0x73 && i == 2)) || p == 0x73 || p == 0x74 || p == 0x78 || (p == 0x68 && pp == 0x73)
  if (a == 0x69) {
    // i + vowel
    if (b == 0x61 || b == 0x6f || b == 0x75) {
      // associate(d), negotiation: -ciate, -tiation are two syllables (but initiative)
      if (b == 0x61 && q == 0x74 && (p == 0x63 || p == 0x74 || p == 0x78) && i + 3 < n) {
        const r = at(i + 3)
        if (r == 0x65 || r == 0x6f || (r == 0x69 && i + 4 < n && (at(i + 4) == 0x6f || at(i + 4) == 0x6e))) return true
      }
      // enthusiasm, ecclesiastic; beneficiary, judiciary
      if (b == 0x61 && p == 0x73 && q != 0 && q != 0x6e && q != 0x6c) return true
      if (b == 0x61 && p == 0x63 && q == 0x72 && i + 3 < n && (at(i + 3) == 0x79 || at(i + 3) == 0x69)) return true
      // ratio, patio(s): a final -io is its own syllable
      if (b == 0x6f && (q == 0 || (q == 0x73 && i + 3 == n))) return true
      if (b == 0x75) return true // medium, calcium, symposium
      if (palatal || (p == 0x67 && i > 1)) return false
      // million, union, familiar, italian: l + i + vowel, n + io, after a vowel or a double l glides
      if ((p == 0x6c || (p == 0x6e && b == 0x6f)) && i > 1 && (vowelAt(i - 2, n) || pp == 0x6c)) {
        if (q == 0x6e || q == 0x72 || (b == 0x61 && q == 0)) return false
      }
      if (b == 0x6f && q == 0x72 && p == 0x76) return false // behavior
      if (b == 0x61 && q == 0x67 && i + 3 < n && at(i + 3) == 0x65) return false // marriage
      return true
    }
    if (b == 0x65) {
      // science, quiet, client, easier; but field, piece, studies, cookie
      if (q == 0x74) return i + 3 < n || !palatal
      if (q == 0x6e) return i + 3 < n && (at(i + 3) == 0x74 || at(i + 3) == 0x63) && !palatal
      if (q == 0x72) return i + 3 == n || (i + 4 == n && at(i + 3) == 0x73)
      if (q == 0x73) return i + 4 == n && at(i + 3) == 0x74 && i >= 3 // easiest; not priest
      if (q == 0x6c) return i + 3 < n && at(i + 3) == 0x6c && !palatal // Aiello, Gabriella
      return false
    }
    if (b == 0x69) return true
    return false
  }
  if (a == 0x65) {
    // re- before u, i: reunion, reuse, reinforce, reinstate (not reign, rein, Reuben)
    if (i == 1 && p == 0x72 && i + 3 < n) {
      if (b == 0x75 && (q == 0x6e || q == 0x73)) return true
      if (b == 0x69 && q == 0x6e && cons(i + 3, n) && i + 4 < n) return true
    }
    if (b == 0x75) return q == 0x6d && (i + 3 == n || (i + 4 == n && at(i + 3) == 0x73)) // museum(s), linoleum
    // video, geometry; but surgeon, people, George
    if (b == 0x6f) return (i == 1 && p == 0x67 && q != 0x72 && q != 0x66) || !(p == 0x67 || p == 0x63 || (p == 0x70 && q == 0x70))
    if (b == 0x61) {
      // idea, area(s); but sea, tea: final -ea after a consonant with a vowel before it
      if ((q == 0 || (q == 0x73 && i + 3 == n)) && i >= 2 && cons(i - 1, n) && p != 0x73 && p != 0x6e && p != 0x68) {
        for (let j = 0; j < i - 1; j++) if (vowelAt(j, n)) return true
        return false
      }
      // create, creation; react(ion); reality, realize; theater
      if (q == 0x74 && p == 0x72 && pp == 0x63) return !(i + 3 < n && at(i + 3) == 0x75)
      if (i == 1 && p == 0x72 && ((q == 0x63 && i + 3 < n && at(i + 3) == 0x74) || (q == 0x6c && i + 3 < n && at(i + 3) == 0x69)))
        return true
      if (i == 2 && p == 0x68 && pp == 0x74 && q == 0x74) return true
      if (p == 0x65) return true // agreeable, foreseeable
      // Korean, Caribbean, Chilean: -ean(s) after a consonant that follows a vowel
      const final = i + 3 == n || (i + 4 == n && at(i + 3) == 0x73)
      if (q == 0x6e && final && i >= 2 && cons(i - 1, n) && vowelAt(i - 2, n) && p != 0x63 && p != 0x67) return true
      // re-, pre- before two consonants and more: reassert, reappear, readjust, prearranged
      if (((i == 1 && p == 0x72) || (i == 2 && p == 0x72 && pp == 0x70)) && i + 4 < n && cons(i + 2, n) && cons(i + 3, n)) {
        const r = at(i + 3)
        if (!((q == 0x63 && r == 0x68) || q == 0x6c)) return true
      }
      return false
    }
    return false
  }
  if (a == 0x75) {
    const hard = p == 0x71 || p == 0x67
    if (b == 0x61) return !hard // usual, actual; quality, language
    if (b == 0x6f) return p != 0x71 // duo, ambiguous
    if (b == 0x65) {
      // fluent, cruel, duet, bluer, bluest; but blues, Tuesday
      if (hard) return false
      return q == 0x6c || q == 0x6e || q == 0x74 || (q == 0x72 && i + 3 == n) || (q == 0x73 && i + 4 == n && at(i + 3) == 0x74)
    }
    if (b == 0x69) {
      if (q == 0x74 && i + 3 < n && at(i + 3) == 0x79) return true // -uity: acuity, ambiguity
      return !hard && (q == 0x6e || q == 0x64) // ruin, genuine, fluid
    }
    return false
  }
  if (a == 0x6f) {
    if (b == 0x65) {
      // poem, poet, coexist, whoever; but shoe, does, and oe as one vowel in names (Boehner)
      return q == 0x6d || q == 0x74 || q == 0x78 || q == 0x76
    }
    if (b == 0x69) {
      if (q == 0x63 && (i + 3 == n || (i + 4 == n && at(i + 3) == 0x73))) return true // heroic, stoics
      return i == 1 && p == 0x63 && q == 0x6e && i + 3 < n && at(i + 3) == 0x63 // coincide
    }
    // co- before a vowel: coordinate, cooperate, coexist, coalition
    if (i == 1 && p == 0x63 && i + 3 < n) {
      const r = at(i + 3)
      if (b == 0x6f) return (q == 0x72 && r == 0x64) || (q == 0x70 && r == 0x65 && i + 5 < n && at(i + 4) == 0x72 && at(i + 5) == 0x61)
      if (b == 0x65) return q == 0x78
      if (b == 0x61) return q == 0x6c && r == 0x69
    }
    return false
  }
  if (a == 0x61) {
    if (b == 0x6f) return true // chaos
    return b == 0x69 && q == 0x63 && (i + 3 == n || (i + 4 == n && at(i + 3) == 0x73)) // mosaic, archaic
  }
  return false
}

// Syllables of the letters in LET[0, n) by spelling rules alone.
function rules(n: i32): i32 {
  markVowels(n)
  let count = 0
  let i = 0
  while (i < n) {
    if (vowelAt(i, n)) {
      count++
      let j = i + 1
      while (j < n && vowelAt(j, n)) {
        if (hiatus(j - 1, n)) count++
        j++
      }
      i = j
    } else i++
  }
  if (n >= 3) {
    const last = at(n - 1)
    const prev = at(n - 2)
    if (last == 0x65 && cons(n - 2, n) && count > 1) {
      // Silent final e, except consonant + le / re (table, little, centre, Anderle) and -nte (Dante).
      const syllabic =
        ((prev == 0x6c || prev == 0x72) && cons(n - 3, n) && at(n - 3) != prev && at(n - 3) != 0x77) ||
        (prev == 0x74 && at(n - 3) == 0x6e)
      if (!syllabic) count--
    } else if (last == 0x73 && prev == 0x65 && n >= 4 && cons(n - 3, n) && count > 1) {
      // -es: silent after most consonants (makes), spoken after sibilants (boxes, pages, wishes).
      const c = at(n - 3)
      const d = at(n - 4)
      const sib = c == 0x73 || c == 0x78 || c == 0x7a || c == 0x63 || c == 0x67 || (c == 0x68 && (d == 0x63 || d == 0x73))
      const syllabic = (c == 0x6c || c == 0x72) && firm(n - 4, n) && d != c
      if (!sib && !syllabic) count--
    } else if (last == 0x64 && prev == 0x65 && n >= 4 && cons(n - 3, n) && count > 1) {
      // -ed: spoken only after t and d (created, ended), and in consonant + led (handled).
      const c = at(n - 3)
      const syllabic = (c == 0x6c || c == 0x72) && firm(n - 4, n) && at(n - 4) != c
      if (c != 0x74 && c != 0x64 && !syllabic) count--
    }
    // -ism(s), -asm(s), rhythm(s): the m is syllabic
    const m = last == 0x73 ? n - 2 : n - 1
    if (m >= 2 && at(m) == 0x6d && ((at(m - 1) == 0x73 && vowelAt(m - 2, n)) || (at(m - 1) == 0x68 && at(m - 2) == 0x74))) count++
    // fire, tired, desires: the r after a long i is its own syllable, so the e is not silent (but -shire)
    if (n >= 4) {
      let e = n - 1
      if (last == 0x73 || last == 0x64) e--
      const shire = e >= 4 && at(e - 3) == 0x68 && at(e - 4) == 0x73
      if (e >= 3 && at(e) == 0x65 && at(e - 1) == 0x72 && at(e - 2) == 0x69 && cons(e - 3, n) && !shire) count++
    }
    // league, tongue: the ue of a final -gue after a vowel or n is silent
    const g = last == 0x73 ? n - 4 : n - 3
    if (g >= 1 && at(g) == 0x67 && at(g + 1) == 0x75 && at(g + 2) == 0x65 && (vowelAt(g - 1, n) || at(g - 1) == 0x6e) && count > 1) count--
  }
  // -ically is said -ic-ly (basically, logically)
  if (n >= 8 && load<u32>(LET + <usize>(n - 4)) == 0x796c6c61 && at(n - 5) == 0x63 && at(n - 6) == 0x69) count--
  // Mc is a syllable of its own (McBride, McKinley)
  if (n > 3 && at(0) == 0x6d && at(1) == 0x63 && !vowelAt(2, n)) count++
  count -= silentInner(n)
  return count > 0 ? count : 1
}

// Length of a suffix at the end of LET[0, n) that leaves an e before it silent (lovely, statement,
// careful, homeless, safety, policeman, Abbeville, Cleveland): -ment(s), -ful(ly), -less, -ness, -ly,
// -ty, -man, -men, -mann, -ville, -land, -some, -dom.
// Multi-letter compares read the letters as little-endian integers.
function silentSuffix(n: i32): i32 {
  if (n < 5) return 0
  const z = at(n - 1)
  const end4 = load<u32>(LET + <usize>(n - 4))
  if (z == 0x73) {
    if (end4 == 0x7373656c || end4 == 0x7373656e) return 4 // less, ness
    return load<u32>(LET + <usize>(n - 5)) == 0x746e656d ? 5 : 0 // ments
  }
  if (z == 0x74) return end4 == 0x746e656d ? 4 : 0 // ment
  if (z == 0x79) {
    if (n >= 6 && load<u32>(LET + <usize>(n - 5)) == 0x6c6c7566) return 5 // fully
    const y = at(n - 2)
    return y == 0x6c || y == 0x74 ? 2 : 0 // ly, ty
  }
  if (z == 0x6c) return load<u16>(LET + <usize>(n - 3)) == 0x7566 ? 3 : 0 // ful
  if (z == 0x65) {
    if (end4 == 0x656d6f73) return 4 // some
    return end4 == 0x656c6c69 && at(n - 5) == 0x76 ? 5 : 0 // ville
  }
  if (z == 0x6d) return at(n - 3) == 0x64 && at(n - 2) == 0x6f ? 3 : 0 // dom
  if (z == 0x64) return end4 == 0x646e616c ? 4 : 0 // land
  if (z == 0x6e) {
    if (at(n - 3) == 0x6d && (at(n - 2) == 0x61 || at(n - 2) == 0x65)) return at(n - 4) == 0x73 ? 4 : 3 // (s)man, (s)men
    return end4 == 0x6e6e616d ? 4 : 0 // mann
  }
  return 0
}

// Compound first words whose final e is silent inside a longer word (something, therefore); "every"
// loses a syllable inside compounds (everything). Returns the listed part's length at the start of
// LET[0, n), or 0. The cases are the parts' first four letters read as a little-endian u32.
function compoundPart(n: i32): i32 {
  if (n < 6) return 0
  switch (load<u32>(LET)) {
    case 0x656d6f73: // some
      return 4
    case 0x65736c65: // else
      return 4
    case 0x65726f6d: // more
      return 4
    case 0x65736162: // base
      return 4
    case 0x656d6f68: // home
      return 4
    case 0x656e696e: // nine
      return 4
    case 0x656b696c: // like
      return 4
    case 0x656d6974: // time
      return 4
    case 0x65646973: // side
      return 4
    case 0x65726966: // fire
      return 4
    case 0x6566696c: // life
      return 4
    case 0x65726163: // care
      return 4
    case 0x65646977: // wide
      return 4
    case 0x656e6f6e: // none (nonetheless; not nonexistent)
      return at(4) == 0x74 ? 4 : 0
    case 0x65707974: // type
      return 4
    case 0x65726f66: // fore, but not forest, forever, forensic
      return (at(4) == 0x73 && at(5) == 0x74) || at(4) == 0x76 || at(4) == 0x6e ? 0 : 4
    case 0x6c6f6877: // whole
      return at(4) == 0x65 ? 5 : 0
    case 0x72656874: // there
      return at(4) == 0x65 ? 5 : 0
    case 0x72656877: // where
      return at(4) == 0x65 ? 5 : 0
    case 0x6e6f7473: // stone
      return at(4) == 0x65 ? 5 : 0
    case 0x73756f68: // house
      return at(4) == 0x65 ? 5 : 0
    case 0x72657665: // every
      return at(4) == 0x79 ? 5 : 0
  }
  return 0
}

// Silent e's inside the word: before a listed suffix, and at the end of a listed compound part.
function silentInner(n: i32): i32 {
  let less = 0
  let done = -1 // the e already made silent by a suffix
  const len0 = silentSuffix(n)
  const e = n - len0 - 1
  if (len0 != 0 && e >= 3 && at(e) == 0x65 && at(e - 1) == 0x75 && (at(e - 2) == 0x67 || at(e - 2) == 0x71) && vowelAt(e - 3, n)) {
    less++ // vaguely, uniquely
    done = e
  } else if (len0 != 0 && e >= 2 && at(e) == 0x65 && cons(e - 1, n)) {
    // the e closes a stem: a vowel, one consonant or a digraph (ch, sh, dg, ng, nc, rc, rg), e.
    // Not after a long i + r (entirely) nor a consonant + l (settlement).
    const c = at(e - 1)
    let silent = vowelAt(e - 2, n) && (e > 2 || at(0) != 0x65) // but element
    if (!silent && e >= 3 && vowelAt(e - 3, n)) {
      const d = at(e - 2)
      silent =
        (c == 0x68 && (d == 0x63 || d == 0x73)) ||
        ((c == 0x67 || c == 0x63) && (d == 0x64 || d == 0x6e || d == 0x72)) ||
        (c == d && c != 0x6c) || // Brenneman, Abbeville
        ((d == 0x6c || d == 0x6e || d == 0x72 || d == 0x73) && c != 0x6c && c != 0x72 && c != 0x68) // intensely, involvement
    }
    if (c == 0x72 && at(e - 2) == 0x69) silent = false
    if (silent) {
      less++
      done = e
    }
  }
  // driveway, statewide, homework, farewell, graveyard, whitehead: a silent e closing the first part of
  // a compound before w, y or h
  for (let e = 2; e + 2 < n; e++) {
    const f = at(e + 1)
    if (at(e) != 0x65 || e == done || !(f == 0x77 || f == 0x68 || (f == 0x79 && at(e + 2) == 0x61))) continue
    // the e closes a first part of vowel, consonant, e (drive, state, home) and a vowel follows w/h/y
    if (vowelAt(e + 2, n) && cons(e - 1, n) && vowelAt(e - 2, n) && at(e - 2) != 0x65 && (e == 2 || !vowelAt(e - 3, n))) {
      less++
      done = e
      break
    }
  }
  const len = compoundPart(n)
  if (len != 0 && n > len + 1 && len - 1 != done && (cons(len, n) || (at(len) == 0x6f && at(len - 1) == 0x65))) less++
  return less
}

// Fallback for over-long runs: plain vowel groups.
function vowelGroups(ptr: usize, len: usize): i32 {
  let count = 0
  let prev = false
  for (let i: usize = 0; i < len; i++) {
    const c = load<u8>(ptr + i) | 0x20
    const v = c == 0x61 || c == 0x65 || c == 0x69 || c == 0x6f || c == 0x75 || c == 0x79
    if (v && !prev) count++
    prev = v
  }
  return count
}

// Letter for the second byte of a two-byte UTF-8 sequence starting with 0xC3 (Latin-1 letters).
function latin1(b: u8): u8 {
  const c = b & 0xdf // fold lower (a0..bf) onto upper (80..9f)
  if (c <= 0x86) return c == 0x84 ? HV : 0x61 // à..å (ä is a separate vowel), æ
  if (c == 0x87) return 0x63 // ç
  if (c <= 0x8b) return c == 0x89 || c == 0x8b ? HV : 0x65 // é ë stand alone; è ê
  if (c <= 0x8f) return c == 0x8f ? HV : 0x69 // ï
  if (c == 0x91) return 0x6e // ñ
  if (c >= 0x92 && c <= 0x96) return c == 0x96 ? HV : 0x6f // ö
  if (c == 0x98) return 0x6f // ø
  if (c >= 0x99 && c <= 0x9c) return c == 0x9c ? HV : 0x75 // ü
  if (c == 0x9d || c == 0x9f) return 0x79 // ý ÿ
  return 0x78 // other: a consonant
}

@inline function hashAt(k: i32): u64 {
  return load<u64>(HS + (<usize>k << 3))
}

// Slots keep 32 bits of the 64-bit hash, folded so both halves count; 0 marks an empty slot.
@inline function slotKey(h: u64): u32 {
  const k = <u32>(h ^ (h >>> 32))
  return k == 0 ? 1 : k
}

// Correction for the key whose hash is h over KEY[0, k) (optionally followed by an extra
// byte `tail`), or i32.MIN_VALUE when absent. A `stem` probe sees only entries whose correction
// carries over to derived words.
function probe(hash: u64, k: i32, tail: u8, stem: bool): i32 {
  if (mask == 0) return i32.MIN_VALUE
  const h = slotKey(hash)
  const len = tail != 0 ? k + 1 : k
  let s = h & mask
  while (true) {
    const slot = slots + (<usize>s << 3) * 2
    const sh = load<u32>(slot)
    if (sh == 0) return i32.MIN_VALUE
    if (sh == h && <i32>load<u8>(slot, 8) == len && (!stem || load<u8>(slot, 10) != 0)) {
      const key = pool + <usize>load<u32>(slot, 4)
      let same = true
      for (let i = 0; i < k; i++) {
        if (load<u8>(key + <usize>i) != load<u8>(KEY + <usize>i)) {
          same = false
          break
        }
      }
      if (same && (tail == 0 || load<u8>(key + <usize>k) == tail)) return <i32>load<i8>(slot, 9)
    }
    s = (s + 1) & mask
  }
  return i32.MIN_VALUE
}

@inline function endsWith2(k: i32, a: u8, b: u8): bool {
  return k >= 2 && load<u8>(KEY + <usize>(k - 2)) == a && load<u8>(KEY + <usize>(k - 1)) == b
}

// Stem correction for a key not in the table: strip a common ending and look the stem up. The order
// and the stems tried here are mirrored by predict() in scripts/build-syllables.mjs.
function stemDelta(k: i32): i32 {
  const MINSTEM = 3
  const e: u8 = 0x65
  const last = load<u8>(KEY + <usize>(k - 1))
  let d: i32 = i32.MIN_VALUE
  if (last == 0x73) {
    // possessive 's, then -es (stem, then stem + e), then -s
    if (k - 2 >= MINSTEM && load<u8>(KEY + <usize>(k - 2)) == 0x27) return probe(hashAt(k - 2), k - 2, 0, true)
    if (k - 2 >= MINSTEM && load<u8>(KEY + <usize>(k - 2)) == e) {
      d = probe(hashAt(k - 2), k - 2, 0, true)
      if (d != i32.MIN_VALUE) return d
    }
    if (k - 1 >= MINSTEM) return probe(hashAt(k - 1), k - 1, 0, true)
    return d
  }
  if (last == 0x64 && k >= 2 && load<u8>(KEY + <usize>(k - 2)) == e) {
    // -ed: stem without "ed" (jumped), then without "d" (created)
    if (k - 2 >= MINSTEM) {
      d = probe(hashAt(k - 2), k - 2, 0, true)
      if (d != i32.MIN_VALUE) return d
    }
    if (k - 1 >= MINSTEM) return probe(hashAt(k - 1), k - 1, 0, true)
    return d
  }
  if (last == 0x67 && k >= 3 && endsWith2(k - 1, 0x69, 0x6e)) {
    // -ing: stem, then stem + e (creating)
    const s = k - 3
    if (s >= MINSTEM) {
      d = probe(hashAt(s), s, 0, true)
      if (d != i32.MIN_VALUE) return d
      return probe(fnvByte(hashAt(s), e), s, e, true)
    }
    return d
  }
  if (last == 0x79 && endsWith2(k, 0x6c, 0x79) && k - 2 >= MINSTEM) return probe(hashAt(k - 2), k - 2, 0, true)
  if (last == 0x72 && endsWith2(k, e, 0x72) && k - 2 >= MINSTEM) {
    d = probe(hashAt(k - 2), k - 2, 0, true)
    if (d != i32.MIN_VALUE) return d
    return probe(hashAt(k - 1), k - 1, 0, true)
  }
  return d
}

// Count one hyphen-free part at [ptr, ptr+len); `table` false gives the rules alone.
function part(ptr: usize, len: usize, table: bool): i32 {
  if (len > <usize>MAX) return vowelGroups(ptr, len)
  let k = 0 // key bytes
  let n = 0 // letters
  let ascii = true
  let h = FNV_SEED
  store<u64>(HS, h)
  let i: usize = 0
  while (i < len) {
    let c = load<u8>(ptr + i)
    i++
    let letter: u8 = 0
    if (c < 0x80) {
      if (c >= 0x41 && c <= 0x5a) c |= 0x20
      if (c != 0x27) letter = c
    } else if (c == 0xe2 && i + 1 < len && load<u8>(ptr + i) == 0x80 && load<u8>(ptr + i + 1) == 0x99) {
      i += 2 // U+2019 right single quotation mark, used as an apostrophe
      c = 0x27
    } else {
      ascii = false
      if (c == 0xc3 && i < len) {
        letter = latin1(load<u8>(ptr + i))
        i++
      } else {
        // Any other character: one consonant-like letter; skip its continuation bytes.
        while (i < len && (load<u8>(ptr + i) & 0xc0) == 0x80) i++
        letter = 0x78
      }
      c = letter
    }
    if (letter != 0) {
      store<u8>(LET + <usize>n, letter)
      n++
    }
    store<u8>(KEY + <usize>k, c)
    k++
    h = fnvByte(h, c)
    store<u64>(HS + (<usize>k << 3), h)
  }
  if (n == 0) return 0
  let count = rules(n)
  if (table && ascii) {
    let d = probe(h, k, 0, false)
    if (d == i32.MIN_VALUE) d = stemDelta(k)
    if (d != i32.MIN_VALUE) {
      count += d
      if (count < 1) count = 1
    }
  }
  return count
}

function count(ptr: usize, len: usize, table: bool): i32 {
  let total = 0
  let start: usize = 0
  let i: usize = 0
  while (i <= len) {
    // Parts split at '-' and at U+2010/U+2011 (E2 80 90/91).
    let sep: usize = 0
    if (i == len) sep = 1
    else {
      const c = load<u8>(ptr + i)
      if (c == 0x2d) sep = 1
      else if (c == 0xe2 && i + 2 < len && load<u8>(ptr + i + 1) == 0x80) {
        const b = load<u8>(ptr + i + 2)
        if (b == 0x90 || b == 0x91) sep = 3
      }
    }
    if (sep != 0) {
      if (i > start) total += part(ptr + start, i - start, table)
      i += sep
      start = i
    } else i++
  }
  return total > 0 ? total : len > 0 ? 1 : 0
}

/** Syllables in the word at [ptr, ptr+len) (UTF-8, any case). At least 1 for a non-empty word. */
export function countSyllables(ptr: usize, len: usize): i32 {
  return count(ptr, len, true)
}

/** ABI: syllables in the word at [ptr, ptr+len). */
export function syllables(ptr: usize, len: usize): i32 {
  return countSyllables(ptr, len)
}

/** ABI: syllables by the spelling rules alone, without the exception table (for building it). */
export function syllablesRules(ptr: usize, len: usize): i32 {
  return count(ptr, len, false)
}

/** ABI: reserve `len` bytes for the life of the instance to receive the exception list. */
export function syllablesReserve(len: usize): usize {
  return arenaKeep(len)
}

/**
 * ABI: index the exception list at [ptr, ptr+len), kept by `syllablesReserve`. Format: lines of
 * `word` grouped under header lines `=D` or `!D` that give the correction D (e.g. `=-1`) for the
 * words that follow; `=` marks corrections that derived words may borrow, `!` those they may not.
 * Keys point into the list itself, so it must stay in memory. Returns the entry count.
 */
export function syllablesLoad(ptr: usize, len: usize): i32 {
  let entries = 0
  for (let i: usize = 0; i < len; i++) if (load<u8>(ptr + i) == 0x0a) entries++
  let cap: u32 = 16
  while (cap < <u32>entries * 2) cap <<= 1
  slots = arenaKeepZeroed(<usize>cap * 16)
  mask = cap - 1
  pool = ptr
  let delta: i32 = 0
  let stem = true
  let count = 0
  let start: usize = 0
  for (let i: usize = 0; i < len; i++) {
    if (load<u8>(ptr + i) != 0x0a) continue
    const wlen = i - start
    const head = wlen > 0 ? load<u8>(ptr + start) : 0
    if (head == 0x3d || head == 0x21) {
      // "=D" (the correction carries over to derived words) or "!D" (this word only)
      stem = head == 0x3d
      let neg = false
      let v = 0
      for (let j = start + 1; j < i; j++) {
        const c = load<u8>(ptr + j)
        if (c == 0x2d) neg = true
        else if (c >= 0x30 && c <= 0x39) v = v * 10 + <i32>(c - 0x30)
      }
      delta = neg ? -v : v
    } else if (wlen > 0 && wlen <= <usize>MAX) {
      const h = slotKey(hashBytes(FNV_SEED, ptr + start, i - start))
      let s = h & mask
      while (load<u32>(slots + (<usize>s << 4)) != 0) s = (s + 1) & mask
      const slot = slots + (<usize>s << 4)
      store<u32>(slot, h)
      store<u32>(slot, <u32>start, 4)
      store<u8>(slot, <u8>wlen, 8)
      store<i8>(slot, <i8>delta, 9)
      store<u8>(slot, stem ? 1 : 0, 10)
      count++
    }
    start = i + 1
  }
  return count
}

// Word characters for syllablesSum: ASCII letters, apostrophe, hyphen, and any non-ASCII byte
// except the general-punctuation block's quotes and dashes (U+2019 and U+2010/2011 stay inside words).
@inline function wordByte(c: u8): bool {
  return (c | 0x20) - 0x61 < 26 || c == 0x27 || c == 0x2d || c >= 0x80
}

/**
 * ABI: total syllables of the words in UTF-8 text at [ptr, ptr+len), splitting on anything but
 * letters, apostrophes and hyphens. A reference word splitter for benchmarks and tests; the
 * readability scorers use their own tokeniser and call countSyllables per word.
 */
export function syllablesSum(ptr: usize, len: usize): i32 {
  let total = 0
  let i: usize = 0
  while (i < len) {
    while (i < len) {
      const c = load<u8>(ptr + i)
      if (wordByte(c) && !(c == 0xe2 && i + 2 < len && load<u8>(ptr + i + 1) == 0x80 && !isInnerPunct(load<u8>(ptr + i + 2)))) break
      i += c == 0xe2 ? 3 : 1
    }
    const start = i
    while (i < len) {
      const c = load<u8>(ptr + i)
      if (c == 0xe2 && i + 2 < len && load<u8>(ptr + i + 1) == 0x80) {
        if (!isInnerPunct(load<u8>(ptr + i + 2))) break
        i += 3
        continue
      }
      if (!wordByte(c)) break
      i++
    }
    if (i > start) total += countSyllables(ptr + start, i - start)
  }
  return total
}

// Third byte of E2 80 xx that may sit inside a word: U+2010, U+2011 (hyphens), U+2019 (apostrophe).
@inline function isInnerPunct(b: u8): bool {
  return b == 0x90 || b == 0x91 || b == 0x99
}
