// The service beside a previous build, in the same run: requests/s and p99 of 1 KB `clarity` requests
// alone (32 connections), then with 1 MB `pii` requests posted continuously beside them (2 and 4
// connections), each server in its own child process, the two builds alternating run by run.
//
//   node bench/server-ab.mjs /path/to/previous/checkout [repeats=5] [seconds=3]
//
// The previous checkout needs its dist/ built (and its package.json, for its self-import).
import os from 'node:os'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadBrown } from './brown.mjs'
import { autocannonRun, bodies, startChild } from './serve-child.mjs'
import { fmt, table } from './util.mjs'

const [base, repeats = '5', seconds = '3'] = process.argv.slice(2)
if (!base) {
  console.error('usage: node bench/server-ab.mjs PREVIOUS_CHECKOUT [REPEATS] [SECONDS]')
  process.exit(2)
}
const REPEATS = Number(repeats)
const SECONDS = Number(seconds)
const KEY = 'bench-key-0123456789abcdef'
const SMALL_CONNECTIONS = 32
const BIG_BYTES = 999_000

const builds = [
  ['previous', pathToFileURL(resolve(base, 'dist/server.js')).href],
  ['this build', new URL('../dist/server.js', import.meta.url).href]
]

const startServer = (serverUrl) => startChild({ BENCH_KEY: KEY, BENCH_SERVER: serverUrl })
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

const load = (url, options) => autocannonRun(url, { ...options, seconds: SECONDS, key: KEY })

const brown = loadBrown().text
const { small, big } = bodies(brown, BIG_BYTES)

const scenarios = [
  ['1 KB `clarity` alone', 0],
  ['1 KB `clarity` + 2 connections of 1 MB `pii`', 2],
  ['1 KB `clarity` + 4 connections of 1 MB `pii`', 4]
]
const servers = {}
for (const [name, url] of builds) servers[name] = await startServer(url)
const loadAvg = os.loadavg()[0]
const results = {} // scenario -> build -> [{small, big}]
try {
  for (const [name] of builds) await load(servers[name].url, { path: '/v4/metrics/clarity', bodies: small, connections: SMALL_CONNECTIONS })
  for (let i = 0; i < REPEATS; i++) {
    for (const [label, bigConnections] of scenarios) {
      for (const [name] of i % 2 ? [...builds].reverse() : builds) {
        console.error(`bench: ${label}, ${name}, run ${i + 1}`)
        const url = servers[name].url
        const [s, b] = await Promise.all([
          load(url, { path: '/v4/metrics/clarity', bodies: small, connections: SMALL_CONNECTIONS }),
          bigConnections ? load(url, { path: '/v4/metrics/pii', bodies: [big], connections: bigConnections }) : undefined
        ])
        ;((results[label] ??= {})[name] ??= []).push({ small: s, big: b })
      }
    }
  }
} finally {
  for (const server of Object.values(servers)) await server.close()
}

const rows = []
const alone = {}
for (const [label, bigConnections] of scenarios) {
  for (const [name] of builds) {
    const runs = results[label][name]
    const p99 = median(runs.map((r) => r.small.p99))
    if (!bigConnections) alone[name] = p99
    rows.push([
      label,
      name,
      fmt(median(runs.map((r) => r.small.rps)), 0),
      fmt(median(runs.map((r) => r.small.p50)), 1),
      fmt(p99, 1),
      bigConnections ? `${fmt(p99 / alone[name], 2)}×` : '1.00×',
      bigConnections ? fmt(median(runs.map((r) => r.big.rps)), 1) : '',
      bigConnections ? fmt(median(runs.map((r) => r.big.p99)), 0) : '',
      String(runs.reduce((n, r) => n + r.small.errors + (r.big?.errors ?? 0), 0))
    ])
  }
}
console.log(`${REPEATS} alternating runs of ${SECONDS} s each (medians), ${os.availableParallelism()} cores, 1-minute load average ${fmt(loadAvg, 1)} at the start.\n`)
console.log(table(['load', 'build', '1 KB req/s', '1 KB p50 ms', '1 KB p99 ms', 'p99 / alone', '1 MB req/s', '1 MB p99 ms', 'errors'], rows))
