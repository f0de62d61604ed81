// The registry: what `load()` knows of each metric before it imports the metric's code. Each family's
// records (its index.ts) are a dynamic import, so a bundler emits each family as a chunk of its own and
// `load({ operations: ['toxicity'] })` parses the safety metrics' code and no other family's. An operation appears on
// the Evaluator only once its record is listed here: the schema table declares every operation, but
// nothing is exposed as a placeholder. What an entry says of its record (names, model names, extras,
// explain) is what the Evaluator needs for the operations it did not load; test/registry.test.ts checks
// it against the record itself.
import type { LoadOptions } from './shared/context.js'
import type { adherence } from './grounded/adherence.js'
import type { answerRelevancy } from './grounded/answer-relevancy.js'
import type { carbon } from './estimates/carbon.js'
import type { clarity } from './text/clarity.js'
import type { completion } from './grounded/completion.js'
import type { contextRelevancy } from './grounded/context-relevancy.js'
import type { cost } from './estimates/cost.js'
import type { faithfulness, summarization } from './grounded/faithfulness.js'
import type { helpfulness } from './style/helpfulness.js'
import type { formality } from './style/formality.js'
import type { inputType } from './text/input-type.js'
import type { pii } from './pii/pii.js'
import type { refusal } from './safety/refusal.js'
import type { promptManipulation } from './safety/prompt-manipulation.js'
import type { sensitivity } from './safety/sensitivity.js'
import type { simplicity } from './text/simplicity.js'
import type { stability } from './grounded/stability.js'
import type { tone } from './style/tone.js'
import type { toxicity } from './safety/toxicity.js'
import type { v3Toxicity } from './safety/toxicity-v3.js'

type Record = typeof clarity | typeof inputType | typeof pii | typeof cost | typeof carbon | typeof simplicity | typeof stability | typeof toxicity | typeof promptManipulation | typeof tone | typeof formality | typeof sensitivity | typeof refusal | typeof helpfulness | typeof answerRelevancy | typeof completion | typeof adherence | typeof faithfulness | typeof summarization | typeof contextRelevancy | typeof v3Toxicity

/** The metric families: each one folder of src/metrics/ and one chunk of dist/metrics/. */
export type Family = 'text' | 'pii' | 'estimates' | 'toxicity' | 'safety' | 'style' | 'grounded'

/** A metric as the registry lists it: enough to name, refuse or explain it without its code. */
export interface Entry<R extends Record = Record> {
  /** The family whose chunk holds the record (dist/metrics/<family>.js). */
  family: Family
  name: R['name']
  /** The v3 operation the record adapts, if any. */
  v3?: V3Of<R>
  /** Names of the model chunks the record needs (for NotLoadedError). */
  models: readonly string[]
  /** Methods the record adds beyond the service's operations. */
  extras: readonly string[]
  /** Whether `explain(name)` has evidence for it. */
  explain: boolean
  /** Import the record's module: its own chunk. */
  record: () => Promise<R>
  /** Whether `load(options)` must read the record and install its `atLoad` models (`load({ prices })` is checked there). */
  atLoad?: (options: LoadOptions) => boolean
}

/** An entry whose name (and v3 name) must be its record's: checked by the compiler. */
const entry = <R extends Record>(e: Entry<R>): Entry<R> => e

