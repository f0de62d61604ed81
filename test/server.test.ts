import { spawn } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { load, OPERATIONS } from '../dist/litmus.js'
import { createServer, operationPath, type LitmusServer } from '../dist/server.js'
import { declaredOnly, INVALID, libraryOutcome, requestFor } from './service.js'

const litmus = await load()
const KEY = 'test-key-0123456789abcdef'
const JSON_HEADERS = { 'content-type': 'application/json', API_KEY: KEY }
const LIMIT = 100_000
const TIMEOUT_MS = 1_500

/** One raw HTTP exchange, so a test controls when (and whether) the body is sent. */
function raw(
  url: string,
  options: { method?: string; path: string; headers: Record<string, string | number>; send?: (req: import('node:http').ClientRequest) => void }
): Promise<{ status: number; headers: import('node:http').IncomingHttpHeaders; body: string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + options.path, { method: options.method ?? 'POST', headers: options.headers, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => {
        resolve({ status: res.statusCode!, headers: res.headers, body, ms: performance.now() - started })
        req.destroy()
      })
    })
    // The server may close the connection while the body is still being written: that is the point.
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e)))
    if (options.send) options.send(req)
    else req.end()
  })
}

const pathOf = (name: string) => operationPath((OPERATIONS as Record<string, { name: string; version: string }>)[name])
// A declared operation Litmus does not implement (a v3 one once every v4 operation is built), at its own path.
const declared = declaredOnly(litmus)[0]
const declaredPath = declared ? pathOf(declared) : '/v4/metrics/no_such'

// [what, method, path, headers, body, status, the error code or a check of the JSON body]
type Case = [string, string, string, Record<string, string>, string | Uint8Array<ArrayBuffer> | undefined, number, string | ((body: any) => void)]
const CASES: Case[] = [
  ['no key', 'POST', '/v4/metrics/clarity', { 'content-type': 'application/json' }, '{"text":"x"}', 401, 'unauthorized'],
  ['wrong key', 'POST', '/v4/metrics/clarity', { ...JSON_HEADERS, API_KEY: KEY + 'x' }, '{"text":"x"}', 401, 'unauthorized'],
  ['key of another case', 'POST', '/v4/metrics/clarity', { ...JSON_HEADERS, API_KEY: KEY.toUpperCase() }, '{"text":"x"}', 401, 'unauthorized'],
  ['unknown operation', 'POST', '/v4/metrics/no_such', JSON_HEADERS, '{}', 404, 'not_found'],
  ['declared, not implemented', 'POST', declaredPath, JSON_HEADERS, '{}', 404, (b) => expect(b.error.message).toMatch(/not implemented|not an operation/)],
  ['v4 name under v3', 'POST', '/v3/metrics/input_type', JSON_HEADERS, '{}', 404, 'not_found'],
  ['unknown version', 'POST', '/v5/metrics/clarity', JSON_HEADERS, '{}', 404, 'not_found'],
  ['unknown path', 'GET', '/nope', {}, undefined, 404, 'not_found'],
  ['GET on a metric', 'GET', '/v4/metrics/clarity', { API_KEY: KEY }, undefined, 405, 'method_not_allowed'],
  ['PUT on a metric', 'PUT', '/v4/metrics/clarity', JSON_HEADERS, '{}', 405, 'method_not_allowed'],
  ['POST on /healthz', 'POST', '/healthz', {}, undefined, 405, 'method_not_allowed'],
  ['body over the limit', 'POST', '/v4/metrics/clarity', JSON_HEADERS, JSON.stringify({ text: 'a'.repeat(LIMIT) }), 413, 'payload_too_large'],
  ['text/plain', 'POST', '/v4/metrics/clarity', { ...JSON_HEADERS, 'content-type': 'text/plain' }, '{"text":"x"}', 415, 'unsupported_media_type'],
  ['no content type', 'POST', '/v4/metrics/clarity', { API_KEY: KEY }, '{"text":"x"}', 415, 'unsupported_media_type'],
  ['charset latin1', 'POST', '/v4/metrics/clarity', { ...JSON_HEADERS, 'content-type': 'application/json; charset=iso-8859-1' }, '{"text":"x"}', 415, 'unsupported_media_type'],
  ['malformed JSON', 'POST', '/v4/metrics/clarity', JSON_HEADERS, '{"text":', 400, 'invalid_json'],
  ['empty body', 'POST', '/v4/metrics/clarity', JSON_HEADERS, '', 400, 'invalid_json'],
  ['invalid UTF-8', 'POST', '/v4/metrics/clarity', JSON_HEADERS, new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), 400, 'invalid_json'],
  ['charset utf-8 accepted', 'POST', '/v4/metrics/clarity', { ...JSON_HEADERS, 'content-type': 'application/json; charset=UTF-8' }, '{"text":"Hi."}', 200, (b) => expect(b.score).toBeTypeOf('number')],
  ['metadata echo', 'POST', '/v4/metrics/clarity', JSON_HEADERS, '{"text":"The cat sat.","metadata":{"id":7,"tags":["a"]}}', 200, (b) => expect(b.metadata).toEqual({ id: 7, tags: ['a'] })],
  ['metadata null echo', 'POST', '/v4/metrics/clarity', JSON_HEADERS, '{"text":"The cat sat.","metadata":null}', 200, (b) => expect(b.metadata).toBeNull()],
  ['missing field', 'POST', '/v4/metrics/clarity', JSON_HEADERS, '{}', 400, (b) => {
    expect(b.error.code).toBe('missing_argument')
    expect(b.error.issues).toEqual([{ field: 'text', path: ['text'], kind: 'missing', expected: 'string', description: 'the text to score' }])
  }],
  ['nested invalid field', 'POST', '/v4/metrics/pii', JSON_HEADERS, '{"text":"x","categories":["EMAIL_ADDRESS",3]}', 400, (b) => {
    expect(b.error.code).toBe('invalid_argument')
    expect(b.error.issues[0]).toMatchObject({ field: 'categories[1]', path: ['categories', 1], expected: 'non-empty string', received: '3' })
  }],
  ['healthz', 'GET', '/healthz', {}, undefined, 200, (b) => {
    expect(b.status).toBe('ok')
    expect([...b.operations].sort()).toEqual([...litmus.operations].sort())
  }],
  ['performance without key', 'GET', '/v4/performance', {}, undefined, 401, 'unauthorized']
]

