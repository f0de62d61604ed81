// faithfulness accuracy: BEGIN (WoW) dev split (knowledge passages held out from
// scripts/train-faithfulness.mjs), XSumFaith (never trained or tuned on; BBC text research-only, evaluation
// only) and HaluEval QA (beside its length-only baseline), each beside the simplest overlap baselines:
// unigram precision and ROUGE-2 precision of the response against the context.
import { auc } from '../scripts/lib/logistic.mjs'
import { faithfulnessDevKnowledge } from '../scripts/lib/splits.mjs'
import { fmt, prf, readJsonl, table } from './util.mjs'

export const title = 'faithfulness'

const words = (s) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
/** Share of the response's n-grams found in the context (n = 1: unigram overlap; n = 2: ROUGE-2 precision). */
export function overlap(response, context, n) {
  const grams = (w) => w.slice(0, Math.max(0, w.length - n + 1)).map((_, i) => w.slice(i, i + n).join(' '))
  const r = grams(words(response))
  if (!r.length) return 0
  const c = new Set(grams(words(context)))
  return r.filter((g) => c.has(g)).length / r.length
}

function aucRows(items, litmusScore) {
  const y = items.map((r) => r.y)
  const rows = [['Litmus faithfulness', fmt(auc(items.map(litmusScore), y), 3)]]
  rows.push(['unigram overlap', fmt(auc(items.map((r) => overlap(r.response, r.context, 1)), y), 3)])
  rows.push(['ROUGE-2 precision', fmt(auc(items.map((r) => overlap(r.response, r.context, 2)), y), 3)])
  return rows
}

function thresholds(scores, y) {
  return [30, 50, 70].map((t) => {
    let tp = 0, fp = 0, fn = 0
    scores.forEach((s, i) => {
      if (s >= t && y[i]) tp++
      else if (s >= t) fp++
      else if (y[i]) fn++
    })
    const m = prf(tp, fp, fn)
    return [String(t), fmt(m.p, 3), fmt(m.r, 3), fmt(m.f1, 3)]
  })
}

export async function run({ litmus, datasets }) {
  const score = (r) => litmus.faithfulness({ query: r.query ?? '', response: r.response, context: [{ chunk_text: r.context }] }).score
  // 1. BEGIN dev split.
  const begin = readJsonl(new URL('faithfulness/begin_test_wow.jsonl', datasets))
    .filter((r) => r.label !== 'Generic' && faithfulnessDevKnowledge(r.knowledge))
    .map((r) => ({ response: r.response, context: r.knowledge, query: r.message, y: r.label === 'Fully attributable' ? 1 : 0 }))
  const beginScores = begin.map(score)
  const beginRows = aucRows(begin, (_, i) => beginScores[i])
  const beginAt = thresholds(beginScores, begin.map((r) => r.y))

  // 2. XSumFaith (evaluation only).
  const xsum = readJsonl(new URL('faithfulness/xsumfaith.jsonl', datasets)).filter((r) => r.source?.trim() && r.summary?.trim())
  const xsumItems = xsum.map((r) => ({ response: r.summary, context: r.source, y: r.label_faithful }))
  const explained = xsum.map((r) => litmus.explain('faithfulness', { query: '', response: r.summary, context: [{ chunk_text: r.source }] }))
  const xsumRows = aucRows(xsumItems, (_, i) => explained[i].score)
  const factual = xsumItems.map((r, i) => ({ ...r, y: xsum[i].label_factual, i })).filter((r) => r.y === 0 || r.y === 1)
  const factualRows = aucRows(factual, (r) => explained[r.i].score)
  // Per statement: does the kind Litmus gives a hallucinated statement match an annotated span over it?
  let kinds = 0, kindMatch = 0, flagged = 0, flaggedOverSpan = 0, extrinsicOver = 0
  const kindCounts = { intrinsic: 0, extrinsic: 0 }
  xsum.forEach((r, i) => {
    const spans = r.spans.map((s) => {
      const at = r.summary.indexOf(s.span)
      const start = at >= 0 ? at : Math.max(0, s.start - 1)
      return { type: s.type, start, end: start + s.span.length }
    })
    for (const s of explained[i].statements) {
      const kind = s.label === 'Intrinsic Hallucination' ? 'intrinsic' : s.label === 'Extrinsic Hallucination' ? 'extrinsic' : undefined
      if (!kind) continue
      flagged++
      const over = spans.filter((a) => a.start < s.sentence_span[1] && a.end > s.sentence_span[0])
      if (!over.length) continue
      flaggedOverSpan++
      kinds++
      kindCounts[kind]++
      if (over.some((a) => a.type === kind)) kindMatch++
      if (over.some((a) => a.type === 'extrinsic')) extrinsicOver++
    }
  })

  // 3. HaluEval QA beside its length artifact.
  const halu = readJsonl(new URL('faithfulness/halueval_qa_sample.jsonl', datasets)).map((r) => ({ response: r.answer, context: r.knowledge, query: r.question, y: r.label }))
  const haluRows = aucRows(halu, score)
  haluRows.push(['length only (shorter = correct)', fmt(auc(halu.map((r) => -words(r.response).length), halu.map((r) => r.y)), 3)])

  return `Score = 100 x mean P(supported) over the response's statements; AUC of the score for the positive class.

**BEGIN (Wizard of Wikipedia), dev split** (${begin.length} responses whose knowledge passage is held out from
\`scripts/train-faithfulness.mjs\`; positive = Fully attributable):

${table(['Detector', 'AUC'], beginRows)}

Precision / recall of "attributable" at score thresholds (BEGIN dev):

${table(['Threshold', 'Precision', 'Recall', 'F1'], beginAt)}

**XSumFaith** (${xsumItems.length} summaries with a non-empty article; never trained or tuned on; positive =
majority of annotators found no hallucination, ${xsumItems.filter((r) => r.y).length} rows):

${table(['Detector', 'AUC'], xsumRows)}

Same summaries, positive = majority judged factual (${factual.length} rows with the label):

${table(['Detector', 'AUC'], factualRows)}

Per statement: ${flagged} statements labelled Intrinsic or Extrinsic Hallucination; ${flaggedOverSpan} of them overlap an
annotated hallucination span. Of those, the label's kind matches the kind of an overlapping span for
${kindMatch} (${fmt(kinds ? kindMatch / kinds : 0, 3)}); Litmus said intrinsic ${kindCounts.intrinsic}, extrinsic ${kindCounts.extrinsic} times.
Baseline: always saying extrinsic matches for ${extrinsicOver} (${fmt(kinds ? extrinsicOver / kinds : 0, 3)}).

**HaluEval QA sample** (1,000 answers; positive = correct answer). Hallucinated answers are sentences, correct
ones entity strings, so length alone separates them; read Litmus beside that baseline:

${table(['Detector', 'AUC'], haluRows)}
`
}
