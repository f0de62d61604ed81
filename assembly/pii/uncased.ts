// Names and places in scripts without capital letters: Chinese and Japanese (runs of Han characters with
// no spaces), Korean (Hangul words with particles attached), Arabic and Hebrew (words with one-letter
// prefixes attached), Devanagari (words read like Arabic and Hebrew, without prefixes). Capitals cannot mark a name here, so a candidate needs the script table
// (gazetteer.ts, S_*) and, where the list alone is not enough, a cue: 先生 / さん / 씨 after the name,
// 我叫 / 이름은 / السيد / שמי before it. Read token by token from the scan loop, only for tokens with
// bytes above ASCII, so other text pays nothing.
import { C_LOCATION, C_ORGANIZATION, C_PERSON, W_CUE, W_FORMAT, W_GAZETTEER } from './categories'
import {
  S_COMMON, S_CUE_AFTER, S_CUE_BEFORE, S_CUE_WEAK, S_FAMILY, S_GIVEN, S_GIVEN_AMBIG, S_JA_SURNAME, S_JOIN, S_NAMING,
  S_ORG_AFTER, S_PARTICLE, S_PLACE, S_PLACE_SUFFIX, S_STOP, S_STREET, S_SURNAME, S_SURNAME_WEAK, scriptLookup
} from './gazetteer'
import { N, P, at, emitWhy } from './state'
import { cpLen } from '../text/uchar'
import { cpAt, eqi } from './text'

// Script-table flags beyond gazetteer.ts's S_* (keep in sync with scripts/build-pii-gazetteer.mjs).
// A word that ends a Chinese name right after it: 表示, 指出, 昨天 ("张伟表示", "李娜昨天").
const S_NAME_END: u32 = 262144
// A kinship or address word after a bare Korean given name: 형, 언니, 씨 ("준호 형이").
const S_KIN: u32 = 524288
// A word that opens an organisation's name in Arabic or Hebrew: بنك, جامعة, מכון, בית החולים.
const S_ORG_HEAD: u32 = 1048576

// Per-call state: whether the text's kana were looked for (JA_READY) and found (JA), how far tokens have
// been read (DONE), and the cue and word context carried from one run to the next.
let JA_READY = false
let DONE: usize = 0

export function uncasedReset(): void {
  JA_READY = false
  DONE = 0
  CARRY = 0
  prevKoS = 0
  prevKoE = 0
  prevSemS = 0
  prevSemE = 0
  semSkipTo = 0
}

const K_OTHER: u32 = 0
const K_HAN: u32 = 1
const K_KANA: u32 = 2
const K_HANGUL: u32 = 3
const K_ARABIC: u32 = 4
const K_HEBREW: u32 = 5
const K_KATAKANA: u32 = 6
const K_DEVANAGARI: u32 = 7
const K_THAI: u32 = 8

function kindOf(u: u32): u32 {
  if (u >= 0x4e00 && u <= 0x9fff) return K_HAN
  if (u >= 0x3400 && u <= 0x4dbf) return K_HAN
  if (u == 0x3005) return K_HAN // 々, the repetition mark in 佐々木
  if (u >= 0x30a0 && u <= 0x30ff) return K_KATAKANA
  if (u >= 0x3040 && u <= 0x309f) return K_KANA
  if (u >= 0xac00 && u <= 0xd7a3) return K_HANGUL
  if (u >= 0x0621 && u <= 0x06d3 && u != 0x0640) return K_ARABIC
  if (u >= 0x0591 && u <= 0x05f4 && u != 0x05be && u != 0x05c0 && u != 0x05c3) return K_HEBREW
  if (u >= 0x0900 && u <= 0x097f && (u < 0x0964 || u > 0x096f)) return K_DEVANAGARI
  if (u >= 0x0e01 && u <= 0x0e4e && u != 0x0e2f && u != 0x0e3f) return K_THAI
  return K_OTHER
}

/** End of the run of kind k from s (Hebrew words keep ״ ' " inside: ד"ר, גב'). */
function runEndOf(s: usize, k: u32): usize {
  let i = s
  while (i < N) {
    const u = cpAt(i)
    let w = cpLen
    let kk = kindOf(u)
    if (kk != k && k == K_HEBREW && (u == 0x22 || u == 0x27)) {
      // Gershayim inside a word (ד"ר) or a final geresh (גב').
      kk = u == 0x27 || kindOf(cpAt(i + 1)) == K_HEBREW ? K_HEBREW : K_OTHER
      w = 1
    }
    if (kk != k) break
    i += w
  }
  return i
}

