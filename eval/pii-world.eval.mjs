// PII on pii-world: the hand-written multilingual and adversarial benchmark (test/fixtures/pii-world.jsonl,
// built by scripts/pii-world-fixtures.mjs). Recall per entity type x kind of text and per script, precision,
// for the tune and holdout halves separately, beside a regex + capitalised-word baseline.
//
// A gold span is found when a predicted entity of a compatible category overlaps it. Precision counts the
// predicted entities in the categories the set labels; a prediction is correct when it overlaps a gold span
// of a compatible type. Predictions in categories the set never labels (URL, IP_ADDRESS, SECRET, ...) are
// left out of precision and listed.
//
// PII_WORLD_MISSES=1 node eval/index.mjs pii-world   also prints the TUNE half's misses and false
// positives to stderr (never the holdout half's: it is the honest test).
import { readFileSync } from 'node:fs'
import { fnv1a64 } from '../scripts/pii-world-fixtures.mjs'
import { fmt, regexEntities, table } from './util.mjs'

export const title = 'PII on pii-world (`pii`: multilingual, contextual, ambiguous and adversarial texts)'

const FIXTURE = new URL('../test/fixtures/pii-world.jsonl', import.meta.url)
const KINDS = ['standard', 'contextual', 'ambiguous', 'adversarial']
const SCRIPTS = ['latin', 'latin-diacritics', 'cyrillic', 'greek', 'arabic', 'hebrew', 'chinese', 'japanese', 'korean', 'devanagari', 'thai', 'mixed']
const NAMED = ['PERSON', 'LOCATION', 'ORGANIZATION']
/** Types of the table (plus NRP, IBAN, dates); the rest are national ids, ITIN and NPI. */
const CORE = ['PERSON', 'LOCATION', 'ORGANIZATION', 'NRP', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'US_SSN', 'CREDIT_CARD', 'MEDICAL_RECORD_NUMBER', 'IBAN_CODE', 'DATE_TIME']

/**
 * Predicted categories that count as finding a gold type. Identity, plus the address-like names other
 * recognisers use for places (not produced by Litmus today; listed so a rename cannot silently score 0).
 */
const COMPATIBLE = { LOCATION: ['LOCATION', 'ADDRESS', 'STREET_ADDRESS', 'GPE'] }
const compatible = (gold) => COMPATIBLE[gold] ?? [gold]

/** The simplest alternative: regular expressions for the structured types and capitalised-word runs for names. */
const CAP = String.raw`\p{Lu}[\p{Ll}'’-]+`
const BASELINE = [
  ['EMAIL_ADDRESS', /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu],
  ['IBAN_CODE', /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g],
  ['US_SSN', /\b\d{3}-\d{2}-\d{4}\b/g],
  ['CREDIT_CARD', /\b(?:\d[ -]?){12,18}\d\b/g],
  ['DATE_TIME', /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b/g],
  ['PHONE_NUMBER', /(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)|\b\d{2,4})[ .-]?\d{3,4}[ .-]?\d{3,4}\b/g],
  ['ORGANIZATION', new RegExp(String.raw`(?:${CAP} )+(?:Inc|Ltd|LLC|GmbH|AG|S\.A|SA|Corp|Co|plc|Group|Bank|University)\b\.?`, 'gu')],
  ['LOCATION', new RegExp(String.raw`(?<=\b(?:in|at|from|to) )${CAP}(?: ${CAP})*`, 'gu')],
  ['PERSON', new RegExp(String.raw`(?<![.!?:]\s|^)${CAP}(?: ${CAP})*`, 'gmu')]
]

export const baseline = (text) => regexEntities(BASELINE, text)

export function loadWorld(url = FIXTURE) {
  const rows = readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  for (const r of rows) {
    const want = (fnv1a64(r.id) & 1n) === 0n ? 'tune' : 'holdout'
    if (r.split !== want) throw new Error(`pii-world: row ${r.id} has split ${r.split}, its id hashes to ${want}`)
  }
  return rows
}

const overlaps = (a, s, e) => a.interval[0] < e && s < a.interval[1]

