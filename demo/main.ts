// The offline demo: every metric Litmus implements, recomputed as the user types, each score shown with
// its verdict and threshold (src/verdict.ts). Built as one HTML file with the script inlined
// (demo/vite.config.ts), so it also works opened from file://.
import { load, ValidationError, type Evaluator } from '../src/index.js'
import { plural } from '../src/report/html.js'
import { isPercentScale } from '../src/report/summary.js'
import { escapeHtml as escape } from '../src/report/svg.js'
import { ruleOf, verdictOf } from '../src/verdict.js'

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const value = (id: string) => $<HTMLInputElement | HTMLTextAreaElement>(id).value

/** What a row shows: a verdict on a response, a plain text, or why it was not scored. */
type Cell = { op: string; response: Record<string, unknown>; detail?: string } | { text: string } | { missing: string }

/** One row per operation: the label, and how to build its request from the form (or what is missing). */
interface Metric {
  label: string
  op: string
  run: (litmus: Evaluator) => Cell
}

const score = (r: Record<string, unknown>) => r.score as number

/** Context chunks: paragraphs of the context box, separated by blank lines. */
function context(): { chunk_text: string; chunk_id: string }[] {
  return value('context')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((chunk_text, i) => ({ chunk_text, chunk_id: String(i + 1) }))
}

const list = (id: string, by: RegExp) =>
  value(id)
    .split(by)
    .map((s) => s.trim())
    .filter(Boolean)

function needs(fields: Record<string, boolean>): string | undefined {
  const absent = Object.entries(fields)
    .filter(([, present]) => !present)
    .map(([name]) => name)
  return absent.length ? `enter ${absent.join(' and ')} above` : undefined
}

function call(litmus: Evaluator, op: string, body: Record<string, unknown>, missing?: string, detail?: (r: Record<string, unknown>) => string): Cell {
  if (missing) return { missing }
  const response = litmus.evaluate(op as never, body as never) as Record<string, unknown>
  return { op, response, detail: detail?.(response) }
}

const labels = (r: Record<string, unknown>, key = 'scores') =>
  (r[key] as { label: string; score: number }[])
    .filter((s) => s.score >= 1)
    .map((s) => `${s.label} ${s.score.toFixed(0)}`)
    .join(', ') || 'none'

const text = () => value('text')
const query = () => value('query').trim()
const has = {
  text: () => text().trim() !== '',
  query: () => query() !== '',
  context: () => context().length > 0,
  policy: () => value('policy').trim() !== ''
}

const TEXT_METRICS: Metric[] = [
  ...(
    [
      ['Clarity', 'clarity'],
      ['Simplicity', 'simplicity'],
      ['Formality', 'formality'],
      ['Helpfulness', 'helpfulness'],
      ['Toxicity', 'toxicity'],
      ['Prompt manipulation', 'prompt_manipulation']
    ] as const
  ).map(([label, op]) => ({
    label,
    op,
    run: (l: Evaluator) => call(l, op, { text: text() }, undefined, op === 'toxicity' || op === 'prompt_manipulation' ? (r) => labels(r) : undefined)
  })),
  { label: 'Tone', op: 'tone', run: (l) => call(l, 'tone', { text: text() }, undefined, (r) => labels(r)) },
  {
    label: 'Sensitivity',
    op: 'sensitivity',
    run: (l) => {
      const topics = list('topics', /,/).slice(0, 64)
      return call(l, 'sensitivity', { text: text(), topics }, topics.length ? undefined : 'enter topics above', (r) => labels(r))
    }
  },
  {
    label: 'PII',
    op: 'pii',
    run: (l) => call(l, 'pii', { text: text() }, undefined, (r) => (r.pii as { category: string; string: string }[]).map((e) => `${e.category}: ${e.string}`).join(', ') || 'none')
  },
  {
    label: 'Encoded segments',
    op: 'input_type',
    run: (l) => call(l, 'input_type', { text: text() }, undefined, (r) => (r.encodings as { label: string; string: string }[]).map((e) => `${e.label}: ${e.string}`).join(', ') || 'none')
  }
]

// The text box is the response for the metrics that judge an answer.
const ANSWER_METRICS: Metric[] = [
  { label: 'Refusal', op: 'refusal', run: (l) => call(l, 'refusal', { query: query(), response: text() }, needs({ 'a query': has.query() })) },
  { label: 'Answer relevancy', op: 'answer_relevancy', run: (l) => call(l, 'answer_relevancy', { query: query(), response: text() }, needs({ 'a query': has.query() })) },
  { label: 'Completion', op: 'completion', run: (l) => call(l, 'completion', { query: query(), response: text() }, needs({ 'a query': has.query() })) },
  {
    label: 'Adherence',
    op: 'adherence',
    run: (l) => call(l, 'adherence', { policy: value('policy'), response: text() }, needs({ 'a policy': has.policy() }))
  },
  {
    label: 'Faithfulness',
    op: 'faithfulness',
    run: (l) => call(l, 'faithfulness', { query: query(), response: text(), context: context() }, needs({ 'a query': has.query(), context: has.context() }))
  },
  {
    label: 'Context relevancy',
    op: 'context_relevancy',
    run: (l) => call(l, 'context_relevancy', { query: query(), context: context() }, needs({ 'a query': has.query(), context: has.context() }))
  },
  {
    label: 'Stability',
    op: 'stability',
    run: (l) => {
      // The text box and each line of the other responses: one response each.
      const responses = [text(), ...list('responses', /\n/)].slice(0, 1000)
      return call(l, 'stability', { responses }, responses.length >= 2 ? undefined : 'enter other responses above', (r) => `least similar pair ${r.min}, average ${r.avg}`)
    }
  }
]

