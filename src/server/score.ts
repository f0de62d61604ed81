// Body bytes -> status and JSON text, for one operation. Runs where scoring runs (a pool worker, or the
// main thread when the server has no pool), so parsing, validation and scoring all happen off the
// thread that accepts connections, and the issues are the library's own.
import { InvalidArgumentError, ValidationError, type Evaluator, type Issue } from 'litmus-metrics'
import type { ErrorCode } from '../schema/openapi.js'

/** What scoring one request produced: the status and the JSON body, ready to send. */
export interface Outcome {
  status: number
  body: string
}

/**
 * A task for a pool worker: run `bytes` through `name` (an operation, or one of the routes beyond the
 * spec: `explain:<operation>`, `redact`, `scan`, `scan_output`), or (no name) list the operations.
 */
export interface Task {
  name?: string
  bytes?: Uint8Array
}

/** An issue as the service sends it: the library's issue plus its path as keys and indices. */
export type WireIssue = Issue & { path: (string | number)[] }

/** `context[2].chunk_id` -> `['context', 2, 'chunk_id']`; the whole body (`(body)`) is `[]`. */
export function issuePath(field: string): (string | number)[] {
  if (field === '(body)') return []
  const path: (string | number)[] = []
  for (const part of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) path.push(part[2] !== undefined ? Number(part[2]) : part[1])
  return path
}

export function errorJson(code: ErrorCode, message: string, extra?: { requestType: string; issues: WireIssue[]; omitted?: number }): string {
  return JSON.stringify({ error: { code, message, ...extra } })
}

function validationOutcome(e: ValidationError): Outcome {
  const code: ErrorCode = e.name === 'MissingArgumentError' ? 'missing_argument' : 'invalid_argument'
  const issues = e.issues.map((issue) => ({ ...issue, path: issuePath(issue.field) }))
  const omitted = e.omitted > 0 ? { omitted: e.omitted } : {}
  return { status: 400, body: errorJson(code, e.message, { requestType: e.requestType, issues, ...omitted }) }
}

// JSON text is UTF-8 (RFC 8259): a body that is not is refused rather than decoded with replacements.
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The fields of a JSON object body, or a 400 naming the request type. */
function objectBody(body: unknown, requestType: string): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidArgumentError(requestType, [{ field: '(body)', kind: 'invalid', expected: 'JSON object', description: 'the request', received: Array.isArray(body) ? 'array' : String(body) }])
  }
  return body as Record<string, unknown>
}

/** Run one task on the Evaluator: an operation, or an explanation, redaction or scan (docs/service.md). */
function perform(litmus: Evaluator, name: string, body: unknown): unknown {
  if (name.startsWith('explain:')) return litmus.explain(name.slice('explain:'.length) as never, body as never)
  if (name === 'redact') {
    const { text, ...options } = objectBody(body, 'RedactRequest')
    return litmus.redact(text as string, options)
  }
  if (name === 'scan') {
    const { prompt, ...options } = objectBody(body, 'ScanRequest')
    return litmus.scan(prompt as string, options)
  }
  if (name === 'scan_output') {
    const { prompt, response, ...options } = objectBody(body, 'ScanOutputRequest')
    return litmus.scanOutput(prompt as string, response as string, options)
  }
  return litmus.evaluate(name as never, body)
}

export function scoreBytes(litmus: Evaluator, name: string, bytes: Uint8Array): Outcome {
  let body: unknown
  try {
    body = JSON.parse(utf8.decode(bytes))
  } catch {
    return { status: 400, body: errorJson('invalid_json', 'the body is not valid JSON in UTF-8') }
  }
  try {
    return { status: 200, body: JSON.stringify(perform(litmus, name, body)) }
  } catch (e) {
    if (e instanceof ValidationError) return validationOutcome(e)
    // A defect, not the caller's fault: the details go to the server log, never into the response.
    console.error(`litmus server: ${name} failed:`, e)
    return { status: 500, body: errorJson('internal', `internal error while scoring '${name}'; the server log has the details`) }
  }
}
