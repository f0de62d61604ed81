// Conformance to the spec, generated from the schema table: every operation (v4 and v3) through the
// library, the server and the client, with its example body, the body missing each required field, and
// the body with each field of the wrong type (nested fields of the first list item included). Each
// surface must give the same status, error class and message, with the message prefix the spec asks for
// (a different one for missing and for invalid arguments). Then one case per point of the spec that a
// table cannot show (issue 24).
import { afterAll, describe, expect, it } from 'vitest'
import {
  ConfigurationError,
  InvalidArgumentError,
  load,
  MissingArgumentError,
  OPERATIONS,
  ValidationError,
  VERSIONS,
  type Field,
  type Operation
} from '../dist/litmus.js'
import { createClient, type Client } from '../dist/client.js'
import { createServer, EXAMPLES } from '../dist/server.js'

const litmus = await load()
const ops = OPERATIONS as Record<string, Operation>
const examples = EXAMPLES as Record<string, Record<string, unknown>>
const server = createServer({ allowNoAuth: true, threads: 0, env: {} })
afterAll(() => server.close())
let sent = 0
const client: Client = createClient({
  apiKey: 'conformance',
  baseUrl: 'http://litmus.test',
  fetch: (input, init) => {
    sent++
    return server.fetch(new Request(input as string, init))
  }
})

type Case = { what: string; body: unknown; kind: 'ok' | 'missing' | 'invalid'; field?: string }

/** A JSON value of another type than the field's. */
function wrongType(field: Field): unknown {
  switch (field.type) {
    case 'string':
      return 42
    case 'number':
      return '1'
    case 'boolean':
      return 'yes'
    case 'array':
      return 'not a list'
    case 'object':
      return 'not an object'
    case 'metadata':
      return 'not an object'
  }
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x))

/** The cases of one operation: its example, each required field missing, each field mistyped. */
function casesOf(name: string): Case[] {
  const example = examples[name]
  const cases: Case[] = [{ what: 'example', body: example, kind: 'ok' }]
  const walk = (fields: Record<string, Field>, path: string, at: (body: any) => any) => {
    for (const [key, field] of Object.entries(fields)) {
      const full = path + key
      if (!field.optional) {
        const body = clone(example)
        delete at(body)[key]
        cases.push({ what: `missing ${full}`, body, kind: 'missing', field: full })
      }
      const body = clone(example)
      at(body)[key] = wrongType(field)
      cases.push({ what: `wrong type ${full}`, body, kind: 'invalid', field: full })
      // Inside the first item of a list of objects (present in every example that has such a list).
      if (field.type === 'array' && field.items.type === 'object' && Array.isArray(at(clone(example))[key])) {
        walk(field.items.fields, `${full}[0].`, (b) => at(b)[key][0])
      }
      if (field.type === 'object' && at(clone(example))[key] !== undefined) walk(field.fields, `${full}.`, (b) => at(b)[key])
    }
  }
  walk(ops[name].request, '', (b) => b)
  return cases
}

const prefix = (name: string, kind: 'missing' | 'invalid', field: string) =>
  `Error in '${ops[name].requestType}': ${kind === 'missing' ? 'Missing required arguments' : 'Invalid arguments'}: '${field}' (${kind === 'missing' ? 'missing required argument' : 'invalid argument'}, expected type: `

const method = (c: any, name: string) => (name.startsWith('v3.') ? c.v3[camel(name.slice(3))] : c[camel(name)])
const camel = (name: string) => name.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase())

async function post(name: string, body: unknown) {
  const path = `/${ops[name].version}/metrics/${name.replace(/^v3\./, '')}`
  const res = await server.fetch(new Request('http://litmus.test' + path, { method: 'POST', headers: { 'content-type': 'application/json', API_KEY: 'x' }, body: JSON.stringify(body) }))
  return { status: res.status, body: await res.json() }
}

