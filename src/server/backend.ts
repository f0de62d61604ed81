// Where scoring runs: a pool of worker threads sized to the cores (piscina), or, with `threads: 0`, the
// calling thread (for runtimes without worker threads, and to measure what the pool costs).
import { loadConfigured } from '../config.js'
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

export function inlineBackend(config?: string): Backend {
  const litmus = loadConfigured(config)
  return {
    threads: 0,
    operations: async () => (await litmus).operations,
    run: async (name, bytes) => scoreBytes(await litmus, name, bytes),
    queued: () => 0,
    close: async () => {}
  }
}

/** Bodies from this size up are scored in the large lane (a 64 KiB text takes ~0.1-1 ms to score, 1 MB tens of ms). */
export const LARGE_BYTES = 65_536

/**
 * At most `limit` holders at once; the others wait in arrival order, until their signal aborts.
 */
class Lane {
  #free: number
  readonly #waiting: (() => void)[] = []
  constructor(limit: number) {
    this.#free = limit
  }
  async acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw signal.reason
    if (this.#free > 0) {
      this.#free--
      return
    }
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(wake), 1)
        reject(signal.reason)
      }
      this.#waiting.push(wake)
      signal.addEventListener('abort', onAbort, { once: true })
    })
  }
  release(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#free++
  }
}

/**
 * A pool of `threads` workers. Bodies under `inlineBelow` bytes are scored on the calling thread instead:
 * for them the pool's round trip (~0.1 ms) costs more than the scoring itself.
 */
export async function poolBackend(threads: number, maxQueue: number, inlineBelow = 0, config?: string): Promise<Backend> {
  const { Piscina } = await import('piscina')
  const local = inlineBelow > 0 ? await loadConfigured(config) : undefined
  const pool = new Piscina<Task, Outcome | readonly string[]>({
    filename: new URL(/* @vite-ignore */ './server-worker.js', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    recordTiming: false,
    workerData: { config },
    // Workers hold a loaded Evaluator: keep them for the life of the server.
    idleTimeout: 2 ** 31 - 1
  })
  const operations = pool.run({}) as Promise<readonly string[]>
  // Large bodies may hold at most threads - 1 workers at once, so one worker is always left for the
  // small requests, whose latency would otherwise wait on a megabyte of scoring.
  const large = new Lane(Math.max(1, threads - 1))
  // Piscina does not apply maxQueue to tasks given an AbortSignal, and every task here has one: the
  // bound is kept here instead, over every task not yet answered (running, queued, or waiting for the
  // large lane), so a burst costs at most (threads + maxQueue) bodies of memory.
  let pending = 0
  return {
    threads,
    operations: () => operations,
    async run(name, bytes, signal) {
      if (local && bytes.byteLength < inlineBelow) return scoreBytes(local, name, bytes)
      if (pending >= threads + maxQueue) throw new Unavailable(`queue is at limit (${maxQueue} waiting)`)
      pending++
      const isLarge = bytes.byteLength >= LARGE_BYTES
      try {
        if (isLarge) await large.acquire(signal)
      } catch (e) {
        pending--
        throw e
      }
      try {
        // The body's buffer moves to the worker without a copy.
        return (await pool.run({ name, bytes }, { transferList: [bytes.buffer as ArrayBuffer], signal })) as Outcome
      } catch (e) {
        if (signal.aborted) throw signal.reason
        if (e instanceof Error && /queue is at limit|terminated|closed/i.test(e.message)) throw new Unavailable(e.message)
        throw e
      } finally {
        pending--
        if (isLarge) large.release()
      }
    },
    queued: () => Math.max(0, pending - threads),
    close: () => pool.close()
  }
}
