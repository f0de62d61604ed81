// Trains the toxicity model (src/models/toxicity.generated.ts): a hashed n-gram logistic head, int8,
// calibrated with the rule evidence of src/metrics/safety/toxicity-rules.ts in place.
//
//   npm run build:wasm && node scripts/train-toxicity.mjs
//
// Features come from the compiled core itself (`vecScore` with WANT_FEATURES over build/litmus.wasm),
// so the head is trained on exactly the bucket ids the shipped core computes. Deterministic: rows and
// splits picked by hash of the text, fixed-seed shuffles, no clock; two runs write the same bytes.
//
// Data: every toxicity source of ../shared/datasets that may ship and is meant for training (SOURCES
// below: English tweets, a white-supremacist forum, chatbot abuse, ToxiGen statements, and German,
// Chinese, Korean, Portuguese, French and Arabic sets), at most SETTINGS.perSource rows each, weighted so
// that every family carries the same total (scripts/lib/loso.mjs familyWeights); ordinary Reddit
// comments (GoEmotions, neutral or positive) as non-toxic rows. 20 % of the rows (by hash) calibrate.
// Sources that may not ship or are dev-only (Surge, OpenAI moderation, OLID, Indonesian, Vietnamese,
// Levantine Arabic) are never read here: eval/loso.mjs scores them.
//
// Normalisation: the head sums int8 weights over the features and divides by their count (`norm:
// 'mean'`), so a text repeated n times scores as the text once; the previous build divided by the
// square root of the count and saturated on repeated benign text ('ok ' x 100 scored 97.87).
// Dialect bias (Davidson et al. 2019) is countered by neutralising dialect markers and identity terms
// in the head (lexicon NOFEAT: they emit no feature).
import { readFileSync, writeFileSync } from 'node:fs'
import { FLAGS, lexiconWords, maskTable, neutralised, rulesOffset, splitJoined, swapTable, toxicityRules, VEC_NEUTRAL, withSwaps } from '../build/rules/toxicity-rules.js'
import { deobfuscate } from '../build/rules/deobfuscate.js'
import { distinctWords } from '../build/rules/distinct-words.js'
import { normOf, platt, plattWith, quantize, sigmoid, trainHashed } from './lib/logistic.mjs'
import { cap, DATA as SHARED, fitRows } from './lib/loso.mjs'
import { input, payloadHash } from './lib/manifest.mjs'
import { compileLexicon } from './toxicity-lexicon.mjs'

const ROOT = new URL('../', import.meta.url)
const DATA = new URL('../../shared/datasets/', import.meta.url)
/** Training families: [family, file, row filter]; every file may ship and is meant for training. */
export const SOURCES = [
  ['davidson (en tweets)', 'toxicity/davidson.jsonl'],
  ['stormfront (en forum)', 'toxicity/stormfront_degibert.jsonl'],
  ['mlma (en/fr/ar tweets)', 'toxicity/mlma_multilingual.jsonl'],
  ['convabuse (chatbot abuse)', 'toxicity/convabuse.jsonl'],
  ['toxigen (statements)', 'toxicity/toxigen_seed_statements.jsonl'],
  ['germeval (de)', 'toxicity/germeval2018_de.jsonl'],
  ['cold (zh)', 'toxicity/cold_zh.jsonl'],
  ['beep (ko)', 'toxicity/korean_hate_speech_beep.jsonl'],
  ['told-br (pt)', 'toxicity/told_br_pt.jsonl'],
  ['goemotions (benign reddit)', 'emotion/goemotions_original_train.jsonl']
]
/** Scored only (never trained on): dev sets, and sources that may not ship. */
export const EVAL_ONLY = [
  ['surge (dev)', 'toxicity/surge_toxicity.jsonl'],
  ['openai moderation (dev)', 'toxicity/openai_moderation.jsonl'],
  ['olid (en tweets, no ship)', 'toxicity/olid_offenseval2019.jsonl'],
  ['indonesian (no ship)', 'toxicity/indonesian_hate_abusive.jsonl'],
  ['vihsd (vi, no ship)', 'toxicity/vihsd_vi.jsonl'],
  ['l-hsab (ar, no ship)', 'toxicity/lhsab_levantine_ar.jsonl']
]
export const INPUTS = [
  ...SOURCES.map(([, f]) => [f, DATA]),
  ['lexicons/afinn165.json', DATA],
  ['lexicons/glove6b100d_subtlex_top20k.tsv', DATA],
  ['scripts/toxicity-lexicon.mjs', ROOT],
  ['src/metrics/safety/toxicity-rules.ts', ROOT],
  ['src/metrics/safety/deobfuscate.ts', ROOT],
  ['src/metrics/shared/distinct-words.ts', ROOT],
  ['assembly/vec/features.ts', ROOT]
]
const OUT = new URL('../src/models/toxicity.generated.ts', import.meta.url)
const WASM = new URL('../build/litmus.wasm', import.meta.url)

