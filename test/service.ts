// Shared by the server and client tests: a request body for every implemented operation (realistic ones
// where written below, otherwise built from the schema table, so operations that land later are covered
// without editing this file), and what the library itself answers for a body.
import { ValidationError, OPERATIONS, type Evaluator, type Field } from '../dist/litmus.js'

/** Realistic requests: these score (200) rather than fail validation. */
export const EXAMPLES: Record<string, Record<string, unknown>> = {
  clarity: { text: 'The cat sat on the mat. It was happy.', metadata: { id: 7 } },
  input_type: { text: 'payload: aGVsbG8gd29ybGQsIHRoaXMgaXMgYSB0ZXN0' },
  pii: { text: 'Call Maria Lopez on +1 415 555 0132 or write to maria.lopez@example.com.', categories: ['EMAIL_ADDRESS', 'PHONE_NUMBER'] },
  'v3.pii': { text: 'Write to maria.lopez@example.com.', allowlist: [], blocklist: ['Write'] },
  cost: { model_name: 'gpt-4o', model_type: 'LLM', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 1000, total_completion_tokens: 500 },
  carbon: { provider: 'aws', region: 'us-east-1', instance_type: 'm5.xlarge', latency: 1200, metadata: null },
  'v3.carbon': {
    processor_name: 'Intel Xeon (Skylake)',
    provider_name: 'gcp',
    provider_region: 'us-east4',
    instance_type: 'e2-standard-4',
    average_latency: 800
  }
}

/** A value of `field` that passes the table's constraints (not necessarily one the scorer accepts). */
function sample(field: Field): unknown {
  switch (field.type) {
    case 'string':
      return field.oneOf ? field.oneOf[0] : 'The cat sat on the mat. It was happy.'
    case 'number':
      if (field.above !== undefined) return field.above + 1
      if (field.min !== undefined) return field.max !== undefined ? (field.integer ? Math.ceil((field.min + field.max) / 2) : (field.min + field.max) / 2) : field.min + 1
      return 1
    case 'boolean':
      return false
    case 'array':
      return Array.from({ length: field.minItems ?? 1 }, () => sample(field.items))
    case 'object':
      return bodyFromFields(field.fields)
    case 'metadata':
      return { source: 'test' }
  }
}

function bodyFromFields(fields: Record<string, Field>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(fields)) if (!field.optional || field.type === 'metadata') body[name] = sample(field)
  return body
}

/** A request for `name`: the example above, or one built from the schema table. */
export function requestFor(name: string): Record<string, unknown> {
  return EXAMPLES[name] ?? bodyFromFields((OPERATIONS as Record<string, { request: Record<string, Field> }>)[name].request)
}

/** Bodies that fail validation, each with the library's verdict computed in the test. */
export const INVALID: [name: string, body: unknown][] = [
  ['clarity', {}],
  ['clarity', { text: 1, colour: 'red' }],
  ['clarity', { text: 'x', metadata: 'not an object' }],
  ['pii', { text: 'x', categories: ['EMAIL_ADDRESS', 3] }],
  ['v3.pii', { text: 'x' }],
  ['cost', { model_name: ' ', model_type: 'GPT', model_provider: 'huggingface', number_of_queries: 0, total_prompt_tokens: 1.5, total_completion_tokens: 1 }],
  ['cost', { model_name: 'm', model_type: 'LLM', model_provider: 'huggingface', number_of_queries: 1, total_prompt_tokens: 1, total_completion_tokens: 1 }],
  ['carbon', { provider: 'aws', region: 'us-east-1', instance_type: 'm5.xlarge', latency: -1 }],
  ['clarity', []],
  ['clarity', null]
]

export type LibraryOutcome =
  | { status: 200; body: unknown }
  | { status: 400; code: 'missing_argument' | 'invalid_argument'; name: string; message: string; requestType: string; issues: unknown[] }

/** What the library answers for `body`: the response, or the validation error as the service sends it. */
export function libraryOutcome(litmus: Evaluator, name: string, body: unknown): LibraryOutcome {
  try {
    return { status: 200, body: JSON.parse(JSON.stringify(litmus.evaluate(name as never, body))) }
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e
    const code = e.name === 'MissingArgumentError' ? 'missing_argument' : 'invalid_argument'
    // Through JSON, as the service sends it (an issue's `received: undefined` is dropped).
    const issues = JSON.parse(JSON.stringify(e.issues))
    return { status: 400, code, name: e.name, message: e.message, requestType: e.requestType, issues }
  }
}

/** The operations of the table an Evaluator does not implement. */
export const declaredOnly = (litmus: Evaluator) => Object.keys(OPERATIONS).filter((n) => !litmus.operations.includes(n as never))
