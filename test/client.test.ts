import { readFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { createServer as createTcpServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidArgumentError, load, MissingArgumentError, ValidationError } from '../dist/litmus.js'
import { ConfigurationError, createClient, ServiceError, type Client } from '../dist/client.js'
import { createServer, type LitmusServer } from '../dist/server.js'
import { declaredOnly, INVALID, libraryOutcome, requestFor } from './service.js'

const litmus = await load()
const KEY = 'client-test-key-0123456789'
async function listenLocal(server: HttpServer): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

let server: LitmusServer
let baseUrl: string
let client: Client
beforeAll(async () => {
  server = createServer({ keys: [KEY], threads: 2 })
  baseUrl = (await server.listen({ port: 0, host: '127.0.0.1' })).url
  client = createClient({ apiKey: KEY, baseUrl })
})
afterAll(() => server.close())

// [what, options, pattern of the message]
const BAD_CONFIG: [string, unknown, RegExp][] = [
  ['no options', undefined, /options/],
  ['no key', { baseUrl: 'http://127.0.0.1:1' }, /apiKey is required/],
  ['empty key', { apiKey: '', baseUrl: 'http://127.0.0.1:1' }, /apiKey is required/],
  ['key with a space', { apiKey: 'a b', baseUrl: 'http://127.0.0.1:1' }, /visible ASCII/],
  ['key with a newline', { apiKey: 'abc\n', baseUrl: 'http://127.0.0.1:1' }, /visible ASCII/],
  ['key not a string', { apiKey: 42, baseUrl: 'http://127.0.0.1:1' }, /visible ASCII/],
  ['no base URL', { apiKey: 'k' }, /baseUrl is required/],
  ['base URL not a URL', { apiKey: 'k', baseUrl: 'localhost:8080' }, /baseUrl (is not a valid URL|must use http)/],
  ['base URL garbage', { apiKey: 'k', baseUrl: 'http://' }, /not a valid URL/],
  ['base URL ftp', { apiKey: 'k', baseUrl: 'ftp://example.com' }, /http or https, not ftp/],
  ['base URL file', { apiKey: 'k', baseUrl: 'file:///etc/passwd' }, /http or https, not file/],
  ['base URL with credentials', { apiKey: 'k', baseUrl: 'http://user:pw@example.com' }, /credentials/],
  ['base URL with a query', { apiKey: 'k', baseUrl: 'http://example.com/?a=1' }, /query/],
  ['timeout 0', { apiKey: 'k', baseUrl: 'http://example.com', timeout: 0 }, /timeout/],
  ['timeout NaN', { apiKey: 'k', baseUrl: 'http://example.com', timeout: Number.NaN }, /timeout/],
  ['timeout as text', { apiKey: 'k', baseUrl: 'http://example.com', timeout: '30' }, /timeout/],
  ['timeout -1', { apiKey: 'k', baseUrl: 'http://example.com', timeout: -1 }, /timeout/],
  ['timeout above 2^31 - 1 (a timer would fire at once)', { apiKey: 'k', baseUrl: 'http://example.com', timeout: 2 ** 31 }, /timeout .* 2147483647/],
  ['timeout Infinity', { apiKey: 'k', baseUrl: 'http://example.com', timeout: Infinity }, /timeout/]
]

describe('createClient', () => {
  it.each(BAD_CONFIG)('configuration error at creation: %s', (_what, options, message) => {
    expect(() => createClient(options as never)).toThrow(ConfigurationError)
    expect(() => createClient(options as never)).toThrow(message)
  })

  it.each([
    ['http://example.com', 'v4', 'http://example.com/v4/metrics', 'http://example.com/v4/performance'],
    ['https://example.com/', 'v3', 'https://example.com/v3/metrics', 'https://example.com/v3/performance'],
    ['https://example.com/litmus//', 'v4', 'https://example.com/litmus/v4/metrics', 'https://example.com/litmus/v4/performance']
  ])('%s: metricsUrl(%s) and performanceUrl', (base, version, metrics, performance) => {
    const c = createClient({ apiKey: 'k', baseUrl: base })
    expect(c.metricsUrl(version)).toBe(metrics)
    expect(c.performanceUrl(version)).toBe(performance)
    expect(() => c.metricsUrl('4')).toThrow(ConfigurationError)
  })

  it('has a method for every implemented operation, v3 ones under v3', () => {
    for (const name of litmus.operations) {
      const method = name.startsWith('v3.') ? (client.v3 as any)[camel(name.slice(3))] : (client as any)[camel(name)]
      expect(typeof method, name).toBe('function')
    }
  })

  it('is small and browser-safe: fetch only, no Node modules', () => {
    const source = readFileSync(new URL('../dist/client.js', import.meta.url), 'utf8')
    expect(source).not.toMatch(/node:|require\(|process\./)
    const imports = [...source.matchAll(/from\s*["']([^"']+)["']/g)].map((m) => m[1])
    expect(new Set(imports)).toEqual(new Set(['litmus-metrics', './shared/paths.js']))
    expect(source.length).toBeLessThan(8_000)
  })
})

/** A fetch that answers every call with `answer` and counts the calls. */
function fakeFetch(answer: () => Response) {
  const calls: RequestInit[] = []
  const fetch = (async (_url: string, init: RequestInit) => {
    calls.push(init)
    return answer()
  }) as unknown as typeof globalThis.fetch
  return { fetch, calls }
}

describe('client without a server', () => {
  // [what, per-call timeout]
  const BAD_CALL_TIMEOUTS: [string, unknown][] = [
    ['-1', -1],
    ['NaN', Number.NaN],
    ['text', 'abc'],
    ['0', 0],
    ['3e9 (over 2^31 - 1)', 3e9]
  ]
  it.each(BAD_CALL_TIMEOUTS)('a per-call timeout of %s is a ConfigurationError, and nothing is sent', async (_what, value) => {
    const { fetch, calls } = fakeFetch(() => Response.json({ score: 1 }))
    const c = createClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1', fetch })
    await expect(c.clarity({ text: 'Hi.' }, { timeout: value as number })).rejects.toBeInstanceOf(ConfigurationError)
    expect(calls).toHaveLength(0)
  })

  it('a fractional timeout works (rounded up to whole ms)', async () => {
    const { fetch } = fakeFetch(() => Response.json({ score: 1 }))
    const c = createClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1', fetch, timeout: 1500.5 })
    expect(await c.clarity({ text: 'Hi.' }, { timeout: 99.5 })).toEqual({ score: 1 })
  })

  // [what, metadata that JSON cannot write]
  const circular: Record<string, unknown> = {}
  circular.self = circular
  it.each([
    ['a BigInt', { n: 1n }],
    ['a cycle', circular]
  ])('metadata holding %s is an InvalidArgumentError, and nothing is sent', async (_what, metadata) => {
    const { fetch, calls } = fakeFetch(() => Response.json({ score: 1 }))
    const c = createClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1', fetch })
    const error = await c.clarity({ text: 'Hi.', metadata } as never).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidArgumentError)
    // A cycle is refused by validation (metadata must be a tree), a BigInt when the body is written.
    expect(error.issues[0]).toMatchObject({ field: expect.stringMatching(/^(\(body\)|metadata)$/), expected: expect.stringMatching(/JSON/) })
    expect(calls).toHaveLength(0)
  })

  // [what, status, body]: answers no Litmus server gives; each must end in a ServiceError, never a TypeError.
  const FOREIGN: [string, number, unknown][] = [
    ['issues: [null]', 400, { error: { code: 'invalid_argument', requestType: 'ClarityRequest', issues: [null] } }],
    ['issues: [1, "x"]', 400, { error: { code: 'missing_argument', requestType: 'ClarityRequest', issues: [1, 'x'] } }],
    ['issues: []', 400, { error: { code: 'invalid_argument', requestType: 'ClarityRequest', issues: [] } }],
    ['issue with a numeric field', 400, { error: { code: 'invalid_argument', requestType: 'X', issues: [{ field: 1, kind: 'invalid' }] } }],
    ['error: null', 500, { error: null }],
    ['error as text', 502, { error: 'bad gateway' }],
    ['code as a number', 503, { error: { code: 5, message: { m: 1 } } }],
    ['a JSON array', 500, [1, 2]]
  ]
  it.each(FOREIGN)('a foreign error answer (%s) is a ServiceError', async (_what, status, body) => {
    const { fetch } = fakeFetch(() => Response.json(body, { status }))
    const error = await createClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1', fetch }).clarity({ text: 'Hi.' }).catch((e) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect(error.status).toBe(status)
  })

  it('asks fetch to follow no redirect', async () => {
    const { fetch, calls } = fakeFetch(() => Response.json({ score: 1 }))
    await createClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1', fetch }).clarity({ text: 'Hi.' })
    expect(calls[0].redirect).toBe('manual')
  })
})

describe('redirects: the key never leaves its origin', () => {
  let target: HttpServer
  let redirector: HttpServer
  let targetUrl: string
  let redirectorUrl: string
  const seen: { method?: string; key?: string | string[]; body: string }[] = []
  const answer = new Map<string, number>()
  beforeAll(async () => {
    // Another origin (another port) that would answer a score, and records whatever reaches it.
    target = createHttpServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({ method: req.method, key: req.headers.api_key, body })
        res.setHeader('content-type', 'application/json')
        res.end('{"score":99}')
      })
    })
    redirector = createHttpServer((req, res) => {
      req.resume()
      const status = answer.get(req.url ?? '') ?? 307
      res.writeHead(status, { location: `${targetUrl}${req.url}` })
      res.end()
    })
    targetUrl = await listenLocal(target)
    redirectorUrl = await listenLocal(redirector)
  })
  afterAll(() => {
    target.close()
    redirector.close()
  })

  it.each([301, 302, 303, 307, 308])('a %i to another host is a ServiceError of code redirect; nothing reaches it', async (status) => {
    answer.set('/v4/metrics/clarity', status)
    seen.length = 0
    const c = createClient({ apiKey: KEY, baseUrl: redirectorUrl })
    const error = await c.clarity({ text: 'Hi.' }).catch((e) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect(error).toMatchObject({ status, code: 'redirect' })
    expect(error.message).toContain(targetUrl)
    expect(seen).toEqual([])
  })
})

