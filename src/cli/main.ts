// `litmus`: score one request from flags or stdin, a JSONL file line by line, or the embedded sample.
import { once } from 'node:events'
import { readFileSync, createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { load, OPERATIONS, ValidationError, type Evaluator, type Operation } from 'litmus-metrics'
import { requestFromFlags, UsageError } from './args.js'
import { serve } from './serve.js'
import { renderTable, summarise } from './table.js'

const USAGE = `Usage:
  litmus <operation> --text "..." [--field value ...]   score one request given as flags
  litmus <operation> < request.json                      score one JSON request from stdin
  litmus <operation> requests.jsonl                      score every line (one request per line)
  litmus records.jsonl                                   run every operation each line has the fields for
                                                         (or the one named by its "operation" field)
  litmus sample [--json]                                 score the embedded sample and print a table
  litmus operations                                      list the implemented operations and their fields

Operations are the service's endpoint names (clarity, input_type, ...). Output is JSON; errors go to
stderr with exit code 1 (invalid request) or 2 (usage). A .jsonl batch always reads every line: a
line that fails (not JSON, not an object, a refused request) is reported on stderr with its number,
as {"line", "error"} on stdout, and the batch goes on; it then exits with 1.`

type Ops = Record<string, Operation>
const ops = OPERATIONS as Ops

function fieldsLine(op: Operation): string {
  return Object.entries(op.request)
    .map(([name, f]) => (f.optional ? `[${name}]` : name))
    .join(' ')
}

function applicable(litmus: Evaluator, record: Record<string, unknown>): [string, Record<string, unknown>][] {
  if (Object.hasOwn(record, 'operation')) {
    const { operation, ...body } = record
    return [[operation as string, body]]
  }
  const out: [string, Record<string, unknown>][] = []
  for (const name of litmus.operations) {
    const op = ops[name]
    const required = Object.entries(op.request).filter(([, f]) => !f.optional)
    if (!required.every(([field]) => Object.hasOwn(record, field) && record[field] !== undefined)) continue
    const body: Record<string, unknown> = {}
    for (const field of Object.keys(op.request)) if (Object.hasOwn(record, field) && record[field] !== undefined) body[field] = record[field]
    out.push([name, body])
  }
  return out
}

function attempt(litmus: Evaluator, name: string, body: unknown): Record<string, unknown> {
  try {
    return litmus.evaluate(name as never, body) as Record<string, unknown>
  } catch (e) {
    if (e instanceof ValidationError) return { error: e.message }
    throw e
  }
}

async function* jsonLines(path: string): AsyncGenerator<[number, unknown]> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity })
  let n = 0
  for await (const raw of lines) {
    n++
    // A byte-order mark some editors write at the start of a UTF-8 file is not part of the JSON.
    const line = n === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw
    if (line.trim() === '') continue
    try {
      yield [n, JSON.parse(line)]
    } catch {
      yield [n, new UsageError(`line ${n}: not valid JSON`)]
    }
  }
}

/** One line of a batch: its output, and an error message when the line failed. */
function batchLine(litmus: Evaluator, line: number, record: unknown, only?: string): [Record<string, unknown>, string?] {
  if (record instanceof Error) return [{ line, error: record.message }, record.message]
  try {
    if (only) {
      const out = attempt(litmus, only, record)
      return [{ line, ...out }, typeof out.error === 'string' ? out.error : undefined]
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      const why = 'a record must be a JSON object'
      return [{ line, error: why }, why]
    }
    const rec = record as Record<string, unknown>
    // fromEntries makes each name an own key, "__proto__" included.
    const results = Object.fromEntries(applicable(litmus, rec).map(([name, body]) => [name, attempt(litmus, name, body)]))
    const named = Object.hasOwn(rec, 'operation') ? (Object.values(results)[0] as { error?: string } | undefined) : undefined
    return [{ line, results }, typeof named?.error === 'string' ? named.error : undefined]
  } catch (e) {
    // An internal error on one line must not lose the lines after it.
    const why = `internal error: ${e instanceof Error ? e.message : String(e)}`
    return [{ line, error: why }, why]
  }
}