// ---------------- Chinese and Japanese ----------------

let HS: usize = 0 // start of the Han run under study
let HN: i32 = 0 // its length in characters (3 bytes each)
let HE: usize = 0
let JA = false

// @ts-ignore: decorator
@inline function hk(i: i32, len: i32): u32 {
  return i < 0 || i + len > HN ? 0 : scriptLookup(P + HS + <usize>(i * 3), <usize>(len * 3))
}

function stopAt(i: i32): bool {
  return i < HN && (hk(i, 1) & S_STOP) != 0
}

/** Length in characters of a cue word after a name starting at character i (先生, 様), 0 if none. */
function cueAfterAt(i: i32): i32 {
  if (i >= HN) return 0
  if ((hk(i, 2) & S_CUE_AFTER) != 0) return 2
  if ((hk(i, 1) & S_CUE_AFTER) != 0) return 1
  return 0
}

/** Is the Han run followed by a kana honorific (さん, くん, ちゃん, さま)? */
function kanaCueAfterRun(): bool {
  if (HE + 6 <= N && (scriptLookup(P + HE, 6) & S_CUE_AFTER) != 0) return true
  return HE + 9 <= N && (scriptLookup(P + HE, 9) & S_CUE_AFTER) != 0
}

function surnameLen(i: i32, weakToo: bool): i32 {
  // Japanese surnames count in Japanese text, and wherever a cue vouches for the name (中村様 with no kana).
  if (JA || weakToo) {
    for (let l: i32 = 3; l >= 1; l--) if ((hk(i, l) & S_JA_SURNAME) != 0) return l
  }
  if ((hk(i, 2) & S_SURNAME) != 0) return 2
  const f = hk(i, 1)
  if ((f & S_SURNAME) != 0 && (weakToo || (f & S_SURNAME_WEAK) == 0)) return 1
  return 0
}

/** Are characters [a, b) possible given-name characters (no stop character, no cue starting there)? */
function givenOk(a: i32, b: i32): bool {
  for (let k = a; k < b; k++) if (stopAt(k) || cueAfterAt(k) != 0) return false
  return true
}

/** Are characters [a, b) all frequent given-name characters (伟, 芳, 志, 玲)? */
function givenChars(a: i32, b: i32): bool {
  for (let k = a; k < b; k++) if ((hk(k, 1) & S_GIVEN) == 0) return false
  return true
}

/** Can a name end before character i: the run's end, a stop character, a cue, or a verb or time word? */
function nameBoundary(i: i32): bool {
  return i >= HN || stopAt(i) || cueAfterAt(i) != 0 || (hk(i, 2) & S_NAME_END) != 0 || (hk(i, 1) & S_NAME_END) != 0
}

/** A name right before a cue (张伟先生, 佐藤さん): returns its end in characters, or -1. */
function nameBeforeCue(i: i32): i32 {
  const sl = surnameLen(i, true)
  if (sl == 0) return -1
  for (let g: i32 = 2; g >= 0; g--) {
    const end = i + sl + g
    if (end > HN || !givenOk(i + sl, end)) continue
    if (cueAfterAt(end) != 0 || (end == HN && kanaCueAfterRun())) return end
  }
  return -1
}

/** A name after a cue (我叫王小明, 名前は田中花子): end in characters, or -1. */
function nameAfterCue(i: i32, strong: bool): i32 {
  const sl = surnameLen(i, true)
  if (sl == 0 && !strong) return -1
  if (!strong && (hk(i, 2) & S_COMMON) != 0) return -1
  // After a weak cue (记者, 同事) a surname that also starts everyday words (安排, 高兴) needs a given-name character.
  if (!strong && !JA && surnameLen(i, false) == 0 && !givenChars(i + sl, i + sl + 1)) return -1
  for (let g: i32 = 2; g >= 1; g--) {
    const end = i + sl + g
    if (end > HN || !givenOk(i + sl, end)) continue
    if (nameBoundary(end)) return end
  }
  // No boundary after it: the longest plausible name.
  if (i + sl + 2 <= HN && givenOk(i + sl, i + sl + 2)) return i + sl + 2
  return -1
}

