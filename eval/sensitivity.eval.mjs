// sensitivity accuracy: per-topic AUC on the labelled topic set (test/fixtures/sensitivity/, built by
// scripts/sensitivity-eval-data.mjs from Stack Exchange communities and OneStopEnglish articles), beside
// the simplest baseline: the topic word (or phrase) or its plural appears in the text. TUNE topics are
// the ones the settings and the logistic map were fitted on; HELDOUT topics were never used for tuning,
// and their rows are the accuracy to quote.
import { readFileSync } from 'node:fs'
import { fmt, prf, readJsonl, table } from './util.mjs'

export const title = 'sensitivity'

const FIX = new URL('../test/fixtures/sensitivity/', import.meta.url)

/** Area under the ROC curve (ties count half). */
export function auc(pos, neg) {
  let s = 0
  for (const p of pos) for (const n of neg) s += p > n ? 1 : p === n ? 0.5 : 0
  return s / (pos.length * neg.length)
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The baseline: the topic as given, or it plus s / es, as whole words, any case. */
export const keywordMatcher = (topic) => new RegExp(`\\b${escape(topic)}(?:s|es)?\\b`, 'i')

export async function run({ litmus }) {
  const texts = new Map(readJsonl(new URL('texts.jsonl', FIX)).map((r) => [r.id, r.text]))
  const topics = JSON.parse(readFileSync(new URL('topics.json', FIX), 'utf8'))
  const rows = []
  const mean = { tune: [0, 0, 0], heldout: [0, 0, 0] }
  const pooled = [] // held-out [score, label]
  for (const t of topics) {
    const kw = keywordMatcher(t.topic)
    const ours = (id) => litmus.sensitivity({ text: texts.get(id), topics: [t.topic] }).scores[0].score
    const base = (id) => (kw.test(texts.get(id)) ? 100 : 0)
    const pos = t.positives.map(ours)
    const neg = t.negatives.map(ours)
    const a = auc(pos, neg)
    const b = auc(t.positives.map(base), t.negatives.map(base))
    mean[t.split][0] += a
    mean[t.split][1] += b
    mean[t.split][2]++
    if (t.split === 'heldout') for (const [s, y] of [...pos.map((s) => [s, 1]), ...neg.map((s) => [s, 0])]) pooled.push([s, y])
    rows.push([t.topic, t.split, t.source === 'se' ? 'Stack Exchange' : 'OneStopEnglish', `${t.positives.length} / ${t.negatives.length}`, fmt(a, 3), fmt(b, 3)])
  }
  rows.sort((p, q) => (p[1] === q[1] ? 0 : p[1] === 'heldout' ? -1 : 1))
  const meanRows = ['heldout', 'tune'].map((s) => [s, String(mean[s][2]), fmt(mean[s][0] / mean[s][2], 3), fmt(mean[s][1] / mean[s][2], 3)])
  const thresholdRows = [30, 50, 70].map((at) => {
    let tp = 0, fp = 0, fn = 0
    for (const [s, y] of pooled) {
      if (s >= at && y) tp++
      else if (s >= at) fp++
      else if (y) fn++
    }
    const r = prf(tp, fp, fn)
    return [String(at), fmt(r.p, 3), fmt(r.r, 3), fmt(r.f1, 3)]
  })
  return `
Labelled topic set (test/fixtures/sensitivity/, scripts/sensitivity-eval-data.mjs): ${topics.length} topics, each with
its positives (texts from the community / articles of that topic) and 60 negatives (texts of the other
topics of the same source). Baseline: the topic as given, or its plural, appears as whole words.

Mean AUC per topic:

${table(['Topics', 'Count', 'Litmus sensitivity', 'keyword baseline'], meanRows)}

Per topic:

${table(['Topic', 'Split', 'Source', 'Positives / negatives', 'Litmus AUC', 'keyword AUC'], rows)}

Held-out topics pooled (positives are a third of the rows), by threshold:

${table(['Threshold', 'Precision', 'Recall', 'F1'], thresholdRows)}
`
}
