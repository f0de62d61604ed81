// Cost of a custom PII recognizer (one pattern, one validator) on ordinary prose (Brown corpus): Litmus
// with and without it, beside the same rule as plain JavaScript (RegExp + Luhn) and as a custom redactor
// of redact-pii (regex only: it has no validators), all in the same run, alternating.
import { createRequire } from 'node:module'
import { loadBrown } from './brown.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'

export const title = 'PII custom recognizers (`pii` with `recognizers`)'

const SOURCE = '\\b\\d{4}[ -]?\\d{4}[ -]?\\d{4}[ -]?\\d{4}\\b'
const RECOGNIZER = { category: 'CARD_REF', patterns: [`/${SOURCE}/`], validator: 'luhn' }

function luhn(s) {
  let sum = 0
  let dbl = false
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s.charCodeAt(i) - 48
    if (c < 0 || c > 9) continue
    let d = c
    if (dbl && (d *= 2) > 9) d -= 9
    sum += d
    dbl = !dbl
  }
  return sum % 10 === 0
}

/** The same rule in plain JavaScript: RegExp (backtracking engine) + Luhn. */
function plainJs(text) {
  const out = []
  for (const m of text.matchAll(new RegExp(SOURCE, 'g'))) if (luhn(m[0])) out.push([m.index, m.index + m[0].length])
  return out
}

export async function run({ litmus }) {
  // 2 MB of it: the pattern budget (docs/limits.md) allows this pattern (cost 38 per character) on
  // texts of up to 2.6 million characters per call.
  const all = loadBrown().text
  const brown = all.slice(0, all.indexOf('\n', 2_000_000))
  // The same prose with a Luhn-valid and a Luhn-invalid 16-digit number every ~2,000 characters, so the
  // pattern matches and the validator runs (Brown itself has almost no 16-digit numbers).
  const parts = []
  for (let i = 0; i < brown.length; i += 2000) parts.push(brown.slice(i, i + 2000), ' 4111 1111 1111 1111 and 4111 1111 1111 1112 ')
  const planted = parts.join('')
  const { SyncRedactor } = createRequire(import.meta.url)('redact-pii')
  const peerPlain = new SyncRedactor()
  const peerCustom = new SyncRedactor({ customRedactors: { before: [{ regexpPattern: new RegExp(SOURCE, 'g'), replaceWith: 'CARD_REF' }] } })

  const rows = []
  for (const [input, text] of [['Brown', brown], ['Brown + planted numbers', planted]]) {
    const bytes = utf8Bytes(text)
    const runs = [
      ['Litmus `pii`, all categories', () => litmus.pii({ text })],
      ['Litmus `pii`, all categories + the recognizer', () => litmus.pii({ text, recognizers: [RECOGNIZER] })],
      ['Litmus `pii`, the recognizer alone (`categories: ["CARD_REF"]`)', () => litmus.pii({ text, recognizers: [RECOGNIZER], categories: ['CARD_REF'] })],
      ['plain JS: RegExp + Luhn, the same rule', () => plainJs(text)],
      ['redact-pii 3.4, default rules', () => peerPlain.redact(text)],
      ['redact-pii 3.4, default rules + the pattern as a custom redactor', () => peerCustom.redact(text)]
    ]
    // Three rounds alternating between the rows; the middle of the three medians is kept.
    const times = new Map()
    for (let round = 0; round < 3; round++) {
      for (const [name, fn] of runs) times.set(name, [...(times.get(name) ?? []), medianMs(fn, name.startsWith('redact-pii') ? 1 : 3)])
    }
    const ms = (name) => times.get(name).sort((a, b) => a - b)[1]
    const ms0 = ms(runs[0][0])
    const peer0 = ms(runs[4][0])
    for (const [name] of runs) {
      const t = ms(name)
      const extra = name === runs[1][0] ? `+${fmt(t - ms0, 0)} ms (${fmt((100 * (t - ms0)) / ms0, 0)}%)`
        : name === runs[5][0] ? `+${fmt(t - peer0, 0)} ms (${fmt((100 * (t - peer0)) / peer0, 0)}%)` : ''
      rows.push([name, input, fmt(t, 1), fmt(mbps(bytes, t), 1), extra])
    }
  }
  const check = litmus.pii({ text: planted, recognizers: [RECOGNIZER], categories: ['CARD_REF'] }).pii.length
  return `
Input: the first ${fmt(utf8Bytes(brown) / 1e6, 1)} MB of the Brown corpus as prose, and the same with a Luhn-valid and a Luhn-invalid
16-digit number planted every 2,000 characters (${check.toLocaleString('en-US')} found by the recognizer, as many as the plain JS rule finds:
${plainJs(planted).length.toLocaleString('en-US')}). The recognizer: \`${JSON.stringify(RECOGNIZER)}\`.
Rows alternate in three rounds; the middle median is kept.

${table(['', 'input', 'median ms', 'MB/s', 'added by the custom rule'], rows)}

The pattern runs in the linear-time engine (src/metrics/pii/pii-pattern.ts: a Pike simulation over UTF-16
code units, in JavaScript), whatever the pattern; plain RegExp is faster on a pattern like this one but
backtracks exponentially on others, which is why user patterns never reach it. The validator runs in the
core (the card recogniser's own Luhn) once per match. redact-pii's custom redactors are plain regular
expressions with no validator or context, so its row does the pattern alone.
`
}
