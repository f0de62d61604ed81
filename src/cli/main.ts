// `litmus`: score one request from flags or stdin, a JSONL file line by line, or the embedded sample.
import { readFileSync } from 'node:fs'
import { ConfigurationError, describeType, load, ValidationError, verdictOf, type Evaluator, type LoadOptions, type Operation } from 'litmus-metrics'
import { ConfigFileError, configOptions } from '../config.js'
import { requestFromFlags, UsageError } from './args.js'
import { batch, BATCH_FLAGS, InputError, parseBatch, parseFailUnder, parseThreshold, readLines, type BatchOptions } from './batch.js'
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

Verdicts (one request or a batch; defaults per metric in docs/guardrails.md):
  --threshold M=N       flag metric M at threshold N (M=off: never); repeatable; adds "verdict(s)" to the output
  --fail-under P        exit 1 when under P % of lines pass every verdict (default 100: any flagged line fails)

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

/** A verdict in the sample table: "ok", or "FLAGGED" and the side of the threshold it is on. */
function verdictCell(litmus: Evaluator, name: string, body: Record<string, unknown>): string {
  const { flagged, threshold, flag } = litmus.check(name as never, body as never)
  if (threshold === null) return '-'
  return flagged ? `FLAGGED (${flag === 'above' ? '>=' : '<'} ${threshold})` : 'ok'
}

function sample(litmus: Evaluator, json: boolean): void {
  const path = new URL('../examples/sample.jsonl', import.meta.url)
  const records = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  const rows: string[][] = []
  const all: unknown[] = []
  records.forEach((record: Record<string, unknown>, i: number) => {
    const label = String(record.title ?? `#${i + 1}`)
    // v3 names score the same text with the same models: the table shows each metric once, by its v4 name.
    for (const [name, body] of applicable(litmus, record).filter(([n]) => !n.startsWith('v3.'))) {
      const out = attempt(litmus, name, body)
      const failed = 'error' in out
      all.push({ record: label, operation: name, response: out, ...(failed ? {} : { verdict: litmus.check(name as never, body as never) }) })
      rows.push([label, name, failed ? `error: ${out.error}` : summarise(out), failed ? '' : verdictCell(litmus, name, body)])
    }
  })
  if (json) return void console.log(JSON.stringify(all, null, 2))
  console.log(renderTable(['sample', 'operation', 'result', 'verdict'], rows))
  const shown = new Set(all.map((r) => (r as { operation: string }).operation))
  const v4 = litmus.operations.filter((n) => !n.startsWith('v3.'))
  const missing = Object.keys(ops).filter((n) => !litmus.operations.includes(n as never))
  console.log(`\n${shown.size} of ${v4.length} metrics shown; v3 names (${litmus.operations.length - v4.length}) score the same way. Verdicts use the default thresholds (docs/guardrails.md).`)
  if (missing.length) console.log(`declared by the service, not implemented yet: ${missing.join(', ')}`)
}

declare const __LITMUS_VERSION__: string

