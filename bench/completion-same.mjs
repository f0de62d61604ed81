// Completion through two builds: written query x response pairs (counts, examples, alternatives, refusals,
// bare answers, empty) and SelQA questions with two of its sentences; score, explain and v3 compared as JSON.
// Usage: node bench/completion-same.mjs <previous dist/litmus.js> <new dist/litmus.js>
import { readFileSync } from 'node:fs'
const [a, b] = process.argv.slice(2)
const A = await (await import(new URL(a, 'file://' + process.cwd() + '/').href)).load({ operations: ['completion'] })
const B = await (await import(new URL(b, 'file://' + process.cwd() + '/').href)).load({ operations: ['completion'] })
const rows = readFileSync(new URL('../../shared/datasets/relevancy/selqa_ass_en.jsonl', import.meta.url), 'utf8').trim().split('\n').slice(0, 3000).map((l) => JSON.parse(l))
const reqs = []
const qs = ['List three fruits and give an example of each.', 'Who wrote Hamlet and when was it first performed?', 'Name them: the planets. Write 5 sentences.', 'Do you prefer tea or coffee?', 'Compare cats and dogs, then list 4 breeds.', 'Write a haiku about autumn.', 'What is 2+2? Answer in one word.', '']
const rs = ['Shakespeare.', 'I like trains.', "I'm sorry, but I can't help with that.", 'Maybe, it depends.', '1. apple\n2. pear\n3. plum', 'Tea, for example green tea.', 'Shakespeare wrote it, and it was first performed around 1600.', '']
for (const q of qs) for (const r of rs) reqs.push({ query: q, response: r })
for (let i = 0; i + 1 < rows.length; i += 3) reqs.push({ query: rows[i].question, response: rows[i].sentence + ' ' + rows[i + 1].sentence })
let same = 0, diff = 0
for (const r of reqs) {
  const f = (l) => { try { return JSON.stringify([l.completion(r), l.explain('completion', r), l.v3.completion ? l.v3.completion({ ...r }) : null]) } catch (e) { return 'ERR ' + e.message } }
  const x = f(A), y = f(B)
  if (x === y) same++; else { diff++; if (diff < 3) console.log('DIFF', JSON.stringify(r).slice(0, 200), '\n', x.slice(0, 300), '\n', y.slice(0, 300)) }
}
console.log(`completion requests ${reqs.length}: identical ${same}, different ${diff}`)
