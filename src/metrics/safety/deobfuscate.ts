// The undoing of cheap obfuscations (zero-width characters, look-alike letters, compatibility forms,
// spaced letters, leetspeak, masked letters), shared by prompt_manipulation ("1gn0r3 all previous instructions") and
// toxicity ("you are an i d i o t"). The training scripts run the very same code, built into build/rules.js.

// Zero-width and invisible format characters (ZWSP, ZWNJ, ZWJ, LRM, RLM, word joiner, BOM, soft hyphen,
// bidi controls, tag characters are astral and handled by the surrogate range below).
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]|\udb40[\udc00-\udc7f]/g
// Latin look-alikes from Cyrillic and Greek (the confusables that spell English words).
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', У: 'y', Х: 'x', І: 'i', Ј: 'j', Ѕ: 's',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x', ɡ: 'g', ı: 'i'
}
const HOMOGLYPH = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'g')
// A word that mixes Latin letters with look-alikes: mixing scripts inside one word is the tell.
const MIXED = new RegExp(`[a-z][${Object.keys(HOMOGLYPHS).join('')}]|[${Object.keys(HOMOGLYPHS).join('')}][a-z]`, 'i')
// Spaced or split letters: four or more single letters joined by one repeated separator ("i g n o r e",
// "i-g-n-o-r-e"). Dotted capitals are acronyms (U.S.S.R., I. A. P. A.), not obfuscation.
const ACRONYM = /^[A-Z. ]+$/
// Leetspeak: a digit or symbol standing for a letter between letters (or leading one), as in 1gn0r3.
const isWordChar = (c: string) => /[a-z0-9@$]/i.test(c)
/**
 * The index of the first letter-leet or leet-letter pair at or after `from` (what /[a-z][0134578@$]|[0134578@$][a-z]/gi
 * finds from there), or -1.
 */
