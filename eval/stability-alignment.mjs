// Stability experiment, not shipped: does a soft word-alignment score (each word's best GloVe 100-d cosine
// among the other side's words, SIF-weighted, harmonic mean of the two directions, BERTScore-style) lift
// Spearman beside the shipped score? Per STS-B source (train and dev pooled); the mix weight is chosen on
// the other sources (leave one source out). STS-B may not ship: evaluation only.
//   npm run build && node eval/stability-alignment.mjs
import { readFileSync } from 'node:fs'
import { readGlove, subTokens, sifWeight } from '../scripts/build-vectors.mjs'
import { jaccard, spearman } from './stability.eval.mjs'
const { load } = await import('../dist/litmus.js')
const l = await load()
const rows = []
for (const f of ['stsb_train', 'stsb_dev']) for (const line of readFileSync(new URL(`../../shared/datasets/paraphrase/${f}.jsonl`, import.meta.url), 'utf8').split('\n').filter(Boolean)) { const r = JSON.parse(line); rows.push({ ...r, split: f }) }
const { words: vocab, vectors } = readGlove()
const idx = new Map(vocab.map((w, i) => [w, i]))
const unit = vectors.map((v) => { const n = Math.hypot(...v); return v.map((x) => x / n) })
const toks = (t) => subTokens(t).map((w) => w.toLowerCase())
function align(a, b) {
  const A = toks(a), B = toks(b)
  const side = (X, Y) => {
    let s = 0, w = 0
    for (const x of X) {
      const ix = idx.get(x)
      const wt = ix === undefined ? 1 : sifWeight(ix)
      let best = 0
      for (const y of Y) {
        if (x === y) { best = 1; break }
        const iy = idx.get(y)
        if (ix === undefined || iy === undefined) continue
        let d = 0; const u = unit[ix], v = unit[iy]
        for (let k = 0; k < 100; k++) d += u[k] * v[k]
        if (d > best) best = d
      }
      s += wt * best; w += wt
    }
    return w ? s / w : 0
  }
  const p = side(A, B), r = side(B, A)
  return p + r ? (2 * p * r) / (p + r) : 0
}
// Baselines: token Jaccard, and minus the difference in length (characters).
for (const r of rows) {
  r.jaccard = jaccard(r.sentence1, r.sentence2)
  r.length = -Math.abs(r.sentence1.length - r.sentence2.length)
  r.ship = l.stability({ responses: [r.sentence1, r.sentence2] }).avg
  r.align = align(r.sentence1, r.sentence2)
}
// The shipped score (0..100, clamped at 0) mixed with the alignment score (0..1).
const sources = [...new Set(rows.map((r) => r.source))]
const mixScore = (rs, w) => rs.map((r) => (1 - w) * r.ship / 100 + w * r.align)
const W = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]
console.log('left-out source | pairs | token Jaccard | length difference | shipped (previous build = this build) | alignment alone | mix (w chosen on the other sources) | w')
for (const s of sources) {
  const test = rows.filter((r) => r.source === s)
  const other = rows.filter((r) => r.source !== s)
  // w: the best mean Spearman over the other sources
  let bestW = 0, bestV = -1
  for (const w of W) {
    const v = sources.filter((o) => o !== s).map((o) => { const rs = other.filter((r) => r.source === o); return spearman(mixScore(rs, w), rs.map((r) => r.score)) }).reduce((a, b) => a + b, 0) / (sources.length - 1)
    if (v > bestV) { bestV = v; bestW = w }
  }
  const y = test.map((r) => r.score)
  console.log(`${s} | ${test.length} | ${spearman(test.map((r) => r.jaccard), y).toFixed(3)} | ${spearman(test.map((r) => r.length), y).toFixed(3)} | ${spearman(test.map((r) => r.ship), y).toFixed(3)} | ${spearman(test.map((r) => r.align), y).toFixed(3)} | ${spearman(mixScore(test, bestW), y).toFixed(3)} | ${bestW}`)
}
for (const split of ['stsb_dev', 'stsb_train']) {
  const rs = rows.filter((r) => r.split === split); const y = rs.map((r) => r.score)
  console.log(split, 'shipped', spearman(rs.map((r) => r.ship), y).toFixed(3), 'align', spearman(rs.map((r) => r.align), y).toFixed(3), ...[0.3, 0.5].map((w) => `mix${w} ${spearman(mixScore(rs, w), y).toFixed(3)}`))
}
