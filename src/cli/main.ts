// `litmus`: score one request from flags or stdin, a JSONL file line by line, or the embedded sample.
import { readFileSync } from 'node:fs'
import { describeType, load, ValidationError, type Evaluator, type Operation } from 'litmus-metrics'
import { requestFromFlags, UsageError } from './args.js'
import { batch, BATCH_FLAGS, InputError, parseBatch, readLines } from './batch.js'
import { applicable, attempt, ops, parseLine, type Line } from './record.js'
import { report } from './report.js'
import { serve } from './serve.js'
import { mapStack } from './stack.js'
import { renderTable, summarise } from './table.js'

const USAGE = `Usage:
  litmus <operation> --text "..." [--field value ...]   score one request given as flags
  litmus <operation> < request.json                      score one JSON request from stdin
  litmus <operation> --help                              the operation's fields, types and descriptions
  litmus <operation> requests.jsonl [batch flags]        score every line (one request per line); - is stdin
  litmus records.jsonl [batch flags]                     run every operation each line has the fields for
                                                         (or the one named by its "operation" field)
  litmus batch [operation] [file | -] [batch flags]      the same; without a file, read stdin
  litmus serve [--port 8080] ...                         the HTTP service (litmus serve --help)
  litmus report run.jsonl [other.jsonl] [-o report.html] a batch's summary per metric, or two runs compared, as
                                                         one HTML file or Markdown (litmus report --help)
  litmus sample [--json]                                 score the embedded sample and print a table
  litmus operations                                      list the implemented operations and their fields
  litmus --version

Batch flags:
  --concurrency N       score on N worker threads (auto: one per core); output keeps the input's order
  --shard INDEX/COUNT   score only the lines whose 0-based index mod COUNT is INDEX (one shard per pod)

Operations are the service's endpoint names (clarity, input_type, ...). Output is JSON; errors go to
stderr with exit code 1 (invalid request) or 2 (usage, unreadable file). A batch (JSONL, any file
extension) always reads every line: each output line is {"line", ...the fields the operation does not
take, such as ids and labels, ...the result}; a line that fails (not UTF-8, over 256 MB, not JSON, not
an object, a refused request) is reported on stderr with its number and as {"line", "error"} on stdout, and the batch goes
on. A summary (lines, scored, failed, time, lines/s) ends on stderr, a progress bar shows on a
terminal, and the exit code is 1 when any line failed. Piped stdin holding two or more JSON lines is a
batch; a single request is one JSON value (pretty-printed or not).`

function fieldsLine(op: Operation): string {
  return Object.entries(op.request)
    .map(([name, f]) => (f.optional ? `[${name}]` : name))
    .join(' ')
}

/** `litmus <operation> --help`: the operation's fields, from the schema table. */
function operationHelp(name: string, op: Operation): string {
  const rows = Object.entries(op.request).map(([field, f]) => [`--${field}`, f.optional ? 'optional' : 'required', describeType(f), f.description])
  return [
    `Usage: litmus ${name} --${Object.keys(op.request)[0]} ... [--field value ...]   (or a JSON request on stdin)`,
    `       litmus ${name} requests.jsonl [--concurrency N] [--shard INDEX/COUNT]`,
    '',
    op.summary,
    '',
    renderTable(['field', '', 'type', 'description'], rows),
    '',
    'Arrays and objects are JSON on the command line; a list of strings may also repeat its flag. In a batch,',
    'fields this operation does not take (ids, labels) are copied to the output line unchanged.'
  ].join('\n')
}

/** A first argument that names an input rather than a command: `-`, or anything that looks like a path. */
function isInput(arg: string): boolean {
  return arg === '-' || /[./\\]/.test(arg)
}

/**
 * `litmus <operation>` with stdin piped and no path: one JSON request (the whole of stdin, pretty-printed
 * or not), or, when its first two non-blank lines are each JSON, a JSONL batch read as it streams.
 */
