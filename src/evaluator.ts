import { Core } from './core/wasm.js'
import { ConfigurationError, invalidArgument, InvalidArgumentError, LimitError, NotLoadedError, preview } from './errors.js'
import type { Context, LoadOptions } from './metrics/shared/context.js'
import { METRICS, type Explained, type ExplanationOf, type Extras, type Implemented } from './metrics/index.js'
import { loadTimeRecognizers } from './metrics/pii/pii.js'
import type { Model } from './metrics/shared/metric.js'
import { tokensInit } from './metrics/shared/tokens.js'
import { unknownOperation } from './schema/guards.js'
import { OPERATIONS, type Operation } from './schema/operations.js'
import { camel, type Camel, type RequestOf, type ResponseOf } from './schema/types.js'
import { checkResponse, roundExplained, roundResponse, validate } from './schema/validate.js'
import { versionsOf, type Versions } from './schema/versions.js'

type V4Name = Exclude<Implemented, `v3.${string}`>
type V3Name = Extract<Implemented, `v3.${string}`>
type Short<K> = K extends `v3.${infer N}` ? Camel<N> : never

/** Scores text with every implemented operation; obtain one with `load()`. */
export type Evaluator = {
  [K in V4Name as Camel<K>]: (request: RequestOf<K>) => ResponseOf<K>
} & {
  /** v3 request shapes, adapted onto the v4 scorers. */
  v3: { [K in V3Name as Short<K>]: (request: RequestOf<K>) => ResponseOf<K> }
  /** Run an operation by the service's endpoint name (`input_type`, `v3.carbon`, ...). */
  evaluate<K extends Implemented>(name: K, body: unknown): ResponseOf<K>
  /**
   * The evidence behind a score (n-grams, spans, rules, prices, constants), for the operations that
   * have it. Never part of an operation's default response.
   */
  explain<K extends Explained>(name: K, request: RequestOf<K>): ExplanationOf<K>
  /** Names this Evaluator can run: every implemented operation, or those given to `load({ operations })`. */
  readonly operations: readonly Implemented[]
  /** The spec's metrics version list for `operations`: metric -> versions (`{ clarity: ['v3', 'v4'], cost: ['v3'], ... }`). */
  readonly versions: Readonly<Versions>
  /** Bytes of WebAssembly memory the core holds now (it never shrinks): for checking memory stays flat. */
  memoryBytes(): number
  /**
   * Give back the WebAssembly memory a large call grew (it never shrinks otherwise): a fresh instance of
   * the core takes the old one's place, with the loaded models installed again. Calls made before the
   * promise resolves run on the old instance.
   */
  release(): Promise<void>
} & { [K in keyof Extras]: Extras[K] extends (ctx: Context) => infer F ? F : never }

type AnyScorer = (request: unknown, ctx: Context) => Record<string, unknown>
type AnyRecord = {
  name: string
  score: unknown
  v3?: { name: string; score: unknown; explainAs?: (request: never) => unknown }
  models: readonly Model[]
  extras?: Record<string, (ctx: Context) => unknown>
  explain?: (ctx: Context) => (request: unknown) => unknown
}
const RECORDS = METRICS as readonly AnyRecord[]
const OPS = OPERATIONS as Record<string, Operation>
const ALL_NAMES = RECORDS.flatMap((m) => (m.v3 ? [m.name, m.v3.name] : [m.name]))

function run(op: Operation, score: AnyScorer, input: unknown, ctx: Context): Record<string, unknown> {
  // Scorers get the validated copy, so a getter cannot show the validator one value and the scorer another.
  const body = validate(op, input)
  const out = withinLimits(op, body, () => score(body, ctx))
  roundResponse(op, out)
  checkResponse(op, out)
  const metadata = (body as { metadata?: unknown }).metadata
  return metadata === undefined ? out : { ...out, metadata }
}

/** Run `work`, turning a limit the core found (LimitError) into the operation's InvalidArgumentError. */
function withinLimits<T>(op: Operation, body: unknown, work: () => T): T {
  try {
    return work()
  } catch (e) {
    if (e instanceof LimitError) throw invalidArgument(op.requestType, e.field, e.expected, 'the request', body)
    throw e
  }
}

const LOAD_TYPE = 'LoadOptions'
const LOAD_OPTIONS: readonly string[] = ['prices', 'operations', 'recognizers'] satisfies (keyof LoadOptions)[]

const badOption = (field: string, expected: string, description: string, received: unknown) =>
  new ConfigurationError(LOAD_TYPE, [{ field, kind: 'invalid', expected, description, received: preview(received) }])

