// Stability throughput: pairs scored per second for N responses of about 500 characters (Brown corpus
// prose), and calls per second for two short responses, beside `string-similarity` (Dice of character
// bigrams, one call per pair). Litmus and the peer are timed alternately in the same run; each figure is
// the median over the rounds.
import stringSimilarity from 'string-similarity'
import { brownCorpus, asProse } from './brown.mjs'
import { fmt, table, utf8Bytes } from './util.mjs'

export const title = 'Stability (pairwise similarity)'

/** Responses of about `chars` characters: consecutive Brown sentences, joined as prose. */
function responses(n, chars) {
  const sentences = brownCorpus().flat()
  const out = []
  let at = 0
  while (out.length < n) {
    const parts = []
    while (parts.join(' ').length < chars) parts.push(sentences[at++ % sentences.length])
    out.push(asProse(parts).slice(0, chars))
  }
  return out
}

/** Median ms per run of `ours` and `theirs`, run alternately `rounds` times after one warm-up each. */
function alternate(ours, theirs, rounds) {
  ours()
  theirs()
  const a = []
  const b = []
  for (let i = 0; i < rounds; i++) {
    let t = performance.now()
    ours()
    a.push(performance.now() - t)
    t = performance.now()
    theirs()
    b.push(performance.now() - t)
  }
  const median = (x) => x.sort((p, q) => p - q)[x.length >> 1]
  return [median(a), median(b)]
}

function peerAllPairs(texts) {
  let min = 1
  let sum = 0
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const s = stringSimilarity.compareTwoStrings(texts[i], texts[j])
      if (s < min) min = s
      sum += s
    }
  }
  return [min, sum]
}

export async function run({ litmus }) {
  const rows = []
  for (const [n, rounds] of [
    [10, 21],
    [100, 9],
    [1000, 3]
  ]) {
    const texts = responses(n, 500)
    const pairs = (n * (n - 1)) / 2
    const bytes = texts.reduce((s, t) => s + utf8Bytes(t), 0)
    const [ours, theirs] = alternate(
      () => litmus.stability({ responses: texts }),
      () => peerAllPairs(texts),
      rounds
    )
    rows.push([
      `${n} responses of 500 characters (${pairs.toLocaleString('en-US')} pairs)`,
      fmt(ours, 1),
      fmt((pairs / ours) * 1000, 0),
      fmt(bytes / 1e6 / (ours / 1000), 2),
      fmt((pairs / theirs) * 1000, 0),
      `${fmt(theirs / ours, 1)}×`
    ])
  }
  // Two short responses per call.
  const shorts = responses(400, 80)
  const calls = 200
  const [ours, theirs] = alternate(
    () => {
      for (let i = 0; i < calls; i++) litmus.stability({ responses: [shorts[2 * i], shorts[2 * i + 1]] })
    },
    () => {
      for (let i = 0; i < calls; i++) stringSimilarity.compareTwoStrings(shorts[2 * i], shorts[2 * i + 1])
    },
    15
  )
  rows.push([
    '2 responses of 80 characters, 200 calls',
    fmt(ours, 1),
    fmt((calls / ours) * 1000, 0) + ' calls/s',
    '—',
    fmt((calls / theirs) * 1000, 0) + ' calls/s',
    `${fmt(theirs / ours, 1)}×`
  ])
  return `Litmus scores all pairs in one call (one vector per response, then one SIMD pass over the pairs);
\`string-similarity@4\` (\`compareTwoStrings\`, Dice of character bigrams) is called once per pair. Litmus'
time includes writing the responses into the core and tokenising them. Reproduce:
\`npm run build && node bench/index.mjs stability\`.

${table(['input', 'Litmus ms', 'Litmus pairs/s', 'Litmus MB/s', 'string-similarity pairs/s', 'speed-up'], rows)}`
}
