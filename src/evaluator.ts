import { Core } from './core/wasm.js'
import { familyFile, ModelFile, modelFile, wasmFile } from './core/files.js'
import { ConfigurationError, invalidArgument, InvalidArgumentError, LimitError, NotLoadedError, preview } from './errors.js'
import type { Context, LoadOptions } from './metrics/shared/context.js'
import { METRICS, type Entry, type Explained, type ExplanationOf, type Extras, type Family, type Implemented } from './metrics/index.js'
import type { Model } from './metrics/shared/metric.js'
import { tokensInit } from './metrics/shared/tokens.js'
import { unknownOperation } from './schema/guards.js'
import { OPERATIONS, type Operation } from './schema/operations.js'
import { camel, type Camel, type RequestOf, type ResponseOf } from './schema/types.js'
import { checkResponse, roundExplained, roundResponse, validate } from './schema/validate.js'
import { versionsOf, type Versions } from './schema/versions.js'
import { makeScans, type ScanOptions, type ScanResult } from './scan.js'
import { checkThresholds, ruleOf, verdictOf, type Thresholds, type Verdict, type VerdictRule } from './verdict.js'
import { isCustomMetric, type CustomMetric } from './custom.js'
import type { OperationMethods, V3Methods } from './schema/methods.generated.js'

// Every implemented operation must have its method: a name the generated interfaces lack fails here.
type V4Name = Exclude<Implemented, `v3.${string}`>
type V3Name = Extract<Implemented, `v3.${string}`>
type Short<K> = K extends `v3.${infer N}` ? Camel<N> : never
type Covers<T, U extends T> = U
type _V4 = Covers<keyof OperationMethods, Camel<V4Name>>
type _V3 = Covers<keyof V3Methods, Short<V3Name>>

/** Methods beyond the service's operations (`redact`, `textStats`, `explainCost`, ...), as the metric records declare them. */
export type ExtraMethods = { [K in keyof Extras]: Extras[K] extends (ctx: Context) => infer F ? F : never }

/**
 * Scores text with every implemented operation (one method each, from the schema table:
 * OperationMethods, V3Methods); obtain one with `load()`.
 */
export interface Evaluator extends OperationMethods, ExtraMethods {
  /** v3 request shapes, adapted onto the v4 scorers. */
  v3: V3Methods
  /** Run an operation by the service's endpoint name (`input_type`, `v3.carbon`, ...). */
  evaluate<K extends Implemented>(name: K, body: unknown): ResponseOf<K>
  /**
   * The evidence behind a score (n-grams, spans, rules, prices, constants), for the operations that
   * have it. Never part of an operation's default response.
   */
  explain<K extends Explained>(name: K, request: RequestOf<K>): ExplanationOf<K>
  /**
   * Score and judge: the operation's response with a verdict beside it, `flagged` when the gauge is on
   * the wrong side of the threshold (per call, else `load({ thresholds })`, else the documented default).
   */
  check<K extends Implemented>(name: K, body: RequestOf<K>, options?: CheckOptions): Verdict & { response: ResponseOf<K> }
  /** Scan a prompt before it reaches a model: sanitized text, one verdict per metric, valid (docs/guardrails.md). */
  scan(prompt: string, options?: ScanOptions): ScanResult
  /** Scan a model's response to `prompt` before it reaches a user (docs/guardrails.md). */
  scanOutput(prompt: string, response: string, options?: ScanOptions): ScanResult
  /** The schema of an operation this Evaluator runs, custom metrics included; `undefined` for other names. */
  operation(name: string): Operation | undefined
  /** The thresholds verdicts use: the documented defaults with `load({ thresholds })` over them. */
  readonly thresholds: Readonly<Record<string, number | null>>
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
}

/** Options of `check`. */
export interface CheckOptions {
  /** The threshold for this call (`null`: never flagged), over `load({ thresholds })` and the default. */
  threshold?: number | null
}