describe.each([
  ['a pool of 2 workers (default)', 2, undefined],
  ['a pool of 2 workers, bodies under 4 KiB on the main thread', 2, 4096],
  ['scoring on the main thread', 0, undefined]
])('server, %s', (_label, threads, inlineBelow) => {
  let server: LitmusServer
  let url: string
  beforeAll(async () => {
    server = createServer({ keys: [KEY, 'second-key-abcdefghijkl'], threads, inlineBelow, bodyLimit: LIMIT, timeoutMs: TIMEOUT_MS })
    ;({ url } = await server.listen({ port: 0, host: '127.0.0.1' }))
  })
  afterAll(() => server.close())

  it.each(CASES)('%s: %s %s', async (_what, method, path, headers, body, status, check) => {
    const res = await fetch(url + path, { method, headers, body })
    const text = await res.text()
    expect(res.status, text).toBe(status)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const json = JSON.parse(text)
    if (typeof check === 'string') {
      expect(json.error.code).toBe(check)
      expect(json.error.message).toBeTypeOf('string')
      expect(text).not.toMatch(/\n\s+at /) // no stack trace
    } else check(json)
    if (status === 405) expect(res.headers.get('allow')).toMatch(/POST|GET/)
  })

  it('answers every implemented operation as the library does, at its path', async () => {
    for (const name of litmus.operations) {
      const body = requestFor(name)
      const res = await fetch(url + pathOf(name), {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify(body)
      })
      const expected = libraryOutcome(litmus, name, body)
      const json = await res.json()
      expect(res.status, name).toBe(expected.status)
      if (expected.status === 200) expect(json, name).toEqual(expected.body)
      else expect(json.error, name).toMatchObject({ code: expected.code, requestType: expected.requestType, message: expected.message })
    }
  })

  it.each(INVALID)('validation errors carry the library issues: %s %j', async (name, body) => {
    const expected = libraryOutcome(litmus, name, body)
    if (expected.status !== 400) throw new Error('fixture should be invalid')
    const path = pathOf(name)
    const res = await fetch(url + path, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) })
    expect(res.status).toBe(400)
    const { error } = await res.json()
    expect(error.code).toBe(expected.code)
    expect(error.requestType).toBe(expected.requestType)
    expect(error.message).toBe(expected.message)
    expect(error.issues.map(({ path: _p, ...issue }: any) => issue)).toEqual(expected.issues)
    for (const issue of error.issues) expect(issue.path.join('.')).toBe(issue.field === '(body)' ? '' : issue.field.replace(/\[(\d+)\]/g, '.$1'))
  })

  it('scores large bodies (over 64 KiB) beside small ones, all of them', async () => {
    const big = JSON.stringify({ text: 'The cat sat on the mat. '.repeat(3_500) })
    expect(big.length).toBeGreaterThan(65_536)
    expect(big.length).toBeLessThan(LIMIT)
    const post = (body: string) => fetch(url + '/v4/metrics/clarity', { method: 'POST', headers: JSON_HEADERS, body }).then(async (r) => [r.status, await r.json()])
    const results = await Promise.all([post(big), post(big), post(big), post('{"text":"Hi."}'), post(big), post('{"text":"Hi."}')])
    for (const [status, json] of results) {
      expect(status).toBe(200)
      expect(json.score).toBeTypeOf('number')
    }
    expect(results[0][1]).toEqual(litmus.clarity(JSON.parse(big)))
  })

  it('a wrong key is refused before the body is read: 1 GB declared, 64 KB sent', async () => {
    const res = await raw(url, {
      path: '/v4/metrics/clarity',
      headers: { ...JSON_HEADERS, API_KEY: 'wrong-key-0000000000', 'content-length': 1_000_000_000 },
      send: (req) => req.write(Buffer.alloc(65_536, 0x20))
    })
    expect(res.status).toBe(401)
    expect(res.headers.connection).toBe('close')
    expect(res.ms).toBeLessThan(1_000)
  })

  it('a declared length over the limit is refused before the body is read', async () => {
    const res = await raw(url, {
      path: '/v4/metrics/clarity',
      headers: { ...JSON_HEADERS, 'content-length': 50_000_000 },
      send: (req) => req.write('{"text":"')
    })
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body).error.code).toBe('payload_too_large')
  })

  it('a chunked body is cut off at the limit', async () => {
    const res = await raw(url, {
      path: '/v4/metrics/clarity',
      headers: JSON_HEADERS,
      send: (req) => {
        req.write('{"text":"')
        for (let i = 0; i < 20; i++) req.write('a'.repeat(10_000))
      }
    })
    expect(res.status).toBe(413)
  })

  it('a client that stops sending gets 408 after the time limit', async () => {
    const res = await raw(url, {
      path: '/v4/metrics/clarity',
      headers: { ...JSON_HEADERS, 'content-length': 100 },
      send: (req) => req.write('{"text":')
    })
    expect(res.status).toBe(408)
    expect(JSON.parse(res.body).error.code).toBe('request_timeout')
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    expect(res.ms).toBeLessThan(TIMEOUT_MS + 1_000)
  })

  it('/metrics counts requests, errors and latency by operation', async () => {
    const scrape = async () => {
      const res = await fetch(url + '/metrics')
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/)
      return res.text()
    }
    const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}()[\].+]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0)
    const before = await scrape()
    await fetch(url + '/v4/metrics/input_type', { method: 'POST', headers: JSON_HEADERS, body: '{"text":"abc"}' })
    await fetch(url + '/v4/metrics/input_type', { method: 'POST', headers: JSON_HEADERS, body: '{}' })
    await fetch(url + '/v4/metrics/made_up_name', { method: 'POST', headers: JSON_HEADERS, body: '{}' })
    const after = await scrape()
    const ok = 'litmus_requests_total{operation="input_type",version="v4",status="200"}'
    const bad = 'litmus_requests_total{operation="input_type",version="v4",status="400"}'
    const errors = 'litmus_request_errors_total{operation="input_type",version="v4"}'
    const count = 'litmus_request_duration_seconds_count{operation="input_type",version="v4"}'
    expect(value(after, ok) - value(before, ok)).toBe(1)
    expect(value(after, bad) - value(before, bad)).toBe(1)
    expect(value(after, errors) - value(before, errors)).toBe(1)
    expect(value(after, count) - value(before, count)).toBe(2)
    expect(value(after, 'litmus_request_duration_seconds_sum{operation="input_type",version="v4"}')).toBeGreaterThan(0)
    // Made-up names are not labels.
    expect(after).not.toContain('made_up_name')
    expect(after).toMatch(/^litmus_pool_threads \d+$/m)
  })

  it('/v4/performance gives the same counters as JSON', async () => {
    const res = await fetch(url + '/v4/performance', { headers: { API_KEY: KEY } })
    const json = await res.json()
    expect(json.version).toBe('v4')
    expect(json.operations.clarity.requests).toBeGreaterThan(0)
    expect(json.operations.clarity.errors).toBeGreaterThan(0)
    expect(json.operations.clarity.latency_ms.p99).toBeGreaterThanOrEqual(json.operations.clarity.latency_ms.p50)
  })

  it('serves the committed OpenAPI document', async () => {
    const res = await fetch(url + '/openapi.json')
    expect(await res.json()).toEqual(JSON.parse(readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8')))
  })
})

