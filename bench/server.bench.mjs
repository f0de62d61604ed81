// The HTTP service under load, on localhost: requests/s and p50/p99 latency of 1 KB requests at 64
// concurrent connections (autocannon), then the same with ~1 MB requests mixed in, with the scoring pool
// (piscina, one worker per core) beside the same server scoring on its main thread (`threads: 0`).
// Every scenario is bounded in time. Also the cost of one pool round trip, measured in-process.
import os from 'node:os'
import { createServer } from '../dist/server.js'
import { loadBrown } from './brown.mjs'
import { autocannonRun, bodies, quantile, startChild } from './serve-child.mjs'
import { fmt, table } from './util.mjs'

export const title = 'HTTP service (`litmus serve`)'

const KEY = 'bench-key-0123456789abcdef'
const SECONDS = 2
const REPEATS = 5
const CONNECTIONS = 64
const BIG_BYTES = 999_000 // just under the default body limit of 1,000,000 bytes
// Operations to load, if implemented: the list is data, so toxicity joins once it lands.
const OPERATIONS = ['clarity', 'pii', 'toxicity']

/** A server in a child process with this many threads (and inlineBelow, if given). */
const startServer = (threads, inlineBelow) =>
  startChild({ BENCH_KEY: KEY, BENCH_THREADS: String(threads), ...(inlineBelow === undefined ? {} : { BENCH_INLINE_BELOW: String(inlineBelow) }) })

const load = (url, options) => autocannonRun(url, { ...options, key: KEY })

/** Median µs of one in-process `fetch` of a tiny request, on a server with `threads`. */
async function inProcessMicros(threads, n) {
  const server = createServer({ keys: [KEY], threads, inlineBelow: 0 })
  await server.ready
  const request = () =>
    new Request('http://localhost/v4/metrics/clarity', {
      method: 'POST',
      headers: { 'content-type': 'application/json', API_KEY: KEY },
      body: '{"text":"The cat sat on the mat."}'
    })
  for (let i = 0; i < 500; i++) await (await server.fetch(request())).text()
  const times = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    const res = await server.fetch(request())
    await res.text()
    times.push((performance.now() - t) * 1000)
  }
  await server.close()
  times.sort((a, b) => a - b)
  return quantile(times, 0.5)
}

