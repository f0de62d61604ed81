// Builds test/fixtures/pii-world.jsonl, the multilingual and adversarial PII benchmark, from the
// hand-written rows in scripts/pii-world-rows.mjs.
//
// A row's text marks each labelled span as [[TYPE|value]]; this script strips the marks and records
// JavaScript (UTF-16) offsets, so text.slice(start, end) is the value. A value written as
// @generator(args):format is made here, deterministically (a PRNG seeded from the row id and span
// number), with a valid check digit where the identifier has one, then written in the given format
// (grouped, compact, spaced digits, full-width, zero-width characters, a line break, ...). Each row's
// split is fixed by its id alone: 64-bit FNV-1a of the id's UTF-8 bytes, even = tune, odd = holdout,
// so adding or editing rows never moves another row between halves.
//
//   node scripts/pii-world-fixtures.mjs          write the file
//   node scripts/pii-world-fixtures.mjs --check  fail if the file on disk differs from a fresh build
import { readFileSync, writeFileSync } from 'node:fs'
import { ROWS } from './pii-world-rows.mjs'

const OUT = new URL('../test/fixtures/pii-world.jsonl', import.meta.url)

export const KINDS = ['standard', 'contextual', 'ambiguous', 'adversarial', 'negative']
export const SCRIPTS = ['latin', 'latin-diacritics', 'cyrillic', 'greek', 'arabic', 'hebrew', 'chinese', 'japanese', 'korean', 'devanagari', 'thai', 'mixed']

/** Short names used in the row markup, and the Presidio entity names they stand for. */
const TYPES = {
  PER: 'PERSON',
  LOC: 'LOCATION',
  ORG: 'ORGANIZATION',
  NRP: 'NRP',
  EMAIL: 'EMAIL_ADDRESS',
  PHONE: 'PHONE_NUMBER',
  SSN: 'US_SSN',
  CARD: 'CREDIT_CARD',
  MRN: 'MEDICAL_RECORD_NUMBER',
  IBAN: 'IBAN_CODE',
  DATE: 'DATE_TIME',
  NHS: 'UK_NHS',
  NINO: 'UK_NINO',
  ITIN: 'US_ITIN',
  NPI: 'US_NPI',
  AADHAAR: 'IN_AADHAAR',
  PAN: 'IN_PAN',
  NIF: 'ES_NIF',
  NIE: 'ES_NIE',
  CF: 'IT_FISCAL_CODE',
  PESEL: 'PL_PESEL',
  FIPIC: 'FI_PERSONAL_IDENTITY_CODE',
  RRN: 'KR_RRN',
  NRIC: 'SG_NRIC_FIN',
  TFN: 'AU_TFN',
  ABN: 'AU_ABN',
  MEDICARE: 'AU_MEDICARE',
  TNIN: 'TH_TNIN'
}

// ---------------------------------------------------------------------------------------------
// Hashes and the PRNG.

/** 64-bit FNV-1a over UTF-8 bytes (the same function as the core's assembly/text/hash.ts). */
export function fnv1a64(str) {
  let h = 0xcbf29ce484222325n
  for (const b of new TextEncoder().encode(str)) {
    h ^= BigInt(b)
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn
  }
  return h
}

/** The row's half: even hash = tune, odd = holdout. */
export const splitOf = (id) => ((fnv1a64(id) & 1n) === 0n ? 'tune' : 'holdout')

function rng(seedText) {
  let a = Number(fnv1a64(seedText) & 0xffffffffn)
  return () => {
    // mulberry32
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// ---------------------------------------------------------------------------------------------
// Check digits (each generator below is checked again by the matching validator).

const digitsOf = (s) => [...s].map(Number)

export function luhnOk(num) {
  let sum = 0
  const d = digitsOf(num).reverse()
  for (let i = 0; i < d.length; i++) {
    let x = d[i]
    if (i % 2 === 1) {
      x *= 2
      if (x > 9) x -= 9
    }
    sum += x
  }
  return sum % 10 === 0
}
const luhnDigit = (body) => {
  for (let c = 0; c < 10; c++) if (luhnOk(body + c)) return String(c)
  throw new Error('unreachable')
}

const VD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
]
const VP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8]
]
const VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]
export function verhoeffOk(num) {
  let c = 0
  digitsOf(num).reverse().forEach((d, i) => (c = VD[c][VP[i % 8][d]]))
  return c === 0
}
function verhoeffDigit(body) {
  let c = 0
  digitsOf(body).reverse().forEach((d, i) => (c = VD[c][VP[(i + 1) % 8][d]]))
  return String(VINV[c])
}