describe('every operation of the spec: the table, through the library, the server and the client', () => {
  it('the table has every operation of the spec (19 v4, cost typed v3, 18 v3) and each has an example', () => {
    const names = Object.keys(OPERATIONS)
    expect(names.filter((n) => !n.startsWith('v3.'))).toHaveLength(19)
    expect(names.filter((n) => n.startsWith('v3.'))).toHaveLength(18)
    expect([...litmus.operations].sort()).toEqual([...names].sort())
    expect(Object.keys(EXAMPLES).sort()).toEqual([...names].sort())
  })

  for (const name of Object.keys(OPERATIONS)) {
    it(`${name}: example, every required field missing, every field mistyped`, async () => {
      for (const c of casesOf(name)) {
        const label = `${name}: ${c.what}`
        const before = sent
        // Library.
        let libraryError: unknown
        let libraryAnswer: unknown
        try {
          libraryAnswer = JSON.parse(JSON.stringify(method(litmus, name)(clone(c.body))))
        } catch (e) {
          libraryError = e
        }
        // Server.
        const served = await post(name, c.body)
        // Client (validates before sending: a bad body never reaches the network).
        let clientError: unknown
        let clientAnswer: unknown
        try {
          clientAnswer = await method(client, name)(clone(c.body))
        } catch (e) {
          clientError = e
        }
        if (c.kind === 'ok') {
          expect(libraryError, label).toBeUndefined()
          expect(served.status, label).toBe(200)
          expect(served.body, label).toEqual(libraryAnswer)
          expect(clientAnswer, label).toEqual(libraryAnswer)
          expect(sent, label).toBe(before + 1)
          continue
        }
        const Expected = c.kind === 'missing' ? MissingArgumentError : InvalidArgumentError
        const start = prefix(name, c.kind, c.field!)
        for (const [surface, error] of [['library', libraryError], ['client', clientError]] as const) {
          expect(error, `${label} (${surface})`).toBeInstanceOf(Expected)
          expect(error, `${label} (${surface})`).toBeInstanceOf(ValidationError)
          expect((error as Error).message.startsWith(start), `${label} (${surface}): ${(error as Error).message}`).toBe(true)
        }
        expect(served.status, label).toBe(400)
        expect(served.body.error.code, label).toBe(c.kind === 'missing' ? 'missing_argument' : 'invalid_argument')
        expect(served.body.error.message, label).toBe((libraryError as Error).message)
        expect(sent, `${label}: the client sent nothing`).toBe(before)
      }
    })
  }
})

