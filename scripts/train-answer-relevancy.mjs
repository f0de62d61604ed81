// Measures (and, with --write, builds) a learned combination of answer_relevancy's own parts: the
// features explain('answer_relevancy') exposes (query coverage, exact coverage, type factor, answer of the
// asked type present, generated-question similarity, focus, phrase pairs, response length, the formula
// itself). The features come FROM THE BUILT LIBRARY, so training == inference.
//
// Data: answer-sentence selection. SelQA (en, Apache-2.0) and JSQuAD sentences (ja, CC-BY-SA-4.0) may
// ship, so only they are fitted on; TrecQA and WikiQA may not ship and are only scored. Each source is
// scored with the head fitted on the shippable sources other than itself (leave one source out), beside
// the formula (the committed scorer) and the word-count baseline. Heads: pairwise logistic ranking (a
// correct sentence against a wrong one of the same question, each question weighing the same, each
// source the same) and pointwise logistic (each source and class weighing the same). Newton's method from
// zero, no sampling: byte-identical on every run.
//
//   npm run build && node scripts/train-answer-relevancy.mjs [--questions N] [--md out.md]
import { writeFileSync } from 'node:fs'
import { rank, wordCount } from '../eval/answer-relevancy.eval.mjs'
import { fitDense } from './lib/logistic.mjs'
import { cap, DATA, readJsonl } from './lib/loso.mjs'

const args = process.argv.slice(2)
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const QCAP = Number(opt('--questions', 1000))
const L2 = Number(opt('--l2', 1e-3))

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

/** Feature vector of a row, read through explain (cached on the row). */
export const featuresOf = (litmus, r) => (r.f ??= Object.values(litmus.explain('answer_relevancy', { query: r.question, response: r.sentence }).features))

const byQuestion = (rows) => {
  const m = new Map()
  for (const r of rows) {
    if (!m.has(r.qid)) m.set(r.qid, [])
    m.get(r.qid).push(r)
  }
  return [...m.values()].filter((c) => c.some((r) => r.label === 1) && c.some((r) => r.label === 0))
}

/** Pairwise ranking head: logistic on feature differences (correct minus wrong), both orders. */
export function fitPairwise(sources, l2 = 1e-3) {
  const rows = []
  for (const rs of sources) {
    const qs = byQuestion(rs)
    for (const c of qs) {
      const pos = c.filter((r) => r.label === 1)
      const neg = c.filter((r) => r.label === 0)
      const w = 1 / (pos.length * neg.length * qs.length)
      for (const p of pos)
        for (const n of neg) {
          const d = p.f.map((v, i) => v - n.f[i])
          rows.push({ x: d, y: 1, weight: w }, { x: d.map((v) => -v), y: 0, weight: w })
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

export const linear = (w, f) => f.reduce((z, v, i) => z + w[i] * v, w[f.length])

if (import.meta.url === `file://${process.argv[1]}`) {
  const { load } = await import('../dist/litmus.js')
  const litmus = await load()
  const sources = relevancySources()
  const started = Date.now()
  for (const s of sources) for (const r of s.ship ? s.all : s.rows) featuresOf(litmus, r)
  // The capped rows are the same objects as in `all` only when uncapped: share the features.
  for (const s of sources) {
    const f = new Map(s.all.filter((r) => r.f).map((r) => [r.qid + '\u0000' + r.sentence, r.f]))
    for (const r of s.rows) r.f ??= f.get(r.qid + '\u0000' + r.sentence) ?? featuresOf(litmus, r)
  }
  console.error(`features: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const wc = (q, s) => wordCount(q, s)
  const f3 = (m) => `${m.map.toFixed(3)} / ${m.mrr.toFixed(3)}`
  const out = []
  const say = (s = '') => {
    out.push(s)
    console.log(s)
  }
  say('| source | questions | fitted on (left out) | word count | formula (committed) | pairwise head | pointwise head |')
  say('|---|---|---|---|---|---|---|')
  const key = (r) => r.f
  for (const s of sources) {
    const train = sources.filter((t) => t.ship && t !== s)
    const pw = fitPairwise(train.map((t) => t.all), L2)
    const pt = fitPointwise(train.map((t) => t.all), L2)
    const score = (w) => {
      const m = new Map(s.rows.map((r) => [r, linear(w, key(r))]))
      const rows = s.rows.map((r) => ({ ...r, _s: m.get(r) }))
      return rank(rows.map((r) => ({ ...r, question: r, sentence: r })), (r) => r._s)
    }
    const formula = rank(s.rows.map((r) => ({ ...r, question: r, sentence: r })), (r) => Math.round(100 * r.f[r.f.length - 1]))
    const base = /[\u3040-\u30ff\u4e00-\u9fff]/.test(s.rows[0].question) ? null : rank(s.rows, wc)
    say(`| ${s.name} | ${formula.n} | ${train.map((t) => t.name).join(' + ')} | ${base ? f3(base) : '–'} | ${f3(formula)} | ${f3(score(pw))} | ${f3(score(pt))} |`)
    if (process.env.WEIGHTS) console.error(s.name, 'pairwise', pw.map((v) => v.toFixed(3)).join(' '), '\npointwise', pt.map((v) => v.toFixed(3)).join(' '))
  }
  if (opt('--md', null)) writeFileSync(opt('--md', null), out.join('\n') + '\n')
}
