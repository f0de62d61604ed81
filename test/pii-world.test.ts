// The pii-world benchmark file itself (test/fixtures/pii-world.jsonl): offsets, kinds, the id-fixed split,
// and a valid check digit on every identifier that has one. The validators here are written again, apart
// from the generator in scripts/pii-world-fixtures.mjs, so a slip in one shows up in the other.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Span = { start: number; end: number; type: string }
type Row = { id: string; kind: string; script: string; lang: string; text: string; spans: Span[]; split: string }

const rows: Row[] = readFileSync(new URL('./fixtures/pii-world.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l))

const KINDS = ['standard', 'contextual', 'ambiguous', 'adversarial', 'negative']
const SCRIPTS = ['latin', 'latin-diacritics', 'cyrillic', 'greek', 'arabic', 'hebrew', 'chinese', 'japanese', 'korean', 'devanagari', 'thai', 'mixed']

function fnv1a64(s: string): bigint {
  let h = 0xcbf29ce484222325n
  for (const b of Buffer.from(s, 'utf8')) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn
  return h
}

/** ASCII digits and upper-case letters of a value as written (full-width, other-script digits, separators). */
function compact(v: string): string {
  let out = ''
  for (const ch of v) {
    const c = ch.codePointAt(0)!
    const digitBase = [0x30, 0xff10, 0x660, 0x966, 0xe50].find((b) => c >= b && c <= b + 9)
    if (digitBase !== undefined) out += String(c - digitBase)
    else if (c >= 0xff21 && c <= 0xff3a) out += String.fromCharCode(c - 0xfee0)
    else if (c >= 0xff41 && c <= 0xff5a) out += String.fromCharCode(c - 0xfee0 - 32)
    else if (/[A-Za-z]/.test(ch)) out += ch.toUpperCase()
  }
  return out
}

const d = (s: string) => [...s].map(Number)
const luhn = (s: string) => d(s).reverse().reduce((a, x, i) => a + (i % 2 ? (x * 2 > 9 ? x * 2 - 9 : x * 2) : x), 0) % 10 === 0
const weighted = (s: string, w: number[]) => w.reduce((a, k, i) => a + k * Number(s[i]), 0)
const VD = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],[4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],[8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]] // prettier-ignore
const VP = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],[9,4,5,3,1,2,6,8,7,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]] // prettier-ignore
const verhoeff = (s: string) => d(s).reverse().reduce((c, x, i) => VD[c][VP[i % 8][x]], 0) === 0
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
const cfVal = (ch: string, odd: boolean) => {
  const n = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65
  return odd ? CF_ODD[n] : n
}

