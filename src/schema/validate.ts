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
  Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * A copy of the request in plain objects and arrays, each property read once, following the schema
 * (so its depth is the schema's, never the input's). Validating and scoring the copy means a getter
 * or a proxy cannot show the validator one value and the scorer another.
 */
function snapshot(fields: Record<string, Field>, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(body)) {
    const value = body[name]
    put(out, name, Object.hasOwn(fields, name) ? snapValue(fields[name], value) : value)
  }
  return out
}

function snapValue(field: Field, value: unknown): unknown {
  if (field.type === 'array' && Array.isArray(value)) {
    const n = value.length
    if (!(n <= MAX_ARRAY_ITEMS)) return new TooLong(n)
    const copy = new Array(n)
    for (let i = 0; i < n; i++) copy[i] = snapValue(field.items, value[i])
    return copy
  }
  if (field.type === 'object' && isPlainObject(value)) return snapshot(field.fields, value)
  // Scorers see the table's spelling of a value compared ignoring case (`RERANKER` -> `Reranker`).
  if (field.type === 'string' && typeof value === 'string') return canonical(field, value)
  return value
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
  let body: Record<string, unknown>
  try {
    body = snapshot(op.request, input as Record<string, unknown>)
  } catch {
    throw refuse(`${op.requestType} whose fields can be read`)
  }
  const issues = new Issues()
  checkFields(op.request, body, '', issues)
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
  const missing = issues.list.filter((i) => i.kind === 'missing')
  if (missing.length > 0) throw new MissingArgumentError(op.requestType, missing, issues.omitted.missing)
  if (issues.length > 0) throw new InvalidArgumentError(op.requestType, issues.list, issues.omitted.invalid)
  return body
}

/** Same verdict as checkValue reporting no issue, without allocating. */
function validValue(field: Field, value: unknown): boolean {
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return false
      if (field.nonEmpty && value.trim() === '') return false
      if (field.maxLength !== undefined && value.length > field.maxLength) return false
      return !field.oneOf || oneOf(field, value)
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return false
      if (field.integer && !Number.isInteger(value)) return false
      if (field.min !== undefined && value < field.min) return false
      if (field.max !== undefined && value > field.max) return false
      return !(field.above !== undefined && !(value > field.above))
    case 'boolean':
      return typeof value === 'boolean'
    case 'array':
      if (!Array.isArray(value)) return false
      if (field.minItems !== undefined && value.length < field.minItems) return false
      if (field.maxItems !== undefined && value.length > field.maxItems) return false
      for (let i = 0; i < value.length; i++) if (!validValue(field.items, value[i])) return false
      return true
    case 'object':
      return isPlainObject(value) && validFields(field.fields, value, false)
    case 'metadata':
      return value === null || isPlainObject(value)
  }
}

function validFields(fields: Record<string, Field>, body: Record<string, unknown>, skipMetadata: boolean): boolean {
  for (const name in fields) {
    const value = body[name]
    if (value === undefined) {
      if (!fields[name].optional) return false
    } else if (!validValue(fields[name], value)) return false
  }
  for (const name in body) {
    if (!Object.prototype.hasOwnProperty.call(fields, name) && !(skipMetadata && name === 'metadata')) return false
  }
  return true
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
  if (op.response) roundFields(op.response, response)
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
  if (validFields(op.response, response, true)) return
  const issues = new Issues()
  const { metadata: _echoed, ...rest } = response
  checkFields(op.response, rest, '', issues)
  if (issues.length > 0) {
    const detail = issues.list.map((i) => `${i.field}: expected ${i.expected}, got ${i.received ?? 'nothing'}`).join('; ')
    throw new Error(`litmus: internal error, ${op.name} produced an invalid response (${detail})`)
  }
}
