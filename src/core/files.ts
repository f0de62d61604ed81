// Model data and the core's WebAssembly as plain files beside the bundle, for Node.
//
// A browser (and any bundle) gets the models as JS chunks, imported inside `load()` because every method
// is synchronous. Parsing those chunks was most of a Node process's start: 7.7 MB of string literals,
// about 250 ms for `load()` with every model (issue 25). The build also writes each chunk's data as
// dist/models/<file>.bin and the core as dist/core.wasm (scripts/model-files.mjs, which describes the
// format); where Node can read them synchronously, `load()` only notes which files exist, and a model's
// file is read the first time a method needs it, its weights handed over as bytes with no base64 to decode.
//
// Anything else (a browser, a Node older than 20.16 without `process.getBuiltinModule`, a bundle that
// moved litmus.js away from its models/ folder) finds no file and imports the chunks as before.

import { ValidationError } from '../errors.js'

type Fs = typeof import('node:fs')
type NodeProcess = { getBuiltinModule?: (id: string) => unknown; features?: { require_module?: boolean } }

const nodeProcess = (globalThis as { process?: NodeProcess }).process
const fs = nodeProcess?.getBuiltinModule?.('node:fs') as Fs | undefined
// This module is bundled into litmus.js itself, beside models/ and core.wasm (vite.config.ts keeps it out
// of the shared chunk under dist/shared/): it looks for the files beside its own URL.
// Built from the module's own URL by string, not `new URL(literal, import.meta.url)`: bundlers treat that
// pattern as an asset to copy in, and these files are optional.
const here = import.meta.url
const base = fs !== undefined && here.startsWith('file:') ? here.slice(0, here.lastIndexOf('/') + 1) : undefined

/** The URL of `name` beside this module when Node can read it synchronously and it exists. */
function beside(name: string): URL | undefined {
  if (base === undefined) return undefined
  const url = new URL(base + name)
  return fs!.existsSync(url) ? url : undefined
}

/**
 * A metric family's records read synchronously from dist/metrics/<family>.js, for `load()` to read a
 * family the first time one of its methods is called rather than inside `load()`: a Node that can
 * `require` an ES module (20.19 and later) does so without waiting. A full `load()` then parses only
 * litmus.js and the shared machinery, and a family's code (up to 60 KB) is parsed when first used.
 * Undefined where that is not possible (a browser, a bundle, an older Node): `load()` imports it then.
 */
export function familyFile(family: string): (() => Record<string, unknown>) | undefined {
  const url = beside(`metrics/${family}.js`)
  const require = url && nativeRequire()
  if (!require) return undefined
  const path = fileOf(url)
  return () => require(path) as Record<string, unknown>
}

let native: NodeJS.Require | null | undefined

/**
 * Node's `require`, where it loads ES modules into the very module graph this bundle was imported into:
 * it must find the shared machinery this module uses (the same error classes), not a second copy. A
 * runner that imports the bundle through a module graph of its own (a test runner transforming it, a
 * bundler's dev server) gets a second copy from Node, so there the families are imported by load().
 */
function nativeRequire(): NodeJS.Require | null {
  if (native !== undefined) return native
  native = null
  const machinery = beside('shared/machinery.js')
  if (!nodeProcess?.features?.require_module || machinery === undefined) return native
  const { createRequire } = nodeProcess.getBuiltinModule!('node:module') as typeof import('node:module')
  const require = createRequire(fileOf(machinery))
  try {
    if (Object.values(require(fileOf(machinery)) as object).includes(ValidationError)) native = require
  } catch {
    // Not loadable this way: the families are imported instead.
  }
  return native
}

const fileOf = (url: URL) => (nodeProcess!.getBuiltinModule!('node:url') as typeof import('node:url')).fileURLToPath(url)

/** Data not read yet: the installer calls `read` the first time the model is installed. */
export class ModelFile {
  constructor(readonly read: () => Record<string, unknown>) {}
}

/** A model's data read on demand from dist/models/<file>.bin, or undefined where there is no such file. */
export function modelFile(file: string): ModelFile | undefined {
  const url = beside(`models/${file}.bin`)
  return url === undefined ? undefined : new ModelFile(() => readModel(fs!.readFileSync(url)))
}

/**
 * The exports of a .bin model file: its JSON values, its weights as views of the file's bytes and its
 * long strings decoded from UTF-8.
 */
export function readModel(file: Uint8Array): Record<string, unknown> {
  const decoder = new TextDecoder()
  const length = new DataView(file.buffer, file.byteOffset, file.byteLength).getUint32(0, true)
  const { exports, bytes, texts } = JSON.parse(decoder.decode(file.subarray(4, 4 + length))) as {
    exports: Record<string, unknown>
    bytes: Record<string, [number, number]>
    texts: Record<string, [number, number]>
  }
  const start = (4 + length + 7) & ~7
  for (const [key, [at, size]] of Object.entries(bytes)) exports[key] = file.subarray(start + at, start + at + size)
  for (const [key, [at, size]] of Object.entries(texts)) exports[key] = decoder.decode(file.subarray(start + at, start + at + size))
  return exports
}

/** The core's WebAssembly bytes from dist/core.wasm, or undefined where there is no such file. */
export function wasmFile(): Uint8Array | undefined {
  const url = beside('core.wasm')
  return url === undefined ? undefined : fs!.readFileSync(url)
}
