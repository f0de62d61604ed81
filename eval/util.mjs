import { readFileSync } from 'node:fs'

export { table, fmt } from '../bench/util.mjs'

/** Parse a JSONL file into objects. */
export function readJsonl(url) {
  return readFileSync(url, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))
}

/** Precision, recall and F1 from counts. */
export function prf(tp, fp, fn) {
  const p = tp + fp === 0 ? 1 : tp / (tp + fp)
  const r = tp + fn === 0 ? 1 : tp / (tp + fn)
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) }
}

/**
 * Entities of a regex baseline: [category, /re/g] rules in order, a match kept unless it overlaps an
 * earlier one; sorted by start.
 */
export function regexEntities(rules, text) {
  const out = []
  const taken = (s, e) => out.some((x) => s < x.interval[1] && x.interval[0] < e)
  for (const [category, re] of rules) {
    for (const m of text.matchAll(re)) {
      const s = m.index
      const e = s + m[0].length
      if (!taken(s, e)) out.push({ interval: [s, e], string: m[0], category })
    }
  }
  return out.sort((a, b) => a.interval[0] - b.interval[0])
}
