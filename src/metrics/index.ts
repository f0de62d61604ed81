// Registry of implemented operations. An operation appears on the Evaluator only once its scorer is
// listed here: the schema table declares every operation, but nothing is exposed as a placeholder.
import type { OperationName } from '../schema/operations.js'
import type { Scorer } from './context.js'

export const SCORERS = {} satisfies { [K in OperationName]?: Scorer<K> }

export type Implemented = keyof typeof SCORERS