export async function run({ litmus }) {
  const implemented = new Set(litmus.operations)
  const ops = OPERATIONS.filter((op) => implemented.has(op))
  const skipped = OPERATIONS.filter((op) => !implemented.has(op))
  const brown = loadBrown().text
  const { small, big } = bodies(brown, BIG_BYTES)
  const threads = os.availableParallelism()
  // [label, threads, inlineBelow]
  const modes = [
    ['pool', threads, undefined],
    ['pool + small inline', threads, 4096],
    ['main thread', 0, undefined]
  ]

  const rows = []
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
  /** Median of the repeats for each figure; errors summed. */
  const row = (scenario, mode, runs) => [
    scenario,
    mode,
    fmt(median(runs.map((r) => r.rps)), 0),
    fmt(median(runs.map((r) => r.p50)), 2),
    fmt(median(runs.map((r) => r.p99)), 2),
    String(runs.reduce((n, r) => n + r.errors, 0))
  ]
  const p99 = {} // 'clarity alone' / 'clarity mixed' -> mode -> median p99
  const servers = {}
  for (const [mode, n, inline] of modes) servers[mode] = await startServer(n, inline)
  const loadAvg = os.loadavg()[0]
  try {
    // Warm-up (JIT, worker start-up), not reported.
    for (const [mode] of modes) await load(servers[mode].url, { path: '/v4/metrics/clarity', bodies: small, connections: CONNECTIONS, seconds: 2 })
    const smallRun = (op, mode) => load(servers[mode].url, { path: `/v4/metrics/${op}`, bodies: small, connections: CONNECTIONS, seconds: SECONDS })
    const mixedRun = (mode) =>
      Promise.all([
        load(servers[mode].url, { path: '/v4/metrics/clarity', bodies: small, connections: CONNECTIONS, seconds: SECONDS }),
        load(servers[mode].url, { path: '/v4/metrics/pii', bodies: [big], connections: 2, seconds: SECONDS })
      ])
    // Scenario by scenario, the two servers alternate REPEATS times, so drift of the machine's load
    // affects both.
    for (const op of ops) {
      const runs = Object.fromEntries(modes.map(([mode]) => [mode, []]))
      for (let i = 0; i < REPEATS; i++) {
        for (const [mode] of modes) {
          console.error(`bench: server ${op} 1 KB, ${mode}, run ${i + 1}`)
          runs[mode].push(await smallRun(op, mode))
        }
      }
      for (const [mode] of modes) rows.push(row(`\`${op}\`, 1 KB`, mode, runs[mode]))
      if (op === 'clarity') p99.alone = Object.fromEntries(modes.map(([mode]) => [mode, median(runs[mode].map((r) => r.p99))]))
    }
    const runs = Object.fromEntries(modes.map(([mode]) => [mode, []]))
    for (let i = 0; i < REPEATS; i++) {
      for (const [mode] of modes) {
        console.error(`bench: server clarity 1 KB with ~1 MB pii mixed in, ${mode}, run ${i + 1}`)
        runs[mode].push(await mixedRun(mode))
      }
    }
    p99.mixed = Object.fromEntries(modes.map(([mode]) => [mode, median(runs[mode].map((r) => r[0].p99))]))
    for (const [mode] of modes) {
      rows.push(row('`clarity`, 1 KB, while 2 connections send ~1 MB `pii`', mode, runs[mode].map((r) => r[0])))
      rows.push(row(`\`pii\`, ${fmt(Buffer.byteLength(big) / 1e6, 2)} MB (those 2 connections)`, mode, runs[mode].map((r) => r[1])))
    }
  } finally {
    for (const server of Object.values(servers)) await server.close()
  }

  console.error('bench: pool round trip, in-process')
  const rounds = []
  for (let i = 0; i < 3; i++) rounds.push([await inProcessMicros(0, 2000), await inProcessMicros(1, 2000)])
  const inline = rounds.map((r) => r[0]).sort((a, b) => a - b)[1]
  const pooled = rounds.map((r) => r[1]).sort((a, b) => a - b)[1]

  return `
Load from [autocannon](https://www.npmjs.com/package/autocannon) in the bench process against \`litmus serve\`
in a child process, both on 127.0.0.1 of the same ${os.cpus().length}-core machine (so the load generator takes
CPU from the server; the 1-minute load average was ${fmt(loadAvg, 1)} when it started). ${CONNECTIONS} connections, requests cycling over 256 different
~1 KB Brown corpus texts (\`{"text": ...}\`), after a 2 s warm-up of each server. Three configurations of the
same server: \`pool\` is the default (${threads} scoring workers, piscina, one per core; every body scored in a
worker), \`pool + small inline\` scores bodies under 4 KiB on the main thread (\`inlineBelow: 4096\`), and
\`main thread\` scores everything on the main thread (\`threads: 0\`). Each row is the median of ${REPEATS} runs of
${SECONDS} s, the servers alternating run by run. Latencies are of every response, from autocannon's
per-response times; errors (summed over the runs) count connection errors, time-outs and non-2xx
responses. In the pool, requests of 64 KiB and more go to a queue and max(1, threads - 1) workers of
their own, niced (docs/service.md).
Reproduce: \`npm run build && node bench/index.mjs server\`. ${skipped.length ? `Not implemented in this build, so not loaded: ${skipped.map((s) => `\`${s}\``).join(', ')}.` : ''}

${table(['requests', 'server', 'requests/s', 'p50 ms', 'p99 ms', 'errors'], rows)}

With the ~1 MB requests mixed in, the p99 of the 1 KB \`clarity\` requests went
${modes.map(([mode]) => `from ${fmt(p99.alone[mode], 1)} to ${fmt(p99.mixed[mode], 1)} ms with \`${mode}\` (×${fmt(p99.mixed[mode] / p99.alone[mode], 2)})`).join(', ')}.

One pool round trip, in-process (\`server.fetch(new Request(...))\` of \`{"text":"The cat sat on the mat."}\`
to \`clarity\`, sequential, median of 2,000 calls, middle of 3 alternating runs): ${fmt(inline, 0)} µs scoring on
the main thread, ${fmt(pooled, 0)} µs through a one-worker pool, so the round trip (transfer of the body
to the worker, its reply, and the wake-ups) costs about **${fmt(pooled - inline, 0)} µs** per request.
`
}
