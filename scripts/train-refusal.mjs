// Trains the refusal model (src/models/refusal.generated.ts): a hashed word + bigram head, int8, read
// over the opening of a response (its first OPEN_WORDS words) and over the rest, and a small logistic
// combination of the opening head with the refusal phrases of src/metrics/safety/refusal-rules.ts.
//
//   npm run build:wasm && node scripts/train-refusal.mjs
//
// Features come from the compiled core (`vecScore` over build/litmus.wasm), so the head is trained on
// the bucket ids the shipped core computes. Deterministic: hash-based splits, fixed-seed shuffles.
//
// Data (both MIT, may ship):
//  - GPTFuzz human-labelled responses (`refusal/gptfuzz_responses.jsonl`): label 1 = not jailbroken
//    (refusal, evasive or off-topic), 0 = complied. Its `train` split only, cut by question into
//    head training (75 %) and calibration (25 %); its `test` split is never read here (eval/refusal.eval.mjs).
//  - Anthropic hh-rlhf helpful-rejection-sampled, the chosen responses with no refusal phrase, as
//    compliance with ordinary (benign) questions: GPTFuzz has none, so without them the head would
//    learn "no harmful content" as evidence of refusal.
import { readFileSync, writeFileSync } from 'node:fs'
import { COMPLY_OPENING, OPEN_WORDS, REFUSAL, RULES, TRIGGER, TRIGGER_LEXICON, refusalPhrases, rulesOffset } from '../build/rules/refusal-rules.js'
import { NO_CUES, contentStart, cueOffset, openingCues } from '../build/rules/refusal-cues.js'
import { loadCore } from './lib/core.mjs'
import { auc, fitDense, quantize, sigmoid, trainHashed } from './lib/logistic.mjs'
import { generatedModule, input } from './lib/manifest.mjs'
import { heldOut } from './lib/splits.mjs'

const ROOT = new URL('../', import.meta.url)
const DATA = new URL('../../shared/datasets/', import.meta.url)
const OUT = new URL('../src/models/refusal.generated.ts', import.meta.url)

export const SETTINGS = {
  kinds: 3, // word unigrams | word bigrams: a fixed two features a word, so a window's count is exact
  bits: 17,
  epochs: 6,
  learningRate: 0.2,
  l2: 1e-6,
  seed: 20261123,
  calibrationShare: 0.25,
  benignCompliance: 2000,
  l2Combine: 0,
  rules: RULES
}

export const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))

/** GPTFuzz train rows with their split (by question), and benign compliance rows (by id). */
export function trainingRows() {
  const rows = readJsonl(new URL('refusal/gptfuzz_responses.jsonl', DATA))
    .filter((r) => r.split === 'train')
    .map((r) => ({ text: r.text, y: r.label, source: 'gptfuzz', split: heldOut(r.prompt, SETTINGS.calibrationShare, 'refusal') ? 'calibration' : 'train' }))
  let benign = 0
  for (const r of readJsonl(new URL('helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', DATA))) {
    const text = r.chosen.trim()
    REFUSAL.lastIndex = 0
    if (text.length < 40 || REFUSAL.test(text) || benign >= SETTINGS.benignCompliance) continue
    benign++
    rows.push({ text, y: 0, source: 'hh-rlhf', split: heldOut(r.id, SETTINGS.calibrationShare, 'refusal') ? 'calibration' : 'train' })
  }
  return rows
}

const decoder = new TextDecoder()