describe('bundles', () => {
  it('keep the server out of the library: dist/litmus.js and the chunks it imports hold none of its code', () => {
    // Strings of the server, the OpenAPI generator and the client (the WASM's base64 rules out bare words).
    const serverish = /litmus server:|API_KEY header|Litmus metrics service|litmus client:/
    expect(readFileSync(new URL('../dist/server.js', import.meta.url), 'utf8')).toMatch(/litmus server:/)
    // Every file the library can import, static or dynamic, from litmus.js on.
    const seen = new Set<string>()
    const walk = (url: URL) => {
      if (seen.has(url.href)) return
      seen.add(url.href)
      const code = readFileSync(url, 'utf8')
      expect(code, url.pathname).not.toMatch(serverish)
      const imports = [
        ...[...code.matchAll(/(?:^|[;}])\s*(?:import|export)\b[^;'"`]*?from\s*["'`]([^"'`]+)["'`]/gm)].map((m) => m[1]!),
        ...[...code.matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]!)
      ]
      // Model chunks, metric code, code shared with other entries and the WebAssembly: files of the package.
      for (const spec of imports) {
        expect(spec).toMatch(/^\.\.?\/(models\/[\w-]+|metrics\/[\w-]+|shared\/[\w-]+|[\w-]+|core-wasm)\.js$/)
        walk(new URL(spec, url))
      }
    }
    walk(new URL('../dist/litmus.js', import.meta.url))
    expect(seen.size).toBeGreaterThan(20)
  })
})

