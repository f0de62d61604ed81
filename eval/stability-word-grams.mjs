// Stability experiment, not shipped: word unigrams and adjacent word pairs (hashed, IDF-weighted) as a
// third part beside the word vectors and character trigrams, in the JavaScript mirror of the core's
// embedding (scripts/build-vectors.mjs). The parts' weights are chosen on the other STS-B sources and
// scored on the one left out (Spearman; train and dev pooled per source). STS-B may not ship.
//   node eval/stability-word-grams.mjs
import { readFileSync } from 'node:fs'
import { buildModel, readGlove, SETTINGS, subTokens, fnv, bucket, lowerBytes, framed, sifWeight, idfWeight } from '../scripts/build-vectors.mjs'
import { spearman } from './stability.eval.mjs'
const rows = []
for (const f of ['stsb_train', 'stsb_dev']) for (const line of readFileSync(new URL(`../../shared/datasets/paraphrase/${f}.jsonl`, import.meta.url), 'utf8').split('\n').filter(Boolean)) rows.push({ ...JSON.parse(line), split: f })
const model = buildModel(readGlove(), SETTINGS)
const { words, q, pc } = model
const s = SETTINGS
const D = s.dims
const enc = new TextEncoder()
const index = new Map(words.map((w, r) => [fnv(enc.encode(w)), r]))
const T = 1 << s.lexBits
const dot = (a, b) => { let x = 0; for (let i = 0; i < a.length; i++) x += a[i] * b[i]; return x }
function parts(text) {
  const sem = new Float64Array(D), lex = new Float64Array(T), lex2 = new Float64Array(T)
  let prev = null
  for (const tok of subTokens(text)) {
    const low = lowerBytes(enc.encode(tok)).subarray(0, 60)
    const f = framed(low)
    const r = index.get(fnv(low))
    let idf
    if (r !== undefined) { const w = sifWeight(r, s); for (let k = 0; k < D; k++) sem[k] += w * q[r * D + k]; idf = idfWeight(r) } else idf = idfWeight(s.oovRank)
    for (let i = 0; i + 3 <= f.length; i++) { const { b, neg } = bucket(fnv(f, i, i + 3), s.lexBits); lex[b] += neg ? -idf : idf }
    // word unigram and bigram features (second space)
    { const { b, neg } = bucket(fnv(f), s.lexBits); lex2[b] += neg ? -idf : idf }
    if (prev) { const pair = new Uint8Array(prev.f.length + f.length); pair.set(prev.f); pair.set(f, prev.f.length); const { b, neg } = bucket(fnv(pair), s.lexBits); const w = Math.min(idf, prev.idf); lex2[b] += neg ? -w : w }
    prev = { f, idf }
  }
  const d = dot(pc, sem); for (let k = 0; k < D; k++) sem[k] -= d * pc[k]
  const unit = (x) => { const n = Math.sqrt(dot(x, x)); return n > 0 ? x.map((y) => y / n) : x }
  return { sem: unit(sem), lex: unit(lex), lex2: unit(lex2) }
}
for (const r of rows) { r.a = parts(r.sentence1); r.b = parts(r.sentence2); r.cs = dot(r.a.sem, r.b.sem); r.cl = dot(r.a.lex, r.b.lex); r.cw = dot(r.a.lex2, r.b.lex2) }
const score = (r, [a, c]) => a * r.cs + (1 - a - c) * r.cl + c * r.cw
const sources = [...new Set(rows.map((r) => r.source))]
const grid = []
for (const a of [0.2, 0.3, 0.4]) for (const c of [0, 0.1, 0.2, 0.3]) grid.push([a, c])
const mean = (xs) => xs.reduce((x, y) => x + y, 0) / xs.length
console.log('left-out | shipped mix (0.3, 0) | chosen on others | params')
for (const src of sources) {
  const others = sources.filter((o) => o !== src)
  let best = null, bv = -1
  for (const g of grid) { const v = mean(others.map((o) => { const rs = rows.filter((r) => r.source === o); return spearman(rs.map((r) => score(r, g)), rs.map((r) => r.score)) })); if (v > bv) { bv = v; best = g } }
  const rs = rows.filter((r) => r.source === src); const y = rs.map((r) => r.score)
  const base = spearman(rs.map((r) => score(r, [0.3, 0])), y), got = spearman(rs.map((r) => score(r, best)), y)
  console.log(`${src} | ${base.toFixed(3)} | ${got.toFixed(3)} | ${best}`)
}
for (const g of [[0.3, 0], [0.3, 0.1], [0.3, 0.2], [0.2, 0.2], [0.4, 0.1]]) { const rs = rows.filter((r) => r.split === 'stsb_dev'); const rt = rows.filter((r) => r.split === 'stsb_train'); console.log('params', g, 'dev', spearman(rs.map((r) => score(r, g)), rs.map((r) => r.score)).toFixed(3), 'train', spearman(rt.map((r) => score(r, g)), rt.map((r) => r.score)).toFixed(3)) }