/** The core with a refusal head installed; `parts(text)` mirrors src/metrics/safety/refusal.ts. */
export async function refusalCore(weights = new Int8Array(1 << SETTINGS.bits)) {
  const core = await loadCore()
  const x = core.exports
  const m = x.vecModelReserve(SETTINGS.bits, 1)
  const install = (q) => {
    new Int8Array(x.memory.buffer, x.vecModelWeights(m), q.length).set(q)
    x.vecModelFlush(m)
  }
  install(weights)
  const [lexPtr, lexLen] = core.write(TRIGGER_LEXICON)
  x.vecModelSet(m, SETTINGS.kinds, 3, 5, 1, lexPtr, lexLen)
  const u32 = (ptr, n) => new Uint32Array(x.memory.buffer, ptr, n)
  return {
    install,
    /** Bucket ids of the opening and of the rest. */
    features(text) {
      const [ptr, len] = core.write(text)
      const r = x.vecScore(ptr, len, m, 3)
      const [, , nFeat, featPtr, featWordPtr] = u32(r, 5)
      const feats = u32(featPtr, nFeat)
      const words = u32(featWordPtr, nFeat)
      const open = []
      const rest = []
      for (let i = 0; i < nFeat; i++) ((words[i] & 0x0fffffff) < OPEN_WORDS ? open : rest).push(feats[i])
      return { open, rest }
    },
    /**
     * Head sums of the opening and the rest, their word counts, and the opening's start and end in string
     * indices. The opening starts at the first word at or after string index `from` (0: the first word).
     */
    sums(text, from = 0) {
      const [ptr, len] = core.write(text)
      const r = x.vecScore(ptr, len, m, 4)
      const [nWords, spanPtr] = u32(r, 2)
      const wordSumPtr = u32(r + 28, 1)[0]
      const total = new Int32Array(x.memory.buffer, r + 32, 1)[0]
      const spans = u32(spanPtr, 2 * nWords)
      let first = 0
      if (from > 0) {
        const fromByte = Buffer.byteLength(text.slice(0, from))
        while (first < nWords && spans[2 * first] < fromByte) first++
      }
      const nOpen = Math.min(nWords - first, OPEN_WORDS)
      const sums = new Int32Array(x.memory.buffer, wordSumPtr, nWords)
      let open = 0
      let before = 0
      for (let w = 0; w < first; w++) before += sums[w]
      for (let w = first; w < first + nOpen; w++) open += sums[w]
      const endByte = first + OPEN_WORDS < nWords ? spans[2 * (first + OPEN_WORDS - 1) + 1] : len
      const cut = decoder.decode(new Uint8Array(x.memory.buffer, ptr, endByte)).length
      return { nWords: nWords - first, nOpen, open, rest: total - open - before, cut, from }
    }
  }
}

/** As src/metrics/safety/refusal.ts: words after the opening at which a helping rest counts fully, and its share. */
const HELP_WORDS = 100
const HELP_SHARE = 0.6

/** Head logit of a window from its sum and word count (2 features a word, the first word 1). */
export const windowLogit = (head, sum, features) => (features > 0 ? head.bias + (head.scale * sum) / Math.sqrt(features) : 0)

/**
 * Refusal phrases in the opening [from, cut) (those before `from`, in a skipped disclaimer, and after the
 * opening do not count), and whether a trigger word comes before the opening's end (the cues are read then).
 */
export function phrases(text, cut, from = 0) {
  let open = 0
  let identity = false
  refusalPhrases(text, (start, _end, _phrase, isIdentity) => {
    if (start < from || start >= cut) return
    if (isIdentity) identity = true
    else open++
  })
  TRIGGER.lastIndex = 0
  const first = TRIGGER.exec(text)
  return { open, identity, triggerInOpening: first !== null && first.index < cut }
}

export function combined(head, s, text, cues = true) {
  const zOpen = windowLogit(head, s.open, 2 * s.nOpen - 1)
  const zRest = windowLogit(head, s.rest, 2 * (s.nWords - s.nOpen))
  const p = phrases(text, s.cut, s.from)
  // As the metric: the opening cues are read only when a trigger word is there (every cue holds one).
  const found = cues && p.triggerInOpening ? openingCues(text, s.from, s.cut) : NO_CUES
  return { zOpen, zRest, x: [zOpen], offset: rulesOffset(p.open, COMPLY_OPENING.test(text), p.identity) + cueOffset(p.open, found) }
}

/**
 * Head sums as the metric reads them: after a self-description or professional disclaimer followed by
 * substance (refusal-cues.ts contentStart), the opening starts where the substance does.
 */
export function readSums(core, text, substance = true) {
  const s = core.sums(text)
  if (!substance || s.nWords === 0) return s
  TRIGGER.lastIndex = 0
  const first = TRIGGER.exec(text)
  if (first === null || first.index >= s.cut) return s
  const from = contentStart(text, s.cut)
  return from > 0 ? core.sums(text, from) : s
}

/** Families for eval/loso.mjs: [family, rows `{ text, y }`]; GPTFuzz (both splits) and the hh-rlhf compliance. */
export function familyRows() {
  const gptfuzz = readJsonl(new URL('refusal/gptfuzz_responses.jsonl', DATA)).map((r) => ({ text: r.text, y: r.label, family: 'gptfuzz' }))
  const hh = trainingRows().filter((r) => r.source === 'hh-rlhf').map((r) => ({ text: r.text, y: 0, family: 'hh-rlhf (compliant answers)' }))
  return [...gptfuzz, ...hh]
}

/** JailbreakBench artifacts (weak LLM-judge labels, MIT): a candidate family, one row per response. */
export function jbbRows() {
  const seen = new Set()
  const out = []
  for (const r of readJsonl(new URL('refusal/jbb_artifacts.jsonl', DATA))) {
    if (typeof r.text !== 'string' || r.text.trim() === '' || seen.has(r.text)) continue
    seen.add(r.text)
    out.push({ text: r.text, y: r.label, family: 'jbb artifacts (weak labels)' })
  }
  return out
}

