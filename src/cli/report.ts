// `litmus report`: summarise one batch output, or compare two, as one HTML file or as Markdown. The
// summaries and rendering live in litmus-metrics/report (dist/report.js), imported by name when this
// command runs, so the other commands do not load them.
import { readFile, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { ruleOf, type LoadOptions } from 'litmus-metrics'
import { ConfigFileError, findConfig, readConfig } from '../config.js'
import { UsageError } from './args.js'
import { InputError, parseThreshold, unreadable } from './batch.js'

export const REPORT_USAGE = `Usage:
  litmus report run.jsonl [other.jsonl] [-o report.html] [--markdown] [--threshold metric=N ...]
                [--input requests.jsonl] [--operation NAME] [--rows N] [--title TEXT] [--config FILE]

Reads what a batch wrote ('litmus records.jsonl > run.jsonl', or 'litmus clarity requests.jsonl > run.jsonl')
and summarises each metric: count, mean, p50/p90/p99, min/max, the share flagged under its threshold, a
histogram, and the flagged rows with their text. Given two runs, it compares them: per-metric deltas of the
mean and the flagged share, paired per-row differences (rows paired by their "id" field, else by line) and
the rows whose verdict changed.

  -o, --output FILE      write the report to FILE (default: stdout); a name ending in .md writes Markdown
  --markdown             Markdown instead of HTML
  --threshold metric=N   flag metric at N instead of its default (repeat per metric; N may be "none")
  --input FILE           the batch's input, for the text of rows whose output carries none (repeat per run)
  --operation NAME       the operation of plain lines (from 'litmus NAME file.jsonl') when their shape
                         does not show it
  --rows N               flagged and changed rows listed per metric (default 20)
  --title TEXT           the report's heading
  --config FILE          thresholds and custom metrics (default: litmus.config.* in this directory)

The HTML is one file: inline CSS and SVG, no script and no request; it opens from file://.
Default thresholds and which side each flags: docs/guardrails.md.`

interface ReportArgs {
  runs: string[]
  output?: string
  markdown: boolean
  thresholds: Record<string, number | null>
  inputs: string[]
  operation?: string
  rows: number
  title?: string
  config?: string
}

/** Parse the report's arguments (metric names are checked by checkNames, once the config is read). */
export function parseReport(argv: string[]): ReportArgs | 'help' {
  const args: ReportArgs = { runs: [], markdown: false, thresholds: {}, inputs: [], rows: 20 }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--help' || arg === '-h') return 'help'
    if (arg === '--markdown') {
      args.markdown = true
      continue
    }
    const m = /^(-o|--[a-z]+)(?:=(.*))?$/.exec(arg)
    if (!m || arg === '-') {
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(`report: unknown flag ${arg}`)
      args.runs.push(arg)
      continue
    }
    const flag = m[1]
    const value = m[2] ?? argv[++i]
    if (!['-o', '--output', '--threshold', '--input', '--operation', '--rows', '--title', '--config'].includes(flag)) throw new UsageError(`report: unknown flag ${flag}`)
    if (value === undefined) throw new UsageError(`report: ${flag} needs a value`)
    if (flag === '-o' || flag === '--output') args.output = value
    else if (flag === '--threshold') {
      const [name, limit] = parseThreshold(value)
      args.thresholds[name] = limit
    } else if (flag === '--input') args.inputs.push(value)
    else if (flag === '--operation') args.operation = value
    else if (flag === '--rows') {
      if (!/^\d+$/.test(value)) throw new UsageError(`--rows expects a whole number, got ${JSON.stringify(value)}`)
      args.rows = Number(value)
    } else if (flag === '--config') args.config = value
    else args.title = value
  }
  if (args.runs.length < 1 || args.runs.length > 2) {
    throw new UsageError(`report expects one or two batch outputs (run.jsonl [other.jsonl]), got ${args.runs.length}`)
  }
  if (args.inputs.length > args.runs.length) throw new UsageError(`report: ${args.inputs.length} --input files for ${args.runs.length} runs`)
  if (args.output?.endsWith('.md')) args.markdown = true
  return args
}

/** Every metric the flags name has a verdict rule: built in, or one of the config file's `custom` metrics. */
export function checkNames(args: ReportArgs, custom: readonly string[] = []): void {
  const known = (name: string) => ruleOf(name) !== undefined || custom.includes(name)
  for (const name of Object.keys(args.thresholds)) {
    if (!known(name)) throw new UsageError(`--threshold ${name}=...: '${name}' is not a metric with a verdict (docs/guardrails.md lists them)`)
  }
  if (args.operation !== undefined && !known(args.operation)) {
    throw new UsageError(`--operation ${args.operation}: not an operation with a verdict (docs/guardrails.md lists them)`)
  }
}

async function read(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (e) {
    throw unreadable(path, e)
  }
}

/** Texts of a batch input by line number (1-based, blank lines counted, as the batch numbers them). */
async function texts(path: string, textOf: (r: Record<string, unknown>) => string | undefined): Promise<Map<number, string>> {
  const out = new Map<number, string>()
  ;(await read(path)).split('\n').forEach((raw, i) => {
    try {
      const record = JSON.parse(raw)
      if (record !== null && typeof record === 'object' && !Array.isArray(record)) {
        const text = textOf(record)
        if (text !== undefined) out.set(i + 1, text)
      }
    } catch {
      // A line the batch could not read either: it has no text to show.
    }
  })
  return out
}

export async function report(argv: string[]): Promise<number> {
  const args = parseReport(argv)
  if (args === 'help') {
    console.log(REPORT_USAGE)
    return 0
  }
  // The config file (--config, or litmus.config.* here) gives custom metrics' rules and thresholds.
  let config: LoadOptions = {}
  try {
    const found = findConfig(args.config)
    if (found !== undefined) config = await readConfig(found)
  } catch (e) {
    if (e instanceof ConfigFileError) throw new UsageError(e.message)
    throw e
  }
  const rules = new Map((config.metrics ?? []).map((m) => [m.name, m.rule]))
  checkNames(args, [...rules.keys()])
  args.thresholds = { ...config.thresholds, ...args.thresholds }
  const lib = await import('litmus-metrics/report')
  const names = args.runs.map((p) => basename(p))
  // Two files of the same name (a/run.jsonl, b/run.jsonl) are told apart by their paths.
  if (names.length === 2 && names[0] === names[1]) names.splice(0, 2, ...args.runs)
  const runs = []
  for (const [i, path] of args.runs.entries()) {
    const input = args.inputs[i] ?? args.inputs[0]
    try {
      runs.push(
        lib.readRun(names[i], await read(path), {
          operation: args.operation,
          thresholds: args.thresholds,
          rules,
          texts: input === undefined ? undefined : await texts(input, lib.textOf)
        })
      )
    } catch (e) {
      if (e instanceof lib.ReportInputError) throw new InputError(e.message)
      throw e
    }
  }
  const summary = lib.buildReport(runs, args.title ?? `Litmus report: ${names.join(' vs ')}`)
  const text = args.markdown ? lib.renderMarkdown(summary, { rows: args.rows }) : lib.renderHtml(summary, { rows: args.rows })
  if (args.output === undefined) {
    process.stdout.write(text)
    return 0
  }
  await writeFile(args.output, text)
  const metrics = new Set(runs.flatMap((r) => r.metrics)).size
  process.stderr.write(`litmus: wrote ${args.output} (${lib.plural(metrics, 'metric')}, ${runs.map((r) => lib.plural(r.rows.length, 'line')).join(' and ')})\n`)
  return 0
}