/** Check-digit rules per type (value already compacted). Types without one only need a plausible shape. */
const VALID: Record<string, (v: string) => boolean> = {
  CREDIT_CARD: (v) => /^\d{13,19}$/.test(v) && luhn(v),
  US_SSN: (v) => /^(?!000|666|9)\d{3}(?!00)\d{2}(?!0000)\d{4}$/.test(v),
  US_ITIN: (v) => /^9\d{2}(5[0-9]|6[0-5]|7\d|8[0-8]|9[0-24-9])\d{4}$/.test(v),
  US_NPI: (v) => /^\d{10}$/.test(v) && luhn('80840' + v),
  UK_NHS: (v) => /^\d{10}$/.test(v) && (11 - (weighted(v, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 11 === Number(v[9]),
  UK_NINO: (v) => /^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/.test(v),
  IN_AADHAAR: (v) => /^[2-9]\d{11}$/.test(v) && verhoeff(v),
  IN_PAN: (v) => /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/.test(v),
  ES_NIF: (v) => /^\d{8}[A-Z]$/.test(v) && 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(v.slice(0, 8)) % 23] === v[8],
  ES_NIE: (v) => /^[XYZ]\d{7}[A-Z]$/.test(v) && 'TRWAGMYFPDXBNJZSQVHLCKE'[Number('XYZ'.indexOf(v[0]) + v.slice(1, 8)) % 23] === v[8],
  IT_FISCAL_CODE: (v) =>
    /^[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z]$/.test(v) &&
    String.fromCharCode(65 + ([...v.slice(0, 15)].reduce((a, ch, i) => a + cfVal(ch, i % 2 === 0), 0) % 26)) === v[15],
  PL_PESEL: (v) => /^\d{11}$/.test(v) && (10 - (weighted(v, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10 === Number(v[10]),
  KR_RRN: (v) => /^\d{13}$/.test(v) && (11 - (weighted(v, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10 === Number(v[12]),
  SG_NRIC_FIN: (v) => {
    if (!/^[STFG]\d{7}[A-Z]$/.test(v)) return false
    const sum = weighted(v.slice(1), [2, 7, 6, 5, 4, 3, 2]) + ('TG'.includes(v[0]) ? 4 : 0)
    return ('ST'.includes(v[0]) ? 'JZIHGFEDCBA' : 'XWUTRQPNMLK')[sum % 11] === v[8]
  },
  AU_TFN: (v) => /^\d{9}$/.test(v) && weighted(v, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0,
  AU_ABN: (v) => /^\d{11}$/.test(v) && (weighted(v, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) - 10) % 89 === 0,
  AU_MEDICARE: (v) => /^[2-6]\d{9}$/.test(v) && weighted(v, [1, 3, 7, 9, 1, 3, 7, 9]) % 10 === Number(v[8]),
  // compact() drops the century sign ('-' / 'A'), so read it back from the shape.
  FI_PERSONAL_IDENTITY_CODE: (v) => {
    const m = /^(\d{6})A?(\d{3})([0-9A-Y])$/.exec(v)
    return m !== null && '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(m[1] + m[2]) % 31] === m[3]
  },
  TH_TNIN: (v) => /^\d{13}$/.test(v) && (11 - ([...v.slice(0, 12)].reduce((a, x, i) => a + Number(x) * (13 - i), 0) % 11)) % 10 === Number(v[12]),
  IBAN_CODE: (v) => {
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(v)) return false
    const r = (v.slice(4) + v.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
    return [...r].reduce((m, ch) => (m * 10 + Number(ch)) % 97, 0) === 1
  }
}

describe('pii-world fixture', () => {
  it('is what scripts/pii-world-fixtures.mjs builds (run it after editing scripts/pii-world-rows.mjs)', () => {
    expect(() => execFileSync(process.execPath, ['scripts/pii-world-fixtures.mjs', '--check'], { stdio: 'pipe' })).not.toThrow()
  })

  it('has unique ids, known kinds and scripts, and the split fixed by FNV-1a of the id', () => {
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
    for (const r of rows) {
      expect(KINDS).toContain(r.kind)
      expect(SCRIPTS).toContain(r.script)
      expect(r.id.startsWith(`${r.lang}-`)).toBe(true)
      expect(r.split).toBe((fnv1a64(r.id) & 1n) === 0n ? 'tune' : 'holdout')
    }
  })

  it('has ordered, non-overlapping, trimmed spans; negatives have none', () => {
    for (const r of rows) {
      expect(r.spans.length === 0, r.id).toBe(r.kind === 'negative')
      let end = 0
      for (const s of r.spans) {
        const v = r.text.slice(s.start, s.end)
        expect(s.start >= end && s.end > s.start && v === v.trim(), `${r.id} ${JSON.stringify(v)}`).toBe(true)
        end = s.end
      }
    }
  })

  it('writes every identifier with a valid check digit or shape', () => {
    let checked = 0
    for (const r of rows) {
      for (const s of r.spans) {
        const rule = VALID[s.type]
        const raw = r.text.slice(s.start, s.end)
        if (!rule || /[a-z]{3}/.test(raw)) continue // written-out values ("five five five") are not re-parsed
        expect(rule(compact(raw)), `${r.id} ${s.type} ${JSON.stringify(raw)}`).toBe(true)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('is large enough and about half holdout', () => {
    const spans = rows.flatMap((r) => r.spans.map((s) => ({ ...s, split: r.split })))
    expect(spans.length).toBeGreaterThanOrEqual(600)
    const holdout = spans.filter((s) => s.split === 'holdout').length / spans.length
    expect(holdout).toBeGreaterThan(0.4)
    expect(holdout).toBeLessThan(0.6)
  })
})
