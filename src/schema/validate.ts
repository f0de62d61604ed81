import { InvalidArgumentError, MissingArgumentError, preview, type Issue } from '../errors.js'
import type { Field, NumberField, StringField } from './fields.js'
import { MAX_ARRAY_ITEMS, MAX_ISSUES, MAX_METADATA_DEPTH, MAX_TEXT_CHARS } from './limits.js'
import type { Operation } from './operations.js'

/** The expected type of a field, in words, for messages and docs. */
export function expected(field: Field): string {
  switch (field.type) {
    case 'string': {
      if (field.oneOf) return `one of ${field.oneOf.map((v) => JSON.stringify(v)).join(', ')}${field.ignoreCase ? ' (any case)' : ''}`
      const kind = field.nonEmpty ? 'non-empty string' : 'string'
      return field.maxLength !== undefined ? `${kind} of at most ${field.maxLength} characters` : kind
    }
    case 'number': {
      const kind = field.integer ? 'integer' : 'number'
      if (field.min !== undefined && field.max !== undefined) return `${kind} from ${field.min} to ${field.max}`
      const upTo = field.max !== undefined ? ` and at most ${field.max}` : ''
      if (field.above !== undefined) return `${kind} > ${field.above}${upTo}`
      if (field.min !== undefined) return `${kind} >= ${field.min}${upTo}`
      return field.max !== undefined ? `${kind} <= ${field.max}` : kind
    }
    case 'boolean':
      return 'boolean'
    case 'array': {
      const of = `array of ${field.items.type === 'object' ? field.items.name : expected(field.items)}`
      const most = field.maxItems !== undefined ? `at most ${field.maxItems}` : ''
      if (field.minItems === 1) return `non-empty ${of}${most ? ` (${most})` : ''}`
      if (field.minItems) return `${of} (at least ${field.minItems}${most ? `, ${most}` : ''})`
      return most ? `${of} (${most})` : of
    }
    case 'object':
      return field.name
    case 'metadata':
      return 'object or null'
  }
}

/**
 * Issues of one request, at most MAX_ISSUES kept: a body of millions of bad entries would otherwise build
 * a message longer than a string can be (and a 400 of tens of MB). The rest are only counted.
 */
class Issues {
  readonly list: Issue[] = []
  readonly omitted = { missing: 0, invalid: 0 }
  push(issue: Issue): void {
    if (this.list.length < MAX_ISSUES) this.list.push(issue)
    else this.omitted[issue.kind]++
  }
  get length(): number {
    return this.list.length + this.omitted.missing + this.omitted.invalid
  }
}

/** An array field whose length is over MAX_ARRAY_ITEMS, left uncopied (its length read once). */
class TooLong {
  constructor(readonly length: number) {}
}

function checkValue(field: Field, value: unknown, path: string, issues: Issues): void {
  const bad = (why?: string) =>
    issues.push({
      field: path,
      kind: 'invalid',
      expected: why ?? expected(field),
      description: field.description,
      received: preview(value)
    })
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return void bad()
      if (value.length > MAX_TEXT_CHARS) return void bad(`${expected(field)} of at most ${MAX_TEXT_CHARS} characters (docs/limits.md)`)
      if (field.nonEmpty && value.trim() === '') return void bad()
      if (field.maxLength !== undefined && value.length > field.maxLength) return void bad()
      if (field.oneOf && !oneOf(field, value)) return void bad()
      return
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return void bad()
      if (field.integer && !Number.isInteger(value)) return void bad()
      if (field.min !== undefined && value < field.min) return void bad()
      if (field.max !== undefined && value > field.max) return void bad()
      if (field.above !== undefined && !(value > field.above)) return void bad()
      return
    case 'boolean':
      if (typeof value !== 'boolean') bad()
      return
    case 'array':
      if (value instanceof TooLong) return void bad(`${expected(field)} of at most ${MAX_ARRAY_ITEMS} items (docs/limits.md)`)
      if (!Array.isArray(value)) return void bad()
      if (field.minItems !== undefined && value.length < field.minItems) return void bad()
      if (field.maxItems !== undefined && value.length > field.maxItems) return void bad()
      for (let i = 0; i < value.length; i++) checkValue(field.items, value[i], `${path}[${i}]`, issues)
      return
    case 'object':
      if (!isPlainObject(value)) return void bad()
      checkFields(field.fields, value, `${path}.`, issues)
      return
    case 'metadata':
      if (value !== null && !isPlainObject(value)) return void bad()
      if (value !== null && !writableTree(value)) {
        bad(`${expected(field)}: a tree of JSON values nested at most ${MAX_METADATA_DEPTH} deep, with no shared or circular references`)
      }
      return
  }
}