/** A place from character i (北京, 广东省, 福岡県): end in characters, or -1. */
function placeAt(i: i32): i32 {
  const max = HN - i < 6 ? HN - i : 6
  for (let l = max; l >= 2; l--) {
    if ((hk(i, l) & S_PLACE) != 0) {
      let end = i + l
      if ((hk(end, 1) & S_PLACE_SUFFIX) != 0) end++
      // 东京大学, 北京银行: the place names an organisation.
      if ((hk(end, 2) & S_ORG_AFTER) != 0 || (hk(end, 3) & S_ORG_AFTER) != 0 || (hk(end, 4) & S_ORG_AFTER) != 0) return -1
      return end
    }
  }
  return -1
}

/** A name with no cue: a surname at a boundary and one or two characters before a boundary (刘洋是...). */
function plainName(i: i32): i32 {
  // A kanji run standing alone between other scripts ("佐藤健 (Osaka)") reads as Japanese even without kana.
  const alone = i == 0 && (HS == 0 || at(HS - 1) < 0x80) && (HE >= N || at(HE) < 0x80)
  if (JA || alone) {
    // Japanese: a whole kanji run made of a frequent two- or three-character surname and at most two more.
    if (i != 0) return -1
    for (let l: i32 = 3; l >= 2; l--) {
      if ((hk(0, l) & S_JA_SURNAME) != 0 && HN - l <= 2) return HN
      // Three given-name characters when the last is a usual name ending (石原慎太郎, 山田由香里).
      if ((hk(0, l) & S_JA_SURNAME) != 0 && HN - l == 3 && (hk(HN - 1, 1) & S_GIVEN) != 0) return HN
    }
    if (JA) return -1
  }
  if (i > 0 && !stopAt(i - 1)) return -1
  // 小刘, 老王: a familiar form, a surname after 小 or 老, before a boundary.
  if (i + 2 <= HN && nickAt(i) && (hk(i + 1, 1) & S_SURNAME) != 0 && (i + 2 == HN || stopAt(i + 2))) return i + 2
  // 阿杰, 阿明: 阿 (U+963F) and a given-name character, before a boundary.
  const ap = HS + <usize>(i * 3)
  if (i + 2 <= HN && at(ap) == 0xe9 && at(ap + 1) == 0x98 && at(ap + 2) == 0xbf && givenChars(i + 1, i + 2) && nameBoundary(i + 2)) return i + 2
  // Chinese surnames only, weak ones too (the Japanese list has 森, 林 and 原, everyday Chinese words).
  const sl = (hk(i, 2) & S_SURNAME) != 0 ? 2 : (hk(i, 1) & S_SURNAME) != 0 ? 1 : 0
  if (sl == 0 || (hk(i, 2) & S_COMMON) != 0 || (hk(i, 3) & S_COMMON) != 0) return -1
  // A surname that also starts everyday words (林, 高, 安) needs two given-name characters (林志玲).
  const weak = surnameLen(i, false) == 0
  for (let g: i32 = 2; g >= 1; g--) {
    const end = i + sl + g
    if (end > HN || !givenOk(i + sl, end)) continue
    if ((hk(i + sl, g) & S_COMMON) != 0) continue
    if (weak && (g < 2 || !givenChars(i + sl, end))) continue
    if (end == HN || stopAt(end)) return end
    // A verb or time word after it (张伟表示, 李娜昨天) ends a name made of given-name characters.
    if (nameBoundary(end) && givenChars(i + sl, end)) return end
  }
  return -1
}

/** Is character i 小 (U+5C0F) or 老 (U+8001), which make a surname after them a familiar name? */
function nickAt(i: i32): bool {
  const p = HS + <usize>(i * 3)
  return (at(p) == 0xe5 && at(p + 1) == 0xb0 && at(p + 2) == 0x8f) || (at(p) == 0xe8 && at(p + 1) == 0x80 && at(p + 2) == 0x81)
}

// A cue word that ended a run ("联系人：") lets the next run, just after it, start with a name.
let CARRY: usize = 0
let CARRY_STRONG = false

