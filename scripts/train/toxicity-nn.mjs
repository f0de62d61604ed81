// Toxicity capacity experiment (issue 18): a small neural head in place of the hashed n-gram logistic
// head, judged on the leave-one-source-out table (eval/loso.mjs toxicity --candidates nn).
//
// The model (fastText-style, sized to run in the core): the mean of learned 2^BITS x DIM embeddings of
// the very bucket ids the core's n-gram head reads (word unigrams and character 3- to 5-grams, group
// terms and dialect markers emit none), optionally beside the mean GloVe vector of the text's words
// (the 100-d vectors ../shared/datasets/lexicons/glove6b100d_subtlex_top20k.tsv, frozen), then one
// hidden ReLU layer and one output logit. Means, not sums: a text repeated n times has the inputs of the
// text once. At scoring time the words the rules set aside (negated, quoted, emphatic) are dropped from
// both inputs, as the n-gram head drops their learned evidence; the logit is then calibrated with the
// rules and the shortness term exactly as scripts/train-toxicity.mjs calibrates the n-gram head.
//
// Training runs in PyTorch (scripts/train/toxicity-nn.py, /usr/bin/python3, 2 threads, fixed seeds); the
// forward pass used for scoring is the float one below, over the weights the script writes.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rulesOffset, splitJoined, toxicityRules, withSwaps } from '../../build/rules/toxicity-rules.js'
import { deobfuscate } from '../../build/rules/deobfuscate.js'
import { distinctWords } from '../../build/rules/distinct-words.js'
import { plattWith, sigmoid } from '../lib/logistic.mjs'
import { fitRows } from '../lib/loso.mjs'
import { lexiconText, SETTINGS as TOX, shortness } from '../train-toxicity.mjs'

const NOFEAT = 0x80000000
/** The lexicon's neutralised words (the core does not report a word flagged NOFEAT alone). */
let noFeatWords = null
const neutralWords = () =>
  (noFeatWords ??= new Set(lexiconText().split('\n').map((line) => line.split('\t')).filter(([, f]) => f && Number(f) & NOFEAT).map(([word]) => word)))
const GLOVE = new URL('../../../shared/datasets/lexicons/glove6b100d_subtlex_top20k.tsv', import.meta.url)
const PY = new URL('./toxicity-nn.py', import.meta.url)

export const NN = { bits: 16, dim: 16, hidden: 32, glove: true, epochs: 3, lr: 0.02, batch: 512, seed: 20261127 }

let gloveIndex = null
function gloveIds() {
  if (gloveIndex) return gloveIndex
  gloveIndex = new Map()
  readFileSync(GLOVE, 'utf8').split('\n').forEach((line, i) => {
    const tab = line.indexOf('\t')
    if (tab > 0) gloveIndex.set(line.slice(0, tab), i)
  })
  return gloveIndex
}

const dec = new TextDecoder()

/**
 * Inputs of one text: bucket ids (low `bits` bits) and GloVe row ids, with the words the rules set aside
 * dropped when `neutralise`; plus the rule offset and the distinct-word count the calibration reads.
 */
export function inputs(core, m, text, neutralise, bits = NN.bits) {
  const { x } = core
  const ref = core.begin(text)
  const r = x.vecScore(ref.ptr, ref.len, m, 1 | 2)
  const [nWords, spanPtr, nFeat, featPtr, wordPtr, nFlag, flagPtr] = core.u32(r, 8)
  const mem = new Uint8Array(x.memory.buffer)
  const byteSpans = nWords > 0 ? core.u32(spanPtr, nWords * 2).slice() : new Uint32Array(0)
  const distinct = distinctWords(mem, ref.ptr, byteSpans, nWords, TOX.words)
  let flags = core.u32(flagPtr, nFlag * 2).slice()
  let nFlagged = nFlag
  // As the metric: misspellings of listed words (messages up to 4,096 characters).
  if (text.length <= 4096 && core.swaps) ({ flagged: flags, nFlagged } = withSwaps(mem, ref.ptr, byteSpans, nWords, flags, nFlag, core.swaps))
  const feats = core.u32(featPtr, nFeat).slice()
  const featWords = core.u32(wordPtr, nFeat).slice()
  const words = []
  for (let w = 0; w < nWords; w++) words.push(dec.decode(mem.subarray(ref.ptr + byteSpans[2 * w], ref.ptr + byteSpans[2 * w + 1])).toLowerCase())
  if (!ref.ascii && nWords > 0) x.utf16Offsets(ref.ptr, ref.len, spanPtr, nWords * 2)
  const spans = nWords > 0 ? core.u32(spanPtr, nWords * 2) : new Uint32Array(0)
  const ev = toxicityRules(text, spans, flags, nFlagged, false)
  const aside = new Set(neutralise ? [...ev.neutral, ...ev.emphaticWords] : [])
  const mask = (1 << bits) - 1
  const f = []
  for (let i = 0; i < nFeat; i++) if (!aside.has(featWords[i] & 0x0fffffff)) f.push(feats[i] & mask)
  const g = []
  const index = gloveIds()
  for (let w = 0; w < nWords; w++) {
    if (neutralWords().has(words[w]) || aside.has(w)) continue
    const id = index.get(words[w])
    if (id !== undefined) g.push(id)
  }
  return { f, g, nWords, distinct, rules: rulesOffset(ev, 0.5) }
}