/**
 * Whether `root` can be echoed and written as JSON: nested at most MAX_METADATA_DEPTH deep, and no object
 * reached twice (a cycle never ends; shared branches write out once per path, which grows exponentially).
 * Iterative, and linear in the number of values.
 */
function writableTree(root: object): boolean {
  const seen = new Set<object>([root])
  const stack: [object, number][] = [[root, 1]]
  try {
    while (stack.length > 0) {
      const [node, depth] = stack.pop()!
      for (const key of Object.keys(node)) {
        const child = (node as Record<string, unknown>)[key]
        if (child === null || typeof child !== 'object') continue
        if (depth >= MAX_METADATA_DEPTH || seen.has(child)) return false
        seen.add(child)
        stack.push([child, depth + 1])
      }
    }
  } catch {
    return false // a getter or a proxy that throws
  }
  return true
}

/** Is `value` one of the field's values (ignoring case with `ignoreCase`)? */
function oneOf(field: StringField, value: string): boolean {
  if (field.oneOf!.includes(value)) return true
  if (!field.ignoreCase) return false
  const lower = value.toLowerCase()
  return field.oneOf!.some((v) => v.toLowerCase() === lower)
}

/** The value as the table spells it: `RERANKER` -> `Reranker` for a field compared ignoring case. */
export function canonical(field: StringField, value: string): string {
  if (!field.oneOf || !field.ignoreCase) return value
  const lower = value.toLowerCase()
  return field.oneOf.find((v) => v.toLowerCase() === lower) ?? value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkFields(fields: Record<string, Field>, body: Record<string, unknown>, prefix: string, issues: Issues) {
  for (const [name, field] of Object.entries(fields)) {
    // Own fields only: `constructor`, `toString` and the like come from the prototype, not the request.
    const value = Object.hasOwn(body, name) ? body[name] : undefined
    if (value === undefined) {
      if (!field.optional) {
        issues.push({ field: prefix + name, kind: 'missing', expected: expected(field), description: field.description })
      }
      continue
    }
    checkValue(field, value, prefix + name, issues)
  }
  const known = Object.keys(fields)
  for (const name of Object.keys(body)) {
    if (!Object.hasOwn(fields, name)) {
      issues.push({
        field: prefix + name,
        kind: 'invalid',
        expected: `no such field (known: ${known.join(', ')})`,
        description: 'unknown field',
        received: preview(body[name])
      })
    }
  }
}

/** Set a key as an own data property, whatever its name (`__proto__` included). */
function put(out: Record<string, unknown>, name: string, value: unknown): void {
  // Plain assignment makes the same own, enumerable, writable data property on a fresh object, at a
  // fraction of defineProperty's cost; only `__proto__` (an accessor of Object.prototype) needs it.
  if (name === '__proto__') Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true })
  else out[name] = value
}

/**
 * Check a request body against its operation. Throws MissingArgumentError when required fields are
 * absent, otherwise InvalidArgumentError when any field is wrong; both carry every issue as data.
 * Returns the request as checked: a copy whose every property was read once.
 */