export function nhsOk(n) {
  if (!/^\d{10}$/.test(n)) return false
  let s = 0
  for (let i = 0; i < 9; i++) s += Number(n[i]) * (10 - i)
  const c = 11 - (s % 11)
  return (c === 11 ? 0 : c) === Number(n[9])
}

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'
export function nifOk(v) {
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(v)
  if (!m) return false
  const n = Number((m[1] ? 'XYZ'.indexOf(m[1]) : '') + m[2])
  return NIF_LETTERS[n % 23] === m[3]
}

const CF_ODD = { 0: 1, 1: 0, 2: 5, 3: 7, 4: 9, 5: 13, 6: 15, 7: 17, 8: 19, 9: 21, A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18, N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23 }
const cfEven = (ch) => (/\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65)
function cfCheck(body) {
  let s = 0
  for (let i = 0; i < 15; i++) s += i % 2 === 0 ? CF_ODD[body[i]] : cfEven(body[i])
  return String.fromCharCode(65 + (s % 26))
}
export const cfOk = (v) => /^[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z]$/.test(v) && cfCheck(v.slice(0, 15)) === v[15]

const PESEL_W = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]
const peselCheck = (b) => String((10 - (PESEL_W.reduce((s, w, i) => s + w * Number(b[i]), 0) % 10)) % 10)
export const peselOk = (v) => /^\d{11}$/.test(v) && peselCheck(v) === v[10]

const RRN_W = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]
const rrnCheck = (b) => String((11 - (RRN_W.reduce((s, w, i) => s + w * Number(b[i]), 0) % 11)) % 10)
export const rrnOk = (v) => /^\d{13}$/.test(v) && rrnCheck(v) === v[12]

function nricLetter(prefix, d7) {
  let s = [2, 7, 6, 5, 4, 3, 2].reduce((a, w, i) => a + w * Number(d7[i]), 0)
  if (prefix === 'T' || prefix === 'G') s += 4
  return (prefix === 'S' || prefix === 'T' ? 'JZIHGFEDCBA' : 'XWUTRQPNMLK')[s % 11]
}
export const nricOk = (v) => /^[STFG]\d{7}[A-Z]$/.test(v) && nricLetter(v[0], v.slice(1, 8)) === v[8]

const TFN_W = [1, 4, 3, 7, 5, 8, 6, 9, 10]
export const tfnOk = (v) => /^\d{9}$/.test(v) && TFN_W.reduce((s, w, i) => s + w * Number(v[i]), 0) % 11 === 0

const ABN_W = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
export const abnOk = (v) => /^[1-9]\d{10}$/.test(v) && ABN_W.reduce((s, w, i) => s + w * (Number(v[i]) - (i === 0 ? 1 : 0)), 0) % 89 === 0

const MEDICARE_W = [1, 3, 7, 9, 1, 3, 7, 9]
export const medicareOk = (v) => /^[2-6]\d{9}$/.test(v) && MEDICARE_W.reduce((s, w, i) => s + w * Number(v[i]), 0) % 10 === Number(v[8])

const FI_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY'
export const fiOk = (v) => {
  const m = /^(\d{6})([-+A])(\d{3})([0-9A-Y])$/.exec(v)
  return Boolean(m) && FI_CHECK[Number(m[1] + m[3]) % 31] === m[4]
}

const tninCheck = (b) => String((11 - ([...b.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (13 - i), 0) % 11)) % 10)
export const tninOk = (v) => /^\d{13}$/.test(v) && tninCheck(v) === v[12]

export function ibanOk(v) {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(v)) return false
  const r = (v.slice(4) + v.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  let m = 0
  for (const ch of r) m = (m * 10 + Number(ch)) % 97
  return m === 1
}

export const npiOk = (v) => /^\d{10}$/.test(v) && luhnOk('80840' + v)

export const ssnOk = (v) => {
  const m = /^(\d{3})(\d{2})(\d{4})$/.exec(v)
  return Boolean(m) && m[1] !== '000' && m[1] !== '666' && m[1][0] !== '9' && m[2] !== '00' && m[3] !== '0000'
}