type AnyScorer = (request: unknown, ctx: Context) => Record<string, unknown>
type AnyRecord = {
  name: string
  score: unknown
  v3?: { name: string; score: unknown; explainAs?: (request: never) => unknown }
  models: readonly Model[]
  extras?: Record<string, (ctx: Context) => unknown>
  explain?: (ctx: Context) => (request: unknown) => unknown
}
const ENTRIES = METRICS as readonly Entry[]
const OPS = OPERATIONS as Record<string, Operation>
const ALL_NAMES: readonly string[] = ENTRIES.flatMap((m) => (m.v3 ? [m.name, m.v3] : [m.name]))

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
const LOAD_OPTIONS: readonly string[] = ['prices', 'operations', 'recognizers', 'thresholds', 'metrics'] satisfies (keyof LoadOptions)[]

const badOption = (field: string, expected: string, description: string, received: unknown) =>
  new ConfigurationError(LOAD_TYPE, [{ field, kind: 'invalid', expected, description, received: preview(received) }])

/** The registry entries `options.operations` asks for (all when absent), after checking the options. */
async function wanted(options: unknown): Promise<Entry[]> {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw badOption('options', 'object or undefined', 'options of load()', options)
  }
  try {
    // The recognizers' code is PII's, imported only when the option is given.
    if ((options as LoadOptions).recognizers !== undefined) (await import('./metrics/pii/index.js')).loadTimeRecognizers(options as LoadOptions)
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
  const custom = customMetrics((options as LoadOptions).metrics)
  const thresholds = (options as LoadOptions).thresholds
  if (thresholds !== undefined) checkThresholds(thresholds, LOAD_TYPE, 'thresholds', custom.map((m) => m.name))
  const names = (options as LoadOptions).operations
  if (names === undefined) return [...ENTRIES]
  if (!Array.isArray(names)) {
    throw badOption('operations', 'array of operation names', 'the operations to load models for', names)
  }
  for (const [i, name] of names.entries()) {
    if (typeof name !== 'string' || !ALL_NAMES.includes(name)) {
      throw badOption(`operations[${i}]`, `one of ${ALL_NAMES.join(', ')}`, 'an operation to load', name)
    }
  }
  return ENTRIES.filter((m) => names.includes(m.name) || (m.v3 !== undefined && names.includes(m.v3)))
}

/** The custom metrics of `load({ metrics })`, checked: each made by defineMetric, no name taken twice. */
function customMetrics(metrics: unknown): readonly CustomMetric[] {
  if (metrics === undefined) return []
  if (!Array.isArray(metrics)) throw badOption('metrics', 'array of metrics made by defineMetric', 'metrics of your own', metrics)
  const seen = new Set<string>(ALL_NAMES)
  for (const [i, metric] of metrics.entries()) {
    if (!isCustomMetric(metric)) throw badOption(`metrics[${i}]`, 'a metric made by defineMetric', 'a metric of your own', metric)
    if (seen.has(metric.name)) throw badOption(`metrics[${i}].name`, 'a name no other operation has', 'the metric name', metric.name)
    seen.add(metric.name)
  }
  return metrics
}

/**
 * Puts model chunks into a core: the tokeniser's tables and `atLoad` models when the core starts, every
 * other model the first time a method needing it runs. Decoding every table inside `load()` cost more
 * than importing them (issue 25), and a page that loads all models often scores with one or two.
 */
export interface Installer {
  /** A fresh core (load, release): the tokeniser's tables and the `atLoad` models, nothing else yet. */
  start(ctx: Context): void
  /** Install those of `models` that `ctx.core` lacks. Called between calls only (it resets the call arena). */
  need(ctx: Context, models: readonly Model[]): void
}

export function installer(models: readonly Model[], chunks: readonly unknown[]): Installer {
  const data = new Map(models.map((model, i) => [model, chunks[i]]))
  // Keyed by the core, so release()'s fresh instance starts with none and installs again on use.
  const done = new WeakMap<Core, Set<Model>>()
  const put = (ctx: Context, have: Set<Model>, model: Model) => {
    // A family read after load() (familyFile) brings models load() never saw: their files are beside it.
    let chunk = data.has(model) ? data.get(model) : modelFile(model.file)
    if (chunk === undefined) throw new Error(`litmus: no data for the ${model.name} model beside the bundle`)
    if (chunk instanceof ModelFile) data.set(model, (chunk = chunk.read()))
    model.install(ctx, chunk)
    have.add(model)
  }
  return {
    start(ctx) {
      tokensInit(ctx)
      const have = new Set<Model>()
      done.set(ctx.core, have)
      for (const model of models) if (model.atLoad?.(ctx.options)) put(ctx, have, model)
    },
    need(ctx, wanted) {
      const have = done.get(ctx.core)!
      for (const model of wanted) {
        if (have.has(model)) continue
        // Tables are kept from the arena's base up (arenaKeep): forget the last call's scratch first, so
        // a table installed after a large call does not sit above that call's memory for good.
        ctx.core.exports.reset()
        put(ctx, have, model)
      }
    }
  }
}

