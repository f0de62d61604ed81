// Trains the prompt-manipulation head (src/models/prompt-manipulation.generated.ts): hashed n-gram
// features (assembly/vec/features.ts) into an int8 logistic head, Platt-calibrated with the pattern
// evidence of src/metrics/prompt-manipulation-rules.js in place.
//
//   npm run build:wasm && node scripts/train-prompt-manipulation.mjs
//
// Bucket ids come from the compiled core (`vecScore` with WANT_FEATURES), so training == inference.
// Deterministic: splits by hash of the text, fixed-seed shuffles; two runs write the same bytes.
//
// Data (all "may ship"): deepset/prompt-injections train split (Apache-2.0; English and German; the five
// "I want you to act as ..." rows it labels as injections are left out: Litmus's policy is that a role
// is an attack only when it is defined by what it may not refuse), jackhhao/llm-warden train split (MIT),
// half of awesome-chatgpt-prompts (CC0; the other half, picked by hash, is evaluation only), and the
// benign trigger-word prompts of scripts/prompt-manipulation-negatives.mjs (written for Litmus).
// 20 % of the data rows (by hash) calibrate; the written negatives only train.
// Test splits (deepset test, jackhhao test), giskard, bipia and every other evaluation set are never read.
import { readFileSync, writeFileSync } from 'node:fs'
import { analyse, TRIGGER, TRIGGER_WORDS, WHOLE, windowsOf } from '../src/metrics/prompt-manipulation-rules.js'
import { loadCore } from './lib/core.mjs'
import { platt, quantize, sigmoid, trainHashed } from './lib/logistic.mjs'
import { generatedModule, input } from './lib/manifest.mjs'
import { heldOut, manipulationAwesomeDev, manipulationCalibration } from './lib/splits.mjs'
import { NEGATIVES } from './prompt-manipulation-negatives.mjs'

const ROOT = new URL('../', import.meta.url)
const DATA = new URL('../../shared/datasets/injection/', import.meta.url)
const DATA_ALL = new URL('../../shared/datasets/', import.meta.url)
const OUT = new URL('../src/models/prompt-manipulation.generated.ts', import.meta.url)

export const SETTINGS = { kinds: 7, bits: 18, cmin: 3, cmax: 5, epochs: 6, learningRate: 0.2, l2: 1e-6, seed: 20241123, calibrationShare: 0.2, ordinaryPrompts: 1500 }

const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
/** deepset rows Litmus's role-play policy does not count as attacks (awesome-chatgpt-prompts style roles). */
export const rolePlay = (text) => /^\s*i want you to act as\b/i.test(text)

export function lexicon() {
  return [...new Set(TRIGGER_WORDS)].sort().map((w) => `${w}\t${TRIGGER}`).join('\n') + '\n'
}

/** Training and calibration rows. */
export function trainingRows() {
  const rows = []
  for (const r of readJsonl(new URL('deepset.jsonl', DATA))) {
    if (r.split !== 'train' || (r.label === 1 && rolePlay(r.text))) continue
    rows.push({ text: r.text, y: r.label, source: 'deepset' })
  }
  for (const r of readJsonl(new URL('jackhhao_jailbreak.jsonl', DATA))) if (r.split === 'train') rows.push({ text: r.text, y: r.label, source: 'jackhhao' })
  for (const r of readJsonl(new URL('awesome_chatgpt_prompts.jsonl', DATA))) if (!manipulationAwesomeDev(r.text)) rows.push({ text: r.text, y: r.label, source: 'awesome' })
  // Ordinary user requests (the first human turn of Anthropic hh-rlhf helpful-rejection-sampled test
  // dialogues, MIT): without them the head knows short benign prompts only from deepset's questions.
  // The evaluation reads a different file (helpful-base).
  for (const r of readJsonl(new URL('helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', DATA_ALL)).slice(0, SETTINGS.ordinaryPrompts)) {
    const text = /Human:\s*([\s\S]*?)(?:\n\nAssistant:|$)/.exec(r.prompt)?.[1]?.trim()
    if (text) rows.push({ text, y: 0, source: 'hh-rlhf' })
  }
  for (const r of rows) r.split = manipulationCalibration(r.text) ? 'calibration' : 'train'
  for (const text of NEGATIVES) rows.push({ text, y: 0, source: 'written', split: 'train' })
  return rows
}

