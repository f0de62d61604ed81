// Simplicity throughput on English prose (Brown corpus) and per call on short texts, beside
// text-readability's Dale-Chall score (the familiar-word formula a user would otherwise reach for).
import rs from 'text-readability'
import { brownProse, brownTexts } from './brown.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'

export const title = 'Simplicity (familiar, frequent words)'

export async function run({ litmus }) {
  const rows = []
  const big = brownProse(5e6)
  const small = brownProse(2e5)
  for (const [name, text] of [
    ['Brown corpus, ~5 MB', big],
    ['Brown corpus, ~200 KB', small]
  ]) {
    const bytes = utf8Bytes(text)
    const ours = medianMs(() => litmus.simplicity({ text }), 7)
    let peer = '—'
    let ratio = '—'
    // text-readability takes seconds per megabyte: the small text only.
    if (text === small) {
      const theirs = medianMs(() => rs.daleChallReadabilityScore(text), 3)
      peer = fmt(mbps(bytes, theirs))
      ratio = `${fmt(theirs / ours, 0)}×`
    }
    rows.push([name, fmt(bytes / 1e6, 2), fmt(mbps(bytes, ours)), peer, ratio])
  }

  // Short texts: 100-character slices of Brown prose, one call each, alternating with the peer.
  const shorts = []
  for (const t of brownTexts()) for (let i = 0; i + 100 <= t.length && shorts.length < 2000; i += 997) shorts.push(t.slice(i, i + 100))
  const ourCalls = []
  const peerCalls = []
  for (let r = 0; r < 5; r++) {
    ourCalls.push(medianMs(() => { for (const text of shorts) litmus.simplicity({ text }) }, 3))
    peerCalls.push(medianMs(() => { for (const text of shorts) rs.daleChallReadabilityScore(text) }, 1))
  }
  const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1]
  const ourRate = (shorts.length / med(ourCalls)) * 1000
  const peerRate = (shorts.length / med(peerCalls)) * 1000

  return `Whole call \`litmus.simplicity({ text })\` (validation, UTF-8 copy, tokeniser, lexicon lookups, score) beside
[text-readability](https://www.npmjs.com/package/text-readability) \`daleChallReadabilityScore\` on the same text
in the same process. MB/s of UTF-8 input, median of 7 runs (Litmus) and 3 (peer). Reproduce:
\`npm run build && node bench/index.mjs simplicity\`.

${table(['input', 'MB', 'Litmus MB/s', 'text-readability MB/s', 'Litmus / peer'], rows)}

${table(['100-character texts (2,000, one call each)', 'calls/s'], [
    ['Litmus `simplicity`', fmt(ourRate, 0)],
    ['text-readability `daleChallReadabilityScore`', fmt(peerRate, 0)],
    ['Litmus / peer', `${fmt(ourRate / peerRate, 0)}×`]
  ])}
`
}
