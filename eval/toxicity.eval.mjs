// toxicity accuracy: the Surge set (dev only: never trained or tuned on), the failure classes of
// keyword filters, the category table and the dialect measurement, beside a keyword-list baseline and
// the JavaScript packages a user would pick (obscenity, bad-words).
//
// Fixture tables (test/fixtures/toxicity/) were written before any rule, and their results were first
// looked at once the rules were built (docs/metrics/toxicity.md lists what changed after).
import { readFileSync } from 'node:fs'
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity'
import { Filter } from 'bad-words'
import { LISTS } from '../scripts/toxicity-lexicon.mjs'
import { FLAGS } from '../build/rules/toxicity-rules.js'
import { auc } from '../scripts/lib/logistic.mjs'
import { fmt, prf, readJsonl, table } from './util.mjs'

export const title = 'toxicity'

const FIXTURES = new URL('../test/fixtures/toxicity/', import.meta.url)
const fixture = (name) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'))

// The simplest baseline: any word of a profanity / insult / slur list (Litmus's own lists).
const KEYWORDS = new Set(LISTS.filter(([, f]) => f & (FLAGS.PROF | FLAGS.INSULT | FLAGS.SLUR)).flatMap(([words]) => words))
export const keyword = (text) => text.toLowerCase().split(/[^a-z0-9'’*]+/).some((t) => KEYWORDS.has(t))

/** Detectors as (text) => score in 0..100 (the binary peers give 0 or 100). */
export function detectors(litmus) {
  const obscenity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers })
  const badWords = new Filter()
  return [
    ['Litmus toxicity', (text) => litmus.toxicity({ text }).score],
    ['keyword list', (text) => (keyword(text) ? 100 : 0)],
    ['obscenity', (text) => (obscenity.hasMatch(text) ? 100 : 0)],
    ['bad-words', (text) => (badWords.isProfane(text) ? 100 : 0)]
  ]
}

function binary(scores, labels, at) {
  let tp = 0, fp = 0, fn = 0, ok = 0
  for (let i = 0; i < scores.length; i++) {
    const hit = scores[i] >= at
    if (hit === (labels[i] === 1)) ok++
    if (hit && labels[i]) tp++
    else if (hit) fp++
    else if (labels[i]) fn++
  }
  return { ...prf(tp, fp, fn), acc: ok / scores.length }
}

export async function run({ litmus, datasets }) {
  const dets = detectors(litmus)
  const surge = readJsonl(new URL('toxicity/surge_toxicity.jsonl', datasets))
  const labels = surge.map((r) => r.label)

  // 1. Surge dev set.
  const surgeRows = []
  const thresholdRows = []
  for (const [name, fn] of dets) {
    const scores = surge.map((r) => fn(r.text))
    const b = binary(scores, labels, 50)
    surgeRows.push([name, fmt(auc(scores, labels), 3), fmt(b.acc, 3), fmt(b.p, 3), fmt(b.r, 3), fmt(b.f1, 3)])
    if (name === 'Litmus toxicity') {
      for (const at of [30, 50, 70]) {
        const t = binary(scores, labels, at)
        thresholdRows.push([String(at), fmt(t.p, 3), fmt(t.r, 3), fmt(t.f1, 3), fmt(t.acc, 3)])
      }
    }
  }

  // 2. Failure classes: benign rows must score below 50, their toxic counterparts 50 or more.
  const classes = fixture('failure-classes.json')
  const NAMES = {
    identity: 'identity term alone',
    negation: 'negated hate',
    counter: 'counter-speech quoting an insult',
    emphasis: 'profanity for emphasis'
  }
  const failureRows = []
  for (const [cls, rows] of Object.entries(classes)) {
    const cells = [NAMES[cls], `${rows.filter((r) => !r[1]).length} + ${rows.filter((r) => r[1]).length}`]
    for (const [, fn] of dets) {
      const benign = rows.filter((r) => !r[1])
      const toxic = rows.filter((r) => r[1])
      const b = benign.filter((r) => fn(r[0]) < 50).length / benign.length
      const t = toxic.filter((r) => fn(r[0]) >= 50).length / toxic.length
      cells.push(`${fmt(b * 100, 0)} % / ${fmt(t * 100, 0)} %`)
    }
    failureRows.push(cells)
  }

  // 3. Category table.
  const cats = fixture('categories.json')
  const catRows = []
  const results = cats.map((r) => litmus.toxicity({ text: r[0] }))
  {
    const scores = results.map((x) => x.score)
    const y = cats.map((r) => r[1])
    const b = binary(scores, y, 50)
    catRows.push(['overall (toxic)', String(y.filter(Boolean).length), fmt(auc(scores, y), 3), fmt(b.p, 3), fmt(b.r, 3), fmt(b.f1, 3)])
  }
  for (const c of ['obscene', 'insult', 'threat', 'identity_attack', 'sexual_explicit']) {
    const y = cats.map((r) => (r[2].split(',').includes(c) ? 1 : 0))
    const scores = results.map((x) => x.scores.find((s) => s.label === c).score)
    const b = binary(scores, y, 50)
    catRows.push([c, String(y.filter(Boolean).length), fmt(auc(scores, y), 3), fmt(b.p, 3), fmt(b.r, 3), fmt(b.f1, 3)])
  }

  // 4. Dialect: benign dialect sentences flagged, and the training script's before / after measurement.
  const dialect = fixture('dialect.json')
  const dialectCells = dets.map(([, fn]) => `${fmt((dialect.filter((t) => fn(t) >= 50).length / dialect.length) * 100, 0)} %`)
  return `
**Surge toxicity** (\`toxicity/surge_toxicity.jsonl\`, ${surge.length} rows, ${labels.filter(Boolean).length} toxic;
several platforms). Dev only: nothing was trained, tuned or calibrated on it. Litmus's score at the
default threshold 50; the other detectors are yes/no (AUC of a yes/no detector is (TPR + TNR) / 2).
The keyword list is Litmus's own profanity, insult and slur lists matched as words.

${table(['Detector', 'AUC', 'Accuracy', 'Precision', 'Recall', 'F1'], surgeRows)}

Litmus at other thresholds (Surge):

${table(['Threshold', 'Precision', 'Recall', 'F1', 'Accuracy'], thresholdRows)}

**Failure classes of keyword filters** (\`test/fixtures/toxicity/failure-classes.json\`, written before the
rules). Each cell: benign rows scored below 50 / toxic counterparts scored 50 or more.

${table(['Class', 'Rows (benign + toxic)', ...dets.map(([n]) => n)], failureRows)}

**Categories** (\`test/fixtures/toxicity/categories.json\`, ${cats.length} sentences written and labelled for
Litmus before the rules; first looked at once the rules were built, see docs/metrics/toxicity.md for what
changed after). A row's category score against its labels; precision / recall at 50.

${table(['Category', 'Rows with it', 'AUC', 'Precision', 'Recall', 'F1'], catRows)}

**Dialect bias.** Davidson's "offensive" class over-labels African-American English. Litmus neutralises
dialect markers and identity terms in the learned head (they emit no feature) and trains on many
sources beside Davidson, each family weighted equally (docs/metrics/toxicity.md has the leave-one-source-out
table). Benign dialect sentences flagged by each detector: ${dets.map(([n], i) => `${n} ${dialectCells[i]}`).join(', ')}.
`
}
