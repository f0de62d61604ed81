import { expect } from 'vitest'

/**
 * Run `fn`, require it to throw an instance of `Type` whose issues name `field`, and return the error
 * for further checks.
 */
export function expectIssue<E extends Error & { issues: { field: string }[] }>(
  fn: () => unknown,
  Type: abstract new (...args: any[]) => E,
  field: string
): E {
  let caught: unknown
  try {
    fn()
  } catch (e) {
    caught = e
  }
  expect(caught).toBeInstanceOf(Type)
  const error = caught as E
  expect(error.issues.map((i) => i.field)).toContain(field)
  return error
}

/**
 * A request for operation `op` (an entry of OPERATIONS) with every required field filled from the
 * schema: `text` in every free string field, the first allowed value of a closed one, the smallest
 * allowed number. Names (provider, model) get `text` too, so they may be refused as unknown.
 */
export function requestFor(op: { request: Record<string, any> }, text: string): Record<string, unknown> {
  const fill = (field: any): unknown => {
    switch (field.type) {
      case 'string':
        return field.oneOf ? field.oneOf[0] : text
      case 'number':
        return field.above !== undefined ? field.above + 1 : (field.min ?? 1)
      case 'boolean':
        return false
      case 'array':
        return Array.from({ length: Math.max(field.minItems ?? 1, 1) }, () => fill(field.items))
      case 'object':
        return Object.fromEntries(Object.entries(field.fields).filter(([, f]: any) => !f.optional).map(([k, f]) => [k, fill(f)]))
      default:
        return undefined
    }
  }
  const body: Record<string, unknown> = {}
  for (const [k, f] of Object.entries(op.request)) if (!f.optional) body[k] = fill(f)
  return body
}
