// Shows input_type errors on the TUNING half of constructed_train.jsonl only (the eval reports the
// other half). Run after `npm run build`: node scripts/tune-input-type.mjs [max-errors-per-category]
import { load } from '../dist/litmus.js'
import { half, score } from '../eval/input-type.eval.mjs'
import { readJsonl } from '../eval/util.mjs'

const limit = Number(process.argv[2] ?? 3)
const litmus = await load()
const rows = readJsonl(new URL('../../shared/datasets/encoded/constructed_train.jsonl', import.meta.url)).filter(
  (r) => half(r.text) === 'tune'
)
const detect = (text) => litmus.inputType({ text }).encodings
const s = score(rows, detect)
console.log(`tune half: ${rows.length} texts  P ${s.p.toFixed(4)} R ${s.r.toFixed(4)} F1 ${s.f1.toFixed(4)} (fp ${s.fp}, fn ${s.fn})`)
for (const [c, v] of [...s.byCat].sort()) console.log(c.padEnd(24), v.n, 'flagged', v.hit, 'label ok', v.labelOk, 'span ok', v.spanOk, '/', v.spanN)
const shown = new Map()
if (process.argv[3] === 'spans') {
  const { encodedPart } = await import('../eval/input-type.eval.mjs')
  for (const r of rows) {
    const part = r.label ? encodedPart(r) : undefined
    if (part === undefined) continue
    const found = detect(r.text)
    if (found.some((e) => e.string === part)) continue
    const n = shown.get(r.category) ?? 0
    if (n >= limit) continue
    shown.set(r.category, n + 1)
    console.log(`\n[${r.category}] ${JSON.stringify(part).slice(0, 300)}\n  -> ${JSON.stringify(found.map((e) => e.string)).slice(0, 300)}`)
  }
  process.exit(0)
}
for (const r of rows) {
  const found = detect(r.text)
  if ((found.length > 0) === Boolean(r.label)) continue
  const n = shown.get(r.category) ?? 0
  if (n >= limit) continue
  shown.set(r.category, n + 1)
  console.log(`\n[${r.category}] ${JSON.stringify(r.text).slice(0, 400)}\n  -> ${JSON.stringify(found).slice(0, 300)}`)
}
