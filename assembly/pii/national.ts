// National and medical identifiers under Presidio's entity names: each is a layout (digits, letters,
// the separators people type) read in place, then a check digit or letter, a date, a prefix rule or a
// context word. An id whose layout is distinctive and carries a check (a codice fiscale, an NRIC, a NINO
// with its prefix rules) is reported on its own; a run of digits whose only check is one digit in ten or
// eleven (PESEL, NHS, TFN, Aadhaar, NPI, ...) could be any number, so it needs a word naming it in the
// few words before it ("NHS no. 943 476 5919"). Ids with no check at all (passports, driving licences,
// voter ids, medical record numbers) always need their word.
//
// Only tokens holding a digit reach nationalId, and a token that cannot be the start of an id (a
// short number with no digit group after it) is dismissed by its length before any layout is tried.
import {
  C_AU_ABN, C_AU_ACN, C_AU_MEDICARE, C_AU_TFN, C_DEA, C_ES_NIE, C_ES_NIF, C_FI_PIC, C_IN_AADHAAR, C_IN_PAN,
  C_IN_PASSPORT, C_IN_VEHICLE, C_IN_VOTER, C_ITIN, C_IT_DRIVER_LICENSE, C_IT_FISCAL_CODE, C_IT_IDENTITY_CARD,
  C_IT_PASSPORT, C_IT_VAT_CODE, C_KR_RRN, C_MEDICAL_LICENSE, C_MRN, C_NPI, C_PL_PESEL, C_SG_NRIC_FIN, C_SG_UEN,
  C_TH_TNIN, C_UK_NHS, C_UK_NINO, C_US_DRIVER_LICENSE, C_US_PASSPORT, W_CHECKSUM, W_CONTEXT, W_DEOBFUSCATED, W_FORMAT
} from './categories'
import {
  abnOk, acnOk, deaOk, fiPicOk, fiscalCodeOk, luhnDigits, medicareOk, nhsOk, nifLetter, npiOk, nricOk, peselOk,
  rrnOk, tfnOk, tninOk, uenDigitsOk, uenOtherOk, verhoeffOk
} from './checks'
import { X_CARD, X_MRN, X_NUMBER, X_PATIENT, X_RECORD, cuesBefore, wordBefore } from './context'
import { G_CTX_PHONE } from './gazetteer'
import { phoneAt } from './numbers'
import { RUN_BROKEN, RUN_G, RUN_GLYPH, RUN_MIXED, RUN_N, RUN_PADDED, RUN_SPACED, readDigitRun } from './obfuscated'
import { EXPLICIT, at, bit, emitWhy, wants, wantsAny } from './state'
import { eqi, isAlnum, isAlpha, isDig, startsWith } from './text'

/** Every category this file reports (the token loop asks wantsAny(ID_MASK) before calling in). */
export const ID_MASK: u64 = bit(C_ITIN) | bit(C_US_PASSPORT) | bit(C_US_DRIVER_LICENSE) | bit(C_UK_NHS) |
  bit(C_UK_NINO) | bit(C_ES_NIF) | bit(C_ES_NIE) | bit(C_IT_FISCAL_CODE) | bit(C_IT_DRIVER_LICENSE) |
  bit(C_IT_VAT_CODE) | bit(C_IT_PASSPORT) | bit(C_IT_IDENTITY_CARD) | bit(C_PL_PESEL) | bit(C_FI_PIC) |
  bit(C_SG_NRIC_FIN) | bit(C_SG_UEN) | bit(C_AU_ABN) | bit(C_AU_ACN) | bit(C_AU_TFN) | bit(C_AU_MEDICARE) |
  bit(C_IN_PAN) | bit(C_IN_AADHAAR) | bit(C_IN_VOTER) | bit(C_IN_PASSPORT) | bit(C_IN_VEHICLE) | bit(C_KR_RRN) |
  bit(C_TH_TNIN) | bit(C_MEDICAL_LICENSE) | bit(C_MRN) | bit(C_NPI) | bit(C_DEA)

// ---- Context words ----
// Concepts named by the words before a value; one bit each. Phrases are read as their words'
// concepts together ("medical record" = K_MEDICAL + K_RECORD).
const K_PASSPORT: u32 = 1
const K_DRIVE: u32 = 2
const K_LICENSE: u32 = 4
const K_NHS: u32 = 8
const K_NINO: u32 = 16
const K_ITIN: u32 = 32
const K_TAX: u32 = 64
const K_PESEL: u32 = 128
const K_VAT: u32 = 256
const K_ABN: u32 = 512
const K_ACN: u32 = 1024
const K_MEDICARE: u32 = 2048
const K_AADHAAR: u32 = 4096
const K_PAN: u32 = 8192
const K_VOTER: u32 = 16384
const K_RRN: u32 = 32768
const K_TNIN: u32 = 65536
const K_NPI: u32 = 1 << 17
const K_DEA: u32 = 1 << 18
const K_MEDICAL: u32 = 1 << 19
const K_MRN: u32 = 1 << 20
const K_RECORD: u32 = 1 << 21
const K_PATIENT: u32 = 1 << 22
const K_CHART: u32 = 1 << 23
const K_UEN: u32 = 1 << 24
const K_IDCARD: u32 = 1 << 25
const K_ID: u32 = 1 << 26
const K_CARD: u32 = 1 << 27
const K_OWN: u32 = 1 << 28
const K_DL: u32 = 1 << 29

