// `litmus batch`: score a JSONL file or stdin line by line, on this thread or a pool of worker threads,
// optionally one shard of N (a Kubernetes Indexed Job runs one shard per pod).
import { isUtf8 } from 'node:buffer'
import { once } from 'node:events'
import { open } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import type { Readable } from 'node:stream'
import { compiledCore, type Evaluator, type Thresholds } from 'litmus-metrics'
import { UsageError } from './args.js'
import { ops, packChunk, scoreChunk, unpackScored, type Chunk, type Line, type PackedChunk, type PackedScored, type Scored } from './record.js'

/** A file that cannot be read: one line on stderr, exit 2, no usage text. */
export class InputError extends Error {
  override name = 'InputError'
}

export interface BatchOptions {
  /** The operation every line is scored with; without it, each record runs every operation it has the fields for. */
  only?: string
  /** A file path, or '-' for stdin. */
  path: string
  /** Shard `index` of `count`: the lines whose 0-based index mod count equals index. */
  shard?: [index: number, count: number]
  /** Worker threads; 1 scores on the main thread. */
  concurrency: number
  /** `--threshold metric=N` flags given (over the defaults and the config file). */
  thresholds?: Record<string, number | null>
  /** The config file the Evaluator was loaded with: pool workers load it too. */
  config?: string
  /** `--fail-under P`: the run fails when under P % of the lines pass every verdict (100 with --threshold alone). */
  failUnder?: number
}

/** What a batch did: lines read, lines that failed, lines a verdict flagged, and whether the run passes. */
export interface BatchOutcome {
  count: number
  failed: number
  flagged: number
  /** No line failed, and the share passing the verdicts is at least --fail-under. */
  ok: boolean
}

export const BATCH_FLAGS = /^--(concurrency|shard)(=|$)/

/** `--threshold metric=N` (N a number, or `off` / `none`: never flagged): one entry of a thresholds object. */
export function parseThreshold(value: string | undefined): [string, number | null] {
  const m = /^([a-z0-9_.]+)=(.+)$/.exec(value ?? '')
  const limit = m ? (m[2] === 'off' || m[2] === 'none' ? null : Number(m[2])) : Number.NaN
  if (!m || (limit !== null && (m[2]!.trim() === '' || !Number.isFinite(limit)))) {
    throw new UsageError(`--threshold expects METRIC=NUMBER (or METRIC=off) such as toxicity=40, got ${JSON.stringify(value ?? '')}`)
  }
  return [m[1]!, limit]
}

/** `--fail-under P`: a percentage from 0 to 100. */
export function parseFailUnder(value: string | undefined): number {
  const n = Number(value)
  if (value === undefined || value.trim() === '' || !(n >= 0 && n <= 100)) throw new UsageError(`--fail-under expects a percentage from 0 to 100, got ${JSON.stringify(value ?? '')}`)
  return n
}

/** Lines per task sent to a worker: large enough that the round trip (~0.1 ms) is small beside the scoring. */
const CHUNK = 256

/** Chunks sent to each worker and not yet answered. */
const IN_FLIGHT = 2

/** The worker threads of `--concurrency N` (N - 1 of them) and whether they have loaded. */
interface Workers {
  pool: import('piscina').Piscina<PackedChunk, PackedScored>
  /** Settles once a worker has loaded (an empty chunk is a round trip): true, or false when it could not. */
  ready: Promise<boolean>
}

/**
 * How long a batch runs on this thread alone before workers may start, and how much longer a file must
 * still take: a worker's start costs this thread about 0.1 s and the worker 0.2 s, and on a 2-core
 * machine here two threads scored only 1.1-1.5 times as fast as one, so less work left never pays.
 * Workers started with the command line instead (before this thread's own load) made 10,000 toxicity
 * lines take about 0.8 s on two threads against 0.65 s on one: on two cores, a worker's start (Node, the
 * bundle, its JIT warming) competes with this thread for the whole of such a batch.
 * The pace is measured from PACE_FROM_MS: a fresh process scores its first thousand or so short lines
 * several times slower than the rest (the first 256 toxicity lines take about 0.2 s, its JIT and
 * regular expressions warming), and a pace taken earlier made 10,000 lines look long enough.
 */
const WORKERS_AFTER_MS = 500
const PACE_FROM_MS = 300
const WORKERS_FOR_MS = 1000

/**
 * Whether a batch that has run `elapsed` ms and read `read` bytes has enough work left for workers to
 * pay for their start: its input of `size` bytes would take WORKERS_FOR_MS more at the pace since `since`
 * ([ms, bytes] at an earlier check; the start when absent). Stdin, of unknown size, may always bring more.
 */