// ---------------------------------------------------------------------------------------------
// Generators: (rand, ...args) -> canonical compact value. `fmt` below writes it out.

const pick = (rand, s) => s[Math.floor(rand() * s.length)]
const dig = (rand, n, first = '0123456789') => {
  let s = pick(rand, first)
  for (let i = 1; i < n; i++) s += pick(rand, '0123456789')
  return s
}
const pad2 = (n) => String(n).padStart(2, '0')

const IBAN_BBAN = {
  DE: (r) => dig(r, 18), FR: (r) => dig(r, 10) + dig(r, 11) + dig(r, 2), ES: (r) => dig(r, 20),
  IT: (r) => pick(r, 'ABCDEFGHIJKLMNOPRSTUVWXZ') + dig(r, 10) + dig(r, 12), PL: (r) => dig(r, 24),
  GB: (r) => 'NWBK' + dig(r, 14), NL: (r) => 'ABNA' + dig(r, 10), PT: (r) => dig(r, 21),
  TR: (r) => dig(r, 5) + '0' + dig(r, 16), GR: (r) => dig(r, 23), AT: (r) => dig(r, 16),
  BE: (r) => dig(r, 12), CH: (r) => dig(r, 17), SA: (r) => dig(r, 2) + dig(r, 18), AE: (r) => dig(r, 19),
  IL: (r) => dig(r, 19), UA: (r) => dig(r, 6) + dig(r, 19), VN: null
}