/** Concepts of the word [s, e) (ASCII, any case). Called only for words before a candidate value. */
function wordConcepts(s: usize, e: usize): u32 {
  const n = e - s
  if (n < 2 || n > 16) return 0
  const c = at(s) | 0x20
  // One switch on the first letter keeps this to a few comparisons per word.
  switch (c) {
    case 0x61: // a
      if (eqi(s, e, 'aadhaar') || eqi(s, e, 'aadhar')) return K_AADHAAR
      if (eqi(s, e, 'abn')) return K_ABN
      if (eqi(s, e, 'acn')) return K_ACN
      if (eqi(s, e, 'acra')) return K_UEN
      break
    case 0x63: // c
      if (eqi(s, e, 'chart')) return K_CHART
      if (eqi(s, e, 'card')) return K_CARD
      if (eqi(s, e, 'carta') || eqi(s, e, 'cie')) return K_IDCARD
      if (eqi(s, e, 'cdl')) return K_DL
      if (eqi(s, e, 'codice') || eqi(s, e, 'cf')) return K_OWN
      break
    case 0x64: // d
      if (eqi(s, e, 'dea')) return K_DEA
      if (eqi(s, e, 'driver') || eqi(s, e, 'drivers') || eqi(s, e, "driver's") || eqi(s, e, 'driving')) return K_DRIVE
      if (eqi(s, e, 'dl') || eqi(s, e, 'dl#') || eqi(s, e, 'dln')) return K_DL
      if (eqi(s, e, 'doctor') || eqi(s, e, "doctor's")) return K_MEDICAL
      if (eqi(s, e, 'dni')) return K_OWN
      break
    case 0x65: // e
      if (eqi(s, e, 'epic') || eqi(s, e, 'electoral') || eqi(s, e, 'election')) return K_VOTER
      break
    case 0x66: // f
      if (eqi(s, e, 'fin') || eqi(s, e, 'fin#') || eqi(s, e, 'fiscal') || eqi(s, e, 'fiscale')) return K_OWN
      break
    case 0x68: // h
      if (eqi(s, e, 'hetu') || startsWith(s, e, 'henkil')) return K_OWN
      break
    case 0x69: // i
      if (eqi(s, e, 'itin')) return K_ITIN
      if (eqi(s, e, 'iva')) return K_VAT
      if (eqi(s, e, 'id') || eqi(s, e, 'identification')) return K_ID
      if (startsWith(s, e, 'identit')) return K_IDCARD
      if (eqi(s, e, 'insurance')) return K_NINO
      break
    case 0x6c: // l
      if (eqi(s, e, 'license') || eqi(s, e, 'licence') || eqi(s, e, 'lic') || eqi(s, e, 'lic#') ||
        eqi(s, e, 'licenses') || eqi(s, e, 'licences')) return K_LICENSE
      break
    case 0x6d: // m
      if (eqi(s, e, 'mrn') || eqi(s, e, 'mrn#') || eqi(s, e, 'mr#')) return K_MRN
      if (eqi(s, e, 'medicare')) return K_MEDICARE
      if (eqi(s, e, 'medical') || eqi(s, e, 'md')) return K_MEDICAL
      break
    case 0x6e: // n
      if (eqi(s, e, 'nhs')) return K_NHS
      if (eqi(s, e, 'nino')) return K_NINO
      if (eqi(s, e, 'npi') || eqi(s, e, 'npis')) return K_NPI
      if (eqi(s, e, 'nric') || eqi(s, e, 'nric#') || eqi(s, e, 'nif') || eqi(s, e, 'nie')) return K_OWN
      if (eqi(s, e, 'number') || eqi(s, e, 'no') || eqi(s, e, 'no.') || eqi(s, e, 'nr') || eqi(s, e, 'num')) return K_ID
      break
    case 0x70: // p
      if (eqi(s, e, 'passport') || eqi(s, e, 'passports') || eqi(s, e, 'passaporto') || eqi(s, e, 'pasaporte') ||
        eqi(s, e, 'passeport')) return K_PASSPORT
      if (eqi(s, e, 'patient') || eqi(s, e, "patient's")) return K_PATIENT
      if (eqi(s, e, 'patente')) return K_DL
      if (eqi(s, e, 'permit')) return K_DRIVE
      if (eqi(s, e, 'pesel')) return K_PESEL
      if (eqi(s, e, 'pan')) return K_PAN | K_OWN
      if (eqi(s, e, 'piva') || eqi(s, e, 'p.iva') || eqi(s, e, 'partita')) return K_VAT
      if (eqi(s, e, 'physician') || eqi(s, e, 'prescriber') || eqi(s, e, 'practitioner')) return K_MEDICAL
      if (eqi(s, e, 'provider')) return K_NPI
      break
    case 0x72: // r
      if (eqi(s, e, 'record') || eqi(s, e, 'records')) return K_RECORD
      if (eqi(s, e, 'rrn') || eqi(s, e, 'rrn#') || eqi(s, e, 'resident')) return K_RRN
      if (eqi(s, e, 'reisepass')) return K_PASSPORT
      break
    case 0x74: // t
      if (eqi(s, e, 'tax') || eqi(s, e, 'tfn')) return K_TAX
      if (eqi(s, e, 'taxpayer')) return K_ITIN
      if (eqi(s, e, 'tnin') || eqi(s, e, 'thai')) return K_TNIN
      break
    case 0x75: // u
      if (eqi(s, e, 'uen')) return K_UEN
      if (eqi(s, e, 'uid') || eqi(s, e, 'uidai')) return K_AADHAAR
      break
    case 0x76: // v
      if (eqi(s, e, 'vat')) return K_VAT
      if (eqi(s, e, 'voter') || eqi(s, e, 'voters') || eqi(s, e, "voter's")) return K_VOTER
      break
  }
  return 0
}

/** Words read before a value, and bytes of one word at most: bounds the work per candidate. */
const CTX_WORDS = 5
const CTX_WORD_MAX: usize = 24

let ctxDone = false
let ctxFlags: u32 = 0
/** The concepts of the words really before the value (ctxFlags adds the categories named by the caller). */
let ctxNamed: u32 = 0
let ctxAt: usize = 0