/** The records `options.operations` asks for (all when absent), after checking the options. */
function wanted(options: unknown): AnyRecord[] {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw badOption('options', 'object or undefined', 'options of load()', options)
  }
  try {
    loadTimeRecognizers(options as LoadOptions)
  } catch (e) {
    // The recognizers' own checks name the option; as load()'s, they are configuration errors.
    if (e instanceof InvalidArgumentError && !(e instanceof ConfigurationError)) throw new ConfigurationError(e.requestType, e.issues)
    throw e
  }
  // A misspelt option (`recognisers`, `operation`) would otherwise be dropped without a word.
  for (const key of Object.keys(options)) {
    if (!LOAD_OPTIONS.includes(key)) {
      throw badOption(key, `no such option (known: ${LOAD_OPTIONS.join(', ')})`, 'unknown option of load()', (options as Record<string, unknown>)[key])
    }
  }
  const names = (options as LoadOptions).operations
  if (names === undefined) return [...RECORDS]
  if (!Array.isArray(names)) {
    throw badOption('operations', 'array of operation names', 'the operations to load models for', names)
  }
  for (const [i, name] of names.entries()) {
    if (typeof name !== 'string' || !ALL_NAMES.includes(name)) {
      throw badOption(`operations[${i}]`, `one of ${ALL_NAMES.join(', ')}`, 'an operation to load', name)
    }
  }
  return RECORDS.filter((m) => names.includes(m.name) || (m.v3 !== undefined && names.includes(m.v3.name)))
}

export function createEvaluator(ctx: Context, loaded: readonly AnyRecord[], install: (ctx: Context) => void = () => {}): Evaluator {
  const names: string[] = loaded.flatMap((m) => (m.v3 ? [m.name, m.v3.name] : [m.name]))
  const evaluator: Record<string, unknown> = { v3: {}, operations: Object.freeze(names), versions: Object.freeze(versionsOf(names)) }
  const methods = new Map<string, (body: unknown) => unknown>()
  const explainers = new Map<string, (request: unknown) => unknown>()
  for (const m of RECORDS) {
    const ready = loaded.includes(m)
    const refuse = (what: string) => () => {
      throw new NotLoadedError(what, m.name, m.models.map((model) => model.name))
    }
    const entries: [string, unknown][] = [[m.name, m.score]]
    if (m.v3) entries.push([m.v3.name, m.v3.score])
    for (const [name, score] of entries) {
      const op = OPS[name]
      const method = ready ? (body: unknown) => run(op, score as AnyScorer, body, ctx) : refuse(name)
      methods.set(name, method)
      if (name.startsWith('v3.')) (evaluator.v3 as Record<string, unknown>)[camel(name.slice(3))] = method
      else evaluator[camel(name)] = method
    }
    for (const [extra, make] of Object.entries(m.extras ?? {})) evaluator[extra] = ready ? make(ctx) : refuse(extra)
    if (m.explain) {
      const explain = ready ? m.explain(ctx) : refuse(`explain('${m.name}')`)
      const v3As = m.v3?.explainAs as ((request: unknown) => unknown) | undefined
      for (const [name] of entries) explainers.set(name, name === m.v3?.name && v3As ? (request: unknown) => explain(v3As(request)) : explain)
    }
  }
  evaluator.evaluate = (name: unknown, body: unknown) => {
    const method = typeof name === 'string' ? methods.get(name) : undefined
    if (method === undefined) throw unknownOperation(name, [...methods.keys()])
    return method(body)
  }
  evaluator.explain = (name: unknown, request: unknown) => {
    const explain = typeof name === 'string' ? explainers.get(name) : undefined
    if (explain === undefined) {
      throw invalidArgument('explain', 'name', `one of ${[...explainers.keys()].join(', ')}`, 'an operation with an explanation', name)
    }
    const op = OPS[name as string]
    const body = validate(op, request)
    return roundExplained(op, withinLimits(op, body, () => explain(body)))
  }
  evaluator.memoryBytes = () => ctx.core.exports.memory.buffer.byteLength
  evaluator.release = async () => {
    const fresh = await Core.load()
    // Every scorer reads ctx.core at call time, and per-instance state is keyed by the Core: swapping it
    // and installing the models again leaves no reference to the old memory.
    const next: Context = { core: fresh, options: ctx.options }
    install(next)
    ctx.core = fresh
  }
  return evaluator as Evaluator
}

/**
 * Compile the core, import the model chunks the operations need (all of them by default, or those of
 * `options.operations`), install them once, and return an Evaluator.
 */
export async function load(options: LoadOptions = {}): Promise<Evaluator> {
  const records = wanted(options)
  const models = [...new Set(records.flatMap((m) => m.models))]
  const [core, ...chunks] = await Promise.all([Core.load(), ...models.map((model) => model.chunk())])
  const ctx: Context = { core, options }
  const install = (into: Context) => {
    tokensInit(into)
    models.forEach((model, i) => model.install(into, chunks[i]))
  }
  install(ctx)
  return createEvaluator(ctx, records, install)
}
