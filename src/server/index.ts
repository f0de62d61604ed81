/**
 * The Litmus HTTP service: every implemented operation at `POST /v4/metrics/<name>` or
 * `POST /v3/metrics/<name>`, as a web-standard `fetch(Request) -> Response` handler (Hono), with a Node
 * listener, API keys, JSON errors, Prometheus counters and a pool of scoring workers.
 * @packageDocumentation
 */
import { availableParallelism } from 'node:os'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { OPERATIONS, versionsOf, type Operation } from 'litmus-metrics'
import { EXAMPLES } from '../schema/examples.js'
import { openapiDocument, operationPath, type ErrorCode } from '../schema/openapi.js'
import { keyChecker, resolveKeys } from './auth.js'
import { inlineBackend, LARGE_BYTES, poolBackend, Unavailable, type Backend } from './backend.js'
import { errorJson } from './score.js'
import { Stats } from './stats.js'

declare const __LITMUS_VERSION__: string

export { openapiDocument, operationPath, ERROR_CODES, type ErrorCode, type OpenApiOptions } from '../schema/openapi.js'
export type { WireIssue } from './score.js'
/** One realistic request per operation, typed by the schema table: the OpenAPI document's examples. */
export { EXAMPLES } from '../schema/examples.js'

/** The package version, as `info.version` of the OpenAPI document gives it. */
export const version: string = __LITMUS_VERSION__

export interface ServerOptions {
  /** Accepted values of the `API_KEY` header. */
  keys?: readonly string[]
  /** A file with one key per line (blank lines and `#` comments ignored). */
  keyFile?: string
  /**
   * Serve without keys. Only on the loopback interface: `listen` refuses any other host. Without keys
   * (from `keys`, `keyFile` or the environment variable `LITMUS_API_KEYS`) and without this flag,
   * `createServer` throws.
   */
  allowNoAuth?: boolean
  /** Largest request body in bytes; larger ones get 413 before they are read. Default 1 MB (1,000,000). */
  bodyLimit?: number
  /** Time in ms a request may take, from its arrival to its response: reading the body (408 past it) and scoring (503). Default 10,000. */
  timeoutMs?: number
  /** Scoring worker threads. Default: the cores (`os.availableParallelism()`). 0 scores on the calling thread. */
  threads?: number
  /**
   * Bodies smaller than this many bytes are scored on the main thread rather than sent to a worker: for
   * tiny bodies the pool's round trip costs more than the scoring, but the main thread then scores while
   * it should be accepting requests. Default 0: every body goes to the pool.
   */
  inlineBelow?: number
  /** Requests waiting for a free worker beyond which new ones get 503. Default 256. */
  maxQueue?: number
  /**
   * Origins whose pages may call the service from a browser (CORS), e.g. `['https://app.example.com']`;
   * `['*']` for any. Default none: browsers can then call it only from its own origin.
   */
  corsOrigins?: readonly string[]
  /** Environment to read `LITMUS_API_KEYS` from. Default `process.env`. */
  env?: Record<string, string | undefined>
  /**
   * A config file (`litmus.config.json` or `.mjs`, docs/guardrails.md) every scoring thread loads:
   * thresholds for scans, recognizers, prices, operations, and custom metrics, which get routes
   * at `POST /v4/metrics/<name>`. Default none (`litmus serve` looks in its working directory).
   */
  config?: string
}

export interface ListenOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export interface Listening {
  url: string
  host: string
  port: number
}

export interface LitmusServer {
  /**
   * The handler: web-standard Request in, Response out. Under @hono/node-server, the Node bindings
   * (`{ incoming }`) it passes let the body be read from the Node stream directly.
   */
  fetch(request: Request, bindings?: { incoming?: import('node:http').IncomingMessage }): Promise<Response>
  /** Serve `fetch` over Node's HTTP server. Resolves once the workers are up and the port is bound. */
  listen(options?: ListenOptions): Promise<Listening>
  /**
   * Stop: refuse new requests (503), let those in flight finish, close the listener and the workers.
   * Bound by `timeoutMs`, since every request is.
   */
  close(): Promise<void>
  /** Resolves once the workers are up; rejects if they fail to start. */
  readonly ready: Promise<void>
}

