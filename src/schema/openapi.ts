// The OpenAPI 3.1 document of the HTTP service, generated from the schema table: the same field
// declarations that type and validate a request describe it here, so the served document cannot drift
// from what the server accepts. `node scripts/openapi.mjs` writes docs/openapi.json; the server serves it.
import type { Field } from './fields.js'
import { EXAMPLES } from './examples.js'
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

/** operationId: the camelCase name, `v3` first for every v3 operation (`v3Clarity`, and `v3Cost` for cost). */
const operationId = (op: Operation) => camel(op.version === 'v3' && !op.name.startsWith('v3.') ? `v3.${op.name}` : op.name)

/** A schema without its annotations, to tell whether two objects of one name are the same shape. */
const shape = (schema: Schema) => JSON.stringify(schema, (key, value) => (key === 'description' || key === 'examples' ? undefined : value))

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of one field; named objects go to `components`. */
function fieldSchema(field: Field, components: Record<string, Schema>): Schema {
  const description = field.description
  switch (field.type) {
    case 'string': {
      const s: Schema = { type: 'string', description }
      // Compared ignoring case: the spellings a caller is likely to send (the table's, upper, lower).
      if (field.oneOf) s.enum = [...new Set(field.oneOf.flatMap((v) => (field.ignoreCase ? [v, v.toUpperCase(), v.toLowerCase()] : [v])))]
      else if (field.known) s.enum = [...field.known]
      // Non-empty after trimming: at least one character that is not white space.
      if (field.nonEmpty) Object.assign(s, { minLength: 1, pattern: '\\S' })
      if (field.maxLength !== undefined) s.maxLength = field.maxLength
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
      if (field.maxItems !== undefined) s.maxItems = field.maxItems
      return s
    }
    case 'object': {
      const schema = objectSchema(field.fields, components, field.description)
      const known = components[field.name]
      if (known === undefined) components[field.name] = schema
      else if (shape(known) !== shape(schema)) {
        throw new Error(`openapi: two different objects are both named ${field.name}`)
      }
      return { $ref: `#/components/schemas/${field.name}`, description }
    }
    case 'metadata':
      // Any JSON object: generated clients type it as a record of unknown values, not as an empty object.
      return { type: ['object', 'null'], additionalProperties: true, description }
  }
}

function objectSchema(fields: Record<string, Field>, components: Record<string, Schema>, description: string): Schema {
  const properties: Record<string, Schema> = {}
  const required: string[] = []
  for (const [name, field] of Object.entries(fields)) {
    properties[name] = fieldSchema(field, components)
    if (!field.optional) required.push(name)
  }
  const s: Schema = { type: 'object', description, properties }
  if (required.length > 0) s.required = required
  s.additionalProperties = false
  return s
}

/** The first value of each named object found in `value`, walking it with its fields (component examples). */
function collect(fields: Record<string, Field>, value: unknown, found: Map<string, unknown>): void {
  if (value === null || typeof value !== 'object') return
  for (const [name, field] of Object.entries(fields)) {
    const v = (value as Record<string, unknown>)[name]
    const item = field.type === 'array' ? field.items : field
    const values = field.type === 'array' ? (Array.isArray(v) ? v : []) : [v]
    if (item.type !== 'object') continue
    for (const x of values) {
      if (x === undefined) continue
      if (!found.has(item.name)) found.set(item.name, x)
      collect(item.fields, x, found)
    }
  }
}

const json = (schema: Schema, example?: unknown) => ({ 'application/json': example === undefined ? { schema } : { schema, example } })
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
    kind: { type: 'string', enum: ['missing', 'invalid'], description: 'a required field absent, or a field with a wrong value' },
    expected: { type: 'string', description: 'expected type in words, e.g. `number from 0 to 1`' },
    description: { type: 'string', description: 'what the field is for' },
    received: { type: 'string', description: 'short rendering of the value received (absent for missing fields)' }
  },
  additionalProperties: false,
  examples: [
    { field: 'severity', path: ['severity'], kind: 'invalid', expected: 'number from 0 to 1', description: 'how strict the metric is, from 0 (lenient) to 1 (strict)', received: '2' }
  ]
}