describe('the points of the spec a table does not show', () => {
  it('v3 clarity, simplicity, toxicity and stability answer as their v4 scorers on the response', async () => {
    const response = 'You are an idiot and nobody wants you here.'
    expect(litmus.v3.clarity({ query: 'q', response })).toEqual(litmus.clarity({ text: response }))
    expect(litmus.v3.simplicity({ query: 'q', response })).toEqual(litmus.simplicity({ text: response }))
    expect(litmus.v3.toxicity({ query: 'q', response })).toEqual(litmus.toxicity({ text: response }))
    const responses = ['Paris is the capital.', 'The capital is Paris.']
    expect(litmus.v3.stability({ responses })).toEqual(litmus.stability({ responses }))
    expect((await post('v3.clarity', { query: 'q', response })).status).toBe(200)
  })

  it('allowlist and blocklist entries are regular expressions, also matched as written', () => {
    const text = 'Write to maria@example.com about Project Falcon, or call (415) 555-0132.'
    const found = (r: { allowlist?: string[]; blocklist?: string[] }) => litmus.pii({ text, ...r }).pii.map((e) => [e.string, e.category])
    expect(found({})).toContainEqual(['maria@example.com', 'EMAIL_ADDRESS'])
    expect(found({ allowlist: ['maria@example\\.com'] }).map((e) => e[0])).not.toContain('maria@example.com')
    expect(found({ allowlist: ['maria@example.com'] }).map((e) => e[0])).not.toContain('maria@example.com')
    expect(found({ blocklist: ['Project \\w+'] })).toContainEqual(['Project Falcon', 'blocklist'])
    expect(found({ blocklist: ['/project \\w+/i'] })).toContainEqual(['Project Falcon', 'blocklist'])
    // Not a pattern, or a pattern that would not match itself: the entry as written still matches.
    expect(found({ blocklist: ['(415) 555-0132'] })).toContainEqual(['(415) 555-0132', 'blocklist'])
    expect(found({ blocklist: ['C++', 'Falcon'] })).toContainEqual(['Falcon', 'blocklist'])
    // An invalid /pattern/flags entry is an error naming it.
    expect(() => litmus.pii({ text, blocklist: ['/[a-/'] })).toThrow(InvalidArgumentError)
  })

  it('the client validates before sending: with no server, a missing field is a MissingArgumentError', async () => {
    const offline = createClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch: () => Promise.reject(new Error('no network')) })
    await expect(offline.v3.clarity({} as never)).rejects.toBeInstanceOf(MissingArgumentError)
    await expect(offline.clarity({} as never)).rejects.toThrow(/^Error in 'ClarityRequest': Missing required arguments: 'text'/)
  })

  it('the metrics version list: the same mapping in the library, the client and the server', async () => {
    expect(VERSIONS).toMatchObject({ clarity: ['v3', 'v4'], cost: ['v3'], input_type: ['v4'], prompt_injection: ['v3'], prompt_manipulation: ['v4'], summarization: ['v3'] })
    expect(litmus.versions).toEqual(VERSIONS)
    expect(client.versions).toEqual(VERSIONS)
    const res = await server.fetch(new Request('http://litmus.test/versions'))
    expect(await res.json()).toEqual(VERSIONS)
  })

  it('configuration errors are ConfigurationError, in load() and the client', async () => {
    await expect(load({ operations: ['nope'] } as never)).rejects.toBeInstanceOf(ConfigurationError)
    await expect(load(42 as never)).rejects.toThrow(/^Error in 'LoadOptions': Invalid arguments: 'options'/)
    expect(() => createClient({ apiKey: '', baseUrl: 'http://x' })).toThrow(ConfigurationError)
    expect(() => createClient({ apiKey: 'k', baseUrl: 'ftp://x' })).toThrow(ConfigurationError)
  })

  it('chunk scores are told apart from aspects, even for a chunk called like an aspect', () => {
    const r = litmus.contextRelevancy({ query: 'How tall is the tower?', context: [{ chunk_id: 'tall', chunk_text: 'The tower is 330 metres tall.' }], include_chunk_scores: true })
    expect(r.scores.map((s) => s.label)).toContain('tall')
    expect(r.scores.map((s) => s.label)).toContain('chunk:tall')
  })

  it('v3 faithfulness with citations refuses duplicate node_ids, as v4 refuses duplicate chunk_ids', () => {
    const node = { node_id: 'a', node_score: 1, node_text: 'Paris is in France.' }
    expect(() => litmus.v3.faithfulness({ query: 'q', response: 'Paris is in France.', context: [node, node], include_citations: true })).toThrow(
      /^Error in 'V3FaithfulnessRequest': Invalid arguments: 'context\[1\]\.node_id' \(invalid argument, expected type: a unique node_id/
    )
    expect(() => litmus.v3.faithfulness({ query: 'q', response: 'Paris is in France.', context: [node, node] })).not.toThrow()
  })

  it('text with no words is accepted by every operation that takes text, and scores within 0..100', () => {
    for (const name of Object.keys(OPERATIONS)) {
      const body = clone(examples[name])
      let touched = false
      for (const key of ['text', 'response', 'query', 'policy'] as const) {
        if (typeof body[key] === 'string') {
          body[key] = ''
          touched = true
        }
      }
      if (!touched) continue
      const out = JSON.stringify(method(litmus, name)(body))
      for (const m of out.matchAll(/"(?:score|min|avg)":(-?[\d.e+-]+)/g)) expect(Number(m[1]), name).toBeGreaterThanOrEqual(0)
    }
    expect(litmus.clarity({ text: '' }).score).toBe(100)
    expect(litmus.simplicity({ text: '!!!' }).score).toBe(100)
  })

  it('numbers are rounded: scores to 2 decimals (clarity 3), probabilities to 4, amounts to 12 significant digits', () => {
    for (const name of Object.keys(OPERATIONS)) {
      const out = JSON.stringify(method(litmus, name)(examples[name]))
      for (const m of out.matchAll(/"(score|probability)":(-?[\d.e+-]+)/g)) {
        const decimals = m[2].split('.')[1]?.length ?? 0
        expect(decimals, `${name} ${m[0]}`).toBeLessThanOrEqual(m[1] === 'score' ? (name.endsWith('clarity') ? 3 : 2) : 4)
      }
      for (const m of out.matchAll(/:(-?\d[\d.e+-]*)/g)) expect(Number(Number(m[1]).toPrecision(12)), `${name}: unrounded ${m[1]}`).toBe(Number(m[1]))
    }
  })

  it('the tone names the table documents are the model\'s', () => {
    expect((OPERATIONS.tone.request.tones.items as { known?: readonly string[] }).known).toEqual(litmus.tones())
  })

  it('cost model_type is compared ignoring case, and embeddings are priced', () => {
    const base = { model_name: 'text-embedding-3-small', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 1000, total_completion_tokens: 1 }
    const upper = litmus.cost({ ...base, model_type: 'EMBEDDING' })
    expect(upper).toEqual(litmus.cost({ ...base, model_type: 'embedding' }))
    expect(upper.cost_estimate_per_run).toBeGreaterThan(0)
    const llm = { ...base, model_name: 'gpt-4o' }
    expect(litmus.cost({ ...llm, model_type: 'llm' })).toEqual(litmus.cost({ ...llm, model_type: 'LLM' }))
    expect(() => litmus.cost({ ...llm, model_type: 'GPT' as never })).toThrow(/one of "LLM", "Reranker", "Embedding" \(any case\)/)
  })
})