// @ts-ignore: decorator
@inline function at3(i: i32): usize {
  return HS + <usize>(i * 3)
}

function hanRun(s: usize, e: usize): void {
  HS = s
  HE = e
  HN = <i32>((e - s) / 3)
  let cueAt: i32 = -1
  let strong = false
  if (CARRY != 0 && s >= CARRY && s - CARRY <= 4) {
    cueAt = 0
    strong = CARRY_STRONG
  }
  CARRY = 0
  let i: i32 = 0
  while (i < HN) {
    if (i == cueAt) {
      const z = nameAfterCue(i, strong)
      if (z > i) {
        emitWhy(at3(i), at3(z), C_PERSON, W_GAZETTEER | W_CUE)
        i = z
        continue
      }
    }
    // A cue before a name: 我叫, 名字叫, 名前は.
    let cl: i32 = 0
    for (let l: i32 = 3; l >= 1 && cl == 0; l--) {
      const f = hk(i, l)
      if ((f & S_CUE_BEFORE) != 0) {
        cl = l
        strong = true
      } else if ((f & S_CUE_WEAK) != 0) {
        cl = l
        strong = false
      }
    }
    if (cl > 0) {
      i += cl
      cueAt = i
      if (i >= HN) {
        CARRY = e
        CARRY_STRONG = strong
      }
      continue
    }
    let z = nameBeforeCue(i)
    if (z > i) {
      emitWhy(at3(i), at3(z), C_PERSON, W_GAZETTEER | W_CUE)
      i = z + cueAfterAt(z)
      continue
    }
    z = placeAt(i)
    if (z > i) {
      emitWhy(at3(i), at3(z), C_LOCATION, W_GAZETTEER)
      i = z
      continue
    }
    z = plainName(i)
    if (z > i) {
      emitWhy(at3(i), at3(z), C_PERSON, W_GAZETTEER)
      i = z
      continue
    }
    i++
  }
}

/** Byte length of a kana honorific at p (さん, くん, さま, ちゃん), 0 if none. */
function honorificAt(p: usize): usize {
  if (p + 6 <= N && (scriptLookup(P + p, 6) & S_CUE_AFTER) != 0) return 6
  if (p + 9 <= N && (scriptLookup(P + p, 9) & S_CUE_AFTER) != 0) return 9
  return 0
}

/**
 * A hiragana run [s, e) that opens with two to four characters and an honorific, which then ends a
 * word (a particle, punctuation or the end of the run follows): ゆうきさんは. Everyday words that end
 * in an honorific (たくさん, おかあさん) are listed as common.
 */
function kanaName(s: usize, e: usize): void {
  for (let p = s + 6; p <= s + 12 && p < e; p += 3) {
    const h = honorificAt(p)
    if (h == 0) continue
    const q = p + h
    if (q > e) return
    if (q < e) {
      // Particles that may follow: は が を に の と も へ で や よ ね.
      const u = cpAt(q)
      if (!(u == 0x306f || u == 0x304c || u == 0x3092 || u == 0x306b || u == 0x306e || u == 0x3068 || u == 0x3082 ||
        u == 0x3078 || u == 0x3067 || u == 0x3084 || u == 0x3088 || u == 0x306d)) return
    }
    if ((scriptLookup(P + s, q - s) & S_COMMON) != 0 || (scriptLookup(P + s, p - s) & S_COMMON) != 0) return
    emitWhy(s, p, C_PERSON, W_CUE)
    return
  }
}

// ---------------- Thai ----------------

/**
 * A Thai run [s, e) (Thai writes no spaces between words; a space often ends a name): a title at the run's
 * start (นาย, นางสาว, คุณ, ชื่อ) names the characters after it up to the space (at most 12), and นาย / นาง /
 * นางสาว, formal titles, take the surname after one space too; everyday words that begin with a title
 * (คุณภาพ, นายก) are listed. Provinces and cities are found anywhere in a run.
 */
