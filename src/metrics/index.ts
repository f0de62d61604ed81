// The registry: one record per metric module. An operation appears on the Evaluator only once its record
// is listed here: the schema table declares every operation, but nothing is exposed as a placeholder.
import { adherence } from './grounded/adherence.js'
import { answerRelevancy } from './grounded/answer-relevancy.js'
import { carbon } from './estimates/carbon.js'
import { clarity } from './text/clarity.js'
import { completion } from './grounded/completion.js'
import { contextRelevancy } from './grounded/context-relevancy.js'
import { cost } from './estimates/cost.js'
import { faithfulness, summarization } from './grounded/faithfulness.js'
import { helpfulness } from './style/helpfulness.js'
import { formality } from './style/formality.js'
import { inputType } from './text/input-type.js'
import { pii } from './pii/pii.js'
import { refusal } from './safety/refusal.js'
import { promptManipulation } from './safety/prompt-manipulation.js'
import { sensitivity } from './safety/sensitivity.js'
import { simplicity } from './text/simplicity.js'
import { stability } from './grounded/stability.js'
import { tone } from './style/tone.js'
import { toxicity } from './safety/toxicity.js'
import { v3Toxicity } from './safety/toxicity-v3.js'

export const METRICS = [clarity, inputType, pii, cost, carbon, simplicity, stability, toxicity, promptManipulation, tone, formality, sensitivity, refusal, helpfulness, answerRelevancy, completion, adherence, faithfulness, summarization, contextRelevancy, v3Toxicity] as const

type Entry = (typeof METRICS)[number]
type V3Of<M> = M extends { v3?: { name: infer V } } ? V : never
type ExtrasOf<M> = M extends { extras?: infer X } ? NonNullable<X> : never
type ExplainedOf<M> = M extends { name: infer K; explain?: infer E } ? (E extends undefined ? never : K) : never
type ExplainResult<M> = M extends { explain?: infer E } ? (E extends (ctx: never) => (request: never) => infer R ? R : never) : never
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never

/** Names of the operations Litmus implements (v4 names and `v3.<name>`), as `evaluate` takes them. */
export type Implemented = Entry['name'] | V3Of<Entry>

/** Methods beyond the service's operations, as each record declares them (`redact`, `textStats`, ...). */
export type Extras = Intersection<ExtrasOf<Entry>>

/** Operations with an `explain` method behind `explain(name, request)`. */
export type Explained = ExplainedOf<Entry>

/** What `explain(name, request)` returns for operation `K`. */
export type ExplanationOf<K extends Explained> = ExplainResult<Extract<Entry, { name: K }>>
