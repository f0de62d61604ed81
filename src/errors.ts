/** One problem found in a request, as data. */
export interface Issue {
  /** Path of the field, e.g. `text`, `context[2].chunk_id`. */
  field: string
  kind: 'missing' | 'invalid'
  /** Expected type in words, e.g. `number from 0 to 1`. */
  expected: string
  /** What the field is for. */
  description: string
  /** A short rendering of the value received (absent for missing fields). */
  received?: string
}

function render(issue: Issue): string {
  const what = issue.kind === 'missing' ? 'missing required argument' : 'invalid argument'
  const got = issue.received === undefined ? '' : `, received: ${issue.received}`
  return `'${issue.field}' (${what}, expected type: ${issue.expected}: ${issue.description}${got})`
}

/** A request that does not match its operation's schema. */
export class ValidationError extends Error {
  override name = 'ValidationError'
  constructor(
    /** Request type of the operation, e.g. `ClarityRequest`. */
    readonly requestType: string,
    readonly issues: Issue[],
    prefix: string,
    /** Issues found beyond the ones listed (a request with very many bad entries lists the first 100). */
    readonly omitted = 0
  ) {
    const more = omitted > 0 ? `, and ${omitted} more` : ''
    super(`Error in '${requestType}': ${prefix}: ${issues.map(render).join(', ')}${more}`)
  }
}

/** One or more required fields are absent. */
export class MissingArgumentError extends ValidationError {
  override name = 'MissingArgumentError'
  constructor(requestType: string, issues: Issue[], omitted = 0) {
    super(requestType, issues, 'Missing required arguments', omitted)
  }
}

/** A field has the wrong type or breaks a constraint, or is not a field of the request. */
export class InvalidArgumentError extends ValidationError {
  override name = 'InvalidArgumentError'
  constructor(requestType: string, issues: Issue[], omitted = 0) {
    super(requestType, issues, 'Invalid arguments', omitted)
  }
}

/**
 * A configuration that cannot work (the spec's value error): options of `load()` (request type
 * `LoadOptions`), or of the remote client (`ClientOptions`: a missing or invalid key, base URL or
 * timeout). An InvalidArgumentError, so it names the option like any invalid field; its own class, so a
 * caller can tell a bad setup from a bad request.
 */
export class ConfigurationError extends InvalidArgumentError {
  override name = 'ConfigurationError'
  /** With the issues as data (`load()`), or with a message alone (the client's checks). */
  constructor(requestType: string, issues: Issue[])
  constructor(message: string)
  constructor(first: string, issues?: Issue[]) {
    super(issues ? first : 'ClientOptions', issues ?? [])
    if (!issues) this.message = first
  }
}

/**
 * A method called on an Evaluator that did not load the model chunk it needs, because `load()` was given
 * an `operations` list without it.
 */
export class NotLoadedError extends Error {
  override name = 'NotLoadedError'
  constructor(
    /** The method called, e.g. `toxicity` or `redact`. */
    readonly method: string,
    /** The operation whose models it needs. */
    readonly operation: string,
    readonly models: string[]
  ) {
    super(
      `litmus: ${method} needs the model chunk${models.length === 1 ? '' : 's'} ${models.map((m) => `'${m}'`).join(', ')}, ` +
        `which this Evaluator did not load; call load() for every model, or include '${operation}' in load({ operations })`
    )
  }
}

/**
 * A request over a limit found only while scoring (the words of a text, counted by the core): the
 * Evaluator turns it into an InvalidArgumentError of the operation, naming `field` when known.
 */
export class LimitError extends Error {
  override name = 'LimitError'
  constructor(
    /** What the limit allows, in words, e.g. `texts of at most 4000000 words (docs/limits.md)`. */
    readonly expected: string,
    readonly field = '(body)'
  ) {
    super(`over a limit: ${expected}`)
  }
}

/** Build the error for a single invalid field outside the schema table (e.g. an unknown model name). */
export function invalidArgument(
  requestType: string,
  field: string,
  expected: string,
  description: string,
  received: unknown
): InvalidArgumentError {
  return new InvalidArgumentError(requestType, [
    { field, kind: 'invalid', expected, description, received: preview(received) }
  ])
}

/** Short, safe rendering of any received value for a message. */
export function preview(value: unknown): string {
  try {
    return render1(value)
  } catch {
    return 'an unreadable value' // a revoked proxy, or a `length` getter that throws
  }
}

function render1(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `array(${value.length})`
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value)
    case 'undefined':
      return 'undefined'
    case 'object':
      return 'object'
    default:
      return typeof value
  }
}
