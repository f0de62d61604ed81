// Bundle budgets and load time: the core bundle, each model chunk, and load() in a fresh Node process.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { fmt, table } from './util.mjs'

export const title = 'Bundle size and load time'

const dist = new URL('../dist/', import.meta.url)
const kb = (n) => fmt(n / 1024, 1)
const sizes = (url) => {
  const raw = readFileSync(url)
  return [raw.length, gzipSync(raw, { level: 9 }).length]
}

// Cold load: a new process each run, so nothing (compiled module, imported chunks) is cached.
function coldLoadMs(options) {
  const script = `const t0 = performance.now(); const { load } = await import(${JSON.stringify(new URL('litmus.js', dist).href)});
const t1 = performance.now(); await load(${JSON.stringify(options)}); const t2 = performance.now();
const t3 = performance.now(); await load(${JSON.stringify(options)}); const t4 = performance.now();
console.log(JSON.stringify([t1 - t0, t2 - t1, t4 - t3]))`
  const runs = []
  for (let i = 0; i < 7; i++) runs.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })))
  const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[runs.length >> 1]
  return [median(0), median(1), median(2)]
}

export async function run() {
  const rows = []
  // The core is litmus.js plus the WebAssembly as base64 in core-wasm.js (a chunk of its own since issue 25).
  const [jsRaw, jsGz] = sizes(new URL('litmus.js', dist))
  const [wasmRaw, wasmGz] = sizes(new URL('core-wasm.js', dist))
  rows.push(['core: `dist/litmus.js` + `dist/core-wasm.js` (WASM as base64)', kb(jsRaw + wasmRaw), kb(jsGz + wasmGz), '172'])
  let total = 0
  const files = readdirSync(new URL('models/', dist)).sort()
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const [raw, gz] = sizes(new URL(`models/${file}`, dist))
    total += gz
    rows.push([`model chunk \`models/${file}\``, kb(raw), kb(gz), '1,024'])
  }
  rows.push(['all model chunks', '', kb(total), '4,096'])
  // What Node reads instead (src/core/files.ts): not fetched by pages, so outside the budgets.
  let binRaw = 0
  let binGz = 0
  for (const file of [...files.filter((f) => f.endsWith('.bin')).map((f) => `models/${f}`), 'core.wasm']) {
    const [raw, gz] = sizes(new URL(file, dist))
    binRaw += raw
    binGz += gz
  }
  rows.push(['Node only: every `models/*.bin` and `core.wasm` (read on first use, never fetched by a page)', kb(binRaw), kb(binGz), '—'])

  const loads = [
    ['`load()`: every model', {}],
    ["`load({ operations: ['clarity'] })`", { operations: ['clarity'] }],
    ["`load({ operations: ['input_type'] })`: no model", { operations: ['input_type'] }]
  ].map(([label, options]) => {
    const [importMs, firstMs, againMs] = coldLoadMs(options)
    return [label, fmt(importMs), fmt(firstMs), fmt(againMs)]
  })

  return `Sizes of the files the package ships (gzip -9), against the budgets of the model mechanism: a page
that scores only clarity fetches the core and the syllables chunk, nothing else. Load time is the median
of 7 fresh Node processes: importing the bundle, the first \`load()\` (compiling the WASM and, in Node, noting
which model files exist: each is read by the first call that needs it), and a second \`load()\` in the same
process (module compiled).
Budget: \`load()\` with every model at most 50 ms. Reproduce: \`npm run build && node bench/index.mjs models\`.

${table(['file', 'KB', 'KB gzipped', 'budget (KB gzipped)'], rows)}

${table(['call', 'import ms', 'first load ms', 'second load ms'], loads)}
`
}
