import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, OPERATIONS, ValidationError, validate } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

type Case = [op: keyof typeof OPERATIONS, body: unknown, error: 'missing' | 'invalid' | null, field?: string]

// Every validation path of the schema table: each constraint kind, on a real operation.
const cases: Case[] = [
  ['clarity', { text: 'Hello.' }, null],
  ['clarity', { text: 'Hello.', metadata: { run: 1 } }, null],
  ['clarity', { text: 'Hello.', metadata: null }, null],
  ['clarity', {}, 'missing', 'text'],
  ['clarity', { text: 42 }, 'invalid', 'text'],
  ['clarity', { text: 'x', extra: true }, 'invalid', 'extra'],
  ['clarity', { text: 'x', metadata: [1] }, 'invalid', 'metadata'],
  ['clarity', { text: 'x', metadata: 'tag' }, 'invalid', 'metadata'],
  ['clarity', null, 'invalid', '(body)'],
  ['clarity', 'text', 'invalid', '(body)'],
  ['clarity', [], 'invalid', '(body)'],
  ['toxicity', { text: 'x', severity: 0.5 }, null],
  ['toxicity', { text: 'x', severity: 1.5 }, 'invalid', 'severity'],
  ['toxicity', { text: 'x', severity: -0.1 }, 'invalid', 'severity'],
  ['toxicity', { text: 'x', severity: Number.NaN }, 'invalid', 'severity'],
  ['toxicity', { text: 'x', severity: '1' }, 'invalid', 'severity'],
  ['sensitivity', { text: 'x', topics: ['health'] }, null],
  ['sensitivity', { text: 'x' }, 'missing', 'topics'],
  ['sensitivity', { text: 'x', topics: 'health' }, 'invalid', 'topics'],
  ['sensitivity', { text: 'x', topics: ['  '] }, 'invalid', 'topics[0]'],
  ['sensitivity', { text: 'x', topics: ['ok', 3] }, 'invalid', 'topics[1]'],
  ['context_relevancy', { query: 'q', context: [] }, 'invalid', 'context'],
  ['context_relevancy', { query: 'q', context: [{ chunk_text: 'c' }] }, null],
  ['context_relevancy', { query: 'q', context: [{ text: 'c' }] }, 'missing', 'context[0].chunk_text'],
  ['context_relevancy', { query: 'q', context: [{ chunk_text: 'c' }], include_chunk_scores: 'yes' }, 'invalid', 'include_chunk_scores'],
  ['faithfulness', { query: 'q', response: 'r', context: [{ chunk_text: 'a' }], include_citations: true }, 'invalid', 'context[0].chunk_id'],
  [
    'faithfulness',
    { query: 'q', response: 'r', context: [{ chunk_text: 'a', chunk_id: '1' }, { chunk_text: 'b', chunk_id: '1' }], include_citations: true },
    'invalid',
    'context[1].chunk_id'
  ],
  ['faithfulness', { query: 'q', response: 'r', context: [{ chunk_text: 'a' }, { chunk_text: 'b' }] }, null],
  ['stability', { responses: ['a', 'b'] }, null],
  ['stability', { responses: ['a'] }, 'invalid', 'responses'],
  ['cost', { model_name: 'gpt-4o', model_type: 'LLM', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 10, total_completion_tokens: 5 }, null],
  ['cost', { model_name: '  ', model_type: 'LLM', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 10, total_completion_tokens: 5 }, 'invalid', 'model_name'],
  ['cost', { model_name: 'm', model_type: 'GPT', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 10, total_completion_tokens: 5 }, 'invalid', 'model_type'],
  // The v3 listing writes RERANKER and EMBEDDING: compared ignoring case.
  ['cost', { model_name: 'm', model_type: 'EMBEDDING', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 10, total_completion_tokens: 5 }, null],
  ['cost', { model_name: 'm', model_type: 'reranker', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 10, total_completion_tokens: 5 }, null],
  ['cost', { model_name: 'm', model_type: 'LLM', model_provider: 'openai', number_of_queries: 2 ** 53, total_prompt_tokens: 10, total_completion_tokens: 5 }, 'invalid', 'number_of_queries'],
  ['sensitivity', { text: 'x', topics: [] }, 'invalid', 'topics'],
  ['sensitivity', { text: 'x', topics: Array.from({ length: 65 }, (_, i) => `t${i}`) }, 'invalid', 'topics'],
  ['sensitivity', { text: 'x', topics: ['x'.repeat(101)] }, 'invalid', 'topics[0]'],
  ['v3.faithfulness', { query: 'q', response: 'r', context: [{ node_id: 'a', node_score: 1, node_text: 'a' }, { node_id: 'a', node_score: 1, node_text: 'b' }], include_citations: true }, 'invalid', 'context[1].node_id'],
  ['cost', { model_name: 'm', model_type: 'LLM', model_provider: 'openai', number_of_queries: 0, total_prompt_tokens: 10, total_completion_tokens: 5 }, 'invalid', 'number_of_queries'],
  ['cost', { model_name: 'm', model_type: 'LLM', model_provider: 'openai', number_of_queries: 1.5, total_prompt_tokens: 10, total_completion_tokens: 5 }, 'invalid', 'number_of_queries'],
  ['cost', { model_name: 'm', model_type: 'LLM', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 10, total_completion_tokens: 5, average_latency: 0 }, 'invalid', 'average_latency'],
  ['carbon', { provider: 'aws', region: 'us-east-1', instance_type: 'm5.xlarge', latency: -1 }, 'invalid', 'latency'],
  ['tone', { text: 'x', tones: [] }, null],
  ['v3.pii', { text: 'x', allowlist: [] }, 'missing', 'blocklist'],
  ['v3.adherence', { response: 'r' }, null]
]

describe('validate', () => {
  for (const [name, body, error, field] of cases) {
    it(`${name} ${JSON.stringify(body)} -> ${error ?? 'ok'}`, () => {
      const run = () => validate(OPERATIONS[name], body)
      if (error === null) return expect(run).not.toThrow()
      const Expected = error === 'missing' ? MissingArgumentError : InvalidArgumentError
      const err = expectIssue(run, Expected, field!)
      expect(err).toBeInstanceOf(ValidationError)
      expect(err.message).toMatch(new RegExp(`^Error in '${OPERATIONS[name].requestType}': `))
      expect(err.message).toContain(`'${field}'`)
    })
  }

  it('matches the hosted client message for a missing field', () => {
    expect(() => validate(OPERATIONS.clarity, {})).toThrow(
      "Error in 'ClarityRequest': Missing required arguments: 'text' (missing required argument, expected type: string: the text to score)"
    )
  })

  it('uses a different prefix for invalid arguments and carries the facts as data', () => {
    try {
      validate(OPERATIONS.toxicity, { text: 'x', severity: 2 })
      expect.unreachable()
    } catch (e) {
      const err = e as InstanceType<typeof InvalidArgumentError>
      expect(err.message).toContain("Invalid arguments: 'severity' (invalid argument, expected type: number from 0 to 1")
      expect(err.issues).toEqual([
        {
          field: 'severity',
          kind: 'invalid',
          expected: 'number from 0 to 1',
          description: 'how strict the metric is, from 0 (lenient) to 1 (strict)',
          received: '2'
        }
      ])
    }
  })

  it('reports missing before invalid, and lists every missing field', () => {
    expect(() => validate(OPERATIONS.answer_relevancy, { query: 3 })).toThrow(MissingArgumentError)
    expect(() => validate(OPERATIONS.answer_relevancy, {})).toThrow(/'query' .*'response'/)
  })
})
