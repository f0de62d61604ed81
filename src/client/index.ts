/**
 * Remote client of the Litmus HTTP service: the Evaluator's methods, as promises, over `fetch`. Runs in
 * browsers and Node alike (no Node modules). Validation errors of the server come back as the library's
 * own MissingArgumentError / InvalidArgumentError, with the same issues.
 * @packageDocumentation
 */
import {
  ConfigurationError,
  InvalidArgumentError,
  MissingArgumentError,
  OPERATIONS,
  validate,
  VERSIONS,
  type ExplainedOperation,
  type ExplanationOf,
  type ImplementedOperation,
  type Issue,
  type RedactOptions,
  type RedactResult,
  type ScanOptions,
  type ScanResult,
  type Operation,
  type RequestOf,
  type ResponseOf,
  type Versions
} from 'litmus-metrics'
import { operationPath } from '../schema/paths.js'

/**
 * ConfigurationError: a client configuration that cannot work (missing or invalid key, base URL or
 * timeout), the spec's value error; the library's own class, which `load()` throws too.
 */
export { ConfigurationError, InvalidArgumentError, MissingArgumentError, ValidationError, VERSIONS, type Versions } from 'litmus-metrics'

/** Any answer of the service other than a score or a validation error, or no answer at all. */
export class ServiceError extends Error {
  override name = 'ServiceError'
  constructor(
    message: string,
    /** HTTP status; 0 when no response arrived (network failure or time-out). */
    readonly status: number,
    /** The service's error code (`unauthorized`, `payload_too_large`, ...), or `timeout` / `network` / `invalid_response` / `redirect`. */
    readonly code: string,
    options?: { cause?: unknown }
  ) {
    super(message, options)
  }
}

export interface ClientOptions {
  /** Sent as the `API_KEY` header on every request. */
  apiKey: string
  /** Where the service is, e.g. `https://litmus.internal:8080` (http or https; a path prefix is kept). */
  baseUrl: string
  /** Milliseconds a call may take before it fails with a ServiceError of code `timeout`: more than 0, at most 2^31 - 1. Default 30,000. */
  timeout?: number
  /** The fetch to use. Default: the global one. */
  fetch?: typeof globalThis.fetch
}

export interface CallOptions {
  /** Abort the call. */
  signal?: AbortSignal
  /** This call's time limit in ms, instead of the client's (same range). */
  timeout?: number
}

type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S
type V4Name = Exclude<ImplementedOperation, `v3.${string}`>
type V3Name = Extract<ImplementedOperation, `v3.${string}`>
type Short<K> = K extends `v3.${infer N}` ? Camel<N> : never

