// The OpenAPI 3.1 document of the HTTP service, generated from the schema table: the same field
// declarations that type and validate a request describe it here, so the served document cannot drift
// from what the server accepts. `node scripts/openapi.mjs` writes docs/openapi.json; the server serves it.
import type { Field } from './fields.js'
import type { Operation } from './operations.js'
import { operationPath } from './paths.js'

export { operationPath }

type Schema = Record<string, unknown>

/** Error codes of the service's JSON error body, one per status it answers with. */
export const ERROR_CODES = {
  missing_argument: 400,
  invalid_argument: 400,
  invalid_json: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
  unavailable: 503
} as const

export type ErrorCode = keyof typeof ERROR_CODES

const camel = (name: string) => name.replace(/[._]([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of one field; named objects go to `components`. */
function fieldSchema(field: Field, components: Record<string, Schema>): Schema {
  const description = field.description
  switch (field.type) {
    case 'string': {
      const s: Schema = { type: 'string', description }
      if (field.oneOf) s.enum = [...field.oneOf]
      // Non-empty after trimming: at least one character that is not white space.
      if (field.nonEmpty) Object.assign(s, { minLength: 1, pattern: '\\S' })
      return s
    }
    case 'number': {
      const s: Schema = { type: field.integer ? 'integer' : 'number', description }
      if (field.min !== undefined) s.minimum = field.min
      if (field.max !== undefined) s.maximum = field.max
      if (field.above !== undefined) s.exclusiveMinimum = field.above
      return s
    }
    case 'boolean':
      return { type: 'boolean', description }
    case 'array': {
      const s: Schema = { type: 'array', description, items: fieldSchema(field.items, components) }
      if (field.minItems !== undefined) s.minItems = field.minItems
      return s
    }
    case 'object': {
      const schema = objectSchema(field.fields, components)
      const known = components[field.name]
      if (known === undefined) components[field.name] = schema
      else if (JSON.stringify(known) !== JSON.stringify(schema)) {
        throw new Error(`openapi: two different objects are both named ${field.name}`)
      }
      return { $ref: `#/components/schemas/${field.name}`, description }
    }
    case 'metadata':
      return { type: ['object', 'null'], description }
  }
}

function objectSchema(fields: Record<string, Field>, components: Record<string, Schema>): Schema {
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  for (const [name, field] of Object.entries(fields)) {
    properties[name] = fieldSchema(field, components)
    if (!field.optional) required.push(name)
  }
  const s: Schema = { type: 'object', properties }
  if (required.length > 0) s.required = required
  s.additionalProperties = false
  return s
}

const json = (schema: Schema) => ({ 'application/json': { schema } })
const errorRef = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) })

const ISSUE: Schema = {
  type: 'object',
  description: 'one problem found in the request, as the library reports it',
  required: ['field', 'path', 'kind', 'expected', 'description'],
  properties: {
    field: { type: 'string', description: 'path of the field as text, e.g. `context[2].chunk_id`' },
    path: {
      type: 'array',
      description: 'path of the field as keys and indices, e.g. ["context", 2, "chunk_id"]',
      items: { type: ['string', 'integer'] }
    },
    kind: { type: 'string', enum: ['missing', 'invalid'] },
    expected: { type: 'string', description: 'expected type in words, e.g. `number from 0 to 1`' },
    description: { type: 'string', description: 'what the field is for' },
    received: { type: 'string', description: 'short rendering of the value received (absent for missing fields)' }
  },
  additionalProperties: false
}

const ERROR: Schema = {
  type: 'object',
  description: 'every error the service answers with; never a stack trace',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_CODES) },
        message: { type: 'string' },
        requestType: { type: 'string', description: 'request type of the operation (validation errors)' },
        issues: { type: 'array', items: { $ref: '#/components/schemas/Issue' }, description: 'the problems found, at most 100 (validation errors)' },
        omitted: { type: 'integer', minimum: 1, description: 'problems found beyond the 100 listed (absent when none)' }
      },
      additionalProperties: false
    }
  },
  additionalProperties: false
}

export interface OpenApiOptions {
  /** `info.version`: the package version. */
  version: string
}

/**
 * The OpenAPI 3.1 document for the operations named in `implemented` (as `litmus.operations` lists
 * them), taken from `operations` (the schema table, `OPERATIONS`).
 */
