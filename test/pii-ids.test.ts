import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load()

// National and medical identifiers. Valid values are made here by a deterministic generator that
// computes each check digit from its published rule (its own code, not the core's), beside a few
// published specimen values; no value belongs to a real person.

const IDS = new Set([
  'US_ITIN', 'US_PASSPORT', 'US_DRIVER_LICENSE', 'UK_NHS', 'UK_NINO', 'ES_NIF', 'ES_NIE', 'IT_FISCAL_CODE',
  'IT_DRIVER_LICENSE', 'IT_VAT_CODE', 'IT_PASSPORT', 'IT_IDENTITY_CARD', 'PL_PESEL', 'FI_PERSONAL_IDENTITY_CODE',
  'SG_NRIC_FIN', 'SG_UEN', 'AU_ABN', 'AU_ACN', 'AU_TFN', 'AU_MEDICARE', 'IN_PAN', 'IN_AADHAAR', 'IN_VOTER',
  'IN_PASSPORT', 'IN_VEHICLE_REGISTRATION', 'KR_RRN', 'TH_TNIN', 'MEDICAL_LICENSE', 'MEDICAL_RECORD_NUMBER',
  'US_NPI', 'US_DEA_NUMBER'
])

type Found = [category: string, string: string, start: number]
/** The national / medical ids found in text, and anything else overlapping them. */
function found(text: string, extra: Record<string, unknown> = {}): Found[] {
  const all = litmus.pii({ text, ...extra }).pii
  const ids = all.filter((e) => IDS.has(e.category))
  const clash = all.filter((e) => !IDS.has(e.category) && ids.some((x) => e.interval[0] < x.interval[1] && x.interval[0] < e.interval[1]))
  return [...ids, ...clash].map((e) => [e.category, e.string, e.interval[0]])
}

