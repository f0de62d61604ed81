// Generated hard negatives for input_type: how often random digests, IDs, tokens and number lists are
// reported. Run after `npm run build`: node scripts/input-type-negatives.mjs [count-per-kind]
import crypto from 'node:crypto'
import { load } from '../dist/litmus.js'

const count = Number(process.argv[2] ?? 20000)
const litmus = await load()
const pick = (alphabet, n) => Array.from({ length: n }, () => alphabet[crypto.randomInt(alphabet.length)]).join('')
const between = (a, b) => a + crypto.randomInt(b - a + 1)
const bytes = (n) => [...crypto.randomBytes(n)]
const kinds = {
  md5: () => crypto.randomBytes(16).toString('hex'),
  sha1: () => crypto.randomBytes(20).toString('hex'),
  sha256: () => crypto.randomBytes(32).toString('hex'),
  'sha256 base64': () => crypto.randomBytes(32).toString('base64'),
  uuid: () => crypto.randomUUID(),
  'base64url token': () => crypto.randomBytes(between(12, 48)).toString('base64url'),
  'alphanumeric token': () => pick('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', between(16, 56)),
  'base32 secret': () => pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', between(16, 36)),
  'MAC address': () => bytes(6).map((b) => b.toString(16).padStart(2, '0')).join(':'),
  'IPv6 address': () => Array.from({ length: 8 }, () => crypto.randomBytes(2).toString('hex')).join(':'),
  'hex byte list': () => bytes(between(8, 28)).map((b) => b.toString(16).padStart(2, '0')).join(':'),
  'numbers 0..255': () => Array.from({ length: between(8, 28) }, () => String(crypto.randomInt(256))).join(' '),
  ...Object.fromEntries([16, 20, 24, 32].map((n) => [`${n}-digit number`, () => pick('0123456789', n)]))
}
for (const [kind, make] of Object.entries(kinds)) {
  let reported = 0
  for (let i = 0; i < count; i++) if (litmus.inputType({ text: `see ${make()} here` }).encodings.length) reported++
  console.log(`${kind.padEnd(20)} ${reported} of ${count}`)
}
