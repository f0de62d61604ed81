// Faithfulness: is each statement of the response supported by the context? Statements and their
// supporting context sentences come from the shared grounding (grounding/align.ts); a logistic head
// (src/models/faithfulness.generated.ts, fitted by scripts/train-faithfulness.mjs on BEGIN's train
// split) turns a statement's coverage and exact-evidence mismatches into P(supported).
// Also v3 Faithfulness and v3 Summarization (the same check against v3 context nodes).
// See docs/metrics/faithfulness.md.
import type { RequestOf } from '../../schema/types.js'
import type { Context, Scorer } from '../shared/context.js'
import { ground, wordKey, type Alignment, type Grounding } from './grounding/align.js'
import { bigrams, cjkShare, coverageIn } from './grounding/bigrams.js'
import { contradicts, contradictionFeatures } from './grounding/contradiction.js'
import { installContrast } from './grounding/contrast.js'
import { defineMetric, defineModel, type Evidence, type Explanation } from '../shared/metric.js'
import { vectorsModel } from '../shared/vectors.js'

/** Share of CJK letters in the response from which statements are matched by character bigrams. */
const CJK_SHARE = 0.3

/** Severity when the request gives none: the calibrated boundary, no shift. */
export const DEFAULT_SEVERITY = 0.5
/** Logit taken off P(supported) per unit of severity above the default (strict checks doubt more). */
export const SEVERITY_SHIFT = 4
/** Below the boundary by more than this (in probability), an uncontradicted statement is Extrinsic rather than Unsafe. */
export const UNSAFE_BAND = 0.2

interface FaithfulnessModel {
  /**
   * bias, coverage, exact coverage, unmatched terms (share of 4), word overlap, changed, missing,
   * then grounding/contradiction.ts: negation mismatch, number changed, name changed, contradiction x coverage,
   * word swapped for its contrast
   */
  WEIGHTS: number[]
}

let head: number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

export const faithfulnessModel = defineModel('faithfulness', () => import('../../models/faithfulness.generated.js'), (_ctx, m: FaithfulnessModel) => {
  head = m.WEIGHTS.slice()
})

/** The contrast words (scripts/build-contrast-words.mjs) a swapped-word contradiction is read from. */
export const contrastModel = defineModel('contrast-words', () => import('../../models/contrast-words.generated.js'), (_ctx, m: { CONTRAST: string }) => {
  installContrast(m.CONTRAST, wordKey)
})

export type Label = 'Safe' | 'Unsafe' | 'Intrinsic Hallucination' | 'Extrinsic Hallucination'

/** What the head reads of one statement's alignment. */
export function features(a: Alignment): number[] {
  let changed = 0
  let missing = 0
  for (const m of a.mismatches) {
    if (m.kind === 'changed') changed++
    else if (m.kind === 'missing') missing++
  }
  let total = 0
  let exact = 0
  let unmatched = 0
  for (let j = 0; j < a.match.length; j++) {
    total += a.weight[j]
    if (a.match[j] === 1) exact += a.weight[j]
    if (a.match[j] < 0.5) unmatched++
  }
  return [a.coverage, total > 0 ? exact / total : 0, Math.min(unmatched, 4) / 4, a.wordOverlap, Math.min(changed, 2), Math.min(missing, 2), ...contradictionFeatures(a)]
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x))

/** P(supported) of a statement at `severity`. */
function supported(f: number[], severity: number): number {
  let z = head[0]
  for (let i = 0; i < f.length; i++) z += head[i + 1] * f[i]
  return sigmoid(z - SEVERITY_SHIFT * (severity - DEFAULT_SEVERITY))
}

/**
 * The label: Safe when P(supported) >= 0.5. Otherwise Intrinsic Hallucination when the context holds a
 * conflicting number, date or name, or the opposite negation; Extrinsic Hallucination when P is below
 * 0.5 - UNSAFE_BAND; Unsafe in between: partly supported, not contradicted, but not enough of it found
 * in the context to rely on (treat with care). `probability` is the label's: P for Safe, 1 - P else.
 */
