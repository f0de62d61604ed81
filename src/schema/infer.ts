// Type-level reading of the schema table: request and response types come from the same
// declarations that validate them at run time.
import type { Field } from './fields.js'

export type Infer<F> = F extends { type: 'string'; oneOf: readonly (infer E extends string)[]; ignoreCase: true }
  ? E | Uppercase<E> | Lowercase<E>
  : F extends { type: 'string'; oneOf: readonly (infer E)[] }
  ? E
  : F extends { type: 'string' }
    ? string
    : F extends { type: 'number' }
      ? number
      : F extends { type: 'boolean' }
        ? boolean
        : F extends { type: 'array'; items: infer I }
          ? Infer<I>[]
          : F extends { type: 'object'; fields: infer Fs }
            ? InferFields<Fs>
            : F extends { type: 'metadata' }
              ? Record<string, unknown> | null
              : never

type Simplify<T> = { [K in keyof T]: T[K] } & {}

export type InferFields<Fs> = Simplify<
  { -readonly [K in keyof Fs as Fs[K] extends { optional: true } ? never : K]: Infer<Fs[K]> } & {
    -readonly [K in keyof Fs as Fs[K] extends { optional: true } ? K : never]?: Infer<Fs[K]>
  }
>

export type FieldsOf<F extends Record<string, Field>> = InferFields<F>
