// Trains the toxicity model (src/models/toxicity.generated.ts): a hashed n-gram logistic head, int8,
// calibrated with the rule evidence of src/metrics/toxicity-rules.js in place.
//
//   npm run build:wasm && node scripts/train-toxicity.mjs
//
// Features come from the compiled core itself (`vecScore` with WANT_FEATURES over build/litmus.wasm),
// so the head is trained on exactly the bucket ids the shipped core computes. Deterministic: fixed
// split by hash of the text, fixed-seed shuffles, no clock, no randomness; two runs write the same bytes.
//
// Data: Davidson et al. (2017) tweets, MIT (hate + offensive = 1, neither = 0), split by FNV-1a of the
// text into train 70 % / calibration 15 % / test 15 %. The Surge set is dev-only and never read here.
// Dialect bias (Davidson et al. 2019: African-American English is labelled offensive far more often)
// is countered by neutralising dialect markers and identity terms in the head (lexicon NOFEAT: they
// emit no feature) and by balancing the classes; a second model trained on the raw features
// ("before") is kept only to measure the false-positive rate on benign dialect text, and is not shipped.
import { readFileSync, writeFileSync } from 'node:fs'
import { FLAGS, neutralised, rulesOffset, toxicityRules } from '../src/metrics/toxicity-rules.js'
import { auc, platt, quantize, sigmoid, trainHashed } from './lib/logistic.mjs'
import { input, payloadHash } from './lib/manifest.mjs'
import { compileLexicon, DIALECT_MARKERS } from './toxicity-lexicon.mjs'

const ROOT = new URL('../', import.meta.url)
const DATA = new URL('../../shared/datasets/', import.meta.url)
export const INPUTS = [
  ['toxicity/davidson.jsonl', DATA],
  ['emotion/goemotions_original_train.jsonl', DATA],
  ['emotion/goemotions_original_dev.jsonl', DATA],
  ['lexicons/afinn165.json', DATA],
  ['scripts/toxicity-lexicon.mjs', ROOT],
  ['src/metrics/toxicity-rules.js', ROOT],
  ['assembly/vec/features.ts', ROOT],
  ['test/fixtures/toxicity/dialect.json', ROOT]
]
const OUT = new URL('../src/models/toxicity.generated.ts', import.meta.url)
const WASM = new URL('../build/litmus.wasm', import.meta.url)

// Model settings.
export const SETTINGS = {
  kinds: 7, // word unigrams | word bigrams | character n-grams
  bits: 18,
  cmin: 3,
  cmax: 5,
  epochs: 6,
  learningRate: 0.2,
  l2: 1e-6,
  seed: 20240607,
  classWeights: 'balanced',
  // Reddit comments (GoEmotions, Apache-2.0) labelled only with neutral or positive emotions, as extra
  // non-toxic training rows (never calibration or test rows): at most this many, picked by hash.
  benignComments: 8000
}

/** GoEmotions labels whose comments count as non-toxic. */
export const BENIGN_EMOTIONS = new Set(['neutral', 'admiration', 'amusement', 'approval', 'caring', 'curiosity', 'excitement', 'gratitude', 'joy', 'love', 'optimism', 'pride', 'relief', 'realization', 'surprise', 'desire'])
export const benignComment = (r) => r.labels.every((l) => BENIGN_EMOTIONS.has(l))

/** Input files with their hashes, as the MANIFEST lists them (paths relative to the repository). */
export function inputHashes() {
  return INPUTS.map(([path, base]) => input(new URL(path, base)))
}

/** The generated file's WEIGHTS, LEXICON and MANIFEST, read as text (for .mjs callers and the tests). */
export function readGenerated(url = OUT) {
  const src = readFileSync(url, 'utf8')
  const weights = /export const WEIGHTS: string = '([^']*)'/.exec(src)[1]
  const lexicon = JSON.parse(/export const LEXICON: string = (".*")\n/.exec(src)[1])
  const MANIFEST = JSON.parse(src.slice(src.indexOf('export const MANIFEST = ') + 24))
  return { WEIGHTS: weights, LEXICON: lexicon, MANIFEST }
}


/** FNV-1a 32 of a string's UTF-16 units: the split of a row, from its text alone. */
export function splitOf(text) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  const r = h % 100
  return r < 70 ? 'train' : r < 85 ? 'calibration' : 'test'
}

export function readJsonl(url) {
  return readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
}