/** A method under its name: `evaluator.clarity`, or `evaluator.v3.clarity` for `v3.clarity`. */
function place(evaluator: Record<string, unknown>, name: string, method: unknown): void {
  if (name.startsWith('v3.')) (evaluator.v3 as Record<string, unknown>)[camel(name.slice(3))] = method
  else evaluator[camel(name)] = method
}

/** The operations of an entry: its name, and the v3 name its record adapts (flagged) if it has one. */
const operationsOf = (entry: Entry): [string, boolean][] => (entry.v3 ? [[entry.name, false], [entry.v3, true]] : [[entry.name, false]])

/** An entry not loaded: each of its methods, extras and explainers throws NotLoadedError. */
function refuseAll(entry: Entry, evaluator: Record<string, unknown>, methods: Map<string, (body: unknown) => unknown>, explainers: Map<string, (request: unknown) => unknown>): void {
  const refuse = (what: string) => () => {
    throw new NotLoadedError(what, entry.name, [...entry.models])
  }
  for (const [name] of operationsOf(entry)) {
    methods.set(name, refuse(name))
    place(evaluator, name, refuse(name))
  }
  for (const extra of entry.extras) evaluator[extra] = refuse(extra)
  if (entry.explain) for (const [name] of operationsOf(entry)) explainers.set(name, refuse(`explain('${entry.name}')`))
}

/** A record, or a function that reads it the first time it is needed (a family read after load()). */
type Loaded = AnyRecord | (() => AnyRecord)

/** What an entry's methods are put on, and what they run with. */
interface Surface {
  ctx: Context
  models: Installer
  evaluator: Record<string, unknown>
  methods: Map<string, (body: unknown) => unknown>
  explainers: Map<string, (request: unknown) => unknown>
}

/** An entry's methods, extras and explainers over its record (`given`, or read on first use). */
function bind(entry: Entry, given: Loaded, { ctx, models, evaluator, methods, explainers }: Surface): void {
  let read: AnyRecord | undefined = typeof given === 'function' ? undefined : given
  /** The record, its models installed in the core. */
  const need = () => {
    read ??= (given as () => AnyRecord)()
    models.need(ctx, read.models)
    return read
  }
  // Extras and explainers are made from the record on their first call.
  const made = <F extends (...args: never[]) => unknown>(make: (m: AnyRecord) => F) => {
    let f: F | undefined
    return (...args: Parameters<F>) => {
      const m = need()
      f ??= make(m)
      return f(...args)
    }
  }
  for (const [name, v3] of operationsOf(entry)) {
    const op = OPS[name]
    // The method as it runs once its record is read: the record's scorer and models held directly, as
    // reading them on every call cost a few per cent of a one-character call.
    const direct = (m: AnyRecord) => {
      const score = (v3 ? m.v3!.score : m.score) as AnyScorer
      return (body: unknown) => {
        models.need(ctx, m.models)
        return run(op, score, body, ctx)
      }
    }
    // A record read on first use: the first call reads it and puts the direct method in its place (a
    // reference kept to this one forwards to it).
    let fast: ((body: unknown) => unknown) | undefined
    const method =
      read !== undefined
        ? direct(read)
        : (body: unknown) => {
            if (fast === undefined) {
              fast = direct(need())
              methods.set(name, fast)
              place(evaluator, name, fast)
            }
            return fast(body)
          }
    methods.set(name, method)
    place(evaluator, name, method)
  }
  for (const extra of entry.extras) evaluator[extra] = made((m) => m.extras![extra]!(ctx) as (...args: never[]) => unknown)
  if (entry.explain) {
    const explain = made((m) => m.explain!(ctx))
    for (const [name, v3] of operationsOf(entry)) {
      // A v3 request the record reads as its v4 one (`explainAs`) is explained as that.
      const as = (request: unknown) => (need().v3?.explainAs as ((r: unknown) => unknown) | undefined)?.(request) ?? request
      explainers.set(name, v3 ? (request: unknown) => explain(as(request)) : explain)
    }
  }
}

