// A/B timing of PII builds on Brown prose, for speed work on the scanner: each argument is a built
// dist/ directory (copy dist/ aside before a change); the builds run alternately, rep by rep, in one
// process, so a shared, noisy machine slows them alike. Prints the median MB/s of each and the ratio
// to the first.
//   node bench/pii-ab.mjs /tmp/base-dist dist [reps=21] [op=pii|redact|structured]
// `structured`: `pii` with the structured categories only, as in bench/pii.bench.mjs. CPU time of the
// process is summarised beside wall time (a loaded machine makes a run wait for a core).
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadBrown } from './brown.mjs'
import { abSummary, utf8Bytes } from './util.mjs'

const args = process.argv.slice(2)
const dirs = args.filter((a) => !/^\d+$/.test(a) && a !== 'pii' && a !== 'redact' && a !== 'structured')
const reps = Number(args.find((a) => /^\d+$/.test(a)) ?? 21)
const op = args.includes('redact') ? 'redact' : args.includes('structured') ? 'structured' : 'pii'
const STRUCTURED = ['EMAIL', 'PHONE', 'CREDIT_CARD', 'SSN', 'IBAN', 'IP', 'URL']
const brown = loadBrown().text
const bytes = utf8Bytes(brown)
const builds = []
for (const d of dirs) {
  const { load } = await import(pathToFileURL(resolve(d, 'litmus.js')).href)
  builds.push({ d, litmus: await load(), ms: [], cpu: [] })
}
const call = (l) => (op === 'pii' ? l.pii({ text: brown }) : op === 'structured' ? l.pii({ text: brown, categories: STRUCTURED }) : l.redact(brown))
for (const b of builds) for (let w = 0; w < 2; w++) call(b.litmus)
for (let r = 0; r < reps; r++) {
  // Alternate the order too, so neither build always runs right after the other.
  const order = r % 2 === 0 ? builds : [...builds].reverse()
  for (const b of order) {
    const t0 = performance.now()
    const c0 = process.cpuUsage()
    call(b.litmus)
    const c1 = process.cpuUsage(c0)
    b.ms.push(performance.now() - t0)
    b.cpu.push((c1.user + c1.system) / 1e3)
  }
}
const cpu = abSummary(builds.map((b) => ({ ...b, ms: b.cpu })))
for (const [i, { run: b, median: m, ratio, paired }] of abSummary(builds).entries()) {
  console.log(`${op} ${b.d}: median ${m.toFixed(1)} ms, ${(bytes / 1e3 / m).toFixed(1)} MB/s, ${ratio.toFixed(3)}x, paired ${paired.toFixed(3)}x; ` +
    `CPU time median ${cpu[i].median.toFixed(1)} ms, ${(bytes / 1e3 / cpu[i].median).toFixed(1)} MB/s, paired ${cpu[i].paired.toFixed(3)}x`)
}
