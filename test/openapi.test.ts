import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { load, OPERATIONS, type Operation } from '../dist/litmus.js'
import { createServer, ERROR_CODES, operationPath } from '../dist/server.js'
// @ts-expect-error plain ESM script without types
import { renderOpenApi, renderServiceRoutes } from '../scripts/openapi.mjs'
import { INVALID, libraryOutcome, requestFor } from './service.js'

const litmus = await load()
const committed = readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8')
const doc = JSON.parse(committed)
const ops = OPERATIONS as Record<string, Operation>

// The document's schemas, compiled by a JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1) in
// strict mode, so an unknown keyword or a dangling $ref fails here.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
ajv.addVocabulary(['components'])
ajv.addSchema({ $id: 'litmus', components: doc.components })
const schema = (name: string) => ajv.compile({ $ref: `litmus#/components/schemas/${name}` })

describe('OpenAPI document', () => {
  it('docs/openapi.json is generated from the current schema table (run `node scripts/openapi.mjs`)', async () => {
    expect(committed).toBe(await renderOpenApi())
  })

  it('docs/service.md lists every route of the document (run `node scripts/openapi.mjs`)', () => {
    const service = readFileSync(new URL('../docs/service.md', import.meta.url), 'utf8')
    expect(service).toBe(renderServiceRoutes(doc, service))
    for (const [path, item] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(item)) expect(service, `${method} ${path}`).toContain(`| ${method.toUpperCase()} | \`${path}\` |`)
    }
    for (const path of ['/v3/metrics/clarity', '/v3/metrics/simplicity', '/v3/metrics/toxicity', '/v3/metrics/stability', '/versions']) {
      expect(Object.keys(doc.paths)).toContain(path)
    }
  })

  it('every schema and every operation has a description and an example; every example matches its schema', () => {
    for (const [name, s] of Object.entries(doc.components.schemas as Record<string, any>)) {
      expect(s.description, name).toBeTruthy()
      expect(s.examples?.length, `${name} has an example`).toBeGreaterThan(0)
      for (const example of s.examples) expect(schema(name)(example), `${name}: ${ajv.errorsText(schema(name).errors)}`).toBe(true)
    }
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.summary && op.description, `${method} ${path}`).toBeTruthy()
        const ok = op.responses['200']
        const media = Object.values(ok.content as Record<string, any>)[0]
        const example = media.example ?? media.schema.examples?.[0] ?? doc.components.schemas[media.schema.$ref?.split('/').pop()]?.examples?.[0]
        expect(example, `${method} ${path} has an example answer`).toBeDefined()
        if (method === 'post') expect(op.requestBody.content['application/json'].example, `${path} has an example request`).toBeDefined()
        for (const status of ['404', '405']) expect(op.responses[status], `${method} ${path} documents ${status}`).toBeDefined()
      }
    }
    const ids = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((item) => Object.values(item).map((op) => op.operationId))
    expect(new Set(ids).size).toBe(ids.length)
    expect(doc.paths['/v3/metrics/cost'].post.operationId).toBe('v3Cost')
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('has one POST path per implemented operation, the API_KEY scheme, and no other metric paths', () => {
    const metricPaths = Object.keys(doc.paths).filter((p) => p.includes('/metrics/'))
    expect(metricPaths.sort()).toEqual(litmus.operations.map((n) => operationPath(ops[n])).sort())
    for (const name of litmus.operations) expect(doc.paths[operationPath(ops[name])].post.requestBody.content['application/json'].schema.$ref).toBe(`#/components/schemas/${ops[name].requestType}`)
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'API_KEY' })
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(ERROR_CODES))
  })

  it('accepts every request the library accepts, and describes the library response', () => {
    for (const name of litmus.operations) {
      const body = requestFor(name)
      const outcome = libraryOutcome(litmus, name, body)
      if (outcome.status !== 200) continue
      const request = schema(ops[name].requestType)
      expect(request(body), `${name}: ${ajv.errorsText(request.errors)}`).toBe(true)
      if (ops[name].response) {
        const response = schema(ops[name].requestType.replace(/Request$/, 'Response'))
        expect(response(outcome.body), `${name}: ${ajv.errorsText(response.errors)}`).toBe(true)
      }
    }
    expect(litmus.operations.filter((n) => libraryOutcome(litmus, n, requestFor(n)).status === 200).length).toBeGreaterThanOrEqual(5)
  })

  it('rejects the invalid requests whose issues the field table expresses', () => {
    for (const [name, body] of INVALID) {
      const outcome = libraryOutcome(litmus, name, body)
      if (outcome.status !== 400) throw new Error('fixture should be invalid')
      const fromRules = (ops[name].rules ?? []).map((r) => r.description)
      const tableOnly = outcome.issues.every((i: any) => !fromRules.includes(i.description))
      if (tableOnly) expect(schema(ops[name].requestType)(body), JSON.stringify(body)).toBe(false)
    }
  })

  it('describes the error bodies the server sends', async () => {
    const server = createServer({ allowNoAuth: true, threads: 0, env: {} })
    const check = schema('Error')
    for (const [path, init] of [
      ['/v4/metrics/clarity', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":3,"x":1}' }],
      ['/v4/metrics/clarity', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['/v4/metrics/clarity', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }],
      ['/v4/metrics/clarity', { method: 'GET' }],
      ['/nowhere', { method: 'GET' }]
    ] as const) {
      const res = await server.fetch(new Request('http://localhost' + path, init))
      const body = await res.json()
      expect(check(body), `${path}: ${ajv.errorsText(check.errors)}`).toBe(true)
    }
    await server.close()
  })
})