describe('server on arbitrary bodies', () => {
  it('answers 200 (as the library) or a JSON 400, never anything else, for any JSON or bytes', async () => {
    const server = createServer({ keys: [KEY], threads: 0 })
    const names = litmus.operations
    const post = (name: string, body: Uint8Array<ArrayBuffer> | string) =>
      server.fetch(new Request('http://x' + pathOf(name), { method: 'POST', headers: JSON_HEADERS, body }))
    // Objects shaped like requests (known field names, any values) as well as any JSON and any bytes.
    const fieldNames = [...new Set(names.flatMap((n) => Object.keys((OPERATIONS as any)[n].request)))]
    const requestLike = fc.dictionary(fc.constantFrom(...fieldNames), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.oneof(requestLike.map((v) => JSON.stringify(v)), fc.json({ maxDepth: 3 }), fc.uint8Array({ maxLength: 64 }).map((b) => new Uint8Array(b))),
        async (name, body) => {
          const res = await post(name, body)
          const json = await res.json()
          if (res.status === 200) {
            const expected = libraryOutcome(litmus, name, JSON.parse(body as string))
            expect(expected.status).toBe(200)
            if (expected.status === 200) expect(json).toEqual(expected.body)
          } else {
            expect(res.status).toBe(400)
            expect(['missing_argument', 'invalid_argument', 'invalid_json']).toContain(json.error.code)
            if (json.error.code !== 'invalid_json') {
              const expected = libraryOutcome(litmus, name, JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)))
              expect(expected.status === 400 && expected.message).toBe(json.error.message)
            }
          }
        }
      ),
      { numRuns: 300, seed: 11 }
    )
    await server.close()
  })
})

