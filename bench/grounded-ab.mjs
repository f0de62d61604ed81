// A/B timing of the grounded metrics between two builds of the package, run alternately rep by rep in
// one process (the machine is shared: read the ratios, not the absolute figures). Build the previous
// commit aside and pass its dist/litmus.js first.
//   node --no-liftoff bench/grounded-ab.mjs /tmp/grounded-prev/dist/litmus.js dist/litmus.js [reps=15]
// Faithfulness: a 300-character response against 10 KB and 40 KB of context (linear: the 40 KB time is
// about 4x the 10 KB one, less the statements' fixed part); answer relevancy: one question and a one-sentence response; stability: 100
// responses per call (4,950 pairs); ONLY=relevancy runs the answer relevancy cases alone; faithfulness and v3 summarization on long one-sentence responses.
import { loadBrown } from './brown.mjs'
import { alternate } from './util.mjs'

const args = process.argv.slice(2)
const files = args.filter((a) => !/^\d+$/.test(a))
const reps = Number(args.find((a) => /^\d+$/.test(a)) ?? 15)
const prose = loadBrown().text
const context = (kb) => {
  const text = prose.slice(0, kb * 1024)
  const chunks = []
  for (let i = 0; i < text.length; i += 1000) chunks.push({ chunk_text: text.slice(i, i + 1000) })
  return chunks
}
const ctx10 = context(10)
const ctx40 = context(40)
// A response that restates parts of the context (so alignment does its full work), 300 characters.
const response = (prose.slice(2000, 2150) + ' ' + prose.slice(6000, 6149)).replace(/\s+/g, ' ')
const responses = []
for (let i = 0; responses.length < 100; i += 120) responses.push(prose.slice(i, i + 120))

const chain = (n) => 'we sat by the river and '.repeat(n / 24) + 'home.'
const shortContext = [{ chunk_text: 'We sat by the river.' }]
const shortNodes = [{ node_id: 'n0', node_text: 'We sat by the river.', node_score: 1 }]

// A rep runs a case several times (one call is 0.5 ms: a single call per rep times the timer and the
// collector more than the call), after a warm-up of 10 reps per build, so the optimised code is timed.
const times = (n, f) => (l) => {
  for (let i = 0; i < n; i++) f(l)
}
const CASES = [
  ['faithfulness, 300 chars vs 10 KB', 20, times(20, (l) => l.faithfulness({ query: '', response, context: ctx10 }))],
  ['faithfulness, 300 chars vs 40 KB', 5, times(5, (l) => l.faithfulness({ query: '', response, context: ctx40 }))],
  ['answer relevancy, x100', 100, (l) => { for (let i = 0; i < 100; i++) l.answerRelevancy({ query: 'Who wrote the play Hamlet and when was it first performed?', response: responses[i] }) }],
  // A "what is X" question reads the response's subject and whether it defines X (every tenth response
  // does, in its first words).
  ['answer relevancy, "what is" question, x100', 100, (l) => { for (let i = 0; i < 100; i++) l.answerRelevancy({ query: 'What is a glacier cave?', response: i % 10 ? responses[i] : 'A glacier cave (an ice cave) is a cave formed within a glacier. ' + responses[i] }) }],
  ['stability, 100 responses', 4950, (l) => l.stability({ responses })],
  // One-sentence responses of 64 and 128 KB (an "and" chain of 2,700 and 5,400 clauses, and "a b" words:
  // one statement of 16,000 and 32,000 terms) against a short context: where the grounding once kept an
  // object per word and per statement through the call, and the collector promoted them.
  ['faithfulness, 64 KB "and" chain', 1, (l) => l.faithfulness({ query: 'Where?', response: chain(65_536), context: shortContext })],
  ['v3 summarization, 128 KB "and" chain', 1, (l) => l.v3.summarization({ query: 'Summarise.', response: chain(131_072), context: shortNodes })],
  ['faithfulness, 128 KB "a b"', 1, (l) => l.faithfulness({ query: 'Where?', response: 'a b '.repeat(32_768), context: shortContext })]
]

const builds = []
for (const f of files) builds.push({ file: f, litmus: await (await import(new URL(f, `file://${process.cwd()}/`).href)).load() })
// ONLY=<text>: run only the cases whose name holds it (ONLY=relevancy).
for (const [name, units, work] of CASES.filter(([n]) => n.includes(process.env.ONLY ?? ''))) {
  for (let k = 0; k < 10; k++) for (const b of builds) work(b.litmus)
  for (const { run: b, median: m, ratio, paired } of alternate(builds, work, reps)) {
    const per = name.startsWith('stability') ? `${Math.round((units / m) * 1000).toLocaleString('en')} pairs/s` : `${(m / units).toFixed(3)} ms per call`
    console.log(`${name} | ${b.file} | median ${m.toFixed(2)} ms | ${per} | ${ratio.toFixed(3)}x | paired ${paired.toFixed(3)}x`)
  }
}
