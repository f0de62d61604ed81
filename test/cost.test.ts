import { beforeAll, describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

// Expected figures are written out from list prices (USD per million tokens, per query, per hour) and the
// documented rule: token totals cover `number_of_queries` calls, so one call costs the run's price divided by
// number_of_queries; the project figure is 10,000 calls.

const base = {
  model_name: 'gpt-4o',
  model_type: 'LLM',
  model_provider: 'openai',
  number_of_queries: 1,
  total_prompt_tokens: 1000,
  total_completion_tokens: 500
} as const

type Case = { name: string; request: Record<string, unknown>; perRun: number; source?: string; estimate?: boolean }

const cases: Case[] = [
  {
    name: 'openai gpt-4o, 1000 prompt + 500 completion tokens',
    request: base,
    perRun: (1000 * 2.5 + 500 * 10) / 1_000_000, // genai-prices: $2.50 in / $10 out per Mtok
    source: 'genai-prices'
  },
  {
    name: 'token totals over 4 queries: one call is a quarter of the run',
    request: { ...base, number_of_queries: 4, total_prompt_tokens: 4000, total_completion_tokens: 2000, total_tokens: 6000 },
    perRun: (4000 * 2.5 + 2000 * 10) / 1_000_000 / 4
  },
  {
    name: 'a dated alias of gpt-4o matches its row',
    request: { ...base, model_name: 'gpt-4o-2024-11-20', total_prompt_tokens: 12345, total_completion_tokens: 678 },
    perRun: (12345 * 2.5 + 678 * 10) / 1_000_000
  },
  {
    name: 'gpt-4o-mini',
    request: { ...base, model_name: 'GPT-4o-mini', total_prompt_tokens: 2000, total_completion_tokens: 300 },
    perRun: (2000 * 0.15 + 300 * 0.6) / 1_000_000
  },
  // Providers beyond the spec's five, from genai-prices, by their own names and common spellings.
  {
    name: 'anthropic claude-3-5-haiku-latest',
    request: { ...base, model_provider: 'anthropic', model_name: 'claude-3-5-haiku-latest' },
    perRun: (1000 * 0.8 + 500 * 4) / 1_000_000,
    source: 'genai-prices'
  },
  {
    name: 'Anthropic (capitalised) claude-sonnet-4',
    request: { ...base, model_provider: 'Anthropic', model_name: 'claude-sonnet-4' },
    perRun: (1000 * 3 + 500 * 15) / 1_000_000,
    source: 'genai-prices'
  },
  {
    name: 'gemini (alias of google) gemini-1.5-pro',
    request: { ...base, model_provider: 'Gemini', model_name: 'gemini-1.5-pro' },
    perRun: (1000 * 1.25 + 500 * 5) / 1_000_000,
    source: 'genai-prices'
  },
  {
    name: 'aws (alias of bedrock) amazon.nova-pro-v1:0',
    request: { ...base, model_provider: 'AWS', model_name: 'amazon.nova-pro-v1:0' },
    perRun: (1000 * 0.8 + 500 * 3.2) / 1_000_000,
    source: 'genai-prices'
  },
  {
    name: 'mistral mistral-large-latest',
    request: { ...base, model_provider: 'mistralai', model_name: 'mistral-large-latest' },
    perRun: (1000 * 2 + 500 * 6) / 1_000_000,
    source: 'genai-prices'
  },
  {
    name: 'azure o3-mini from the Azure list',
    request: { ...base, model_provider: 'Azure', model_name: 'o3-mini' },
    perRun: (1000 * 1.1 + 500 * 4.4) / 1_000_000,
    source: 'genai-prices'
  },
  {
    name: 'azure gpt-35-turbo (Azure spelling) from LiteLLM',
    request: { ...base, model_provider: 'azure', model_name: 'gpt-35-turbo' },
    perRun: (1000 * 0.5 + 500 * 1.5) / 1_000_000, // LiteLLM: 5e-7 / 1.5e-6 per token
    source: 'LiteLLM model prices (via tokencost)'
  },
  {
    name: 'azure gpt-5.1 falls back to the OpenAI price',
    request: { ...base, model_provider: 'azure', model_name: 'gpt-5.1' },
    perRun: (1000 * 1.25 + 500 * 10) / 1_000_000
  },
  {
    name: 'togetherai Llama 3.3 70B Turbo',
    request: { ...base, model_provider: 'togetherai', model_name: 'meta-llama/Llama-3.3-70B-Instruct-Turbo', number_of_queries: 2 },
    perRun: (1000 * 0.88 + 500 * 0.88) / 1_000_000 / 2
  },
  {
    name: 'reranker billed per query (Azure AI Cohere rerank v3.5)',
    request: { ...base, model_type: 'Reranker', model_provider: 'azure', model_name: 'cohere-rerank-v3.5', number_of_queries: 3 },
    perRun: 0.002 // $2 per 1,000 searches, one search per call whatever the tokens
  },
  {
    name: 'nvidia: median of third-party host prices, flagged as an estimate',
    request: { ...base, model_provider: 'nvidia', model_name: 'meta/llama-3.1-70b-instruct' },
    // hosts' input prices 0.88 0.34 0.6 0.12 0.12 0.23 -> sorted middle pair (0.23 + 0.34) / 2
    // output prices 0.88 0.39 1.2 0.3 0.3 0.4 -> (0.39 + 0.4) / 2
    perRun: (1000 * ((0.23 + 0.34) / 2) + 500 * ((0.39 + 0.4) / 2)) / 1_000_000,
    estimate: true
  }
]

const close = (actual: number, expected: number) => {
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(1e-9)
}

let litmus: Awaited<ReturnType<typeof load>>
beforeAll(async () => {
  litmus = await load()
})

describe('cost', () => {
  for (const c of cases) {
    it(c.name, () => {
      const out = litmus.cost(c.request as any)
      expect(Object.keys(out).sort()).toEqual(['cost_estimate_per_run', 'total_project_cost_estimate'])
      close(out.cost_estimate_per_run, c.perRun)
      close(out.total_project_cost_estimate, c.perRun * 10_000)
      const e = litmus.explainCost(c.request as any)
      expect(e.estimate).toBe(c.estimate ?? false)
      if (c.source) expect((e.source as any).name).toBe(c.source)
    })
  }

  it('metadata comes back; evaluate() agrees', () => {
    const out = litmus.evaluate('cost', { ...base, metadata: { id: 'x' } })
    expect(out.metadata).toEqual({ id: 'x' })
    close(out.cost_estimate_per_run, (1000 * 2.5 + 500 * 10) / 1_000_000)
  })

  it('explainCost gives prices, source and as-of date', () => {
    const e = litmus.explainCost(base)
    expect(e).toMatchObject({ method: 'tokens', prices: { input_usd_per_mtok: 2.5, output_usd_per_mtok: 10 }, project_calls: 10_000 })
    expect((e.source as any).licence).toBe('MIT')
    expect((e.source as any).as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('user price tables', () => {
  const hf = { ...base, model_provider: 'huggingface', model_name: 'meta-llama/Llama-3.1-8B-Instruct', instance_type: 'aws-g5-2xlarge', average_latency: 800 }
  const prices = {
    models: [
      { provider: 'openai', model: 'gpt-4o', input_usd_per_mtok: 2, output_usd_per_mtok: 8, source: 'our contract', as_of: '2026-01-01' },
      { provider: 'acme', model: 'claude-x', input_usd_per_mtok: 3, output_usd_per_mtok: 15 },
      { provider: 'nvidia', model: 'nv-rerank', model_type: 'Reranker' as const, usd_per_query: 0.0005 }
    ],
    instances: [{ instance_type: 'aws-g5-2xlarge', usd_per_hour: 1.5 }]
  }
  let priced: Awaited<ReturnType<typeof load>>
  beforeAll(async () => {
    priced = await load({ prices })
  })

  it('a negotiated price given to load() wins over the list price', () => {
    close(priced.cost(base).cost_estimate_per_run, (1000 * 2 + 500 * 8) / 1_000_000)
    expect(priced.explainCost(base).source).toMatchObject({ name: 'our contract', as_of: '2026-01-01' })
  })
  it('a provider Litmus does not ship, from the table', () => {
    close(priced.cost({ ...base, model_provider: 'acme', model_name: 'Claude-X' }).cost_estimate_per_run, (1000 * 3 + 500 * 15) / 1_000_000)
  })
  it('an NVIDIA reranker priced per query by the user', () => {
    close(priced.cost({ ...base, model_provider: 'nvidia', model_type: 'Reranker', model_name: 'nv-rerank' }).cost_estimate_per_run, 0.0005)
  })
  it('Hugging Face endpoint: hourly price × latency', () => {
    const out = priced.cost(hf)
    close(out.cost_estimate_per_run, 1.5 * 800 / 3_600_000)
    close(out.total_project_cost_estimate, 1.5 * 800 / 3_600_000 * 10_000)
  })
  it('per-call prices win over load() prices and leave the spec shape alone', () => {
    const out = priced.costWithPrices(hf, { instances: [{ provider: 'huggingface', instance_type: 'AWS G5 2xlarge', usd_per_hour: 2.25 }] })
    expect(Object.keys(out).sort()).toEqual(['cost_estimate_per_run', 'total_project_cost_estimate'])
    close(out.cost_estimate_per_run, 2.25 * 800 / 3_600_000)
    // the per-call table applies to that call only
    close(priced.cost(hf).cost_estimate_per_run, 1.5 * 800 / 3_600_000)
  })
  it('a bad price table is an InvalidArgumentError naming the entry', async () => {
    await expect(load({ prices: { models: [{ provider: 'openai', model: 'gpt-4o', input_usd_per_mtok: -1, output_usd_per_mtok: 1 }] } })).rejects.toThrow(
      /models\[0\]\.input_usd_per_mtok/
    )
    expect(() => litmus.costWithPrices(base, { models: [{ provider: 'openai', model: 'gpt-4o', input_usd_per_mtok: 2 }] })).toThrow(InvalidArgumentError)
    expect(() => litmus.costWithPrices(base, { instances: [{ instance_type: 'x', usd_per_hour: 1e300 }] })).toThrow(/instances\[0\]\.usd_per_hour/)
  })
})

describe('cost errors', () => {
  const bad: [string, () => unknown, typeof InvalidArgumentError, string, RegExp?][] = [
    ['unknown model, with suggestions', () => litmus.cost({ ...base, model_name: 'gtp-4o' }), InvalidArgumentError, 'model_name', /did you mean: gpt-4o/],
    ['unknown provider, with suggestions', () => litmus.cost({ ...base, model_provider: 'opnai' }), InvalidArgumentError, 'model_provider', /did you mean: openai/],
    ['misspelt provider beyond the spec', () => litmus.cost({ ...base, model_provider: 'anthropc', model_name: 'claude-3-opus' }), InvalidArgumentError, 'model_provider', /did you mean: anthropic/],
    ['anthropic model not in the list', () => litmus.cost({ ...base, model_provider: 'anthropic', model_name: 'claude-9-imaginary' }), InvalidArgumentError, 'model_name'],
    ['LLM asked as a reranker', () => litmus.cost({ ...base, model_type: 'Reranker' }), InvalidArgumentError, 'model_name', /priced as LLM/],
    ['nvidia model no host prices', () => litmus.cost({ ...base, model_provider: 'nvidia', model_name: 'nvidia/unknown-model-9000' }), InvalidArgumentError, 'model_name', /NVIDIA/],
    ['nvidia reranker without a user price', () => litmus.cost({ ...base, model_provider: 'nvidia', model_type: 'Reranker', model_name: 'nv-rerankqa-mistral-4b-v3' }), InvalidArgumentError, 'model_name', /load\(\{ prices \}\)/],
    ['huggingface without instance_type', () => litmus.cost({ ...base, model_provider: 'huggingface', average_latency: 100 }), MissingArgumentError, 'instance_type'],
    ['huggingface without average_latency', () => litmus.cost({ ...base, model_provider: 'Hugging Face', instance_type: 'aws-g5-2xlarge' }), MissingArgumentError, 'average_latency'],
    [
      'huggingface instance without a price table says how to pass one',
      () => litmus.cost({ ...base, model_provider: 'huggingface', instance_type: 'aws-g5-2xlarge', average_latency: 100 }),
      InvalidArgumentError,
      'instance_type',
      /load\(\{ prices: \{ instances/
    ],
    ['zero queries', () => litmus.cost({ ...base, number_of_queries: 0 }), InvalidArgumentError, 'number_of_queries'],
    ['fractional tokens', () => litmus.cost({ ...base, total_prompt_tokens: 10.5 }), InvalidArgumentError, 'total_prompt_tokens'],
    ['negative tokens', () => litmus.cost({ ...base, total_completion_tokens: -5 }), InvalidArgumentError, 'total_completion_tokens'],
    ['NaN latency', () => litmus.cost({ ...base, average_latency: Number.NaN }), InvalidArgumentError, 'average_latency'],
    ['tokens as a string', () => litmus.cost({ ...base, total_prompt_tokens: '1000' } as any), InvalidArgumentError, 'total_prompt_tokens'],
    ['blank model name', () => litmus.cost({ ...base, model_name: '   ' }), InvalidArgumentError, 'model_name'],
    ['model_type outside LLM/Reranker/Embedding', () => litmus.cost({ ...base, model_type: 'GPT' } as any), InvalidArgumentError, 'model_type'],
    ['prices are not a request field', () => litmus.cost({ ...base, prices: {} } as any), InvalidArgumentError, 'prices'],
    ['missing completion tokens', () => litmus.cost({ ...base, total_completion_tokens: undefined } as any), MissingArgumentError, 'total_completion_tokens']
  ]
  for (const [name, run, Err, field, hint] of bad) {
    it(name, () => {
      const error = expectIssue(run, Err, field)
      if (hint) expect(error.message).toMatch(hint)
    })
  }
})

describe('cost edge cases', () => {
  it('token counts beyond 2^53 are refused rather than priced inexactly', () => {
    expect(() => litmus.cost({ ...base, total_prompt_tokens: 2 ** 60 })).toThrow(InvalidArgumentError)
  })
  it('a latency too large for a finite cost is refused', async () => {
    const priced = await load({ prices: { instances: [{ instance_type: 'x', usd_per_hour: 4 }] } })
    expect(() => priced.cost({ ...base, model_provider: 'huggingface', instance_type: 'x', average_latency: 1e308 })).toThrow(/finite/)
  })
})

describe('Hugging Face Inference Endpoints list prices', () => {
  const call = (instance_type: string, average_latency = 3_600_000) => ({
    model_name: 'meta-llama/Llama-3.1-8B-Instruct', model_type: 'LLM', model_provider: 'huggingface', number_of_queries: 1,
    total_prompt_tokens: 100, total_completion_tokens: 100, instance_type, average_latency
  })
  // [instance, USD per hour from the list of 2026-05-19 (or the 2024 legacy list)]
  const PRICES: [string, number][] = [
    ['aws-nvidia-a10g-x1', 1.0],
    ['nvidia-a10g-x1', 1.0], // one cloud offers it: the bare id is enough
    ['gcp-nvidia-l4-x1', 0.7],
    ['azure-intel-xeon-x2', 0.12],
    ['AWS-Nvidia-H200-X8', 40.0],
    ['aws-c6i-small', 0.032] // a legacy id
  ]
  it.each(PRICES)('%s costs %d USD for an hour', async (instance, usd) => {
    const litmus = await load({ operations: ['cost'] })
    expect(litmus.cost(call(instance) as never).cost_estimate_per_run).toBeCloseTo(usd, 9)
  })
  it('asks for the cloud when several offer an id at different prices', async () => {
    const litmus = await load({ operations: ['cost'] })
    expect(() => litmus.cost(call('intel-spr-x1') as never)).toThrow(/did you mean: .*aws-intel-spr-x1/)
  })
})
