// Registry of implemented operations. An operation appears on the Evaluator only once its scorer is
// listed here: the schema table declares every operation, but nothing is exposed as a placeholder.
import type { OperationName } from '../schema/operations.js'
import type { Context, Scorer } from './context.js'

export const SCORERS = {} satisfies { [K in OperationName]?: Scorer<K> }

export type Implemented = keyof typeof SCORERS

/**
 * Methods beyond the service's operations (e.g. `textStats`, `redact`). Each entry receives the
 * context once at load and returns the method users call.
 */
export const EXTRAS = {} satisfies Record<string, (ctx: Context) => (...args: any[]) => unknown>

/**
 * Work done once per `load()` after the core is instantiated, such as copying a model's tables into
 * core memory. Runs in order; each step may add to the context.
 */
export const INIT: ((ctx: Context) => void)[] = []