/** Float forward pass over the weights the PyTorch script wrote. */
export function forward(w, { f, g }) {
  const { dim, hidden, glove } = w.nn
  const input = new Float64Array(dim + (glove ? 100 : 0))
  if (f.length) {
    for (const b of f) for (let k = 0; k < dim; k++) input[k] += w.emb[b * dim + k]
    for (let k = 0; k < dim; k++) input[k] /= f.length
  }
  if (glove && g.length) {
    for (const id of g) for (let k = 0; k < 100; k++) input[dim + k] += w.glove[id * 100 + k]
    for (let k = 0; k < 100; k++) input[dim + k] /= g.length
  }
  let z = w.b2
  for (let j = 0; j < hidden; j++) {
    let h = w.b1[j]
    for (let k = 0; k < input.length; k++) h += w.w1[j * input.length + k] * input[k]
    if (h > 0) z += w.w2[j] * h
  }
  return z
}

/** Train in PyTorch on `examples` ({ f, g, y, weight }); returns the float weights. */
function train(examples, nn) {
  const dir = mkdtempSync(join(tmpdir(), 'litmus-nn-'))
  try {
    writeFileSync(join(dir, 'in.json'), JSON.stringify({ nn, rows: examples.map((e) => [e.f, e.g, e.y, e.weight]) }))
    const out = spawnSync('/usr/bin/python3', [PY.pathname, join(dir, 'in.json'), join(dir, 'out.bin'), GLOVE.pathname], { stdio: ['ignore', 'inherit', 'inherit'] })
    if (out.status !== 0) throw new Error(`toxicity-nn.py failed (${out.status})`)
    const buf = readFileSync(join(dir, 'out.bin'))
    const all = new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4)
    const inDim = nn.dim + (nn.glove ? 100 : 0)
    let o = 0
    const take = (n) => all.subarray(o, (o += n))
    const emb = take((1 << nn.bits) * nn.dim)
    const w1 = take(nn.hidden * inDim)
    const b1 = take(nn.hidden)
    const w2 = take(nn.hidden)
    const b2 = take(1)[0]
    const glove = nn.glove ? all.subarray(o) : null
    return { nn, emb, w1, b1, w2, b2, glove }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Fit the neural head on `rows` ({ text, y, family }) as scripts/train-toxicity.mjs fits the n-gram head:
 * family weights, the same 20 % calibration rows, the calibration with rules and shortness. Returns a
 * scorer text -> 0..100 (de-obfuscated form scored too, the higher wins, as the metric does).
 */
export function fitNN(core, m, rows, nn = NN) {
  // The n-gram head's split and weights (scripts/lib/loso.mjs fitRows); the inputs are kept on the row.
  const { train: fitted, cal } = fitRows(rows, { kinds: 'nn', bits: nn.bits, calibrationShare: TOX.calibrationShare }, (text) => inputs(core, m, text, false, nn.bits))
  const examples = fitted.map((e) => ({ f: e.feats.f, g: e.feats.g, y: e.y, weight: e.weight }))
  const w = train(examples, nn)
  const points = []
  for (const r of cal) {
    const inp = inputs(core, m, r.text, true, nn.bits)
    if (inp.nWords > 0) points.push({ y: r.y, w: r.weight, z: forward(w, inp), r: inp.rules, x: shortness(inp.distinct) })
  }
  const [a, b, c] = plattWith(points, TOX.prior)
  const one = (t) => {
    const inp = inputs(core, m, t, true, nn.bits)
    return inp.nWords === 0 ? null : a * forward(w, inp) + b * shortness(inp.distinct) + c + inp.rules
  }
  return (text) => {
    let z = one(text)
    const de = text.length <= 4096 ? deobfuscate(text, core.unmask) : null
    if (de) {
      const z2 = one(core.words ? splitJoined(de.text, text, () => core.words) : de.text)
      if (z2 !== null && (z === null || z2 > z)) z = z2
    }
    return z === null ? 0 : 100 * sigmoid(z)
  }
}
