// Output equality of tone between two builds: every request is scored by both builds (same process,
// alternating) and the JSON of the answers compared, so a speed change to the metric (src/metrics/style/
// tone*.ts, the core's multi-class head) can show it changed no score, ranking or evidence.
//   node bench/tone-same.mjs /tmp/prev/dist/litmus.js dist/litmus.js [rows per file=400]
// Requests: tone (all present tones, and named tones), v3.tone and explain over GoEmotions and XED texts
// (../shared/datasets/emotion when present); Brown prose cut into passages of 1 to 60,000 characters; the
// emotion-word fixtures alone and inside prose; seeded random texts of emotion words, repeats and case;
// short and odd texts; then the first requests again.
import { readFileSync } from 'node:fs'
import { buildsFromArgs, compareBuilds, datasetTexts, seeded } from './same.mjs'

const { builds, rows: PER } = await buildsFromArgs('node bench/tone-same.mjs <previous dist/litmus.js> <new dist/litmus.js> [rows]', 400)
const { rand, pick } = seeded(0x70e5)
const TONES = builds[0].tones()

const requests = []
const add = (text, full = true) => {
  requests.push(['tone', { text }])
  if (rand() < 0.3) requests.push(['tone', { text, tones: Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(TONES)) }])
  if (full) {
    requests.push(['v3.tone', { query: 'How was it?', response: text }])
    requests.push(['explain tone', { text }])
  }
}

const { loadBrown } = await import('./brown.mjs')
const prose = loadBrown().text

const DIR = new URL('../../shared/datasets/emotion/', import.meta.url)
const dataTexts = datasetTexts(DIR, PER)
for (const text of dataTexts) add(text)
const dataRows = dataTexts.length

const fixtures = JSON.parse(readFileSync(new URL('../test/fixtures/tone/emotion-words.json', import.meta.url), 'utf8')).map(([t]) => t)
for (const t of fixtures) {
  add(t)
  add(t.toUpperCase())
  const at = Math.floor(rand() * (prose.length - 3000))
  add(prose.slice(at, at + 100 + Math.floor(rand() * 2000)) + ' ' + t)
}

for (const n of [1, 10, 50, 100, 100, 100, 300, 600, 1000, 3000, 10000, 60000]) {
  for (let k = 0; k < (n <= 1000 ? 60 : 6); k++) {
    const at = Math.floor(rand() * (prose.length - n))
    add(prose.slice(at, at + n), n <= 3000)
  }
}

const WORDS = (
  'furious angry livid thrilled excited sad heartbroken disgusted thanks grateful scared terrified nervous ' +
  'surprised shocked disappointed letdown annoyed the a of with your service I am so very not never love ' +
  'lol haha wow sorry why what how great awful good bad thank you please ANGRY Furious curious ' +
  'Москва 東京 😀 café naïve don\'t can\'t it\'s'
).split(' ')
for (let k = 0; k < PER * 2; k++) {
  const out = []
  const n = 1 + Math.floor(rand() * (rand() < 0.7 ? 20 : 300))
  for (let i = 0; i < n; i++) {
    out.push(pick(WORDS))
    const r = rand()
    if (r < 0.08) out.push('.')
    else if (r < 0.1) out.push('!')
    else if (r < 0.11) out.push('?\n')
  }
  add(out.join(' '))
}
for (const t of ['', ' ', '\n\n', 'a', '.', '😀😀', 'Hi', 'sad', 'furious', 'a b c d e', 'x'.repeat(5000), 'angry '.repeat(500), 'a b '.repeat(3000), '. '.repeat(2000), 'I am furious with your service. '.repeat(50)]) add(t)

requests.push(...requests.slice(0, 300))
compareBuilds(builds, requests, `${dataRows} data rows, ${fixtures.length} fixtures`)