// Model settings.
export const SETTINGS = {
  kinds: 5, // word unigrams | character n-grams (no bigrams: a repeated text then has exactly the features of the text once)
  bits: 18,
  cmin: 3,
  cmax: 5,
  norm: 'mean',
  epochs: 5,
  learningRate: 0.2,
  l2: 1e-7,
  seed: 20261127,
  perSource: 6000,
  calibrationShare: 0.2,
  // Share of toxic text the calibration assumes: most text a user scores is not toxic, and a balanced
  // map flagged a fifth of ordinary comments (eval/loso.mjs).
  prior: 0.2,
  // Distinct words (src/metrics/shared/distinct-words.ts) under which a text counts as short: its shortness
  // gets its own calibrated term (`shortTerm`), or scales the learned evidence (`shrink`).
  words: 8,
  shrink: false,
  shortTerm: true
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
    model(weights, lexicon, settings = SETTINGS) {
      const m = x.vecModelReserve(settings.bits, 1)
      bytes().set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), x.vecModelWeights(m))
      const ref = core.begin(lexicon)
      x.vecModelSet(m, settings.kinds, settings.cmin, settings.cmax, 1, ref.ptr, ref.len)
      // As src/metrics/safety/toxicity.ts: misspellings of listed words, and the words runs are split into.
      core.swaps = swapTable(lexicon)
      core.words = lexiconWords(lexicon)
      core.unmask = maskTable(lexicon)
      return m
    },
    setWeights(m, weights) {
      bytes().set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), x.vecModelWeights(m))
      x.vecModelFlush(m)
    },
    /**
     * Buckets, head sum and rule evidence of one text, as src/metrics/safety/toxicity.ts computes them
     * (`weights` given: the learned evidence of negated, quoted and emphatic words is set aside).
     */
    run(m, text, wantFeatures, neutralise, severity = 0.5) {
      const ref = core.begin(text)
      const r = x.vecScore(ref.ptr, ref.len, m, wantFeatures ? 1 : 4)
      const [nWords, spanPtr, nFeat, featPtr, , nFlag, flagPtr, wordSumPtr] = core.u32(r, 8)
      // As src/metrics/safety/toxicity.ts: neutralised words (identity terms) count in the head's divisor.
      const nNorm = nFeat + core.u32(r + VEC_NEUTRAL, 1)[0]
      let sum = core.i32(r + 32, 1)[0]
      const feats = wantFeatures ? core.u32(featPtr, nFeat).slice() : null
      const distinct = distinctWords(bytes(), ref.ptr, core.u32(spanPtr, nWords * 2), nWords, SETTINGS.words)
      let flagged = { flagged: core.u32(flagPtr, nFlag * 2), nFlagged: nFlag }
      if (text.length <= 4096 && core.swaps) flagged = withSwaps(bytes(), ref.ptr, core.u32(spanPtr, nWords * 2), nWords, flagged.flagged, nFlag, core.swaps)
      if (!ref.ascii && nWords > 0) x.utf16Offsets(ref.ptr, ref.len, spanPtr, nWords * 2)
      const spans = nWords > 0 ? core.u32(spanPtr, nWords * 2) : new Uint32Array(0)
      const ev = toxicityRules(text, spans, flagged.flagged, flagged.nFlagged, false)
      // As src/metrics/safety/toxicity.ts: the learned evidence of negated, quoted and emphatic words is set aside.
      if (neutralise) {
        const sums = core.i32(wordSumPtr, nWords)
        sum -= neutralised(ev, (w) => sums[w], severity)
      }
      return { feats, sum, nFeat: nNorm, ev, nWords, distinct }
    }
  }
  return core
}