const int = (id: string) => Number(value(id))

const BUDGET_METRICS: Metric[] = [
  {
    label: 'Cost (USD per call)',
    op: 'cost',
    run: (l) =>
      call(
        l,
        'cost',
        {
          model_provider: value('provider').trim(),
          model_name: value('model').trim(),
          model_type: 'LLM',
          number_of_queries: int('calls'),
          total_prompt_tokens: int('prompt-tokens'),
          total_completion_tokens: int('completion-tokens')
        },
        undefined,
        (r) => `${r.total_project_cost_estimate} USD for 10,000 calls`
      )
  },
  {
    label: 'Carbon (per call)',
    op: 'carbon',
    run: (l) =>
      call(
        l,
        'carbon',
        { provider: value('cloud').trim(), region: value('region').trim(), instance_type: value('instance').trim(), latency: int('latency') },
        undefined,
        (r) => {
          const c = r.carbon as { value: number; unit: string }
          return `${c.value} ${c.unit}`
        }
      )
  }
]

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : Math.abs(n) < 1 ? String(Number(n.toPrecision(3))) : n.toFixed(1)
}

/** A 0..100 bar with the threshold marked; counts and budgets (no fixed top) get none. */
function bar(op: string, gauge: number, threshold: number | null): string {
  if (!isPercentScale(op)) return ''
  const mark = threshold === null ? '' : `<i style="left:${Math.min(100, Math.max(0, threshold))}%"></i>`
  return `<span class="bar"><b style="width:${Math.min(100, Math.max(0, gauge))}%"></b>${mark}</span>`
}

function cell(c: Cell): string {
  if ('missing' in c) return `<td colspan="3" class="muted">${escape(c.missing)}</td>`
  if ('text' in c) return `<td colspan="3">${escape(c.text)}</td>`
  const rule = ruleOf(c.op)!
  const v = verdictOf(c.op, c.response)
  const verdict =
    v.threshold === null ? '<span class="chip none">no threshold</span>' : v.flagged ? '<span class="chip bad">flagged</span>' : '<span class="chip good">passes</span>'
  const limit = v.threshold === null ? 'a budget: no default threshold' : `flagged ${v.flag === 'below' ? 'below' : 'at or above'} ${fmt(v.threshold)}`
  const detail = c.detail ? `<div class="muted">${escape(c.detail)}</div>` : ''
  return `<td class="num"><span class="v">${fmt(v.score)}</span>${bar(c.op, v.score, v.threshold)}${detail}</td><td>${verdict}</td><td class="muted">${escape(rule.gauge)}; ${escape(limit)}</td>`
}

/** A request the form cannot make yet (a field out of range): the first issue, in words. */
function problem(e: unknown): Cell {
  if (e instanceof ValidationError && e.issues.length) {
    const issue = e.issues[0]
    return { missing: `${issue.field}: expected ${issue.expected}` }
  }
  return { missing: e instanceof Error ? e.message : String(e) }
}

function section(title: string, metrics: Metric[], litmus: Evaluator): string {
  const rows = metrics.map((m) => {
    let c: Cell
    try {
      c = m.run(litmus)
    } catch (e) {
      c = problem(e)
    }
    return `<tr data-op="${m.op}"><th>${m.label}</th>${cell(c)}</tr>`
  })
  return `<tr class="group"><th colspan="4">${title}</th></tr>${rows.join('')}`
}

function render(litmus: Evaluator): void {
  const started = performance.now()
  const body: string[] = []
  if (!has.text()) {
    body.push('<tr class="empty"><td colspan="4">Type or paste a text above to score it.</td></tr>')
  } else {
    body.push(section('The text', TEXT_METRICS, litmus), section('The text as an answer', ANSWER_METRICS, litmus))
  }
  body.push(section('Cost and carbon', BUDGET_METRICS, litmus))
  $('scores').innerHTML = body.join('')

  const t = text()
  if (!has.text()) {
    $('counts').textContent = ''
    $('marked').innerHTML = ''
    return
  }
  const stats = litmus.textStats(t)
  $('counts').textContent = `${plural(stats.sentences, 'sentence')}, ${plural(stats.words, 'word')}, ${plural(stats.syllables, 'syllable')}; scored in ${(performance.now() - started).toFixed(1)} ms`
  // Spans are [start, end) string indices, so slicing the text marks them exactly.
  const { pii } = litmus.pii({ text: t })
  const { encodings } = litmus.inputType({ text: t })
  const spans = [
    ...pii.map((e) => ({ at: e.interval, cls: 'pii', title: e.category })),
    ...encodings.map((e) => ({ at: e.span, cls: 'enc', title: e.label }))
  ].sort((a, b) => a.at[0] - b.at[0])
  let html = ''
  let pos = 0
  for (const { at, cls, title } of spans) {
    if (at[0] < pos) continue
    html += escape(t.slice(pos, at[0])) + `<mark class="${cls}" title="${escape(title)}">${escape(t.slice(at[0], at[1]))}</mark>`
    pos = at[1]
  }
  $('marked').innerHTML = html + escape(t.slice(pos))
}

load().then(
  (litmus) => {
    const update = () => render(litmus)
    for (const el of document.querySelectorAll('textarea, input')) el.addEventListener('input', update)
    update()
    document.body.dataset.ready = 'true'
  },
  (e: unknown) => {
    $('scores').innerHTML = `<tr><td class="muted">Litmus could not start in this browser: ${escape(e instanceof Error ? e.message : String(e))}</td></tr>`
  }
)