const GEN = {
  visa: (r) => { const b = '4' + dig(r, 14); return b + luhnDigit(b) },
  mc: (r) => { const b = '5' + pick(r, '12345') + dig(r, 13); return b + luhnDigit(b) },
  amex: (r) => { const b = '3' + pick(r, '47') + dig(r, 12); return b + luhnDigit(b) },
  ssn: (r) => { for (;;) { const v = dig(r, 3, '12345678') + dig(r, 2) + dig(r, 4); if (ssnOk(v)) return v } },
  itin: (r) => '9' + dig(r, 2) + pick(r, ['70', '71', '72', '75', '78', '80', '83', '88', '90', '92', '94', '97']) + dig(r, 4),
  nhs: (r) => { for (;;) { const b = dig(r, 9, '4'); for (let c = 0; c < 10; c++) if (nhsOk(b + c)) return b + c } },
  aadhaar: (r) => { const b = dig(r, 11, '23456789'); return b + verhoeffDigit(b) },
  nif: (r) => { const n = dig(r, 8); return n + NIF_LETTERS[Number(n) % 23] },
  nie: (r) => { const p = pick(r, 'XYZ'); const n = dig(r, 7); return p + n + NIF_LETTERS[Number('XYZ'.indexOf(p) + n) % 23] },
  // cf(surnameCode, nameCode, yy, month 1-12, day, F|M, municipality)
  cf: (r, sur, nam, yy, mm, dd, sex, town) => {
    const b = `${sur}${nam}${pad2(yy)}${'ABCDEHLMPRST'[Number(mm) - 1]}${pad2(Number(dd) + (sex === 'F' ? 40 : 0))}${town}`
    return b + cfCheck(b)
  },
  pesel: (r, yyyy, mm, dd, sex) => {
    const y = Number(yyyy)
    const b = `${pad2(y % 100)}${pad2(Number(mm) + (y >= 2000 ? 20 : 0))}${pad2(dd)}${dig(r, 3)}${pick(r, sex === 'F' ? '02468' : '13579')}`
    return b + peselCheck(b)
  },
  rrn: (r, yyyy, mm, dd, sex) => {
    const y = Number(yyyy)
    const g = y >= 2000 ? (sex === 'F' ? '4' : '3') : sex === 'F' ? '2' : '1'
    const b = `${pad2(y % 100)}${pad2(mm)}${pad2(dd)}${g}${dig(r, 5)}`
    return b + rrnCheck(b)
  },
  nric: (r, prefix = 'S') => { const d = dig(r, 7); return prefix + d + nricLetter(prefix, d) },
  tfn: (r) => { for (;;) { const b = dig(r, 8, '123456789'); for (let c = 0; c < 10; c++) if (tfnOk(b + c)) return b + c } },
  abn: (r) => { for (;;) { const v = dig(r, 11, '123456789'); if (abnOk(v)) return v } },
  medicare: (r) => { const b = dig(r, 8, '23456'); const c = MEDICARE_W.reduce((s, w, i) => s + w * Number(b[i]), 0) % 10; return b + c + pick(r, '12345') },
  fipic: (r, ddmmyy, century = '-', sex = 'F') => {
    const n = dig(r, 2, '0') + pick(r, sex === 'F' ? '2468' : '13579')
    const z = n === '000' ? '002' : n
    return ddmmyy + century + z + FI_CHECK[Number(ddmmyy + z) % 31]
  },
  tnin: (r) => { const b = dig(r, 12, '1234578'); return b + tninCheck(b) },
  iban: (r, cc) => {
    const bban = IBAN_BBAN[cc](r)
    const t = (bban + cc + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
    let m = 0
    for (const ch of t) m = (m * 10 + Number(ch)) % 97
    return cc + pad2(98 - m) + bban
  },
  npi: (r) => { const b = dig(r, 9, '12'); return b + luhnDigit('80840' + b).slice(-1) },
  nino: (r) => pick(r, ['AB', 'CE', 'JG', 'KL', 'MR', 'PW', 'SR', 'TH', 'WL', 'YZ']) + dig(r, 6) + pick(r, 'ABCD'),
  pan: (r, initial = 'K') => pick(r, 'ABCDEFGHJKLMNPRSTUVWXZ') + pick(r, 'ABCDEFGHJKLMNPRSTUVWXZ') + pick(r, 'ABCDEFGHJKLMNPRSTUVWXZ') + 'P' + initial + dig(r, 4) + pick(r, 'ABCDEFGHJKLMNPRSTUVWXZ'),
  // Medical record numbers have no national format; hospitals print 6-10 digits, often with a prefix.
  mrn: (r, n = '8', prefix = '') => prefix + dig(r, Number(n), '123456789')
}

/** Validators for the generated values (by generator), applied to the compact value. */
const CHECK = {
  visa: luhnOk, mc: luhnOk, amex: luhnOk, ssn: ssnOk, nhs: nhsOk, aadhaar: (v) => /^[2-9]\d{11}$/.test(v) && verhoeffOk(v),
  nif: nifOk, nie: nifOk, cf: cfOk, pesel: peselOk, rrn: rrnOk, nric: nricOk, tfn: tfnOk, abn: abnOk, medicare: medicareOk,
  fipic: fiOk, tnin: tninOk, iban: ibanOk, npi: npiOk
}

// ---------------------------------------------------------------------------------------------
// Formats: how a compact value is written in the text.

const FULLWIDTH = (s) => s.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000').replace(/-/g, '－')
const groups = (v, sizes, sep) => {
  const out = []
  let i = 0
  for (const n of sizes) {
    out.push(v.slice(i, i + n))
    i += n
  }
  if (i < v.length) out.push(v.slice(i))
  return out.filter(Boolean).join(sep)
}
/** Default human grouping per generator. */
const GROUPING = {
  visa: [4, 4, 4, 4], mc: [4, 4, 4, 4], amex: [4, 6, 5], ssn: [3, 2, 4], itin: [3, 2, 4], nhs: [3, 3, 4],
  aadhaar: [4, 4, 4], rrn: [6, 7], tnin: [1, 4, 5, 2, 1], abn: [2, 3, 3, 3], tfn: [3, 3, 3], medicare: [4, 5, 1],
  iban: [4, 4, 4, 4, 4, 4, 4, 4], nino: [2, 2, 2, 2, 1]
}
const SEP = { ssn: '-', itin: '-', rrn: '-', tnin: '-' }

function fmt(gen, v, how) {
  const g = GROUPING[gen]
  const sep = SEP[gen] ?? ' '
  const grouped = g ? groups(v, g, sep) : v
  switch (how) {
    case '': return grouped
    case 'compact': return v
    case 'dash': return g ? groups(v, g, '-') : v
    case 'dot': return g ? groups(v, g, '.') : v
    case 'space': return g ? groups(v, g, ' ') : v
    // every character apart, the group separator kept: "5 5 5 - 1 2 - 3 4 5 6"
    case 'spaced': return sep === ' ' ? [...v].join(' ') : [...grouped].join(' ')
    case 'fw': return FULLWIDTH(grouped)
    case 'fwcompact': return FULLWIDTH(v)
    // a zero-width space inside the value (mid-way), and a zero-width joiner two characters later
    case 'zw': { const m = Math.floor(grouped.length / 2); return grouped.slice(0, m) + '\u200b' + grouped.slice(m, m + 2) + '\u200d' + grouped.slice(m + 2) }
    // broken across a line, as when a form field or an e-mail wraps
    case 'nl': { const parts = grouped.split(sep); const h = Math.ceil(parts.length / 2); return parts.length > 1 ? parts.slice(0, h).join(sep) + '\n' + parts.slice(h).join(sep) : grouped.slice(0, Math.ceil(grouped.length / 2)) + '\n' + grouped.slice(Math.ceil(grouped.length / 2)) }
    case 'slash': return g ? groups(v, g, ' / ') : v
    case 'paren': return g ? groups(v, g, ')(').replace(/^/, '(').replace(/$/, ')') : v
    case 'words': return [...v].map((c) => ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][Number(c)] ?? c).join(' ')
    default: throw new Error(`unknown format ${how}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Markup.

const MARK = /\[\[([A-Z_]+)\|((?:(?!\]\]).)+?)\]\]/gs
const GENCALL = /^@([a-z]+)(?:\(([^)]*)\))?(?::([a-z]+))?$/

export function buildRow([id, kind, script, marked]) {
  if (!KINDS.includes(kind)) throw new Error(`${id}: kind ${kind}`)
  if (!SCRIPTS.includes(script)) throw new Error(`${id}: script ${script}`)
  const lang = id.slice(0, id.indexOf('-'))
  let text = ''
  let last = 0
  let k = 0
  const spans = []
  for (const m of marked.matchAll(MARK)) {
    text += marked.slice(last, m.index)
    last = m.index + m[0].length
    const type = TYPES[m[1]] ?? (Object.values(TYPES).includes(m[1]) ? m[1] : null)
    if (!type) throw new Error(`${id}: unknown type ${m[1]}`)
    let value = m[2]
    const call = GENCALL.exec(value)
    if (call) {
      const [, gen, args, how = ''] = call
      if (!GEN[gen]) throw new Error(`${id}: unknown generator ${gen}`)
      const compact = GEN[gen](rng(`${id}#${k}`), ...(args ? args.split(',') : []))
      if (CHECK[gen] && !CHECK[gen](compact)) throw new Error(`${id}: ${gen} made an invalid ${compact}`)
      value = fmt(gen, compact, how)
    } else if (value.startsWith('@')) {
      throw new Error(`${id}: bad generator call ${value}`)
    }
    spans.push({ start: text.length, end: text.length + value.length, type })
    text += value
    k++
  }
  text += marked.slice(last)
  if (text.includes('[[') || text.includes(']]')) throw new Error(`${id}: unbalanced markup`)
  if (kind === 'negative' && spans.length) throw new Error(`${id}: a negative row has spans`)
  if (kind !== 'negative' && !spans.length) throw new Error(`${id}: no spans`)
  return { id, kind, script, lang, text, spans, split: splitOf(id) }
}

