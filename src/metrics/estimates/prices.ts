// The price table a user gives `load({ prices })` or `costWithPrices`, in a module of its own: the load
// options (shared/context.ts) name it, and cost.ts, which reads it, imports the context in turn.

/** Kinds of model with prices: the typed v3 Cost's LLM and Reranker, and the v3 listing's EMBEDDING. */
export type ModelType = 'LLM' | 'Reranker' | 'Embedding'

/** A price a user supplies, e.g. a negotiated rate or a model Litmus does not ship. */
export interface ModelPrice {
  /** Provider as in `model_provider` (openai, azure, togetherai, nvidia, or any other name). */
  provider: string
  /** Model as in `model_name`; matched case-insensitively. */
  model: string
  /** Default `LLM`. */
  model_type?: ModelType
  /** USD per million prompt (input) tokens. */
  input_usd_per_mtok?: number
  /** USD per million completion (output) tokens. */
  output_usd_per_mtok?: number
  /** USD per query (search unit) — rerankers billed per query. */
  usd_per_query?: number
  /** Where the price comes from, shown by `explainCost`. */
  source?: string
  as_of?: string
}

/** An hourly instance price, needed for Hugging Face Inference Endpoints. */
export interface InstancePrice {
  /** Default `huggingface`. */
  provider?: string
  /** Instance as in `instance_type`, e.g. `aws-g5-2xlarge` or a legacy id such as `aws-g5-2xlarge-medium`. */
  instance_type: string
  usd_per_hour: number
  source?: string
  as_of?: string
}

/** Prices to use ahead of the shipped tables. */
export interface PriceTable {
  models?: ModelPrice[]
  instances?: InstancePrice[]
}
