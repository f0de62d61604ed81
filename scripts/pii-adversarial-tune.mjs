// Development aid: the TUNE half of the adversarial PII set (test/fixtures/pii-adversarial/set.jsonl)
// with what Litmus finds, misses and adds, so rules can be adjusted without looking at the held-out
// half. Usage: node scripts/pii-adversarial-tune.mjs [misses|all]
import { load } from '../dist/litmus.js'
import { readJsonl } from '../eval/util.mjs'

const litmus = await load()
const rows = readJsonl(new URL('../test/fixtures/pii-adversarial/set.jsonl', import.meta.url)).filter((r) => r.split === 'tune')
const all = process.argv[2] === 'all'
for (const row of rows) {
  const ents = litmus.pii({ text: row.text }).pii.filter((e) => !['PERSON', 'LOCATION', 'DATE_TIME'].includes(e.category))
  const missed = row.spans.filter((s) => !ents.some((e) => e.category === s.category && e.interval[0] < s.end && s.start < e.interval[1]))
  const extra = ents.filter((e) => !row.spans.some((s) => e.interval[0] < s.end && s.start < e.interval[1]))
  if (all || missed.length || extra.length) {
    console.log(`${missed.length ? 'MISS' : extra.length ? 'FP  ' : 'ok  '} ${row.id} ${JSON.stringify(row.text)} -> ${JSON.stringify(ents.map((e) => [e.category, e.string]))}`)
  }
}
