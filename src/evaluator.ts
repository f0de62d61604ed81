import { Core } from './core/wasm.js'
import type { Context, LoadOptions } from './metrics/context.js'
import { EXTRAS, INIT, SCORERS, type Implemented } from './metrics/index.js'
import { OPERATIONS, type Operation } from './schema/operations.js'
import { camel, type Camel, type RequestOf, type ResponseOf } from './schema/types.js'
import { checkLoadOptions, unknownOperation } from './schema/guards.js'
import { checkResponse, validate } from './schema/validate.js'

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
  /** Names accepted by `evaluate`. */
  readonly operations: readonly Implemented[]
} & { [K in keyof typeof EXTRAS]: ReturnType<(typeof EXTRAS)[K]> }

function run(op: Operation, input: unknown, ctx: Context): Record<string, unknown> {
  const body = validate(op, input)
  const scorer = (SCORERS as Record<string, (r: unknown, c: Context) => Record<string, unknown>>)[op.name]
  const out = scorer(body, ctx)
  checkResponse(op, out)
  const metadata = (body as { metadata?: unknown }).metadata
  return metadata === undefined ? out : { ...out, metadata }
}

export function createEvaluator(core: Core, options: LoadOptions): Evaluator {
  const ctx: Context = { core, options }
  for (const init of INIT) init(ctx)
  const names = Object.keys(SCORERS) as Implemented[]
  const evaluator: Record<string, unknown> = { v3: {}, operations: Object.freeze([...names]) }
  const ops = OPERATIONS as Record<string, Operation>
  for (const name of names as string[]) {
    const op = ops[name]
    const method = (body: unknown) => run(op, body, ctx)
    if (name.startsWith('v3.')) (evaluator.v3 as Record<string, unknown>)[camel(name.slice(3))] = method
    else evaluator[camel(name)] = method
  }
  for (const [name, make] of Object.entries(EXTRAS) as [string, (c: Context) => unknown][]) evaluator[name] = make(ctx)
  evaluator.evaluate = (name: string, body: unknown) => {
    if (typeof name !== 'string' || !names.includes(name as Implemented)) throw unknownOperation(name, names)
    return run(ops[name], body, ctx)
  }
  return evaluator as Evaluator
}

/** Compile the core and models once, and return an Evaluator. */
export async function load(options: LoadOptions = {}): Promise<Evaluator> {
  checkLoadOptions(options)
  return createEvaluator(await Core.load(), options)
}
