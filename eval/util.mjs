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
