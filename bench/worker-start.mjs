// A worker thread's start with the core compiled in this thread (`compiledCore()` posted to it and
// `useCompiledCore` there) against compiling its own: from the worker's creation to its first score, and
// the worker's own import + `load()`. Runs alternate; medians in ms.
//
//   node bench/worker-start.mjs [rounds=9]
import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { compiledCore, load } from '../dist/litmus.js'
import { table } from './util.mjs'

const rounds = Number(process.argv[2] ?? 9)
const dist = new URL('../dist/litmus.js', import.meta.url).href
const source = `
import { parentPort, workerData } from 'node:worker_threads'
const t0 = performance.now()
const { load, useCompiledCore } = await import(${JSON.stringify(dist)})
if (workerData.core) useCompiledCore(workerData.core)
const litmus = await load({ operations: ['toxicity'] })
const t1 = performance.now()
litmus.toxicity({ text: 'You are a kind person.' })
parentPort.postMessage(t1 - t0)`
// This thread has loaded and scored, as `litmus batch` has when its workers start.
;(await load({ operations: ['toxicity'] })).toxicity({ text: 'warm' })
const core = await compiledCore()
const cases = [
  ['own compile', undefined],
  ['shared core', core]
]
const times = cases.map(() => ({ ready: [], load: [] }))
for (let r = 0; r < rounds; r++) {
  for (let i = 0; i < cases.length; i++) {
    const k = (i + r) % cases.length
    const t = performance.now()
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), { workerData: { core: cases[k][1] } })
    const [loadMs] = await once(worker, 'message')
    times[k].ready.push(performance.now() - t)
    times[k].load.push(loadMs)
    await worker.terminate()
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
console.log(`Medians of ${rounds} workers each, alternating.\n`)
console.log(table(['worker', 'creation to first score ms', 'import + load() ms'], cases.map(([name], k) => [name, median(times[k].ready).toFixed(1), median(times[k].load).toFixed(1)])))