/** Largest bodyLimit: a body is held whole in memory, and its text must fit the library's limits. */
const MAX_BODY_LIMIT = 1_073_741_824

/**
 * Bytes of a refused body read and thrown away after its 413 has gone out, so that a client still
 * sending reads the answer instead of a broken pipe (a socket closed with unread input is reset, and
 * the reset discards what the client had not read yet). Past this, or past the request's deadline, the
 * connection closes: the client has had the answer for the time that many bytes took to send.
 */
const DRAIN_LIMIT = 16 * 1024 * 1024

/**
 * Read and drop what is left of a refused body, up to DRAIN_LIMIT bytes or `deadline`, then close the
 * connection. A body that ends within the bound leaves the connection open for the next request.
 */
function discardRest(incoming: import('node:http').IncomingMessage, deadline: number): void {
  if (incoming.complete || incoming.destroyed) return
  let left = DRAIN_LIMIT
  const stop = () => {
    clearTimeout(timer)
    incoming.off('data', onData).off('end', stop).off('error', stop).off('close', stop)
  }
  const cut = () => {
    stop()
    incoming.socket?.destroy()
  }
  const onData = (chunk: Buffer) => {
    if ((left -= chunk.byteLength) < 0) cut()
  }
  const timer = setTimeout(cut, Math.max(0, deadline - Date.now()))
  incoming.on('data', onData).on('end', stop).on('error', stop).on('close', stop)
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }

function fail(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): Response {
  return new Response(errorJson(code, message), { status, headers: { ...JSON_TYPE, ...headers } })
}

/** True for `application/json`, with no charset or charset utf-8. */
function isJson(contentType: string | null): boolean {
  if (contentType === null) return false
  const [type, ...params] = contentType.split(';').map((p) => p.trim().toLowerCase())
  if (type !== 'application/json') return false
  return params.every((p) => !p.startsWith('charset=') || p.slice(8).replace(/"/g, '') === 'utf-8')
}

type Body = Uint8Array | 'too_large' | 'timeout' | 'aborted'

/** What @hono/node-server passes beside the Request: the Node request, whose body can be read without web streams. */
type NodeBindings = { incoming?: import('node:http').IncomingMessage } | undefined

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  // A fresh buffer of exactly the body: it moves to the worker whole, and never shares Node's buffer pool.
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** The body from Node's request stream, stopping at `limit` bytes or at `deadline` (ms since epoch). */
function readIncoming(incoming: import('node:http').IncomingMessage, limit: number, deadline: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = []
    let total = 0
    const finish = (result: Body) => {
      clearTimeout(timer)
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
      resolve(result)
    }
    // Past the limit the read stops: the 413 goes out at once and the caller drops the rest (discardRest).
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength
      if (total > limit) finish('too_large')
      else chunks.push(chunk)
    }
    const onEnd = () => finish(concat(chunks, total))
    const onError = () => finish('aborted')
    const onClose = () => finish(incoming.complete ? concat(chunks, total) : 'aborted')
    const timer = setTimeout(() => finish('timeout'), Math.max(0, deadline - Date.now()))
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose)
  })
}

/** The body, stopping at `limit` bytes or at `deadline` (ms since epoch), whichever comes first. */
async function readBody(request: Request, bindings: NodeBindings, limit: number, deadline: number): Promise<Body> {
  const declared = request.headers.get('content-length')
  // Refused before it is read; under Node the caller then drops the rest (discardRest).
  if (declared !== null && Number(declared) > limit) return 'too_large'
  if (bindings?.incoming) return readIncoming(bindings.incoming, limit, deadline)
  if (request.body === null) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))
  })
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late])
      if (next === 'timeout') return 'timeout'
      if (next.done) break
      total += next.value.byteLength
      if (total > limit) return 'too_large'
      chunks.push(next.value)
    }
  } catch {
    return 'aborted'
  } finally {
    clearTimeout(timer)
  }
  return concat(chunks, total)
}

/**
 * The body after its Content-Encoding: as it is for none or identity, inflated for gzip and deflate with
 * the output bounded by `limit` (a small compressed body can inflate to gigabytes), undefined for an
 * encoding the server does not read.
 */
