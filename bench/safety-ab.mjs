// A/B timing of the safety metrics (toxicity, prompt_manipulation, refusal) between two builds of the
// package, run alternately rep by rep in one process: Brown prose as one text (MB/s) and as 100-character
// texts (calls/s). Build the previous commit aside and pass its dist/litmus.js first.
//   node --no-liftoff bench/safety-ab.mjs /tmp/prev/dist/litmus.js dist/litmus.js [reps=15]
import { loadBrown } from './brown.mjs'
import { alternate } from './util.mjs'

const args = process.argv.slice(2)
const files = args.filter((a) => !/^\d+$/.test(a))
const reps = Number(args.find((a) => /^\d+$/.test(a)) ?? 15)
const prose = loadBrown().text.slice(0, 2_000_000)
const short = []
for (let i = 0; i + 100 <= prose.length && short.length < 20000; i += 100) short.push(prose.slice(i, i + 100))

const OPS = {
  toxicity: (l, text) => l.evaluate('toxicity', { text }),
  prompt_manipulation: (l, text) => l.evaluate('prompt_manipulation', { text }),
  refusal: (l, text) => l.evaluate('refusal', { query: 'q', response: text })
}

const builds = []
for (const f of files) builds.push({ file: f, litmus: await (await import(new URL(f, `file://${process.cwd()}/`).href)).load() })
for (const [op, call] of Object.entries(OPS)) {
  for (const [kind, work, size] of [['prose', (l) => call(l, prose), prose.length], ['100-char texts', (l) => { for (const t of short) call(l, t) }, short.length]]) {
    for (const { run: b, median: m, ratio, paired } of alternate(builds, work, reps)) {
      const rate = kind === 'prose' ? `${(size / 1e3 / m).toFixed(1)} MB/s` : `${Math.round((size / m) * 1000).toLocaleString('en')} calls/s`
      console.log(`${op} ${kind} ${b.file}: median ${m.toFixed(1)} ms, ${rate}, ${ratio.toFixed(3)}x, paired ${paired.toFixed(3)}x`)
    }
  }
}
