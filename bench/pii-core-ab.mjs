// A/B timing of the PII core alone (piiScan over Brown prose, every category, no JavaScript entity
// objects), for speed work on assembly/pii: each argument is a built wasm file (copy build/litmus.wasm
// aside before a change). The builds run alternately, rep by rep, in one process.
//   node bench/pii-core-ab.mjs /tmp/base.wasm build/litmus.wasm [reps=31] [structured]
// `structured` asks only for the structured categories (EMAIL, PHONE, CREDIT_CARD, SSN, IBAN, IP, URL,
// named: the mask bit 63 set), as `pii` with those categories does; the name rules and tagger then do not run.
// A build whose tagger weights differ (new features, a retrained model) names its weights module after
// `=`: /tmp/base/build/litmus.wasm=/tmp/base/dist/models/pii-tagger.js. Without it, this tree's weights.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { loadBrown } from './brown.mjs'
import { abSummary } from './util.mjs'
import * as PII_TAGGER from '../dist/models/pii-tagger.js'
import { piiCore } from '../scripts/lib/pii-core.mjs'

const args = process.argv.slice(2)
const structured = args.includes('structured')
const files = args.filter((a) => !/^\d+$/.test(a) && a !== 'structured')
const reps = Number(args.find((a) => /^\d+$/.test(a)) ?? 31)
// Category ids (assembly/pii/categories.ts): EMAIL 1, PHONE 2, CREDIT_CARD 3, IBAN 4, SSN 5, IP 8, URL 10.
const [maskLo, maskHi] = structured ? [(1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 8) | (1 << 10), 0x80000000] : [0xfffffffe, 0x1ffff]
const text = new TextEncoder().encode(loadBrown().text)

async function instance(arg) {
  const [file, weights] = arg.split('=')
  // A build with the name tagger runs it, as the library does once the tagger chunk is loaded.
  const tagger = weights ? await import(pathToFileURL(weights).href) : PII_TAGGER
  const { ex, put } = await piiCore(readFileSync(file), { tagger })
  const scan = () => {
    const p = put(text)
    const out = ex.piiScan(p, text.length, maskLo, maskHi)
    return new Uint32Array(ex.memory.buffer, out, 1)[0]
  }
  return { file, ex, scan, ms: [], cpu: [], count: scan() }
}

const runs = []
for (const f of files) runs.push(await instance(f))
for (let r = 0; r < reps; r++) {
  for (const b of r % 2 === 0 ? runs : [...runs].reverse()) {
    const t0 = performance.now()
    const c0 = process.cpuUsage()
    b.scan()
    const c1 = process.cpuUsage(c0)
    b.ms.push(performance.now() - t0)
    b.cpu.push((c1.user + c1.system) / 1e3)
  }
}
// CPU time of the process as well as wall time: on a machine shared by more jobs than cores a run waits
// for a core now and then, which wall time counts and CPU time does not.
const cpu = abSummary(runs.map((b) => ({ ...b, ms: b.cpu })))
for (const [i, { run: b, median: m, ratio, paired }] of abSummary(runs).entries()) {
  console.log(`${b.file}: ${b.count} entities, median ${m.toFixed(2)} ms, ${(text.length / 1e3 / m).toFixed(1)} MB/s, ${ratio.toFixed(3)}x, paired ${paired.toFixed(3)}x; ` +
    `CPU time median ${cpu[i].median.toFixed(2)} ms, ${cpu[i].ratio.toFixed(3)}x, paired ${cpu[i].paired.toFixed(3)}x`)
  if (b.ex.piiCounters) console.log('  counters', [...new Uint32Array(b.ex.memory.buffer, b.ex.piiCounters(), 24)].join(' '))
}