/** Head logit from a core sum: bias + scale * sum / count (or / sqrt(count) for the previous norm). */
export const headLogit = (model, sum, nFeat, distinct = SETTINGS.words) =>
  model.bias + model.scale * sum * normOf(model.norm ?? SETTINGS.norm, nFeat) * (model.shrink ? Math.min(1, distinct / SETTINGS.words) : 1)

/** How short a text is: 1 - distinct words / WORDS, 0 from WORDS distinct words on (repetition adds none). */
export const shortness = (distinct) => 1 - Math.min(1, distinct / SETTINGS.words)

/** Rows `{ text, y, family }` of `[family, file]` sources, at most `perSource` each (by hash). */
export function loadFamilies(list, perSource = SETTINGS.perSource) {
  const rows = []
  for (const [family, file] of list) {
    let own = readJsonl(new URL(file, SHARED))
    // GoEmotions: comments labelled only with neutral or positive emotions, as non-toxic rows.
    own = file.startsWith('emotion/') ? own.filter(benignComment).map((r) => ({ text: r.text, label: 0 })) : own
    own = own.filter((r) => typeof r.text === 'string' && r.text.trim() !== '' && (r.label === 0 || r.label === 1))
    for (const r of cap(own, perSource, 'toxicity:')) rows.push({ text: r.text, y: r.label, family })
  }
  return rows
}

/** The model's lexicon: Litmus's word lists and AFINN's positive words. */
export const lexiconText = () => compileLexicon(new URL('lexicons/afinn165.json', DATA), new URL('lexicons/glove6b100d_subtlex_top20k.tsv', DATA))

/**
 * Calibrated logit of one text under a trained model, as src/metrics/safety/toxicity.ts computes it: the head
 * with the learned evidence of negated, quoted and emphatic words set aside, plus the rules; when the
 * text hides words (leetspeak, spaced letters, look-alike letters), the higher of it and its
 * de-obfuscated form. Null for a text without a word.
 */
export function logitOf(core, m, model, text) {
  const one = (t) => {
    const { sum, nFeat, ev, nWords, distinct } = core.run(m, t, false, true)
    return nWords === 0 ? null : model.a * headLogit(model, sum, nFeat, distinct) + (model.b ?? 0) * shortness(distinct) + model.c + rulesOffset(ev, 0.5)
  }
  let z = one(text)
  // As src/metrics/safety/toxicity.ts DEOBFUSCATE_MAX: only texts up to 4,096 characters.
  const de = text.length <= 4096 ? deobfuscate(text, core.unmask) : null
  if (de) {
    const z2 = one(core.words ? splitJoined(de.text, text, () => core.words) : de.text)
    if (z2 !== null && (z === null || z2 > z)) z = z2
  }
  return z
}

/** Score 0..100 of one text under a trained model. */
export function scoreOf(core, m, model, text) {
  const z = logitOf(core, m, model, text)
  return z === null ? 0 : 100 * sigmoid(z)
}

/**
 * Train the head on `rows` (`{ text, y, family }`): family weights, 20 % of the rows by hash set aside
 * to fit the Platt map with the rules in place. Returns the core model handle, the int8 weights and the
 * logit's constants.
 */
