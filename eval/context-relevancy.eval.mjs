// context_relevancy accuracy: answer-sentence selection read as "is this one-chunk context relevant to
// the query" on TrecQA dev and WikiQA train (questions with at least one correct sentence). Nothing in
// context relevancy was fitted or tuned on either (its rules have no learned weights; research-use data,
// evaluation only). Beside it: unigram overlap (share of the query's words found in the sentence).
import { auc } from '../scripts/lib/logistic.mjs'
import { overlap } from './faithfulness.eval.mjs'
import { fmt, readJsonl, table } from './util.mjs'

export const title = 'context relevancy'

/** Mean average precision over questions of candidates ranked by score. */
function map(rows, scores) {
  const byQ = new Map()
  rows.forEach((r, i) => {
    if (!byQ.has(r.qid)) byQ.set(r.qid, [])
    byQ.get(r.qid).push([scores[i], r.label])
  })
  let sum = 0
  let n = 0
  for (const items of byQ.values()) {
    if (!items.some(([, y]) => y)) continue
    items.sort((a, b) => b[0] - a[0])
    let hits = 0
    let ap = 0
    items.forEach(([, y], k) => {
      if (y) ap += ++hits / (k + 1)
    })
    sum += ap / hits
    n++
  }
  return sum / n
}

export async function run({ litmus, datasets }) {
  const sections = []
  for (const [name, file] of [
    ['TrecQA dev', 'relevancy/trecqa_dev.jsonl'],
    ['WikiQA train', 'relevancy/wikiqa_train.jsonl']
  ]) {
    let rows = readJsonl(new URL(file, datasets))
    const answered = new Set(rows.filter((r) => r.label === 1).map((r) => r.qid))
    rows = rows.filter((r) => answered.has(r.qid))
    const y = rows.map((r) => r.label)
    const ours = rows.map((r) => litmus.contextRelevancy({ query: r.question, context: [{ chunk_text: r.sentence }] }).score)
    const base = rows.map((r) => overlap(r.question, r.sentence, 1))
    sections.push([name, String(rows.length), fmt(auc(ours, y), 3), fmt(auc(base, y), 3), fmt(map(rows, ours), 3), fmt(map(rows, base), 3)])
  }
  return `Each candidate sentence is a one-chunk context for its question; positive = it answers the question.
Questions without a correct sentence are dropped. MAP ranks each question's candidates by score.

${table(['Set', 'Pairs', 'Litmus AUC', 'unigram overlap AUC', 'Litmus MAP', 'unigram overlap MAP'], sections)}
`
}