const ERROR: Schema = {
  type: 'object',
  description: 'every error the service answers with; never a stack trace',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      description: 'what went wrong: a code per status, a message, and for validation errors every issue',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_CODES), description: 'one code per kind of error; the status follows from it' },
        message: { type: 'string', description: 'the error in words (for validation errors, the library error message)' },
        requestType: { type: 'string', description: 'request type of the operation (validation errors)' },
        issues: { type: 'array', items: { $ref: '#/components/schemas/Issue' }, description: 'the problems found, at most 100 (validation errors)' },
        omitted: { type: 'integer', minimum: 1, description: 'problems found beyond the 100 listed (absent when none)' }
      },
      additionalProperties: false
    }
  },
  additionalProperties: false,
  examples: [
    {
      error: {
        code: 'missing_argument',
        message: "Error in 'ClarityRequest': Missing required arguments: 'text' (missing required argument, expected type: string: the text to score)",
        requestType: 'ClarityRequest',
        issues: [{ field: 'text', path: ['text'], kind: 'missing', expected: 'string', description: 'the text to score' }]
      }
    }
  ]
}

const PERFORMANCE: Schema = {
  type: 'object',
  description: 'requests, errors and latency of one version\'s operations since the server started',
  required: ['version', 'operations'],
  properties: {
    version: { type: 'string', description: 'the version asked for: v3 or v4' },
    operations: {
      type: 'object',
      description: 'counters by operation name (only operations called so far)',
      additionalProperties: {
        type: 'object',
        description: 'counters of one operation',
        required: ['requests', 'errors', 'latency_ms'],
        properties: {
          requests: { type: 'integer', minimum: 0, description: 'requests answered' },
          errors: { type: 'integer', minimum: 0, description: 'responses with status 400 or above' },
          latency_ms: {
            type: 'object',
            description: 'mean, and p50/p99 as the upper bound of the histogram bucket they fall in (null above 10 s)',
            properties: {
              mean: { type: 'number', description: 'mean latency in ms' },
              p50: { type: ['number', 'null'], description: 'median latency bucket in ms' },
              p99: { type: ['number', 'null'], description: '99th percentile latency bucket in ms' }
            }
          }
        }
      }
    }
  },
  examples: [{ version: 'v4', operations: { clarity: { requests: 12, errors: 1, latency_ms: { mean: 0.8, p50: 1, p99: 5 } } } }]
}

const HEALTH: Schema = {
  type: 'object',
  description: 'the server is ready: its scoring workers are up',
  required: ['status', 'threads', 'operations'],
  properties: {
    status: { const: 'ok', description: 'always ok (errors answer 503)' },
    threads: { type: 'integer', minimum: 0, description: 'scoring worker threads (0: scoring on the main thread)' },
    operations: { type: 'array', items: { type: 'string' }, description: 'the operations served, by the library\'s names' }
  },
  examples: [{ status: 'ok', threads: 2, operations: ['clarity', 'v3.clarity', 'cost'] }]
}

const VERSIONS_SCHEMA: Schema = {
  type: 'object',
  description: 'the metrics version list of the spec: each metric and the versions it is served at (`/<version>/metrics/<metric>`)',
  additionalProperties: { type: 'array', items: { type: 'string', enum: ['v3', 'v4'] }, description: 'versions of the metric' },
  examples: [{ clarity: ['v3', 'v4'], cost: ['v3'], input_type: ['v4'] }]
}

const DOCUMENT: Schema = {
  type: 'object',
  description: 'an OpenAPI 3.1 document',
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { type: 'string', description: 'OpenAPI version, 3.1.0' },
    info: { type: 'object', description: 'title, version and licence of the service' },
    paths: { type: 'object', description: 'every route' },
    components: { type: 'object', description: 'schemas and security schemes' }
  },
  examples: [{ openapi: '3.1.0', info: { title: 'Litmus metrics service', version: '0.1.0' }, paths: {} }]
}

