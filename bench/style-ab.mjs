// A/B timing of the style metrics (tone, formality, simplicity, helpfulness and v3.helpfulness) between two builds of the
// package, run alternately rep by rep in one process: Brown prose as one text (MB/s) and as 100-character
// texts (calls/s). Build the previous commit aside and pass its dist/litmus.js first.
//   node --no-liftoff bench/style-ab.mjs /tmp/prev/dist/litmus.js dist/litmus.js [reps=15]
import { loadBrown } from './brown.mjs'
import { alternate } from './util.mjs'

const args = process.argv.slice(2)
const files = args.filter((a) => !/^\d+$/.test(a))
const reps = Number(args.find((a) => /^\d+$/.test(a)) ?? 15)
const prose = loadBrown().text.slice(0, 2_000_000)
const short = []
for (let i = 0; i + 100 <= prose.length && short.length < 20000; i += 100) short.push(prose.slice(i, i + 100))

const OPS = {
  tone: (l, text) => l.evaluate('tone', { text }),
  formality: (l, text) => l.evaluate('formality', { text }),
  simplicity: (l, text) => l.evaluate('simplicity', { text }),
  helpfulness: (l, text) => l.evaluate('helpfulness', { text }),
  'v3.helpfulness': (l, text) => l.evaluate('v3.helpfulness', { query: 'How do I reset the router in the hallway?', response: text })
}
const only = process.env.OPS?.split(',')

const builds = []
for (const f of files) builds.push({ file: f, litmus: await (await import(new URL(f, `file://${process.cwd()}/`).href)).load() })
for (const [op, call] of Object.entries(OPS).filter(([op]) => !only || only.includes(op))) {
  for (const [kind, work, size] of [['prose', (l) => call(l, prose), prose.length], ['100-char texts', (l) => { for (const t of short) call(l, t) }, short.length]]) {
    for (const { run: b, median: m, ratio, paired } of alternate(builds, work, reps)) {
      const rate = kind === 'prose' ? `${(size / 1e3 / m).toFixed(1)} MB/s` : `${Math.round((size / m) * 1000).toLocaleString('en')} calls/s`
      console.log(`${op} ${kind} ${b.file}: median ${m.toFixed(1)} ms, ${rate}, ${ratio.toFixed(3)}x, paired ${paired.toFixed(3)}x`)
    }
  }
}
