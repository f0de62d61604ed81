// Guardrail scans in the manner of LLM Guard's scan_prompt / scan_output: one call runs the chosen metrics
// over a prompt (or a prompt and its response), redacts PII if asked, and returns the sanitized text, one
// verdict per metric, and whether the text passed them all. Each metric is an ordinary operation call, so
// a scan's scores are exactly what the operations return.
import { invalidArgument } from './errors.js'
import type { RedactOptions, RedactResult } from './metrics/pii/pii.js'
import { checkThresholds, ruleOf, verdictOf, type Thresholds, type Verdict, type VerdictRule } from './verdict.js'

/** A metric's verdict in a scan, with the operation's own response. */
export interface ScanVerdict extends Verdict {
  response: Record<string, unknown>
}

export interface ScanResult {
  /** The scanned text (the prompt for `scan`, the response for `scanOutput`) with PII replaced when `redact` is on. */
  sanitized: string
  /** `true` when no metric flagged. */
  valid: boolean
  /** One verdict per metric, by operation name. */
  results: Record<string, ScanVerdict>
}

export interface ScanOptions {
  /** Operations to run (v4 names). Default: `scan` DEFAULT_INPUT_METRICS, `scanOutput` DEFAULT_OUTPUT_METRICS. */
  metrics?: readonly string[]
  /** Thresholds for this call, over those given to `load()` and the defaults (docs/guardrails.md). */
  thresholds?: Thresholds
  /**
   * Replace PII in `sanitized`: `true` (default when `pii` is scanned) redacts with the `redact` defaults,
   * an object passes its options (`style`, `categories`, ...), `false` leaves the text as it is.
   */
  redact?: boolean | RedactOptions
  /** Topics for `sensitivity` (required when it is scanned). */
  topics?: readonly string[]
  /** Policy for `adherence` (required when it is scanned in `scanOutput`). */
  policy?: string
  /** Context chunks for `faithfulness` and `context_relevancy` (required when they are scanned). */
  context?: readonly { chunk_id?: string; chunk_text: string }[]
}

/** What `scan` runs over a prompt unless told otherwise: attacks, abuse, personal data, smuggled encodings. */
export const DEFAULT_INPUT_METRICS = ['prompt_manipulation', 'toxicity', 'pii', 'input_type'] as const
/** What `scanOutput` runs over a response unless told otherwise: abuse, leaked data, refusals, off-topic answers. */
export const DEFAULT_OUTPUT_METRICS = ['toxicity', 'pii', 'refusal', 'answer_relevancy'] as const

const TEXT_METRICS = ['clarity', 'formality', 'simplicity', 'helpfulness', 'toxicity', 'pii', 'prompt_manipulation', 'input_type', 'tone', 'sensitivity']
const PAIR_METRICS = ['answer_relevancy', 'refusal', 'completion']
const OPTION_KEYS = ['metrics', 'thresholds', 'redact', 'topics', 'policy', 'context']

/** What a scan needs of its Evaluator. */
export interface ScanHost {
  /** Run an operation by name. */
  run: (name: string, body: unknown) => Record<string, unknown>
  redact: (text: string, options?: RedactOptions) => RedactResult
  /** The Evaluator's thresholds (defaults, then load-time ones). */
  thresholds: Thresholds
  /** Verdict rules of custom metrics. */
  rules: ReadonlyMap<string, VerdictRule>
  /** Required request fields of each custom metric. */
  customFields: ReadonlyMap<string, readonly string[]>
}

/** The request a metric gets in a scan, or `undefined` for a metric that cannot be scanned this way. */
function requestFor(name: string, prompt: string, response: string | undefined, o: ScanOptions, type: string, custom?: readonly string[]): unknown {
  const text = response ?? prompt
  // A custom metric is scanned when its required fields are a text, or a query and a response.
  if (custom !== undefined) {
    if (custom.every((f) => f === 'text')) return { text }
    if (response !== undefined && custom.every((f) => f === 'query' || f === 'response')) return { query: prompt, response }
    return undefined
  }
  const need = (field: keyof ScanOptions, value: unknown) => {
    if (value === undefined) throw invalidArgument(type, field, `present when ${name} is scanned`, `what ${name} scores against`, value)
    return value
  }
  if (name === 'sensitivity') return { text, topics: need('topics', o.topics) }
  if (TEXT_METRICS.includes(name)) return { text }
  if (response !== undefined && PAIR_METRICS.includes(name)) return { query: prompt, response }
  if (response !== undefined && name === 'adherence') return { policy: need('policy', o.policy), response }
  if (response !== undefined && name === 'faithfulness') return { query: prompt, response, context: need('context', o.context) }
  if (name === 'context_relevancy') return { query: prompt, context: need('context', o.context) }
  return undefined
}

