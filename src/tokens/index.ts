/**
 * Token counts for text, so `cost` can be computed from strings: OpenAI's byte-pair encodings
 * (`o200k_base` for GPT-4o and later, `cl100k_base` for GPT-4 and GPT-3.5), exact, from gpt-tokenizer.
 * For other providers the count is an estimate: their tokenisers differ (docs/carbon-cost.md).
 * A separate entry (`litmus-metrics/tokens`), loaded only by those who count tokens.
 * @packageDocumentation
 */
import { invalidArgument, MAX_TEXT_CHARS, type Evaluator } from 'litmus-metrics'

export type Encoding = 'o200k_base' | 'cl100k_base'

/** A loaded encoding: `count(text)` is the number of tokens the model reads for `text`. */
export interface Tokenizer {
  readonly encoding: Encoding
  count(text: string): number
}

/**
 * Longest run without white space counted in one piece. The encoder's merge step is quadratic in a
 * piece's length (100,000 letters in a row take 45 s), so longer runs are counted in parts of this
 * length: exact for prose and code, and at most one token per part off for a run such as a long hash.
 */
export const MAX_PIECE = 256

/** Runs without white space longer than MAX_PIECE: the only places a text is cut. */
const LONG_RUN = new RegExp(`\\S{${MAX_PIECE + 1},}`, 'g')

const loaders: Record<Encoding, () => Promise<{ countTokens: (text: string) => number }>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base')
}

/** Load an encoding (default `o200k_base`); the tables are fetched or read once, on first use. */
export async function tokenizer(encoding: Encoding = 'o200k_base'): Promise<Tokenizer> {
  if (!Object.hasOwn(loaders, encoding)) {
    throw invalidArgument('TokenizerOptions', 'encoding', `one of ${Object.keys(loaders).join(', ')}`, 'the byte-pair encoding', encoding)
  }
  const { countTokens } = await loaders[encoding]()
  return {
    encoding,
    count(text: string): number {
      if (typeof text !== 'string') throw invalidArgument('CountTokens', 'text', 'string', 'the text to count', text)
      if (text.length > MAX_TEXT_CHARS) throw invalidArgument('CountTokens', 'text', `string of at most ${MAX_TEXT_CHARS} characters (docs/limits.md)`, 'the text to count', text)
      let total = 0
      let from = 0
      // Cut only inside runs longer than MAX_PIECE; everything else is counted as written.
      for (const run of text.matchAll(LONG_RUN)) {
        const start = run.index
        total += countTokens(text.slice(from, start))
        for (let at = start; at < start + run[0].length; at += MAX_PIECE) total += countTokens(text.slice(at, Math.min(at + MAX_PIECE, start + run[0].length)))
        from = start + run[0].length
      }
      return total + countTokens(text.slice(from))
    }
  }
}

/** What `costOfText` takes: the cost request's model fields, and the texts in place of token totals. */
export interface TextCostRequest {
  model_name: string
  model_type: string
  model_provider: string
  /** Prompts sent (one per query). */
  prompts: readonly string[]
  /** Completions received (one per query). */
  completions: readonly string[]
  instance_type?: string
  average_latency?: number
}

/**
 * `cost` with the token totals counted from the texts: `number_of_queries` is the number of prompts,
 * `total_prompt_tokens` and `total_completion_tokens` their counts under `encoding` (default
 * `o200k_base`; exact for OpenAI models of that encoding, an estimate for other providers).
 */
export async function costOfText(litmus: Evaluator, request: TextCostRequest, encoding: Encoding = 'o200k_base') {
  const type = 'TextCostRequest'
  for (const field of ['prompts', 'completions'] as const) {
    if (!Array.isArray(request?.[field]) || request[field].length === 0) throw invalidArgument(type, field, 'non-empty array of strings', `the ${field} of the calls`, request?.[field])
  }
  if (request.prompts.length !== request.completions.length) {
    throw invalidArgument(type, 'completions', `array of ${request.prompts.length} strings (one per prompt)`, 'the completions of the calls', request.completions)
  }
  for (const field of ['prompts', 'completions'] as const) {
    const bad = request[field].findIndex((t) => typeof t !== 'string')
    if (bad !== -1) throw invalidArgument(type, `${field}[${bad}]`, 'string', `a text of the calls' ${field}`, request[field][bad])
  }
  const tokens = await tokenizer(encoding)
  const sum = (texts: readonly string[]) => texts.reduce((n, t) => n + tokens.count(t), 0)
  const { prompts, completions, ...model } = request
  const total_prompt_tokens = sum(prompts)
  const total_completion_tokens = sum(completions)
  return {
    ...litmus.cost({ ...model, number_of_queries: prompts.length, total_prompt_tokens, total_completion_tokens } as never),
    total_prompt_tokens,
    total_completion_tokens
  }
}
