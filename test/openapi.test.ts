import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { load, OPERATIONS, type Operation } from '../dist/litmus.js'
import { createServer, ERROR_CODES, operationPath } from '../dist/server.js'
// @ts-expect-error plain ESM script without types
import { renderOpenApi } from '../scripts/openapi.mjs'
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
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'API_KEY' })
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
