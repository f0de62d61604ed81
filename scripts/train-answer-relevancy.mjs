// Measures whether a learned combination of answer_relevancy's own parts beats the hand-set formula
// across sources. The parts are the features explain('answer_relevancy') exposes (query coverage, exact
// coverage, type factor, answer of the asked type present, generated-question similarity and its back
// coverage, focus, phrase pairs, response length, the subject factor, the formula itself), read FROM THE BUILT LIBRARY, so
// a shipped head would see exactly what it was fitted on.
//
// Data: answer-sentence selection. SelQA (en, Apache-2.0) and JSQuAD sentences (ja, CC-BY-SA-4.0) may
// ship, so only they are fitted on; TrecQA and WikiQA may not ship and are only scored. Each source is
// scored with heads fitted on the shippable sources other than itself (leave one source out), beside the
// formula (eval/grounded-loso.mjs, which prints this table, adds the word-count and length baselines).
// Heads: pairwise logistic ranking (a correct sentence against a wrong one of the same question; each
// question, and each source, weighing the same) and pointwise logistic (each source and class weighing
// the same). Newton's method from zero, no sampling: the same table on every run.
//
// Outcome (docs/metrics/answer-relevancy.md): no head beats the formula on every left-out source, so no
// head is built or shipped; this script stays as the measurement. `--features a,b,...` restricts the
// parts (must include `formula`).
//
//   npm run build && node scripts/train-answer-relevancy.mjs [--questions N] [--features ...] [--md out.md]
import { writeFileSync } from 'node:fs'
import { rank } from '../eval/answer-relevancy.eval.mjs'
import { fitDense } from './lib/logistic.mjs'
import { cap, DATA, readJsonl } from './lib/loso.mjs'

const args = process.argv.slice(2)
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const QCAP = Number(opt('--questions', 1000))

/** Sources as eval/grounded-loso.mjs reads them: name, rows, may ship. */
export function relevancySources(qcap = QCAP) {
  const J = (p) => readJsonl(new URL(p, DATA))
  const capQ = (rows, salt) => {
    const ids = [...new Set(rows.map((r) => r.qid))].map((q) => ({ text: q }))
    const keep = new Set(cap(ids, qcap, salt).map((r) => r.text))
    return rows.filter((r) => keep.has(r.qid))
  }
  return [
    ['TrecQA (train + dev)', [...J('relevancy/trecqa_train.jsonl'), ...J('relevancy/trecqa_dev.jsonl')], 'no'],
    ['WikiQA (train)', J('relevancy/wikiqa_train.jsonl'), 'no'],
    ['SelQA (dev + test)', J('relevancy/selqa_ass_en.jsonl'), 'yes'],
    ['JSQuAD sentences (ja)', J('relevancy/jsquad_sentsel_ja.jsonl'), 'yes']
  ].map(([name, rows, ship]) => ({ name, all: rows, rows: capQ(rows, 'grounded-eval:' + name), ship: ship === 'yes' }))
}

/** Feature vector of a row, read through explain (cached on the row); `USE` picks the parts by name. */
const USE = opt('--features', '').split(',').filter(Boolean)
export const featuresOf = (litmus, r) => {
  if (r.f) return r.f
  const all = litmus.explain('answer_relevancy', { query: r.question, response: r.sentence }).features
  return (r.f = USE.length ? USE.map((k) => all[k]) : Object.values(all))
}
// The committed formula's score is always read (a required feature), last of explain's parts.
const FORMULA = USE.length ? USE.indexOf('formula') : 11
if (FORMULA < 0) throw new Error(`--features: expected a list that includes "formula", received "${USE.join(',')}"`)

const byQuestion = (rows) => {
  const m = new Map()
  for (const r of rows) {
    if (!m.has(r.qid)) m.set(r.qid, [])
    m.get(r.qid).push(r)
  }
  return [...m.values()].filter((c) => c.some((r) => r.label === 1) && c.some((r) => r.label === 0))
}

/** Pairwise ranking head: logistic on feature differences (correct minus wrong), both orders. */
export function fitPairwise(sources, l2 = 1e-3, prior = 0) {
  const rows = []
  const F = FORMULA
  for (const rs of sources) {
    const qs = byQuestion(rs)
    for (const c of qs) {
      const pos = c.filter((r) => r.label === 1)
      const neg = c.filter((r) => r.label === 0)
      const w = 1 / (pos.length * neg.length * qs.length)
      for (const p of pos)
        for (const n of neg) {
          const d = p.f.map((v, i) => v - n.f[i])
          const o = prior * d[F]
          rows.push({ x: d, y: 1, weight: w, offset: o }, { x: d.map((v) => -v), y: 0, weight: w, offset: -o })
        }
    }
  }
  return fitDense(unitMean(rows), l2)
}

