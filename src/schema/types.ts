import type { InferFields } from './infer.js'
import { OPERATIONS, type OperationName } from './operations.js'

type Op<K extends OperationName> = (typeof OPERATIONS)[K]

/** The request object of operation `K`, with the service's field names. */
export type RequestOf<K extends OperationName> = InferFields<Op<K>['request']>

/** The response object of operation `K`; `metadata` is the request's, echoed back. */
export type ResponseOf<K extends OperationName> = (Op<K> extends { response: infer R } ? InferFields<R> : {}) & {
  metadata?: Record<string, unknown> | null
}

/** snake_case -> camelCase, at the type level. */
export type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S

export function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
}
