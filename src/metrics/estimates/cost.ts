// Cost of model calls from list prices. The request's token counts are totals over `number_of_queries`
// calls, so one call costs the run's price divided by the number of queries:
//   LLM (per token)         per_call = (prompt × input + completion × output) / 1,000,000 / number_of_queries
//   Reranker (per query)    per_call = USD per query (one search unit per call)
//   Hugging Face endpoint   per_call = USD per instance hour × average_latency_ms / 3,600,000
//   NVIDIA (no list price)  as LLM, with the median of third-party hosts' prices for the same open model
//   project                 = per_call × 10,000
// Tables: src/models/prices.generated.ts (genai-prices, LiteLLM; MIT). Users add or override prices with
// load({ prices }) or per call with costWithPrices(request, prices).
import { InvalidArgumentError, invalidArgument } from '../../errors.js'
import type { PatternRule } from '../../models/prices.generated.js'
import { arr, num, obj, opt, str } from '../../schema/fields.js'
import type { Operation, Rule } from '../../schema/operations.js'
import type { RequestOf, ResponseOf } from '../../schema/types.js'
import { validate } from '../../schema/validate.js'
import type { Context, Scorer } from '../shared/context.js'
import { checked, defineMetric, defineModel } from '../shared/metric.js'
import { article, didYouMean, normName, suggest } from '../shared/names.js'
import { openWeightsKey } from './model-key.js'
import type { InstancePrice, ModelPrice, ModelType, PriceTable } from './prices.js'

export type { InstancePrice, ModelPrice, ModelType, PriceTable }

export const PROJECT_CALLS = 10_000
const MS_PER_HOUR = 3_600_000
const HF_PRICING_URL = 'https://huggingface.co/docs/inference-endpoints/pricing'

const PROVIDERS: Record<string, string> = {
  openai: 'openai',
  azure: 'azure',
  azureopenai: 'azure',
  azureai: 'azure',
  microsoftazure: 'azure',
  togetherai: 'togetherai',
  together: 'togetherai',
  huggingface: 'huggingface',
  hf: 'huggingface',
  nvidia: 'nvidia',
  nvidianim: 'nvidia',
  nim: 'nvidia',
  // Providers priced from genai-prices beyond the spec's five (docs/carbon-cost.md), under other spellings.
  claude: 'anthropic',
  gemini: 'google',
  googleai: 'google',
  vertex: 'google',
  vertexai: 'google',
  googlevertexai: 'google',
  aws: 'bedrock',
  amazon: 'bedrock',
  awsbedrock: 'bedrock',
  amazonbedrock: 'bedrock',
  mistralai: 'mistral',
  grok: 'xai',
  moonshot: 'moonshotai',
  zhipu: 'zhipuai',
  fireworksai: 'fireworks'
}
/** The spec's providers; every provider with shipped list prices (PRICED_PROVIDERS) is accepted too. */
const SPEC_PROVIDERS = ['openai', 'togetherai', 'huggingface', 'nvidia', 'azure']
/** genai-prices prices Azure OpenAI models at OpenAI's (global deployment) rates when Azure lists none. */
const FALLBACK: Record<string, string[]> = { azure: ['openai'] }

