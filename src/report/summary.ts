// Batch summaries: read what `litmus` batch mode writes (JSONL), turn each response into its verdict
// gauge (src/verdict.ts), and summarise per metric (count, mean, percentiles, share flagged), and compare
// two runs. Pure functions over strings and numbers: no file system, so a page can run them too.
import { ruleOf as builtInRule, verdictOf, type Direction, type Thresholds, type VerdictRule } from 'litmus-metrics'

/** One metric's reading on one row: its gauge and verdict, or the error the operation returned. */
export type Reading = { value: number; flagged: boolean } | { error: string }

/** One output line of a batch. */
export interface Row {
  /** The line number the batch wrote (`line`), or the position in the file when absent. */
  line: number
  /** The row's `id` field when it has one (a string or number), used to pair rows of two runs. */
  id?: string
  /** A text the row was scored on, when the output line or the batch's input carries one. */
  text?: string
  /** The error of a line that failed as a whole (not JSON, not an object, a refused request). */
  error?: string
  readings: Record<string, Reading>
}

/** A batch's output, read. */
export interface Run {
  name: string
  rows: Row[]
  /** Metrics in the order first seen. */
  metrics: string[]
  /** Metrics seen that have no verdict gauge and no numeric `score`: listed, not summarised. */
  skipped: string[]
  /** The thresholds the verdicts were taken with (beside each metric's default). */
  thresholds: Thresholds
  /** Verdict rules of custom metrics (a config file's `defineMetric`s), beside the built-in ones. */
  rules?: ReadonlyMap<string, VerdictRule>
}

export interface ReadOptions {
  /** The operation of plain per-operation lines (`litmus clarity run.jsonl` writes no operation name). */
  operation?: string
  /** Thresholds per metric (v4 or v3 name); a metric not listed uses its default from src/verdict.ts. */
  thresholds?: Thresholds
  /** Texts by line number (from the batch's input file), for rows whose output line carries none. */
  texts?: ReadonlyMap<number, string>
  /** Verdict rules of custom metrics (a config file's `defineMetric`s), beside the built-in ones. */
  rules?: ReadonlyMap<string, VerdictRule>
}

// The rules of the run being read or summarised: custom ones (readRun's options, a Run's rules) first.
let customRules: ReadonlyMap<string, VerdictRule> | undefined
const ruleOf = (name: string): VerdictRule | undefined => customRules?.get(name) ?? builtInRule(name)
/** Run `work` with a run's custom rules in force. */
function withRules<T>(rules: ReadonlyMap<string, VerdictRule> | undefined, work: () => T): T {
  const before = customRules
  customRules = rules
  try {
    return work()
  } finally {
    customRules = before
  }
}

/** A batch output that cannot be read as one: names the line and what was expected. */
export class ReportInputError extends Error {
  override name = 'ReportInputError'
}

/** Fields a batch carries through that hold the text a row was scored on, in order of preference. */
export const TEXT_FIELDS = ['text', 'response', 'prompt', 'query', 'output', 'input', 'question', 'answer'] as const

/** The first text field of a record, or undefined. */
export function textOf(record: Record<string, unknown>): string | undefined {
  for (const field of TEXT_FIELDS) if (typeof record[field] === 'string' && record[field] !== '') return record[field] as string
  if (Array.isArray(record.responses) && typeof record.responses[0] === 'string') return record.responses.join(' | ')
  return undefined
}

/** Keys only one operation's response has: how a plain line's operation is known without `--operation`. */
const SHAPES: [key: string, operation: string][] = [
  ['pii', 'pii'],
  ['encodings', 'input_type'],
  ['avg', 'stability'],
  ['cost_estimate_per_run', 'cost'],
  ['carbon_estimate_per_query', 'v3.carbon'],
  ['carbon', 'carbon']
]

function threshold(thresholds: Thresholds | undefined, name: string): number | null | undefined {
  if (!thresholds) return undefined
  if (Object.hasOwn(thresholds, name)) return thresholds[name]
  const base = name.startsWith('v3.') ? name.slice(3) : name
  return Object.hasOwn(thresholds, base) ? thresholds[base] : undefined
}

/** The threshold in force for a metric: the given one, else the rule's default; `null` = none. */
export function thresholdOf(name: string, thresholds?: Thresholds): number | null {
  const given = threshold(thresholds, name)
  if (given !== undefined) return given
  return ruleOf(name)?.threshold ?? null
}