export function validate(op: Operation, input: unknown): Record<string, unknown> {
  const refuse = (expected: string) =>
    new InvalidArgumentError(op.requestType, [
      { field: '(body)', kind: 'invalid', expected, description: 'the request object', received: preview(input) }
    ])
  let plain: boolean
  try {
    plain = isPlainObject(input)
  } catch {
    plain = false // a revoked proxy throws on Array.isArray
  }
  if (!plain) throw refuse(op.requestType)
  const compiled = compiledOf(op)
  let body: Record<string, unknown>
  // Saved and restored: a getter of the request may itself validate another request.
  const outer = clean
  let ok: boolean
  clean = true
  try {
    body = copyChecked(compiled.request, input as Record<string, unknown>)
    ok = clean
  } catch {
    clean = outer
    throw refuse(`${op.requestType} whose fields can be read`)
  }
  clean = outer
  // The compiled pass only says whether the copy is valid; the issues of one that is not are found by
  // the table walk, so every message stays the walk's.
  const issues = new Issues()
  if (!ok) checkFields(op.request, body, '', issues)
  if (issues.length === 0) {
    for (const rule of op.rules ?? []) {
      const hit = rule.check(body)
      if (hit) {
        issues.push({
          field: hit.field,
          kind: hit.kind ?? 'invalid',
          expected: hit.expected,
          description: rule.description,
          received: hit.received === undefined ? undefined : preview(hit.received)
        })
      }
    }
  }
  if (issues.length === 0) return body
  const missing = issues.list.filter((i) => i.kind === 'missing')
  if (missing.length > 0) throw new MissingArgumentError(op.requestType, missing, issues.omitted.missing)
  throw new InvalidArgumentError(op.requestType, issues.list, issues.omitted.invalid)
}

/** Decimals kept for a number field of a response: as the field says, else scores 2 and probabilities 4. */
function decimalsOf(field: NumberField): number | undefined {
  if (field.integer) return undefined
  if (field.decimals !== undefined) return field.decimals
  if (field.max === 100) return 2
  if (field.max === 1) return 4
  return undefined
}

/** Does this field hold, at any depth, a number that is not an integer? (Entities' spans do not.) */
const hasReal = (field: Field): boolean =>
  field.type === 'number'
    ? !field.integer
    : field.type === 'array'
      ? hasReal(field.items)
      : field.type === 'object'
        ? Object.values(field.fields).some(hasReal)
        : false

function roundValue(field: Field, value: unknown): unknown {
  if (field.type === 'number' && typeof value === 'number' && Number.isFinite(value)) {
    const d = decimalsOf(field)
    if (d !== undefined) {
      const f = 10 ** d
      return Math.round(value * f) / f + 0
    }
    // Money and carbon: twelve significant digits drop float noise (35.60500000000002) and keep the rest.
    return field.integer ? value : Number(value.toPrecision(12))
  }
  if (field.type === 'array' && Array.isArray(value) && hasReal(field.items)) {
    for (let i = 0; i < value.length; i++) value[i] = roundValue(field.items, value[i])
  } else if (field.type === 'object' && value !== null && typeof value === 'object') roundFields(field.fields, value as Record<string, unknown>)
  return value
}

function roundFields(fields: Record<string, Field>, out: Record<string, unknown>): void {
  for (const name in fields) if (Object.hasOwn(out, name) && hasReal(fields[name])) out[name] = roundValue(fields[name], out[name])
}

/**
 * Round a response's numbers in place, once, where every operation's response passes: scores to 2
 * decimals, probabilities to 4, other amounts to 12 significant digits. No score leaves the library as
 * 5.03e-14 or 35.60500000000002.
 */
export function roundResponse(op: Operation, response: Record<string, unknown>): void {
  if (op.response) compiledOf(op).round(response)
}

/** An explanation's `score`, rounded as the operation's response rounds it, so the two agree. */
export function roundExplained(op: Operation, explanation: unknown): unknown {
  const field = op.response?.score
  if (field && explanation !== null && typeof explanation === 'object' && typeof (explanation as { score?: unknown }).score === 'number') {
    roundFields({ score: field }, explanation as Record<string, unknown>)
  }
  return explanation
}

/**
 * Check a response against its operation before it leaves the library, so a defect surfaces as an
 * error instead of a score outside 0..100 or a NaN.
 */
export function checkResponse(op: Operation, response: Record<string, unknown>): void {
  if (!op.response) return
  // Responses can hold tens of thousands of items (PII entities): check them without building a
  // path string per item, and walk again with paths only to describe a failure.
  if (compiledOf(op).valid(response)) return
  const issues = new Issues()
  const { metadata: _echoed, ...rest } = response
  checkFields(op.response, rest, '', issues)
  if (issues.length > 0) {
    const detail = issues.list.map((i) => `${i.field}: expected ${i.expected}, got ${i.received ?? 'nothing'}`).join('; ')
    throw new Error(`litmus: internal error, ${op.name} produced an invalid response (${detail})`)
  }
}

