// One line of a batch, from its raw text to its output line. Shared by the CLI's main thread and its
// pool workers (`--concurrency`), so a line scores the same whichever thread runs it.
import { OPERATIONS, ValidationError, type Evaluator, type Operation, type Thresholds } from 'litmus-metrics'

type Ops = Record<string, Operation>
export const ops = OPERATIONS as Ops

/** What the operation takes from a record, and what it does not (ids, labels), which the output carries through. */
export function split(op: Operation | undefined, record: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
  // An unknown operation takes everything, so its error names the operation, not a missing field.
  if (!op) return [record, {}]
  const body: Record<string, unknown> = {}
  const extra: Record<string, unknown> = {}
  for (const key of Object.keys(record)) {
    // defineProperty keeps "__proto__" an own key rather than a prototype change.
    Object.defineProperty(Object.hasOwn(op.request, key) ? body : extra, key, { value: record[key], enumerable: true, writable: true, configurable: true })
  }
  return [body, extra]
}

export function applicable(litmus: Evaluator, record: Record<string, unknown>): [string, Record<string, unknown>][] {
  if (Object.hasOwn(record, 'operation')) {
    const { operation, ...rest } = record
    const name = operation as string
    return [[name, split(typeof name === 'string' ? litmus.operation(name) : undefined, rest)[0]]]
  }
  const out: [string, Record<string, unknown>][] = []
  for (const name of litmus.operations) {
    const op = litmus.operation(name)!
    const required = Object.entries(op.request).filter(([, f]) => !f.optional)
    if (!required.every(([field]) => Object.hasOwn(record, field) && record[field] !== undefined)) continue
    const body: Record<string, unknown> = {}
    for (const field of Object.keys(op.request)) if (Object.hasOwn(record, field) && record[field] !== undefined) body[field] = record[field]
    out.push([name, body])
  }
  return out
}

/** Fields of a record that no operation run on it takes: carried to the output line unchanged. */
function unused(litmus: Evaluator, record: Record<string, unknown>, runs: [string, Record<string, unknown>][]): Record<string, unknown> {
  const taken = new Set<string>(['operation'])
  for (const [name] of runs) for (const field of Object.keys(litmus.operation(name)?.request ?? {})) taken.add(field)
  const extra: Record<string, unknown> = {}
  for (const key of Object.keys(record)) {
    if (!taken.has(key)) Object.defineProperty(extra, key, { value: record[key], enumerable: true, writable: true, configurable: true })
  }
  return extra
}

export function attempt(litmus: Evaluator, name: string, body: unknown): Record<string, unknown> {
  try {
    return litmus.evaluate(name as never, body) as Record<string, unknown>
  } catch (e) {
    if (e instanceof ValidationError) return { error: e.message }
    throw e
  }
}

/** Parse one raw line; `undefined` for a blank line, which is skipped and not counted. */
export function parseLine(raw: string, line: number): unknown {
  // A byte-order mark some editors write at the start of a UTF-8 file is not part of the JSON.
  const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return new SyntaxError('not valid JSON')
  }
}

/** What one line gave: its output, why it failed (if it did), and whether a verdict flagged it. */
export type LineResult = [out: Record<string, unknown>, error?: string, flagged?: boolean]

/** The response and, when judging, its `{ score, flagged, threshold }`; a refused request gives `{ error }`. */
function judged(litmus: Evaluator, name: string, body: unknown, thresholds?: Thresholds): [Record<string, unknown>, Verdict?] {
  if (!thresholds) return [attempt(litmus, name, body)]
  try {
    const threshold = Object.hasOwn(thresholds, name) ? thresholds[name] : undefined
    const { response, score, flagged, threshold: used } = litmus.check(name as never, body as never, { threshold })
    return [response as Record<string, unknown>, { score, flagged, threshold: used }]
  } catch (e) {
    if (e instanceof ValidationError) return [{ error: e.message }]
    throw e
  }
}

type Verdict = { score: number; flagged: boolean; threshold: number | null }

/**
 * One line of a batch: its output, and an error message when the line failed. The output is
 * `{line, ...fields the operation does not take, ...result}`: an input field named `line` or named like
 * a result field is replaced by the line number or the result. With `thresholds`, the output gets a
 * `verdict` (one operation) or `verdicts` (records), and the line is flagged when any verdict is.
 */
