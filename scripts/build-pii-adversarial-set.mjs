// Writes test/fixtures/pii-adversarial/set.jsonl: a labelled set of PII written to dodge detection
// (spaced and split digits, mixed separators, line breaks, full-width forms, invisible characters,
// e-mail addresses written out, look-alike letters, digits spelt as words) and of hard negatives
// (number lists, scores, dates, versions, hashes, "dot" and "at" in prose). Values are synthetic
// (valid SSN areas, Luhn-valid card numbers, 555 and other NANP numbers, example domains); the
// sentence frames are varied by hand. Deterministic: a fixed seed, byte-identical reruns.
//
// Each row: { id, form, text, spans: [{ start, end, category }], split }. `split` is "tune" or
// "holdout" by FNV-1a of the id (fixed): rules may be tuned on the tune half only; the eval reports
// both. Usage: node scripts/build-pii-adversarial-set.mjs
import { mkdirSync, writeFileSync } from 'node:fs'

let seed = 20261123
function rnd() {
  seed = (seed + 0x6d2b79f5) >>> 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = (xs) => xs[Math.floor(rnd() * xs.length)]
const digit = () => String(Math.floor(rnd() * 10))
const digits = (n) => Array.from({ length: n }, digit).join('')

function fnv1a(s) {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h
}

// Values ---------------------------------------------------------------------------------------

function ssn() {
  for (;;) {
    const a = 1 + Math.floor(rnd() * 899)
    if (a === 666) continue
    const g = 1 + Math.floor(rnd() * 99)
    const s = 1 + Math.floor(rnd() * 9999)
    return [String(a).padStart(3, '0'), String(g).padStart(2, '0'), String(s).padStart(4, '0')]
  }
}

function luhnComplete(body) {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return body + String((10 - (sum % 10)) % 10)
}

function card() {
  const kind = pick(['visa', 'visa', 'mc', 'amex', 'disc'])
  if (kind === 'visa') return ['4' + digits(14), 16]
  if (kind === 'mc') return [String(51 + Math.floor(rnd() * 5)) + digits(13), 16]
  if (kind === 'amex') return [pick(['34', '37']) + digits(12), 15]
  return ['6011' + digits(11), 16]
}
function cardNumber() {
  const [body] = card()
  return luhnComplete(body)
}
function cardGroups(n) {
  return n.length === 15 ? [n.slice(0, 4), n.slice(4, 10), n.slice(10)] : n.match(/.{4}/g)
}

function phone() {
  const area = String(2 + Math.floor(rnd() * 8)) + digits(2)
  const ex = pick(['555', String(2 + Math.floor(rnd() * 8)) + digits(2)])
  return [area, ex, digits(4)]
}

const FIRST = ['john', 'maria', 'li', 'fatima', 'oleg', 'sara', 'kwame', 'ines', 'tom', 'priya', 'jan', 'emma', 'noah', 'yuki', 'omar', 'lena']
const LAST = ['doe', 'garcia', 'wei', 'khan', 'petrov', 'smith', 'mensah', 'silva', 'brown', 'patel', 'novak', 'berg', 'reyes', 'sato', 'haddad', 'weber']
const DOMAIN = [['example', 'com'], ['mail', 'org'], ['acme-corp', 'net'], ['example', 'co', 'uk'], ['uni-berlin', 'de'], ['inbox', 'io'], ['company', 'com'], ['post', 'fr']]

function emailParts() {
  const f = pick(FIRST)
  const l = pick(LAST)
  const local = pick([[f, l], [f + '_' + l], [f[0] + l], [f, l + String(Math.floor(rnd() * 90 + 10))], [f]])
  return [local, pick(DOMAIN)]
}

// Obfuscations of digits ------------------------------------------------------------------------

const spaced = (g) => g.split('').join(' ')
const SPELL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']
const ZW = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad']
const full = (s) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))

