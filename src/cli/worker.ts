// A pool worker of `litmus batch --concurrency N`: one Evaluator per thread, scoring chunks of raw lines
// so the main thread only reads, orders and writes.
import { load } from 'litmus-metrics'
import { scoreChunk, type Chunk, type Scored } from './record.js'

const litmus = await load()

export default function run(chunk: Chunk): Scored {
  return scoreChunk(litmus, chunk)
}
