// Where a fresh process's time goes before its first score, for one operation: import of litmus.js,
// `load({ operations: [op] })`, and the first call (which reads the family's code and its model), each
// build in its own fresh process, builds alternating; medians in ms.
//
//   node bench/first-call.mjs PREVIOUS_DIST [rounds=15] [operation=toxicity]
import { execFileSync } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { table } from './util.mjs'

const [previous, rounds = '15', op = 'toxicity'] = process.argv.slice(2)
if (!previous) {
  console.error('usage: node bench/first-call.mjs PREVIOUS_DIST [ROUNDS] [OPERATION]')
  process.exit(2)
}
const dists = [
  ['previous', previous],
  ['this build', fileURLToPath(new URL('../dist', import.meta.url))]
]
const script = (dist) => `
const t0 = performance.now()
const { load } = await import(${JSON.stringify(pathToFileURL(`${dist}/litmus.js`).href)})
const t1 = performance.now()
const l = await load({ operations: [${JSON.stringify(op)}] })
const t2 = performance.now()
l.${op}({ text: 'You are a kind person.' })
const t3 = performance.now()
console.log(JSON.stringify([t1 - t0, t2 - t1, t3 - t2]))`
const runs = dists.map(() => [])
for (let r = 0; r < Number(rounds); r++) {
  for (let i = 0; i < dists.length; i++) {
    const k = (i + r) % dists.length
    runs[k].push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script(dists[k][1])], { encoding: 'utf8' })))
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const ms = (x) => x.toFixed(1)
console.log(`\`${op}\`: medians of ${rounds} fresh processes per build, alternating.\n`)
console.log(table(['build', 'import ms', 'load ms', 'first call ms'], dists.map(([name], k) => [name, ...[0, 1, 2].map((p) => ms(median(runs[k].map((t) => t[p]))))])))