/** Concepts of up to CTX_WORDS words before `pos` on the same line (read once per candidate). */
function context(pos: usize): u32 {
  if (ctxDone && ctxAt == pos) return ctxFlags
  let f: u32 = 0
  let i = pos
  for (let w = 0; w < CTX_WORDS && i > 0; w++) {
    // Skip spaces and punctuation between words (": ", " #", " (", "-"), never a line break.
    let gap: usize = 0
    while (i > 0 && !isAlnum(at(i - 1)) && at(i - 1) != 0x0a && gap < 6) {
      i--
      gap++
    }
    if (i == 0 || !isAlnum(at(i - 1))) break
    const e = i
    // A word keeps an apostrophe, a dot or '#' inside or after it ("driver's", "p.iva", "mrn#").
    let z = e
    if (at(z) == 0x23 || at(z) == 0x2e) z++
    while (i > 0 && e - i < CTX_WORD_MAX && (isAlnum(at(i - 1)) || at(i - 1) == 0x27 || at(i - 1) == 0x2e)) i--
    if (e - i >= CTX_WORD_MAX) break
    f |= wordConcepts(i, e)
    if (z > e) f |= wordConcepts(i, z)
  }
  // Labels in other languages and scripts ("Patienten-Nr.", "n° de dossier", "病历号", "병록번호").
  const x = cuesBefore(pos, CTX_WORDS)
  if ((x & X_MRN) != 0) f |= K_MRN
  if ((x & X_PATIENT) != 0) f |= K_PATIENT
  if ((x & X_NUMBER) != 0) f |= K_ID
  if ((x & X_CARD) != 0) f |= K_CARD
  // "n° de dossier", "numéro de dossier", "מספר תיק": a file number is a record number in a sentence
  // about a patient ("Le patient Yannick Le Goff, n° de dossier 80925289").
  if ((x & X_RECORD) != 0) f |= (f & (K_ID | K_PATIENT | K_MEDICAL)) != 0 || (x & X_PATIENT) != 0 ? K_RECORD : 0
  if ((f & K_RECORD) != 0 && (f & (K_PATIENT | K_MEDICAL)) == 0 && (cuesBefore(pos, 14) & X_PATIENT) != 0) f |= K_PATIENT
  ctxDone = true
  ctxAt = pos
  ctxNamed = f
  ctxFlags = f | (EXPLICIT ? askedFor() : 0)
  return ctxFlags
}

/**
 * The concepts of the ids the caller named in `categories`: with them, context() reads every such id as
 * named, so one whose layout and check hold counts without its word (Presidio's reading of an entity
 * asked for by name). Evidence (ctxBit) still reports only words actually there. Medical record numbers
 * and state medical licences have no layout of their own (any run of digits), so they still need their word.
 */
function askedFor(): u32 {
  let k: u32 = 0
  if (wants(C_ITIN)) k |= K_ITIN
  if (wantsAny(bit(C_US_PASSPORT) | bit(C_IT_PASSPORT) | bit(C_IN_PASSPORT))) k |= K_PASSPORT
  if (wantsAny(bit(C_US_DRIVER_LICENSE) | bit(C_IT_DRIVER_LICENSE))) k |= K_DL
  if (wants(C_UK_NHS)) k |= K_NHS
  if (wants(C_UK_NINO)) k |= K_NINO
  if (wants(C_IT_VAT_CODE)) k |= K_VAT
  if (wants(C_IT_IDENTITY_CARD)) k |= K_IDCARD
  if (wants(C_PL_PESEL)) k |= K_PESEL
  if (wants(C_SG_UEN)) k |= K_UEN
  if (wants(C_AU_ABN)) k |= K_ABN
  if (wants(C_AU_ACN)) k |= K_ACN
  if (wants(C_AU_TFN)) k |= K_TAX
  if (wants(C_AU_MEDICARE)) k |= K_MEDICARE
  if (wants(C_IN_AADHAAR)) k |= K_AADHAAR
  if (wants(C_IN_PAN)) k |= K_PAN
  if (wants(C_IN_VOTER)) k |= K_VOTER
  if (wants(C_KR_RRN)) k |= K_RRN
  if (wants(C_TH_TNIN)) k |= K_TNIN
  if (wants(C_NPI)) k |= K_NPI
  if (wants(C_DEA)) k |= K_DEA
  if (wantsAny(bit(C_ES_NIF) | bit(C_ES_NIE))) k |= K_OWN
  return k
}

// ---- Layouts ----

/** The value's letters and digits, upper-cased, as the checks in checks.ts read them. */
const ID = memory.data(32)
let IDN: usize = 0

/**
 * Match the layout `pat` at s: 'D' digit, 'L' capital letter, 'A' digit or capital, 's' an optional
 * separator, 'S' a required one (a space or '-', the same kind throughout a value), '-' a dash; 'l' a
 * letter of either case (read as its capital), 'o' an optional space of its own (not held to one kind).
 * The value must end there: no letter or digit after it, and no further digit group (so the first
 * groups of a card number are never read as an id). Returns the end, or 0; packs the value into ID.
 */
function shape(s: usize, pat: string): usize {
  let k = s
  let mode: i32 = -1
  IDN = 0
  const n = <usize>pat.length
  for (let j: usize = 0; j < n; j++) {
    const p = <u32>load<u16>(changetype<usize>(pat) + (j << 1))
    const c = at(k)
    if (p == 0x44 || p == 0x4c || p == 0x41 || p == 0x6c) {
      const ok = p == 0x44 ? isDig(c) : p == 0x4c ? c - 0x41 < 26 : p == 0x6c ? (c | 0x20) - 0x61 < 26 : isDig(c) || c - 0x41 < 26
      if (!ok || IDN >= 32) return 0
      store<u8>(ID + IDN, <u8>(p == 0x6c ? c & 0xdf : c))
      IDN++
      k++
    } else if (p == 0x6f) {
      if (c == 0x20) k++
    } else if (p == 0x73 || p == 0x53) {
      const sep: i32 = c == 0x20 || c == 0x2d ? <i32>c : 0
      if (p == 0x53 && sep == 0) return 0
      if (mode < 0) mode = sep
      else if (mode != sep) return 0
      if (sep != 0) k++
    } else if (p == 0x2d) {
      if (c != 0x2d) return 0
      k++
    }
  }
  const c = at(k)
  if (isAlnum(c) || c >= 0x80) return 0
  if ((c == 0x20 || c == 0x2d || c == 0x2f) && isDig(at(k + 1))) {
    // A compact value, a space, then a run of seven or more digits: the next of a list of ids
    // ("1234567893 1245319599"), not a further group of this one.
    if (c != 0x20 || mode > 0) return 0
    let r = k + 1
    while (isDig(at(r))) r++
    if (r - k - 1 < 7 || isAlnum(at(r))) return 0
  }
  return k
}

// @ts-ignore: decorator
@inline function d(i: usize): u32 {
  return <u32>load<u8>(ID + i) - 0x30
}

