// Where scoring runs: a pool of worker threads sized to the cores (piscina), or, with `threads: 0`, the
// calling thread (for runtimes without worker threads, and to measure what the pool costs).
import { load } from 'litmus-metrics'
import { scoreBytes, type Outcome, type Task } from './score.js'

export interface Backend {
  /** Names of the implemented operations, as `litmus.operations` lists them. */
  operations(): Promise<readonly string[]>
  run(name: string, bytes: Uint8Array, signal: AbortSignal): Promise<Outcome>
  /** Tasks waiting for a free worker (0 without a pool). */
  queued(): number
  readonly threads: number
  close(): Promise<void>
}

/** Thrown by `run` when the queue is full or the backend is closed: answered with 503. */
export class Unavailable extends Error {
  override name = 'Unavailable'
}

export function inlineBackend(): Backend {
  const litmus = load()
  return {
    threads: 0,
    operations: async () => (await litmus).operations,
    run: async (name, bytes) => scoreBytes(await litmus, name, bytes),
    queued: () => 0,
    close: async () => {}
  }
}

export async function poolBackend(threads: number, maxQueue: number): Promise<Backend> {
  const { Piscina } = await import('piscina')
  const pool = new Piscina<Task, Outcome | readonly string[]>({
    filename: new URL(/* @vite-ignore */ './server-worker.js', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    // Workers hold a loaded Evaluator: keep them for the life of the server.
    idleTimeout: 2 ** 31 - 1
  })
  const operations = pool.run({}) as Promise<readonly string[]>
  return {
    threads,
    operations: () => operations,
    async run(name, bytes, signal) {
      try {
        // The body's buffer moves to the worker without a copy.
        return (await pool.run({ name, bytes }, { transferList: [bytes.buffer as ArrayBuffer], signal })) as Outcome
      } catch (e) {
        if (signal.aborted) throw signal.reason
        if (e instanceof Error && /queue is at limit|terminated|closed/i.test(e.message)) throw new Unavailable(e.message)
        throw e
      }
    },
    queued: () => pool.queueSize,
    close: () => pool.close()
  }
}