/** A response's reading, or undefined when the metric has no gauge to read from it. */
function reading(name: string, response: unknown, thresholds?: Thresholds): Reading | undefined {
  if (response === null || typeof response !== 'object' || Array.isArray(response)) return { error: 'the result is not an object' }
  const r = response as Record<string, unknown>
  if (typeof r.error === 'string') return { error: r.error }
  if (ruleOf(name) === undefined) {
    // An operation without a verdict rule (a v3 name with no v4 twin): its score is still summarised.
    // Only names shaped like an operation's: a key is shown in the report.
    if (!/^(v3\.)?[a-z][a-z0-9_]{0,63}$/.test(name)) return undefined
    return typeof r.score === 'number' && Number.isFinite(r.score) ? { value: r.score, flagged: false } : undefined
  }
  try {
    const v = verdictOf(name, r, threshold(thresholds, name), ruleOf(name))
    if (typeof v.score !== 'number' || !Number.isFinite(v.score)) return { error: `no ${ruleOf(name)!.gauge} in the result` }
    return { value: v.score, flagged: v.flagged }
  } catch {
    return { error: `no ${ruleOf(name)!.gauge} in the result` }
  }
}

function idOf(record: Record<string, unknown>): string | undefined {
  const id = record.id
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? String(id) : undefined
}

/** The operation of a plain line from the keys only its response has, or undefined. */
export function inferOperation(record: Record<string, unknown>): string | undefined {
  for (const [key, operation] of SHAPES) if (Object.hasOwn(record, key)) return operation
  return undefined
}

/**
 * Read a batch's output: records mode (`{line, ..., results: {operation: response}}`) and plain
 * per-operation lines (`{line, ...fields, ...response}`) alike. Blank lines are skipped.
 */
export function readRun(name: string, jsonl: string, options: ReadOptions = {}): Run {
  const run = withRules(options.rules, () => readRunWithRules(name, jsonl, options))
  return options.rules ? { ...run, rules: options.rules } : run
}

function readRunWithRules(name: string, jsonl: string, options: ReadOptions): Run {
  const rows: Row[] = []
  const metrics: string[] = []
  const seen = new Set<string>()
  const skipped = new Set<string>()
  const note = (metric: string) => {
    if (!seen.has(metric)) {
      seen.add(metric)
      metrics.push(metric)
    }
  }
  if (options.operation !== undefined && ruleOf(options.operation) === undefined) {
    throw new ReportInputError(`--operation ${options.operation}: expected an operation with a verdict gauge`)
  }
  // Parse every line first: a plain file's operation is known from the first line whose response shows it,
  // and the lines that failed before that line are that operation's errors too.
  const records: [number, Record<string, unknown>][] = []
  jsonl.split('\n').forEach((raw, i) => {
    const text = i === 0 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw
    if (text.trim() === '') return
    let record: unknown
    try {
      record = JSON.parse(text)
    } catch {
      throw new ReportInputError(`${name}: line ${i + 1}: expected a JSON object (a line of litmus batch output), got text that is not JSON`)
    }
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      throw new ReportInputError(`${name}: line ${i + 1}: expected a JSON object (a line of litmus batch output), got ${Array.isArray(record) ? 'an array' : typeof record}`)
    }
    records.push([i + 1, record as Record<string, unknown>])
  })
  const isRecords = (rec: Record<string, unknown>) => rec.results !== null && typeof rec.results === 'object' && !Array.isArray(rec.results)
  let operation = options.operation
  for (const [, rec] of records) {
    if (operation !== undefined) break
    if (!isRecords(rec) && typeof rec.error !== 'string') operation = inferOperation(rec)
  }
  for (const [at, rec] of records) {
    const line = typeof rec.line === 'number' && Number.isInteger(rec.line) ? rec.line : at
    const row: Row = { line, readings: {} }
    const id = idOf(rec)
    if (id !== undefined) row.id = id
    const own = textOf(rec) ?? options.texts?.get(line)
    if (own !== undefined) row.text = own
    if (isRecords(rec)) {
      for (const [metric, response] of Object.entries(rec.results as Record<string, unknown>)) {
        const r = reading(metric, response, options.thresholds)
        if (r === undefined) skipped.add(metric)
        else {
          note(metric)
          row.readings[metric] = r
        }
      }
    } else if (typeof rec.error === 'string') {
      // A line that failed as a whole; in plain mode, the operation's own error.
      row.error = rec.error
      if (operation !== undefined) {
        note(operation)
        row.readings[operation] = { error: rec.error }
      }
    } else {
      if (operation === undefined) {
        throw new ReportInputError(
          `${name}: line ${at}: plain lines (from 'litmus <operation> file.jsonl') do not name their operation; give it with --operation NAME`
        )
      }
      const r = reading(operation, rec, options.thresholds)
      if (r === undefined) skipped.add(operation)
      else {
        note(operation)
        row.readings[operation] = r
      }
    }
    rows.push(row)
  }
  return { name, rows, metrics, skipped: [...skipped].filter((m) => !seen.has(m)), thresholds: { ...options.thresholds } }
}

