// Tone across sources, fast prototype of representations that might carry between Reddit and subtitles:
// the shipped n-gram recipe, emotion-word lists widened through GloVe (scripts/lib/tone-expand.mjs),
// the averaged GloVe vector of the text with a logistic head per tone (each source weighted the same),
// and their combination. Same folds and measure as eval/style-loso.mjs tone (Ekman macro-F1).
//
//   npm run build && node eval/tone-transfer.mjs [--expand 10,0.6] [--only ngram,dense,...]
import * as T from '../scripts/train-tone.mjs'
import { cap, readJsonl, DATA } from '../scripts/lib/loso.mjs'
import { glove } from '../scripts/lib/tone-expand.mjs'
import { platt, rng, sigmoid } from '../scripts/lib/logistic.mjs'
import { keywordTones } from './tone.eval.mjs'

const args = process.argv.slice(2)
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const [NB, COS, RANK = 0] = opt('--expand', '10,0.6').split(',').map(Number)
const only = opt('--only', null)?.split(',')
const K = T.TONES.length
const all = T.loadSources(['GoEmotions', 'XED en', 'XED fi'])
const gold = (r) => T.ekmanOf(r.y, 1)
const geDev = readJsonl(new URL('emotion/goemotions_ekman_dev.jsonl', DATA)).map((r) => ({ text: r.text, gold: new Set(r.labels) }))
const xed = (lang) => cap(all.filter((r) => r.source === `XED ${lang}`), 3000, 'eval:').map((r) => ({ text: r.text, gold: gold(r) })).filter((r) => r.gold.size > 0)
const sets = { GoEmotions: geDev, 'XED en': xed('en'), 'XED fi': xed('fi') }
const macro = (rows, preds) => T.ekmanMacroF1(preds, rows.map((r) => r.gold))
const logit = (s) => { const p = Math.min(Math.max(s / 100, 1e-6), 1 - 1e-6); return Math.log(p / (1 - p)) }

// Averaged word vector: unit GloVe vectors of the text's words, frequent words down-weighted (SIF-like,
// weight r / (r + 100) for SUBTLEX rank r), the mean scaled to unit length.
const G = glove()
export function embed(text) {
  const v = new Float64Array(G.D + 1)
  let n = 0
  for (const m of text.toLowerCase().matchAll(/[a-z]+/g)) {
    const r = G.index.get(m[0])
    if (r === undefined) continue
    const w = r / (r + 100)
    for (let d = 0; d < G.D; d++) v[d] += w * G.vec[r * G.D + d]
    n++
  }
  let s = 0
  for (let d = 0; d < G.D; d++) s += v[d] * v[d]
  s = Math.sqrt(s) || 1
  for (let d = 0; d < G.D; d++) v[d] /= s
  v[G.D] = n ? 1 : 0 // any known word
  return v
}

/** Logistic head per tone over the dense vector; rows weighted so every source has the same total. */
function fitDense(rows, { epochs = 8, lr = 0.2, l2 = 1e-4 } = {}) {
  const D = G.D + 1
  const w = new Float64Array(K * D), b = new Float64Array(K), g2 = new Float64Array(K * D).fill(1e-8), gb = new Float64Array(K).fill(1e-8)
  const fitRows = rows.filter((r) => !r.calibration)
  const per = {}
  for (const r of fitRows) per[r.source] = (per[r.source] ?? 0) + 1
  const nSrc = Object.keys(per).length
  const order = fitRows.map((_, i) => i)
  const next = rng(7)
  for (let e = 0; e < epochs; e++) {
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(next() * (i + 1)); [order[i], order[j]] = [order[j], order[i]] }
    for (const k of order) {
      const r = fitRows[k]
      const x = r.vec
      const sw = fitRows.length / (nSrc * per[r.source])
      for (let c = 0; c < K; c++) {
        if (r.mask && !r.mask[c]) continue
        let z = b[c]
        for (let d = 0; d < D; d++) z += w[c * D + d] * x[d]
        const g = (sigmoid(z) - r.y[c]) * sw
        gb[c] += g * g
        b[c] -= (lr * g) / Math.sqrt(gb[c])
        for (let d = 0; d < D; d++) {
          const gd = g * x[d] + l2 * w[c * D + d]
          g2[c * D + d] += gd * gd
          w[c * D + d] -= (lr * gd) / Math.sqrt(g2[c * D + d])
        }
      }
    }
  }
  const raw = (x) => Array.from({ length: K }, (_, c) => { let z = b[c]; for (let d = 0; d < D; d++) z += w[c * D + d] * x[d]; return z })
  return { raw, trained: T.TONES.map((_, c) => fitRows.some((r) => (!r.mask || r.mask[c]) && r.y[c])) }
}