function thaiRun(s: usize, e: usize): void {
  for (let l: usize = 9; l >= 3; l--) {
    const cl = l * 3
    if (s + cl >= e || (scriptLookup(P + s, cl) & S_CUE_BEFORE) == 0) continue
    let common = false
    for (let m: usize = 1; m <= 6; m++) {
      if (s + cl + m * 3 <= e && (scriptLookup(P + s, cl + m * 3) & S_COMMON) != 0) common = true
    }
    if (common) break
    let z = e
    if (z - (s + cl) > 36) z = s + cl + 36
    // นาย, นาง, นางสาว (3, 3 and 6 characters, all starting with น) take the surname after a space.
    if (z == e && at(s + 2) == 0x99 && at(s + 1) == 0xb8 && at(e) == 0x20 && nextWord(e, K_THAI) && NW_E - NW_S <= 45) z = NW_E
    emitWhy(s + cl, z, C_PERSON, W_GAZETTEER | W_CUE)
    return
  }
  let i = s
  while (i + 6 <= e) {
    let hit: usize = 0
    for (let l: usize = 14; l >= 2; l--) {
      if (i + l * 3 <= e && (scriptLookup(P + i, l * 3) & S_PLACE) != 0) {
        hit = l * 3
        break
      }
    }
    if (hit > 0) {
      emitWhy(i, i + hit, C_LOCATION, W_GAZETTEER)
      i += hit
    } else i += 3
  }
}

// ---------------- Korean ----------------

let prevKoS: usize = 0
let prevKoE: usize = 0
let NW_S: usize = 0
let NW_E: usize = 0

/** The word of kind k right after e (one or two spaces between), in NW_S/NW_E; false if none. */
function nextWord(e: usize, k: u32): bool {
  let i = e
  while (i < N && i - e < 2 && at(i) == 0x20) i++
  if (i == e || i >= N) return false
  if (kindOf(cpAt(i)) != k) return false
  NW_S = i
  NW_E = runEndOf(i, k)
  return true
}

/** Flags of the longest prefix (1-3 syllables) of the Hangul word [s, e) that has any of `want`. */
function koPrefix(s: usize, e: usize, want: u32): u32 {
  for (let l: usize = 3; l >= 1; l--) {
    if (s + l * 3 > e) continue
    const f = scriptLookup(P + s, l * 3)
    if ((f & want) != 0) return f
  }
  return 0
}

function koWord(s: usize, e: usize): void {
  const n = (e - s) / 3
  const pf = prevKoE > prevKoS && s - prevKoE <= 2 ? scriptLookup(P + prevKoS, prevKoE - prevKoS) : 0
  prevKoS = s
  prevKoE = e
  // Place: a known name, perhaps a suffix (시, 도, 광역시), then nothing or a particle (에, 에서, 으로).
  for (let l: usize = n < 5 ? n : 5; l >= 2; l--) {
    if ((scriptLookup(P + s, l * 3) & S_PLACE) == 0) continue
    let z = s + l * 3
    for (let m: usize = 3; m >= 1; m--) {
      if (z + m * 3 <= e && (scriptLookup(P + z, m * 3) & S_PLACE_SUFFIX) != 0) {
        const rest = z + m * 3
        if (rest == e || (scriptLookup(P + rest, e - rest) & S_PARTICLE) != 0) {
          z = rest
          break
        }
      }
    }
    if (z == e || (scriptLookup(P + z, e - z) & S_PARTICLE) != 0) {
      emitWhy(s, z, C_LOCATION, W_GAZETTEER)
      return
    }
  }
  // A bare given name of two name syllables before a kinship or address word ("준호 형이", "지은 씨").
  if (n == 2 && koGiven(s) && koGiven(s + 3) && nextWord(e, K_HANGUL) && koKin(NW_S, NW_E)) {
    emitWhy(s, e, C_PERSON, W_GAZETTEER | W_CUE)
    return
  }
  // Person: a surname and a two-syllable given name, with a cue after it (씨, 님, 선생님), in it
  // (김민수씨, 윤서연이라고) or before it (이름은).
  if (n < 3 || (scriptLookup(P + s, 3) & S_SURNAME) == 0) return
  const z = s + 9
  const rest: u32 = z < e ? scriptLookup(P + z, e - z) : 0
  const strongCue = (pf & S_CUE_BEFORE) != 0
  const weakCue = (pf & S_CUE_WEAK) != 0
  let ok = false
  let cue = true
  if (z == e && nextWord(e, K_HANGUL) && (koPrefix(NW_S, NW_E, S_CUE_AFTER) & S_CUE_AFTER) != 0) ok = true
  else if (z < e && (koPrefix(z, e, S_CUE_AFTER) & S_CUE_AFTER) != 0) ok = true
  else if ((rest & S_NAMING) != 0 && (strongCue || weakCue)) ok = true
  else if (strongCue && (z == e || (rest & S_PARTICLE) != 0)) ok = true
  // A name standing alone at the start of a line, as in a form ("송민호 (주민등록번호 ...)").
  else if (z == e && (s == 0 || at(s - 1) == 0x0a) && (e >= N || at(e) == 0x2c || (at(e) == 0x20 && at(e + 1) == 0x28))) ok = true
  else if (koGiven(s + 3) && koGiven(s + 6) && !sameSyllable(s + 3, s + 6)) {
    // No cue: a surname and two given-name syllables, then a particle (김민수는, 박서준이) or, as in a
    // list, a comma, bracket or the end of the text ("김민수, 이지은").
    const c = z < N ? at(z) : 0
    ok = (z < e && (rest & (S_PARTICLE | S_NAMING)) != 0) || (z == e && (z >= N || c == 0x2c || c == 0x28 || c == 0x29 || c == 0x0a || c == 0x2e))
    cue = false
  }
  if (ok) emitWhy(s, z, C_PERSON, cue ? W_GAZETTEER | W_CUE : W_GAZETTEER)
}