/** The core with one model installed; features, head and decoding as src/metrics/prompt-manipulation.ts does them. */
export async function manipulationCore(weights) {
  const core = await loadCore()
  const x = core.exports
  const m = x.vecModelReserve(SETTINGS.bits, 1)
  if (weights) new Uint8Array(x.memory.buffer).set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), x.vecModelWeights(m))
  const lex = lexicon()
  const [lp, ll] = core.write(lex)
  x.vecModelSet(m, SETTINGS.kinds, SETTINGS.cmin, SETTINGS.cmax, 1, lp, ll)
  const dec = new TextDecoder()
  const features = (text) => {
    const [p, n] = core.write(text)
    const r = x.vecScore(p, n, m, 1)
    const u = new Uint32Array(x.memory.buffer, r, 9)
    return Array.from(new Uint32Array(x.memory.buffer, u[3], u[2]))
  }
  const headOf = (model) => (text) => {
    const [p, n] = core.write(text)
    const r = x.vecScore(p, n, m, 0)
    const u = new Uint32Array(x.memory.buffer, r, 9)
    const sum = new Int32Array(x.memory.buffer, r + 32, 1)[0]
    let windows = null
    if (u[5] > 0 && text.length > WHOLE) {
      if (n !== text.length) x.utf16Offsets(p, n, u[1], u[0] * 2)
      windows = windowsOf(text.length, new Uint32Array(x.memory.buffer, u[1], u[0] * 2), new Uint32Array(x.memory.buffer, u[6], u[5] * 2), u[5])
    }
    return { raw: model.bias + (u[2] > 0 ? (model.scale * sum) / Math.sqrt(u[2]) : 0), trigger: u[5] > 0, windows }
  }
  const decoder = (text) => () => {
    const [p, n] = core.write(text)
    const count = x.encodingsDecode(p, n)
    if (count === 0) return []
    const spans = new Uint32Array(x.memory.buffer, x.encodingsSpans(), count * 2).slice()
    const labels = new Uint32Array(x.memory.buffer, x.encodingsLabels(), count).slice()
    const d = new Uint32Array(x.memory.buffer, x.encodingsDecoded(), count * 2).slice()
    const bytes = new Uint8Array(x.memory.buffer)
    const prefix = Buffer.from(text)
    const out = []
    for (let i = 0; i < count; i++) {
      const start = prefix.subarray(0, spans[2 * i]).toString().length
      const end = prefix.subarray(0, spans[2 * i + 1]).toString().length
      out.push({ label: ['base64', 'base32', 'hex', 'binary', 'decimal', 'percent', 'unicode_escape'][labels[i]], span: [start, end], text: dec.decode(bytes.slice(d[2 * i], d[2 * i] + d[2 * i + 1])) })
    }
    return out
  }
  const setWeights = (q) => {
    new Uint8Array(x.memory.buffer).set(new Uint8Array(q.buffer, q.byteOffset, q.length), x.vecModelWeights(m))
    x.vecModelFlush(m)
  }
  return { features, headOf, decoder, setWeights, lexicon: lex }
}

export async function main() {
  const rows = trainingRows()
  const core = await manipulationCore(null)
  const size = 1 << SETTINGS.bits
  const trainSet = rows.filter((r) => r.split === 'train').map((r) => ({ y: r.y, feats: core.features(r.text) }))
  const { w, bias } = trainHashed(trainSet, size, SETTINGS)
  const { q, scale } = quantize(w)
  core.setWeights(q)
  const model = { bias, scale }
  const head = core.headOf(model)
  const cal = rows.filter((r) => r.split === 'calibration').map((r) => {
    const a = analyse(r.text, head, core.decoder(r.text), false)
    return { y: r.y, z: a.z, r: a.offset }
  })
  const { a, c } = platt(cal)
  const f = (v) => Number(v.toPrecision(12))
  const payload = {
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    CMIN: SETTINGS.cmin,
    CMAX: SETTINGS.cmax,
    BIAS: f(bias),
    SCALE: f(scale),
    A: f(a),
    C: f(c),
    WEIGHTS: Buffer.from(q.buffer, q.byteOffset, q.length).toString('base64'),
    LEXICON: core.lexicon
  }
  const calAcc = cal.filter((r) => (sigmoid(a * r.z + c + r.r) >= 0.5 ? 1 : 0) === r.y).length / cal.length
  const counts = {}
  for (const r of rows) counts[`${r.source}:${r.split}:${r.y}`] = (counts[`${r.source}:${r.split}:${r.y}`] ?? 0) + 1
  const inputs = [
    input(new URL('deepset.jsonl', DATA)),
    input(new URL('jackhhao_jailbreak.jsonl', DATA)),
    input(new URL('awesome_chatgpt_prompts.jsonl', DATA)),
    input(new URL('helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', DATA_ALL)),
    input(new URL('scripts/prompt-manipulation-negatives.mjs', ROOT)),
    input(new URL('src/metrics/prompt-manipulation-rules.js', ROOT)),
    input(new URL('assembly/vec/features.ts', ROOT))
  ]
  const src = generatedModule({
    script: 'scripts/train-prompt-manipulation.mjs',
    header: `Prompt-manipulation head: hashed n-grams into ${size} buckets, int8 logistic weights trained on deepset/prompt-injections (Apache-2.0), jackhhao/llm-warden (MIT), awesome-chatgpt-prompts (CC0) and Litmus's written negatives; Platt-calibrated with src/metrics/prompt-manipulation-rules.js in place. Head logit = BIAS + SCALE * sum / sqrt(features); probability = sigmoid(A * logit + C + rules).`,
    inputs,
    settings: { ...SETTINGS, rows: counts, calibrationAccuracy: Math.round(calAcc * 1e4) / 1e4 },
    payload
  })
  writeFileSync(OUT, src)
  console.log(JSON.stringify({ counts, a, c, calibrationAccuracy: calAcc }, null, 2))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