function leetPair(t: string, from: number): number {
  // Leet characters are rare in prose: find each (the expression engine's scan for one class of characters
  // is several times faster than a loop over character codes) and look at its neighbours, the letter
  // before it first (the leftmost pair).
  const n = t.length
  LEET_CHAR.lastIndex = from
  while (LEET_CHAR.test(t)) {
    const i = LEET_CHAR.lastIndex - 1
    if (i > from && isLetter(t.charCodeAt(i - 1))) return i - 1
    if (i + 1 < n && isLetter(t.charCodeAt(i + 1))) return i
  }
  return -1
}
const LEET_CHAR = /[0134578@$]/g
// One-pass tests that gate each (costlier) rewrite.
// (A string of Latin-1 characters alone is stored one byte a character, and the expression engine fails a
// class of characters past Latin-1 on it at once; the soft hyphen is looked for as one character.)
const WIDE = /[\u0100-\uffff]/
const beyondLatin1 = (t: string) => t.indexOf('\u00ad') >= 0 || WIDE.test(t)
const INVISIBLE_ANY = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]|\udb40[\udc00-\udc7f]/
// (Lower-case letters with any separator, or capitals without a dot: dotted capitals are acronyms. Sticky:
// tried only at such a start, not as a scan of the text.)
const SPACED_AT = /(?:^|[^a-z0-9])[a-z]([ .\-_*|/]{1,2})[a-z]\1[a-z]\1[a-z](?![a-z0-9])|(?:^|[^A-Za-z0-9])[A-Z]([ \-_*|/]{1,2})[A-Z]\2[A-Z]\2[A-Z](?![A-Za-z0-9])/y
// (A run of them between letters, "1d10t"; or an 8 after letters ending a word, "h8", which reads "ate".)
const LEET_ANY = /[a-z][0134578@$]+[a-z]|(?:^|[^a-z0-9])[0134578@$][a-z]{2}|[a-z]8(?![a-z0-9])/i
// An exclamation mark between lower-case letters stands for an i ("id!ot", "b!tch"); before a capital it
// ends a sentence typed without a space ("Wow!That"), and at a word's end it is punctuation.
const BANG_I = /([a-z])!(?=[a-z])/g
/** Is there a "!" between lower-case letters (/[a-z]![a-z]/)? Each "!" is found as one character (prose has few). */
function bangBetween(t: string): boolean {
  for (let i = t.indexOf('!'); i >= 0; i = t.indexOf('!', i + 1)) if (isLower(t.charCodeAt(i - 1)) && isLower(t.charCodeAt(i + 1))) return true
  return false
}
const LEET: Record<string, string> = { 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', 8: 'b', '@': 'a', $: 's' }

const isLeet = (c: number) => c === 0x30 || c === 0x31 || c === 0x33 || c === 0x34 || c === 0x35 || c === 0x37 || c === 0x38 || c === 0x40 || c === 0x24
// The separators of spaced letters, looked up in one read.
const SEP_CHAR = new Uint8Array(128)
for (const c of ' .-_*|/') SEP_CHAR[c.charCodeAt(0)] = 1
// Zero-width, bidi and format characters, full-width forms, Greek and Cyrillic, and the few Latin
// look-alikes and astral prefixes (styled letters, tag characters) deobfuscate handles.
const isOdd = (c: number) =>
  c === 0xad || (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) || c === 0xfeff ||
  (c >= 0xff01 && c <= 0xff5e) || (c >= 0x370 && c <= 0x52f) || c === 0x261 || c === 0x131 || c === 0xd835 || c === 0xdb40

/**
 * Fast test: can `text` hold any obfuscation `deobfuscate` undoes? One loop over the text (a regular
 * expression with these alternatives at every position cost several times as much on short texts):
 * an odd character; a leet character between letters, or starting a word before two letters; or four
 * single letters joined by one or two separators.
 */
function maybeObfuscated(t: string): boolean {
  const n = t.length
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i)
    // Two lower-case letters in a row (most of prose): neither starts a run of spaced letters nor is any
    // of the rest.
    if (isLower(c) && isLower(t.charCodeAt(i + 1))) {
      i++
      continue
    }
    if (c >= 0x80) {
      if (isOdd(c)) return true
      continue
    }
    const start = i === 0 || !isAlnum(t.charCodeAt(i - 1))
    if (isLeet(c)) {
      if (i > 0 && isLetter(t.charCodeAt(i - 1))) {
        // A run of leet characters between letters ("1d10t"), or an 8 ending a word ("h8").
        let j = i + 1
        while (j < n && isLeet(t.charCodeAt(j))) j++
        if (j < n && isLetter(t.charCodeAt(j))) return true
        if (c === 0x38 && j === i + 1 && (j >= n || !isAlnum(t.charCodeAt(j)))) return true
      }
      if (start && i + 2 < n && isLetter(t.charCodeAt(i + 1)) && isLetter(t.charCodeAt(i + 2))) return true
    } else if ((c === 0x21 || c === 0x2a) && i > 0 && i + 1 < n && isLetter(t.charCodeAt(i - 1))) {
      // "id!ot"; masked letters, "st*pid", "f**k".
      let j = i + 1
      if (c === 0x2a) while (j < n && t.charCodeAt(j) === 0x2a) j++
      if (j < n && isLetter(t.charCodeAt(j))) return true
    } else if (start && isLetter(c)) {
      let j = i
      let letters = 1
      while (letters < 4) {
        if (j + 2 >= n || !isSep(t.charCodeAt(j + 1))) break
        if (isLetter(t.charCodeAt(j + 2))) j += 2
        else if (j + 3 < n && isSep(t.charCodeAt(j + 2)) && isLetter(t.charCodeAt(j + 3))) j += 3
        else break
        letters++
      }
      if (letters === 4) return true
    }
  }
  return false
}