/** Is the Hangul syllable at byte p frequent in given names? */
function koGiven(p: usize): bool {
  return (scriptLookup(P + p, 3) & S_GIVEN) != 0
}

function sameSyllable(a: usize, b: usize): bool {
  return at(a) == at(b) && at(a + 1) == at(b + 1) && at(a + 2) == at(b + 2)
}

/** Is [s, e) a kinship or address word, alone or with a particle (형, 형이, 언니가)? */
function koKin(s: usize, e: usize): bool {
  for (let l: usize = 3; l >= 1; l--) {
    if (s + l * 3 > e || (scriptLookup(P + s, l * 3) & S_KIN) == 0) continue
    const r = s + l * 3
    if (r == e || (scriptLookup(P + r, e - r) & S_PARTICLE) != 0) return true
  }
  return false
}

// ---------------- Arabic and Hebrew ----------------

let prevSemS: usize = 0
let prevSemE: usize = 0
let semSkipTo: usize = 0

/** Byte length of a one-letter prefix on the word at s (Arabic و ف ب ل; Hebrew ו ב ל מ ה ש כ), or 0. */
function prefixLen(s: usize, e: usize, heb: bool): usize {
  if (e - s < 6) return 0
  const a = at(s)
  const b = at(s + 1)
  if (heb) {
    if (a == 0xd7 && (b == 0x95 || b == 0x91 || b == 0x9c || b == 0x9e || b == 0x94 || b == 0xa9 || b == 0x9b)) return 2
    return 0
  }
  if ((a == 0xd9 && (b == 0x88 || b == 0x81 || b == 0x84)) || (a == 0xd8 && b == 0xa8)) return 2
  return 0
}

/** Flags of [s, e) and, when the next word follows after one space, of the two-word phrase (in PH). */
let PH: u32 = 0
function semFlags(s: usize, e: usize, k: u32): u32 {
  PH = 0
  if (at(e) == 0x20 && nextWord(e, k) && NW_S == e + 1) PH = scriptLookup(P + s, NW_E - s)
  return scriptLookup(P + s, e - s)
}

function isNisba(s: usize, e: usize): bool {
  // ال... ending in ي: a family name such as العتيبي, المصري.
  return e - s >= 8 && at(s) == 0xd8 && at(s + 1) == 0xa7 && at(s + 2) == 0xd9 && at(s + 3) == 0x84 &&
    at(e - 2) == 0xd9 && at(e - 1) == 0x8a
}