// ---- Deterministic generator ----
let seed = 12345
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32)
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('')
const letters = (n: number, set = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') => Array.from({ length: n }, () => set[int(0, set.length - 1)]).join('')
const pad = (v: number, n: number) => String(v).padStart(n, '0')
const weighted = (ds: string, ws: number[]) => ws.reduce((s, w, i) => s + w * Number(ds[i]), 0)
const luhnSum = (ds: string) => [...ds].reverse().reduce((s, c, i) => {
  let d = Number(c)
  if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
  return s + d
}, 0)
/** The digit that completes ds so ok(ds + d) holds, or undefined. */
const complete = (ds: string, ok: (s: string) => boolean) => {
  const d = [...'0123456789'].find((x) => ok(ds + x))
  return d === undefined ? undefined : ds + d
}
/** A value from make(), retried until it is defined (some draws have no valid check digit). */
function gen(make: () => string | undefined): string {
  for (;;) {
    const v = make()
    if (v !== undefined) return v
  }
}
/** Change the check digit of a value (its last digit, or digit number `at`) so the check fails. */
const breakLast = (v: string, ok: (s: string) => boolean, at?: number) => {
  const places = [...v.matchAll(/\d/g)].map((m) => m.index!)
  const i = at === undefined ? places[places.length - 1] : places[at]
  for (let d = 1; d < 10; d++) {
    const w = v.slice(0, i) + String((Number(v[i]) + d) % 10) + v.slice(i + 1)
    if (!ok(w)) return w
  }
  throw new Error('no invalid variant')
}

const nhsOk = (v: string) => {
  const s = v.replace(/\D/g, '')
  let r = 11 - (weighted(s, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)
  if (r === 11) r = 0
  return r !== 10 && r === Number(s[9])
}
const nhs = () => gen(() => {
  const c = complete(digits(9), nhsOk)
  return c && `${c.slice(0, 3)} ${c.slice(3, 6)} ${c.slice(6)}`
})

const NIF = 'TRWAGMYFPDXBNJZSQVHLCKE'
const nif = () => { const n = digits(8); return n + NIF[Number(n) % 23] }
const nie = () => { const p = int(0, 2); const n = digits(7); return 'XYZ'[p] + n + NIF[Number(p + n) % 23] }

const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
const cfVal = (c: string) => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65)
const cfCheck = (s: string) => String.fromCharCode(65 + [...s].reduce((t, c, i) => t + (i % 2 === 0 ? CF_ODD[cfVal(c)] : cfVal(c)), 0) % 26)
const fiscal = (omocode = false) => {
  let body = letters(6) + digits(2) + 'ABCDEHLMPRST'[int(0, 11)] + pad(int(1, 28) + (rand() < 0.5 ? 40 : 0), 2) + letters(1) + pad(int(1, 999), 3)
  if (omocode) body = body.slice(0, 14) + 'LMNPQRSTUV'[Number(body[14])]
  return body + cfCheck(body)
}

const vatOk = (v: string) => luhnSum(v) % 10 === 0
const itVat = () => gen(() => complete('0' + digits(6) + pad(int(1, 100), 3), vatOk))

const peselOk = (v: string) => (10 - (weighted(v, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10 === Number(v[10])
const pesel = () => {
  const y = int(1930, 2020)
  const m = int(1, 12) + (y >= 2000 ? 20 : 0)
  return complete(pad(y % 100, 2) + pad(m, 2) + pad(int(1, 28), 2) + digits(4), peselOk)!
}

const FI = '0123456789ABCDEFHJKLMNPRSTUVWXY'
const fiOk = (v: string) => FI[Number(v.slice(0, 6) + v.slice(7, 10)) % 31] === v[10]
const fiPic = () => {
  const y = int(1930, 2015)
  const body = pad(int(1, 28), 2) + pad(int(1, 12), 2) + pad(y % 100, 2)
  const ind = pad(int(2, 899), 3)
  return body + (y >= 2000 ? 'A' : '-') + ind + FI[Number(body + ind) % 31]
}

const nricCheck = (p: string, ds: string) => {
  let s = weighted(ds, [2, 7, 6, 5, 4, 3, 2]) + (p === 'T' || p === 'G' ? 4 : p === 'M' ? 3 : 0)
  const table = p === 'S' || p === 'T' ? 'JZIHGFEDCBA' : p === 'M' ? 'XWUTRQPNJLK' : 'XWUTRQPNMLK'
  return table[s % 11]
}
const nric = () => { const p = 'STFGM'[int(0, 4)]; const ds = digits(7); return p + ds + nricCheck(p, ds) }

const uenA = () => { const ds = digits(8); return ds + 'XMKECAWLJDB'[weighted(ds, [10, 4, 9, 3, 8, 2, 7, 1]) % 11] }
const UEN_C = 'ABCDEFGHJKLMNPQRSTUVWX0123456789'
const uenC = () => {
  const body = 'T' + digits(2) + ['LP', 'LL', 'FC', 'RF', 'SS'][int(0, 4)] + digits(4)
  const s = [...body].reduce((t, c, i) => t + UEN_C.indexOf(c) * [4, 3, 5, 3, 10, 2, 2, 5, 7][i], 0)
  return body + UEN_C[(((s - 5) % 11) + 11) % 11]
}

const abnOk = (v: string) => { const s = v.replace(/\D/g, ''); return (weighted(s, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]) - 10) % 89 === 0 }
const abn = () => {
  const tail = digits(9)
  const s = weighted('00' + tail, [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19])
  const v = (89 - (s % 89)) % 89
  if (v > 89) return undefined
  const ds = String(Math.floor(v / 10) + 1) + String(v % 10) + tail
  return `${ds.slice(0, 2)} ${ds.slice(2, 5)} ${ds.slice(5, 8)} ${ds.slice(8)}`
}
const acnOk = (v: string) => { const s = v.replace(/\D/g, ''); return (10 - (weighted(s, [8, 7, 6, 5, 4, 3, 2, 1]) % 10)) % 10 === Number(s[8]) }
const acn = () => { const c = complete(digits(8), acnOk)!; return `${c.slice(0, 3)} ${c.slice(3, 6)} ${c.slice(6)}` }
const tfnOk = (v: string) => { const s = v.replace(/\D/g, ''); const t = weighted(s, [1, 4, 3, 7, 5, 8, 6, 9, 10]); return t > 0 && t % 11 === 0 }
const tfn = () => gen(() => { const c = complete(digits(8), tfnOk); return c && `${c.slice(0, 3)} ${c.slice(3, 6)} ${c.slice(6)}` })
const medicareOk = (v: string) => { const s = v.replace(/\D/g, ''); return weighted(s, [1, 3, 7, 9, 1, 3, 7, 9]) % 10 === Number(s[8]) }
const medicare = () => {
  const b = String(int(2, 6)) + digits(7)
  const c = b + (weighted(b, [1, 3, 7, 9, 1, 3, 7, 9]) % 10) + int(1, 9)
  return `${c.slice(0, 4)} ${c.slice(4, 9)} ${c.slice(9)}`
}

const VD = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1], [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]]
const VP = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1], [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8]]
const verhoeffOk = (v: string) => [...v.replace(/\D/g, '')].reverse().reduce((c, d, i) => VD[c][VP[i % 8][Number(d)]], 0) === 0
const aadhaar = () => { const c = complete(String(int(2, 9)) + digits(10), verhoeffOk)!; return `${c.slice(0, 4)} ${c.slice(4, 8)} ${c.slice(8)}` }