/** Row weights rescaled to mean 1, so the L2 penalty (per row) means the same whatever the weighting. */
function unitMean(rows) {
  const total = rows.reduce((a, r) => a + r.weight, 0)
  return rows.map((r) => ({ ...r, weight: (r.weight * rows.length) / total }))
}

/** Pointwise logistic head: each source, and each class inside it, the same total weight. */
export function fitPointwise(sources, l2 = 1e-3) {
  const rows = []
  for (const rs of sources) {
    const qs = byQuestion(rs).flat()
    const n1 = qs.filter((r) => r.label === 1).length
    for (const r of qs) rows.push({ x: r.f, y: r.label, weight: 1 / (2 * (r.label ? n1 : qs.length - n1)) })
  }
  return fitDense(unitMean(rows), l2)
}

export const linear = (w, f, prior = 0) => f.reduce((z, v, i) => z + w[i] * v, w[f.length] + prior * f[FORMULA])

/** The comparison table (markdown lines): every candidate head on every source, each left out in turn. */
export function headTable(litmus, sources = relevancySources()) {
  const started = Date.now()
  for (const s of sources) for (const r of s.ship ? s.all : s.rows) featuresOf(litmus, r)
  // The capped rows are the same objects as in `all` only when uncapped: share the features.
  for (const s of sources) {
    const f = new Map(s.all.filter((r) => r.f).map((r) => [r.qid + '\u0000' + r.sentence, r.f]))
    for (const r of s.rows) r.f ??= f.get(r.qid + '\u0000' + r.sentence) ?? featuresOf(litmus, r)
  }
  console.error(`features: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const out = []
  const say = (s) => out.push(s)
  // Candidates: [name, fit(train sources) -> weights, score(weights, features)]. Each head is compared
  // with the formula UNROUNDED too: the shipped score is an integer, and under pessimistic tie-breaking
  // the rounding alone costs MAP, so a real-valued head must beat the real-valued formula to count.
  const sig = (z) => 1 / (1 + Math.exp(-z))
  const heads = [
    ...[1e-2, 1e-1, 1].map((l2) => [`pairwise, L2 ${l2}`, (tr) => fitPairwise(tr, l2), (w, f) => linear(w, f)]),
    ...[1e-2, 1e-1, 1].map((l2) => [`pointwise, L2 ${l2}`, (tr) => fitPointwise(tr, l2), (w, f) => linear(w, f)]),
    ['pointwise, L2 0.1, as a score would ship (100 p to two decimals)', (tr) => fitPointwise(tr, 0.1), (w, f) => Math.round(10000 * sig(linear(w, f))) / 100],
    ['pairwise on top of 10 x formula, L2 0.1', (tr) => fitPairwise(tr, 0.1, 10), (w, f) => linear(w, f, 10)]
  ]
  const cols = ['formula to a whole number (before)', 'formula to two decimals (shipped)', 'formula unrounded', ...heads.map((h) => h[0])]
  const cell = {}
  for (const s of sources) {
    const train = sources.filter((t) => t.ship && t !== s)
    const R = (f) => rank(s.rows.map((r) => ({ ...r, question: r, sentence: r })), (r) => f(r.f))
    const c = (cell[s.name] = {
      n: R((f) => f[FORMULA]).n,
      train: train.map((t) => t.name.split(' ')[0]).join(' + '),
      'formula to a whole number (before)': R((f) => Math.round(100 * f[FORMULA])),
      'formula unrounded': R((f) => f[FORMULA]),
      'formula to two decimals (shipped)': R((f) => Math.round(10000 * f[FORMULA]) / 100)
    })
    for (const [name, fit, score] of heads) {
      const w = fit(train.map((t) => t.all))
      c[name] = R((f) => score(w, f))
      if (process.env.WEIGHTS) console.error(s.name, name, w.map((v) => v.toFixed(3)).join(' '))
    }
  }
  const f3 = (m) => (m ? `${m.map.toFixed(3)} / ${m.mrr.toFixed(3)}` : '–')
  say(`| candidate (MAP / MRR) | ${sources.map((s) => `${s.name}: ${cell[s.name].n} q, fitted on ${cell[s.name].train}`).join(' | ')} |`)
  say(`|---|${sources.map(() => '---|').join('')}`)
  for (const col of cols) say(`| ${col} | ${sources.map((s) => f3(cell[s.name][col])).join(' | ')} |`)
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { load } = await import('../dist/litmus.js')
  const lines = headTable(await load())
  console.log(lines.join('\n'))
  if (opt('--md', null)) writeFileSync(opt('--md', null), lines.join('\n') + '\n')
}
