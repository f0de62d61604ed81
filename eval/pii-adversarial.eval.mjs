// PII written to dodge detection: recall per category and form of obfuscation on the labelled set
// test/fixtures/pii-adversarial/set.jsonl (scripts/build-pii-adversarial-set.mjs), the held-out half
// (never used to tune the rules) beside the tune half, and false positives on its hard negatives.
// Beside Litmus: the plain regular expressions of the PII eval (the simplest baseline) and, when
// LITMUS_BASE names another build's dist/litmus.js, that build (the build before this work).
import { fmt, readJsonl, table } from './util.mjs'
import { baseline } from './pii.eval.mjs'

export const title = 'PII, adversarial forms (`pii`)'

const SET = new URL('../test/fixtures/pii-adversarial/set.jsonl', import.meta.url)
const CATEGORIES = ['US_SSN', 'PHONE_NUMBER', 'CREDIT_CARD', 'EMAIL_ADDRESS']
const STRUCTURED = new Set([...CATEGORIES, 'IBAN_CODE', 'US_BANK_NUMBER', 'ABA_ROUTING_NUMBER', 'IP_ADDRESS', 'MAC_ADDRESS', 'URL', 'CRYPTO', 'SECRET'])

/** Per (category, form) and per category: labelled spans found (same category, overlapping), and false positives. */
export function scoreSet(rows, detect) {
  const cell = new Map()
  const bump = (key, hit) => {
    const c = cell.get(key) ?? { tp: 0, n: 0 }
    c.n++
    if (hit) c.tp++
    cell.set(key, c)
  }
  let negFp = 0
  let fp = 0
  let predicted = 0
  for (const row of rows) {
    const ents = detect(row.text).filter((e) => STRUCTURED.has(e.category))
    for (const span of row.spans) {
      const hit = ents.some((e) => e.category === span.category && e.interval[0] < span.end && span.start < e.interval[1])
      bump(`${span.category}|${row.form}`, hit)
      bump(`${span.category}|all`, hit)
    }
    for (const e of ents) {
      predicted++
      const ok = row.spans.some((s) => e.interval[0] < s.end && s.start < e.interval[1])
      if (!ok) {
        fp++
        if (row.form === 'negative') negFp++
      }
    }
  }
  return { cell, negFp, fp, predicted }
}

const pct = (c) => (c && c.n > 0 ? `${fmt((100 * c.tp) / c.n, 0)}% (${c.tp}/${c.n})` : '--')

export async function run({ litmus }) {
  const rows = readJsonl(SET)
  const tune = rows.filter((r) => r.split === 'tune')
  const hold = rows.filter((r) => r.split === 'holdout')
  const systems = [['Litmus', (t) => litmus.pii({ text: t }).pii]]
  if (process.env.LITMUS_BASE) {
    const base = await (await import(process.env.LITMUS_BASE)).load()
    systems.push(['before', (t) => base.pii({ text: t }).pii])
  }
  systems.push(['regex', (t) => baseline(t)])
  const onHold = systems.map(([name, f]) => [name, scoreSet(hold, f)])
  const onTune = scoreSet(tune, systems[0][1])
  const forms = [...new Set(rows.filter((r) => r.spans.length > 0).map((r) => `${r.spans[0].category}|${r.form}`))]
  const keys = [...CATEGORIES.map((c) => `${c}|all`), ...forms]
  const head = ['category', 'form', ...onHold.map(([n]) => `held-out: ${n}`), 'tune: Litmus']
  const body = keys.map((k) => {
    const [c, f] = k.split('|')
    return [c, f === 'all' ? '**all forms**' : f, ...onHold.map(([, r]) => pct(r.cell.get(k))), pct(onTune.cell.get(k))]
  })
  const prec = onHold.map(([n, r]) => `${n} ${fmt(r.predicted ? (100 * (r.predicted - r.fp)) / r.predicted : 100, 1)}% (${r.fp} of ${r.predicted} structured entities outside a labelled span; ${r.negFp} on the ${hold.filter((x) => x.form === 'negative').length} hard negatives)`)
  return `
Set: test/fixtures/pii-adversarial/set.jsonl, ${rows.length} rows written by scripts/build-pii-adversarial-set.mjs (synthetic
values in hand-written frames, ${rows.filter((r) => r.form === 'negative').length} hard negatives: number lists, scores, dates,
versions, hashes, "dot" and "at" in prose). Half of the rows (${hold.length}, by FNV-1a of the row id) are held out: the rules
were never tuned on them. Recall: a labelled span counts when an entity of the same category overlaps it. The set is
written by the authors of the rules, so it measures the forms they meant to cover; the spelt-out digits, en-dash and
"cue after the value" rows are forms no rule covers yet.
${process.env.LITMUS_BASE ? '' : '\n(The column for the previous build appears when LITMUS_BASE names its dist/litmus.js.)\n'}
${table(head, body)}

Held-out precision over structured entities: ${prec.join('; ')}.
`
}
