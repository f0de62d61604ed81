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