function semWord(s: usize, e: usize, k: u32): void {
  if (s < semSkipTo) return
  const heb = k == K_HEBREW
  const pf = prevSemE > prevSemS && s - prevSemE <= 2 ? scriptLookup(P + prevSemS, prevSemE - prevSemS) : 0
  const prevSemS0 = prevSemS
  prevSemS = s
  prevSemE = e
  const cue = (pf & S_CUE_BEFORE) != 0
  // A title or role (الرئيس, المريض, قال) before a word that is no function word and has no article.
  const weakCue = !heb && (pf & S_CUE_WEAK) != 0
  // After a street word (شارع, רחוב) the words name the street, up to a comma: part of an address.
  if ((pf & S_STREET) != 0) {
    let end = e
    for (let w = 0; w < 3 && nextWord(end, k); w++) end = NW_E
    emitWhy(prevSemS0, end, C_LOCATION, W_GAZETTEER | W_CUE)
    semSkipTo = end
    return
  }
  // The word as written, then without a one-letter prefix (و, ב, ל...).
  for (let pass = 0; pass < 2; pass++) {
    const b = pass == 0 ? s : s + prefixLen(s, e, heb)
    if (pass == 1 && b == s) break
    const f = semFlags(b, e, k)
    // An organisation: a head word (or two-word head) and the words of its name after it.
    if (((f | PH) & S_ORG_HEAD) != 0) {
      const z = semOrg((PH & S_ORG_HEAD) != 0 ? NW_E : e, k)
      if (z > 0) {
        emitWhy(b, z, C_ORGANIZATION, W_FORMAT)
        semSkipTo = z
        return
      }
    }
    if ((PH & S_PLACE) != 0) {
      emitWhy(b, NW_E, C_LOCATION, W_GAZETTEER)
      semSkipTo = NW_E
      return
    }
    if ((f & S_PLACE) != 0 && (f & S_GIVEN) == 0) {
      emitWhy(b, e, C_LOCATION, W_GAZETTEER)
      return
    }
    const nextName = nextWord(e, k) && (scriptLookup(P + NW_S, NW_E - NW_S) & (S_GIVEN | S_GIVEN_AMBIG | S_FAMILY | S_JOIN)) != 0
    const start = (f & S_GIVEN) != 0 || ((f & (S_GIVEN_AMBIG | S_FAMILY | S_JOIN)) != 0 && (cue || weakCue || nextName)) ||
      (cue && pass == 0 && (f & (S_CUE_BEFORE | S_PLACE | S_STOP)) == 0) ||
      (weakCue && pass == 0 && f == 0 && !hasArticle(b, e, false) && !verbLike(b, e))
    if (!start || (f & S_NAME_END) != 0) continue
    let end = e
    let joins = (f & S_JOIN) != 0 ? 1 : 0
    for (let w = 0; w < 3 && nextWord(end, k); w++) {
      const nf = scriptLookup(P + NW_S, NW_E - NW_S)
      if (joins > 0 || (nf & (S_GIVEN | S_GIVEN_AMBIG | S_FAMILY)) != 0 || (!heb && isNisba(NW_S, NW_E))) {
        joins = 0
        end = NW_E
      } else if ((nf & S_JOIN) != 0) {
        joins = 1
        end = NW_E
      } else break
    }
    emitWhy(b, end, C_PERSON, W_GAZETTEER | (cue ? W_CUE : 0))
    semSkipTo = end
    return
  }
}

/** Kana anywhere makes Han runs Japanese (surnames of the Japanese list, honorifics after the run). */
function jaScan(): void {
  JA_READY = true
  JA = false
  for (let q: usize = 0; q + 2 < N; q++) {
    if (at(q) == 0xe3 && (at(q + 1) == 0x81 || at(q + 1) == 0x82 || at(q + 1) == 0x83)) {
      const u = cpAt(q)
      if (u >= 0x3041 && u <= 0x30fa) {
        JA = true
        break
      }
    }
  }
}

/** Does the Arabic word start like a verb in the present or future (ي, ت, سي, ست: يدرس, تعمل, سيزور)? */
function verbLike(s: usize, e: usize): bool {
  if (e - s < 4) return false
  const isYaTa = (p: usize): bool => at(p) == 0xd9 && at(p + 1) == 0x8a || at(p) == 0xd8 && at(p + 1) == 0xaa
  return isYaTa(s) || (at(s) == 0xd8 && at(s + 1) == 0xb3 && isYaTa(s + 2))
}

