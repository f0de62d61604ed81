// Development aid: scores the TUNING half of the Presidio PII split and prints its errors, so rules
// can be adjusted without looking at the reported half. Usage: node scripts/pii-tune.mjs [CATEGORY] [N]
import { load } from '../dist/litmus.js'
import { loadPii } from '../eval/pii-data.mjs'
import { score } from '../eval/pii.eval.mjs'
import { prf } from '../eval/util.mjs'

const [only, n = '25'] = process.argv.slice(2)
const litmus = await load()
const rows = loadPii(new URL('../../shared/datasets/', import.meta.url)).filter((r) => r.half === 'tune')
const res = score(rows, (text) => litmus.pii({ text }).pii)
for (const [c, t] of Object.entries(res.tok)) {
  const a = prf(t.tp, t.fp, t.fn)
  const s = res.span[c] ?? { tp: 0, fp: 0, fn: 0 }
  const b = prf(s.tp, s.fp, s.fn)
  console.log(c.padEnd(14), 'tok', a.p.toFixed(3), a.r.toFixed(3), a.f1.toFixed(3), ' span', b.p.toFixed(3), b.r.toFixed(3), b.f1.toFixed(3), JSON.stringify(t))
}
if (only) {
  const errs = res.errors.filter((e) => e.gold.some((g) => g[0] === only) || e.pred.some((p) => p[0] === only))
  const show = (xs) => xs.filter((x) => x[0] === only).map((x) => JSON.stringify(x[1])).join(' | ')
  let k = 0
  for (const e of errs) {
    const g = show(e.gold)
    const p = show(e.pred)
    if (g === p) continue
    console.log(`--- ${JSON.stringify(e.text.slice(0, 300))}\n  gold: ${g}\n  pred: ${p}`)
    if (++k >= Number(n)) break
  }
}