/** The Evaluator's operations, each returning a promise of the service's response. */
export type Client = {
  [K in V4Name as Camel<K>]: (request: RequestOf<K>, options?: CallOptions) => Promise<ResponseOf<K>>
} & {
  /** v3 operations, at `/v3/metrics/<name>`. */
  v3: { [K in V3Name as Short<K>]: (request: RequestOf<K>, options?: CallOptions) => Promise<ResponseOf<K>> }
  /** Run an operation by the service's endpoint name (`input_type`, `v3.carbon`, ...). */
  evaluate<K extends ImplementedOperation>(name: K, body: unknown, options?: CallOptions): Promise<ResponseOf<K>>
  /** The evidence behind a score, from the service's `POST /<version>/explain/<name>` (docs/service.md). */
  explain<K extends ExplainedOperation>(name: K, request: RequestOf<K>, options?: CallOptions): Promise<ExplanationOf<K>>
  /** `text` with its PII replaced, from `POST /v4/redact`. */
  redact(text: string, redact?: RedactOptions, options?: CallOptions): Promise<RedactResult>
  /** A guardrail scan of a prompt, from `POST /v4/scan` (docs/guardrails.md). */
  scan(prompt: string, scan?: ScanOptions, options?: CallOptions): Promise<ScanResult>
  /** A guardrail scan of a response to `prompt`, from `POST /v4/scan/output` (docs/guardrails.md). */
  scanOutput(prompt: string, response: string, scan?: ScanOptions, options?: CallOptions): Promise<ScanResult>
  /** `<baseUrl>/<version>/metrics`: where the metric operations of a version are. */
  metricsUrl(version: string): string
  /** `<baseUrl>/<version>/performance`: request counts and latency of a version's operations. */
  performanceUrl(version: string): string
  /** The spec's metrics version list: metric -> the versions with a method here (`{ clarity: ['v3', 'v4'], ... }`). */
  readonly versions: Readonly<Versions>
  readonly baseUrl: string
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

function configured(options: ClientOptions): { apiKey: string; baseUrl: string; timeout: number } {
  if (options === null || typeof options !== 'object') throw new ConfigurationError('litmus client: options { apiKey, baseUrl } are required')
  const { apiKey, baseUrl, timeout = 30_000 } = options
  if (apiKey === undefined || apiKey === null || apiKey === '') throw new ConfigurationError('litmus client: apiKey is required')
  // The key travels as a header value: visible ASCII only, or it could never be sent.
  if (typeof apiKey !== 'string' || !/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new ConfigurationError('litmus client: apiKey must be a string of visible ASCII characters (no spaces)')
  }
  if (typeof baseUrl !== 'string' || baseUrl === '') throw new ConfigurationError('litmus client: baseUrl is required')
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new ConfigurationError(`litmus client: baseUrl is not a valid URL: ${JSON.stringify(baseUrl)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`litmus client: baseUrl must use http or https, not ${url.protocol.slice(0, -1)}`)
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new ConfigurationError('litmus client: baseUrl must not carry credentials, a query or a fragment')
  }
  return { apiKey, baseUrl: url.href.replace(/\/+$/, ''), timeout: checkedTimeout(timeout) }
}

// Timers hold a signed 32-bit count of ms: a longer limit would fire at once, so it is refused instead.
const MAX_TIMEOUT = 2 ** 31 - 1

function checkedTimeout(timeout: unknown): number {
  if (typeof timeout !== 'number' || !(timeout > 0) || timeout > MAX_TIMEOUT) {
    const got = typeof timeout === 'string' ? JSON.stringify(timeout) : String(timeout)
    throw new ConfigurationError(`litmus client: timeout must be a number of milliseconds from 1 to ${MAX_TIMEOUT}, got ${got}`)
  }
  return Math.ceil(timeout)
}

function versionSegment(version: string): string {
  if (typeof version !== 'string' || !/^v[0-9]+$/.test(version)) {
    throw new ConfigurationError(`litmus client: a version is 'v' and a number ('v3', 'v4'), got ${JSON.stringify(version)}`)
  }
  return version
}

type WireError = { code?: unknown; message?: unknown; requestType?: unknown; issues?: unknown; omitted?: unknown }

/** An issue as the server sends it, or undefined when the entry is not one (a foreign or broken answer). */
function wireIssue(entry: unknown): Issue | undefined {
  if (entry === null || typeof entry !== 'object') return undefined
  const { field, kind, expected, description, received } = entry as Record<string, unknown>
  if (typeof field !== 'string' || (kind !== 'missing' && kind !== 'invalid')) return undefined
  if (typeof expected !== 'string' || typeof description !== 'string') return undefined
  if (received !== undefined && typeof received !== 'string') return undefined
  return received === undefined ? { field, kind, expected, description } : { field, kind, expected, description, received }
}

/** Throw what a non-2xx answer means: the library's validation errors for 400s with issues, ServiceError otherwise. */
function failure(status: number, data: unknown): never {
  const raw = data !== null && typeof data === 'object' ? (data as { error?: unknown }).error : undefined
  const error: WireError = raw !== null && typeof raw === 'object' ? raw : {}
  const code = typeof error.code === 'string' ? error.code : 'unknown'
  if (status === 400 && Array.isArray(error.issues) && typeof error.requestType === 'string') {
    const issues = error.issues.map(wireIssue)
    if (issues.length > 0 && issues.every((i) => i !== undefined)) {
      const omitted = Number.isSafeInteger(error.omitted) && (error.omitted as number) > 0 ? (error.omitted as number) : 0
      if (code === 'missing_argument') throw new MissingArgumentError(error.requestType, issues as Issue[], omitted)
      if (code === 'invalid_argument') throw new InvalidArgumentError(error.requestType, issues as Issue[], omitted)
    }
  }
  const message = typeof error.message === 'string' ? error.message : 'error'
  throw new ServiceError(`litmus service: ${status} ${message}`, status, code)
}

/** The body as JSON, or a validation error when it cannot be written (a BigInt, a cycle): nothing is sent then. */
function serialise(requestType: string, body: unknown): string {
  try {
    return JSON.stringify(body) ?? 'null'
  } catch (e) {
    throw new InvalidArgumentError(requestType, [
      {
        field: '(body)',
        kind: 'invalid',
        expected: 'a request that JSON can represent (no BigInt, no cycles)',
        description: 'the request object',
        received: e instanceof Error ? e.message.slice(0, 80) : 'unserialisable'
      }
    ])
  }
}

/** Create a client. Throws ConfigurationError when the key, base URL or timeout cannot work. */
export function createClient(options: ClientOptions): Client {
  const { apiKey, baseUrl, timeout } = configured(options)
  const fetchImpl = options.fetch ?? globalThis.fetch
  const ops = OPERATIONS as Record<string, Operation>

  async function call(name: string, body: unknown, callOptions: CallOptions = {}): Promise<unknown> {
    const op = typeof name === 'string' && Object.hasOwn(ops, name) ? ops[name] : undefined
    if (op === undefined) {
      throw new InvalidArgumentError('evaluate', [
        { field: 'name', kind: 'invalid', expected: 'an operation of the service', description: 'an operation name', received: String(name) }
      ])
    }
    // The spec puts request validation on the client: the library's schema table and errors, before
    // anything is sent; the checked copy is what goes out.
    return send(operationPath(op), op.requestType, validate(op, body), callOptions)
  }

  /** POST `body` to `path` of the service and return its JSON answer, or throw what a failure means. */
  async function send(path: string, requestType: string, body: unknown, callOptions: CallOptions = {}): Promise<unknown> {
    const limit = callOptions.timeout === undefined ? timeout : checkedTimeout(callOptions.timeout)
    const payload = serialise(requestType, body)
    const timer = AbortSignal.timeout(limit)
    const signal = callOptions.signal ? AbortSignal.any([timer, callOptions.signal]) : timer
    const url = baseUrl + path
    let status: number
    let text: string
    try {
      // No redirect is followed: a 3xx could send the key and the request to another origin, and its answer
      // would come back as a score. Browsers answer 'manual' with an opaque response of status 0.
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', API_KEY: apiKey },
        body: payload,
        redirect: 'manual',
        signal
      })
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        void response.body?.cancel()
        const to = response.headers.get('location')
        throw new ServiceError(
          `litmus service: ${url} answered with a redirect${to ? ` to ${to}` : ''}; the client follows none, so the key stays with ${baseUrl}`,
          response.status,
          'redirect'
        )
      }
      status = response.status
      text = await response.text()
    } catch (e) {
      if (e instanceof ServiceError) throw e
      if (timer.aborted) throw new ServiceError(`litmus service: no answer from ${url} within ${limit} ms`, 0, 'timeout', { cause: e })
      if (callOptions.signal?.aborted) throw callOptions.signal.reason
      throw new ServiceError(`litmus service: could not reach ${url}`, 0, 'network', { cause: e })
    }
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch {
      throw new ServiceError(`litmus service: ${status}, and the body is not JSON`, status, 'invalid_response')
    }
    if (status >= 200 && status < 300) return data
    return failure(status, data)
  }

  /** The body of a route beyond the spec: `fields` of `options`, checked to be an object first. */
  const extended = (requestType: string, fields: Record<string, unknown>, options: unknown) => {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw new InvalidArgumentError(requestType, [{ field: 'options', kind: 'invalid', expected: 'object', description: 'options', received: String(options) }])
    }
    return { ...(options as object), ...fields }
  }

  const v3: Record<string, unknown> = {}
  const client: Record<string, unknown> = {
    v3,
    baseUrl,
    evaluate: call,
    explain: async (name: string, request: unknown, callOptions?: CallOptions) => {
      const op = typeof name === 'string' && Object.hasOwn(ops, name) ? ops[name] : undefined
      if (op === undefined) {
        throw new InvalidArgumentError('explain', [{ field: 'name', kind: 'invalid', expected: 'an operation of the service', description: 'an operation name', received: String(name) }])
      }
      return send(operationPath(op).replace('/metrics/', '/explain/'), op.requestType, validate(op, request), callOptions)
    },
    redact: async (text: string, options: RedactOptions = {}, callOptions?: CallOptions) =>
      send('/v4/redact', 'RedactRequest', extended('RedactRequest', { text }, options), callOptions),
    scan: async (prompt: string, options: ScanOptions = {}, callOptions?: CallOptions) =>
      send('/v4/scan', 'ScanRequest', extended('ScanRequest', { prompt }, options), callOptions),
    scanOutput: async (prompt: string, response: string, options: ScanOptions = {}, callOptions?: CallOptions) =>
      send('/v4/scan/output', 'ScanOutputRequest', extended('ScanOutputRequest', { prompt, response }, options), callOptions),
    versions: VERSIONS,
    metricsUrl: (version: string) => `${baseUrl}/${versionSegment(version)}/metrics`,
    performanceUrl: (version: string) => `${baseUrl}/${versionSegment(version)}/performance`
  }
  for (const name of Object.keys(ops)) {
    const method = (request: unknown, callOptions?: CallOptions) => call(name, request, callOptions)
    if (name.startsWith('v3.')) v3[camel(name.slice(3))] = method
    else client[camel(name)] = method
  }
  return client as Client
}