async function stdinRequestOrLines(): Promise<{ request: string } | { lines: AsyncIterable<Line> }> {
  const iterator = readLines(process.stdin)
  const head: Line[] = []
  let nonBlank = 0
  let firstIsJson = false
  // One request is the whole of stdin as text: a line that could not be read as text (not UTF-8, too long) refuses it.
  const request = (): { request: string } => {
    const bad = head.findIndex((line) => typeof line !== 'string')
    if (bad !== -1) throw new UsageError(`stdin is not a JSON request: line ${bad + 1}: ${(head[bad] as { error: string }).error}`)
    return { request: head.join('\n') }
  }
  while (nonBlank < 2) {
    const next = await iterator.next()
    if (next.done) return request()
    head.push(next.value)
    if (typeof next.value === 'string' && next.value.trim() === '') continue
    if (++nonBlank === 1) firstIsJson = typeof next.value === 'string' && parseLine(next.value, head.length) instanceof Error === false
  }
  if (!firstIsJson) {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) head.push(next.value)
    return request()
  }
  return {
    lines: (async function* () {
      yield* head
      yield* iterator
    })()
  }
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

declare const __LITMUS_VERSION__: string

/** Which lines `--shard INDEX/COUNT` takes, and how input is cut into lines (exported for their tests). */
export { inShard, MAX_LINE_BYTES, readLines } from './batch.js'
/** An error's stack mapped to source lines (exported for its test). */
export { mapStack } from './stack.js'

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE)
    return command ? 0 : 2
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    console.log(__LITMUS_VERSION__)
    return 0
  }
  if (command === 'serve') return serve(rest)
  if (command === 'report') return report(rest)
  const op = Object.hasOwn(ops, command) ? ops[command] : undefined
  const litmus = await load()
  if (op && (rest.includes('--help') || rest.includes('-h'))) {
    console.log(operationHelp(command, op))
    if (!litmus.operations.includes(command as never)) console.log(`\n'${command}' is declared by the service but not implemented yet.`)
    return 0
  }
  if (command === 'operations') {
    for (const name of litmus.operations as readonly string[]) console.log(`${name.padEnd(20)} ${fieldsLine(ops[name])}`)
    return 0
  }
  if (command === 'sample') {
    sample(litmus, rest.includes('--json'))
    return 0
  }
  if (command === 'batch' || (!op && isInput(command))) {
    const failed = await batch(litmus, parseBatch(command === 'batch' ? rest : argv, litmus.operations))
    return failed > 0 ? 1 : 0
  }
  if (!op || !litmus.operations.includes(command as never)) {
    if (op) throw new UsageError(`'${command}' is not implemented yet; implemented: ${litmus.operations.join(', ')}`)
    throw new UsageError(`'${command}' is not an operation ('litmus --help' lists them)`)
  }
  // A path, `-`, or a batch flag first: a batch scored with this operation.
  if (rest.length > 0 && (!rest[0].startsWith('--') || BATCH_FLAGS.test(rest[0]))) {
    return (await batch(litmus, parseBatch(argv, litmus.operations))) > 0 ? 1 : 0
  }
  let body: unknown
  if (rest.length > 0) body = requestFromFlags(op.request, rest)
  else if (!process.stdin.isTTY) {
    const input = await stdinRequestOrLines()
    if ('lines' in input) return (await batch(litmus, { only: command, path: '-', concurrency: 1 }, input.lines)) > 0 ? 1 : 0
    const text = input.request.charCodeAt(0) === 0xfeff ? input.request.slice(1) : input.request
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
      } else if (e instanceof InputError) {
        console.error(`litmus: ${e.message}`)
        process.exitCode = 2
      } else if (e instanceof UsageError) {
        // The message says what was wrong; the whole usage text would bury it.
        console.error(`litmus: ${e.message}\nRun 'litmus --help' for usage.`)
        process.exitCode = 2
      } else {
        // A defect: its stack, mapped to the source lines through the bundles' source maps.
        console.error(e instanceof Error && typeof e.stack === 'string' ? mapStack(e.stack) : e)
        process.exitCode = 70
      }
    }
  )
}
