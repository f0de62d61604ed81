// A/B timing of the de-obfuscation pass alone (src/metrics/safety/deobfuscate.ts, shared by toxicity and
// prompt_manipulation) between two builds of it, alternating rep by rep in one process: 2 MB of Brown
// prose as one text, and 20,000 100-character slices of it (with a masked-word reader, as toxicity
// passes). Build the previous commit's rules aside (`npx vite build --config vite.rules.config.ts`
// writes build/rules/) and pass its deobfuscate.js first.
//   node --no-liftoff bench/deob-ab.mjs /tmp/prev/build/rules/deobfuscate.js build/rules/deobfuscate.js [reps=15]
// Given the two builds' dist/litmus.js as well (after the two deobfuscate.js), also the pass's share of
// prompt_manipulation's time on the prose: the whole call and the pass alone, timed alternately.
//   node --no-liftoff bench/deob-ab.mjs <previous deobfuscate.js> <new deobfuscate.js> <previous litmus.js> <new litmus.js> [reps]
import { loadBrown } from './brown.mjs'
import { abSummary } from './util.mjs'

const args = process.argv.slice(2)
const files = args.filter((a) => !/^\d+$/.test(a))
const reps = Number(args.find((a) => /^\d+$/.test(a)) ?? 15)
if (files.length !== 2 && files.length !== 4) throw new Error('usage: node --no-liftoff bench/deob-ab.mjs <previous deobfuscate.js> <new deobfuscate.js> [<previous litmus.js> <new litmus.js>] [reps]')
const builds = []
for (const f of files.slice(0, 2)) builds.push({ file: f, deobfuscate: (await import(new URL(f, `file://${process.cwd()}/`).href)).deobfuscate })
const prose = loadBrown().text.slice(0, 2_000_000)
const short = []
for (let i = 0; i + 100 <= prose.length && short.length < 20000; i += 100) short.push(prose.slice(i, i + 100))
// A reader of masked words that names a word for some ("st*pid") and none for others.
const unmask = (w) => (w.length % 3 === 0 ? w.replace(/\*/g, 'u') : null)

for (const [kind, work] of [['prose (2 MB)', (d) => d(prose)], ['100-char texts (20,000)', (d) => { for (const t of short) d(t, unmask) }]]) {
  const runs = builds.map((b) => ({ file: b.file, ms: [] }))
  for (let r = 0; r < reps + 1; r++) {
    builds.forEach((b, i) => {
      const t = performance.now()
      work(b.deobfuscate)
      if (r > 0) runs[i].ms.push(performance.now() - t)
    })
  }
  for (const { run, median, ratio, paired } of abSummary(runs)) console.log(`${kind} ${run.file}: median ${median.toFixed(1)} ms, ${ratio.toFixed(3)}x, paired ${paired.toFixed(3)}x`)
}

if (files.length === 4) {
  const at = (f) => new URL(f, `file://${process.cwd()}/`).href
  const metric = await Promise.all(files.slice(2).map(async (f) => (await import(at(f))).load()))
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1]
  const times = builds.map(() => ({ call: [], pass: [] }))
  for (let r = 0; r < reps + 1; r++) {
    builds.forEach((b, i) => {
      let t = performance.now()
      metric[i].evaluate('prompt_manipulation', { text: prose })
      const call = performance.now() - t
      t = performance.now()
      b.deobfuscate(prose)
      if (r > 0) times[i].call.push(call)
      if (r > 0) times[i].pass.push(performance.now() - t)
    })
  }
  times.forEach(({ call, pass }, i) => {
    const [c, p] = [median(call), median(pass)]
    console.log(`prompt_manipulation on the prose, ${files[2 + i]}: ${c.toFixed(1)} ms a call, the pass alone ${p.toFixed(1)} ms (${Math.round((100 * p) / c)} %)`)
  })
}
