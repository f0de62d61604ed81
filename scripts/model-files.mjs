// Writes each model chunk's data as dist/models/<name>.bin and the core as dist/core.wasm, beside the JS
// chunks, for Node to read on first use instead of parsing every chunk inside load() (src/core/files.ts).
//
//   node scripts/model-files.mjs      (part of `npm run build:ts`, after vite build)
//
// A .bin file is the chunk's own exports: a little-endian u32 header length, the header (UTF-8 JSON:
// `{ exports, bytes, texts }`), then, from the next multiple of 8, the raw bytes of each base64 export (a
// name ending in WEIGHTS or VECTORS; in `bytes`) and the UTF-8 of each long string (word lists; in `texts`,
// which JSON.parse would read escape by escape), each listed as [offset from there, length], offsets
// multiples of 8. Both ways install the
// same data. A chunk whose other exports do not survive JSON gets no file and is imported as before.
import { readdirSync, writeFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'

const DIST = new URL('../dist/', import.meta.url)
/** Exports holding base64 (model.install decodes them): stored as raw bytes. */
const BINARY = /(?:^|_)(?:WEIGHTS|VECTORS)$/
/** Strings at least this long are stored as UTF-8 outside the JSON header. */
const LONG = 4096

export function modelFile(exports) {
  const plain = {}
  const raw = []
  for (const [key, value] of Object.entries(exports)) {
    if (BINARY.test(key) && typeof value === 'string') {
      const bytes = Buffer.from(value, 'base64')
      if (bytes.toString('base64') !== value) throw new Error(`model-files: ${key} is not base64`)
      raw.push(['bytes', key, bytes])
    } else if (typeof value === 'string' && value.length >= LONG) {
      // Lone surrogates would not survive UTF-8.
      if (!value.isWellFormed()) return undefined
      raw.push(['texts', key, Buffer.from(value)])
    } else plain[key] = value
  }
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(plain)), plain)) return undefined
  const align = (n) => (n + 7) & ~7
  const sections = { bytes: {}, texts: {} }
  let at = 0
  for (const [kind, key, b] of raw) {
    sections[kind][key] = [at, b.length]
    at = align(at + b.length)
  }
  const head = Buffer.from(JSON.stringify({ exports: plain, ...sections }))
  const parts = [Buffer.alloc(4), head, Buffer.alloc(align(4 + head.length) - 4 - head.length)]
  parts[0].writeUInt32LE(head.length)
  for (const [, , b] of raw) parts.push(b, Buffer.alloc(align(b.length) - b.length))
  return Buffer.concat(parts)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let written = 0
  for (const name of readdirSync(new URL('models/', DIST)).filter((f) => f.endsWith('.js')).sort()) {
    const file = modelFile({ ...(await import(new URL(`models/${name}`, DIST))) })
    if (file === undefined) console.warn(`model-files: ${name} does not survive JSON; it stays a chunk only`)
    else writeFileSync(new URL(`models/${name.replace(/\.js$/, '.bin')}`, DIST), file), written++
  }
  const { WASM_BASE64 } = await import(new URL('core-wasm.js', DIST))
  writeFileSync(new URL('core.wasm', DIST), Buffer.from(WASM_BASE64, 'base64'))
  console.log(`model files: ${written} models and core.wasm beside the chunks`)
}