/**
 * The p-quantile (0..1) of sorted values, linear between the two nearest ranks (R type 7, numpy's
 * default): p50 of [1, 2, 3, 4] is 2.5. NaN for no values.
 */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  const hi = Math.min(lo + 1, sorted.length - 1)
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo])
}

/** One metric of one run, summarised. */
export interface MetricSummary {
  metric: string
  /** What the number is (`score`, `entities found`); from the verdict rule. */
  gauge: string
  /** Rows with a reading (errors excluded). */
  count: number
  /** Rows whose operation returned an error. */
  errors: number
  mean: number
  p50: number
  p90: number
  p99: number
  min: number
  max: number
  /** Rows flagged, and their share of `count` (0..1; NaN when count is 0). */
  flagged: number
  flaggedShare: number
  threshold: number | null
  /** Which side of the threshold is flagged. */
  flag: Direction
  /** The values in row order (for plots). */
  values: number[]
}

export function summarise(run: Run, metric: string): MetricSummary {
  return withRules(run.rules, () => summariseWithRules(run, metric))
}

function summariseWithRules(run: Run, metric: string): MetricSummary {
  const values: number[] = []
  let errors = 0
  let flagged = 0
  for (const row of run.rows) {
    const r = row.readings[metric]
    if (r === undefined) continue
    if ('error' in r) errors++
    else {
      values.push(r.value)
      if (r.flagged) flagged++
    }
  }
  const sorted = [...values].sort((a, b) => a - b)
  let sum = 0
  for (const v of values) sum += v
  const rule = ruleOf(metric)
  return {
    metric,
    gauge: rule?.gauge ?? 'score',
    count: values.length,
    errors,
    mean: values.length ? sum / values.length : NaN,
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    min: values.length ? sorted[0] : NaN,
    max: values.length ? sorted[sorted.length - 1] : NaN,
    flagged,
    flaggedShare: values.length ? flagged / values.length : NaN,
    threshold: rule ? thresholdOf(metric, run.thresholds) : null,
    flag: rule?.flag ?? 'above',
    values
  }
}

/** Rows a metric flagged, in row order. */
export function flaggedRows(run: Run, metric: string): Row[] {
  return run.rows.filter((row) => {
    const r = row.readings[metric]
    return r !== undefined && 'flagged' in r && r.flagged
  })
}

/** Gauges on a 0..100 scale; the others (counts, USD, carbon) have no fixed top. */
export function isPercentScale(metric: string): boolean {
  const rule = ruleOf(metric)
  if (!rule) return true
  const base = metric.startsWith('v3.') ? metric.slice(3) : metric
  return !['pii', 'input_type', 'cost', 'carbon'].includes(base)
}

export interface Bin {
  /** [lo, hi) — the last bin includes its top. */
  lo: number
  hi: number
  /** Values per run in this bin. */
  counts: number[]
}

/**
 * Histogram of one metric over one or more runs on a shared domain: 0..100 in ten bins for scores;
 * one bin per whole number for small counts; otherwise ten equal bins from 0 (or the minimum) to the maximum.
 */
export function histogram(metric: string, series: readonly (readonly number[])[]): Bin[] {
  let lo: number
  let hi: number
  let width: number
  if (isPercentScale(metric)) {
    ;[lo, hi, width] = [0, 100, 10]
  } else {
    // A loop, not Math.max(...values): a spread of a large run overflows the stack.
    let [min, max, integers, any] = [0, 1, true, false]
    for (const values of series) {
      for (const v of values) {
        if (!any || v < min) min = v
        if (!any || v > max) max = v
        if (!Number.isInteger(v)) integers = false
        any = true
      }
    }
    lo = min >= 0 ? 0 : min
    if (integers && max - lo <= 20) [hi, width] = [max + 1, 1]
    else {
      hi = max > lo ? max : lo + 1
      width = (hi - lo) / 10
    }
  }
  const n = Math.max(1, Math.round((hi - lo) / width))
  const bins: Bin[] = Array.from({ length: n }, (_, i) => ({ lo: lo + i * width, hi: lo + (i + 1) * width, counts: series.map(() => 0) }))
  series.forEach((values, s) => {
    for (const v of values) {
      const at = Math.min(n - 1, Math.max(0, Math.floor((v - lo) / width)))
      bins[at].counts[s]++
    }
  })
  return bins
}

/** A row of two runs paired by id (or line), with each run's reading of one metric. */
export interface Pair {
  key: string
  a: Row
  b: Row
  /** b - a. */
  diff: number
  /** The verdicts, when they differ. */
  changed: boolean
}

