// Checks of the arguments around the operations (the operation's name for `evaluate`, the options of
// `load`), as ValidationErrors like the requests' own.
import { InvalidArgumentError, preview } from '../errors.js'
import { didYouMean, suggest } from '../metrics/shared/names.js'
import { OPERATIONS } from './operations.js'

/** The error for `evaluate(name, ...)` with a name that is no implemented operation. */
export function unknownOperation(name: unknown, implemented: readonly string[]): InvalidArgumentError {
  const declared = typeof name === 'string' && Object.hasOwn(OPERATIONS, name)
  const known = `one of ${implemented.join(', ')}`
  const expected = declared
    ? `an implemented operation ('${name}' is declared by the service, not implemented by Litmus yet): ${known}`
    : typeof name === 'string'
      ? didYouMean(known, suggest(name, implemented, 2))
      : known
  return new InvalidArgumentError('evaluate', [
    { field: 'name', kind: 'invalid', expected, description: `unknown operation ${preview(name)}`, received: preview(name) }
  ])
}