/** Which lines `--shard INDEX/COUNT` takes, and how input is cut into lines (exported for their tests). */
export { inShard, MAX_LINE_BYTES, readLines, workersPay } from './batch.js'
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
  const { args, thresholds, failUnder, config } = verdictFlags(rest)
  const { litmus, configPath } = await loadWith(config, thresholds, namedOperation(command, args))
  // Declared operations (for their --help even when not built) and the config file's custom metrics.
  const op = Object.hasOwn(ops, command) ? ops[command] : litmus.operation(command)
  const judging = thresholds !== undefined || failUnder !== undefined
  const batchOf = (options: BatchOptions): BatchOptions => ({ ...options, thresholds, failUnder, config: configPath })
  if (op && (rest.includes('--help') || rest.includes('-h'))) {
    console.log(operationHelp(command, op))
    if (!litmus.operations.includes(command as never)) console.log(`\n'${command}' is declared by the service but not implemented yet.`)
    return 0
  }
  if (command === 'operations') {
    for (const name of litmus.operations as readonly string[]) console.log(`${name.padEnd(20)} ${fieldsLine(litmus.operation(name)!)}`)
    return 0
  }
  if (command === 'sample') {
    sample(litmus, rest.includes('--json'))
    return 0
  }
  if (command === 'batch' || (!op && isInput(command))) {
    const outcome = await batch(litmus, batchOf(parseBatch(command === 'batch' ? args : [command, ...args], litmus.operations)))
    return outcome.ok ? 0 : 1
  }
  if (!op || !litmus.operations.includes(command as never)) {
    if (op) throw new UsageError(`'${command}' is not implemented yet; implemented: ${litmus.operations.join(', ')}`)
    throw new UsageError(`'${command}' is not an operation ('litmus --help' lists them)`)
  }
  // A path, `-`, or a batch flag first: a batch scored with this operation.
  if (args.length > 0 && (!args[0].startsWith('--') || BATCH_FLAGS.test(args[0]))) {
    return (await batch(litmus, batchOf(parseBatch([command, ...args], litmus.operations)))).ok ? 0 : 1
  }
  let body: unknown
  if (args.length > 0) body = requestFromFlags(op.request, args)
  else if (!process.stdin.isTTY) {
    const input = await stdinRequestOrLines()
    if ('lines' in input) return (await batch(litmus, batchOf({ only: command, path: '-', concurrency: 1 }), input.lines)).ok ? 0 : 1
    const text = input.request.charCodeAt(0) === 0xfeff ? input.request.slice(1) : input.request
    try {
      body = JSON.parse(text)
    } catch {
      throw new UsageError('stdin is not a JSON request')
    }
  } else throw new UsageError(`give the request as flags (${fieldsLine(op)}) or as JSON on stdin`)
  const response = litmus.evaluate(command as never, body) as Record<string, unknown>
  if (!judging) {
    console.log(JSON.stringify(response, null, 2))
    return 0
  }
  const { score, flagged, threshold } = verdictOf(command, response, litmus.thresholds[command])
  console.log(JSON.stringify({ ...response, verdict: { score, flagged, threshold } }, null, 2))
  return flagged ? 1 : 0
}

/** Take --threshold, --fail-under and --config out of the arguments (they apply to one request and to batches alike). */
function verdictFlags(argv: string[]): { args: string[]; thresholds?: Record<string, number | null>; failUnder?: number; config?: string } {
  const args: string[] = []
  let thresholds: Record<string, number | null> | undefined
  let failUnder: number | undefined
  let config: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const flag = /^--(threshold|fail-under|config)(?:=(.*))?$/.exec(argv[i]!)
    if (!flag) {
      args.push(argv[i]!)
      continue
    }
    const value = flag[2] ?? argv[++i]
    if (flag[1] === 'fail-under') failUnder = parseFailUnder(value)
    else if (flag[1] === 'config') {
      if (value === undefined || value === '') throw new UsageError('--config needs a path')
      config = value
    } else thresholds = Object.fromEntries([...Object.entries(thresholds ?? {}), parseThreshold(value)])
  }
  return { args, thresholds, failUnder, config }
}

/**
 * The operation the command line names (`<operation> ...`, `batch <operation> ...`), whose code and models
 * alone this thread then loads; none for records, `operations`, `sample` or a custom metric (its name is
 * known only once the config is read), which load every operation.
 */
function namedOperation(command: string, args: string[]): string | undefined {
  const name = command === 'batch' ? args.find((arg) => !arg.startsWith('-')) : command
  return name !== undefined && Object.hasOwn(ops, name) ? name : undefined
}

/**
 * load() with the config file (`--config`, else litmus.config.* in the working directory) and the
 * --threshold flags over its thresholds. A bad threshold flag is a usage error naming the flag; a bad
 * config names the file.
 */
async function loadWith(configPath: string | undefined, thresholds: Record<string, number | null> | undefined, only?: string): Promise<{ litmus: Evaluator; configPath?: string }> {
  let found: { path?: string; options: LoadOptions }
  try {
    found = await configOptions(configPath)
  } catch (e) {
    if (e instanceof ConfigFileError) throw new UsageError(e.message)
    throw e
  }
  const withThresholds = thresholds ? { ...found.options, thresholds: { ...found.options.thresholds, ...thresholds } } : found.options
  // One operation named: its code and models only (a config naming its own operations keeps them).
  const options = only !== undefined && withThresholds.operations === undefined ? { ...withThresholds, operations: [only] } : withThresholds
  try {
    return { litmus: await load(options), configPath: found.path }
  } catch (e) {
    const field = e instanceof ConfigurationError ? e.issues[0]?.field : undefined
    if (field?.startsWith('thresholds.') && thresholds && Object.hasOwn(thresholds, field.slice('thresholds.'.length))) {
      throw new UsageError(`--threshold ${field.slice('thresholds.'.length)}: ${e instanceof ConfigurationError ? e.issues[0]!.expected : ''}`)
    }
    if (e instanceof ConfigurationError && found.path) throw new UsageError(`config file ${found.path}: ${e.message}`)
    throw e
  }
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
