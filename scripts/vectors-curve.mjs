// Size against accuracy for the word-vector model: rebuilds it with other dimensions, vocabulary sizes,
// quantization steps and without the n-gram backoff, and reports the gzipped payload and Spearman on
// STS-B train (where the shipped settings were chosen) and dev. The numbers go in
// docs/metrics/stability.md. Needs ../shared/datasets; not part of `npm run train`.
//
//   node scripts/vectors-curve.mjs
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { spearman } from '../eval/stability.eval.mjs'
import { buildModel, mirror, readGlove, SETTINGS } from './build-vectors.mjs'

const read = (name) =>
  readFileSync(new URL(`../../shared/datasets/paraphrase/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
const train = read('stsb_train.jsonl')
const dev = read('stsb_dev.jsonl')
const glove = readGlove()

const variants = [
  {},
  { dims: 32 },
  { dims: 48 },
  { dims: 80 },
  { dims: 100 },
  { vocabulary: 5000 },
  { vocabulary: 10000 },
  { stepSd: 2 },
  { stepSd: 8 },
  { oovWeight: 1 }
]
console.log('| settings (changed from shipped) | vectors gzipped (KB) | train rho | dev rho |\n| --- | --- | --- | --- |')
for (const change of variants) {
  const s = { ...SETTINGS, ...change }
  const model = buildModel(glove, s)
  const payload = `${model.words.join('\n')}\n${Buffer.from(model.q.buffer).toString('base64')}`
  const kb = gzipSync(payload, { level: 9 }).length / 1000
  const embed = mirror(model)
  const cache = new Map()
  const e = (t) => cache.get(t) ?? (cache.set(t, embed(t)), cache.get(t))
  const cos = (a, b) => {
    const x = e(a)
    const y = e(b)
    let d = 0
    for (let k = 0; k < x.length; k++) d += x[k] * y[k]
    return d
  }
  const rho = (set) => spearman(set.map((r) => cos(r.sentence1, r.sentence2)), set.map((r) => r.score)).toFixed(3)
  const label = Object.keys(change).length ? JSON.stringify(change).replace(/"/g, '') : 'shipped'
  console.log(`| ${label} | ${kb.toFixed(0)} | ${rho(train)} | ${rho(dev)} |`)
}
