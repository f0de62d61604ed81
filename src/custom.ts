// Metrics of the user's own: a request table in the library's field format, a scoring function, and a
// verdict rule. Loaded with `load({ metrics })` (or a config file's `metrics`), a custom metric is run,
// validated, checked (0..100), judged and scanned exactly as a built-in one, on the CLI and server too.
import { ConfigurationError, preview } from './errors.js'
import type { Field } from './schema/fields.js'
import type { Operation } from './schema/operations.js'
import type { Direction, VerdictRule } from './verdict.js'

/** What `defineMetric` takes. */
export interface MetricDefinition<Request = Record<string, unknown>> {
  /** The operation name: lower-case snake_case, not a built-in operation's name. */
  name: string
  /** One line on what the score means (CLI help, error messages). */
  summary: string
  /**
   * Request fields in the library's field format (`{ text: { type: 'string', description: 'the reply' } }`),
   * validated with the same rules and errors as every operation. `metadata` is added for you.
   */
  request: Record<string, Field>
  /** The score from 0 to 100 (or an object with `score` and more fields). Must not throw for valid input. */
  score: (request: Request) => number | ({ score: number } & Record<string, unknown>)
  /** Default threshold for verdicts (`null`: never flagged until a threshold is set). Default 50. */
  threshold?: number | null
  /** Which side of the threshold is flagged: `above` (a risk, the default) or `below` (a quality). */
  flag?: Direction
}

/** A checked metric definition, ready for `load({ metrics: [...] })`. */
export interface CustomMetric {
  readonly name: string
  readonly operation: Operation
  readonly rule: VerdictRule
  readonly score: (request: Record<string, unknown>) => Record<string, unknown>
}

const NAME = /^[a-z][a-z0-9_]{0,62}$/
const FIELD_TYPES = ['string', 'number', 'boolean', 'array', 'object']

const bad = (field: string, expected: string, received: unknown) =>
  new ConfigurationError('MetricDefinition', [{ field, kind: 'invalid', expected, description: 'a custom metric definition', received: preview(received) }])

/**
 * Check a metric definition and make it loadable. Throws ConfigurationError naming the bad part. The
 * name must not be a built-in operation's; `load()` checks that, since it knows which are loaded.
 */
export function defineMetric<Request = Record<string, unknown>>(definition: MetricDefinition<Request>): CustomMetric {
  if (definition === null || typeof definition !== 'object') throw bad('(definition)', 'object', definition)
  const { name, summary, request, score, threshold = 50, flag = 'above' } = definition
  if (typeof name !== 'string' || !NAME.test(name)) throw bad('name', 'lower-case snake_case name (a-z, 0-9, _; at most 63 characters)', name)
  if (typeof summary !== 'string' || summary.trim() === '') throw bad('summary', 'non-empty string', summary)
  if (request === null || typeof request !== 'object' || Array.isArray(request) || Object.keys(request).length === 0) {
    throw bad('request', 'object of field name -> field ({ type, description })', request)
  }
  for (const [key, field] of Object.entries(request)) {
    if (field === null || typeof field !== 'object' || !FIELD_TYPES.includes((field as Field).type) || typeof (field as Field).description !== 'string') {
      throw bad(`request.${key}`, `a field: { type: ${FIELD_TYPES.join(' | ')}, description: string, ... }`, field)
    }
  }
  if (typeof score !== 'function') throw bad('score', 'function (request) => number from 0 to 100', score)
  if (threshold !== null && (typeof threshold !== 'number' || !Number.isFinite(threshold))) throw bad('threshold', 'finite number or null', threshold)
  if (flag !== 'above' && flag !== 'below') throw bad('flag', '"above" or "below"', flag)
  const requestType = `${name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}Request`
  const operation: Operation = {
    name,
    version: 'v4',
    requestType,
    summary,
    request: { ...request, metadata: { type: 'metadata', description: 'echoed back in the response', optional: true } },
    response: { score: { type: 'number', description: summary, min: 0, max: 100 } }
  }
  const run = (body: Record<string, unknown>): Record<string, unknown> => {
    const out = score(body as Request)
    const response = typeof out === 'number' ? { score: out } : out
    // A user's scorer is outside the library's tests: say whose score broke the range, and how.
    if (response === null || typeof response !== 'object' || typeof response.score !== 'number' || !(response.score >= 0 && response.score <= 100)) {
      throw new RangeError(`litmus: custom metric '${name}' returned ${preview(typeof out === 'number' ? out : response?.score)}; a score is a number from 0 to 100`)
    }
    return { ...response }
  }
  const rule: VerdictRule = { gauge: 'score', threshold, flag, read: (r) => r.score as number }
  return Object.freeze({ name, operation, rule, score: run })
}

/** Whether a value is a metric `defineMetric` made (what `load({ metrics })` accepts). */
export function isCustomMetric(value: unknown): value is CustomMetric {
  return value !== null && typeof value === 'object' && typeof (value as CustomMetric).score === 'function' && typeof (value as CustomMetric).operation === 'object'
}