/** An Evaluator over the `loaded` records; every other registry entry's methods throw NotLoadedError. */
export function createEvaluator(ctx: Context, loaded: ReadonlyMap<Entry, Loaded>, models: Installer = installer([], [])): Evaluator {
  const names: string[] = ENTRIES.filter((m) => loaded.has(m)).flatMap((m) => (m.v3 ? [m.name, m.v3] : [m.name]))
  const custom = (ctx.options.metrics ?? []) as readonly CustomMetric[]
  const evaluator: Record<string, unknown> = {
    v3: {},
    operations: Object.freeze([...names, ...custom.map((m) => m.name)]),
    versions: Object.freeze({ ...versionsOf(names), ...Object.fromEntries(custom.map((m) => [m.name, ['v4']])) })
  }
  const methods = new Map<string, (body: unknown) => unknown>()
  const explainers = new Map<string, (request: unknown) => unknown>()
  const surface: Surface = { ctx, models, evaluator, methods, explainers }
  for (const entry of ENTRIES) {
    const given = loaded.get(entry)
    if (given === undefined) refuseAll(entry, evaluator, methods, explainers)
    else bind(entry, given, surface)
  }
  const rules = new Map<string, VerdictRule>(custom.map((m) => [m.name, m.rule]))
  for (const metric of custom) {
    methods.set(metric.name, (body: unknown) => run(metric.operation, (request) => metric.score(request as Record<string, unknown>), body, ctx))
  }
  const customOps = new Map(custom.map((m) => [m.name, m.operation]))
  evaluator.operation = (name: string) => customOps.get(name) ?? (Object.hasOwn(OPS, name) && ALL_NAMES.includes(name) ? OPS[name] : undefined)
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
  const thresholds = thresholdsOf(ctx.options.thresholds, rules)
  evaluator.thresholds = Object.freeze({ ...thresholds })
  evaluator.check = (name: unknown, body: unknown, options: unknown = {}) => {
    const response = (evaluator.evaluate as (name: unknown, body: unknown) => Record<string, unknown>)(name, body)
    if (options === null || typeof options !== 'object' || Array.isArray(options)) throw invalidArgument('CheckOptions', 'options', 'object', 'check options', options)
    const own = (options as CheckOptions).threshold
    if (own !== undefined && own !== null && (typeof own !== 'number' || !Number.isFinite(own))) {
      throw invalidArgument('CheckOptions', 'threshold', 'finite number or null', 'the threshold for this call', own)
    }
    const limit = own !== undefined ? own : thresholds[name as string]
    return { ...verdictOf(name as string, response, limit, rules.get(name as string) ?? ruleOf(name as string)), response }
  }
  const redact = (text: string, options?: unknown) => (evaluator.redact as (text: string, options?: unknown) => never)(text, options)
  const customFields = new Map(custom.map((m) => [m.name, Object.keys(m.operation.request).filter((f) => !m.operation.request[f]!.optional)]))
  Object.assign(evaluator, makeScans({ run: (name, body) => methods.get(name)!(body) as Record<string, unknown>, redact, thresholds, rules, customFields }))
  evaluator.memoryBytes = () => ctx.core.exports.memory.buffer.byteLength
  evaluator.release = async () => {
    const fresh = await Core.load(wasmFile)
    // Every scorer reads ctx.core at call time, and per-instance state is keyed by the Core: swapping it
    // (the models install again on their next use) leaves no reference to the old memory.
    const next: Context = { core: fresh, options: ctx.options }
    models.start(next)
    ctx.core = fresh
  }
  return evaluator as unknown as Evaluator
}