// ---- The table compiled: per operation, once, closures that do what the walks above do ----
//
// The walks above read the table on every call (field kinds, optional constraints, hasReal at every
// level), which made validating a one-field request cost more than scoring it. Each operation's fields
// are compiled once into straight-line closures: the request's copy and its check in one pass (each
// property read once, in Object.keys order), the response's rounding (only fields that hold reals) and its
// check. They only decide; issues and their messages still come from the walks, which run when a check
// fails.

/** True when the copy of a value has no issue (checkValue would report none). */
type Check = (value: unknown) => boolean
/** The copy of a request value (snapValue), clearing `clean` when it or anything in it is not valid. */
type Copy = (value: unknown) => unknown

interface CompiledFields {
  /** Field index by name (a Map: names such as `__proto__` and `constructor` are plain keys here). */
  slot: Map<string, number>
  copies: Copy[]
  /** Names of the required fields. */
  required: string[]
}

interface Compiled {
  request: CompiledFields
  /** Round a response in place (roundResponse). */
  round: (response: Record<string, unknown>) => void
  /** validFields(op.response, response, true). */
  valid: (response: Record<string, unknown>) => boolean
}

/** Cleared by a copy that found an issue; set by `validate` before each copy. */
let clean = true

const compiledOps = new WeakMap<Operation, Compiled>()

// The last operation's, checked before the map: a call looks it up three times (request, rounding, check).
let lastOp: Operation | undefined
let lastCompiled: Compiled | undefined

function compiledOf(op: Operation): Compiled {
  if (op === lastOp) return lastCompiled!
  let c = compiledOps.get(op)
  if (c === undefined) {
    const response = op.response ?? {}
    c = { request: compileFields(op.request), round: compileRound(response), valid: compileValidFields(response, true) }
    compiledOps.set(op, c)
  }
  lastOp = op
  lastCompiled = c
  return c
}

function compileFields(fields: Record<string, Field>): CompiledFields {
  const names = Object.keys(fields)
  return {
    slot: new Map(names.map((name, i) => [name, i])),
    copies: names.map((name) => compileCopy(fields[name])),
    required: names.filter((name) => !fields[name].optional)
  }
}

/**
 * A copy of the request in plain objects and arrays, each property read once, following the schema (so
 * its depth is the schema's, never the input's), checked as it is copied. Validating and scoring the copy
 * means a getter or a proxy cannot show the validator one value and the scorer another.
 */
function copyChecked(c: CompiledFields, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const keys = Object.keys(body)
  for (let k = 0; k < keys.length; k++) {
    const name = keys[k]
    const value = body[name]
    const i = c.slot.get(name)
    if (i === undefined) clean = false // an unknown field
    // An absent value (undefined) is checked as missing below, and copied as it is.
    put(out, name, i === undefined || value === undefined ? value : c.copies[i](value))
  }
  for (let r = 0; r < c.required.length; r++) {
    const name = c.required[r]
    if (!Object.hasOwn(out, name) || out[name] === undefined) clean = false
  }
  return out
}

function compileCopy(field: Field): Copy {
  switch (field.type) {
    case 'string': {
      const { nonEmpty, maxLength, oneOf: values, ignoreCase } = field
      if (!nonEmpty && maxLength === undefined && !values) {
        return (v) => {
          if (typeof v !== 'string' || v.length > MAX_TEXT_CHARS) clean = false
          return v
        }
      }
      return (v) => {
        if (typeof v !== 'string') {
          clean = false
          return v
        }
        const s = values && ignoreCase ? canonical(field, v) : v
        if (s.length > MAX_TEXT_CHARS || (nonEmpty && s.trim() === '') || (maxLength !== undefined && s.length > maxLength) || (values && !oneOf(field, s))) clean = false
        return s
      }
    }
    case 'number': {
      const { integer, min, max, above } = field
      return (v) => {
        if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v))) clean = false
        else if ((min !== undefined && v < min) || (max !== undefined && v > max) || (above !== undefined && !(v > above))) clean = false
        return v
      }
    }
    case 'boolean':
      return (v) => {
        if (typeof v !== 'boolean') clean = false
        return v
      }
    case 'array': {
      const item = compileCopy(field.items)
      const { minItems, maxItems } = field
      return (v) => {
        if (!Array.isArray(v)) {
          clean = false
          return v
        }
        const n = v.length
        if (!(n <= MAX_ARRAY_ITEMS)) {
          clean = false
          return new TooLong(n)
        }
        if ((minItems !== undefined && n < minItems) || (maxItems !== undefined && n > maxItems)) clean = false
        const copy = new Array(n)
        // An absent item is an invalid one (checkValue on undefined), not a missing field.
        for (let i = 0; i < n; i++) {
          const x = v[i]
          if (x === undefined) clean = false
          copy[i] = x === undefined ? x : item(x)
        }
        return copy
      }
    }
    case 'object': {
      const inner = compileFields(field.fields)
      return (v) => {
        if (!isPlainObject(v)) {
          clean = false
          return v
        }
        return copyChecked(inner, v)
      }
    }
    case 'metadata':
      return (v) => {
        if (v !== null && !(isPlainObject(v) && writableTree(v))) clean = false
        return v
      }
  }
}