/**
 * Fit the head on rows `{ text, y, split }` (split 'train' fits the head, 'calibration' the combination
 * with the phrases). Returns the int8 weights, the head's constants and the combination [A, C].
 */
export async function fit(rows) {
  const size = 1 << SETTINGS.bits
  const plain = await refusalCore()
  const examples = []
  for (const r of rows.filter((r) => r.split === 'train')) {
    const { open, rest } = plain.features(r.text)
    if (open.length) examples.push({ feats: open, y: r.y })
    if (rest.length) examples.push({ feats: rest, y: r.y })
  }
  const { w, bias } = trainHashed(examples, size, SETTINGS)
  const { q, scale } = quantize(w)
  const head = { bias, scale }
  const core = await refusalCore(q)
  const scored = rows.map((r) => ({ ...r, ...combined(head, readSums(core, r.text), r.text) }))
  const cal = scored.filter((r) => r.split === 'calibration')
  const pos = cal.filter((r) => r.y === 1).length
  const cw = [cal.length / (2 * (cal.length - pos)), cal.length / (2 * pos)]
  const combine = fitDense(cal.map((r) => ({ x: r.x, y: r.y, weight: cw[r.y] })), SETTINGS.l2Combine)
  return { q, bias, scale, head, core, scored, combine }
}

/**
 * Score 0..100 of a response under a fitted model, as src/metrics/safety/refusal.ts scoreOf computes it
 * (`cues` false: without the opening cues of refusal-cues.ts, as the build before them; `substance` false:
 * the opening always starts at the first word, as before contentStart).
 */
export function scorer({ head, core, combine }, cues = true, substance = cues) {
  return (text) => {
    const s = readSums(core, text, substance)
    if (s.nWords === 0) return 0
    const c = combined(head, s, text, cues)
    const p = 100 * sigmoid(combine[0] * c.zOpen + combine[1] + c.offset)
    const help = Math.min(1, (s.nWords - s.nOpen) / HELP_WORDS) * sigmoid(-c.zRest)
    return p < 50 ? p : 50 + (p - 50) * (1 - HELP_SHARE * help)
  }
}

export async function main() {
  const rows = trainingRows()
  const size = 1 << SETTINGS.bits
  const { q, bias, scale, scored, combine } = await fit(rows)
  const prob = (r) => sigmoid(combine[0] * r.zOpen + combine[1] + r.offset)
  const r4 = (v) => Math.round(v * 1e4) / 1e4
  const report = {}
  for (const split of ['train', 'calibration']) {
    const list = scored.filter((r) => r.split === split)
    const p = list.map(prob)
    report[split] = {
      rows: list.length,
      refusals: list.filter((r) => r.y === 1).length,
      auc: r4(auc(p, list.map((r) => r.y))),
      accuracy: r4(list.filter((r, i) => (p[i] >= 0.5 ? 1 : 0) === r.y).length / list.length),
      openingHeadAuc: r4(auc(list.map((r) => r.zOpen), list.map((r) => r.y)))
    }
  }
  const f = (v) => Number(v.toPrecision(12))
  const payload = {
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    OPEN_WORDS,
    BIAS: f(bias),
    SCALE: f(scale),
    A: f(combine[0]),
    C: f(combine[1]),
    WEIGHTS: Buffer.from(q.buffer, q.byteOffset, q.length).toString('base64'),
    REPORT: report
  }
  const text = generatedModule({
    script: 'scripts/train-refusal.mjs',
    header: `Refusal model: a hashed word + bigram head (int8, ${size} buckets) trained on GPTFuzz
// human-labelled responses (MIT) and hh-rlhf compliant responses (MIT), read over the opening (OPEN_WORDS words)
// and the rest of a response; probability = sigmoid(A * opening logit + C + phrase offsets of refusal-rules.js RULES).`,
    inputs: [
      input(new URL('refusal/gptfuzz_responses.jsonl', DATA)),
      input(new URL('helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', DATA)),
      input(new URL('src/metrics/safety/refusal-rules.ts', ROOT)),
      input(new URL('src/metrics/safety/refusal-cues.ts', ROOT)),
      input(new URL('assembly/vec/features.ts', ROOT))
    ],
    settings: SETTINGS,
    payload,
    types: { REPORT: 'Record<string, Record<string, number>>' }
  })
  writeFileSync(OUT, text)
  console.log(JSON.stringify({ A: payload.A, C: payload.C, report }, null, 2))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
