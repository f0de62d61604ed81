// Output equality of toxicity between two builds: every request is scored by both builds (same process,
// alternating) and the JSON of the answers compared, so a speed change to the metric or to the
// de-obfuscation it shares with prompt_manipulation (src/metrics/safety/deobfuscate.ts) can show it changed
// no score, category score, span, evidence or de-obfuscated text.
//   node bench/tox-same.mjs /tmp/prev/dist/litmus.js dist/litmus.js [rows per file=300]
// Requests: evaluate (four severities) and explain over the toxicity fixtures (test/fixtures/toxicity), every
// file of ../shared/datasets/toxicity when present, Brown prose cut into passages of 100 characters to 60,000
// (the longer ones past the de-obfuscation limit), seeded texts of hostile and ordinary words written
// with masked letters ("st*pid"), spaced letters ("I h a t e you"), leetspeak ("1d10t", "h8"), "!" for i,
// look-alikes and zero-width characters, the same inside Brown passages, and odd short texts; then the
// first requests again.
import { readdirSync, readFileSync } from 'node:fs'
import { addPassages, buildsFromArgs, compareBuilds, datasetTexts, inPassage, randomText, seeded } from './same.mjs'

const { builds, rows: PER } = await buildsFromArgs('node bench/tox-same.mjs <previous dist/litmus.js> <new dist/litmus.js> [rows]', 300)
const gen = seeded(0x70c5)
const { rand, pick } = gen

const requests = []
const add = (text, full = true) => {
  requests.push(['toxicity', { text, severity: pick([undefined, 0, 0.5, 1]) }])
  if (full) requests.push(['explain toxicity', { text }])
}

// The fixtures: arrays of texts, [text, label, ...] rows, or objects of such lists.
const FIX = new URL('../test/fixtures/toxicity/', import.meta.url)
const texts = (v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? (typeof v[0] === 'string' && v.length <= 3 && typeof v[1] === 'number' ? [v[0]] : v.flatMap(texts)) : v && typeof v === 'object' ? Object.values(v).flatMap(texts) : [])
let fixtures = 0
for (const f of readdirSync(FIX).filter((f) => f.endsWith('.json')).sort()) {
  for (const t of texts(JSON.parse(readFileSync(new URL(f, FIX), 'utf8')))) {
    add(t)
    fixtures++
  }
}

const { loadBrown } = await import('./brown.mjs')
const prose = loadBrown().text

const DIR = new URL('../../shared/datasets/toxicity/', import.meta.url)
const dataTexts = datasetTexts(DIR, PER)
for (const text of dataTexts) add(text)
const dataRows = dataTexts.length

// Brown prose (past 4,096 characters toxicity does not de-obfuscate).
addPassages(gen, prose, [100, 100, 100, 300, 1000, 3000, 4096, 4097, 10000, 60000], 4097, add)

// Random texts with obfuscations.
const WORDS = (
  'you are an idiot stupid moron I hate you kill go die loser shut up fuck shit bitch asshole ' +
  'st*pid f**k sh*t a**hole b*tch id*ot *really* note* 5*3 b*c *p i d i o t I h a t e you h a t e ' +
  'i-d-i-o-t s.t.u.p.i.d U.S.S.R. I. A. P. A. 1d10t h8 gr8 h8ers l8r 8itch 4th 10km mp3 gpt4 covid19 ' +
  'id!ot b!tch Wow!That іdіоt ѕtupid id\u200biot ＩＤＩＯＴ 𝐢𝐝𝐢𝐨𝐭 the a of to in and was were ' +
  'people women Muslims immigrants gay black Jewish are is not never great love thanks friend'
).split(' ')
const MARKS = [[0.08, '.'], [0.1, '!'], [0.12, '\n']]
for (let k = 0; k < PER * 3; k++) add(randomText(gen, WORDS, 1 + Math.floor(rand() * (rand() < 0.8 ? 20 : 200)), MARKS))
for (let k = 0; k < PER; k++) add(inPassage(gen, prose, () => randomText(gen, WORDS, 3 + Math.floor(rand() * 20), MARKS)))
// Short and odd texts.
for (const t of ['', ' ', '\n\n', 'a', '.', '😀😀', 'Hi', 'st*pid', 'f**k', '1d10t', 'I h a t e you', 'a b c d e', 'A.B.C.D.', 'x'.repeat(5000), 'idiot '.repeat(500), 'a b '.repeat(3000), '* '.repeat(2000), 'h8 '.repeat(1000)]) add(t)

requests.push(...requests.slice(0, 300))
compareBuilds(builds, requests, `${fixtures} fixture texts, ${dataRows} data rows`)
