// answer_relevancy accuracy as answer-sentence selection: for each question, rank its candidate sentences
// by the score of (query = question, response = sentence) and report mean average precision and mean
// reciprocal rank, beside the word-count baseline (shared non-stop words, as in Yih et al. 2013).
// Methods were chosen on trecqa_train and half of the WikiQA questions (scripts/lib/splits.mjs
// `relevancyHeldQuestion`); trecqa_dev and the other WikiQA half are the held-out figures.
// Questions with no correct sentence (or no wrong one) are dropped, as is usual for MAP / MRR.
import { relevancyHeldQuestion } from '../scripts/lib/splits.mjs'
import { fmt, readJsonl, table } from './util.mjs'

export const title = 'answer_relevancy'

const STOP = new Set(
  'a an the of to in on at by for with from as is are was were be been and or but what who whom whose which when where why how do does did it its this that these those there their they he she his her i you we ? , . `` \'\' \'s -lrb- -rrb- <num>'.split(' ')
)
const toks = (s) => s.toLowerCase().split(/\s+|(?=[?,.!;:])/).filter((t) => t && !STOP.has(t))

/** Word-count baseline: how many distinct non-stop question words the sentence holds. */
export function wordCount(question, sentence) {
  const s = new Set(toks(sentence))
  return new Set(toks(question).filter((t) => s.has(t))).size
}

/** MAP and MRR of `score(question, sentence)` over the questions with both labels. */
export function rank(rows, score) {
  const byQ = new Map()
  for (const r of rows) {
    if (!byQ.has(r.qid)) byQ.set(r.qid, [])
    byQ.get(r.qid).push(r)
  }
  let ap = 0
  let rr = 0
  let n = 0
  for (const cands of byQ.values()) {
    const pos = cands.filter((c) => c.label === 1).length
    if (pos === 0 || pos === cands.length) continue
    // Ties keep the file's order after a stable sort on score, then by a pessimistic tie-break
    // (wrong sentences first), so a constant scorer earns no credit from the order of the file.
    const scored = cands.map((c) => ({ s: score(c.question, c.sentence), y: c.label }))
    scored.sort((a, b) => b.s - a.s || a.y - b.y)
    let hits = 0
    let sum = 0
    let first = 0
    scored.forEach((c, i) => {
      if (c.y === 1) {
        hits++
        sum += hits / (i + 1)
        if (!first) first = i + 1
      }
    })
    ap += sum / pos
    rr += 1 / first
    n++
  }
  return { map: ap / n, mrr: rr / n, n }
}

export async function run({ litmus, datasets }) {
  const wiki = readJsonl(new URL('relevancy/wikiqa_train.jsonl', datasets))
  const sets = [
    ['trecqa_train (method choice)', readJsonl(new URL('relevancy/trecqa_train.jsonl', datasets))],
    ['wikiqa, tuning half (method choice)', wiki.filter((r) => !relevancyHeldQuestion(r.qid))],
    ['trecqa_dev (held out)', readJsonl(new URL('relevancy/trecqa_dev.jsonl', datasets))],
    ['wikiqa, held-out half', wiki.filter((r) => relevancyHeldQuestion(r.qid))]
  ]
  if (process.env.TUNE) sets.splice(2)
  const rows = []
  for (const [name, data] of sets) {
    const ours = rank(data, (q, s) => litmus.answerRelevancy({ query: q, response: s }).score)
    const base = rank(data, wordCount)
    rows.push([name, ours.n, fmt(ours.map, 3), fmt(ours.mrr, 3), fmt(base.map, 3), fmt(base.mrr, 3)])
  }
  return `Answer-sentence selection: each question's candidate sentences ranked by the score; ties broken
pessimistically (wrong sentences first). Targets: MAP 0.75 on TrecQA, 0.65 on WikiQA.

${table(['set', 'questions', 'MAP', 'MRR', 'word count MAP', 'word count MRR'], rows)}
`
}
