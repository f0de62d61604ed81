// sensitivity speed: one long text of prose (MB/s) and many 100-character texts (calls/s) with one and
// two topics, the whole public call `litmus.sensitivity({ text, topics })` against a keyword regex per
// topic (the topic or its plural as whole words: the baseline of eval/sensitivity.eval.mjs), alternating
// in the same run. Topic tables are built on a topic's first call and kept, as in use; the cost of a
// new topic is timed apart.
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'
import { brownProse } from './brown.mjs'
import { keywordMatcher } from '../eval/sensitivity.eval.mjs'

export const title = 'sensitivity'

const ONE = ['politics']
const TWO = ['health', 'firearms']

export async function run({ litmus }) {
  const regex = (topics) => {
    const res = topics.map(keywordMatcher)
    return (text) => res.map((re) => (re.test(text) ? 100 : 0))
  }
  // clarity (tokeniser and syllables) is timed beside as a yardstick of how loaded the machine is:
  // docs/benchmarks.md gives its speed on a quiet one.
  const peersFor = (topics) => [
    ['Litmus', (t) => litmus.sensitivity({ text: t, topics }).scores],
    ['keyword regex', regex(topics)],
    ['(yardstick) Litmus clarity', (t) => litmus.clarity({ text: t }).score]
  ]

  const prose = brownProse(5e6)
  const longRows = []
  for (const topics of [ONE, TWO]) {
    const peers = peersFor(topics)
    const times = new Map()
    for (let round = 0; round < 3; round++) {
      for (const [name, fn] of peers) {
        const list = times.get(name) ?? []
        list.push(medianMs(() => fn(prose), 3))
        times.set(name, list)
      }
    }
    const best = (name) => times.get(name).sort((a, b) => a - b)[1]
    const ours = mbps(utf8Bytes(prose), best('Litmus'))
    for (const [name] of peers) {
      const rate = mbps(utf8Bytes(prose), best(name))
      longRows.push([name, String(topics.length), name === 'Litmus' ? `**${fmt(rate, 1)}**` : fmt(rate, 1), name === 'Litmus' ? '1.0×' : `${fmt(ours / rate, 2)}×`])
    }
  }

  const texts = []
  for (let i = 0; texts.length < 20000 && i < prose.length - 200; i += 173) {
    const s = prose.indexOf(' ', i) + 1
    texts.push(prose.slice(s, s + 100))
  }
  const shortRows = []
  for (const topics of [ONE, TWO]) {
    const peers = peersFor(topics)
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
    for (const [name] of peers) {
      const r = mid(name)
      shortRows.push([name, String(topics.length), name === 'Litmus' ? `**${fmt(r, 0)}**` : fmt(r, 0), name === 'Litmus' ? '1.0×' : `${fmt(mid('Litmus') / r, 2)}×`])
    }
  }

  // A topic never seen before: its table is built on the call (vocabulary x topic-set dot products).
  const fresh = Array.from({ length: 40 }, (_, i) => `topic number ${i} of the bench`)
  let at = 0
  const newMs = medianMs(() => {
    for (let i = 0; i < 20; i++) litmus.sensitivity({ text: texts[i], topics: [fresh[at++ % fresh.length] + at] })
  }, 3) / 20

  return `
Whole call \`litmus.sensitivity({ text, topics })\` (validation, topic-table lookup, UTF-8 copy into the
core, tokeniser, one table lookup per word and topic, the logistic map) against a keyword regex per
topic (the topic or its plural as whole words), alternating in the same run. Topics: ${JSON.stringify(ONE)} and ${JSON.stringify(TWO)}.
The regex stops at its first match, so its long-text figure is the time to the first occurrence. Litmus
\`clarity\` runs beside as a yardstick of the machine's load (its quiet-machine speed is in its section).

Long text (${fmt(utf8Bytes(prose) / 1e6, 1)} MB of Brown prose), MB/s:

${table(['Scorer', 'Topics', 'MB/s', 'Litmus faster by'], longRows)}

100-character texts (${texts.length.toLocaleString('en-US')} slices of the same prose), calls/s:

${table(['Scorer', 'Topics', 'calls/s', 'Litmus faster by'], shortRows)}

A topic never seen before costs ${fmt(newMs, 2)} ms on its first call (its table over the 20,000-word
vocabulary); later calls reuse it (${'128'} tables are kept per instance).
`
}