function digitForms(groups, joiner) {
  const plain = groups.join(joiner)
  return {
    spaced_groups: groups.map(spaced).join(' ' + joiner.trim() + ' ').replace(/  +/g, ' '),
    spaced_all: groups.map(spaced).join(' '),
    dash_every: groups.join('').split('').join('-'),
    mixed_sep: groups.map((g, i) => (i === 0 ? g : pick(['.', '-', ' ', ' - ', '/']) + g)).join(''),
    line_break: groups.slice(0, -1).join(joiner) + joiner + '\n' + groups[groups.length - 1],
    full_width: full(plain),
    zero_width: plain.split('').map((c, i) => (i > 0 && rnd() < 0.5 ? pick(ZW) : '') + c).join(''),
    spelt: groups.join('').split('').map((d) => SPELL[Number(d)]).join(' '),
    en_dash: groups.join('\u2013')
  }
}

// Obfuscations of e-mail addresses --------------------------------------------------------------

function emailForms(local, dom) {
  const plain = local.join('.') + '@' + dom.join('.')
  return {
    words: local.join(' dot ') + ' at ' + dom.join(' dot '),
    words_upper: (local.join(' DOT ') + ' AT ' + dom.join(' DOT ')).toUpperCase(),
    brackets: local.join('.') + ' [at] ' + dom.join(' [dot] '),
    parens: local.join('.') + '(at)' + dom.join('(dot)'),
    parens_realdot: local.join('.') + '(at)' + dom.join('.'),
    braces: local.join('.') + ' {at} ' + dom.join(' {dot} '),
    spaced_symbols: local.join(' . ') + ' @ ' + dom.join(' . '),
    line_break: (() => {
      const d = dom.join('.')
      const cut = d.indexOf('.')
      return local.join('.') + '@' + d.slice(0, cut + 1) + '\n' + d.slice(cut + 1)
    })(),
    // Broken after a hyphen the address has: in the local part ("john-\ndoe@...") or the domain.
    hyphen_break: dom[0].includes('-')
      ? local.join('.') + '@' + dom.join('.').replace('-', '-\n')
      : local.join('-').replace('-', '-\n') + (local.length > 1 ? '' : '-\nx') + '@' + dom.join('.'),
    full_width: full(plain),
    zero_width: plain.replace(/[@.]/g, (c) => pick(ZW) + c),
    homoglyph: plain.replace(/[aeo]/g, (c) => (rnd() < 0.6 ? { a: '\u0430', e: '\u0435', o: '\u043e' }[c] : c))
  }
}

// Frames ----------------------------------------------------------------------------------------

const FRAMES = {
  US_SSN: [
    'My social security number is {v}, please keep it private.',
    'SSN: {v}',
    'For the form I used {v} as my SSN.',
    'the applicant wrote {v} in the box for the social security no.',
    'Her SSN ({v}) was on the scanned page.',
    'ssn is {v} and dob is in the file',
    'Please verify: {v}. Thanks!',
    'I typed {v} into the portal and it was accepted.'
  ],
  PHONE_NUMBER: [
    'Call me at {v} after six.',
    'phone: {v}',
    'You can reach the office on {v} tomorrow.',
    'My cell is {v}, text first.',
    'Tel. {v} (ask for Dana)',
    'ring {v} if the parcel is late',
    'The number to dial is {v}.',
    'contact {v} for the keys'
  ],
  CREDIT_CARD: [
    'My card number is {v}, expiry 04/27.',
    'Visa {v}',
    'pay with {v} please',
    'The credit card on file: {v}.',
    'card no {v} cvv on the back',
    'Charge it to {v} and send the receipt.',
    'use this one: {v}'
  ],
  EMAIL_ADDRESS: [
    'Email me at {v} when you are ready.',
    'contact: {v}',
    'Send the draft to {v} before Friday.',
    'you can write to {v}, I check it daily',
    'My address is {v}.',
    'reach out via {v} for details',
    'Questions? {v}',
    'forward it to {v} thanks'
  ]
}