export function batchLine(litmus: Evaluator, line: number, record: unknown, only?: string, thresholds?: Thresholds): LineResult {
  if (record instanceof Error) return [{ line, error: record.message }, record.message]
  try {
    if (only) {
      const isObject = typeof record === 'object' && record !== null && !Array.isArray(record)
      const [body, extra] = isObject ? split(litmus.operation(only), record as Record<string, unknown>) : [record, {}]
      const [out, verdict] = judged(litmus, only, body, thresholds)
      const result: Record<string, unknown> = { line, ...extra, ...out }
      result.line = line
      const error = typeof out.error === 'string' ? out.error : undefined
      if (verdict) result.verdict = verdict
      return [result, error, verdict?.flagged ?? false]
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      const why = 'a record must be a JSON object'
      return [{ line, error: why }, why]
    }
    const rec = record as Record<string, unknown>
    const runs = applicable(litmus, rec)
    if (runs.length === 0) {
      const why = 'no operation takes the fields of this record (give "text", "query" and "response", ... or name an "operation")'
      return [{ line, error: why }, why]
    }
    // fromEntries makes each name an own key, "__proto__" included.
    const outcomes = runs.map(([name, body]) => [name, ...judged(litmus, name, body, thresholds)] as const)
    const results = Object.fromEntries(outcomes.map(([name, out]) => [name, out]))
    const result: Record<string, unknown> = { line, ...unused(litmus, rec, runs), results }
    result.line = line
    result.results = results
    const failed = outcomes.filter(([, out]) => typeof out.error === 'string')
    const error = failed.length === 0 ? undefined : failed.map(([name, out]) => `${name}: ${out.error as string}`).join('; ')
    if (!thresholds) return [result, error]
    const verdicts = Object.fromEntries(outcomes.filter(([, , v]) => v !== undefined).map(([name, , v]) => [name, v!]))
    result.verdicts = verdicts
    return [result, error, Object.values(verdicts).some((v) => v.flagged)]
  } catch (e) {
    // An internal error on one line must not lose the lines after it.
    const why = failure(e)
    return [{ line, error: why }, why]
  }
}

/** Why a line failed on an exception: a record too deep to walk is the input's doing, anything else a defect. */
export function failure(e: unknown): string {
  if (e instanceof RangeError && /call stack/i.test(e.message)) return 'the record is nested too deeply to score or write'
  return `internal error: ${e instanceof Error ? e.message : String(e)}`
}

/** A raw line of input: its text, or why it could not be read as text (not UTF-8, over the length limit). */
export type Line = string | { error: string }

/** A chunk of raw lines sent to a pool worker, and what comes back: one JSON output line and error per input line. */
export interface Chunk {
  only?: string
  /** Judge each line with these thresholds (the CLI's --threshold / --fail-under); absent: no verdicts. */
  thresholds?: Thresholds
  lines: [number, Line][]
}
export type Scored = [line: number, json: string, error: string | null, flagged: boolean][]

export function scoreChunk(litmus: Evaluator, chunk: Chunk): Scored {
  const out: Scored = []
  for (const [line, raw] of chunk.lines) {
    // Each line fails alone: a result too deep to stringify must not take the rest of its chunk with it.
    try {
      const record = typeof raw === 'string' ? parseLine(raw, line) : new SyntaxError(raw.error)
      if (record === undefined) continue
      const [result, error, flagged] = batchLine(litmus, line, record, chunk.only, chunk.thresholds)
      out.push([line, JSON.stringify(result), error ?? null, flagged ?? false])
    } catch (e) {
      const why = failure(e)
      out.push([line, JSON.stringify({ line, error: why }), why, false])
    }
  }
  return out
}

/**
 * A chunk as it crosses to a worker: its lines joined by newlines (a line read never holds one) and its
 * line numbers as one typed array. Posting 256 small arrays costs the main thread more than scoring
 * some of them (about 3 ms a chunk, measured); one string and one array cost little.
 */
export interface PackedChunk {
  only?: string
  thresholds?: Thresholds
  text: string
  numbers: Uint32Array
  /** [index in the chunk, why the line could not be read]. */
  unreadable: [number, string][]
}

export function packChunk(chunk: Chunk): PackedChunk {
  const unreadable: [number, string][] = []
  const texts = chunk.lines.map(([, raw], i) => {
    if (typeof raw === 'string') return raw
    unreadable.push([i, raw.error])
    return ''
  })
  return { only: chunk.only, thresholds: chunk.thresholds, text: texts.join('\n'), numbers: Uint32Array.from(chunk.lines, ([n]) => n), unreadable }
}

export function unpackChunk(packed: PackedChunk): Chunk {
  const texts = packed.numbers.length === 0 ? [] : packed.text.split('\n')
  const lines: [number, Line][] = texts.map((text, i) => [packed.numbers[i]!, text])
  for (const [i, error] of packed.unreadable) lines[i]![1] = { error }
  return { only: packed.only, thresholds: packed.thresholds, lines }
}

/** Scored lines as they come back: the JSON lines joined by newlines (JSON.stringify writes none), numbers, flags, and the errors. */
export interface PackedScored {
  json: string
  numbers: Uint32Array
  flagged: Uint8Array
  errors: [number, string][]
}

export function packScored(scored: Scored): PackedScored {
  const errors: [number, string][] = []
  scored.forEach(([, , error], i) => {
    if (error !== null) errors.push([i, error])
  })
  return {
    json: scored.map(([, json]) => json).join('\n'),
    numbers: Uint32Array.from(scored, ([n]) => n),
    flagged: Uint8Array.from(scored, ([, , , f]) => (f ? 1 : 0)),
    errors
  }
}

export function unpackScored(packed: PackedScored): Scored {
  if (packed.numbers.length === 0) return []
  const json = packed.json.split('\n')
  const out: Scored = json.map((line, i) => [packed.numbers[i]!, line, null, packed.flagged[i] === 1])
  for (const [i, error] of packed.errors) out[i]![2] = error
  return out
}
