// Field constructors for the schema table. Each returns a plain object whose literal type carries
// the constraints, so the same declaration yields the TypeScript type (see infer.ts), the runtime
// check (validate.ts), the error text (describe.ts) and the docs (scripts/gen-docs.mjs).

export interface StringField {
  type: 'string'
  description: string
  optional?: boolean
  /** Reject strings that are empty after trimming whitespace. */
  nonEmpty?: boolean
  /** Allowed values, compared exactly (or ignoring case, with `ignoreCase`). */
  oneOf?: readonly string[]
  /** Compare `oneOf` ignoring case: `RERANKER` and `reranker` are `Reranker`. */
  ignoreCase?: boolean
  /** Longest accepted string, in UTF-16 code units (besides the limit every string has). */
  maxLength?: number
  /**
   * The values the scorer accepts, in their canonical spelling, when the scorer checks them (with its own
   * leniency: any case, aliases) rather than the table: the OpenAPI document gives them as the enum,
   * while the TypeScript type stays string.
   */
  known?: readonly string[]
}

export interface NumberField {
  type: 'number'
  description: string
  optional?: boolean
  integer?: boolean
  /** Inclusive bounds. */
  min?: number
  max?: number
  /** Exclusive lower bound. */
  above?: number
  /** Decimals a response keeps (default: 2 for a 0..100 score, 4 for a 0..1 probability). */
  decimals?: number
}

export interface BooleanField {
  type: 'boolean'
  description: string
  optional?: boolean
}

export interface ArrayField {
  type: 'array'
  description: string
  items: Field
  optional?: boolean
  minItems?: number
  maxItems?: number
}

export interface ObjectField {
  type: 'object'
  /** Type name used in messages and docs, e.g. ContextChunk. */
  name: string
  description: string
  fields: Record<string, Field>
  optional?: boolean
}

/** The request's free-form `metadata`: an object or null, echoed back in the response. */
export interface MetadataField {
  type: 'metadata'
  description: string
  optional: true
}

export type Field = StringField | NumberField | BooleanField | ArrayField | ObjectField | MetadataField

type Opts<F> = Omit<F, 'type' | 'description'>

export const str = <const O extends Opts<StringField> = {}>(description: string, opts?: O) =>
  ({ type: 'string', description, ...opts }) as { type: 'string'; description: string } & O

export const num = <const O extends Opts<NumberField> = {}>(description: string, opts?: O) =>
  ({ type: 'number', description, ...opts }) as { type: 'number'; description: string } & O

export const int = <const O extends Opts<NumberField> = {}>(description: string, opts?: O) =>
  ({ type: 'number', description, integer: true, ...opts }) as {
    type: 'number'
    description: string
    integer: true
  } & O

export const bool = <const O extends Opts<BooleanField> = {}>(description: string, opts?: O) =>
  ({ type: 'boolean', description, ...opts }) as { type: 'boolean'; description: string } & O

export const arr = <const I extends Field, const O extends Omit<Opts<ArrayField>, 'items'> = {}>(
  items: I,
  description: string,
  opts?: O
) => ({ type: 'array', description, items, ...opts }) as { type: 'array'; description: string; items: I } & O

export const obj = <const F extends Record<string, Field>>(name: string, description: string, fields: F) =>
  ({ type: 'object', name, description, fields }) as {
    type: 'object'
    name: string
    description: string
    fields: F
  }

/** Mark a field optional. */
export const opt = <const F extends Field>(field: F) => ({ ...field, optional: true }) as F & { optional: true }

export const metadata = {
  type: 'metadata',
  description: 'free-form object (or null) returned unchanged in the response',
  optional: true
} as const satisfies MetadataField

/** A 0..100 score, the unit of every v4 score field; rounded to 2 decimals unless the metric's card uses more. */
export const score = <const D extends number = 2>(description: string, decimals?: D) =>
  num(description, decimals === undefined ? { min: 0, max: 100 } : { min: 0, max: 100, decimals })