/** The raw core, with the few helpers the script needs (mirrors src/core/wasm.ts). */
export async function rawCore() {
  const { instance } = await WebAssembly.instantiate(readFileSync(WASM), { env: { abort() { throw new Error('abort') } } })
  const x = instance.exports
  const enc = new TextEncoder()
  const bytes = () => new Uint8Array(x.memory.buffer)
  const core = {
    x,
    begin(text) {
      x.reset()
      return core.write(text)
    },
    write(text) {
      const cap = text.length * 3
      const ptr = x.alloc(cap)
      const { written } = enc.encodeInto(text, bytes().subarray(ptr, ptr + cap))
      return { ptr, len: written, ascii: written === text.length }
    },
    u32: (ptr, n) => new Uint32Array(x.memory.buffer, ptr, n),
    i32: (ptr, n) => new Int32Array(x.memory.buffer, ptr, n),
    /** Reserve a model and install weights (Int8Array) and lexicon text. */
    model(weights, lexicon) {
      const m = x.vecModelReserve(SETTINGS.bits, 1)
      bytes().set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), x.vecModelWeights(m))
      const ref = core.begin(lexicon)
      x.vecModelSet(m, SETTINGS.kinds, SETTINGS.cmin, SETTINGS.cmax, 1, ref.ptr, ref.len)
      return m
    },
    setWeights(m, weights) {
      bytes().set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), x.vecModelWeights(m))
      x.vecModelFlush(m)
    },
    /**
     * Buckets, head sum and rule evidence of one text, as src/metrics/toxicity.ts computes them
     * (`weights` given: the learned evidence of negated, quoted and emphatic words is set aside).
     */
    run(m, text, wantFeatures, neutralise, severity = 0.5) {
      const ref = core.begin(text)
      const r = x.vecScore(ref.ptr, ref.len, m, wantFeatures ? 1 : 4)
      const [nWords, spanPtr, nFeat, featPtr, , nFlag, flagPtr, wordSumPtr] = core.u32(r, 8)
      let sum = core.i32(r + 32, 1)[0]
      const feats = wantFeatures ? core.u32(featPtr, nFeat).slice() : null
      if (!ref.ascii && nWords > 0) x.utf16Offsets(ref.ptr, ref.len, spanPtr, nWords * 2)
      const spans = nWords > 0 ? core.u32(spanPtr, nWords * 2) : new Uint32Array(0)
      const ev = toxicityRules(text, spans, core.u32(flagPtr, nFlag * 2), nFlag, false)
      // As src/metrics/toxicity.ts: the learned evidence of negated, quoted and emphatic words is set aside.
      if (neutralise) {
        const sums = core.i32(wordSumPtr, nWords)
        sum -= neutralised(ev, (w) => sums[w], severity)
      }
      return { feats, sum, nFeat, ev }
    }
  }
  return core
}

/** Head logit from a core sum: bias + scale * sum / sqrt(feature count). */
export const headLogit = (model, sum, nFeat) => model.bias + (nFeat > 0 ? (model.scale * sum) / Math.sqrt(nFeat) : 0)