/** Two runs' summaries of one metric, their deltas, and the rows paired across them. */
export interface MetricComparison {
  metric: string
  a: MetricSummary
  b: MetricSummary
  /** b.mean - a.mean. */
  meanDelta: number
  /** b.flaggedShare - a.flaggedShare (0..1 points). */
  flaggedShareDelta: number
  /** Rows with a reading in both runs. */
  pairs: Pair[]
  /** Mean of paired differences (b - a); NaN without pairs. */
  pairedMeanDiff: number
  /** Paired rows whose verdict differs between the runs. */
  changed: Pair[]
}

export interface Comparison {
  /** How rows were paired: by their `id` field, or by line number. */
  pairedBy: 'id' | 'line'
  metrics: MetricComparison[]
  /** Metrics in only one of the runs. */
  onlyA: string[]
  onlyB: string[]
}

/**
 * How two runs' rows pair: by `id` when every row of both has a unique one, else by line number. Lines
 * that failed as a whole are left out of the test: a batch writes them as `{line, error}`, without ids.
 */
export function pairing(a: Run, b: Run): 'id' | 'line' {
  const unique = (run: Run) => {
    const ids = new Set<string>()
    for (const row of run.rows) {
      if (row.id === undefined && row.error !== undefined && Object.keys(row.readings).length === 0) continue
      if (row.id === undefined || ids.has(row.id)) return false
      ids.add(row.id)
    }
    return ids.size > 0
  }
  return unique(a) && unique(b) ? 'id' : 'line'
}

export function compare(a: Run, b: Run): Comparison {
  const pairedBy = pairing(a, b)
  const keyOf = (row: Row) => (pairedBy === 'id' ? (row.id ?? `line ${row.line}`) : String(row.line))
  const rowsB = new Map<string, Row>()
  for (const row of b.rows) if (!rowsB.has(keyOf(row))) rowsB.set(keyOf(row), row)
  const metrics: MetricComparison[] = []
  for (const metric of a.metrics) {
    if (!b.metrics.includes(metric)) continue
    const sa = summarise(a, metric)
    const sb = summarise(b, metric)
    const pairs: Pair[] = []
    for (const rowA of a.rows) {
      const rowB = rowsB.get(keyOf(rowA))
      const ra = rowA.readings[metric]
      const rb = rowB?.readings[metric]
      if (!rowB || !ra || !rb || 'error' in ra || 'error' in rb) continue
      pairs.push({ key: keyOf(rowA), a: rowA, b: rowB, diff: rb.value - ra.value, changed: ra.flagged !== rb.flagged })
    }
    let sum = 0
    for (const p of pairs) sum += p.diff
    metrics.push({
      metric,
      a: sa,
      b: sb,
      meanDelta: sb.mean - sa.mean,
      flaggedShareDelta: sb.flaggedShare - sa.flaggedShare,
      pairs,
      pairedMeanDiff: pairs.length ? sum / pairs.length : NaN,
      changed: pairs.filter((p) => p.changed)
    })
  }
  return {
    pairedBy,
    metrics,
    onlyA: a.metrics.filter((m) => !b.metrics.includes(m)),
    onlyB: b.metrics.filter((m) => !a.metrics.includes(m))
  }
}

/** Everything a report shows: each run's summaries, and the comparison when there are two runs. */
export interface Report {
  title: string
  runs: { run: Run; summaries: MetricSummary[]; failedLines: number }[]
  comparison?: Comparison
}

/** One run summarised, or two compared; each with the thresholds it was read with (readRun). */
export function buildReport(runs: readonly Run[], title = 'Litmus report'): Report {
  return withRules(runs[0]?.rules, () => buildReportWithRules(runs, title))
}

function buildReportWithRules(runs: readonly Run[], title: string): Report {
  if (runs.length < 1 || runs.length > 2) throw new ReportInputError(`expected one or two runs, got ${runs.length}`)
  return {
    title,
    runs: runs.map((run) => ({
      run,
      summaries: run.metrics.map((m) => summarise(run, m)),
      failedLines: run.rows.filter((r) => r.error !== undefined).length
    })),
    comparison: runs.length === 2 ? withSharedTexts(compare(runs[0], runs[1])) : undefined
  }
}

/** A row of one run without a text takes its pair's (two runs of one input: one carried the text through). */
function withSharedTexts(c: Comparison): Comparison {
  for (const m of c.metrics) {
    for (const p of m.pairs) {
      if (p.a.text === undefined && p.b.text !== undefined) p.a.text = p.b.text
      else if (p.b.text === undefined && p.a.text !== undefined) p.b.text = p.a.text
    }
  }
  return c
}
