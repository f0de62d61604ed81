// API keys: where they come from, and a comparison whose time does not depend on where a guess differs.
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

const encoder = new TextEncoder()
const digest = async (key: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(key)))

/**
 * A checker for the `API_KEY` header. Both sides are hashed first, so the comparison runs over 32 bytes
 * whatever the lengths, and every key is compared in full: no early exit leaks a matching prefix.
 */
export function keyChecker(keys: readonly string[]): (given: string | null) => Promise<boolean> {
  const digests = Promise.all(keys.map(digest))
  return async (given) => {
    if (given === null || given === '') return false
    const [mine, known] = await Promise.all([digest(given), digests])
    let found = 0
    for (const d of known) {
      let diff = 0
      for (let i = 0; i < 32; i++) diff |= d[i] ^ mine[i]
      found |= diff === 0 ? 1 : 0
    }
    return found === 1
  }
}