const isLetter = (c: number) => ((c | 0x20) - 0x61) >>> 0 < 26
// (False for NaN, what charCodeAt reads past the end.)
const isLower = (c: number) => c >= 0x61 && c <= 0x7a
const isAlnum = (c: number) => isLetter(c) || (c >= 0x30 && c <= 0x39)
const isLowerOrDigit = (c: number) => isLower(c) || (c >= 0x30 && c <= 0x39)
const isSep = (c: number) => c < 0x80 && SEP_CHAR[c] === 1

/**
 * Can SPACED_AT match at a letter `i` that has a separator after it? Every match has such a letter at its
 * start or one character in, with no lower-case letter or digit before it; the expression is tried only
 * there, so prose costs no scan of its own.
 */
function spacedAt(t: string, i: number): boolean {
  if (i > 0) {
    const b = t.charCodeAt(i - 1)
    if ((b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39)) return false
  }
  SPACED_AT.lastIndex = i > 0 ? i - 1 : 0
  return SPACED_AT.test(t)
}

/**
 * One run of spaced letters from a letter at `i` with a separator of `n` characters: the index after its
 * last letter that ends a run of four or more letters followed by no letter or digit, or -1.
 */
function spacedRun(t: string, i: number, n: number): number {
  if (i + n + 1 >= t.length) return -1
  for (let k = 1; k <= n; k++) if (!isSep(t.charCodeAt(i + k))) return -1
  const sep = t.slice(i + 1, i + 1 + n)
  let letters = 1
  let at = i + 1
  let best = -1
  while (at + n < t.length && t.startsWith(sep, at) && isLetter(t.charCodeAt(at + n))) {
    at += n + 1
    letters++
    if (letters >= 4 && (at >= t.length || !isAlnum(t.charCodeAt(at)))) best = at
  }
  return best
}

/**
 * Spaced or split letters: four or more single letters with one repeated separator of one or two
 * characters ("i g n o r e", "i-g-n-o-r-e"); dotted capitals are acronyms (U.S.S.R., I. A. P. A.) and
 * stay. Only when SPACED_AT matches somewhere (four letters all lower case or all capitals, dotted capitals
 * excepted). Returns the runs to join as [start, end, separator length] triples, or null when there is
 * none to join. One loop over the text (a regular expression with a back-reference inside a repeated
 * group overflows the engine's stack on megabytes of spaced letters); each run is read at most twice.
 */
function spacedRuns(t: string): number[] | null {
  const runs: number[] = []
  let gate = false
  // Both a run and a match of SPACED_AT start at a letter i with a separator after it and no lower-case
  // letter or digit before it, and read from i - 1 to the character after their fourth letter (at most
  // i + 10) only separators, letters standing alone and, at either end, no lower-case letter: no two
  // lower-case letters in a row touch them. So a pair of lower-case letters starting at q (most of prose)
  // rules out every start from q - 7 to q + 2, and starts are read only between two pairs 11 or more
  // characters apart; the text is read two characters in ten, from the end of the ten after the last pair
  // (the nearest pair to it moves on). The starts are read in order, and none inside a joined run.
  const len = t.length
  let next = 0
  // The last pair read starts at q (-3: none yet, starts from 0 are open); no pair starts in (q, known].
  let q = -3
  let known = -3
  while (q + 3 < len) {
    if (q + 11 < len) {
      const low = Math.max(q, known)
      let p = q + 10
      let right = isLower(t.charCodeAt(p + 1))
      for (; p > low; p--) {
        const left = isLower(t.charCodeAt(p))
        if (left && right) break
        right = left
      }
      if (p > low) {
        known = q + 10
        q = p
        continue
      }
    }
    // No pair in the next ten: the next pair (or the end, len), and the starts between the two. (No read
    // past the end: it would send the optimised loop back to the interpreter. A start has a character after it.)
    let q2 = q + 11
    while (q2 + 1 < len && !(isLower(t.charCodeAt(q2)) && isLower(t.charCodeAt(q2 + 1)))) q2++
    if (q2 + 1 >= len) q2 = len
    const last = q2 === len ? len - 2 : q2 - 8
    for (let i = Math.max(q + 3, next); i <= last; i++) {
      if (i < next || !isLetter(t.charCodeAt(i)) || !isSep(t.charCodeAt(i + 1)) || (i > 0 && isLowerOrDigit(t.charCodeAt(i - 1)))) continue
      if (!gate) gate = spacedAt(t, i)
      if (i > 0 && isAlnum(t.charCodeAt(i - 1))) continue
      let n = 2
      let end = spacedRun(t, i, 2)
      if (end < 0) {
        n = 1
        end = spacedRun(t, i, 1)
      }
      if (end < 0) continue
      // The run's own letters are skipped below; SPACED_AT may still match at one of them.
      for (let k = i + 2; !gate && k < end; k++) if (isSep(t.charCodeAt(k + 1)) && isLetter(t.charCodeAt(k))) gate = spacedAt(t, k)
      // (The character after a run is no letter or digit: the next start is past it.)
      next = end
      if (t.slice(i + 1, i + 1 + n).includes('.') && ACRONYM.test(t.slice(i, end))) continue
      runs.push(i, end, n)
    }
    known = q2 - 1
    q = q2
  }
  return runs.length === 0 || !gate ? null : runs
}