describe('client against the server', () => {
  it('answers every implemented operation as the library does (method and evaluate)', async () => {
    for (const name of litmus.operations) {
      const body = requestFor(name)
      const expected = libraryOutcome(litmus, name, body)
      const method = name.startsWith('v3.') ? (client.v3 as any)[camel(name.slice(3))] : (client as any)[camel(name)]
      for (const call of [() => method(body), () => client.evaluate(name, body)]) {
        if (expected.status === 200) expect(await call(), name).toEqual(expected.body)
        else await expect(call(), name).rejects.toMatchObject({ name: expected.name, issues: expected.issues })
      }
    }
  })

  it('returns metadata as given', async () => {
    expect(await client.clarity({ text: 'The cat sat.', metadata: { run: 'a', n: [1, 2] } })).toMatchObject({ metadata: { run: 'a', n: [1, 2] } })
  })

  it.each(INVALID)('server validation errors are the library classes with the same issues: %s %j', async (name, body) => {
    const expected = libraryOutcome(litmus, name, body)
    if (expected.status !== 400) throw new Error('fixture should be invalid')
    let caught: unknown
    try {
      await client.evaluate(name as never, body)
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(ValidationError)
    expect(caught).toBeInstanceOf(expected.name === 'MissingArgumentError' ? MissingArgumentError : InvalidArgumentError)
    const error = caught as ValidationError
    expect(error.message).toBe(expected.message)
    expect(error.requestType).toBe(expected.requestType)
    expect(JSON.parse(JSON.stringify(error.issues))).toEqual(expected.issues)
  })

  it('a wrong key is a ServiceError 401', async () => {
    const wrong = createClient({ apiKey: 'not-the-key', baseUrl })
    await expect(wrong.clarity({ text: 'Hi.' })).rejects.toMatchObject({ name: 'ServiceError', status: 401, code: 'unauthorized' })
  })

  it('an operation the server does not implement is a ServiceError 404', async () => {
    const name = declaredOnly(litmus)[0]
    if (name === undefined) return
    await expect(client.evaluate(name as never, { text: 'x' })).rejects.toMatchObject({ status: 404, code: 'not_found' })
    await expect(client.evaluate('no_such' as never, {})).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('a body over the server limit is a ServiceError 413', async () => {
    await expect(client.clarity({ text: 'a'.repeat(1_000_001) })).rejects.toMatchObject({ status: 413, code: 'payload_too_large' })
  })

  describe('no answer', () => {
    let silent: Server
    let silentUrl: string
    beforeAll(async () => {
      // Accepts connections and never answers.
      silent = createTcpServer(() => {})
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
      silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`
    })
    afterAll(() => {
      silent.close()
      ;(silent as any).closeAllConnections?.()
    })

    it('times out with a ServiceError of code timeout', async () => {
      const slow = createClient({ apiKey: KEY, baseUrl: silentUrl, timeout: 200 })
      const started = performance.now()
      const error = await slow.clarity({ text: 'Hi.' }).catch((e) => e)
      expect(error).toBeInstanceOf(ServiceError)
      expect(error).toMatchObject({ status: 0, code: 'timeout' })
      expect(performance.now() - started).toBeLessThan(2_000)
      // A per-call limit overrides the client's.
      const quick = await createClient({ apiKey: KEY, baseUrl: silentUrl }).clarity({ text: 'Hi.' }, { timeout: 100 }).catch((e) => e)
      expect(quick.code).toBe('timeout')
    })

    it('is a ServiceError of code network when nothing listens', async () => {
      const port = (silent.address() as { port: number }).port
      const closed = createTcpServer()
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
      const free = (closed.address() as { port: number }).port
      await new Promise((r) => closed.close(r))
      expect(free).not.toBe(port)
      const error = await createClient({ apiKey: KEY, baseUrl: `http://127.0.0.1:${free}` }).clarity({ text: 'Hi.' }).catch((e) => e)
      expect(error).toMatchObject({ name: 'ServiceError', status: 0, code: 'network' })
    })
  })
})
