// Simplicity on OneStopEnglish (the same articles rewritten at three reading levels), on the topics of
// the dev split (scripts/lib/splits.mjs): no dev topic was read by scripts/train-simplicity.mjs.
import { simplicityDevTopic } from '../scripts/lib/splits.mjs'
import { fmt, readJsonl, table } from './util.mjs'

export const title = 'Simplicity: reading levels of the same article (OneStopEnglish, held-out topics)'

const LEVEL = { ele: 0, int: 1, adv: 2 }
const wordsOf = (text) => text.split(/\s+/).filter((w) => /[a-z]/i.test(w))

export async function run({ litmus, datasets }) {
  const dale = new Set(
    (await import('node:fs')).readFileSync(new URL('lexicons/dale_chall_1995_npm.txt', datasets), 'utf8').split('\n').map((w) => w.trim().toLowerCase())
  )
  // Each system: higher = simpler.
  const systems = {
    'Litmus `simplicity`': (text) => litmus.simplicity({ text }).score,
    'length alone (fewer words = simpler)': (text) => -wordsOf(text).length,
    'Dale-Chall list alone (share of listed words)': (text) => {
      const words = wordsOf(text).map((w) => w.toLowerCase().replace(/[^a-z']/g, ''))
      return words.filter((w) => dale.has(w)).length / Math.max(1, words.length)
    },
    'syllables per word (Flesch term)': (text) => {
      const s = litmus.textStats(text)
      return -s.syllablesPerWord
    }
  }

  const texts = readJsonl(new URL('simplicity/onestopenglish_texts.jsonl', datasets)).filter((t) => simplicityDevTopic(t.topic))
  const topics = new Map()
  for (const t of texts) {
    if (!topics.has(t.topic)) topics.set(t.topic, [])
    topics.get(t.topic)[LEVEL[t.level]] = t.text
  }
  const articles = [...topics.values()].filter((levels) => levels.filter(Boolean).length === 3)

  const pairs = []
  const seen = new Set()
  for (const file of ['adv-ele', 'adv-int', 'ele-int']) {
    for (const r of readJsonl(new URL(`simplicity/onestopenglish_aligned_${file}.jsonl`, datasets))) {
      if (!simplicityDevTopic(r.topic) || r.text_a === r.text_b) continue
      const key = `${r.text_a}\u0000${r.text_b}`
      if (seen.has(key)) continue
      seen.add(key)
      const [easy, hard] = LEVEL[r.level_a] < LEVEL[r.level_b] ? [r.text_a, r.text_b] : [r.text_b, r.text_a]
      pairs.push([easy, hard])
    }
  }

  const rows = Object.entries(systems).map(([name, score]) => {
    const ordered = articles.filter((levels) => {
      const [e, i, a] = levels.map(score)
      return e > i && i > a
    }).length
    // Ties count half: a score that cannot tell the two apart is a coin toss.
    let right = 0
    for (const [easy, hard] of pairs) {
      const se = score(easy)
      const sh = score(hard)
      right += se > sh ? 1 : se === sh ? 0.5 : 0
    }
    return [name, `${fmt((100 * ordered) / articles.length)} %`, `${fmt((100 * right) / pairs.length)} %`]
  })

  return `${articles.length} held-out articles (each at elementary, intermediate and advanced level) and ${pairs.length.toLocaleString('en-US')}
distinct aligned sentence pairs of the same topics (deduplicated; ties count half). "Order" is the share of articles whose three
versions score in the right order; "pairs" the share of aligned pairs where the simpler sentence scores higher. Topics are
split by a hash (\`scripts/lib/splits.mjs\`); training read only the other topics. Reproduce:
\`npm run build && node eval/index.mjs simplicity\`.

${table(['system', 'order (3 levels)', 'pairs (simpler higher)'], rows)}

Length alone orders articles well because OneStopEnglish shortens as it simplifies; Litmus does not use a text's
length (a text and the same text twice score the same) but reads its words and words per sentence (at least 12), fitted
on the training topics' articles and aligned sentence pairs. The aligned pairs often differ by one or two words, or
only in structure.`
}