/** Every metric's default threshold (docs/guardrails.md) with the load-time ones over them. */
function thresholdsOf(given: Thresholds | undefined, custom: ReadonlyMap<string, VerdictRule>): Record<string, number | null> {
  const out: Record<string, number | null> = {}
  for (const name of ALL_NAMES) {
    const rule = ruleOf(name)
    if (rule !== undefined) out[name] = rule.threshold
  }
  for (const [name, rule] of custom) out[name] = rule.threshold
  for (const [name, limit] of Object.entries(given ?? {})) {
    out[name] = limit
    // A threshold set for a v4 metric holds for its v3 name too, unless that has its own.
    if (!name.startsWith('v3.') && Object.hasOwn(out, `v3.${name}`) && !Object.hasOwn(given!, `v3.${name}`)) out[`v3.${name}`] = limit
  }
  return out
}

/**
 * The core's compiled WebAssembly module, for a pool of worker threads (Node's worker_threads, a
 * browser's Web Workers): post it to each worker and call `useCompiledCore(module)` there before
 * `load()`, so the workers share this thread's compiled code instead of each compiling the core again.
 */
export function compiledCore(): Promise<WebAssembly.Module> {
  return Core.compiled(wasmFile)
}

/**
 * Use the module `compiledCore()` gave in another thread (of the same Litmus version) for this thread's
 * `load()`. Throws an `InvalidArgumentError` for anything that is not such a module.
 */
export function useCompiledCore(module: WebAssembly.Module): void {
  Core.use(module)
}

/**
 * Compile the core, import the code and model chunks of the operations asked for (all of them by
 * default, or those of `options.operations`), and return an Evaluator that installs each model on its
 * first use. Every method is synchronous, so a method cannot wait for an import: where Node reads a
 * family's chunk synchronously (core/files.ts familyFile), the family is read on the first call of one
 * of its methods; elsewhere the chunks are imported here, together, so that Node and a browser fetch and
 * parse them in parallel (a metric's model chunks are known only once its code is in, one round trip later).
 */
export async function load(options: LoadOptions = {}): Promise<Evaluator> {
  const entries = await wanted(options)
  // The core compiles while the records' code is imported.
  const corePromise = Core.load(wasmFile)
  corePromise.catch(() => {})
  const later = familiesLater(entries, options)
  const now = entries.filter((entry) => !later.has(entry.family))
  const records = (await Promise.all(now.map((entry) => entry.record()))) as unknown as AnyRecord[]
  const models = [...new Set(records.flatMap((m) => m.models))]
  // In Node, a model with a file beside the bundle is read on first use instead (core/files.ts).
  const [core, ...chunks] = await Promise.all([corePromise, ...models.map((model) => modelFile(model.file) ?? model.chunk())])
  const ctx: Context = { core, options }
  const put = installer(models, chunks)
  put.start(ctx)
  const loaded = new Map<Entry, Loaded>(now.map((entry, i) => [entry, records[i]!]))
  for (const entry of entries) {
    const family = later.get(entry.family)
    if (family) loaded.set(entry, () => recordIn(family(), entry))
  }
  return createEvaluator(ctx, loaded, put)
}

/**
 * The families of `entries` that can be read on first use (in Node, from their files), by name: all but
 * those an entry must read inside load() (`atLoad`: load({ prices }) is checked there).
 */
function familiesLater(entries: readonly Entry[], options: LoadOptions): Map<Family, () => Record<string, unknown>> {
  const now = new Set(entries.filter((entry) => entry.atLoad?.(options)).map((entry) => entry.family))
  const later = new Map<Family, () => Record<string, unknown>>()
  for (const { family } of entries) {
    if (now.has(family) || later.has(family)) continue
    const read = familyFile(family)
    if (read) later.set(family, read)
  }
  return later
}

/** The record of `entry` among its family's exports. */
function recordIn(family: Record<string, unknown>, entry: Entry): AnyRecord {
  const record = Object.values(family).find((value) => (value as { name?: unknown } | null)?.name === entry.name)
  if (record === undefined) throw new Error(`litmus: no record of ${entry.name} in dist/metrics/${entry.family}.js`)
  return record as AnyRecord
}