/** Per-tone Platt + F1-best threshold at 0 on the calibration rows, for any raw logit function of a row. */
function calibrate(rows, rawOf, trained) {
  const cal = rows.filter((r) => r.calibration)
  const zs = cal.map(rawOf)
  const A = new Array(K).fill(0), C = new Array(K).fill(-30)
  for (let c = 0; c < K; c++) {
    const idx = cal.map((_, i) => i).filter((i) => !cal[i].mask || cal[i].mask[c])
    const ys = idx.map((i) => cal[i].y[c])
    if (!trained[c] || !ys.some(Boolean)) continue
    const z = idx.map((i) => zs[i][c])
    const { a, c: cc } = platt(z.map((v, i) => ({ z: v, y: ys[i] })), { balanced: false })
    const { t } = T.bestThreshold(z.map((v) => sigmoid(a * v + cc)), ys)
    A[c] = a
    C[c] = cc - Math.log(t / (1 - t))
  }
  return (r) => rawOf(r).map((v, c) => A[c] * v + C[c])
}

const OWN = T.TONES.map((t) => { const i = ['anger', 'annoyance', 'disgust', 'fear', 'nervousness', 'joy', 'excitement', 'sadness', 'surprise', 'gratitude', 'disappointment', 'love', 'amusement', 'admiration', 'pride', 'relief', 'embarrassment', 'confusion', 'curiosity', 'remorse', 'grief', 'optimism'].indexOf(t); return i < 0 ? 0 : 1 << i })
const floor = (z, lex) => z.map((v, c) => (lex & OWN[c] ? Math.max(v, 0) : v))

const base = { ...T.SETTINGS, expand: null }
const wide = { ...T.SETTINGS, expand: { neighbours: NB, minCos: COS, minRank: RANK }, widenedPresent: true }
const configs = { ngram: [base, 'base'], wide: [wide, 'wide'], 'wide-nofloor': [{ ...wide, widenedPresent: false }, 'wide'] }
const cores = { base: await T.featureCore(base), wide: await T.featureCore(wide) }
const featurise = (key, r) => ((r.f ??= {})[key] ??= cores[key](r.text))
for (const r of all) r.vec = embed(r.text)
for (const s of Object.values(sets)) for (const r of s) r.vec = embed(r.text)

const results = {}
const t0 = Date.now()
const want = (n) => !only || only.includes(n)
for (const [source, held] of Object.entries(sets)) {
  const use = T.SETTINGS.sources.filter((s) => s !== source)
  const rows = all.filter((r) => use.includes(r.source))
  const row = (results[source] = {})
  row.keyword = macro(held, held.map((r) => T.ekmanOf(T.TONES.map((t) => (keywordTones(r.text).includes(t) ? 100 : 0))))).macro
  const zOf = {}
  for (const [name, [settings, key]] of Object.entries(configs)) {
    if (!want(name)) continue
    const m = await T.fit(rows.map((r) => ({ ...r, ...featurise(key, r) })), { ...settings, sources: use }, cores[key])
    const sc = T.scorer(m)
    zOf[name] = held.map((r) => sc(r.text).map(logit))
    held.forEach((r) => (r.lex ??= {}, r.lex[name] = featurise(key, r).lex | (settings.widenedPresent ? featurise(key, r).wide : 0)))
    row[name] = macro(held, zOf[name].map((z) => T.ekmanOf(z.map((v) => 100 * sigmoid(v))))).macro
    console.error(source, name, row[name].toFixed(3), `${(Date.now() - t0) / 1000} s`)
  }
  if (want('dense')) {
    const d = fitDense(rows)
    const cal = calibrate(rows, (r) => d.raw(r.vec), d.trained)
    for (const r of rows) r.lexb = featurise('base', r).lex
    const zd = held.map((r) => cal(r))
    for (const r of held) r.lexb = cores.base(r.text).lex
    row.dense = macro(held, zd.map((z, i) => T.ekmanOf(floor(z, held[i].lexb).map((v) => 100 * sigmoid(v))))).macro
    for (const key of Object.keys(zOf)) {
      row[`${key}+dense`] = macro(held, zd.map((z, i) => T.ekmanOf(floor(z.map((v, c) => (v + zOf[key][i][c]) / 2), held[i].lex[key]).map((v) => 100 * sigmoid(v))))).macro
      row[`${key} or dense`] = macro(held, zd.map((z, i) => T.ekmanOf(floor(z.map((v, c) => Math.max(v, zOf[key][i][c])), held[i].lex[key]).map((v) => 100 * sigmoid(v))))).macro
    }
    console.error(source, 'dense', JSON.stringify(row), `${(Date.now() - t0) / 1000} s`)
  }
}
const cols = Object.keys(results.GoEmotions)
console.log(`| left-out | ${cols.join(' | ')} |`)
for (const [s, r] of Object.entries(results)) console.log(`| ${s} | ${cols.map((c) => r[c]?.toFixed(3)).join(' | ')} |`)
console.log(`| mean | ${cols.map((c) => (Object.values(results).reduce((a, r) => a + r[c], 0) / 3).toFixed(3)).join(' | ')} |`)