export const METRICS = [
  entry({ family: 'text', name: 'clarity', v3: 'v3.clarity', models: ['syllables'], extras: ['textStats', 'syllables'], explain: false, record: async () => (await import('./text/index.js')).clarity }),
  entry({ family: 'text', name: 'input_type', models: [], extras: [], explain: false, record: async () => (await import('./text/index.js')).inputType }),
  entry({ family: 'pii', name: 'pii', v3: 'v3.pii', models: ['pii-gazetteer', 'pii-orgs', 'pii-clusters', 'pii-tagger'], extras: ['redact'], explain: true, record: async () => (await import('./pii/index.js')).pii }),
  entry({ family: 'estimates', name: 'cost', models: ['prices'], atLoad: (options) => options.prices !== undefined, extras: ['costWithPrices', 'explainCost'], explain: true, record: async () => (await import('./estimates/index.js')).cost }),
  entry({ family: 'estimates', name: 'carbon', v3: 'v3.carbon', models: ['carbon'], extras: ['explainCarbon'], explain: true, record: async () => (await import('./estimates/index.js')).carbon }),
  entry({ family: 'text', name: 'simplicity', v3: 'v3.simplicity', models: ['simplicity', 'syllables'], extras: [], explain: true, record: async () => (await import('./text/index.js')).simplicity }),
  entry({ family: 'grounded', name: 'stability', v3: 'v3.stability', models: ['vectors'], extras: [], explain: true, record: async () => (await import('./grounded/index.js')).stability }),
  entry({ family: 'toxicity', name: 'toxicity', models: ['toxicity'], extras: [], explain: true, record: async () => (await import('./toxicity/index.js')).toxicity }),
  entry({ family: 'safety', name: 'prompt_manipulation', v3: 'v3.prompt_injection', models: ['prompt_manipulation'], extras: [], explain: true, record: async () => (await import('./safety/index.js')).promptManipulation }),
  entry({ family: 'style', name: 'tone', v3: 'v3.tone', models: ['tone'], extras: ['tones'], explain: true, record: async () => (await import('./style/index.js')).tone }),
  entry({ family: 'style', name: 'formality', v3: 'v3.formality', models: ['formality'], extras: [], explain: true, record: async () => (await import('./style/index.js')).formality }),
  entry({ family: 'safety', name: 'sensitivity', v3: 'v3.sensitivity', models: ['vectors', 'sensitivity'], extras: [], explain: true, record: async () => (await import('./safety/index.js')).sensitivity }),
  entry({ family: 'safety', name: 'refusal', v3: 'v3.refusal', models: ['refusal'], extras: [], explain: true, record: async () => (await import('./safety/index.js')).refusal }),
  entry({ family: 'style', name: 'helpfulness', v3: 'v3.helpfulness', models: ['helpfulness'], extras: [], explain: true, record: async () => (await import('./style/index.js')).helpfulness }),
  entry({ family: 'grounded', name: 'answer_relevancy', v3: 'v3.answer_relevancy', models: ['vectors'], extras: [], explain: true, record: async () => (await import('./grounded/index.js')).answerRelevancy }),
  entry({ family: 'grounded', name: 'completion', v3: 'v3.completion', models: ['vectors'], extras: [], explain: true, record: async () => (await import('./grounded/index.js')).completion }),
  entry({ family: 'grounded', name: 'adherence', v3: 'v3.adherence', models: ['vectors'], extras: [], explain: true, record: async () => (await import('./grounded/index.js')).adherence }),
  entry({ family: 'grounded', name: 'faithfulness', v3: 'v3.faithfulness', models: ['vectors', 'faithfulness', 'contrast-words'], extras: [], explain: true, record: async () => (await import('./grounded/index.js')).faithfulness }),
  entry({ family: 'grounded', name: 'v3.summarization', models: ['vectors', 'faithfulness', 'contrast-words'], extras: [], explain: false, record: async () => (await import('./grounded/index.js')).summarization }),
  entry({ family: 'grounded', name: 'context_relevancy', v3: 'v3.context_relevancy', models: ['vectors'], extras: [], explain: false, record: async () => (await import('./grounded/index.js')).contextRelevancy }),
  entry({ family: 'toxicity', name: 'v3.toxicity', models: ['toxicity'], extras: [], explain: false, record: async () => (await import('./toxicity/index.js')).v3Toxicity })
] as const

// Every record is listed: a metric module added to `Record` without an entry fails here.
type Listed = Awaited<ReturnType<(typeof METRICS)[number]['record']>>
type Covers<T, U extends T> = U
type _All = Covers<Listed, Record>

type V3Of<M> = M extends { v3?: { name: infer V } } ? V : never
type ExtrasOf<M> = M extends { extras?: infer X } ? NonNullable<X> : never
type ExplainedOf<M> = M extends { name: infer K; explain?: infer E } ? (E extends undefined ? never : K) : never
type ExplainResult<M> = M extends { explain?: infer E } ? (E extends (ctx: never) => (request: never) => infer R ? R : never) : never
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never

/** Names of the operations Litmus implements (v4 names and `v3.<name>`), as `evaluate` takes them. */
export type Implemented = Record['name'] | V3Of<Record>

/** Methods beyond the service's operations, as each record declares them (`redact`, `textStats`, ...). */
export type Extras = Intersection<ExtrasOf<Record>>

/** Operations with an `explain` method behind `explain(name, request)`. */
export type Explained = ExplainedOf<Record>

/** What `explain(name, request)` returns for operation `K`. */
export type ExplanationOf<K extends Explained> = ExplainResult<Extract<Record, { name: K }>>
