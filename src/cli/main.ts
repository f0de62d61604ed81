// `litmus`: score one request from flags or stdin, a JSONL file line by line, or the embedded sample.
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
stderr with exit code 1 (invalid request) or 2 (usage).`

type Ops = Record<string, Operation>
const ops = OPERATIONS as Ops

function fieldsLine(op: Operation): string {
  return Object.entries(op.request)
    .map(([name, f]) => (f.optional ? `[${name}]` : name))
    .join(' ')
}

function applicable(litmus: Evaluator, record: Record<string, unknown>): [string, Record<string, unknown>][] {
  if (typeof record.operation === 'string') {
    const { operation, ...body } = record
    return [[operation, body]]
  }
  const out: [string, Record<string, unknown>][] = []
  for (const name of litmus.operations) {
    const op = ops[name]
    const required = Object.entries(op.request).filter(([, f]) => !f.optional)
    if (!required.every(([field]) => record[field] !== undefined)) continue
    const body: Record<string, unknown> = {}
    for (const field of Object.keys(op.request)) if (record[field] !== undefined) body[field] = record[field]
    out.push([name, body])
  }
  return out
}

function attempt(litmus: Evaluator, name: string, body: unknown): Record<string, unknown> {
  try {
    return litmus.evaluate(name as never, body) as Record<string, unknown>
  } catch (e) {
    if (e instanceof ValidationError || e instanceof TypeError) return { error: e.message }
    throw e
  }
}

async function* jsonLines(path: string): AsyncGenerator<[number, unknown]> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity })
  let n = 0
  for await (const line of lines) {
    n++
    if (line.trim() === '') continue
    try {
      yield [n, JSON.parse(line)]
    } catch {
      yield [n, new UsageError(`line ${n}: not valid JSON`)]
    }
  }
}

async function batch(litmus: Evaluator, path: string, only?: string): Promise<void> {
  let count = 0
  const started = Date.now()
  for await (const [line, record] of jsonLines(path)) {
    let out: unknown
    if (record instanceof Error) out = { line, error: record.message }
    else if (only) out = { line, ...attempt(litmus, only, record) }
    else {
      const results: Record<string, unknown> = {}
      for (const [name, body] of applicable(litmus, record as Record<string, unknown>)) results[name] = attempt(litmus, name, body)
      out = { line, results }
    }
    process.stdout.write(JSON.stringify(out) + '\n')
    if (++count % 1000 === 0 && process.stderr.isTTY) process.stderr.write(`\r${count} lines, ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  if (process.stderr.isTTY && count >= 1000) process.stderr.write('\n')
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
  if (command.endsWith('.jsonl')) {
    await batch(litmus, command)
    return 0
  }
  const op = ops[command]
  if (!op || !litmus.operations.includes(command as never)) {
    const why = op ? 'is not implemented yet' : 'is not an operation'
    throw new UsageError(`'${command}' ${why}; implemented: ${litmus.operations.join(', ')}`)
  }
  if (rest.length === 1 && rest[0].endsWith('.jsonl')) {
    await batch(litmus, rest[0], command)
    return 0
  }
  let body: unknown
  if (rest.length > 0) body = requestFromFlags(op.request, rest)
  else if (!process.stdin.isTTY) {
    const text = await readStdin()
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