function num(from: usize, count: usize): u32 {
  let v: u32 = 0
  for (let i = from; i < from + count; i++) v = v * 10 + d(i)
  return v
}

function daysIn(m: u32, y: u32): u32 {
  if (m == 2) return (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28
  return m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31
}

function dateOk(y: u32, m: u32, day: u32): bool {
  return m >= 1 && m <= 12 && day >= 1 && day <= daysIn(m, y)
}

/** Set while spacedIdAt only asks whether an id starts somewhere: nothing is reported. */
let dryRun = false

/** Report [s, e) as cat when the caller asked for it; returns e, or 0 so other readings are tried. */
function claim(s: usize, e: usize, cat: u32, why: u32): usize {
  if (e == 0 || !wants(cat)) return 0
  if (!dryRun) emitWhy(s, e, cat, why)
  return e
}

/** W_CONTEXT when a word naming the id (any of `k`) precedes s. */
function ctxBit(s: usize, k: u32): u32 {
  context(s)
  return (ctxNamed & k) != 0 ? W_CONTEXT : 0
}

const CHECKED: u32 = W_FORMAT | W_CHECKSUM

/** Evidence of an id with no check of its own: its layout, and the word before it when one is there. */
function namedWhy(s: usize): u32 {
  context(s)
  return W_FORMAT | (ctxNamed != 0 ? W_CONTEXT : 0)
}

// ---- Values that start with a digit ----

/** Finnish personal identity code: DDMMYY, century sign, individual number 002-899, check character. */
function fiPic(s: usize): usize {
  const sign = at(s + 6)
  let century: u32 = 0
  if (sign == 0x2b) century = 1800
  else if (sign == 0x2d || (sign >= 0x55 && sign <= 0x59)) century = 1900
  else if (sign >= 0x41 && sign <= 0x46) century = 2000
  else return 0
  if (!isDig(at(s)) || !isDig(at(s + 7)) || !isDig(at(s + 8)) || !isDig(at(s + 9))) return 0
  const q = at(s + 10)
  if (!(isDig(q) || q - 0x41 < 26) || isAlnum(at(s + 11))) return 0
  for (let i: usize = 0; i < 6; i++) {
    if (!isDig(at(s + i))) return 0
    store<u8>(ID + i, <u8>at(s + i))
  }
  for (let i: usize = 0; i < 4; i++) store<u8>(ID + 6 + i, <u8>at(s + 7 + i))
  const day = num(0, 2)
  const month = num(2, 2)
  const indiv = num(6, 3)
  if (!dateOk(century + num(4, 2), month, day) || indiv < 2 || !fiPicOk(ID)) return 0
  return claim(s, s + 11, C_FI_PIC, CHECKED | ctxBit(s, K_OWN))
}

/** Korean RRN: YYMMDD-GNNNNNN, a real date, a sex/century digit 1-8; the check digit or the word RRN. */
function krRrn(s: usize, dashed: bool): usize {
  const e = dashed ? shape(s, 'DDDDDD-DDDDDDD') : shape(s, 'DDDDDDDDDDDDD')
  if (e == 0) return 0
  const g = d(6)
  if (g < 1 || g > 8) return 0
  const century: u32 = g <= 2 || (g >= 5 && g <= 6) ? 1900 : 2000
  if (!dateOk(century + num(0, 2), num(2, 2), num(4, 2))) return 0
  const named = (context(s) & K_RRN) != 0
  if (rrnOk(ID) && (dashed || named)) return claim(s, e, C_KR_RRN, CHECKED | ctxBit(s, K_RRN))
  // Numbers issued since October 2020 end in random digits: only the word RRN can vouch for them.
  return named ? claim(s, e, C_KR_RRN, namedWhy(s)) : 0
}

/** Thai national id: 13 digits, first 1-8, mod-11 check; the printed 1-4-5-2-1 layout, or the word. */
function thTnin(s: usize): usize {
  let e = shape(s, 'DSDDDDSDDDDDSDDSD')
  if (e == 0 && (context(s) & K_TNIN) != 0) e = shape(s, 'DDDDDDDDDDDDD')
  if (e == 0 || d(0) < 1 || d(0) > 8 || !tninOk(ID)) return 0
  return claim(s, e, C_TH_TNIN, CHECKED | ctxBit(s, K_TNIN))
}

/** The digit-only ids whose check is one digit in ten or eleven: each needs its word. */
function digitRun(s: usize): usize {
  const k = context(s)
  let e: usize = 0
  // US ITIN: 9NN-NN-NNNN with a group of 50-65, 70-88, 90-92 or 94-99; dashed it is distinctive.
  e = shape(s, 'DDDsDDsDDDD')
  if (e > 0 && d(0) == 9) {
    const g = num(3, 2)
    const groupOk = (g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || g >= 94
    const dashed = at(s + 3) == 0x2d
    if (groupOk && (dashed || (k & (K_ITIN | K_TAX)) != 0)) {
      const z = claim(s, e, C_ITIN, W_FORMAT | ((k & (K_ITIN | K_TAX)) != 0 ? W_CONTEXT : 0))
      if (z > 0) return z
    }
  }
  if ((k & K_NHS) != 0) {
    e = shape(s, 'DDDsDDDsDDDD')
    if (e > 0 && nhsOk(ID)) return claim(s, e, C_UK_NHS, CHECKED | ctxBit(s, K_NHS))
  }
  // ABN: printed 2-3-3-3 with spaces it is an ABN by layout and its mod-89 check; compact needs the word.
  e = shape(s, 'DDSDDDSDDDSDDD')
  if (e == 0 && (k & K_ABN) != 0) e = shape(s, 'DDDDDDDDDDD')
  if (e > 0 && abnOk(ID)) {
    const z = claim(s, e, C_AU_ABN, CHECKED | ((k & K_ABN) != 0 ? W_CONTEXT : 0))
    if (z > 0) return z
  }
  if ((k & K_VAT) != 0) {
    e = shape(s, 'DDDDDDDDDDD')
    if (e > 0 && vatOk()) return claim(s, e, C_IT_VAT_CODE, CHECKED | ctxBit(s, K_VAT))
  }
  if ((k & K_PESEL) != 0) {
    e = shape(s, 'DDDDDDDDDDD')
    if (e > 0 && peselDateOk() && peselOk(ID)) return claim(s, e, C_PL_PESEL, CHECKED | ctxBit(s, K_PESEL))
  }
  if ((k & K_ACN) != 0) {
    e = shape(s, 'DDDsDDDsDDD')
    if (e > 0 && acnOk(ID)) return claim(s, e, C_AU_ACN, CHECKED | ctxBit(s, K_ACN))
  }
  if ((k & K_TAX) != 0) {
    e = shape(s, 'DDDsDDDsDDD')
    if (e == 0) e = shape(s, 'DDDsDDDsDD')
    if (e > 0 && tfnOk(ID, IDN)) return claim(s, e, C_AU_TFN, CHECKED | ctxBit(s, K_TAX))
  }
  if ((k & K_MEDICARE) != 0) {
    e = shape(s, 'DDDDsDDDDDsD')
    if (e == 0) e = shape(s, 'DDDDsDDDDDsDD')
    if (e > 0 && medicareOk(ID)) return claim(s, e, C_AU_MEDICARE, CHECKED | ctxBit(s, K_MEDICARE))
  }
  if ((k & K_AADHAAR) != 0) {
    e = shape(s, 'DDDDsDDDDsDDDD')
    if (e > 0 && d(0) >= 2 && !palindrome() && verhoeffOk(ID, 12)) return claim(s, e, C_IN_AADHAAR, CHECKED | ctxBit(s, K_AADHAAR))
  }
  if ((k & K_NPI) != 0) {
    e = shape(s, 'DDDDDDDDDD')
    if (e == 0) e = shape(s, 'DDDSDDDSDDDD')
    if (e == 0) e = shape(s, 'DDDDSDDDSDDD')
    // A body of one repeated digit ("1111111112") is a placeholder, whatever its check says.
    let same = true
    for (let i: usize = 1; i < 9; i++) if (load<u8>(ID + i) != load<u8>(ID)) same = false
    if (e > 0 && !same && (d(0) == 1 || d(0) == 2) && npiOk(ID)) return claim(s, e, C_NPI, CHECKED | ctxBit(s, K_NPI))
  }
  if ((k & K_PASSPORT) != 0) {
    e = shape(s, 'DDDDDDDDD')
    if (e > 0) return claim(s, e, C_US_PASSPORT, W_FORMAT | ctxBit(s, K_PASSPORT))
  }
  if ((k & (K_UEN)) != 0) {
    e = shape(s, 'DDDDDDDDL')
    if (e > 0 && uenDigitsOk(ID, 9)) return claim(s, e, C_SG_UEN, CHECKED | ctxBit(s, K_UEN))
    e = shape(s, 'DDDDDDDDDL')
    if (e > 0 && num(0, 4) >= 1800 && num(0, 4) <= 2099 && uenDigitsOk(ID, 10)) return claim(s, e, C_SG_UEN, CHECKED | ctxBit(s, K_UEN))
  }
  if (idCardWord(k)) {
    e = shape(s, 'DDDDDDDLL')
    if (e > 0) return claim(s, e, C_IT_IDENTITY_CARD, namedWhy(s))
  }
  return 0
}

function idCardWord(k: u32): bool {
  return (k & K_IDCARD) != 0 || (k & (K_ID | K_CARD)) == (K_ID | K_CARD)
}

function palindrome(): bool {
  for (let i: usize = 0; i < IDN / 2; i++) if (load<u8>(ID + i) != load<u8>(ID + IDN - 1 - i)) return false
  return true
}

/** Partita IVA: Luhn over 11 digits, a non-zero company number and a real office code (001-100, 120, 121, 888, 999). */
function vatOk(): bool {
  const office = num(7, 3)
  return num(0, 7) != 0 && ((office >= 1 && office <= 100) || office == 120 || office == 121 || office == 888 || office == 999) &&
    luhnDigits(ID, 11, 0)
}

/** PESEL's birth date: the month carries the century (+80 1800s, +0 1900s, +20 2000s, +40, +60). */
function peselDateOk(): bool {
  let m = num(2, 2)
  let y = num(0, 2)
  if (m > 80) {
    m -= 80
    y += 1800
  } else if (m > 60) {
    m -= 60
    y += 2200
  } else if (m > 40) {
    m -= 40
    y += 2100
  } else if (m > 20) {
    m -= 20
    y += 2000
  } else y += 1900
  return dateOk(y, m, num(4, 2))
}

/** Spanish DNI/NIF: 8 digits and their control letter ("12345678Z", "12345678-Z"). */
function esNif(s: usize): usize {
  let e = shape(s, 'DDDDDDDDsl')
  let n: usize = 8
  // Seven digits (an older DNI without its leading zero) only when named: a word, or the category asked for.
  if (e == 0 && (context(s) & K_OWN) != 0) {
    e = shape(s, 'DDDDDDDsl')
    n = 7
  }
  if (e == 0 || <u32>load<u8>(ID + n) != nifLetter(num(0, n)) || (context(s) & K_UEN) != 0) return 0
  return claim(s, e, C_ES_NIF, CHECKED | ctxBit(s, K_OWN))
}

/** Values starting with a digit. */
function fromDigit(s: usize, e0: usize): usize {
  const len = e0 - s
  // A short number with no digit group after it ("in 1961", "3 men") starts no id; one of 5-7 digits
  // can only be a record or licence number after its word.
  if (len < 8 && !(at(e0) == 0x20 && isDig(at(e0 + 1)))) return len >= 5 ? contextual(s) : 0
  let z: usize = 0
  if (len >= 11) {
    z = fiPic(s)
    if (z > 0) return z
  }
  if (len >= 8 && len <= 11) {
    z = esNif(s)
    if (z > 0) return z
  }
  if (len >= 13) {
    z = krRrn(s, at(s + 6) == 0x2d)
    if (z > 0) return z
  }
  if (len == 1 || len >= 13) {
    z = thTnin(s)
    if (z > 0) return z
  }
  z = digitRun(s)
  if (z > 0) return z
  return contextual(s)
}

// ---- Values that start with a capital letter ----

const NINO_BAD_1 = 'DFIQUV'
const NINO_BAD_2 = 'DFIOQUV'

function inStr(c: u32, set: string): bool {
  const n = set.length
  for (let i = 0; i < n; i++) if (<u32>load<u16>(changetype<usize>(set) + (<usize>i << 1)) == c) return true
  return false
}

/** UK National Insurance number: two prefix letters under HMRC's rules, six digits, suffix A-D. */
export function ukNino(s: usize): usize {
  let e = shape(s, 'llsDDsDDsDDsl')
  // "PR 123612C": spaces between some pairs only.
  if (e == 0) e = shape(s, 'lloDDoDDoDDol')
  if (e == 0) return 0
  // Lower case ("tw987654a") is read when named (a word, or the category asked for): the upper-case
  // layout is what forms print, and the prefix rules are the only check.
  if (at(s) - 0x61 < 26 && (context(s) & K_NINO) == 0) return 0
  const a = <u32>load<u8>(ID)
  const b = <u32>load<u8>(ID + 1)
  const q = <u32>load<u8>(ID + 8)
  if (inStr(a, NINO_BAD_1) || inStr(b, NINO_BAD_2) || q < 0x41 || q > 0x44) return 0
  const pre = (a << 8) | b
  // BG, GB, KN, NK, NT, TN and ZZ are never issued.
  if (pre == 0x4247 || pre == 0x4742 || pre == 0x4b4e || pre == 0x4e4b || pre == 0x4e54 || pre == 0x544e || pre == 0x5a5a) return 0
  return claim(s, e, C_UK_NINO, W_FORMAT | ctxBit(s, K_NINO))
}

const IN_STATES = 'AN AP AR AS BR CG CH DD DL DN GA GJ HP HR JH JK KA KL LA LD MH ML MN MP MZ NL OD OR PB PY RJ SK TN TR TS UK UP WB'

/** Indian vehicle registration: state code, RTO district, series of 1-3 letters, number 0001-9999. */
export function inVehicle(s: usize): usize {
  const a = at(s)
  const b = at(s + 1)
  let known = false
  for (let i = 0; i < IN_STATES.length; i += 3) {
    if (<u32>load<u16>(changetype<usize>(IN_STATES) + (<usize>i << 1)) == a &&
      <u32>load<u16>(changetype<usize>(IN_STATES) + (<usize>(i + 1) << 1)) == b) known = true
  }
  if (!known) return 0
  let e = shape(s, 'LLsDDsLLsDDDD')
  if (e == 0) e = shape(s, 'LLsDDsLsDDDD')
  if (e == 0) e = shape(s, 'LLsDDsLLLsDDDD')
  if (e == 0) e = shape(s, 'LLsDsLLLsDDDD')
  if (e == 0) e = shape(s, 'LLsDsLLsDDDD')
  // Delhi writes its district digit and vehicle class together ("DL 3C AB 1234").
  if (e == 0) e = shape(s, 'LLsDLsLLsDDDD')
  if (e == 0) e = shape(s, 'LLsDLsLsDDDD')
  if (e == 0 || num(IDN - 4, 4) == 0) return 0
  return claim(s, e, C_IN_VEHICLE, W_FORMAT | ctxBit(s, K_DRIVE | K_DL | K_LICENSE))
}

// Italian fiscal code: positions that hold digits, which omocodia may replace by L M N P Q R S T U V.
const CF_DIGIT_AT = memory.data<u8>([0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0])
const CF_MONTHS = 'ABCDEHLMPRST'
const OMOCODE = 'LMNPQRSTUV'

function cfDigit(c: u32): i32 {
  if (isDig(c)) return <i32>(c - 0x30)
  for (let i = 0; i < 10; i++) if (<u32>load<u16>(changetype<usize>(OMOCODE) + (<usize>i << 1)) == c) return i
  return -1
}

/** Codice fiscale: 6 letters, year, month letter, day (+40 for women), place code, check letter. */
function itFiscalCode(s: usize): usize {
  const e = shape(s, 'LLLLLLAALAALAAAL')
  if (e == 0) return 0
  for (let i: usize = 0; i < 16; i++) {
    if (load<u8>(CF_DIGIT_AT + i) != 0 && cfDigit(load<u8>(ID + i)) < 0) return 0
  }
  if (!inStr(load<u8>(ID + 8), CF_MONTHS)) return 0
  const day = <u32>(cfDigit(load<u8>(ID + 9)) * 10 + cfDigit(load<u8>(ID + 10)))
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return 0
  if (!fiscalCodeOk(ID)) return 0
  return claim(s, e, C_IT_FISCAL_CODE, CHECKED | ctxBit(s, K_OWN))
}

/** Values starting with a capital letter (the token holds a digit). */
function fromLetter(s: usize, e0: usize): usize {
  const len = e0 - s
  const c = at(s)
  // "A4", "MP3", "B52": too short for any id.
  if (len < 5) return 0
  let z: usize = 0
  if (len == 16) {
    z = itFiscalCode(s)
    if (z > 0) return z
  }
  if (len == 9 || len == 13) {
    z = ukNino(s)
    if (z > 0) return z
  }
  if (len >= 9 && len <= 11) {
    z = esNie(s)
    if (z > 0) return z
  }
  if (len == 9) {
    if (c == 0x53 || c == 0x54 || c == 0x46 || c == 0x47 || c == 0x4d) {
      const e = shape(s, 'LDDDDDDDL')
      if (e > 0 && nricOk(ID)) {
        z = claim(s, e, C_SG_NRIC_FIN, CHECKED | ctxBit(s, K_OWN))
        if (z > 0) return z
      }
    }
    // A passport or licence word makes AB1234567 that document, even when it passes the DEA check.
    if ((context(s) & (K_PASSPORT | K_IDCARD | K_DRIVE | K_DL)) == 0) {
      z = dea(s)
      if (z > 0) return z
    }
  }
  if (len == 10) {
    if (c == 0x54 || c == 0x53 || c == 0x52) {
      const e = shape(s, 'LDDLLDDDDL')
      if (e > 0 && uenTypeOk() && uenOtherOk(ID)) {
        z = claim(s, e, C_SG_UEN, CHECKED | ctxBit(s, K_UEN))
        if (z > 0) return z
      }
    }
    // PAN: the fourth letter is the holder's type (P person, C company, H HUF, F firm, ...).
    const e = shape(s, 'LLLLLDDDDL')
    if (e > 0 && inStr(load<u8>(ID + 3), 'PCHFATBLJG')) {
      z = claim(s, e, C_IN_PAN, W_FORMAT | ctxBit(s, K_PAN))
      if (z > 0) return z
    }
  }
  if (len == 13 && c == 0x49 && at(s + 1) == 0x54) {
    // Partita IVA written with its country prefix ("IT01234567897").
    const e = shape(s + 2, 'DDDDDDDDDDD')
    if (e > 0 && vatOk()) {
      z = claim(s, e, C_IT_VAT_CODE, CHECKED | ctxBit(s, K_VAT))
      if (z > 0) return z
    }
  }
  if (len >= 6 && len <= 14) {
    z = inVehicle(s)
    if (z > 0) return z
  }
  return contextual(s)
}

const UEN_TYPES = 'LP LL FC PF RF MQ MM NB CC CS MB FM GS DP CP NR CM CD MD HS VH CH MH CL XL CX HC RP TU TC FB FN PA PB SS MC SM GA GB'

function uenTypeOk(): bool {
  const a = <u32>load<u8>(ID + 3)
  const b = <u32>load<u8>(ID + 4)
  for (let i = 0; i < UEN_TYPES.length; i += 3) {
    if (<u32>load<u16>(changetype<usize>(UEN_TYPES) + (<usize>i << 1)) == a &&
      <u32>load<u16>(changetype<usize>(UEN_TYPES) + (<usize>(i + 1) << 1)) == b) return true
  }
  return false
}

/**
 * DEA registration number: registrant type, a letter (the surname's initial) or 9, six digits and
 * a check digit. Reported as US_DEA_NUMBER; as MEDICAL_LICENSE (Presidio's name for the same
 * pattern) when only that category was asked for.
 */
function dea(s: usize): usize {
  if (!inStr(at(s), 'ABCDEFGHJKLMPRSTUX')) return 0
  const b = at(s + 1)
  if (!(b - 0x41 < 26 || b == 0x39)) return 0
  const e = shape(s, 'AADDDDDDD')
  if (e == 0 || !deaOk(ID)) return 0
  const why = CHECKED | ctxBit(s, K_DEA | K_MEDICAL | K_LICENSE)
  const z = claim(s, e, C_DEA, why)
  return z > 0 ? z : claim(s, e, C_MEDICAL_LICENSE, why)
}

/** NIE: X/Y/Z (read as 0/1/2), seven digits, the DNI control letter; either case, "Y8063915-Z" too. */
function esNie(s: usize): usize {
  const cu = at(s) & 0xdf
  if (!(cu == 0x58 || cu == 0x59 || cu == 0x5a)) return 0
  let e = shape(s, 'lsDDDDDDDsl')
  if (e == 0) e = shape(s, 'lDDDDDDDsl')
  if (e == 0 || <u32>load<u8>(ID + 8) != nifLetter((cu - 0x58) * 10000000 + num(1, 7))) return 0
  return claim(s, e, C_ES_NIE, CHECKED | ctxBit(s, K_OWN))
}

/** Lower-case NIE ("x9613851n") and NINO ("tw987654a") values. */
function fromLower(s: usize, e0: usize): usize {
  if (e0 - s <= 11) {
    const z = esNie(s)
    if (z > 0) return z
  }
  return ukNino(s)
}

// ---- Ids with no check of their own: the word before them decides ----

/** The end of a run of capitals, digits and single inner dashes from s (at most 20 characters), or 0. */
function alnumRun(s: usize): usize {
  let k = s
  IDN = 0
  while (IDN < 20) {
    const c = at(k)
    if (isDig(c) || (c | 0x20) - 0x61 < 26) {
      store<u8>(ID + IDN, <u8>(c - 0x61 < 26 ? c - 0x20 : c))
      IDN++
      k++
    } else if (c == 0x2d && IDN > 0 && isAlnum(at(k + 1))) k++
    else break
  }
  // A character of three UTF-8 bytes after the value is a particle or punctuation of a script written
  // without spaces ("カルテ番号2811388、"), not part of the value.
  if (IDN >= 20 || isAlpha(at(k)) || isDig(at(k)) || (at(k) >= 0x80 && at(k) < 0xe0)) return 0
  return k
}

/** Digits in dashed groups that the phone rules read as a phone number ("555-123-4567"). */
function phoneShaped(s: usize, e: usize): bool {
  if (!isDig(at(s)) || <usize>IDN == e - s) return false
  const n = IDN
  const saved = memory.data(32)
  memory.copy(saved, ID, n)
  const phone = phoneAt(s)
  memory.copy(ID, saved, n)
  IDN = n
  return phone
}

function countDigits(): u32 {
  let n: u32 = 0
  for (let i: usize = 0; i < IDN; i++) if (isDig(load<u8>(ID + i))) n++
  return n
}

function contextual(s: usize): usize {
  const k = context(s)
  if (k == 0) return 0
  let e: usize = 0
  if ((k & K_PASSPORT) != 0) {
    // The layout tells the issuer apart: US A1234567 8-digit / 9 digits, Italy AA1234567, India A1234567.
    e = shape(s, 'LDDDDDDDD')
    if (e > 0) return claim(s, e, C_US_PASSPORT, namedWhy(s))
    e = shape(s, 'LLDDDDDDD')
    if (e > 0) return claim(s, e, C_IT_PASSPORT, namedWhy(s))
    e = shape(s, 'LDDDDDDD')
    if (e > 0 && d(1) != 0) return claim(s, e, C_IN_PASSPORT, namedWhy(s))
  }
  if (idCardWord(k)) {
    e = shape(s, 'LLsDDDDDsLL')
    if (e == 0) e = shape(s, 'LLDDDDDDD')
    if (e > 0) return claim(s, e, C_IT_IDENTITY_CARD, namedWhy(s))
  }
  if ((k & K_VOTER) != 0) {
    e = shape(s, 'LLLDDDDDDD')
    if (e > 0) return claim(s, e, C_IN_VOTER, namedWhy(s))
  }
  const medical = (k & (K_MEDICAL | K_NPI | K_DEA)) != 0
  // "taxi drivers' union at 1213-15": a driving word alone is not enough; it takes a licence word,
  // DL / CDL / patente, or "driver id / number".
  if ((k & K_DL) != 0 || ((k & K_LICENSE) != 0 && !medical) || (k & (K_DRIVE | K_ID)) == (K_DRIVE | K_ID)) {
    // Italian licences: AA1234567A, or U1 + series letter + six characters + letter.
    e = shape(s, 'LLDDDDDDDL')
    if (e == 0) {
      e = shape(s, 'LDLAAAAAAL')
      if (e > 0 && !(at(s) == 0x55 && at(s + 1) == 0x31 && inStr(at(s + 2), 'BCDEFGHLMNPRSTUWYXZ'))) e = 0
    }
    if (e > 0) return claim(s, e, C_IT_DRIVER_LICENSE, namedWhy(s))
    // US licences: 1-2 letters or none, then 4-14 digits, sometimes letters after (Presidio's state formats).
    e = alnumRun(s)
    // Phone-shaped digits ("2270-66-1551") are the licence after a licence word, never after a phone word.
    const named = (k & (K_LICENSE | K_DL)) != 0
    if (e > 0 && IDN >= 5 && IDN <= 16 && countDigits() >= 4 && <u32>IDN - countDigits() <= 3 &&
      (wordBefore(s) & G_CTX_PHONE) == 0 && (named || !phoneShaped(s, e))) {
      return claim(s, e, C_US_DRIVER_LICENSE, namedWhy(s))
    }
  }
  if ((k & K_MEDICAL) != 0 && (k & K_LICENSE) != 0) {
    // A state medical licence ("medical license no. MD123456"): up to 3 letters, 4-10 digits.
    e = alnumRun(s)
    const nd = countDigits()
    if (e > 0 && nd >= 4 && nd <= 10 && <u32>IDN - nd <= 3 && isDig(load<u8>(ID + IDN - 1))) return claim(s, e, C_MEDICAL_LICENSE, namedWhy(s))
  }
  if ((k & K_MRN) != 0 || (k & (K_MEDICAL | K_RECORD)) == (K_MEDICAL | K_RECORD) ||
    ((k & K_PATIENT) != 0 && (k & (K_ID | K_RECORD)) != 0) || (k & K_CHART) != 0) {
    // Medical record numbers are hospital-local: 5-12 digits, perhaps a few letters or dashes; not a date.
    if (shape(s, 'DDDD-DD-DD') > 0 || shape(s, 'DD-DD-DDDD') > 0) return 0
    e = alnumRun(s)
    const nd = countDigits()
    if (e > 0 && nd >= 5 && nd <= 12 && <u32>IDN - nd <= 3 && !phoneShaped(s, e)) return claim(s, e, C_MRN, namedWhy(s))
    // Spaced out or split by mixed separators after its label ("MRN 8 8 3 1 4 0 8 8 9", "mrn 883-14 0889").
    if (isDig(at(s))) {
      const z = readDigitRun(s)
      // Groups split by spaces only ("MRN: 1234 5678") after the MRN label itself.
      const odd = RUN_SPACED || RUN_MIXED || RUN_BROKEN || RUN_PADDED || RUN_GLYPH || ((k & K_MRN) != 0 && RUN_G <= 4)
      if (RUN_N >= 5 && RUN_N <= 12 && odd && !isAlnum(at(z)) && ((k & K_MRN) != 0 || !phoneShaped(s, z))) {
        return claim(s, z, C_MRN, namedWhy(s) | W_DEOBFUSCATED)
      }
    }
  }
  return 0
}

/**
 * Try every national and medical id at the value [s, e0) (a token, trimmed, holding a digit). Returns
 * the end of the id reported, or 0 when there is none (other recognisers then read the token).
 */
export function nationalId(s: usize, e0: usize): usize {
  ctxDone = false
  const c = at(s)
  // "MRN12345678": the label glued to its value.
  if (e0 - s >= 8 && startsWith(s, e0, 'mrn') && isDig(at(s + 3)) && wants(C_MRN)) {
    const e = alnumRun(s + 3)
    const nd = countDigits()
    if (e > 0 && nd >= 5 && nd <= 12 && <u32>IDN - nd <= 3) return claim(s + 3, e, C_MRN, W_FORMAT | W_CONTEXT)
  }
  if (isDig(c)) return fromDigit(s, e0)
  if (c - 0x41 < 26) return fromLetter(s, e0)
  // Lower case: the NIE and NINO layouts (each checks its own case rule), then ids named by a word.
  if (c - 0x61 < 26 && e0 - s >= 9 && e0 - s <= 13) {
    const z = fromLower(s, e0)
    if (z > 0) return z
  }
  // Lower-cased text ("my driver's license number is a56319335"): only the ids named by a word.
  return e0 - s >= 5 ? contextual(s) : 0
}

/** A two-letter token before a digit group: a spaced NINO ("QQ 12 34 56 C") or plate ("MH 12 AB 1234"). */
export function spacedLetterId(s: usize): usize {
  ctxDone = false
  if (!wantsAny(bit(C_UK_NINO) | bit(C_IN_VEHICLE) | bit(C_IT_IDENTITY_CARD))) return 0
  let z = ukNino(s)
  if (z == 0) z = inVehicle(s)
  // "identity card AY 12345 BC": the spaced Italian identity card.
  if (z == 0 && wants(C_IT_IDENTITY_CARD)) z = contextual(s)
  return z
}

/**
 * Does a spaced NINO or plate start at s? The name rules ask before taking a two-capital word into
 * a capitalised run ("National Insurance AB 12 34 56 C"), so the id is read whole by the token loop.
 */
export function spacedIdAt(s: usize): bool {
  if (!wantsAny(bit(C_UK_NINO) | bit(C_IN_VEHICLE))) return false
  ctxDone = false
  dryRun = true
  const z = ukNino(s) > 0 || inVehicle(s) > 0
  dryRun = false
  return z
}