/** Does the word start with the article ال (Arabic) or ה (Hebrew)? */
function hasArticle(s: usize, e: usize, heb: bool): bool {
  if (heb) return e - s >= 4 && at(s) == 0xd7 && at(s + 1) == 0x94
  return e - s >= 6 && at(s) == 0xd8 && at(s + 1) == 0xa7 && at(s + 2) == 0xd9 && at(s + 3) == 0x84
}

/**
 * End of an organisation's name after its head word ending at h: the next word (no function word),
 * then up to three more that carry the article or are known names and places (جامعة الملك سعود,
 * مستشفى الملك فيصل التخصصي); 0 when no word follows.
 */
function semOrg(h: usize, k: u32): usize {
  const heb = k == K_HEBREW
  let end: usize = 0
  let pos = h
  for (let w = 0; w < 4 && nextWord(pos, k); w++) {
    const nf = scriptLookup(P + NW_S, NW_E - NW_S)
    if ((nf & (S_STOP | S_CUE_BEFORE | S_ORG_HEAD | S_STREET)) != 0) break
    if (w > 0 && !hasArticle(NW_S, NW_E, heb) && (nf & (S_PLACE | S_GIVEN | S_GIVEN_AMBIG | S_FAMILY)) == 0) break
    end = NW_E
    pos = NW_E
  }
  return end
}

/**
 * Names and places in the runs of Han, kana, Hangul, Arabic or Hebrew characters that start in the token
 * [s, e), called by the token loop for tokens with high bytes, so candidates arrive in text order.
 */
export function uncasedToken(s: usize, e: usize): void {
  let i = s > DONE ? s : DONE
  if (i >= e) return
  DONE = e
  while (i < e) {
    if (at(i) < 0xc0) {
      i++
      continue
    }
    const k = kindOf(cpAt(i))
    if (k == K_KANA && !JA_READY) jaScan()
    if (k == K_KANA && JA) {
      // A name in hiragana with an honorific (ゆうきさん, はなちゃん).
      const z = runEndOf(i, k)
      kanaName(i, z)
      i = z > i ? z : i + cpLen
      continue
    }
    if (k == K_OTHER || k == K_KANA) {
      i += cpLen
      continue
    }
    if (!JA_READY) jaScan()
    const z = runEndOf(i, k)
    if (k == K_HAN) hanRun(i, z)
    else if (k == K_KATAKANA) {
      if ((scriptLookup(P + i, z - i) & S_PLACE) != 0) emitWhy(i, z, C_LOCATION, W_GAZETTEER)
      // A name in katakana with an honorific after it (マイクさん, ジョン・スミス氏).
      else if (z - i >= 6 && (honorificAt(z) > 0 || (z + 3 <= N && kindOf(cpAt(z)) == K_HAN && (scriptLookup(P + z, 3) & S_CUE_AFTER) != 0)))
        emitWhy(i, z, C_PERSON, W_CUE)
    } else if (k == K_HANGUL) koWord(i, z)
    else if (k == K_THAI) thaiRun(i, z)
    else semWord(i, z, k)
    i = z > i ? z : i + 1
  }
  if (i > DONE) DONE = i
}

/**
 * Words before a known given name in text with no capitals at all (chat, lower-cased logs), besides
 * "my name is": verbs and prepositions that take a person ("i saw lucy", "ask maria", "demande à
 * mathilde roux", "mit jürgen"). The name itself must be a listed name that is no everyday word.
 */
export function lowerCue(s: usize, e: usize): bool {
  const n = e - s
  if (n == 2 && at(s) == 0xc3 && at(s + 1) == 0xa0) return true // à
  if (n < 2 || n > 7) return false
  return eqi(s, e, 'saw') || eqi(s, e, 'see') || eqi(s, e, 'ask') || eqi(s, e, 'asked') || eqi(s, e, 'call') ||
    eqi(s, e, 'tell') || eqi(s, e, 'told') || eqi(s, e, 'met') || eqi(s, e, 'meet') || eqi(s, e, 'with') ||
    eqi(s, e, 'thanks') || eqi(s, e, 'pt') || eqi(s, e, 'patient') || eqi(s, e, 'mr') || eqi(s, e, 'mrs') ||
    eqi(s, e, 'ms') || eqi(s, e, 'dr') || eqi(s, e, 'avec') || eqi(s, e, 'mit') || eqi(s, e, 'con') ||
    eqi(s, e, 'contact')
}