export function build() {
  const seen = new Set()
  const rows = ROWS.map((r) => {
    if (seen.has(r[0])) throw new Error(`duplicate id ${r[0]}`)
    seen.add(r[0])
    return buildRow(r)
  })
  // Independent check of the offsets, as a reader of the JSONL would do it.
  for (const row of rows) {
    for (const s of row.spans) {
      const v = row.text.slice(s.start, s.end)
      if (!v || v !== v.trim()) throw new Error(`${row.id}: span ${JSON.stringify(v)} empty or padded`)
    }
    for (let i = 1; i < row.spans.length; i++) if (row.spans[i].start < row.spans[i - 1].end) throw new Error(`${row.id}: overlapping spans`)
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = build()
  const out = rows.map((r) => JSON.stringify(r)).join('\n') + '\n'
  if (process.argv.includes('--check')) {
    const disk = readFileSync(OUT, 'utf8')
    if (disk !== out) {
      console.error('pii-world: test/fixtures/pii-world.jsonl is stale; run node scripts/pii-world-fixtures.mjs')
      process.exit(1)
    }
  } else {
    writeFileSync(OUT, out)
  }
  const n = rows.reduce((a, r) => a + r.spans.length, 0)
  const h = rows.filter((r) => r.split === 'holdout')
  console.log(`pii-world: ${rows.length} rows, ${n} spans; holdout ${h.length} rows, ${h.reduce((a, r) => a + r.spans.length, 0)} spans`)
}
