import type { CustomMetric } from '../../custom.js'
import type { Thresholds } from '../../verdict.js'
import type { Core } from '../../core/wasm.js'
import type { OperationName } from '../../schema/operations.js'
import type { RequestOf, ResponseOf } from '../../schema/types.js'
import type { PriceTable } from '../estimates/prices.js'
import type { PiiRecognizer } from '../pii/pii-recognizers.js'

/** Options given to `load()`. Metric modules read the parts that concern them. */
export interface LoadOptions {
  /**
   * Prices used ahead of the shipped tables by `cost` (e.g. negotiated rates, models Litmus does not ship,
   * and the hourly instance prices Hugging Face endpoints need). See docs/carbon-cost.md.
   */
  prices?: PriceTable
  /**
   * Operations to load model chunks for (default: all). Methods of other operations stay on the Evaluator
   * but throw a NotLoadedError, so a page that scores only clarity downloads no PII or toxicity tables.
   */
  operations?: readonly string[]
  /**
   * Custom PII recognizers used by every `pii` and `redact` call of this Evaluator, besides the built-in
   * ones (Litmus, beyond the spec; docs/metrics/pii.md, "Custom recognizers"). Checked by `load()`.
   */
  recognizers?: readonly PiiRecognizer[]
  /**
   * Thresholds for verdicts (`check`, `scan`, `scanOutput`), over the documented defaults:
   * `{ toxicity: 40, clarity: 20, cost: 0.01 }`; `null` turns a metric's flagging off (docs/guardrails.md).
   */
  thresholds?: Thresholds
  /** Metrics of your own, made with `defineMetric` (docs/guardrails.md, "Custom metrics"). */
  metrics?: readonly CustomMetric[]
}

/** What a scorer gets besides its request: the core instance and the load options. */
export interface Context {
  core: Core
  options: LoadOptions
}

/** A scorer takes a validated request and returns the response without `metadata`. */
export type Scorer<K extends OperationName> = (request: RequestOf<K>, ctx: Context) => Omit<ResponseOf<K>, 'metadata'>
