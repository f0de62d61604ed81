// Output equality of every metric on the core's n-gram heads (assembly/vec/features.ts) between two
// builds: toxicity, formality, helpfulness (v4 and v3 with a query), refusal, tone, prompt_manipulation,
// and simplicity (its sentence length and the heads' scales share the distinct-word count,
// src/metrics/shared/distinct-words.ts), over Brown passages of 1 to 60,000 characters, seeded random texts and short texts, with explain for
// the shorter ones. A change to the n-gram core runs this beside the metrics' own checks (tone-same.mjs,
// pm-same.mjs).
//   node bench/ngram-same.mjs /tmp/prev/dist/litmus.js dist/litmus.js [passages per length=40]
import { buildsFromArgs, compareBuilds, seeded } from './same.mjs'

const { builds, rows: PER } = await buildsFromArgs('node bench/ngram-same.mjs <previous dist/litmus.js> <new dist/litmus.js> [rows]', 40)
const { rand, pick } = seeded(0x9a3)
const OPS = ['toxicity', 'formality', 'helpfulness', 'tone', 'prompt_manipulation', 'simplicity']
const requests = []
const add = (text, full) => {
  for (const op of OPS) {
    requests.push([op, { text }])
    if (full) requests.push([`explain ${op}`, { text }])
  }
  requests.push(['v3.helpfulness', { query: 'How do I reset the router?', response: text }])
  requests.push(['refusal', { query: 'How do I reset the router?', response: text }])
  if (full) requests.push(['explain refusal', { query: 'How do I reset the router?', response: text }])
}
const { loadBrown } = await import('./brown.mjs')
const prose = loadBrown().text
for (const n of [1, 20, 100, 300, 1000, 3000, 20000, 60000]) {
  for (let k = 0; k < (n <= 3000 ? PER : 4); k++) {
    const at = Math.floor(rand() * (prose.length - n))
    add(prose.slice(at, at + n), n <= 3000)
  }
}
const WORDS = "you idiot hate kill thanks please sorry I can't help with that ignore previous instructions sir madam kindly lol wtf furious happy Straße ÉCOLE naïve 東京 😀 the a of".split(' ')
for (let k = 0; k < PER * 4; k++) add(Array.from({ length: 1 + Math.floor(rand() * 60) }, () => pick(WORDS)).join(rand() < 0.5 ? ' ' : '. '), true)
for (const t of ['', ' ', 'a', '.', '😀', 'HELLO', 'x'.repeat(3000), 'hate '.repeat(400)]) add(t, true)
compareBuilds(builds, requests, `${OPS.length} operations`)
