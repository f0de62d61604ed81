// How far explain('pii') confidence can be trusted: precision of the entities at each confidence level
// (and evidence combination) on the Presidio synthetic sets, tuning half and reported half side by side.
// The levels were set from the strength of the evidence (src/metrics/pii/pii-explain.ts), not fitted here;
// this section measures what they turned out to mean.
import { loadPii, TYPE_MAP } from './pii-data.mjs'
import { fmt, table } from './util.mjs'

export const title = 'PII confidence (`explain(\'pii\')`)'

const SCORED = new Set(Object.values(TYPE_MAP))

function tally(litmus, rows) {
  const byLevel = new Map()
  const byEvidence = new Map()
  const bump = (m, k, ok) => {
    const v = m.get(k) ?? { n: 0, ok: 0 }
    v.n++
    if (ok) v.ok++
    m.set(k, v)
  }
  for (const row of rows) {
    for (const e of litmus.explain('pii', { text: row.text }).pii) {
      if (!SCORED.has(e.category)) continue
      const [s, t] = e.interval
      const ok = row.spans.some((g) => g.category === e.category && s < g.end && g.start < t)
      bump(byLevel, e.confidence, ok)
      bump(byEvidence, `${e.category === 'PERSON' || e.category === 'LOCATION' ? 'name/place' : 'other'}: ${e.evidence.map((x) => x.kind).join(' + ')}`, ok)
    }
  }
  return { byLevel, byEvidence }
}

const cell = (v) => (v ? `${fmt((100 * v.ok) / v.n, 1)}% (${v.n.toLocaleString('en-US')})` : '-')

export async function run({ litmus, datasets }) {
  const rows = loadPii(datasets)
  const tune = tally(litmus, rows.filter((r) => r.half === 'tune'))
  const report = tally(litmus, rows.filter((r) => r.half === 'report'))
  const levels = [...new Set([...tune.byLevel.keys(), ...report.byLevel.keys()])].sort((a, b) => b - a)
  const kinds = [...new Set([...tune.byEvidence.keys(), ...report.byEvidence.keys()])].sort(
    (a, b) => (report.byEvidence.get(b)?.n ?? 0) - (report.byEvidence.get(a)?.n ?? 0)
  )
  const all = (t) => [...t.byLevel.values()].reduce((a, v) => ({ n: a.n + v.n, ok: a.ok + v.ok }), { n: 0, ok: 0 })
  return `
Data: the Presidio synthetic sets of the PII section, both halves (split by template as there). An entity counts
as correct when a labelled span of the same category overlaps it; only the categories that data labels are
counted. Cells: precision (entities). The confidence levels come from the evidence table in
docs/metrics/pii.md, set before this measurement and not fitted to it; the baseline is the precision of all
entities together, which a confidence that carries no information would match at every level.

${table(['confidence', 'tuning half', 'reported half'], [
  ...levels.map((l) => [fmt(l, 2), cell(tune.byLevel.get(l)), cell(report.byLevel.get(l))]),
  ['all (baseline)', cell(all(tune)), cell(all(report))]
])}

By evidence:

${table(['kind: evidence', 'tuning half', 'reported half'], kinds.map((k) => [k, cell(tune.byEvidence.get(k)), cell(report.byEvidence.get(k))]))}

Caveat: in these templated texts nearly every capitalised name is a labelled entity, so name precision here is
higher than on real prose; the levels order the evidence, they are not probabilities on your text.
`
}
