// API keys: where they come from, and a comparison whose time does not depend on where a guess differs.
import { createHash, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'

/** Keys from the options, else the key file, else `LITMUS_API_KEYS` (comma-separated). */
export function resolveKeys(options: { keys?: readonly string[]; keyFile?: string }, env: Record<string, string | undefined>): string[] {
  let keys: string[] = []
  if (options.keys !== undefined || options.keyFile !== undefined) {
    keys = [...(options.keys ?? [])]
    // One key per line; blank lines and lines starting with # are ignored.
    if (options.keyFile !== undefined) {
      keys.push(...readFileSync(options.keyFile, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')))
    }
  } else if (env.LITMUS_API_KEYS !== undefined) {
    keys = env.LITMUS_API_KEYS.split(',').map((k) => k.trim()).filter((k) => k !== '')
  }
  for (const key of keys) {
    // A header value carries visible ASCII; anything else could never be sent, so it is a mistake.
    if (typeof key !== 'string' || !/^[\x21-\x7e]+$/.test(key)) {
      throw new TypeError('litmus server: an API key must be a non-empty string of visible ASCII characters (no spaces)')
    }
  }
  return [...new Set(keys)]
}

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest()

/**
 * A checker for the `API_KEY` header. Both sides are hashed first, so the comparison runs over 32 bytes
 * whatever the lengths, and every key is compared in full: no early exit leaks a matching prefix or
 * which key matched.
 */
export function keyChecker(keys: readonly string[]): (given: string | null) => boolean {
  const known = keys.map(digest)
  return (given) => {
    if (given === null || given === '') return false
    const mine = digest(given)
    let found = false
    for (const d of known) found = timingSafeEqual(d, mine) || found
    return found
  }
}
