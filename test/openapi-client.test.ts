// A client generated from the served OpenAPI document, as a user of the service would make one
// (openapi-typescript for the types, openapi-fetch for the calls; both pinned devDependencies): a call
// to every operation with metadata, reading a response field of each, must type-check under strict
// TypeScript, and every call must answer exactly the example the document shows for it.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import createFetchClient from 'openapi-fetch'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { OPERATIONS, type Operation } from '../dist/litmus.js'
import { createServer } from '../dist/server.js'

const server = createServer({ allowNoAuth: true, threads: 0, env: {} })
afterAll(() => server.close())
const doc = await (await server.fetch(new Request('http://litmus.test/openapi.json'))).json()
const ops = OPERATIONS as Record<string, Operation>

/** POST paths of the document, with their operation's example request and the example answer. */
const posts = Object.entries(doc.paths as Record<string, any>)
  .filter(([, item]) => item.post)
  .map(([path, item]) => {
    const content = item.post
    return {
      path,
      id: content.operationId as string,
      request: content.requestBody.content['application/json'].example,
      answer: content.responses['200'].content['application/json'].example
    }
  })

describe('a client generated from the served document (openapi-typescript + openapi-fetch)', () => {
  it('covers every operation of the schema table', () => {
    expect(posts).toHaveLength(Object.keys(ops).length)
  })

  it('type-checks a call to every operation with metadata, reading a response field of each', async () => {
    const dir = new URL('../node_modules/.cache/litmus-openapi-client/', import.meta.url)
    mkdirSync(dir, { recursive: true })
    writeFileSync(new URL('schema.ts', dir), astToString(await openapiTS(doc)))
    const calls = posts.map(({ path, request, answer }, i) => {
      // The first field of the answer, read with the type the document gives it.
      const field = Object.keys(answer).find((k) => k !== 'metadata')!
      return `  {
    const { data, error } = await client.POST(${JSON.stringify(path)}, { body: { ...${JSON.stringify(request)}, metadata: { id: ${i}, tags: ['a'] } } })
    if (error) throw new Error(error.error.message)
    const field${i} = data.${field}
    const id${i}: unknown = data.metadata?.id
    use(field${i}, id${i})
  }`
    })
    writeFileSync(
      new URL('calls.ts', dir),
      `import createClient from 'openapi-fetch'
import type { paths } from './schema.js'

const client = createClient<paths>({ baseUrl: 'http://localhost:8080', headers: { API_KEY: 'key' } })
const use = (..._values: unknown[]) => {}

export async function callEvery(): Promise<void> {
${calls.join('\n')}
  // A typo in a field or a path fails to compile.
  // @ts-expect-error no such field
  await client.POST('/v4/metrics/clarity', { body: { txt: 'x' } })
  // @ts-expect-error no such path
  await client.POST('/v4/metrics/nope', { body: {} })
}
`
    )
    const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname
    const files = ['calls.ts', 'schema.ts'].map((f) => new URL(f, dir).pathname)
    const args = ['--ignoreConfig', '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', '--types', 'node', ...files]
    let output = ''
    try {
      execFileSync(process.execPath, [tsc, ...args], { encoding: 'utf8', cwd: dir.pathname })
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e)
    }
    expect(output).toBe('')
  }, 60_000)

  it('answers every operation with the example the document shows for it', async () => {
    const client = createFetchClient<any>({
      baseUrl: 'http://litmus.test',
      headers: { API_KEY: 'key' },
      fetch: (request: Request) => server.fetch(request)
    })
    for (const { path, id, request, answer } of posts) {
      const { data, error, response } = await client.POST(path, { body: request })
      expect(error, id).toBeUndefined()
      expect(response.status, id).toBe(200)
      expect(data, id).toEqual(answer)
    }
  })
})
