// What a second thread can give a batch on this machine, with no pool at all: one process scoring every
// line (`--concurrency 1`) against two processes started together, each scoring half the lines on its own,
// and against `--concurrency 2` on every line. The two halves are the most any split of the work can
// reach: no worker start, no messages, no ordering. Runs alternate; wall seconds, medians.
//
//   node bench/parallel-ceiling.mjs [lines=100000] [repeats=5]
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brownCuts } from './brown.mjs'
import { fmt, table } from './util.mjs'

const [count = '100000', repeats = '5'] = process.argv.slice(2)
const bin = fileURLToPath(new URL('../bin/litmus.js', import.meta.url))
const lines = brownCuts(10_000).map((text) => JSON.stringify({ text }))
const all = Array.from({ length: Number(count) }, (_, i) => lines[i % lines.length])
const dir = mkdtempSync(join(os.tmpdir(), 'litmus-ceiling-'))
const file = (name, rows) => {
  const path = join(dir, name)
  writeFileSync(path, rows.join('\n') + '\n')
  return path
}
const whole = file('all.jsonl', all)
const halves = [file('first.jsonl', all.slice(0, all.length >> 1)), file('second.jsonl', all.slice(all.length >> 1))]

/** Wall seconds until every one of the commands (started together) has exited. */
async function wall(commands) {
  const t = performance.now()
  await Promise.all(
    commands.map(
      (args) =>
        new Promise((resolve, reject) => {
          spawn(process.execPath, [bin, ...args], { stdio: 'ignore' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`litmus ${args.join(' ')} exited ${code}`))))
        })
    )
  )
  return (performance.now() - t) / 1000
}

const cases = [
  ['one process, every line', [['batch', 'toxicity', whole]]],
  ['two processes at once, half the lines each', halves.map((path) => ['batch', 'toxicity', path])],
  ['`--concurrency 2`, every line', [['batch', 'toxicity', whole, '--concurrency', '2']]]
]
const times = cases.map(() => [])
const loadAvg = os.loadavg()[0]
for (let i = 0; i < Number(repeats); i++) {
  for (let k = 0; k < cases.length; k++) {
    const c = (k + i) % cases.length
    times[c].push(await wall(cases[c][1]))
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const base = median(times[0])
console.log(`${Number(count).toLocaleString('en-US')} \`toxicity\` lines; ${repeats} runs each, alternating, ${os.availableParallelism()} cores, 1-minute load average ${fmt(loadAvg, 1)} at the start; wall seconds, medians.\n`)
console.log(table(['how', 'wall s', 'speed-up over one process'], cases.map(([label], k) => [label, fmt(median(times[k]), 2), `${fmt(base / median(times[k]), 2)}×`])))