/** roundFields compiled: only the fields that hold reals, each with its rounding. */
function compileRound(fields: Record<string, Field>): (out: Record<string, unknown>) => void {
  const names = Object.keys(fields).filter((name) => hasReal(fields[name]))
  const rounders = names.map((name) => compileRoundValue(fields[name]))
  return (out) => {
    for (let i = 0; i < names.length; i++) if (Object.hasOwn(out, names[i])) out[names[i]] = rounders[i](out[names[i]])
  }
}

/** roundValue compiled. */
function compileRoundValue(field: Field): (value: unknown) => unknown {
  switch (field.type) {
    case 'number': {
      const d = decimalsOf(field)
      const f = d === undefined ? 0 : 10 ** d
      const integer = field.integer
      return (value) => {
        if (typeof value !== 'number' || !Number.isFinite(value)) return value
        if (d !== undefined) return Math.round(value * f) / f + 0
        return integer ? value : Number(value.toPrecision(12))
      }
    }
    case 'array': {
      if (!hasReal(field.items)) return (value) => value
      const item = compileRoundValue(field.items)
      return (value) => {
        if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = item(value[i])
        return value
      }
    }
    case 'object': {
      const inner = compileRound(field.fields)
      return (value) => {
        if (value !== null && typeof value === 'object') inner(value as Record<string, unknown>)
        return value
      }
    }
    default:
      return (value) => value
  }
}

/** validFields compiled. */
function compileValidFields(fields: Record<string, Field>, skipMetadata: boolean): (body: Record<string, unknown>) => boolean {
  const names = Object.keys(fields)
  const optional = names.map((name) => fields[name].optional === true)
  const checks = names.map((name) => compileValid(fields[name]))
  return (body) => {
    for (let i = 0; i < names.length; i++) {
      const value = body[names[i]]
      if (value === undefined) {
        if (!optional[i]) return false
      } else if (!checks[i](value)) return false
    }
    for (const name in body) {
      if (!Object.prototype.hasOwnProperty.call(fields, name) && !(skipMetadata && name === 'metadata')) return false
    }
    return true
  }
}

/** validValue compiled. */
function compileValid(field: Field): Check {
  switch (field.type) {
    case 'string': {
      const { nonEmpty, maxLength, oneOf: values } = field
      if (!nonEmpty && maxLength === undefined && !values) return (v) => typeof v === 'string'
      return (v) =>
        typeof v === 'string' && !(nonEmpty && v.trim() === '') && !(maxLength !== undefined && v.length > maxLength) && (!values || oneOf(field, v))
    }
    case 'number': {
      const { integer, min, max, above } = field
      return (v) =>
        typeof v === 'number' &&
        Number.isFinite(v) &&
        !(integer && !Number.isInteger(v)) &&
        !(min !== undefined && v < min) &&
        !(max !== undefined && v > max) &&
        !(above !== undefined && !(v > above))
    }
    case 'boolean':
      return (v) => typeof v === 'boolean'
    case 'array': {
      const item = compileValid(field.items)
      const { minItems, maxItems } = field
      return (v) => {
        if (!Array.isArray(v)) return false
        if (minItems !== undefined && v.length < minItems) return false
        if (maxItems !== undefined && v.length > maxItems) return false
        for (let i = 0; i < v.length; i++) if (!item(v[i])) return false
        return true
      }
    }
    case 'object': {
      const inner = compileValidFields(field.fields, false)
      return (v) => isPlainObject(v) && inner(v)
    }
    case 'metadata':
      return (v) => v === null || isPlainObject(v)
  }
}
