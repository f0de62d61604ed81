// Matching of names as people write them (regions, instance types, models, providers) and the
// "did you mean" suggestions given when a name is unknown.
import { MAX_SUGGEST_CHARS } from '../../schema/limits.js'

/** Case-, space-, underscore-, hyphen- and dot-insensitive form of a name. */
export function normName(s: string): string {
  return s.trim().toLowerCase().replace(/[\s_.\-]+/g, '')
}

/** Levenshtein distance; names are short, so the plain two-row version is enough. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  let cur = new Array<number>(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    }
    ;[prev, cur] = [cur, prev]
  }
  return prev[b.length]
}

/**
 * The `count` known names closest to `input`, compared in normalised form. A known name that contains the
 * input (or the reverse) ranks ahead of others at the same distance, so `gpt4o` suggests `gpt-4o-mini` too.
 */
export function suggest(input: string, known: Iterable<string>, count = 3): string[] {
  // No known name is anywhere near this long: comparing would cost length x names for nothing.
  if (input.length > MAX_SUGGEST_CHARS) return []
  const q = normName(input)
  const scored: [number, string][] = []
  const seen = new Set<string>()
  for (const name of known) {
    if (seen.has(name)) continue
    seen.add(name)
    const n = normName(name)
    const d = editDistance(q, n) - (n.includes(q) || q.includes(n) ? 0.5 : 0)
    scored.push([d, name])
  }
  scored.sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0))
  return scored.slice(0, count).map((s) => s[1])
}

/** `one of a, b, c` for error messages: the suggestions first. */
export function didYouMean(what: string, suggestions: string[]): string {
  return suggestions.length ? `${what} (did you mean: ${suggestions.join(', ')}?)` : what
}

/** `a gcp` / `an aws`, `an LLM`: the article for a word as it is read aloud. */
export function article(word: string): string {
  return /^(a|e|i|o|u|llm|hf)/i.test(word) ? `an ${word}` : `a ${word}`
}