/** Scores one detector on rows: per gold span found or not, per prediction correct or not. */
export function score(rows, detect, labelled) {
  const gold = [] // { row, span, found }
  const pred = [] // { row, entity, correct }
  const excluded = {}
  for (const row of rows) {
    const ents = detect(row.text)
    for (const span of row.spans) {
      const ok = compatible(span.type)
      gold.push({ row, span, found: ents.some((e) => ok.includes(e.category) && overlaps(e, span.start, span.end)) })
    }
    for (const e of ents) {
      if (!labelled.has(e.category)) {
        excluded[e.category] = (excluded[e.category] ?? 0) + 1
        continue
      }
      const correct = row.spans.some((s) => compatible(s.type).includes(e.category) && overlaps(e, s.start, s.end))
      pred.push({ row, entity: e, correct })
    }
  }
  return { gold, pred, excluded }
}

const pct = (k, n) => (n ? `${fmt((100 * k) / n, 0)}%` : '—')
const count = (xs, f) => xs.filter(f).length

/** "Litmus / baseline (n)" recall cell over the gold spans selected by f. */
function cell(res, base, f) {
  const g = res.gold.filter(f)
  if (!g.length) return ''
  const b = base.gold.filter(f)
  return `${pct(count(g, (x) => x.found), g.length)} / ${pct(count(b, (x) => x.found), b.length)} (${g.length})`
}

function precision(res) {
  const tp = count(res.pred, (p) => p.correct)
  return { tp, fp: res.pred.length - tp, p: res.pred.length ? tp / res.pred.length : 1 }
}

function section(name, rows, detect, labelled, types) {
  const res = score(rows, detect, labelled)
  const base = score(rows, baseline, labelled)
  const spans = rows.reduce((a, r) => a + r.spans.length, 0)
  const negatives = rows.filter((r) => r.kind === 'negative')

  const present = types.filter((t) => res.gold.some((x) => x.span.type === t))
  const kindRow = (label, f) => [label, ...KINDS.map((k) => cell(res, base, (x) => f(x.span.type) && x.row.kind === k)), cell(res, base, (x) => f(x.span.type))]
  const kindRows = present.map((t) => kindRow(t, (u) => u === t))
  kindRows.push(kindRow(`*national ids, ITIN and NPI together (${present.filter((t) => !CORE.includes(t)).length} types)*`, (u) => !CORE.includes(u)))
  kindRows.push(kindRow('**all**', () => true))

  const scriptRows = SCRIPTS.map((sc) => [sc, ...NAMED.map((t) => cell(res, base, (x) => x.span.type === t && x.row.script === sc))])
    .filter((r) => r.slice(1).some(Boolean))

  const pl = precision(res)
  const pb = precision(base)
  const fpNeg = (r) => count(r.pred, (p) => p.row.kind === 'negative')
  const cats = [...labelled].filter((c) => res.pred.some((p) => p.entity.category === c) || base.pred.some((p) => p.entity.category === c) || present.includes(c))
  const catRows = cats.map((c) => {
    const g = (r) => r.gold.filter((x) => x.span.type === c)
    const p = (r) => r.pred.filter((x) => x.entity.category === c)
    return [c, g(res).length, count(g(res), (x) => x.found), count(g(base), (x) => x.found), p(res).length, count(p(res), (x) => !x.correct), p(base).length, count(p(base), (x) => !x.correct)]
  })
  const rf = (r) => count(r.gold, (x) => x.found) / Math.max(1, r.gold.length)
  const f1 = (p, r) => (p + r ? (2 * p * r) / (p + r) : 0)
  const excl = (r) => Object.entries(r.excluded).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ') || 'none'

  return `
### ${name} half: ${rows.length} texts, ${spans} labelled spans, ${negatives.length} hard negatives

Overall: Litmus recall **${pct(count(res.gold, (x) => x.found), res.gold.length)}**, precision **${pct(pl.tp, pl.tp + pl.fp)}** (${pl.tp} of ${pl.tp + pl.fp} predictions), F1 ${fmt(f1(pl.p, rf(res)), 2)};
baseline recall ${pct(count(base.gold, (x) => x.found), base.gold.length)}, precision ${pct(pb.tp, pb.tp + pb.fp)} (${pb.tp} of ${pb.tp + pb.fp}), F1 ${fmt(f1(pb.p, rf(base)), 2)}.
Predictions on the ${negatives.length} hard-negative texts (no PII): Litmus ${fpNeg(res)}, baseline ${fpNeg(base)}.
Left out of precision (categories the set does not label): Litmus ${excl(res)}; baseline ${excl(base)}.

Recall per type and kind of text, **Litmus / baseline (gold spans)**:

${table(['type', ...KINDS, 'all'], kindRows)}

Recall of names, places and organisations per script, Litmus / baseline (gold spans):

${table(['script', ...NAMED], scriptRows)}

Per category: gold spans, found by Litmus / baseline, and predictions (false ones) by Litmus / baseline:

${table(['category', 'gold', 'found L', 'found B', 'predicted L', 'false L', 'predicted B', 'false B'], catRows)}
`
}