const rrnOk = (v: string) => { const s = v.replace(/\D/g, ''); return (11 - (weighted(s, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10 === Number(s[12]) }
const rrn = () => { const c = complete(pad(int(40, 99), 2) + pad(int(1, 12), 2) + pad(int(1, 28), 2) + int(1, 2) + digits(5), rrnOk)!; return c.slice(0, 6) + '-' + c.slice(6) }
const tninOk = (v: string) => { const s = v.replace(/\D/g, ''); return (11 - (weighted(s, [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 10 === Number(s[12]) }
const tnin = () => { const c = complete(String(int(1, 8)) + digits(11), tninOk)!; return `${c[0]}-${c.slice(1, 5)}-${c.slice(5, 10)}-${c.slice(10, 12)}-${c[12]}` }

const npiOk = (v: string) => luhnSum('80840' + v) % 10 === 0
const npi = () => complete(String(int(1, 2)) + digits(8), npiOk)!
const deaOk = (v: string) => { const d = v.slice(2).split('').map(Number); return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 === d[6] }
const dea = () => { const p = 'ABFGMX'[int(0, 5)] + letters(1); const ds = digits(6); return complete(p + ds, deaOk)! }
const itin = () => `9${digits(2)}-${[70, 75, 78, 88, 90, 94, 99][int(0, 6)]}-${digits(4)}`

const rows = (n: number, f: () => string) => Array.from({ length: n }, f)

// [category, value, sentence holding it]; each sentence must give exactly that entity.
const valid: [string, string, string][] = [
  // Published specimens.
  ['UK_NHS', '943 476 5919', 'NHS number 943 476 5919 on the referral.'],
  ['IT_FISCAL_CODE', 'RSSMRA85T10A562S', 'Codice fiscale: RSSMRA85T10A562S'],
  ['PL_PESEL', '44051401359', 'PESEL 44051401359'],
  ['FI_PERSONAL_IDENTITY_CODE', '131052-308T', 'Henkilötunnus 131052-308T.'],
  ['AU_ABN', '51 824 753 556', 'Our ABN is 51 824 753 556.'],
  ['AU_ACN', '000 000 019', 'ACN 000 000 019'],
  ['AU_TFN', '123 456 782', 'TFN: 123 456 782'],
  ['US_NPI', '1234567893', 'Prescriber NPI 1234567893 signed it.'],
  ['ES_NIF', '12345678Z', 'DNI 12345678Z'],
  ['US_DEA_NUMBER', 'AB1234563', 'DEA AB1234563'],
  // Generated, in varied sentences.
  ...rows(4, () => nhs()).map((v): [string, string, string] => ['UK_NHS', v, `Her NHS no. is ${v}, please check.`]),
  ...rows(3, () => nhs().replace(/ /g, '')).map((v): [string, string, string] => ['UK_NHS', v, `nhs ${v}`]),
  ...['AB123456C', 'JG103759A', 'CE 12 34 56 D', 'PA 98 76 54 B'].map((v): [string, string, string] => ['UK_NINO', v, `National Insurance ${v} for payroll`]),
  ['UK_NINO', 'WL 55 20 19 A', 'Her NINO, WL 55 20 19 A, was on the form.'],
  ...rows(4, nif).map((v): [string, string, string] => ['ES_NIF', v, `Mi NIF es ${v}.`]),
  ...rows(2, nif).map((v): [string, string, string] => ['ES_NIF', `${v.slice(0, 8)}-${v[8]}`, `ID ${v.slice(0, 8)}-${v[8]} attached`]),
  ...rows(4, nie).map((v): [string, string, string] => ['ES_NIE', v, `NIE ${v} del titular`]),
  ...rows(4, () => fiscal()).map((v): [string, string, string] => ['IT_FISCAL_CODE', v, `il codice fiscale ${v} risulta`]),
  ...rows(2, () => fiscal(true)).map((v): [string, string, string] => ['IT_FISCAL_CODE', v, `CF ${v}`]),
  ...rows(3, itVat).map((v): [string, string, string] => ['IT_VAT_CODE', v, `Partita IVA ${v}`]),
  ...rows(2, itVat).map((v): [string, string, string] => ['IT_VAT_CODE', `IT${v}`, `VAT: IT${v}.`]),
  ...rows(4, pesel).map((v): [string, string, string] => ['PL_PESEL', v, `numer PESEL: ${v}`]),
  ...rows(4, fiPic).map((v): [string, string, string] => ['FI_PERSONAL_IDENTITY_CODE', v, `Hetu ${v} rekisterissä`]),
  ...rows(2, fiPic).map((v): [string, string, string] => ['FI_PERSONAL_IDENTITY_CODE', v, `Code ${v} was given.`]),
  ...rows(5, nric).map((v): [string, string, string] => ['SG_NRIC_FIN', v, `NRIC ${v}`]),
  ...rows(3, uenA).map((v): [string, string, string] => ['SG_UEN', v, `UEN ${v} (ACRA)`]),
  ...rows(3, uenC).map((v): [string, string, string] => ['SG_UEN', v, `registered as ${v}`]),
  ...rows(4, () => gen(abn)).map((v): [string, string, string] => ['AU_ABN', v, `ABN ${v}`]),
  ...rows(2, () => gen(abn).replace(/ /g, '')).map((v): [string, string, string] => ['AU_ABN', v, `abn: ${v}`]),
  ...rows(3, acn).map((v): [string, string, string] => ['AU_ACN', v, `ACN ${v} Pty Ltd`]),
  ...rows(3, tfn).map((v): [string, string, string] => ['AU_TFN', v, `my tax file number is ${v}`]),
  ...rows(3, medicare).map((v): [string, string, string] => ['AU_MEDICARE', v, `Medicare card ${v}`]),
  ...['ABCPD1234E', 'BNZAA2318J', 'AAACB1234C'].map((v): [string, string, string] => ['IN_PAN', v, `PAN ${v}`]),
  ['IN_PAN', 'DKRPS7781Q', 'Filed under DKRPS7781Q last year.'],
  ...rows(4, aadhaar).map((v): [string, string, string] => ['IN_AADHAAR', v, `Aadhaar: ${v}`]),
  ...rows(2, () => aadhaar().replace(/ /g, '')).map((v): [string, string, string] => ['IN_AADHAAR', v, `UIDAI number ${v}`]),
  ...rows(3, () => letters(3) + digits(7)).map((v): [string, string, string] => ['IN_VOTER', v, `Voter ID ${v}`]),
  ...rows(3, () => letters(1) + int(1, 9) + digits(6)).map((v): [string, string, string] => ['IN_PASSPORT', v, `Indian passport ${v}`]),
  ...['MH12AB1234', 'KA 01 MJ 2022', 'DL 3C AB 1234', 'TN-09-BY-9726', 'GJ5CD7001'].map((v): [string, string, string] => ['IN_VEHICLE_REGISTRATION', v, `vehicle ${v} was parked`]),
  ...rows(4, rrn).map((v): [string, string, string] => ['KR_RRN', v, `주민등록번호 ${v}`]),
  ...rows(2, () => rrn().replace('-', '')).map((v): [string, string, string] => ['KR_RRN', v, `RRN ${v}`]),
  ...rows(4, tnin).map((v): [string, string, string] => ['TH_TNIN', v, `เลขประจำตัวประชาชน ${v}`]),
  ...rows(2, () => tnin().replace(/-/g, '')).map((v): [string, string, string] => ['TH_TNIN', v, `Thai ID ${v}`]),
  ...rows(4, npi).map((v): [string, string, string] => ['US_NPI', v, `NPI: ${v}`]),
  ...rows(4, dea).map((v): [string, string, string] => ['US_DEA_NUMBER', v, `Prescriber DEA# ${v}`]),
  ...rows(2, dea).map((v): [string, string, string] => ['US_DEA_NUMBER', v, `registration ${v} on the script`]),
  ...rows(4, itin).map((v): [string, string, string] => ['US_ITIN', v, `His ITIN is ${v}.`]),
  ...rows(2, () => itin().replace(/-/g, '')).map((v): [string, string, string] => ['US_ITIN', v, `ITIN ${v}`]),
  ...rows(3, () => digits(9)).map((v): [string, string, string] => ['US_PASSPORT', v, `US passport number ${v}`]),
  ...rows(2, () => letters(1) + digits(8)).map((v): [string, string, string] => ['US_PASSPORT', v, `Passport: ${v}`]),
  ...['A1234567', 'LH329609T', 'D12345678901', '425700624'].map((v): [string, string, string] => ['US_DRIVER_LICENSE', v, `driver's license ${v}`]),
  ['US_DRIVER_LICENSE', 'S530-4607-1234', 'DL# S530-4607-1234'],
  ['US_DRIVER_LICENSE', 'a56319335', "my driver's license number is a56319335"],
  ['US_DRIVER_LICENSE', '2270-66-1551', "My driver's license number is 2270-66-1551"],
  ['US_DRIVER_LICENSE', '77120394', 'driver id 77120394'],
  ...rows(3, () => letters(2) + digits(7) + letters(1)).map((v): [string, string, string] => ['IT_DRIVER_LICENSE', v, `patente di guida ${v}`]),
  ...rows(3, () => letters(2) + digits(7)).map((v): [string, string, string] => ['IT_PASSPORT', v, `passaporto ${v}`]),
  ...rows(2, () => letters(2) + digits(5) + letters(2)).map((v): [string, string, string] => ['IT_IDENTITY_CARD', v, `carta d'identità ${v}`]),
  ['IT_IDENTITY_CARD', 'AY 12345 BC', 'identity card AY 12345 BC'],
  ['MEDICAL_LICENSE', 'MD123456', 'Medical license MD123456 (Ohio)'],
  ['MEDICAL_LICENSE', 'G45321', 'physician license no. G45321'],
  ...['00123456', 'A1234567', '2024-0012345'].map((v): [string, string, string] => ['MEDICAL_RECORD_NUMBER', v, `MRN: ${v}`]),
  ['MEDICAL_RECORD_NUMBER', '4471920', 'Medical record number 4471920 was merged.'],
  ['MEDICAL_RECORD_NUMBER', '88431207', 'patient id 88431207'],
  ['MEDICAL_RECORD_NUMBER', '3320187', 'Chart no. 3320187'],
  ['MEDICAL_RECORD_NUMBER', '55102', 'MRN#55102'],
  // Record-number labels in other languages and scripts, abbreviations, values glued to the label or
  // spaced out after it.
  ['MEDICAL_RECORD_NUMBER', '40701767', 'Befund: Pat. Wilhelm Brückner, KIS-Nr. 40701767, Station 3B'],
  ['MEDICAL_RECORD_NUMBER', '1234567', 'Patienten-Nr. 1234567'],
  ['MEDICAL_RECORD_NUMBER', '40701767', 'Fallnummer: 40701767'],
  ['MEDICAL_RECORD_NUMBER', '12345678', 'Krankenakte Nr. 12345678'],
  ['MEDICAL_RECORD_NUMBER', '80925289', 'Le patient Yannick Le Goff, n° de dossier 80925289, a été transféré.'],
  ['MEDICAL_RECORD_NUMBER', '1687657', 'Paciente Rocío Domínguez, historia clínica 1687657, ingresada.'],
  ['MEDICAL_RECORD_NUMBER', '1234567', 'numero di cartella clinica 1234567'],
  ['MEDICAL_RECORD_NUMBER', '1234567', 'prontuário nº 1234567'],
  ['MEDICAL_RECORD_NUMBER', '839582', 'Pacjent Jan Nowak, nr historii choroby 839582.'],
  ['MEDICAL_RECORD_NUMBER', '123456', '№ истории болезни 123456'],
  ['MEDICAL_RECORD_NUMBER', '123456', 'номер медкарты 123456'],
  ['MEDICAL_RECORD_NUMBER', '3397211', 'Ασθενής: Ελένη Γεωργίου, αριθμός μητρώου 3397211'],
  ['MEDICAL_RECORD_NUMBER', '7894922', 'المريض محمد، رقم الملف الطبي 7894922، مستشفى'],
  ['MEDICAL_RECORD_NUMBER', '3505790', 'המטופל יוסי אברהם, מספר תיק 3505790'],
  ['MEDICAL_RECORD_NUMBER', '46559428', '患者李秀英，病历号46559428，于2023年5月12日入院。'],
  ['MEDICAL_RECORD_NUMBER', '2811388', '患者：山本花子、カルテ番号2811388、入院。'],
  ['MEDICAL_RECORD_NUMBER', '80855092', '박서준 환자, 병록번호 80855092, 입원.'],
  ['MEDICAL_RECORD_NUMBER', '2155581', 'Hospital no. 2155581'],
  ['MEDICAL_RECORD_NUMBER', '1234567', 'Med Rec No: 1234567'],
  ['MEDICAL_RECORD_NUMBER', '1234567', 'Pt ID 1234567'],
  ['MEDICAL_RECORD_NUMBER', '12345678', 'MRN12345678'],
  ['MEDICAL_RECORD_NUMBER', '12345678', 'MRN\n12345678'],
  ['MEDICAL_RECORD_NUMBER', '8 8 3 1 4 0 8 8 9', 'mrn\n8 8 3 1 4 0 8 8 9\npt okonkwo'],
  ['MEDICAL_RECORD_NUMBER', '1234 5678', 'MRN: 1234 5678']
]

describe('national and medical ids: valid values', () => {
  for (const [category, value, sentence] of valid) {
    it(`${category} ${JSON.stringify(sentence)}`, () => {
      expect(found(sentence)).toEqual([[category, value, sentence.indexOf(value)]])
    })
  }
})

// The same sentences with the check digit changed: nothing is reported as an id.
const checked: [string, (v: string) => boolean][] = [
  ['UK_NHS', nhsOk], ['PL_PESEL', peselOk], ['FI_PERSONAL_IDENTITY_CODE', fiOk], ['AU_ABN', abnOk], ['AU_ACN', acnOk],
  ['AU_TFN', tfnOk], ['AU_MEDICARE', medicareOk], ['IN_AADHAAR', verhoeffOk], ['KR_RRN', rrnOk], ['TH_TNIN', tninOk],
  ['US_NPI', npiOk], ['US_DEA_NUMBER', deaOk], ['IT_VAT_CODE', (v) => vatOk(v.replace(/^IT/, ''))]
]

describe('national and medical ids: wrong check digits', () => {
  for (const [category, ok] of checked) {
    for (const [cat, value, sentence] of valid.filter((r) => r[0] === category && !/^\d{6}-\d{7}$/.test(r[1]) && !/^\d{13}$/.test(r[1]))) {
      const bad = breakLast(value, ok, category === 'AU_MEDICARE' ? 8 : undefined)
      it(`${cat} ${bad}`, () => {
        // The phone and date rules may still read a bare number; it must not be reported as this id.
        expect(found(sentence.replace(value, bad)).filter((f) => IDS.has(f[0]))).toEqual([])
      })
    }
  }
  // Check letters: a different letter fails.
  const letterChecked = valid.filter((r) => ['ES_NIF', 'ES_NIE', 'IT_FISCAL_CODE', 'SG_NRIC_FIN'].includes(r[0]))
  for (const [cat, value, sentence] of letterChecked) {
    const last = value[value.length - 1]
    const bad = value.slice(0, -1) + (last === 'A' ? 'B' : 'A')
    it(`${cat} ${bad}`, () => {
      expect(found(sentence.replace(value, bad)).filter((f) => IDS.has(f[0]))).toEqual([])
    })
  }
})

// Values whose check is one digit in ten need the word naming them: without it, nothing.
const needWord: [string, string][] = [
  ['UK_NHS', `Reference ${nhs()} attached.`],
  ['PL_PESEL', `Numbers: ${pesel()}`],
  ['AU_TFN', `Code ${tfn()} only.`],
  ['AU_ACN', `Lot ${acn()} shipped`],
  ['AU_MEDICARE', `Batch ${medicare()} ok`],
  ['IN_AADHAAR', `Order ${aadhaar()} shipped`],
  ['US_NPI', `Account ${npi()} closed`],
  ['IT_VAT_CODE', `Ticket ${itVat()} closed`],
  ['US_PASSPORT', `Order number ${digits(9)} is ready.`],
  ['MEDICAL_RECORD_NUMBER', 'Invoice 00123456 is due.'],
  ['MEDICAL_RECORD_NUMBER', 'Dossier n° 12345678 (assurance auto)'],
  ['MEDICAL_RECORD_NUMBER', 'Record no. 1234567 in the ledger'],
  ['MEDICAL_RECORD_NUMBER', 'the med student had 12345678 views'],
  ['MEDICAL_RECORD_NUMBER', 'recorded 1234567 plays'],
  ['MEDICAL_RECORD_NUMBER', 'Bestellnummer 12345678 versandt'],
  ['MEDICAL_RECORD_NUMBER', '订单号12345678已发货'],
  ['MEDICAL_RECORD_NUMBER', 'mrnumber 1234567'],
  ['US_DRIVER_LICENSE', 'Part A1234567 is back in stock.'],
  ['SG_UEN', `Ref ${uenA()}`]
]

describe('national and medical ids: context words required', () => {
  for (const [category, sentence] of needWord) {
    it(`${category} ${JSON.stringify(sentence)}`, () => {
      expect(found(sentence).filter((f) => IDS.has(f[0]))).toEqual([])
    })
  }
})

// Look-alikes: order numbers, phone numbers, dates, number lists, hashes; no id, and the other
// recognisers keep what is theirs.
// null: whatever the other recognisers make of it, no id.
const lookAlikes: [string, [string, string][] | null][] = [
  ['Order 123456789 shipped on 2021-03-04.', [['DATE_TIME', '2021-03-04']]],
  ['Call 020 7946 0958 or (555) 123-4567 today.', [['PHONE_NUMBER', '020 7946 0958'], ['PHONE_NUMBER', '(555) 123-4567']]],
  ['Paid with 4111 1111 1111 1111 yesterday.', [['CREDIT_CARD', '4111 1111 1111 1111']]],
  ['My SSN is 123-45-6789.', [['US_SSN', '123-45-6789']]],
  ['In 1961, 1968 and 1999 the scores were 12 34 56 78 90 12', null],
  ['ISBN 978-3-16-148410-0 and part no. 55-1234-7788', null],
  ['UUID 123e4567-e89b-12d3-a456-426614174000 sha 9f86d081884c7d659a2feaa0c55ad015a3bf4c2b', []],
  ['Flight BA2490 and train ICE1234 leave at 10:45.', []],
  ['Version 12345678 of the build, rows 1 2 3 4 5 6 7 8 9 10 11 12 13', null],
  ['Serial 10000000000 and 99999999999 are placeholders.', []],
  ['The patient was seen on 2021-03-04 and 2021-03-05.', [['DATE_TIME', '2021-03-04'], ['DATE_TIME', '2021-03-05']]],
  ['Driver: call 555-123-4567 when ready.', [['PHONE_NUMBER', '555-123-4567']]],
  ["Driver's license on file; phone 555-123-4567.", [['PHONE_NUMBER', '555-123-4567']]],
  // Brown (news): a driving word, then a house-number range.
  ["headquarters of Glimco's discredited taxi drivers' union at 1213-15 Blue Island Av.", null],
  ['IBAN DE89370400440532013000 please', [['IBAN_CODE', 'DE89370400440532013000']]]
]

describe('national and medical ids: look-alikes', () => {
  for (const [text, expected] of lookAlikes) {
    it(JSON.stringify(text), () => {
      const got = litmus.pii({ text }).pii.filter((e) => e.category !== 'PERSON' && e.category !== 'LOCATION')
      if (expected === null) expect(got.filter((e) => IDS.has(e.category))).toEqual([])
      else expect(got.map((e) => [e.category, e.string])).toEqual(expected)
    })
  }
})

describe('national and medical ids: categories and aliases', () => {
  const text = 'NHS 943 476 5919, DEA AB1234563, MRN 00123456, NPI 1234567893'
  const cats = (categories: string[]) => litmus.pii({ text, categories }).pii.map((e) => [e.category, e.string])
  it('asks for one id at a time', () => {
    expect(cats(['UK_NHS'])).toEqual([['UK_NHS', '943 476 5919']])
    expect(cats(['US_NPI'])).toEqual([['US_NPI', '1234567893']])
  })
  it('takes aliases', () => {
    expect(cats(['NHS', 'MRN', 'NPI', 'DEA'])).toEqual([
      ['UK_NHS', '943 476 5919'], ['US_DEA_NUMBER', 'AB1234563'], ['MEDICAL_RECORD_NUMBER', '00123456'], ['US_NPI', '1234567893']
    ])
  })
  it('reports DEA numbers as MEDICAL_LICENSE when only that is asked for (as Presidio names them)', () => {
    expect(cats(['MEDICAL_LICENSE'])).toEqual([['MEDICAL_LICENSE', 'AB1234563']])
  })
  it('leaves a number to the phone rules when its id is not asked for', () => {
    expect(litmus.pii({ text: 'NPI: 2234567891', categories: ['PHONE_NUMBER'] }).pii.map((e) => e.category)).toEqual(['PHONE_NUMBER'])
  })
})
