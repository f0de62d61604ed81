// Leave one source out, for the style metrics (the method of eval/loso.mjs, with each metric's own measure):
// every source the metric is fitted on is left out in turn, the candidate chosen and fitted on the others
// and scored on it; sources that may not ship are only ever scored. Beside it: the simplest baseline and
// the previous build (the package as committed before this work; default /tmp/style-prev/dist/litmus.js).
//
//   npm run build && node eval/style-loso.mjs helpfulness [--previous path/to/litmus.js]
import { existsSync } from 'node:fs'
import { pairwise } from '../scripts/train-helpfulness.mjs'

const args = process.argv.slice(2)
const metric = args[0]
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const PREVIOUS = opt('--previous', '/tmp/style-prev/dist/litmus.js')
const f3 = (x) => (x === null || x === undefined || Number.isNaN(x) ? '–' : x.toFixed(3))
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')

const { load } = await import('../dist/litmus.js')
const litmus = await load()
const previous = existsSync(PREVIOUS) ? await (await import(PREVIOUS)).load() : null

const ADAPTERS = {
  /** Pairwise accuracy (ties half) per preference source. */
  async helpfulness() {
    const H = await import('../scripts/train-helpfulness.mjs')
    const { queryCoverage } = await import('../build/rules/helpfulness-rules.js')
    const logit = (s) => {
      const p = Math.min(Math.max(s / 100, 1e-4), 1 - 1e-4)
      return Math.log(p / (1 - p))
    }
    const all = H.preferenceFamilies()
    const fixtures = (await import('../test/fixtures/helpfulness/v3-pairs.json', { with: { type: 'json' } })).default
    for (const [kind, query, better, worse] of fixtures) all.push({ family: 'fixtures (v3 pairs)', kind, query, chosen: better, rejected: worse })
    const text = (t) => litmus.helpfulness({ text: t }).score
    for (const p of all) {
      const sc = text(p.chosen)
      const sr = text(p.rejected)
      p.v4 = [sc, sr]
      p.c = [queryCoverage(p.query, p.chosen), logit(sc)]
      p.r = [queryCoverage(p.query, p.rejected), logit(sr)]
      p.v3 = [litmus.evaluate('v3.helpfulness', { query: p.query, response: p.chosen }).score, litmus.evaluate('v3.helpfulness', { query: p.query, response: p.rejected }).score]
      if (previous) p.prev = [previous.helpfulness({ text: p.chosen }).score, previous.helpfulness({ text: p.rejected }).score]
    }
    const families = [...new Set(all.map((p) => p.family))]
    const acc = (list, f) => pairwise(list.map((p) => f(p)[0]), list.map((p) => f(p)[1]))
    const rows = []
    const means = {}
    for (const family of families) {
      const held = all.filter((p) => p.family === family)
      const fitted = H.V3_FAMILIES.includes(family)
      // The v3 combination chosen and scaled without this source (for the fitted ones).
      const v3 = H.fitV3(all.filter((p) => H.V3_FAMILIES.includes(p.family) && p.family !== family))
      const s = (x) => (x[0] < 0 ? x[1] * 1e-6 : x[0] + v3.lambda * x[1])
      const cells = {
        length: acc(held, (p) => [p.chosen.length, p.rejected.length]),
        previous: previous ? acc(held, (p) => p.prev) : null,
        v4: acc(held, (p) => p.v4),
        coverage: acc(held, (p) => [p.c[0], p.r[0]]),
        v3: acc(held, (p) => [s(p.c), s(p.r)])
      }
      if (fitted) for (const [k, v] of Object.entries(cells)) (means[k] ??= []).push(v)
      rows.push([family, held.length, fitted ? `left out (λ ${v3.lambda})` : 'never', ...Object.values(cells).map(f3), f3(acc(held, (p) => p.v3))])
    }
    const mean = (k) => f3(means[k].reduce((a, b) => a + b, 0) / means[k].length)
    rows.push([`**mean of the ${H.V3_FAMILIES.length} left-out sources**`, '', '', mean('length'), previous ? mean('previous') : '–', mean('v4'), mean('coverage'), mean('v3'), ''])
    return table(['source', 'pairs', 'role', 'length', 'previous build (text only)', 'v4 text only (new)', 'query coverage alone', 'v3 with query (new, left out)', 'v3 shipped (fitted on all)'], rows)
  }
}

const adapter = ADAPTERS[metric]
if (!adapter) throw new Error(`usage: node eval/style-loso.mjs <${Object.keys(ADAPTERS).join('|')}>`)
console.log(await adapter())