export function openapiDocument(
  operations: Record<string, Operation>,
  implemented: readonly string[],
  options: OpenApiOptions
): Schema {
  const components: Record<string, Schema> = {}
  const paths: Record<string, Schema> = {}
  for (const name of implemented) {
    const op = operations[name]
    if (!op) throw new Error(`openapi: '${name}' is not in the schema table`)
    const request = objectSchema(op.request, components)
    components[op.requestType] = request
    let ok: Schema
    if (op.response) {
      // The request's metadata comes back in the response.
      const fields = 'metadata' in op.request ? { ...op.response, metadata: op.request.metadata } : op.response
      const responseType = op.requestType.replace(/Request$/, 'Response')
      components[responseType] = objectSchema(fields, components)
      ok = { description: 'the scores', content: json({ $ref: `#/components/schemas/${responseType}` }) }
    } else {
      ok = { description: 'the scores (the service does not show this v3 response)', content: json({ type: 'object' }) }
    }
    const rules = (op.rules ?? []).map((r) => `\n- ${r.description}`).join('')
    paths[operationPath(op)] = {
      post: {
        operationId: camel(name),
        summary: op.summary,
        description: `Operation \`${name}\` of the library (\`evaluate('${name}', request)\`); request type \`${op.requestType}\`.${rules ? `\n\nRules:${rules}` : ''}`,
        tags: [op.version],
        security: [{ ApiKey: [] }],
        requestBody: { required: true, content: json({ $ref: `#/components/schemas/${op.requestType}` }) },
        responses: {
          '200': ok,
          '400': errorRef('invalid JSON, or a request that does not match the schema (`missing_argument`, `invalid_argument`) with every issue'),
          '401': errorRef('missing or wrong `API_KEY` header'),
          '405': errorRef('method other than POST'),
          '408': errorRef('the body did not arrive within the time limit'),
          '413': errorRef('body over the size limit'),
          '415': errorRef('body not declared as `application/json` (UTF-8)'),
          '500': errorRef('internal error (logged on the server)'),
          '503': errorRef('shutting down, queue full, or scoring over the time limit')
        }
      }
    }
  }
  const text = (description: string, type = 'text/plain') => ({ description, content: { [type]: { schema: { type: 'string' } } } })
  paths['/healthz'] = {
    get: {
      operationId: 'health',
      summary: 'Liveness and readiness: 200 once the scoring workers are up, 503 while shutting down.',
      security: [],
      responses: {
        '200': { description: 'ready', content: json({ type: 'object', properties: { status: { const: 'ok' } } }) },
        '503': errorRef('starting or shutting down')
      }
    }
  }
  paths['/metrics'] = {
    get: {
      operationId: 'prometheusMetrics',
      summary: 'Requests, errors and latency by operation, in the Prometheus text format.',
      security: [],
      responses: { '200': text('Prometheus text exposition format 0.0.4') }
    }
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'openapi',
      summary: 'This document.',
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1 document', content: json({ type: 'object' }) } }
    }
  }
  for (const version of ['v3', 'v4']) {
    paths[`/${version}/performance`] = {
      get: {
        operationId: `${version}Performance`,
        summary: `Requests, errors and latency of the ${version} operations since the server started, as JSON.`,
        tags: [version],
        security: [{ ApiKey: [] }],
        responses: {
          '200': { description: 'counters by operation', content: json({ $ref: '#/components/schemas/Performance' }) },
          '401': errorRef('missing or wrong `API_KEY` header')
        }
      }
    }
  }
  components.Issue = ISSUE
  components.Error = ERROR
  components.Performance = {
    type: 'object',
    required: ['version', 'operations'],
    properties: {
      version: { type: 'string' },
      operations: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['requests', 'errors', 'latency_ms'],
          properties: {
            requests: { type: 'integer', minimum: 0 },
            errors: { type: 'integer', minimum: 0, description: 'responses with status 400 or above' },
            latency_ms: {
              type: 'object',
              description: 'mean, and p50/p99 as the upper bound of the histogram bucket they fall in (null above 10 s)',
              properties: { mean: { type: 'number' }, p50: { type: ['number', 'null'] }, p99: { type: ['number', 'null'] } }
            }
          }
        }
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return {
    openapi: '3.1.0',
    info: {
      title: 'Litmus metrics service',
      version: options.version,
      description:
        'Local scoring of text with the operations of the Metrics Evaluation Service. Paths are `/v4/metrics/<name>` ' +
        'for the v4 typed operations and `/v3/metrics/<name>` for the v3 ones, with the service\'s snake_case names. ' +
        'Every request needs the `API_KEY` header. Field types, constraints and descriptions come from the same ' +
        'schema table the library validates with; validation errors carry every issue.',
      license: { name: 'MIT', identifier: 'MIT' }
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'v4', description: 'v4 typed operations' },
      { name: 'v3', description: 'v3 operations, adapted onto the same scorers' }
    ],
    paths,
    components: {
      schemas: sorted,
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'API_KEY' } }
    },
    security: [{ ApiKey: [] }]
  }
}