describe('server lifecycle and configuration', () => {
  it('close() lets a request in flight finish, and refuses new ones', async () => {
    const server = createServer({ keys: [KEY], threads: 1 })
    const { url } = await server.listen({ port: 0 })
    const body = JSON.stringify({ text: 'The cat sat on the mat.' })
    let finish!: () => void
    const inFlight = raw(url, {
      path: '/v4/metrics/clarity',
      headers: { ...JSON_HEADERS, 'content-length': Buffer.byteLength(body) },
      send: (req) => {
        req.write(body.slice(0, 10))
        finish = () => req.end(body.slice(10))
      }
    })
    await new Promise((r) => setTimeout(r, 100))
    let closed = false
    const closing = server.close().then(() => (closed = true))
    await new Promise((r) => setTimeout(r, 100))
    expect(closed).toBe(false)
    expect((await server.fetch(new Request(url + '/healthz'))).status).toBe(503)
    finish()
    const res = await inFlight
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body).score).toBeTypeOf('number')
    await closing
    expect(closed).toBe(true)
    await expect(fetch(url + '/healthz')).rejects.toThrow()
  })

  it('litmus serve drains the request in flight on SIGTERM, then exits 0', async () => {
    const bin = new URL('../bin/litmus.js', import.meta.url).pathname
    const child = spawn('node', [bin, 'serve', '--port', '0', '--threads', '1'], {
      env: { ...process.env, LITMUS_API_KEYS: KEY },
      stdio: ['ignore', 'ignore', 'pipe']
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    let stderr = ''
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', (chunk) => {
        stderr += chunk
        const m = /serving on (http:\/\/\S+) /.exec(stderr)
        if (m) resolve(m[1])
      })
      child.once('exit', () => reject(new Error(stderr)))
    })
    const body = JSON.stringify({ text: 'The cat sat on the mat.' })
    let finish!: () => void
    const inFlight = raw(url, {
      path: '/v4/metrics/clarity',
      headers: { ...JSON_HEADERS, 'content-length': Buffer.byteLength(body) },
      send: (req) => {
        req.write(body.slice(0, 10))
        finish = () => req.end(body.slice(10))
      }
    })
    await new Promise((r) => setTimeout(r, 100))
    child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 200))
    expect(child.exitCode).toBeNull()
    finish()
    expect((await inFlight).status).toBe(200)
    expect(await exited).toBe(0)
    expect(stderr).toMatch(/SIGTERM, finishing the requests in flight/)
  })

  it('refuses to start without keys unless allowNoAuth, and then only on loopback', async () => {
    expect(() => createServer({ env: {} })).toThrow(/no API keys configured/)
    expect(() => createServer({ keys: [], env: {} })).toThrow(/no API keys configured/)
    expect(() => createServer({ keys: ['has space'] })).toThrow(/visible ASCII/)
    const open = createServer({ allowNoAuth: true, threads: 0, env: {} })
    await expect(open.listen({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/loopback/)
    const { url } = await open.listen({ port: 0 })
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:/)
    const res = await fetch(url + '/v4/metrics/clarity', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"Hi."}' })
    expect(res.status).toBe(200)
    await open.close()
  })

  it('answers CORS preflights for the configured origins, and marks responses, errors included', async () => {
    const server = createServer({ keys: [KEY], threads: 0, corsOrigins: ['https://app.example'] })
    const preflight = await server.fetch(
      new Request('http://x/v4/metrics/clarity', {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'api_key,content-type' }
      })
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/API_KEY/i)
    const post = (key: string, origin: string) =>
      server.fetch(new Request('http://x/v4/metrics/clarity', { method: 'POST', headers: { origin, 'content-type': 'application/json', API_KEY: key }, body: '{"text":"Hi."}' }))
    const ok = await post(KEY, 'https://app.example')
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example')
    const refused = await post('wrong-key-000000', 'https://app.example')
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect((await post(KEY, 'https://elsewhere.example')).headers.get('access-control-allow-origin')).toBeNull()
    await server.close()
    // Without corsOrigins, no CORS headers at all.
    const plain = createServer({ keys: [KEY], threads: 0 })
    const res = await plain.fetch(new Request('http://x/healthz', { headers: { origin: 'https://app.example' } }))
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    await plain.close()
  })

  it('takes keys from LITMUS_API_KEYS or a key file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'litmus-keys-'))
    const keyFile = join(dir, 'keys.txt')
    writeFileSync(keyFile, '# comment\n\nfile-key-1111111111\n  file-key-2222222222  \n')
    for (const [options, good, bad] of [
      [{ env: { LITMUS_API_KEYS: 'env-key-aaaaaaaa, env-key-bbbbbbbb' } }, 'env-key-bbbbbbbb', 'env-key-aaaa'],
      [{ keyFile, env: { LITMUS_API_KEYS: 'env-key-aaaaaaaa' } }, 'file-key-2222222222', 'env-key-aaaaaaaa']
    ] as const) {
      const server = createServer({ ...options, threads: 0 })
      const call = (key: string) =>
        server.fetch(new Request('http://x/v4/metrics/clarity', { method: 'POST', headers: { 'content-type': 'application/json', API_KEY: key }, body: '{"text":"Hi."}' }))
      expect((await call(good)).status).toBe(200)
      expect((await call(bad)).status).toBe(401)
      await server.close()
    }
  })
})