// Word-level markers used to pick dialect tweets for the measurement (the NOFEAT dialect list).
export function dialectMarkers() {
  return new Set(DIALECT_MARKERS)
}
export const hasMarker = (text, markers) => text.toLowerCase().split(/[^a-z']+/).some((t) => markers.has(t))

/** Train one variant; `neutral` = lexicon with NOFEAT (shipped) or stripped of it (before). */
async function variant(core, rows, lexicon) {
  const size = 1 << SETTINGS.bits
  const m = core.model(new Int8Array(size), lexicon)
  const examples = rows.map((r) => ({ ...r, ...core.run(m, r.text, true) }))
  const trainSet = examples.filter((e) => e.split === 'train')
  const { w, bias } = trainHashed(trainSet, size, SETTINGS)
  const { q, scale } = quantize(w)
  core.setWeights(m, q)
  const model = { bias, scale }
  const scored = examples.map((e) => {
    const { sum, nFeat, ev } = core.run(m, e.text, false, q)
    return { y: e.y, split: e.split, text: e.text, category: e.category, z: headLogit(model, sum, nFeat), r: rulesOffset(ev, 0.5) }
  })
  const { a, c } = platt(scored.filter((s) => s.split === 'calibration'))
  const prob = (s) => sigmoid(a * s.z + c + s.r)
  return { m, q, model: { ...model, a, c }, scored, prob, trainRows: trainSet.length }
}

function summary(v, markers, dialectTexts, devComments, core) {
  const test = v.scored.filter((s) => s.split === 'test')
  const p = test.map(v.prob)
  const y = test.map((s) => s.y)
  const acc = test.filter((s, i) => (p[i] >= 0.5 ? 1 : 0) === s.y).length / test.length
  const neither = test.filter((s) => s.category === 'neither')
  const fp = (list) => list.filter((s) => v.prob(s) >= 0.5).length
  const withM = neither.filter((s) => hasMarker(s.text, markers))
  const without = neither.filter((s) => !hasMarker(s.text, markers))
  let fixtureFp = 0
  for (const text of dialectTexts) {
    const { sum, nFeat, ev } = core.run(v.m, text, false, v.q)
    if (sigmoid(v.model.a * headLogit(v.model, sum, nFeat) + v.model.c + rulesOffset(ev, 0.5)) >= 0.5) fixtureFp++
  }
  let devFp = 0
  for (const text of devComments) {
    const { sum, nFeat, ev } = core.run(v.m, text, false, v.q)
    if (sigmoid(v.model.a * headLogit(v.model, sum, nFeat) + v.model.c + rulesOffset(ev, 0.5)) >= 0.5) devFp++
  }
  const r4 = (x) => Math.round(x * 1e4) / 1e4
  return {
    trainRows: v.trainRows,
    testRows: test.length,
    auc: r4(auc(p, y)),
    accuracy: r4(acc),
    neitherWithDialectMarkers: { rows: withM.length, falsePositiveRate: r4(fp(withM) / withM.length) },
    neitherWithoutMarkers: { rows: without.length, falsePositiveRate: r4(fp(without) / without.length) },
    benignDialectFixture: { rows: dialectTexts.length, falsePositiveRate: r4(fixtureFp / dialectTexts.length) },
    benignCommentsDev: { rows: devComments.length, falsePositiveRate: r4(devFp / devComments.length) }
  }
}

export async function main() {
  const rows = readJsonl(new URL('toxicity/davidson.jsonl', DATA)).map((r) => ({
    text: r.text,
    y: r.label,
    category: r.category,
    split: splitOf(r.text)
  }))
  // Ordinary informal English as non-toxic training rows: Davidson's 4,000 "neither" tweets are all the
  // head would otherwise know of text that is not abusive.
  const comments = readJsonl(new URL('emotion/goemotions_original_train.jsonl', DATA))
    .filter(benignComment)
    .filter((r) => splitOf(r.text + '#') !== 'test')
    .slice(0, SETTINGS.benignComments)
  for (const r of comments) rows.push({ text: r.text, y: 0, category: 'benign-comment', split: 'train' })
  const afinn = new URL('lexicons/afinn165.json', DATA)
  const lexicon = compileLexicon(afinn)
  const stripped = lexicon
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [word, f] = l.split('\t')
      return `${word}\t${(Number(f) & ~FLAGS.NOFEAT) >>> 0}`
    })
    .join('\n') + '\n'
  const markers = dialectMarkers()
  const dialectTexts = JSON.parse(readFileSync(new URL('test/fixtures/toxicity/dialect.json', ROOT), 'utf8'))

  // Held-out ordinary comments (GoEmotions dev, neutral or positive only) to measure false positives.
  const devComments = readJsonl(new URL('emotion/goemotions_original_dev.jsonl', DATA)).filter(benignComment).map((r) => r.text)
  const core = await rawCore()
  const before = await variant(core, rows, stripped)
  const shipped = await variant(core, rows, lexicon)
  const report = {
    davidsonTest: {
      before: summary(before, markers, dialectTexts, devComments, core),
      shipped: summary(shipped, markers, dialectTexts, devComments, core)
    }
  }

  const weights = Buffer.from(shipped.q.buffer, shipped.q.byteOffset, shipped.q.length)
  const f = (x) => Number(x.toPrecision(12))
  const p = {
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    CMIN: SETTINGS.cmin,
    CMAX: SETTINGS.cmax,
    BIAS: f(shipped.model.bias),
    SCALE: f(shipped.model.scale),
    A: f(shipped.model.a),
    C: f(shipped.model.c),
    WEIGHTS: weights.toString('base64'),
    LEXICON: lexicon
  }
  const out = `// Generated by scripts/train-toxicity.mjs; do not edit. Toxicity model: hashed n-gram features
// (assembly/vec/features.ts) into ${1 << SETTINGS.bits} buckets, an int8 logistic head trained on Davidson et al.
// (2017, MIT), Platt-calibrated with the rules of src/metrics/toxicity-rules.js in place. The lexicon is
// Litmus's own word lists (MIT) plus the positive words of AFINN-165 (ODbL-1.0, Finn Årup Nielsen):
// as a list derived from AFINN, the lexicon is shared under ODbL-1.0 (see NOTICE).

/** Feature kinds (1 word, 2 bigram, 4 char n-grams), bucket bits, char n-gram lengths. */
export const KINDS: number = ${p.KINDS}
export const BITS: number = ${p.BITS}
export const CMIN: number = ${p.CMIN}
export const CMAX: number = ${p.CMAX}
/** Head logit = BIAS + SCALE * sum / sqrt(features); probability = sigmoid(A * logit + C + rules). */
export const BIAS: number = ${p.BIAS}
export const SCALE: number = ${p.SCALE}
export const A: number = ${p.A}
export const C: number = ${p.C}
/** int8 weight per bucket, base64. */
export const WEIGHTS: string = '${p.WEIGHTS}'
/** \`word\\tflags\` lines (flag bits: src/metrics/toxicity-rules.js FLAGS). */
export const LEXICON: string = ${JSON.stringify(p.LEXICON)}
export const MANIFEST = ${JSON.stringify(
    { script: 'scripts/train-toxicity.mjs', inputs: inputHashes(), settings: SETTINGS, sha256: payloadHash(p), report },
    null,
    2
  )}
`
  writeFileSync(OUT, out)
  console.log(JSON.stringify(report, null, 2))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