/** The pieces of `t` with its spaced runs joined, in order: the text between runs and each run's letters. */
function joinedPieces(t: string, runs: number[]): string[] {
  const pieces: string[] = []
  let done = 0
  for (let r = 0; r < runs.length; r += 3) {
    const i = runs[r]
    const end = runs[r + 1]
    const n = runs[r + 2]
    let letters = ''
    for (let k = i; k < end; k += n + 1) letters += t[k]
    pieces.push(t.slice(done, i), letters)
    done = end
  }
  pieces.push(t.slice(done))
  return pieces
}

function leetWord(w: string): string {
  // Numbers with a unit or an ordinal (10km, 3rd, 4th), names with a version (mp3, gpt4, covid19) stay;
  // but an 8 after letters ending a word reads "ate" ("h8", "m8", "gr8").
  if (/^\d+[a-z]{1,3}$/i.test(w) || (/^[a-z]+\d+$/i.test(w) && !/^[a-z]+8$/i.test(w)) || /^\d+$/.test(w)) return w
  if (!/\p{L}[0134578@$]|[0134578@$]\p{L}/u.test(w)) return w
  let out = ''
  const cs = [...w]
  // An 8 after a letter is the sound "ate" ("h8", "l8r"; "at" before an e: "h8ers"); elsewhere the letter B ("8itch").
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]
    out += c === '8' && i > 0 && /\p{L}/u.test(cs[i - 1]) ? (cs[i + 1] === 'e' || cs[i + 1] === 'E' ? 'at' : 'ate') : LEET[c] ?? c
  }
  return out
}

/** Resolves a masked word (lower case, '*' in place of some letters: "st*pid", "f**k") to a listed word, or null. */
export type Unmask = (masked: string) => string | null

/** Longest masked word read (the lexicon's hostile words are shorter). */
const MASKED_MAX = 16

/**
 * Masked letters ("st*pid", "f**k", "a**hole"): a word of letters with asterisks inside it (a letter on
 * each side, 4 to MASKED_MAX characters, at least as many letters as asterisks) becomes the word `unmask` names. Emphasis
 * ("*really*"), footnotes ("note*"), products ("5*3", "b*c" when no listed word fits) and pointers ("*p")
 * stay as written. One pass; each word is read once.
 */