export function workersPay(elapsed: number, read: number, size?: number, since: [number, number] = [0, 0]): boolean {
  if (elapsed < WORKERS_AFTER_MS) return false
  if (size === undefined) return true
  return ((elapsed - since[0]) * (size - read)) / Math.max(1, read - since[1]) >= WORKERS_FOR_MS
}

/** Start the workers of a batch: the pool is made now, and `ready` settles once a worker has loaded. */
async function startWorkers(options: BatchOptions): Promise<Workers> {
  const { Piscina } = await import('piscina')
  const threads = options.concurrency - 1
  const pool = new Piscina<PackedChunk, PackedScored>({
    filename: new URL(/* @vite-ignore */ './cli-worker.js', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    // Each worker loads the models of the one operation scored, not all of them.
    workerData: { operations: options.only ? [options.only] : undefined, config: options.config, thresholds: options.thresholds, core: await compiledCore() },
    recordTiming: false,
    // A worker holds its next chunk while it scores one: it would otherwise wait for this thread, busy
    // scoring a chunk of its own, to see the result and send the next (38 % of its time, profiled).
    concurrentTasksPerWorker: IN_FLIGHT
  })
  const ready = pool.run(packChunk({ only: options.only, lines: [] })).then(
    () => true,
    () => false
  )
  return { pool, ready }
}

function whole(flag: string, raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw)) throw new UsageError(`${flag} expects a whole number, got ${JSON.stringify(raw ?? '')}`)
  return Number(raw)
}

/** Parse `[operation] [path|-] [--concurrency N] [--shard i/N]`; no path means stdin (main takes the verdict flags out first). */
export function parseBatch(argv: string[], implemented: readonly string[]): BatchOptions {
  const options: BatchOptions = { path: '-', concurrency: 1 }
  let path: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const flag = /^--(concurrency|shard)(?:=(.*))?$/.exec(arg)
    if (flag) {
      const value = flag[2] ?? argv[++i]
      if (flag[1] === 'concurrency') {
        const n = value === 'auto' ? availableParallelism() : whole('--concurrency', value)
        if (n < 1 || n > 256) throw new UsageError(`--concurrency expects 1 to 256 or auto, got ${value}`)
        options.concurrency = n
      } else {
        const m = /^(\d+)\/(\d+)$/.exec(value ?? '')
        if (!m) throw new UsageError(`--shard expects INDEX/COUNT such as 0/4, got ${JSON.stringify(value ?? '')}`)
        const [index, count] = [Number(m[1]), Number(m[2])]
        if (count < 1 || index >= count) throw new UsageError(`--shard ${value}: the index must be from 0 to COUNT - 1`)
        options.shard = [index, count]
      }
    } else if (arg.startsWith('--')) {
      throw new UsageError(`batch: unknown flag ${arg}; batch flags: --concurrency N, --shard INDEX/COUNT, --threshold METRIC=N, --fail-under P`)
    } else if (options.only === undefined && path === undefined && (Object.hasOwn(ops, arg) || implemented.includes(arg))) {
      if (!implemented.includes(arg)) throw new UsageError(`'${arg}' is not implemented yet; implemented: ${implemented.join(', ')}`)
      options.only = arg
    } else if (path === undefined) {
      path = arg
    } else {
      throw new UsageError(`batch: one input at a time, got ${JSON.stringify(path)} and ${JSON.stringify(arg)}`)
    }
  }
  if (path !== undefined) options.path = path
  return options
}

/** Open a file for reading (with its size in bytes), or explain in one line why it cannot be read. */
async function openInput(path: string): Promise<{ stream: Readable; size: number }> {
  try {
    const handle = await open(path, 'r')
    const stat = await handle.stat()
    if (stat.isDirectory()) {
      await handle.close()
      throw Object.assign(new Error(), { code: 'EISDIR' })
    }
    return { stream: handle.createReadStream(), size: stat.size }
  } catch (e) {
    throw unreadable(path, e)
  }
}

/** Why a file cannot be read, in one line. */
export function unreadable(path: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException).code
  const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message
  return new InputError(`cannot read ${path}: ${why}`)
}

/**
 * The longest line a batch reads, in bytes before its newline. A longer line is refused without being
 * decoded: V8 cannot hold a string over about 512 MB, and a line near that would need several times
 * its size in memory to parse and score.
 */
export const MAX_LINE_BYTES = 256 * 1024 * 1024