// Own keys only: a provider named "constructor" is no alias.
const providerKey = (p: string) => (Object.hasOwn(PROVIDERS, normName(p)) ? PROVIDERS[normName(p)] : normName(p))
const modelKey = (m: string) =>
  m
    .trim()
    .toLowerCase()
    .replace(/^(openai|azure|azure_ai|together_ai|togetherai|nvidia_nim)\//, '')

interface Source {
  name: string
  licence?: string
  as_of?: string
  url?: string
  commit?: string
}

interface Entry {
  provider: string
  model: string
  aliases: string[]
  patterns: PatternRule[]
  type: ModelType
  input: number | null
  output: number | null
  perQuery: number | null
  source: Source
  note: string | null
}

/** Prices by provider, in lookup order; layered so per-call prices sit over load-time ones over shipped. */
class PriceIndex {
  readonly models = new Map<string, Entry[]>()
  readonly instances = new Map<string, Map<string, InstancePrice>>()
  constructor(readonly parent?: PriceIndex) {}

  addModel(e: Entry) {
    const list = this.models.get(e.provider) ?? []
    list.push(e)
    this.models.set(e.provider, list)
  }

  /** Lists to search for a provider, innermost layer first. */
  layers(provider: string): Entry[][] {
    const own = this.models.get(provider)
    const rest = this.parent ? this.parent.layers(provider) : []
    return own ? [own, ...rest] : rest
  }

  instance(provider: string, name: string): InstancePrice | undefined {
    return this.instances.get(provider)?.get(normName(name)) ?? this.parent?.instance(provider, name)
  }

  instanceNames(provider: string): string[] {
    const own = [...(this.instances.get(provider)?.values() ?? [])].map((i) => i.instance_type)
    return [...own, ...(this.parent?.instanceNames(provider) ?? [])]
  }
}

type PriceChunk = typeof import('../../models/prices.generated.js')
// The shipped tables are the same for every Evaluator, so the chunk and its index are kept once.
let tables: PriceChunk
let shipped: PriceIndex | undefined
function shippedIndex(): PriceIndex {
  if (!shipped) {
    shipped = new PriceIndex()
    for (const [provider, model, aliases, patterns, type, input, output, perQuery, src, note] of tables.MODEL_PRICES) {
      shipped.addModel({ provider, model, aliases, patterns, type, input, output, perQuery, source: tables.PRICE_SOURCES[src], note })
    }
    const endpoints = new Map<string, InstancePrice>()
    for (const [instance_type, usd_per_hour, src, note] of tables.HF_ENDPOINT_PRICES) {
      const source = tables.PRICE_SOURCES[src]
      endpoints.set(normName(instance_type), { provider: 'huggingface', instance_type, usd_per_hour, source: note ? `${source.name} (${note})` : source.name, as_of: source.as_of })
    }
    shipped.instances.set('huggingface', endpoints)
  }
  return shipped
}

// ---------------------------------------------------------------- user price tables

const TABLE_TYPE = 'PriceTable'
// A ceiling keeps every product finite: 2^53 tokens × $1e6 per Mtok × 10,000 calls is far below 1e308.
const MAX_PRICE = 1e6
const nonNegative = (d: string) => opt(num(d, { min: 0, max: MAX_PRICE }))
const priceTableOp: Operation = {
  name: 'price_table',
  version: 'v4',
  requestType: TABLE_TYPE,
  summary: 'user-supplied prices',
  request: {
    models: opt(
      arr(
        obj('ModelPrice', 'a model price', {
          provider: str('provider as in model_provider', { nonEmpty: true }),
          model: str('model as in model_name', { nonEmpty: true }),
          model_type: opt(str('kind of model', { oneOf: ['LLM', 'Reranker', 'Embedding'], ignoreCase: true })),
          input_usd_per_mtok: nonNegative('USD per million prompt tokens'),
          output_usd_per_mtok: nonNegative('USD per million completion tokens'),
          usd_per_query: nonNegative('USD per query (rerankers)'),
          source: opt(str('where the price comes from')),
          as_of: opt(str('date of the price'))
        }),
        'model prices'
      )
    ),
    instances: opt(
      arr(
        obj('InstancePrice', 'an instance price', {
          provider: opt(str('provider as in model_provider (default huggingface)', { nonEmpty: true })),
          instance_type: str('instance as in instance_type', { nonEmpty: true }),
          usd_per_hour: num('USD per instance hour', { min: 0, max: MAX_PRICE }),
          source: opt(str('where the price comes from')),
          as_of: opt(str('date of the price'))
        }),
        'instance prices'
      )
    )
  },
  rules: [
    {
      description: 'a model price needs input_usd_per_mtok and output_usd_per_mtok, or usd_per_query',
      check(t) {
        for (const [i, m] of (t.models ?? []).entries()) {
          const tokens = m.input_usd_per_mtok !== undefined && m.output_usd_per_mtok !== undefined
          if (!tokens && m.usd_per_query === undefined) {
            return { field: `models[${i}]`, expected: 'input_usd_per_mtok and output_usd_per_mtok, or usd_per_query' }
          }
        }
        return undefined
      }
    } satisfies Rule
  ]
}

function buildIndex(table: PriceTable | undefined, parent: PriceIndex, where: string): PriceIndex {
  if (table === undefined) return parent
  validate({ ...priceTableOp, requestType: `${TABLE_TYPE} (${where})` }, table)
  const index = new PriceIndex(parent)
  for (const m of table.models ?? []) {
    const byTokens = m.input_usd_per_mtok !== undefined && m.output_usd_per_mtok !== undefined
    index.addModel({
      provider: providerKey(m.provider),
      model: m.model.trim(),
      aliases: [modelKey(m.model)],
      patterns: [],
      type: m.model_type ?? 'LLM',
      input: byTokens ? m.input_usd_per_mtok! : null,
      output: byTokens ? m.output_usd_per_mtok! : null,
      perQuery: byTokens ? null : m.usd_per_query!,
      source: { name: m.source ?? `user price table (${where})`, as_of: m.as_of },
      note: null
    })
  }
  for (const p of table.instances ?? []) {
    const provider = providerKey(p.provider ?? 'huggingface')
    const map = index.instances.get(provider) ?? new Map<string, InstancePrice>()
    map.set(normName(p.instance_type), p)
    index.instances.set(provider, map)
  }
  return index
}

// The load-time index, per Evaluator (a context is created once per `load()`).
const loaded = new WeakMap<Context, PriceIndex>()

/** The shipped price tables, indexed with the `load({ prices })` table on top. */
export const pricesModel = defineModel(
  'prices',
  () => import('../../models/prices.generated.js'),
  (ctx, chunk) => {
    tables = chunk
    loaded.set(ctx, buildIndex(ctx.options.prices, shippedIndex(), 'load options'))
  },
  // Indexing checks `load({ prices })`, so a bad table stays load()'s ConfigurationError; without one,
  // the shipped tables wait for the first cost call (indexing them was half of a full load()).
  { atLoad: (options) => options.prices !== undefined }
)
const indexFor = (ctx: Context, perCall?: PriceTable) =>
  buildIndex(perCall, loaded.get(ctx) ?? shippedIndex(), 'per call')

// ---------------------------------------------------------------- estimation

export interface CostBreakdown {
  cost_estimate_per_run: number
  total_project_cost_estimate: number
  provider: string
  model: string
  model_type: ModelType
  method: 'tokens' | 'per_query' | 'instance_hours' | 'open_weights_median'
  prices: {
    input_usd_per_mtok?: number
    output_usd_per_mtok?: number
    usd_per_query?: number
    usd_per_hour?: number
  }
  per_call: { prompt_tokens?: number; completion_tokens?: number; latency_ms?: number }
  number_of_queries: number
  project_calls: number
  /** True when no list price exists and the figure is derived (NVIDIA). */
  estimate: boolean
  source: Source | Source[]
  samples?: { host: string; input_usd_per_mtok: number; output_usd_per_mtok: number }[]
  note?: string
}

type CostRequest = RequestOf<'cost'>
const REQ = 'CostRequest'

const matches = (e: Entry, m: string) => e.aliases.includes(m)

function matchesPattern(e: Entry, m: string): boolean {
  for (const [kind, value] of e.patterns) {
    if (kind === 'starts_with' && m.startsWith(value)) return true
    if (kind === 'contains' && m.includes(value)) return true
    if (kind === 'regex' && new RegExp(value).test(m)) return true
  }
  return false
}

function findModel(index: PriceIndex, provider: string, model: string, type: ModelType) {
  const m = modelKey(model)
  const lists = [provider, ...(Object.hasOwn(FALLBACK, provider) ? FALLBACK[provider] : [])].flatMap((p) => index.layers(p))
  let other: Entry | undefined
  for (const test of [matches, matchesPattern]) {
    for (const list of lists) {
      for (const e of list) {
        if (!test(e, m)) continue
        if (e.type === type) return { entry: e }
        other ??= e
      }
    }
  }
  return { other, known: lists.flat().filter((e) => e.type === type).map((e) => e.model) }
}

function unknownModel(req: CostRequest, known: string[], why: string): InvalidArgumentError {
  return invalidArgument(
    REQ,
    'model_name',
    didYouMean(why, suggest(req.model_name, known)),
    'name of the model',
    req.model_name
  )
}


const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

function tokenCost(req: CostRequest, input: number, output: number): number {
  return (req.total_prompt_tokens * input + req.total_completion_tokens * output) / 1e6 / req.number_of_queries
}

export function estimateCost(req: CostRequest, index: PriceIndex): CostBreakdown {
  checkCounts(req)
  const provider = providerKey(req.model_provider)
  // Validation spells the type as the table does (`RERANKER` -> `Reranker`).
  const type = req.model_type as ModelType
  const common = { model_type: type, number_of_queries: req.number_of_queries, project_calls: PROJECT_CALLS }
  const priced = (b: Omit<CostBreakdown, 'total_project_cost_estimate' | keyof typeof common>): CostBreakdown => ({
    ...b,
    ...common,
    total_project_cost_estimate: b.cost_estimate_per_run * PROJECT_CALLS
  })
  if (provider === 'huggingface') return priced(instanceCost(req, index))
  const found = findModel(index, provider, req.model_name, type)
  if (found.entry) return priced(tableCost(req, found.entry))
  if (found.other) {
    throw unknownModel(req, found.known, `${article(type)} model (${found.other.model} is priced as ${found.other.type})`)
  }
  if (provider === 'nvidia') return priced(openWeightsCost(req, type))
  const shipped = [...new Set([...SPEC_PROVIDERS, ...tables.PRICED_PROVIDERS])]
  if (!shipped.includes(provider) && index.layers(provider).length === 0) {
    throw invalidArgument(
      REQ,
      'model_provider',
      didYouMean(`one of ${shipped.join(', ')}, or a provider in your price table`, suggest(req.model_provider, shipped)),
      'provider of the model',
      req.model_provider
    )
  }
  throw unknownModel(req, found.known, `${article(type)} model priced for ${provider}`)
}

/** Integers beyond 2^53 are not exact, and anything near 1e308 would overflow to Infinity. */
function checkCounts(req: CostRequest): void {
  for (const field of ['number_of_queries', 'total_prompt_tokens', 'total_completion_tokens', 'total_tokens'] as const) {
    const v = req[field]
    if (v !== undefined && v > Number.MAX_SAFE_INTEGER) {
      throw invalidArgument(REQ, field, `integer > 0 and at most ${Number.MAX_SAFE_INTEGER}`, 'token or query count', v)
    }
  }
}

/** A call's tokens, for the breakdown. */
const perCallTokens = (req: CostRequest) => ({
  prompt_tokens: req.total_prompt_tokens / req.number_of_queries,
  completion_tokens: req.total_completion_tokens / req.number_of_queries
})

type Priced = Omit<CostBreakdown, 'total_project_cost_estimate' | 'model_type' | 'number_of_queries' | 'project_calls'>

/** Hugging Face Inference Endpoints: the instance's hourly price for the call's latency. */
function instanceCost(req: CostRequest, index: PriceIndex): Priced {
  // The schema's rules guarantee both fields for huggingface.
  const instance = req.instance_type!
  const latency = req.average_latency!
  const price = index.instance('huggingface', instance)
  if (!price) {
    const known = index.instanceNames('huggingface')
    const how =
      `a Hugging Face Inference Endpoints instance (<cloud>-<id> such as aws-nvidia-a10g-x1, list prices of ` +
      `${tables.PRICE_SOURCES[2].as_of}: ${HF_PRICING_URL}), or one priced in your table: ` +
      `load({ prices: { instances: [{ instance_type, usd_per_hour }] } }) or costWithPrices(request, prices)`
    throw invalidArgument(REQ, 'instance_type', known.length ? didYouMean(how, suggest(instance, known)) : how, 'instance type', instance)
  }
  const perCall = (price.usd_per_hour * latency) / MS_PER_HOUR
  if (!Number.isFinite(perCall * PROJECT_CALLS)) {
    throw invalidArgument(REQ, 'average_latency', 'a latency small enough for a finite cost', 'average latency in milliseconds', latency)
  }
  return {
    cost_estimate_per_run: perCall,
    provider: 'huggingface',
    model: req.model_name.trim(),
    method: 'instance_hours',
    prices: { usd_per_hour: price.usd_per_hour },
    per_call: { latency_ms: latency },
    estimate: false,
    source: { name: price.source ?? 'user price table', as_of: price.as_of },
    note: 'the instance is charged for the time the call holds it; idle time between calls is not included'
  }
}

/** A model priced in the table: per query or per token. */
function tableCost(req: CostRequest, e: NonNullable<ReturnType<typeof findModel>['entry']>): Priced {
  const perQuery = e.perQuery !== null
  return {
    cost_estimate_per_run: perQuery ? e.perQuery! : tokenCost(req, e.input!, e.output!),
    provider: e.provider,
    model: e.model,
    method: perQuery ? 'per_query' : 'tokens',
    prices: perQuery ? { usd_per_query: e.perQuery! } : { input_usd_per_mtok: e.input!, output_usd_per_mtok: e.output! },
    per_call: perCallTokens(req),
    estimate: false,
    source: e.source,
    ...(e.note ? { note: e.note } : {})
  }
}

/** NVIDIA NIM lists no per-token prices: the median of what other hosts charge for the same open-weights LLM. */
function openWeightsCost(req: CostRequest, type: ModelType): Priced {
  if (type !== 'LLM') {
    throw invalidArgument(
      REQ,
      'model_name',
      `a model with a price in your table: NVIDIA publishes no ${type === 'Reranker' ? 'reranker' : 'embedding'} prices; pass one with load({ prices }) or costWithPrices`,
      'name of the model',
      req.model_name
    )
  }
  const key = openWeightsKey(req.model_name)
  const row = tables.OPEN_WEIGHT_HOST_PRICES.find((r) => r[0] === key)
  if (!row) {
    throw unknownModel(
      req,
      tables.OPEN_WEIGHT_HOST_PRICES.map((r) => r[1]),
      'an open-weights model that other hosts price (NVIDIA publishes no per-token list prices, so Litmus estimates from them)'
    )
  }
  const input = median(row[2].map((s) => s[1]))
  const output = median(row[2].map((s) => s[2]))
  return {
    cost_estimate_per_run: tokenCost(req, input, output),
    provider: 'nvidia',
    model: req.model_name.trim(),
    method: 'open_weights_median',
    prices: { input_usd_per_mtok: input, output_usd_per_mtok: output },
    per_call: perCallTokens(req),
    estimate: true,
    source: [...tables.PRICE_SOURCES],
    samples: row[2].map(([host, i, o]) => ({ host, input_usd_per_mtok: i, output_usd_per_mtok: o })),
    note: `NVIDIA lists no per-token price; median of ${row[2].length} third-party host price(s) for ${row[1]}`
  }
}

const response = (b: CostBreakdown): Omit<ResponseOf<'cost'>, 'metadata'> => ({
  cost_estimate_per_run: b.cost_estimate_per_run,
  total_project_cost_estimate: b.total_project_cost_estimate
})

const check = checked('cost')
const explain = (ctx: Context) => (request: CostRequest, prices?: PriceTable) => estimateCost(check(request), indexFor(ctx, prices))

export const cost = defineMetric({
  name: 'cost',
  score: (req, ctx) => response(estimateCost(req, indexFor(ctx))),
  models: [pricesModel],
  explain,
  extras: {
    /** `costWithPrices(request, prices)`: the spec's Cost response, with `prices` ahead of every other table. */
    costWithPrices: (ctx: Context) => (request: CostRequest, prices: PriceTable) =>
      response(estimateCost(check(request), indexFor(ctx, prices))),
    /** `explainCost(request, prices?)`: the figures plus the prices, method and sources behind them. */
    explainCost: explain
  }
})