function labelOf(p: number, a: Alignment): { label: Label; probability: number } {
  if (p >= 0.5) return { label: 'Safe', probability: p }
  const contradicted = a.mismatches.some((m) => contradicts(m, a))
  if (contradicted) return { label: 'Intrinsic Hallucination', probability: 1 - p }
  return { label: p < 0.5 - UNSAFE_BAND ? 'Extrinsic Hallucination' : 'Unsafe', probability: 1 - p }
}

const LABELS: Label[] = ['Safe', 'Unsafe', 'Intrinsic Hallucination', 'Extrinsic Hallucination']

/** One statement checked, as `explain` shows it. */
interface Checked {
  alignment: Alignment
  features: number[]
  p: number
}

/**
 * A response checked statement by statement. Per statement only numbers are kept (P(supported), the
 * label, its probability, the best sentence): its alignment is garbage as soon as it is read, so a
 * response of thousands of statements keeps no object per statement or per term through the call.
 * `keep` collects each statement's alignment and features too (explain).
 */
interface Run {
  grounding: Grounding
  count: number
  p: Float64Array
  label: Uint8Array
  probability: Float64Array
  /** Best supporting sentence of each statement (-1: none). */
  best: Int32Array
  checked?: Checked[]
  score: number
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4
const round2 = (x: number) => Math.round(x * 100) / 100

function run(ctx: Context, response: string, chunks: string[], severity: number, keep = false): Run {
  const grounding = ground(ctx, response, chunks)
  // Japanese or Chinese: the tokeniser's words are whole runs of text, so coverage and word overlap are
  // read from character bigrams of the statement found in the context (the set built once per call).
  let context: Set<string> | undefined
  if (cjkShare(response) >= CJK_SHARE) {
    context = new Set()
    for (const c of chunks) for (const g of bigrams(c)) context.add(g)
  }
  const n = grounding.count
  const r: Run = { grounding, count: n, p: new Float64Array(n), label: new Uint8Array(n), probability: new Float64Array(n), best: new Int32Array(n), score: 100 }
  if (keep) r.checked = []
  let sum = 0
  for (let i = 0; i < n; i++) {
    const alignment = grounding.alignStatement(i)
    const f = features(alignment)
    if (context) {
      const cov = coverageIn(grounding.statement(i).text, context)
      f[0] = f[1] = f[3] = cov
      f[2] = 1 - cov
    }
    const p = supported(f, severity)
    const { label, probability } = labelOf(p, alignment)
    r.p[i] = p
    r.label[i] = LABELS.indexOf(label)
    r.probability[i] = probability
    r.best[i] = alignment.support.length ? alignment.support[0].sentence : -1
    r.checked?.push({ alignment, features: f, p })
    sum += p
  }
  // A response that claims nothing claims nothing false.
  if (n) r.score = Math.max(0, Math.min(100, round2((100 * sum) / n)))
  return r
}

type StatementOut = {
  statement: string
  label: Label
  probability: number
  sentence_span: [number, number]
  chunk_id?: string
}

/** Statements as the service returns them; with `ids`, each names the chunk of its best-aligned sentence. */
function statementsOut(r: Run, ids: (string | undefined)[] | undefined): StatementOut[] {
  const out: StatementOut[] = new Array(r.count)
  for (let i = 0; i < r.count; i++) {
    const st = r.grounding.statement(i)
    const o: StatementOut = { statement: st.text, label: LABELS[r.label[i]], probability: round4(r.probability[i]), sentence_span: st.span }
    if (ids) {
      const id = r.best[i] >= 0 ? ids[r.grounding.sentence(r.best[i]).chunk] : undefined
      if (id !== undefined) o.chunk_id = id
    }
    out[i] = o
  }
  return out
}

const scoreFaithfulness: Scorer<'faithfulness'> = (request, ctx) => {
  const r = run(ctx, request.response, request.context.map((c) => c.chunk_text), request.severity ?? DEFAULT_SEVERITY)
  const ids = request.include_citations ? request.context.map((c) => c.chunk_id) : undefined
  return { score: r.score, statements: statementsOut(r, ids) }
}

type V3Request = RequestOf<'v3.faithfulness'>

/** v3: the same check against the context nodes; `chunk_id` carries the node_id with include_citations. */
const scoreV3Faithfulness: Scorer<'v3.faithfulness'> = (request, ctx) => {
  const r = run(ctx, request.response, request.context.map((n) => n.node_text), DEFAULT_SEVERITY)
  const ids = request.include_citations ? request.context.map((n) => n.node_id) : undefined
  return { score: r.score, statements: statementsOut(r, ids) } as ReturnType<Scorer<'v3.faithfulness'>>
}

/** v3 Summarization: consistency of the summary (`response`) with the source nodes, sentence by sentence. */
const scoreSummarization: Scorer<'v3.summarization'> = (request, ctx) => {
  const r = run(ctx, request.response, request.context.map((n) => n.node_text), DEFAULT_SEVERITY)
  return { score: r.score, statements: statementsOut(r, undefined) } as ReturnType<Scorer<'v3.summarization'>>
}

type AnyRequest = RequestOf<'faithfulness'> | V3Request

/**
 * `explain('faithfulness', request)`: per statement, its best supporting context sentence (chunk index,
 * span in the chunk, text), its coverage, the head's features, each term's match (weight = IDF x (match - 1),
 * so unsupported rare words weigh most) and the exact-evidence mismatches (numbers, dates, names, negation).
 */
function explain(ctx: Context): (request: AnyRequest) => Explanation {
  return (request) => {
    const chunks = request.context.map((c) => ('chunk_text' in c ? c.chunk_text : c.node_text))
    const severity = 'severity' in request ? (request.severity ?? DEFAULT_SEVERITY) : DEFAULT_SEVERITY
    const r = run(ctx, request.response, chunks, severity, true)
    const evidence: Evidence[] = []
    const statements = r.checked!.map((c, i) => {
      const st = r.grounding.statement(i)
      const best = c.alignment.support[0]
      const sentence = best ? r.grounding.sentence(best.sentence) : undefined
      const { terms, match, weight } = c.alignment
      for (let j = 0; j < match.length; j++) {
        if (match[j] < 1) evidence.push({ label: `unsupported ${terms.kind(j)}`, span: terms.span(j), string: terms.word(j), weight: round4(weight[j] * (match[j] - 1)) })
      }
      for (const m of c.alignment.mismatches) {
        evidence.push({ label: `${m.kind} ${m.of}${m.against ? ` (context: ${m.against.join(', ')})` : ''}`, span: m.span, string: m.term, weight: -1 })
      }
      return {
        statement: st.text,
        sentence_span: st.span,
        label: LABELS[r.label[i]],
        probability: round4(r.probability[i]),
        supported: round4(c.p),
        coverage: round4(c.alignment.coverage),
        features: c.features.map(round4),
        support: sentence ? { chunk: sentence.chunk, span: sentence.span, text: sentence.text, coverage: round4(best.coverage) } : null,
        mismatches: c.alignment.mismatches
      }
    })
    return { operation: 'faithfulness', score: r.score, evidence, statements }
  }
}

export const faithfulness = defineMetric({
  name: 'faithfulness',
  score: scoreFaithfulness,
  v3: { name: 'v3.faithfulness', score: scoreV3Faithfulness },
  models: [vectorsModel, faithfulnessModel, contrastModel],
  explain
})

export const summarization = defineMetric({
  name: 'v3.summarization',
  score: scoreSummarization,
  models: [vectorsModel, faithfulnessModel, contrastModel]
})