const NEGATIVES = [
  'Count along with me: 1 2 3 4 5 6 7 8 9 10.',
  'The final score was 3 - 2 after extra time, and 21 - 14 in the other game.',
  'Lottery numbers this week: 4 8 15 16 23 42.',
  'Row 1: 1 0 0\nRow 2: 0 1 0\nRow 3: 0 0 1',
  'Version 1.2.3-beta and 10.4.11 are both affected.',
  'commit 3f5e2a9c1b7d4e8f0a6c2b9d7e1f3a5c8b0d2e4f fixed it',
  'request id 123e4567-e89b-12d3-a456-426614174000 failed',
  'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  'It was 2021 - 03 - 04 when the release shipped.',
  'Look at the dot com boom of the late nineties.',
  'Place a dot at the centre of the circle and draw outwards.',
  'We met at noon and talked about the dot matrix printer.',
  'Pages 1 2 3 and 4 were missing from the scan.',
  'The grid reads 5 5 5 1 2 3 4 5 6 from left to right.',
  'In 1 9 9 9 the team won 5 games.',
  'Scores: 9 - 8 - 7 for the three judges.',
  'Step 1 - 2 - 3: mix, bake, serve.',
  'The ISBN is 978-0-306-40615-7.',
  'Temperatures: 12.5, 13.1, 12.9 and 14.0 degrees.',
  'He stayed at home dot dot dot and waited.',
  'The answer key: 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6.',
  'Matrix\n4 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1',
  'Flight 2 3 4 leaves at 10 30 from gate 5.',
  'She was at work at the time, dot on nine.',
  'Dial tones 5 - 5 - 5 repeated twice.',
  'The Morse for S is dot dot dot.',
  'Coordinates 51.5074, -0.1278 mark the spot.',
  'Run npm at version 9.8.1 then node at 20.11.0.',
  'The sequence 1 - 2 - 3 - 4 - 5 - 6 - 7 - 8 - 9 is trivial.',
  'Our ratio was 3:2:1 and the mix 10-20-30.'
]

const rows = []
function push(id, form, text, spans) {
  rows.push({ id, form, text, spans, split: fnv1a(id) % 2 === 0 ? 'tune' : 'holdout' })
}

function place(frame, value, category) {
  const start = frame.indexOf('{v}')
  const text = frame.slice(0, start) + value + frame.slice(start + 3)
  return [text, [{ start, end: start + value.length, category }]]
}

const PER = 4
for (let r = 0; r < PER; r++) {
  for (const [name, forms] of [
    ['US_SSN', () => digitForms(ssn(), '-')],
    ['PHONE_NUMBER', () => digitForms(phone(), '-')],
    ['CREDIT_CARD', () => digitForms(cardGroups(cardNumber()), ' ')]
  ]) {
    const f = forms()
    for (const [form, value] of Object.entries(f)) {
      const [text, spans] = place(pick(FRAMES[name]), value, name)
      push(`${name}:${form}:${r}`, form, text, spans)
    }
  }
  const [local, dom] = emailParts()
  for (const [form, value] of Object.entries(emailForms(local, dom))) {
    const [text, spans] = place(pick(FRAMES.EMAIL_ADDRESS), value, 'EMAIL_ADDRESS')
    push(`EMAIL_ADDRESS:${form}:${r}`, form, text, spans)
  }
}
NEGATIVES.forEach((text, i) => push(`NEGATIVE:${i}`, 'negative', text, []))

mkdirSync(new URL('../test/fixtures/pii-adversarial/', import.meta.url), { recursive: true })
writeFileSync(new URL('../test/fixtures/pii-adversarial/set.jsonl', import.meta.url), rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
console.log(`${rows.length} rows (${rows.filter((r) => r.split === 'tune').length} tune, ${rows.filter((r) => r.split === 'holdout').length} holdout)`)
