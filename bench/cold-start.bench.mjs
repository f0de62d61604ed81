// Cold start: wall time from spawning a fresh Node process to its first score and exit, for `load()` with
// every model and for `load({ operations: ['toxicity'] })`, beside bare Node and text-readability (the
// clarity peer, a devDependency) importing and scoring once. With LITMUS_BASE_DIST set to another build's
// dist directory (e.g. main's, copied aside), that build runs too. The variants run alternately, one
// process each per round, so load on a shared machine falls on all of them alike.
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { fmt, table } from './util.mjs'

export const title = 'Cold start (process start to first score)'

const ROUNDS = 15

const CALLS = {
  clarity: "l.clarity({ text: 'The cat sat on the mat.' })",
  toxicity: "l.toxicity({ text: 'You are a kind person.' })",
  pii: "l.pii({ text: 'Call John Smith on 555-123-4567.' })"
}
/** `chunks`: as a browser or a bundle loads (every chunk imported inside load()), hiding process.getBuiltinModule. */
const litmusScript = (dist, operations, { chunks = false } = {}) => {
  const url = pathToFileURL(`${dist.replace(/\/$/, '')}/litmus.js`).href
  const options = operations ? `{ operations: ${JSON.stringify(operations)} }` : '{}'
  const call = CALLS[operations?.[0] ?? 'clarity']
  return `${chunks ? 'delete process.getBuiltinModule; ' : ''}const { load } = await import(${JSON.stringify(url)}); const l = await load(${options}); ${call}`
}

/** [label, script] variants; each script scores once and exits. */
function variants() {
  const ours = fileURLToPath(new URL('../dist/', import.meta.url))
  const base = process.env.LITMUS_BASE_DIST
  const baseName = process.env.LITMUS_BASE_NAME ?? base
  const peer = pathToFileURL(fileURLToPath(new URL('../node_modules/text-readability/main.js', import.meta.url))).href
  const out = [
    ['bare Node (`node -e ""`)', ''],
    ['text-readability: import, one Flesch score', `const { default: rs } = await import(${JSON.stringify(peer)}); rs.fleschReadingEase('The cat sat on the mat.')`],
    ['Litmus `load()`, every model, one clarity score', litmusScript(ours)],
    ["Litmus `load({ operations: ['toxicity'] })`, one toxicity score", litmusScript(ours, ['toxicity'])],
    ["Litmus `load({ operations: ['pii'] })`, one pii score", litmusScript(ours, ['pii'])],
    ['Litmus `load()`, every model, one clarity score, chunks imported (as a bundle loads)', litmusScript(ours, undefined, { chunks: true })]
  ]
  if (base) {
    out.push([`${baseName}: \`load()\`, every model`, litmusScript(base)])
    out.push([`${baseName}: \`load({ operations: ['toxicity'] })\``, litmusScript(base, ['toxicity'])])
  }
  return out
}

function spawnMs(script) {
  const t = performance.now()
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' })
  return performance.now() - t
}

export async function run() {
  const list = variants()
  const times = list.map(() => [])
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? list.map((_, i) => i) : list.map((_, i) => list.length - 1 - i)
    for (const i of order) times[i].push(spawnMs(list[i][1]))
  }
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1]
  const bare = median(times[0])
  const peer = median(times[1])
  // Per round ratios to the peer, so load that changes between rounds cancels.
  const paired = (i) => median(times[i].map((t, r) => t / times[1][r]))
  const rows = list.map(([label], i) => [label, fmt(median(times[i]), 0), i === 0 ? '—' : fmt(median(times[i]) - bare, 0), i === 0 ? '—' : `${fmt(paired(i), 2)}×`])
  return `${table(['process', 'ms, start to exit', 'ms over bare Node', 'vs text-readability (paired)'], rows)}

Medians of ${ROUNDS} fresh processes per row, the rows alternating round by round (load average ${fmt(os.loadavg()[0], 1)} on
${os.cpus().length} cores during this run; the paired column is the median of per-round ratios). text-readability is ${fmt(peer - bare, 0)} ms over bare
Node here. In Node (20.19 and later) \`load()\` parses litmus.js and the shared machinery, and reads a metric family's
code (dist/metrics/<family>.js) the first time one of its methods is called, each model's file (dist/models/<name>.bin,
raw weights and UTF-8 word lists) the first time a call needs it, and the core (dist/core.wasm); the row "chunks
imported" is the same build made to load as a browser or a bundle does, importing every family and parsing every
chunk's string literals inside \`load()\`.
Reproduce: \`npm run build && node bench/index.mjs cold-start\`; with a previous build copied aside,
\`LITMUS_BASE_DIST=/tmp/base-dist LITMUS_BASE_NAME=main node bench/index.mjs cold-start\`.`
}