/**
 * Split a byte stream into lines at each newline (a carriage return before it is dropped), decoding each
 * as UTF-8 only once it is known to be whole, valid and within `maxLineBytes`. A line that is not is
 * yielded as `{ error }` so the batch reports it by number and goes on; the bytes of an overlong line are
 * skipped as they arrive, never gathered. A last line without a newline is read too.
 */
export async function* readLines(stream: AsyncIterable<Uint8Array | string>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  let parts: Buffer[] = []
  let held = 0
  let over = false
  const take = (bytes: Buffer) => {
    if (over) return
    if (held + bytes.length > maxLineBytes) {
      over = true
      parts = []
      held = 0
    } else if (bytes.length) {
      parts.push(bytes)
      held += bytes.length
    }
  }
  const end = (): Line => {
    const whole = parts.length === 1 ? parts[0] : Buffer.concat(parts, held)
    const wasOver = over
    parts = []
    held = 0
    over = false
    if (wasOver) return { error: `the line is longer than the limit of ${maxLineBytes} bytes` }
    const bytes = whole.length && whole[whole.length - 1] === 13 ? whole.subarray(0, whole.length - 1) : whole
    // The server refuses such bytes (JSON text is UTF-8); decoding them as U+FFFD would score other text.
    if (!isUtf8(bytes)) return { error: 'the line is not valid UTF-8' }
    return bytes.toString('utf8')
  }
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    let from = 0
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, from)) {
      take(bytes.subarray(from, at))
      yield end()
      from = at + 1
    }
    take(bytes.subarray(from))
  }
  if (held > 0 || over) yield end()
}

/** Count the lines of a file (for the progress bar's total), reading it once without decoding. */
async function countLines(path: string): Promise<number> {
  let lines = 0
  let last = 10
  for await (const chunk of (await openInput(path)).stream) {
    const bytes = chunk as Buffer
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++
    if (bytes.length) last = bytes[bytes.length - 1]
  }
  return last === 10 ? lines : lines + 1
}

/** Lines of this shard among `total` lines. */
function shardSize(total: number, [index, count]: [number, number]): number {
  return total > index ? Math.floor((total - index - 1) / count) + 1 : 0
}

/** Whether 0-based line `index` belongs to the shard: interleaved, so every shard sees the whole file's mix of lengths. */
export function inShard(index: number, shard?: [number, number]): boolean {
  return !shard || index % shard[1] === shard[0]
}

interface Progress {
  advance(lines: number): void
  stop(): void
}

async function progressBar(total: number | undefined): Promise<Progress | undefined> {
  if (!process.stderr.isTTY) return undefined
  const { default: progress } = await import('cli-progress')
  const bar = new progress.SingleBar(
    {
      stream: process.stderr,
      format: total === undefined ? 'litmus {value} lines | {duration}s' : 'litmus [{bar}] {percentage}% | {value}/{total} lines | ETA {eta_formatted}',
      etaBuffer: 50,
      fps: 5,
      clearOnComplete: true,
      hideCursor: true
    },
    progress.Presets.shades_classic
  )
  bar.start(total ?? 0, 0)
  return {
    advance: (lines) => bar.increment(lines),
    stop: () => bar.stop()
  }
}

async function write(text: string): Promise<void> {
  // Wait for a slow reader rather than queue the whole output in memory.
  if (!process.stdout.write(text)) await once(process.stdout, 'drain')
}

/**
 * Run a batch. `lines` overrides the input (stdin already partly read). With --threshold or --fail-under
 * each line is judged with `litmus.thresholds` (defaults, config file, --threshold).
 */