async function decoded(bytes: Uint8Array, encoding: string | null, limit: number): Promise<Uint8Array | 'too_large' | 'aborted' | undefined> {
  const name = (encoding ?? 'identity').trim().toLowerCase()
  if (name === 'identity' || name === '') return bytes
  if (name !== 'gzip' && name !== 'x-gzip' && name !== 'deflate') return undefined
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream(name === 'deflate' ? 'deflate' : 'gzip'))
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const next = await reader.read()
      if (next.done) break
      total += next.value.byteLength
      if (total > limit) {
        void reader.cancel()
        return 'too_large'
      }
      chunks.push(next.value)
    }
  } catch {
    return 'aborted' // not valid gzip or deflate
  }
  return concat(chunks, total)
}

/** Create the service. Throws when no API key is configured and `allowNoAuth` is not set. */
export function createServer(options: ServerOptions = {}): LitmusServer {
  const env = options.env ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}
  const keys = resolveKeys(options, env)
  const noAuth = keys.length === 0
  if (noAuth && options.allowNoAuth !== true) {
    throw new Error(
      'litmus server: no API keys configured; set LITMUS_API_KEYS (comma-separated), give keys or a key file, ' +
        'or pass allowNoAuth (litmus serve --no-auth) to serve on 127.0.0.1 only'
    )
  }
  const bodyLimit = options.bodyLimit ?? 1_000_000
  const timeoutMs = options.timeoutMs ?? 10_000
  const threads = options.threads ?? availableParallelism()
  const maxQueue = options.maxQueue ?? 256
  const inlineBelow = options.inlineBelow ?? 0
  // [value, least, most]: a timer holds at most 2^31 - 1 ms (more fires at once), and a timeout of 0
  // would answer every request 503.
  const ranges: Record<string, [unknown, number, number]> = {
    bodyLimit: [bodyLimit, 1, MAX_BODY_LIMIT],
    timeoutMs: [timeoutMs, 1, 2 ** 31 - 1],
    threads: [threads, 0, 1024],
    maxQueue: [maxQueue, 0, 1_000_000],
    inlineBelow: [inlineBelow, 0, MAX_BODY_LIMIT]
  }
  for (const [name, [value, least, most]] of Object.entries(ranges)) {
    if (!Number.isInteger(value) || (value as number) < least || (value as number) > most) {
      throw new RangeError(`litmus server: ${name} must be an integer from ${least} to ${most}, got ${String(value)}`)
    }
  }
  const checkKey = noAuth ? () => true : keyChecker(keys)
  const stats = new Stats()

  const backendPromise: Promise<Backend> = threads === 0 ? Promise.resolve(inlineBackend(options.config)) : poolBackend(threads, maxQueue, inlineBelow, options.config)
  let backend: Backend | undefined
  /** Route path -> operation name, for the implemented operations. */
  const routes = new Map<string, string>()
  let implementedNames: readonly string[] = []
  let openapi: Promise<string> | undefined
  /**
   * The document, built on first request: each operation's example is scored by the workers like any
   * request, so the example answers it shows are this server's own.
   */
  const document = async (): Promise<string> => {
    const responses: Record<string, unknown> = {}
    const encoder = new TextEncoder()
    for (const name of implementedNames) {
      const outcome = await backend!.run(name, encoder.encode(JSON.stringify((EXAMPLES as Record<string, unknown>)[name])), AbortSignal.timeout(timeoutMs))
      if (outcome.status !== 200) throw new Error(`litmus server: the example of ${name} answered ${outcome.status}: ${outcome.body}`)
      responses[name] = JSON.parse(outcome.body)
    }
    return JSON.stringify(openapiDocument(OPERATIONS as Record<string, Operation>, implementedNames, { version, responses }))
  }
  const ready = (async () => {
    backend = await backendPromise
    const implemented = await backend.operations()
    const ops = OPERATIONS as Record<string, Operation>
    for (const name of implemented) {
      // A custom metric (config file) is a v4 operation of its own name.
      const path = Object.hasOwn(ops, name) ? operationPath(ops[name]) : `/v4/metrics/${name}`
      if (routes.has(path)) throw new Error(`litmus server: ${name} and ${routes.get(path)} share the path ${path}`)
      routes.set(path, name)
    }
    // The spec's operations: the OpenAPI document and /versions describe these (custom metrics are the config's).
    implementedNames = implemented.filter((name) => Object.hasOwn(ops, name))
  })()
  ready.catch(() => {})

  let closing = false
  let inflight = 0
  let drained: (() => void) | undefined

  const authorised = (request: Request) => checkKey(request.headers.get('api_key'))
  const hasBody = (request: Request) =>
    request.headers.has('transfer-encoding') || (request.headers.get('content-length') ?? '0') !== '0'
  // A refusal that leaves a body unread closes the connection, so the body is never read to reuse it.
  const refuse = (request: Request, status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) =>
    fail(status, code, message, hasBody(request) ? { ...headers, connection: 'close' } : headers)
  const unauthorised = (request: Request) =>
    refuse(request, 401, 'unauthorized', 'missing or wrong API_KEY header', { 'www-authenticate': 'ApiKey header="API_KEY"' })

  /** The operation at `/<version>/metrics/<name>`, or the 404 that says why there is none. */
  const operationAt = (request: Request, version: string, name: string): string | Response => {
    const op = routes.get(`/${version}/metrics/${name}`)
    if (op !== undefined) return op
    const declared = Object.values(OPERATIONS as Record<string, Operation>).some((o) => operationPath(o) === `/${version}/metrics/${name}`)
    const why = declared ? 'is declared by the service but not implemented by Litmus yet' : 'is not an operation'
    return refuse(request, 404, 'not_found', `'${version}/metrics/${name}' ${why}; see GET /openapi.json`)
  }

  /** Check the key and method, find the task (`resolve`), then read, decode and run the body. */
  async function score(request: Request, bindings: NodeBindings, resolve: () => string | Response, started: number): Promise<Response> {
    const deadline = started + timeoutMs
    if (!authorised(request)) return unauthorised(request)
    if (request.method !== 'POST') {
      return refuse(request, 405, 'method_not_allowed', `metric operations take POST, not ${request.method}`, { allow: 'POST' })
    }
    const op = resolve()
    if (op instanceof Response) return op
    if (!isJson(request.headers.get('content-type'))) {
      return refuse(request, 415, 'unsupported_media_type', 'the body must be JSON: send content-type application/json (UTF-8)')
    }
    // Large by declared size: a full large queue refuses before the body is read, and the small
    // requests' queue never holds a megabyte. A chunked body is large by the bytes read, an encoded
    // one by its inflated size.
    const declared = Number(request.headers.get('content-length') ?? 0) || 0
    if (declared >= LARGE_BYTES && declared <= bodyLimit && !backend!.admits(true)) {
      return refuse(request, 503, 'unavailable', `no scoring worker free (queue is at limit (${maxQueue} waiting))`, { 'retry-after': '1' })
    }
    const body = await readBody(request, bindings, bodyLimit, deadline)
    if (body === 'too_large') {
      const message = `the body is over the limit of ${bodyLimit} bytes`
      // Under Node, the answer goes out now while the rest of the body is read and dropped (up to a
      // bound), so that every client reads it: curl and browsers read while sending, Node's fetch
      // and simpler clients once they have sent. Elsewhere the runtime owns the stream: close.
      if (!bindings?.incoming) return fail(413, 'payload_too_large', message, { connection: 'close' })
      discardRest(bindings.incoming, deadline)
      return fail(413, 'payload_too_large', message)
    }
    if (body === 'timeout') {
      return fail(408, 'request_timeout', `the body did not arrive within ${timeoutMs} ms`, { connection: 'close' })
    }
    if (body === 'aborted') return fail(400, 'invalid_json', 'the body ended early', { connection: 'close' })
    const bytes = await decoded(body, request.headers.get('content-encoding'), bodyLimit)
    if (bytes === undefined) {
      return fail(415, 'unsupported_media_type', 'the body must be sent as is, or with content-encoding gzip or deflate')
    }
    if (bytes === 'too_large') return fail(413, 'payload_too_large', `the body inflates to more than the limit of ${bodyLimit} bytes`)
    if (bytes === 'aborted') return fail(400, 'invalid_json', 'the body is not valid gzip or deflate data')
    // A timer cleared on completion, rather than AbortSignal.timeout, which would leave one timer per
    // request pending for timeoutMs.
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(new DOMException('scoring timed out', 'TimeoutError')), Math.max(1, deadline - Date.now()))
    try {
      const large = Math.max(declared, body.byteLength, bytes.byteLength) >= LARGE_BYTES
      const outcome = await backend!.run(op, bytes, abort.signal, large)
      return new Response(outcome.body, { status: outcome.status, headers: JSON_TYPE })
    } catch (e) {
      if (e instanceof Unavailable) return fail(503, 'unavailable', `no scoring worker free (${e.message})`, { 'retry-after': '1' })
      if (e instanceof Error && e.name === 'TimeoutError') {
        return fail(503, 'unavailable', `scoring '${op}' took longer than the limit of ${timeoutMs} ms`)
      }
      throw e
    } finally {
      clearTimeout(timer)
    }
  }

  const app = new Hono<{ Bindings: NodeBindings }>()
  if (options.corsOrigins?.length) {
    // Preflights are answered here, before the key check: browsers send them without custom headers.
    const origins = [...options.corsOrigins]
    app.use(
      '*',
      cors({
        origin: origins.includes('*') ? '*' : origins,
        allowMethods: ['GET', 'POST'],
        allowHeaders: ['API_KEY', 'content-type'],
        maxAge: 600
      })
    )
  }
  app.get('/healthz', async (c) => {
    try {
      await ready
    } catch {
      return fail(503, 'unavailable', 'the scoring workers failed to start')
    }
    if (closing) return fail(503, 'unavailable', 'shutting down')
    return c.json({ status: 'ok', threads: backend!.threads, operations: [...routes.values()] })
  })
  app.get('/metrics', () => {
    const text = stats.prometheus({
      litmus_in_flight_requests: ['Requests being handled now.', inflight],
      litmus_pool_threads: ['Scoring worker threads (0: scoring on the main thread).', backend?.threads ?? 0],
      litmus_pool_queued_tasks: ['Requests waiting for a free scoring worker.', backend?.queued() ?? 0]
    })
    return new Response(text, { headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' } })
  })
  app.get('/openapi.json', async () => {
    openapi ??= document()
    openapi.catch(() => (openapi = undefined))
    return new Response(await openapi, { headers: JSON_TYPE })
  })
  app.get('/versions', (c) => c.json(versionsOf(implementedNames)))
  app.get('/:version{v[34]}/performance', async (c) => {
    if (!authorised(c.req.raw)) return unauthorised(c.req.raw)
    return c.json(stats.performance(c.req.param('version')))
  })
  for (const path of ['/healthz', '/metrics', '/openapi.json', '/versions', '/:version{v[34]}/performance']) {
    app.all(path, (c) => refuse(c.req.raw, 405, 'method_not_allowed', `${new URL(c.req.url).pathname} takes GET`, { allow: 'GET' }))
  }
  /** Answer one POST route: `resolve` names its task; `label` is its name in the statistics. */
  const post = (path: string, resolve: (c: { req: { raw: Request; param: (k: string) => string } }) => string | Response, label: (version: string, name: string) => string) =>
    app.all(path, async (c) => {
      const started = Date.now()
      const t0 = performance.now()
      const version = c.req.param('version') ?? 'v4'
      const name = c.req.param('name') ?? ''
      let response: Response
      try {
        response = await score(c.req.raw, c.env, () => resolve(c as never), started)
      } catch (e) {
        console.error('litmus server:', e)
        response = refuse(c.req.raw, 500, 'internal', 'internal error; the server log has the details')
      }
      stats.record(label(version, name), version, response.status, (performance.now() - t0) / 1000)
      return response
    })
  // Only registry names become labels; anything else is counted as '(unknown)'.
  const opLabel = (version: string, name: string) => routes.get(`/${version}/metrics/${name}`) ?? '(unknown)'
  post('/:version{v[34]}/metrics/:name', (c) => operationAt(c.req.raw, c.req.param('version'), c.req.param('name')), opLabel)
  // Beyond the spec (docs/service.md): the evidence behind a score, redaction, and guardrail scans.
  post('/:version{v[34]}/explain/:name', (c) => {
    const op = operationAt(c.req.raw, c.req.param('version'), c.req.param('name'))
    return typeof op === 'string' ? `explain:${op}` : op
  }, (version, name) => `explain:${opLabel(version, name)}`)
  post('/v4/redact', () => 'redact', () => 'redact')
  post('/v4/scan', () => 'scan', () => 'scan')
  post('/v4/scan/output', () => 'scan_output', () => 'scan_output')
  app.notFound((c) => refuse(c.req.raw, 404, 'not_found', `no route ${c.req.method} ${new URL(c.req.url).pathname}; see GET /openapi.json`))
  app.onError((e, c) => {
    console.error('litmus server:', e)
    return refuse(c.req.raw, 500, 'internal', 'internal error; the server log has the details')
  })

  async function fetch(request: Request, bindings?: NodeBindings): Promise<Response> {
    if (closing) return fail(503, 'unavailable', 'shutting down', { connection: 'close' })
    inflight++
    try {
      try {
        await ready
      } catch {
        return fail(503, 'unavailable', 'the scoring workers failed to start')
      }
      return await app.fetch(request, bindings)
    } finally {
      if (--inflight === 0) drained?.()
    }
  }

  let node: import('node:http').Server | undefined
  let closed: Promise<void> | undefined

  return {
    fetch,
    ready,
    async listen({ port = 8080, host = '127.0.0.1' } = {}) {
      if (noAuth && !LOOPBACK.has(host)) {
        throw new Error(`litmus server: without API keys the server listens on the loopback interface only, not ${host}`)
      }
      if (node) throw new Error('litmus server: already listening')
      await ready
      const { createAdaptorServer } = await import('@hono/node-server')
      const server = createAdaptorServer({
        fetch: fetch as (request: Request, env: unknown) => Promise<Response>,
        // Leave the process's Request and Response alone: the server may share it with other code.
        overrideGlobalObjects: false,
        // Unread bodies are ours to drop (discardRest, bounded by DRAIN_LIMIT and the deadline); the
        // adaptor's own clean-up would close a connection 500 ms after the answer, whatever the client.
        autoCleanupIncoming: false,
        // Node's own limits back ours up: headers must arrive in time, and a request cannot outlive the deadline by much.
        serverOptions: { requestTimeout: timeoutMs + 5_000, headersTimeout: Math.min(timeoutMs, 60_000) }
      }) as import('node:http').Server
      node = server
      // A client that asks before sending (`Expect: 100-continue`, as curl does for bodies over 1 MB) and
      // declares a body over the limit gets its 413 instead of the go-ahead, and so never sends the body;
      // otherwise Node's default (100 Continue) and the usual path.
      server.on('checkContinue', (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
        if (Number(req.headers['content-length'] ?? 0) > bodyLimit) {
          res.writeHead(413, { ...JSON_TYPE, connection: 'close' }).end(errorJson('payload_too_large', `the body is over the limit of ${bodyLimit} bytes`))
          return
        }
        res.writeContinue()
        server.emit('request', req, res)
      })
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => {
          server.off('error', reject)
          resolve()
        })
      })
      const address = server.address() as import('node:net').AddressInfo
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address
      return { url: `http://${shown}:${address.port}`, host: address.address, port: address.port }
    },
    close() {
      closed ??= (async () => {
        closing = true
        const server = node
        const stopped = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve()
        if (inflight > 0) await new Promise<void>((resolve) => (drained = resolve))
        if (server) {
          // In-flight responses are written; idle keep-alive sockets go now, any straggler after a second.
          server.closeIdleConnections()
          const straggler = setTimeout(() => server.closeAllConnections(), 1_000)
          await stopped
          clearTimeout(straggler)
        }
        await (await backendPromise.catch(() => undefined))?.close()
      })()
      return closed
    }
  }
}
