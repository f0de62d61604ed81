// Where scoring runs: a pool of worker threads sized to the cores (piscina), or, with `threads: 0`, the
// calling thread (for runtimes without worker threads, and to measure what the pool costs).
import { loadConfigured } from '../config.js'
import { scoreBytes, type Outcome, type Task } from './score.js'

export interface Backend {
  /** Names of the implemented operations, as `litmus.operations` lists them. */
  operations(): Promise<readonly string[]>
  /**
   * Score `bytes` with operation `name`. `large` (default: 64 KiB or more) sends it to the large
   * requests' queue and workers.
   */
  run(name: string, bytes: Uint8Array, signal: AbortSignal, large?: boolean): Promise<Outcome>
  /** Whether a request of that size would be taken now rather than refused for a full queue. */
  admits(large: boolean): boolean
  /** Tasks waiting for a free worker (0 without a pool). */
  queued(): number
  readonly threads: number
  close(): Promise<void>
}

/** Thrown by `run` when the queue is full or the backend is closed: answered with 503. */
export class Unavailable extends Error {
  override name = 'Unavailable'
}

export function inlineBackend(config?: string): Backend {
  const litmus = loadConfigured(config)
  return {
    threads: 0,
    operations: async () => (await litmus).operations,
    run: async (name, bytes) => scoreBytes(await litmus, name, bytes),
    admits: () => true,
    queued: () => 0,
    close: async () => {}
  }
}

/**
 * Requests from this size up (declared, read, or inflated) are large: a 64 KiB text takes ~0.1-1 ms to
 * score, 1 MB tens to hundreds of ms.
 */
export const LARGE_BYTES = 65_536

/**
 * Nice value of the large pool's threads (Linux, where a thread has its own): when the cores are all
 * busy, the scheduler gives the small requests' workers and the main thread the CPU first, so a
 * megabyte being scored delays a 1 KB request by little instead of taking half the machine from it.
 * When the cores are not all busy, a large request runs at full speed all the same.
 */
export const LARGE_NICE = 10

/** One piscina pool and the bound on its tasks not yet answered. */
interface Lane {
  readonly pool: import('piscina').Piscina<Task, Outcome | readonly string[]>
  readonly threads: number
  pending: number
}

/**
 * Two pools of workers: `threads` for small requests and `max(1, threads - 1)` for large ones, each with
 * its own queue, so that a 1 KB request never waits behind a megabyte, neither in a queue nor for a
 * worker, and the large pool runs at a lower priority (LARGE_NICE). Bodies under `inlineBelow` bytes
 * are scored on the calling thread instead: for them the pool's round trip (~0.1 ms) costs more than
 * the scoring itself.
 */
export async function poolBackend(threads: number, maxQueue: number, inlineBelow = 0, config?: string): Promise<Backend> {
  const { Piscina } = await import('piscina')
  const local = inlineBelow > 0 ? await loadConfigured(config) : undefined
  const lane = (count: number, nice?: number): Lane => ({
    pool: new Piscina<Task, Outcome | readonly string[]>({
      filename: new URL(/* @vite-ignore */ './server-worker.js', import.meta.url).href,
      minThreads: count,
      maxThreads: count,
      maxQueue,
      recordTiming: false,
      workerData: { config, nice },
      // Workers hold a loaded Evaluator: keep them for the life of the server.
      idleTimeout: 2 ** 31 - 1
    }),
    threads: count,
    pending: 0
  })
  const small = lane(threads)
  const large = lane(Math.max(1, threads - 1), LARGE_NICE)
  const operations = small.pool.run({}) as Promise<readonly string[]>
  // Both pools are up before the server answers (a worker that fails to load fails the start).
  await Promise.all([operations, large.pool.run({})])
  // Piscina does not apply maxQueue to tasks given an AbortSignal, and every task here has one: the
  // bound is kept here instead, per lane, over every task not yet answered (running or queued), so a
  // burst costs at most (threads + maxQueue) bodies of memory in each.
  const full = (l: Lane) => l.pending >= l.threads + maxQueue
  return {
    threads,
    operations: () => operations,
    admits: (isLarge) => !full(isLarge ? large : small),
    async run(name, bytes, signal, isLarge = bytes.byteLength >= LARGE_BYTES) {
      if (local && !isLarge && bytes.byteLength < inlineBelow) return scoreBytes(local, name, bytes)
      const l = isLarge ? large : small
      if (full(l)) throw new Unavailable(`queue is at limit (${maxQueue} waiting)`)
      l.pending++
      try {
        // The body's buffer moves to the worker without a copy.
        return (await l.pool.run({ name, bytes }, { transferList: [bytes.buffer as ArrayBuffer], signal })) as Outcome
      } catch (e) {
        if (signal.aborted) throw signal.reason
        if (e instanceof Error && /queue is at limit|terminated|closed/i.test(e.message)) throw new Unavailable(e.message)
        throw e
      } finally {
        l.pending--
      }
    },
    queued: () => Math.max(0, small.pending - small.threads) + Math.max(0, large.pending - large.threads),
    close: async () => {
      await Promise.all([small.pool.close(), large.pool.close()])
    }
  }
}