export function fit(core, rows, lexicon, settings = SETTINGS) {
  const size = 1 << settings.bits
  const m = core.model(new Int8Array(size), lexicon, settings)
  const { train, cal } = fitRows(rows, settings, (text) => {
    const { feats, nFeat } = core.run(m, text, true, false)
    return { feats, n: nFeat }
  })
  const { w, bias } = trainHashed(train, size, settings)
  const { q, scale } = quantize(w)
  core.setWeights(m, q)
  const model = { bias, scale, norm: settings.norm, shrink: settings.shrink, a: 1, c: 0 }
  const points = []
  for (const r of cal) {
    const { sum, nFeat, ev, nWords, distinct } = core.run(m, r.text, false, true)
    if (nWords > 0) points.push({ y: r.y, w: r.weight, z: headLogit(model, sum, nFeat, distinct), r: rulesOffset(ev, 0.5), short: shortness(distinct) })
  }
  if (!settings.shortTerm) {
    const { a, c } = platt(points, { prior: settings.prior })
    return { m, q, model: { ...model, a, b: 0, c }, trainRows: train.length, calibrationRows: points.length }
  }
  // p = sigmoid(A z + B short + C + rules): Platt's map with a term for short texts, whose mean over a
  // word or two rests on little; classes weighted to the prior over the family weights.
  const [a, b, c] = plattWith(points.map((r) => ({ ...r, x: r.short })), settings.prior)
  return { m, q, model: { ...model, a, b, c }, trainRows: train.length, calibrationRows: points.length }
}

export async function main() {
  const core = await rawCore()
  const lexicon = lexiconText()
  const rows = loadFamilies(SOURCES)
  const { q, model, trainRows, calibrationRows } = fit(core, rows, lexicon)
  const counts = {}
  for (const r of rows) counts[r.family] = [(counts[r.family]?.[0] ?? 0) + (r.y === 0 ? 1 : 0), (counts[r.family]?.[1] ?? 0) + r.y]
  const report = { rows: counts, trainRows, calibrationRows }

  const weights = Buffer.from(q.buffer, q.byteOffset, q.length)
  const f = (x) => Number(x.toPrecision(12))
  const p = {
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    CMIN: SETTINGS.cmin,
    CMAX: SETTINGS.cmax,
    NORM: 1,
    WORDS: SETTINGS.words,
    SHRINK: SETTINGS.shrink ? 1 : 0,
    BIAS: f(model.bias),
    SCALE: f(model.scale),
    A: f(model.a),
    B: f(model.b),
    C: f(model.c),
    WEIGHTS: weights.toString('base64'),
    LEXICON: lexicon
  }
  const out = `// Generated by scripts/train-toxicity.mjs; do not edit. Toxicity model: hashed n-gram features
// (assembly/vec/features.ts) into ${1 << SETTINGS.bits} buckets, an int8 logistic head trained on the shippable
// toxicity sources of ../shared/datasets (see NOTICE: Davidson et al. MIT; Stormfront CC-BY-SA-3.0; MLMA MIT;
// ConvAbuse CC-BY-4.0; ToxiGen CDLA-Permissive-2.0; GermEval 2018 CC-BY-4.0; COLD Apache-2.0; BEEP!
// CC-BY-SA-4.0; ToLD-Br CC-BY-SA-4.0; GoEmotions Apache-2.0), Platt-calibrated with the rules of
// src/metrics/safety/toxicity-rules.ts in place. The lexicon is Litmus's own word lists (MIT) plus the positive
// words of AFINN-165 (ODbL-1.0, Finn Årup Nielsen): as a list derived from AFINN, the lexicon is shared
// under ODbL-1.0 (see NOTICE).

/** Feature kinds (1 word, 2 bigram, 4 char n-grams), bucket bits, char n-gram lengths. */
export const KINDS: number = ${p.KINDS}
export const BITS: number = ${p.BITS}
export const CMIN: number = ${p.CMIN}
export const CMAX: number = ${p.CMAX}
/** 1: the head sum is divided by the feature count (a repeated text scores as the text once). */
export const NORM: number = ${p.NORM}
/** Distinct words under which a text counts as short; SHRINK 1: its learned evidence counts in proportion. */
export const WORDS: number = ${p.WORDS}
export const SHRINK: number = ${p.SHRINK}
/** Head logit = BIAS + SCALE * sum / features; probability = sigmoid(A * logit + B * short + C + rules), short = 1 - min(1, distinct words / WORDS). */
export const BIAS: number = ${p.BIAS}
export const SCALE: number = ${p.SCALE}
export const A: number = ${p.A}
export const B: number = ${p.B}
export const C: number = ${p.C}
/** int8 weight per bucket, base64. */
export const WEIGHTS: string = '${p.WEIGHTS}'
/** \`word\\tflags\` lines (flag bits: src/metrics/safety/toxicity-rules.ts FLAGS). */
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
