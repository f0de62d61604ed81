// `litmus batch --concurrency 1` against `--concurrency 2`, this build beside a previous one, in the same
// run: wall time of the whole command (process start to exit) on 10,000 toxicity requests of 100-300
// characters (Brown corpus), the same 10 times over (100,000), and 2,000 records run through every
// operation their fields allow. Runs alternate (build, concurrency) in rotating order; medians.
//
//   node bench/batch-ab.mjs /path/to/previous/checkout [repeats=5]
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brownCuts } from './brown.mjs'
import { fmt, table } from './util.mjs'

const [base, repeats = '5'] = process.argv.slice(2)
if (!base) {
  console.error('usage: node bench/batch-ab.mjs PREVIOUS_CHECKOUT [REPEATS]')
  process.exit(2)
}
const builds = [
  ['previous', resolve(base, 'bin/litmus.js')],
  ['this build', fileURLToPath(new URL('../bin/litmus.js', import.meta.url))]
]

const lines = brownCuts(10_000)
const dir = mkdtempSync(join(os.tmpdir(), 'litmus-batch-ab-'))
const files = {
  tox: join(dir, 'toxicity-10k.jsonl'),
  tox100: join(dir, 'toxicity-100k.jsonl'),
  records: join(dir, 'records-2k.jsonl')
}
const tox = lines.map((text) => JSON.stringify({ text })).join('\n') + '\n'
writeFileSync(files.tox, tox)
writeFileSync(files.tox100, tox.repeat(10))
writeFileSync(files.records, lines.slice(0, 2_000).map((text, id) => JSON.stringify({ id, text })).join('\n') + '\n')

const cases = [
  ['10,000 `toxicity` lines', ['batch', 'toxicity', files.tox]],
  ['100,000 `toxicity` lines', ['batch', 'toxicity', files.tox100]],
  ['2,000 records (every operation of `text`)', ['batch', files.records]]
]
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const loadAvg = os.loadavg()[0]
const rows = []
for (const [label, args] of cases) {
  const runs = {}
  const order = builds.flatMap(([name, bin]) => [1, 2].map((c) => [name, bin, c]))
  for (let i = 0; i < Number(repeats); i++) {
    for (let k = 0; k < order.length; k++) {
      const [name, bin, c] = order[(k + i) % order.length]
      const t = performance.now()
      execFileSync(process.execPath, [bin, ...args, '--concurrency', String(c)], { stdio: ['ignore', 'ignore', 'ignore'], maxBuffer: 1 << 30 })
      ;(runs[`${name} ${c}`] ??= []).push((performance.now() - t) / 1000)
      console.error(`bench: ${label}, ${name}, --concurrency ${c}, run ${i + 1}: ${fmt((performance.now() - t) / 1000, 2)} s`)
    }
  }
  for (const [name] of builds) {
    const one = median(runs[`${name} 1`])
    const two = median(runs[`${name} 2`])
    rows.push([label, name, fmt(one, 2), fmt(two, 2), `${fmt(one / two, 2)}×`])
  }
}
console.log(`${repeats} runs each, alternating, ${os.availableParallelism()} cores, 1-minute load average ${fmt(loadAvg, 1)} at the start; wall seconds of the whole command, medians.\n`)
console.log(table(['input', 'build', '--concurrency 1 s', '--concurrency 2 s', 'speed-up of 2'], rows))