function checkOptions(options: unknown, type: string): ScanOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw invalidArgument(type, 'options', 'object', 'scan options', options)
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key)) throw invalidArgument(type, key, `no such option (known: ${OPTION_KEYS.join(', ')})`, 'an option of the scan', (options as Record<string, unknown>)[key])
  }
  const o = options as ScanOptions
  if (o.metrics !== undefined && (!Array.isArray(o.metrics) || o.metrics.length === 0)) {
    throw invalidArgument(type, 'metrics', 'non-empty array of operation names', 'the metrics to run', o.metrics)
  }
  if (o.redact !== undefined && typeof o.redact !== 'boolean' && (o.redact === null || typeof o.redact !== 'object' || Array.isArray(o.redact))) {
    throw invalidArgument(type, 'redact', 'boolean or redact options object', 'whether and how to redact PII', o.redact)
  }
  return o
}

/**
 * Build `scan(prompt, options)` and `scanOutput(prompt, response, options)` over an Evaluator's operation
 * runner, its `redact` and its load-time thresholds.
 */
export function makeScans({ run, redact, thresholds: loadThresholds, rules, customFields }: ScanHost) {
  const scanText = (type: string, prompt: unknown, response: unknown, options: unknown, defaults: readonly string[]): ScanResult => {
    if (typeof prompt !== 'string') throw invalidArgument(type, 'prompt', 'string', 'the prompt to scan', prompt)
    if (response !== undefined && typeof response !== 'string') throw invalidArgument(type, 'response', 'string', 'the response to scan', response)
    const o = checkOptions(options, type)
    const thresholds = o.thresholds === undefined ? loadThresholds : { ...loadThresholds, ...checkThresholds(o.thresholds, type, 'thresholds', [...rules.keys()]) }
    const metrics = o.metrics ?? defaults
    const text = (response as string | undefined) ?? prompt
    const redactWith = o.redact === undefined ? metrics.includes('pii') : o.redact
    const redactOptions: RedactOptions = typeof redactWith === 'object' ? redactWith : {}
    let sanitized = text
    const results: Record<string, ScanVerdict> = {}
    let valid = true
    for (const [i, name] of metrics.entries()) {
      const request = typeof name === 'string' ? requestFor(name, prompt, response as string | undefined, o, type, customFields.get(name)) : undefined
      if (request === undefined) {
        const builtIn = response === undefined ? [...TEXT_METRICS, 'context_relevancy'] : [...TEXT_METRICS, ...PAIR_METRICS, 'adherence', 'faithfulness', 'context_relevancy']
        const scannable = [...builtIn, ...[...customFields.keys()].filter((m) => requestFor(m, prompt, response as string | undefined, o, type, customFields.get(m)) !== undefined)]
        throw invalidArgument(type, `metrics[${i}]`, `one of ${scannable.join(', ')}`, 'a metric that scores this text', name)
      }
      let out: Record<string, unknown>
      if (name === 'pii' && redactWith !== false) {
        // One detection serves both the verdict and the sanitized text.
        const done = redact(text, redactOptions)
        sanitized = done.text
        out = { pii: done.pii }
      } else out = run(name, request)
      const verdict = verdictOf(name, out, Object.hasOwn(thresholds, name) ? thresholds[name] : undefined, rules.get(name) ?? ruleOf(name))
      results[name] = { ...verdict, response: out }
      if (verdict.flagged) valid = false
    }
    if (redactWith !== false && !metrics.includes('pii')) sanitized = redact(text, redactOptions).text
    return { sanitized, valid, results }
  }
  return {
    /** Scan a prompt before it reaches a model (docs/guardrails.md). */
    scan: (prompt: string, options: ScanOptions = {}) => scanText('ScanOptions', prompt, undefined, options, DEFAULT_INPUT_METRICS),
    /** Scan a model's response to `prompt` before it reaches a user (docs/guardrails.md). */
    scanOutput: (prompt: string, response: string, options: ScanOptions = {}) =>
      scanText('ScanOutputOptions', prompt, response, options, DEFAULT_OUTPUT_METRICS)
  }
}