export interface OpenApiOptions {
  /** `info.version`: the package version. */
  version: string
  /**
   * The answer to each operation's example request (`EXAMPLES`), by operation name: shown as the
   * example of its response. The server and scripts/openapi.mjs compute them by scoring the examples,
   * so every example in the document is a real answer.
   */
  responses?: Record<string, unknown>
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
  const examples = new Map<string, unknown>()
  const notFound = errorRef('no such route, or an operation this server does not implement')
  for (const name of implemented) {
    const op = operations[name]
    if (!op) throw new Error(`openapi: '${name}' is not in the schema table`)
    const requestExample = (EXAMPLES as Record<string, unknown>)[name]
    const responseExample = options.responses?.[name]
    components[op.requestType] = objectSchema(op.request, components, `Request of \`${name}\`: ${op.summary}`)
    const responseType = op.requestType.replace(/Request$/, 'Response')
    // The request's metadata comes back in the response.
    const fields = 'metadata' in op.request ? { ...op.response, metadata: op.request.metadata } : op.response!
    components[responseType] = objectSchema(fields, components, `Response of \`${name}\`${op.version === 'v3' && name.startsWith('v3.') ? ' (the spec shows no v3 response: this is the v4 one of its scorer)' : ''}`)
    for (const [type, value] of [[op.requestType, requestExample], [responseType, responseExample]] as const) {
      if (value !== undefined) examples.set(type, value)
    }
    collect(op.request, requestExample, examples)
    collect(fields, responseExample, examples)
    const rules = (op.rules ?? []).map((r) => `\n- ${r.description}`).join('')
    paths[operationPath(op)] = {
      post: {
        operationId: operationId(op),
        summary: op.summary,
        description: `Operation \`${name}\` of the library (\`evaluate('${name}', request)\`); request type \`${op.requestType}\`.${rules ? `\n\nRules:${rules}` : ''}`,
        tags: [op.version],
        security: [{ ApiKey: [] }],
        requestBody: { required: true, content: json({ $ref: `#/components/schemas/${op.requestType}` }, requestExample) },
        responses: {
          '200': { description: 'the scores', content: json({ $ref: `#/components/schemas/${responseType}` }, responseExample) },
          '400': errorRef('invalid JSON, or a request that does not match the schema (`missing_argument`, `invalid_argument`) with every issue'),
          '401': errorRef('missing or wrong `API_KEY` header'),
          '404': notFound,
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
  const ref = (name: string, description: string, type = 'application/json') => ({
    description,
    content: { [type]: { schema: { $ref: `#/components/schemas/${name}` } } }
  })
  const get = (id: string, summary: string, description: string, ok: Schema, more: Record<string, Schema> = {}, tags?: string[]) => ({
    get: {
      operationId: id,
      summary,
      description,
      ...(tags ? { tags } : {}),
      security: more['401'] ? [{ ApiKey: [] }] : [],
      responses: { '200': ok, ...more, '404': notFound, '405': errorRef('method other than GET') }
    }
  })
  paths['/healthz'] = get(
    'health',
    'Liveness and readiness.',
    '200 once the scoring workers are up, 503 while starting or shutting down. Needs no key.',
    ref('Health', 'ready'),
    { '503': errorRef('starting or shutting down') }
  )
  paths['/metrics'] = get(
    'prometheusMetrics',
    'Requests, errors and latency by operation, in the Prometheus text format.',
    'Counters and histograms labelled by operation name (never by request content). Needs no key.',
    { description: 'Prometheus text exposition format 0.0.4', content: { 'text/plain': { schema: { type: 'string', description: 'Prometheus text', examples: ['litmus_requests_total{operation="clarity",version="v4",status="200"} 12\n'] } } } }
  )
  paths['/openapi.json'] = get('openapi', 'This document.', 'The OpenAPI 3.1 document of the service, generated from the schema table. Needs no key.', ref('OpenApiDocument', 'OpenAPI 3.1 document'))
  paths['/versions'] = get(
    'versions',
    'The metrics version list: each metric and the versions it is served at.',
    'The spec\'s "mapping from metrics to a list of version strings", for the operations this server implements. Needs no key.',
    ref('Versions', 'metric -> versions')
  )
  for (const version of ['v3', 'v4']) {
    paths[`/${version}/performance`] = get(
      `${version}Performance`,
      `Requests, errors and latency of the ${version} operations since the server started, as JSON.`,
      `The counters of GET /metrics for the ${version} operations called so far. Needs the API_KEY header.`,
      ref('Performance', 'counters by operation'),
      { '401': errorRef('missing or wrong `API_KEY` header') },
      [version]
    )
  }
  components.Issue = ISSUE
  components.Error = ERROR
  components.Performance = PERFORMANCE
  components.Health = HEALTH
  components.Versions = VERSIONS_SCHEMA
  components.OpenApiDocument = DOCUMENT
  for (const [name, value] of examples) if (components[name] && !components[name].examples) components[name].examples = [value]
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
        'schema table the library validates with; validation errors carry every issue. Every example is the ' +
        'answer the service gives for the example request.',
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
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'API_KEY', description: 'one of the keys the server was given' } }
    },
    security: [{ ApiKey: [] }]
  }
}
