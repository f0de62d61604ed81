// Cost of reading obfuscated PII (spaced digits, written-out e-mail addresses, full-width forms,
// invisible characters): `pii` on Brown prose as it is (pure ASCII: the fold is skipped, only the
// core's "dot" search and hooks run), on Brown with one non-ASCII character (the fold's test runs and
// finds nothing), with a zero-width space in every word (the fold runs), and on texts made only of
// invisible characters or of spaced digits. Beside it, redact-pii on the same texts, alternating, and,
// when LITMUS_BASE names another build's dist/litmus.js, that build (before this work).
import { createRequire } from 'node:module'
import { loadBrown } from './brown.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'

export const title = 'PII, adversarial forms (`pii`)'

export async function run({ litmus }) {
  const brown = loadBrown().text.slice(0, 2_000_000)
  const inputs = [
    ['Brown prose, 2 MB (ASCII)', brown],
    ['Brown prose + one "é"', brown + ' é'],
    ['Brown with U+200B after every word', brown.replace(/ /g, '\u200b ')],
    ['U+200B / U+00AD / U+FEFF only, 1 MB', '\u200b\u00ad\ufeff'.repeat(333_334)],
    ['spaced digits "5 5 5 - 1 2 - 3 4 5 6 ", 1 MB', '5 5 5 - 1 2 - 3 4 5 6 '.repeat(45_455)],
    ['"john dot doe at example dot com ", 1 MB', 'john dot doe at example dot com '.repeat(31_250)]
  ]
  const { SyncRedactor } = createRequire(import.meta.url)('redact-pii')
  const redactor = new SyncRedactor()
  const peers = [['Litmus `pii`', (t) => litmus.pii({ text: t })]]
  if (process.env.LITMUS_BASE) {
    const base = await (await import(process.env.LITMUS_BASE)).load()
    peers.push(['previous build', (t) => base.pii({ text: t })])
  }
  peers.push(['redact-pii', (t) => redactor.redact(t)])
  const rows = []
  for (const [name, text] of inputs) {
    const bytes = utf8Bytes(text)
    const ms = new Map()
    // Alternating rounds; the middle of three medians is kept.
    for (let round = 0; round < 3; round++) {
      for (const [p, fn] of peers) ms.set(p, [...(ms.get(p) ?? []), medianMs(() => fn(text), p === 'redact-pii' ? 1 : 5)])
    }
    const mid = (p) => ms.get(p).sort((a, b) => a - b)[1]
    const ours = mbps(bytes, mid(peers[0][0]))
    rows.push([name, fmt(bytes / 1e6, 1), ...peers.map(([p], i) => (i === 0 ? `**${fmt(ours, 1)}**` : `${fmt(mbps(bytes, mid(p)), 1)} (${fmt(ours / mbps(bytes, mid(p)), 2)}×)`))])
  }
  return `
MB/s of \`pii\` with all categories; in brackets, Litmus's speed as a multiple of the column's.
${process.env.LITMUS_BASE ? '' : '(The previous build\'s column appears when LITMUS_BASE names its dist/litmus.js.)\n'}
${table(['input', 'MB', ...peers.map(([p]) => p)], rows)}

Pure-ASCII text never reaches the fold (src/metrics/pii/pii-normalise.ts): the UTF-8 encoding the scan needs already
tells. Other text pays one regular-expression test, and the fold (one pass, linear) only when it finds a
full-width form, an invisible character, another space or dash, or a Cyrillic look-alike next to ASCII.
`
}
