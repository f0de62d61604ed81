// The offline demo: every text metric Litmus implements, recomputed as the user types.
import { load, ValidationError } from '../src/index.js'

const litmus = await load()
const input = document.querySelector<HTMLTextAreaElement>('#text')!
const scores = document.querySelector<HTMLTableSectionElement>('#scores')!
const marked = document.querySelector<HTMLDivElement>('#marked')!

const escape = (s: string) => s.replace(/[&<>]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt' }[c]};`)

function row(name: string, value: string): string {
  return `<tr><th>${name}</th><td>${value}</td></tr>`
}

// Operations that take `{ text }` and answer `{ score }`: one row each.
const SCORES = [
  ['Clarity', 'clarity'],
  ['Simplicity', 'simplicity'],
  ['Toxicity', 'toxicity'],
  ['Helpfulness', 'helpfulness'],
  ['Prompt manipulation', 'prompt_manipulation'],
  ['Formality', 'formality']
] as const

function render(): void {
  const text = input.value
  const rows: string[] = []
  const started = performance.now()
  for (const [label, name] of SCORES) {
    try {
      rows.push(row(label, litmus.evaluate(name, { text }).score.toFixed(1)))
    } catch (e) {
      rows.push(row(label, escape(e instanceof ValidationError ? e.message : String(e))))
    }
  }
  try {
    const tones = litmus.tone({ text }).scores
    rows.push(row('Tone', tones.map((t) => `${t.label} ${t.score.toFixed(0)}`).join(', ') || 'none'))
  } catch (e) {
    rows.push(row('Tone', escape(e instanceof ValidationError ? e.message : String(e))))
  }
  // Stability compares responses: each non-empty line of the text is one.
  const responses = text.split('\n').filter((line) => line.trim() !== '')
  if (responses.length >= 2) {
    const { min, avg } = litmus.stability({ responses: responses.slice(0, 1000) })
    rows.push(row('Stability (lines as responses)', `min ${min}, avg ${avg}`))
  }
  const stats = litmus.textStats(text)
  rows.push(row('Counts', `${stats.sentences} sentences, ${stats.words} words, ${stats.syllables} syllables`))
  const { pii } = litmus.pii({ text })
  const { encodings } = litmus.inputType({ text })
  rows.push(row('PII', pii.map((e) => `${e.category}: ${escape(e.string)}`).join('<br>') || 'none'))
  rows.push(row('Encoded segments', encodings.map((e) => `${e.label}: ${escape(e.string)}`).join('<br>') || 'none'))
  rows.push(row('Time', `${(performance.now() - started).toFixed(2)} ms`))
  scores.innerHTML = rows.join('')

  // Spans are [start, end) string indices, so slicing the text marks them exactly.
  const spans = [
    ...pii.map((e) => ({ at: e.interval, cls: 'pii', title: e.category })),
    ...encodings.map((e) => ({ at: e.span, cls: 'enc', title: e.label }))
  ].sort((a, b) => a.at[0] - b.at[0])
  let html = ''
  let pos = 0
  for (const { at, cls, title } of spans) {
    if (at[0] < pos) continue
    html += escape(text.slice(pos, at[0])) + `<mark class="${cls}" title="${title}">${escape(text.slice(at[0], at[1]))}</mark>`
    pos = at[1]
  }
  marked.innerHTML = html + escape(text.slice(pos))
}

input.addEventListener('input', render)
render()