export async function batch(litmus: Evaluator, options: BatchOptions, lines?: AsyncIterable<Line>): Promise<BatchOutcome> {
  const cores = availableParallelism()
  if (options.concurrency > cores) {
    // Allowed (a shared or throttled machine may report fewer cores than it gives), but rarely faster.
    process.stderr.write(`litmus: warning: --concurrency ${options.concurrency} is more than the ${cores} cores of this machine; threads beyond ${cores} compete for them\n`)
  }
  const file = lines || options.path === '-' ? undefined : await openInput(options.path)
  const stream = lines ? undefined : (file?.stream ?? process.stdin)
  let total: number | undefined
  if (process.stderr.isTTY && options.path !== '-') {
    total = await countLines(options.path)
    if (options.shard) total = shardSize(total, options.shard)
  }
  const progress = await progressBar(total)
  const scorer = new ChunkScorer(litmus, options, file?.size)
  const judging = options.thresholds !== undefined || options.failUnder !== undefined
  const thresholds: Thresholds | undefined = judging ? litmus.thresholds : undefined
  const output = new OrderedOutput(progress)
  const started = performance.now()
  // The line reader starts only now: lines it read during an await above would be lost.
  const input = lines ?? readLines(stream!)
  // On one thread, a line at a time: output follows input at once (a reader can stop early, `| head`).
  const size = options.concurrency > 1 ? CHUNK : 1
  // Chunks scored or being scored, not yet written: this thread goes on while a worker holds the oldest.
  const depth = options.concurrency * 64
  let chunk: Chunk = { only: options.only, thresholds, lines: [] }
  let index = 0
  try {
    for await (const raw of input) {
      scorer.read += typeof raw === 'string' ? raw.length + 1 : 1
      if (inShard(index++, options.shard)) chunk.lines.push([index, raw])
      if (chunk.lines.length === size) {
        output.add(chunk, scorer.score(chunk))
        chunk = { only: options.only, thresholds, lines: [] }
        // Until workers start, a chunk is scored when it is added: held back, its lines would only
        // outlive young-generation collections (10,000 lines ran about a tenth slower).
        if (output.waiting >= (scorer.pooled ? depth : 1)) {
          const taken = output.flush()
          if (taken) await taken
        }
      }
    }
    if (chunk.lines.length) output.add(chunk, scorer.score(chunk, true))
    while (output.waiting) await output.flush()
  } finally {
    // Lines scored before an input error are written, as they would have been one by one.
    await output.write()
    progress?.stop()
    await scorer.close(output.waiting === 0)
  }
  return summary(output, options, (performance.now() - started) / 1000)
}

/**
 * Scores chunks on this thread and, with --concurrency N, on N - 1 workers. This thread scores from the
 * first line, and keeps scoring whenever the workers have enough queued. The workers start only once the
 * batch has run for WORKERS_AFTER_MS and, for a file, what is still unread would take WORKERS_FOR_MS
 * more (`workersPay`): a worker costs a thread, its own load and warm-up, which a batch of a few thousand
 * short lines never earns back. A pool that cannot start (or load) leaves the work here.
 */
class ChunkScorer {
  private readonly workers: number
  /** LITMUS_BATCH_WORKERS_ONLY=1 sends every chunk to the workers, waiting for them (tests use it to
   * cover the workers' path whatever the timing). */
  private readonly workersOnly: boolean
  private readonly started = performance.now()
  private starting: Promise<Workers> | undefined
  private pool: Workers['pool'] | undefined
  private poolReady = false
  private inPool = 0
  /** Bytes of input read so far (a line's UTF-16 length stands for its bytes: an estimate is enough). */
  read = 0
  /** [ms, bytes read] when the pace for `workersPay` starts being measured. */
  private paceFrom: [number, number] | undefined

  constructor(
    private readonly litmus: Evaluator,
    private readonly options: BatchOptions,
    /** The input file's size in bytes; undefined for stdin. */
    private readonly size: number | undefined
  ) {
    this.workers = options.concurrency - 1
    this.workersOnly = this.workers > 0 && process.env.LITMUS_BATCH_WORKERS_ONLY === '1'
  }

  /** Whether the workers are starting or started. */
  get pooled(): boolean {
    return this.starting !== undefined
  }

  /**
   * Score a chunk: here at once (its lines), or a promise of them once the pool is in play. `last` (a
   * partial chunk, the input's end) does not start the pool. Lines scored here return without a promise:
   * `--concurrency 1` scores a chunk of one line, and would pay two promise turns for every line.
   */
  score(chunk: Chunk, last = false): Scored | Promise<Scored> {
    const elapsed = performance.now() - this.started
    if (this.paceFrom === undefined && elapsed >= PACE_FROM_MS) this.paceFrom = [elapsed, this.read]
    if (this.workers > 0 && (this.starting || this.workersOnly || (!last && workersPay(elapsed, this.read, this.size, this.paceFrom)))) return this.withPool(chunk)
    return scoreChunk(this.litmus, chunk)
  }

  private async withPool(chunk: Chunk): Promise<Scored> {
    await (this.starting ??= this.start())
    // Let the workers' messages in before scoring here: the input stream keeps its next lines buffered,
    // so the read loop would otherwise run on promise jobs alone and never see a worker start or finish.
    if (this.pool) await new Promise(setImmediate)
    // IN_FLIGHT chunks per worker: the next is there when one is done, while this thread may be busy scoring.
    if (!this.workersOnly && (!this.poolReady || this.inPool >= IN_FLIGHT * this.workers)) return scoreChunk(this.litmus, chunk)
    this.inPool++
    try {
      return unpackScored(await this.pool!.run(packChunk(chunk)))
    } finally {
      this.inPool--
    }
  }

