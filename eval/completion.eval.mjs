// completion accuracy on the hand-labelled fixture (test/fixtures/completion/cases.src.txt, written before
// any rule): rules and thresholds were chosen on the odd-numbered queries (tune); the even-numbered queries
// (held) were not looked at until the method was fixed. Baseline: share of the query's words found in the
// response, complete when at least a threshold chosen on the tuning split.
import { readCases } from './judgement-fixtures.mjs'
import { fmt, table } from './util.mjs'

export const title = 'completion'

const STOP = new Set('a an the of to in on at by for with from as is are was were be and or but what who when where why how do does did it its this that me my you your i can please give'.split(' '))
const words = (s) => s.toLowerCase().match(/[a-z0-9]+/g)?.filter((w) => !STOP.has(w)) ?? []
export function overlap(query, response) {
  const r = new Set(words(response))
  const q = [...new Set(words(query))]
  return q.length ? q.filter((w) => r.has(w)).length / q.length : 0
}

export function accuracy(cases, predict) {
  let ok = 0
  let tp = 0, fp = 0, fn = 0
  for (const c of cases) {
    const p = predict(c)
    if (p === (c.label === 1)) ok++
    // Positive class = incomplete (what a user wants flagged).
    if (!p && c.label === 0) tp++
    else if (!p) fp++
    else if (c.label === 0) fn++
  }
  return { acc: ok / cases.length, p: tp / Math.max(1, tp + fp), r: tp / Math.max(1, tp + fn) }
}

export function bestThreshold(cases, value) {
  let best = [0, -1]
  for (let t = 0; t <= 1.0001; t += 0.05) {
    const a = accuracy(cases, (c) => value(c) >= t).acc
    if (a > best[1]) best = [t, a]
  }
  return best[0]
}

export async function run({ litmus }) {
  const cases = readCases('completion')
  const score = (c) => litmus.completion({ query: c.head, response: c.response }).score
  const base = (c) => overlap(c.head, c.response)
  const t = bestThreshold(cases.filter((c) => c.split === 'tune'), base)
  const rows = []
  for (const split of ['tune', 'held']) {
    const set = cases.filter((c) => c.split === split)
    for (const at of [30, 50, 70]) {
      const a = accuracy(set, (c) => score(c) >= at)
      rows.push([split, set.length, `Litmus completion >= ${at}`, fmt(a.acc, 3), fmt(a.p, 3), fmt(a.r, 3)])
    }
    const b = accuracy(set, (c) => base(c) >= t)
    rows.push([split, set.length, `word overlap >= ${fmt(t, 2)}`, fmt(b.acc, 3), fmt(b.p, 3), fmt(b.r, 3)])
  }
  return `Hand-labelled fixture (${cases.length} cases, ${cases.filter((c) => c.label === 1).length} complete). Precision and
recall are for flagging an incomplete response (score below the threshold). "tune" was used to choose the
rules; "held" is the held-out figure.

${table(['split', 'cases', 'method', 'accuracy', 'precision (incomplete)', 'recall (incomplete)'], rows)}
`
}