/** Run a .jsonl file; returns the number of lines that failed. */
async function batch(litmus: Evaluator, path: string, only?: string): Promise<number> {
  let count = 0
  let failed = 0
  const started = Date.now()
  for await (const [line, record] of jsonLines(path)) {
    const [out, error] = batchLine(litmus, line, record, only)
    if (error !== undefined) {
      failed++
      process.stderr.write(`litmus: line ${line}: ${error}\n`)
    }
    // Wait for a slow reader rather than queue the whole output in memory.
    if (!process.stdout.write(JSON.stringify(out) + '\n')) await once(process.stdout, 'drain')
    if (++count % 1000 === 0 && process.stderr.isTTY) process.stderr.write(`\r${count} lines, ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  if (process.stderr.isTTY && count >= 1000) process.stderr.write('\n')
  if (failed > 0) process.stderr.write(`litmus: ${failed} of ${count} lines failed\n`)
  return failed
}

function sample(litmus: Evaluator, json: boolean): void {
  const path = new URL('../examples/sample.jsonl', import.meta.url)
  const records = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  const rows: string[][] = []
  const all: unknown[] = []
  records.forEach((record: Record<string, unknown>, i: number) => {
    const label = String(record.title ?? `#${i + 1}`)
    for (const [name, body] of applicable(litmus, record)) {
      const out = attempt(litmus, name, body)
      all.push({ record: label, operation: name, response: out })
      rows.push([label, name, 'error' in out ? `error: ${out.error}` : summarise(out)])
    }
  })
  if (json) return void console.log(JSON.stringify(all, null, 2))
  console.log(renderTable(['sample', 'operation', 'result'], rows))
  const missing = Object.keys(ops).filter((n) => !litmus.operations.includes(n as never))
  console.log(`\n${litmus.operations.length} operations implemented: ${litmus.operations.join(', ')}`)
  if (missing.length) console.log(`declared by the service, not implemented yet: ${missing.join(', ')}`)
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE)
    return command ? 0 : 2
  }
  if (command === 'serve') return serve(rest)
  const litmus = await load()
  if (command === 'operations') {
    for (const name of litmus.operations as readonly string[]) console.log(`${name.padEnd(20)} ${fieldsLine(ops[name])}`)
    return 0
  }
  if (command === 'sample') {
    sample(litmus, rest.includes('--json'))
    return 0
  }
  if (command.endsWith('.jsonl')) return (await batch(litmus, command)) > 0 ? 1 : 0
  const op = Object.hasOwn(ops, command) ? ops[command] : undefined
  if (!op || !litmus.operations.includes(command as never)) {
    const why = op ? 'is not implemented yet' : 'is not an operation'
    throw new UsageError(`'${command}' ${why}; implemented: ${litmus.operations.join(', ')}`)
  }
  if (rest.length === 1 && rest[0].endsWith('.jsonl')) return (await batch(litmus, rest[0], command)) > 0 ? 1 : 0
  let body: unknown
  if (rest.length > 0) body = requestFromFlags(op.request, rest)
  else if (!process.stdin.isTTY) {
    const input = await readStdin()
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
    try {
      body = JSON.parse(text)
    } catch {
      throw new UsageError('stdin is not a JSON request')
    }
  } else throw new UsageError(`give the request as flags (${fieldsLine(op)}) or as JSON on stdin`)
  console.log(JSON.stringify(litmus.evaluate(command as never, body), null, 2))
  return 0
}

export function run(argv: string[]): void {
  // A reader that stops early (`litmus x.jsonl | head`) closes the pipe: end quietly, as cat does.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw e
  })
  main(argv).then(
    (code) => {
      process.exitCode = code
    },
    (e: unknown) => {
      if (e instanceof ValidationError) {
        console.error(e.message)
        process.exitCode = 1
      } else if (e instanceof UsageError) {
        console.error(`litmus: ${e.message}\n\n${USAGE}`)
        process.exitCode = 2
      } else {
        console.error(e)
        process.exitCode = 70
      }
    }
  )
}