function printMisses(rows, detect, labelled) {
  const res = score(rows, detect, labelled)
  for (const g of res.gold.filter((x) => !x.found)) {
    console.error(`miss ${g.row.id} ${g.row.kind} ${g.span.type} ${JSON.stringify(g.row.text.slice(g.span.start, g.span.end))}`)
  }
  for (const p of res.pred.filter((x) => !x.correct)) {
    console.error(`false ${p.row.id} ${p.row.kind} ${p.entity.category} ${JSON.stringify(p.entity.string)}`)
  }
}

export async function run({ litmus }) {
  const rows = loadWorld()
  const types = [...new Set(rows.flatMap((r) => r.spans.map((s) => s.type)))]
  types.sort((a, b) => (CORE.includes(a) ? CORE.indexOf(a) : 99) - (CORE.includes(b) ? CORE.indexOf(b) : 99) || a.localeCompare(b))
  const labelled = new Set(types.flatMap(compatible))
  const detect = (text) => litmus.pii({ text }).pii
  const tune = rows.filter((r) => r.split === 'tune')
  const holdout = rows.filter((r) => r.split === 'holdout')
  if (process.env.PII_WORLD_MISSES) printMisses(tune, detect, labelled)

  const byKind = (rs) => KINDS.concat('negative').map((k) => count(rs, (r) => r.kind === k)).join(' / ')
  return `
Data: \`test/fixtures/pii-world.jsonl\` (${rows.length} hand-written texts in ${new Set(rows.map((r) => r.lang)).size} languages and
${new Set(rows.map((r) => r.script)).size} script classes; ${rows.reduce((a, r) => a + r.spans.length, 0)} labelled spans of ${types.length} types; built by
\`node scripts/pii-world-fixtures.mjs\`, identifiers generated with valid check digits). Kinds: standard,
contextual (the entity is only recognisable from context), ambiguous (names that are also words), adversarial
(spaced digits, written-out e-mails, full-width characters, zero-width characters inside values, values split
across lines, lower-case names) and hard negatives (order numbers, hashes, UUIDs, versions, scores, capitalised
common words). Texts per kind (standard / contextual / ambiguous / adversarial / negative): tune ${byKind(tune)},
holdout ${byKind(holdout)}. The split is fixed by the row id (64-bit FNV-1a, even = tune, odd = holdout).
**Tuning may look at the tune half only; the holdout half is the honest test.**

A gold span counts as found when a predicted entity of a compatible category overlaps it (LOCATION also
accepts ADDRESS / STREET_ADDRESS / GPE; every other type only itself). Precision is over predictions in the
categories the set labels (${[...labelled].filter((c) => types.includes(c)).join(', ')}); a prediction is
correct when it overlaps a gold span of its type. Types Litmus does not detect score 0. The baseline is in
this file: regular expressions for e-mail, phone, SSN, card, IBAN and dates, a suffix rule for
organisations, "in/at/from/to" + capitalised words for places, and other capitalised-word runs for names.
${section('Holdout', holdout, detect, labelled, types)}
${section('Tune', tune, detect, labelled, types)}
`
}