function unmaskWords(t: string, unmask: Unmask): string {
  let out = ''
  let done = 0
  for (let i = t.indexOf('*'); i >= 0 && i < t.length; i = t.indexOf('*', i + 1)) {
    if (i < done) continue
    let s = i
    let e = i
    while (s > 0 && (isLetter(t.charCodeAt(s - 1)) || t.charCodeAt(s - 1) === 0x2a)) s--
    while (e < t.length && (isLetter(t.charCodeAt(e)) || t.charCodeAt(e) === 0x2a)) e++
    const next = e
    if (s > 0 && isAlnum(t.charCodeAt(s - 1))) s = -1
    if (e < t.length && isAlnum(t.charCodeAt(e))) s = -1
    if (s >= 0 && e - s <= MASKED_MAX && isLetter(t.charCodeAt(s)) && isLetter(t.charCodeAt(e - 1))) {
      const w = t.slice(s, e).toLowerCase()
      let letters = 0
      for (let k = 0; k < w.length; k++) if (w.charCodeAt(k) !== 0x2a) letters++
      // Four characters or more, and no more masks than letters: a masked three-letter word or a mostly
      // masked one leaves too little to read ("x*x" is no "xxx"; "p***s" could be several words).
      const listed = letters >= 2 && w.length >= 4 && 2 * letters >= w.length ? unmask(w) : null
      if (listed !== null) {
        out += t.slice(done, s) + listed
        done = e
      }
    }
    i = next - 1
  }
  return done === 0 ? t : out + t.slice(done)
}

/**
 * The words of `t` around a letter-digit pair rewritten as leetspeak (leetWord), or null when none of them
 * changes (prose has few such pairs: ordinals, units, versions; the text is copied only for a change).
 */
function leetWords(t: string): string | null {
  let out = ''
  let done = 0
  let changed = false
  for (let p = leetPair(t, 0), from: number; p >= 0; p = leetPair(t, from)) {
    let s = p
    let e = p + 2
    while (s > done && isWordChar(t[s - 1])) s--
    while (e < t.length && isWordChar(t[e])) e++
    from = e
    const w = t.slice(s, e)
    const u = leetWord(w)
    if (u === w) continue
    changed = true
    out += t.slice(done, s) + u
    done = e
  }
  return changed ? out + t.slice(done) : null
}

/** What deobfuscate returns: the text with the obfuscations undone, lower-cased, and what was undone. */
export interface Deobfuscated {
  text: string
  found: string[]
}

/**
 * deobfuscateParts' answer: deobfuscate's, and when spaced letters joined are all it undid, the undone text
 * (before lower-casing) as pieces, so a caller that reads it piecewise makes no copy of it.
 */
export interface DeobfuscatedParts extends Deobfuscated {
  /** Pieces that `text` is the lower-casing of, joined; each a Latin-1 string. Null: use `text`. */
  pieces: string[] | null
  /** `text.slice(s, e)`, made from the pieces when there are (the whole text is not made). */
  slice(s: number, e: number): string
}

/**
 * Undo zero-width characters, homoglyphs, compatibility forms (full-width, mathematical letters),
 * spaced letters, leetspeak ("!" for i between letters, "8" for "ate" after one) and, given `unmask`
 * (toxicity passes its listed hostile words), masked letters. Returns null when nothing changed (the common case), else the text and
 * what was undone. The result is lower-cased.
 */
export function deobfuscate(text: string, unmask?: Unmask): Deobfuscated | null {
  return undo(text, unmask, false)
}

/**
 * deobfuscate(text) (no masked letters), with the undone text in pieces when joining spaced letters in a
 * Latin-1 text is all it undoes (Brown's "w-i-d-e" in prose): its `text` is made on first read. Joining
 * runs then copies the whole text and lower-casing copies it again (about 8 ms each per 2 MB); a caller
 * that writes the pieces into the core and lower-cases them there makes neither.
 */
export function deobfuscateParts(text: string): DeobfuscatedParts | null {
  return undo(text, undefined, true) as DeobfuscatedParts | null
}

