// A pool worker of `litmus batch --concurrency N`: one Evaluator per thread, scoring chunks of raw lines
// so the main thread only reads, orders and writes.
import { load } from 'litmus-metrics'
import { workerData } from 'piscina'
import { scoreChunk, type Chunk, type Scored } from './record.js'

// Only the models of the operation the batch scores (all of them for records naming their own).
const litmus = await load({ operations: (workerData as { operations?: string[] } | undefined)?.operations })

export default function run(chunk: Chunk): Scored {
  return scoreChunk(litmus, chunk)
}
