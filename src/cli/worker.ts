// A pool worker of `litmus batch --concurrency N`: one Evaluator per thread, scoring chunks of raw lines
// so the main thread only reads, orders and writes.
import { load, useCompiledCore } from 'litmus-metrics'
import { workerData } from 'piscina'
import { readConfig } from '../config.js'
import { packScored, scoreChunk, unpackChunk, type PackedChunk, type PackedScored } from './record.js'

const given = (workerData ?? {}) as { operations?: string[]; config?: string; thresholds?: Record<string, number | null>; core?: WebAssembly.Module }
// The main thread's compiled core: this worker neither reads nor compiles the WebAssembly again.
if (given.core) useCompiledCore(given.core)
const config = given.config === undefined ? {} : await readConfig(given.config)
// Only the models of the operation the batch scores (all of them for records naming their own); custom
// metrics are not model-backed operations, so they are loaded by name from the config, not listed.
const builtIn = given.operations?.filter((name) => !(config.metrics ?? []).some((m) => m.name === name))
const litmus = await load({
  ...config,
  operations: builtIn,
  thresholds: { ...config.thresholds, ...given.thresholds }
})

export default function run(chunk: PackedChunk): PackedScored {
  return packScored(scoreChunk(litmus, unpackChunk(chunk)))
}
