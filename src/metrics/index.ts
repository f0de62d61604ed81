// Registry of implemented operations. An operation appears on the Evaluator only once its scorer is
// listed here: the schema table declares every operation, but nothing is exposed as a placeholder.
import { OPERATIONS, type OperationName } from '../schema/operations.js'
import type { RequestOf } from '../schema/types.js'
import { validate } from '../schema/validate.js'
import { carbon, estimateCarbon, fromV3, V3_FIELDS, V4_FIELDS, v3Carbon, type CarbonBreakdown } from './carbon.js'
import { clarity, textStats } from './clarity.js'
import type { Context, Scorer } from './context.js'
import { cost, costWithPrices, explainCost, initPrices } from './cost.js'
import { inputType } from './input-type.js'
import { initPii, makeRedact, pii, v3Pii } from './pii.js'
import { loadSyllables, syllablesMethod } from './syllables.js'
import { tokensInit } from './tokens.js'

export const SCORERS = {
  carbon,
  clarity,
  cost,
  input_type: inputType,
  pii,
  'v3.carbon': v3Carbon,
  'v3.pii': v3Pii
} satisfies { [K in OperationName]?: Scorer<K> }

export type Implemented = keyof typeof SCORERS

const checked =
  <K extends OperationName>(name: K) =>
  (body: unknown): RequestOf<K> =>
    validate(OPERATIONS[name], body) as RequestOf<K>

/**
 * Methods beyond the service's operations (e.g. `textStats`, `redact`). Each entry receives the
 * context once at load and returns the method users call.
 */
export const EXTRAS = {
  /** Cost with extra prices for this call only (they win over `load({ prices })` and the shipped tables). */
  costWithPrices: (ctx: Context) => costWithPrices(ctx, checked('cost')),
  /** Cost figures with the prices, method, sources and as-of dates behind them. */
  explainCost: (ctx: Context) => explainCost(ctx, checked('cost')),
  /** Carbon figures with every constant behind them; takes a v4 `carbon` or a `v3.carbon` request. */
  explainCarbon: (_ctx: Context) => (request: RequestOf<'carbon'> | RequestOf<'v3.carbon'>): CarbonBreakdown => {
    if (typeof request === 'object' && request !== null && 'provider_name' in request) {
      return estimateCarbon(fromV3(checked('v3.carbon')(request)), V3_FIELDS)
    }
    return estimateCarbon(checked('carbon')(request), V4_FIELDS)
  },
  /** Syllables in one word (see docs/metrics/syllables.md). */
  syllables: syllablesMethod,
  /** Sentences, words, syllables and their spans, as the clarity score sees them (docs/metrics/clarity.md). */
  textStats,
  /** Bytes of WebAssembly memory the core holds now (it never shrinks): for checking memory stays flat. */
  memoryBytes: (ctx: Context) => () => ctx.core.exports.memory.buffer.byteLength,
  /** Text with its PII replaced, and the entities (see docs/metrics/pii.md). */
  redact: makeRedact
} satisfies Record<string, (ctx: Context) => (...args: any[]) => unknown>

/**
 * Work done once per `load()` after the core is instantiated, such as copying a model's tables into
 * core memory. Runs in order; each step may add to the context.
 */
export const INIT: ((ctx: Context) => void)[] = [initPrices, loadSyllables, tokensInit, initPii]