  /** Make the pool (its threads start now); with LITMUS_BATCH_WORKERS_ONLY, wait until it has loaded. */
  private async start(): Promise<Workers> {
    const workers = await startWorkers(this.options)
    this.pool = workers.pool
    const ready = workers.ready.then((ok) => (this.poolReady = ok))
    if (this.workersOnly) await ready
    return workers
  }

  /**
   * With every chunk answered (`idle`), workers still starting (a short batch can end first) are
   * stopped rather than waited for; otherwise (a reader gone) those in flight finish.
   */
  async close(idle: boolean): Promise<void> {
    const w = await this.starting?.catch(() => undefined)
    await (idle ? w?.pool.destroy() : w?.pool.close())
  }
}

/**
 * Output is gathered and written once per OUTPUT_CHARS or once per turn of the event loop, not once per
 * line: stdout to a file or pipe writes synchronously here, a system call each (with the promise-free
 * path above, one thread took 100,000 toxicity lines in 1.75 s instead of 2.46, bench/batch-ab.mjs).
 * A turn of the event loop ends whenever the input has no line ready, so a reader of a stream (stdin
 * line by line) still gets each answer as soon as it is scored.
 */
const OUTPUT_CHARS = 1 << 16

/** Chunks in input order; their results are written in the same order, whichever thread finishes first. */
class OrderedOutput {
  count = 0
  failed = 0
  flagged = 0
  private readonly pending: [Chunk, Scored | Promise<Scored>][] = []
  private text = ''
  /** The last write, while stdout asks to wait (a slow reader): the next one waits for it. */
  private writing: Promise<void> | undefined
  private soon = false

  constructor(private readonly progress: Awaited<ReturnType<typeof progressBar>>) {}

  get waiting(): number {
    return this.pending.length
  }

  add(chunk: Chunk, scored: Scored | Promise<Scored>): void {
    // Its rejection is read by flush; until then it is not an unhandled one.
    if (!Array.isArray(scored)) scored.catch(() => {})
    this.pending.push([chunk, scored])
  }

  /** Take the oldest chunk's lines for the output, once scored; a promise only when there is one to wait for. */
  flush(): Promise<void> | undefined {
    const [chunk, result] = this.pending.shift()!
    if (Array.isArray(result)) return this.take(chunk, result)
    return result.then(
      (scored) => this.take(chunk, scored),
      (e: unknown) => {
        // A worker that died loses no line: each is reported as failed.
        const why = `internal error: ${e instanceof Error ? e.message : String(e)}`
        return this.take(chunk, chunk.lines.filter(([, raw]) => typeof raw !== 'string' || raw.trim() !== '').map(([line]) => [line, JSON.stringify({ line, error: why }), why, false]))
      }
    )
  }

  private take(chunk: Chunk, scored: Scored): Promise<void> | undefined {
    for (const [line, json, error, isFlagged] of scored) {
      this.count++
      if (error === null && isFlagged) this.flagged++
      if (error !== null) {
        this.failed++
        process.stderr.write(`litmus: line ${line}: ${error}\n`)
      }
      this.text += json + '\n'
    }
    this.progress?.advance(chunk.lines.length)
    if (this.text.length >= OUTPUT_CHARS) return this.write()
    if (!this.soon && this.text) {
      this.soon = true
      setImmediate(() => void this.write().catch(() => {}))
    }
    return undefined
  }

  /** Write what is gathered (after the write before it, if stdout asked to wait). */
  async write(): Promise<void> {
    this.soon = false
    await this.writing
    const text = this.text
    this.text = ''
    if (text) await (this.writing = write(text))
  }
}

/** The batch's summary on stderr (lines, failures, rate; with verdicts, the share passing) and its outcome. */
function summary({ count, failed, flagged }: OrderedOutput, options: BatchOptions, seconds: number): BatchOutcome {
  const shard = options.shard ? ` (shard ${options.shard[0]}/${options.shard[1]})` : ''
  const rate = seconds > 0 ? Math.round(count / seconds) : count
  process.stderr.write(`litmus: ${count} lines${shard}, ${count - failed} scored, ${failed} failed in ${seconds.toFixed(2)} s (${rate} lines/s)\n`)
  let ok = failed === 0
  if (options.thresholds !== undefined || options.failUnder !== undefined) {
    const passing = count === 0 ? 100 : (100 * (count - failed - flagged)) / count
    const bar = options.failUnder ?? 100
    ok &&= passing >= bar
    process.stderr.write(`litmus: ${flagged} flagged; ${passing.toFixed(1)} % of lines pass (required: ${bar} %)${passing >= bar ? '' : ': FAILED'}\n`)
  }
  return { count, failed, flagged, ok }
}