function undo(text: string, unmask: Unmask | undefined, parts: boolean): Deobfuscated | DeobfuscatedParts | null {
  if (!maybeObfuscated(text)) return null
  const found: string[] = []
  let t = text
  // The next three need a soft hyphen or a character past Latin-1: one scan rules them out for most text.
  const wide = beyondLatin1(t)
  if (wide) {
    if (INVISIBLE_ANY.test(t)) {
      found.push('zero-width characters')
      t = t.replace(INVISIBLE, '')
    }
    // Full-width and styled letters are compatibility forms (NFKC undoes them); accents are not obfuscation.
    if (/[\uff01-\uff5e]|[\ud835][\udc00-\udfff]/.test(t)) {
      found.push('full-width or styled letters')
      t = t.normalize('NFKC')
    }
    if (MIXED.test(t)) {
      found.push('homoglyphs')
      t = t.replace(HOMOGLYPH, (c) => HOMOGLYPHS[c])
    }
  }
  const runs = spacedRuns(t)
  if (runs !== null) {
    found.push('spaced letters')
    // Joined runs are all there is to undo when no "!" stands between lower-case letters and no word
    // changes as leetspeak: both are read from the text as written, which gives what the joined text
    // gives when no run touches a leet character or a word character past a separator. A "!" is never
    // inside a run, whose first and last letters stay its neighbours; with neither side of a run a
    // character of [a-z0-9@$], the joined letters make a word of letters alone and the words around it
    // are those of the text.
    if (parts && !wide && runsApart(t, runs) && !bangBetween(t) && !(LEET_ANY.test(t) && leetWords(t) !== null)) return inPieces(joinedPieces(t, runs), found)
    t = joinedPieces(t, runs).join('')
  }
  let leet = false
  if (bangBetween(t)) {
    t = t.replace(BANG_I, '$1i')
    leet = true
  }
  if (unmask && t.includes('*')) {
    const u = unmaskWords(t, unmask)
    if (u !== t) {
      t = u
      found.push('masked letters')
    }
  }
  if (LEET_ANY.test(t)) {
    const u = leetWords(t)
    if (u !== null) {
      t = u
      leet = true
    }
  }
  if (leet) found.push('leetspeak')
  if (found.length === 0) return null
  const lower = t.toLowerCase()
  return parts ? { text: lower, found, pieces: null, slice: (s: number, e: number) => lower.slice(s, e) } : { text: lower, found }
}

/** No run of spaced letters has a character of [A-Za-z0-9@$] (a leetspeak word's) right before or after it. */
function runsApart(t: string, runs: number[]): boolean {
  for (let r = 0; r < runs.length; r += 3) {
    const i = runs[r]
    const end = runs[r + 1]
    if ((i > 0 && isWordCode(t.charCodeAt(i - 1))) || (end < t.length && isWordCode(t.charCodeAt(end)))) return false
  }
  return true
}

const isWordCode = (c: number) => isAlnum(c) || c === 0x40 || c === 0x24

/** The lower-cased join of Latin-1 `pieces` (lower-casing a Latin-1 string maps each character to one): made on first read. */
function inPieces(pieces: string[], found: string[]): DeobfuscatedParts {
  let text: string | null = null
  const starts: number[] = []
  let n = 0
  for (const p of pieces) {
    starts.push(n)
    n += p.length
  }
  return {
    found,
    pieces,
    get text() {
      return (text ??= pieces.join('').toLowerCase())
    },
    slice(s: number, e: number): string {
      if (text !== null) return text.slice(s, e)
      // The last piece starting at or before s, then pieces up to e.
      let lo = 0
      let hi = starts.length - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (starts[mid] <= s) lo = mid
        else hi = mid - 1
      }
      let out = ''
      for (let k = lo; k < pieces.length && starts[k] < e; k++) out += pieces[k].slice(Math.max(0, s - starts[k]), e - starts[k])
      return out.toLowerCase()
    }
  }
}
