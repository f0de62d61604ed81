// Emotion-word lists widened through word vectors: each tone's written words (tone-lexicon.ts) are the
// seeds, and a word joins a tone when it is among the nearest neighbours of one of its seeds in GloVe
// (6B, 100-d; PDDL) and AFINN-165 (ODbL) gives it the valence sign of the tone. Deterministic: the
// vectors and the valence list are files, ties are broken by vocabulary rank.
import { readFileSync } from 'node:fs'
import { EMOTION_WORDS, LEXICON_TONES, WIDENED } from '../../build/rules/tone-lexicon.js'

const DATA = new URL('../../../shared/datasets/', import.meta.url)
export const GLOVE = new URL('lexicons/glove6b100d_subtlex_top20k.tsv', DATA)
export const AFINN = new URL('lexicons/afinn165.json', DATA)

let cache = null
/** The GloVe rows (unit length) in SUBTLEX rank order: { words, index: Map word -> row, vec: Float32Array rows x 100 }. */
export function glove() {
  if (cache) return cache
  const lines = readFileSync(GLOVE, 'utf8').split('\n').filter(Boolean)
  const D = 100
  const vec = new Float32Array(lines.length * D)
  const words = []
  lines.forEach((line, r) => {
    const tab = line.indexOf('\t')
    words.push(line.slice(0, tab))
    const xs = line.slice(tab + 1).split(' ')
    let n = 0
    for (let d = 0; d < D; d++) n += xs[d] * xs[d]
    n = Math.sqrt(n) || 1
    for (let d = 0; d < D; d++) vec[r * D + d] = xs[d] / n
  })
  cache = { words, index: new Map(words.map((w, i) => [w, i])), vec, D }
  return cache
}

/**
 * Tone -> added words. `neighbours` nearest words of each seed with cosine >= `minCos`, kept when AFINN
 * rates them with the sign of the tone (the sign of its seeds' mean AFINN rating; a tone whose seeds AFINN
 * does not rate, or rates 0 on average, is not widened). A word near seeds of several tones goes to the
 * tone of the closest seed; words already listed stay where they are. Words among the `minRank` most
 * frequent (SUBTLEX rank) are left out: a frequent word has senses that name no emotion ("good", "sorry",
 * "tired", "wish", "strong"), and a widened word makes its tone present wherever it stands.
 */
export function expandedWords({ neighbours = 10, minCos = 0.6, minRank = 0 } = {}) {
  const { words, index, vec, D } = glove()
  const afinn = JSON.parse(readFileSync(AFINN, 'utf8'))
  const listed = new Set(Object.values(EMOTION_WORDS).flat())
  const best = new Map()
  for (const tone of LEXICON_TONES) {
    const rated = EMOTION_WORDS[tone].filter((w) => afinn[w] !== undefined)
    const mean = rated.reduce((s, w) => s + afinn[w], 0) / (rated.length || 1)
    const sign = Math.sign(mean)
    if (!sign) continue
    for (const seed of EMOTION_WORDS[tone]) {
      const r = index.get(seed)
      if (r === undefined) continue
      const near = []
      for (let j = 0; j < words.length; j++) {
        if (j === r) continue
        let c = 0
        for (let d = 0; d < D; d++) c += vec[r * D + d] * vec[j * D + d]
        if (c >= minCos) near.push([c, j])
      }
      near.sort((a, b) => b[0] - a[0] || a[1] - b[1])
      for (const [c, j] of near.slice(0, neighbours)) {
        const w = words[j]
        if (j < minRank || listed.has(w) || Math.sign(afinn[w] ?? 0) !== sign) continue
        const prev = best.get(w)
        if (!prev || c > prev.c) best.set(w, { tone, c })
      }
    }
  }
  const out = Object.fromEntries(LEXICON_TONES.map((t) => [t, []]))
  for (const [w, { tone }] of [...best].sort((a, b) => index.get(a[0]) - index.get(b[0]))) out[tone].push(w)
  return out
}

/** The added words as lexicon lines (`word\tflags\n`: their tone's bit and WIDENED; they keep their n-grams). */
export const expandedLexicon = (lists) =>
  LEXICON_TONES.flatMap((tone, i) => (lists[tone] ?? []).map((w) => `${w}\t${((1 << i) | WIDENED) >>> 0}\n`)).join('')

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(expandedWords({ neighbours: Number(process.argv[2] ?? 10), minCos: Number(process.argv[3] ?? 0.6), minRank: Number(process.argv[4] ?? 0) }), null, 1))
