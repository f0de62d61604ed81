// Output equality of the grounded metrics between two builds: every request is scored by both builds
// (same process, alternating) and the JSON of the answers compared, so a speed change to the grounding
// (src/metrics/grounded/grounding/) can show it changed no score, label, span or citation.
//   node bench/grounded-same.mjs /tmp/grounded-prev/dist/litmus.js dist/litmus.js [rows per source=300]
// Requests: faithfulness (with citations, three severities, contexts cut into chunks), explain, v3
// summarization and context relevancy (with chunk scores) over the faithfulness and answer-selection
// sets in ../shared/datasets when present, then seeded random texts (capitals, numbers, dates,
// negations, possessives, accents, Cyrillic, CJK, words of 100+ letters, repeats) and a run of many
// distinct invented words (past any cache of words kept across calls), then the first requests again.
// Then the query-response metrics (answer relevancy, v3 answer relevancy, completion, v3 completion, and
// explain of answer relevancy and completion) over the answer-selection and HaluEval QA sets, seeded
// questions of every answer type with multi-part, counted and formatted queries, Brown prose, long
// repeated texts and CJK, with their own seed (the requests above are the same as before they were added).
import { buildsFromArgs, compareBuilds, jsonlRows, seeded, spread } from './same.mjs'

const { builds, rows: PER } = await buildsFromArgs('node bench/grounded-same.mjs /tmp/grounded-prev/dist/litmus.js dist/litmus.js [rows]', 300)

const DATA = new URL('../../shared/datasets/', import.meta.url)
const jsonl = (p) => jsonlRows(new URL(p, DATA))
// The same requests every run.
const { rand, pick } = seeded(0x5eed)

/** A context cut into chunks of about `size` characters at spaces (ids c0, c1, ...). */
function chunked(text, size) {
  const out = []
  for (let i = 0; i < text.length; ) {
    let j = Math.min(text.length, i + size)
    const sp = text.indexOf(' ', j)
    j = sp < 0 || sp - j > 80 ? j : sp
    out.push({ chunk_id: `c${out.length}`, chunk_text: text.slice(i, j) })
    i = j
  }
  return out.length ? out : [{ chunk_id: 'c0', chunk_text: text }]
}

const requests = []
const faith = (response, context, severity) => {
  requests.push(['faithfulness', { query: '', response, context, severity, include_citations: true }])
  requests.push(['explain faithfulness', { query: '', response, context }])
  requests.push(['v3.summarization', { query: 'Summarise.', response, context: context.map((c, i) => ({ node_id: c.chunk_id, node_text: c.chunk_text, node_score: i })) }])
}
const relevancy = (query, context, severity) => {
  requests.push(['context_relevancy', { query, context, severity, include_chunk_scores: true }])
}

// Data sets.
const FAITH = [
  ['faithfulness/begin_test_wow.jsonl', (r) => [r.response, r.knowledge]],
  ['faithfulness/halueval_qa_sample.jsonl', (r) => [r.answer, r.knowledge]],
  ['faithfulness/breaking_nli_en.jsonl', (r) => [r.hypothesis, r.premise]],
  ['faithfulness/indonli_id.jsonl', (r) => [r.hypothesis, r.premise]],
  ['faithfulness/jnli_ja.jsonl', (r) => [r.hypothesis, r.premise]],
  ['faithfulness/klue_nli_ko.jsonl', (r) => [r.hypothesis, r.premise]],
  ['faithfulness/xsumfaith.jsonl', (r) => [r.summary, r.source]],
  ['faithfulness/climate_fever_en.jsonl', (r) => [r.hypothesis, r.premise]]
]
let dataRows = 0
for (const [file, fields] of FAITH) {
  for (const r of spread(jsonl(file), PER)) {
    const [response, context] = fields(r)
    if (typeof response !== 'string' || typeof context !== 'string' || !response.trim() || !context.trim()) continue
    faith(response, chunked(context, pick([200, 500, 1000, 100000])), pick([0, 0.5, 0.5, 1]))
    relevancy(response, chunked(context, 300), 0.5)
    dataRows++
  }
}
for (const file of ['relevancy/trecqa_dev.jsonl', 'relevancy/wikiqa_train.jsonl', 'relevancy/selqa_ass_en.jsonl', 'relevancy/jsquad_sentsel_ja.jsonl']) {
  const byQ = new Map()
  for (const r of jsonl(file)) {
    if (!byQ.has(r.qid)) byQ.set(r.qid, [])
    byQ.get(r.qid).push(r)
  }
  for (const rows of spread([...byQ.values()], PER)) {
    const context = rows.map((r, i) => ({ chunk_id: `s${i}`, chunk_text: r.sentence }))
    relevancy(rows[0].question, context, pick([0, 0.5, 1]))
    faith(rows.find((r) => r.label === 1)?.sentence ?? rows[0].sentence, context, 0.5)
    dataRows++
  }
}

// Random texts.
const WORDS = (
  'the a of and not no never cannot without isn\'t don’t won\'t was were is Paris London Eiffel Tower tower towers city cities ' +
  'built completed opened closed in on 1889 1,500 1.0 2.50 3rd one two twelve hundred million May may June Monday march ' +
  'company\'s companies’ James O\'Brien U.S. COVID-19 e-mail naïve Über über ÉCOLE école Straße Москва москва 東京 日本語 서울 ' +
  'ﬁne İstanbul ǅemal ΟΔΟΣ ΣΑΣ ΑΘΗΝΑΣ Σοφία ΟΔΟΣ-ΑΣ x y z river rivers bank banks report reported says said'
).split(' ')
const LONG = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3)
function randomText(words) {
  const out = []
  for (let i = 0; i < words; i++) {
    let w = rand() < 0.02 ? LONG : pick(WORDS)
    if (rand() < 0.1) w = w[0].toUpperCase() + w.slice(1)
    out.push(w)
    const r = rand()
    if (r < 0.08) out.push('.')
    else if (r < 0.1) out.push(',')
    else if (r < 0.11) out.push(';')
    else if (r < 0.12) out.push('\n\n')
  }
  return out.join(' ').replace(/ ([.,;])/g, '$1')
}
for (let k = 0; k < PER * 4; k++) {
  const context = randomText(20 + Math.floor(rand() * 400))
  const response = rand() < 0.5 ? randomText(3 + Math.floor(rand() * 40)) : context.slice(Math.floor(rand() * context.length * 0.5)).slice(0, 200)
  faith(response, chunked(context, pick([50, 300, 2000])), pick([0, 0.5, 1]))
  relevancy(response, chunked(context, pick([50, 300])), 0.5)
}
// Long texts: one-sentence responses of repeated units (the linear-time suites' kind of input, and where
// the grounding once kept an object per word) against themselves, a short context and prose; and Brown
// prose cut into responses of many sentences.
const UNITS = ['a b ', 'we sat by the river and ', 'The tower, built in 1889 ', 'Not in Paris; ', '5 ', 'aA ', '\u03a98|A', 'x, and y but z ', 'May 3 ', 'Μ Σ ']
for (const u of UNITS) {
  for (const n of [4096, 40000]) {
    const text = u.repeat(Math.ceil(n / u.length)).slice(0, n)
    faith(text, [{ chunk_id: 'c0', chunk_text: text }], 0.5)
    faith(text + ' home.', [{ chunk_id: 'c0', chunk_text: 'We sat by the river in Paris in 1889, not in May.' }], 0.5)
    relevancy(text, [{ chunk_id: 'c0', chunk_text: text }], 0.5)
  }
}
const { loadBrown } = await import('./brown.mjs')
const prose = loadBrown().text
for (let k = 0; k < 20; k++) {
  const at = Math.floor(rand() * (prose.length - 60000))
  faith(prose.slice(at, at + 500 + Math.floor(rand() * 8000)), chunked(prose.slice(at - (at % 1000), at + 20000), 1000), 0.5)
}
// Many distinct invented words (about 60,000 across the run), then the first requests again.
const firstRequests = requests.slice(0, 300)
const letters = 'abcdefghijklmnopqrstuvwxyzéö'
for (let k = 0; k < 200; k++) {
  const inv = []
  for (let i = 0; i < 300; i++) {
    let w = ''
    const n = 3 + Math.floor(rand() * 9)
    for (let j = 0; j < n; j++) w += pick(letters)
    inv.push(rand() < 0.2 ? w[0].toUpperCase() + w.slice(1) : w)
  }
  const context = inv.join(' ') + '. ' + randomText(50)
  faith(inv.slice(0, 12).join(' ') + ' not ' + pick(WORDS) + '.', chunked(context, 400), 0.5)
}

// Query-response metrics, from a generator of their own.
const qr = seeded(0xa115)
const firstAsked = requests.length
const ask = (query, response, nodes) => {
  requests.push(['answer_relevancy', { query, response }])
  requests.push(['explain answer_relevancy', { query, response }])
  requests.push(['v3.answer_relevancy', { query, response, context: nodes ?? [{ node_id: 'n0', node_text: response, node_score: 1 }] }])
  requests.push(['completion', { query, response }])
  requests.push(['explain completion', { query, response }])
  requests.push(['v3.completion', { query, response }])
}
let askedRows = 0
for (const file of ['relevancy/trecqa_dev.jsonl', 'relevancy/wikiqa_train.jsonl', 'relevancy/selqa_ass_en.jsonl', 'relevancy/jsquad_sentsel_ja.jsonl']) {
  const byQ = new Map()
  for (const r of jsonl(file)) {
    const id = r.qid ?? r.question
    if (!byQ.has(id)) byQ.set(id, [])
    byQ.get(id).push(r)
  }
  for (const rows of spread([...byQ.values()], Math.ceil(PER / 3))) {
    const nodes = rows.slice(0, 6).map((r, i) => ({ node_id: `s${i}`, node_text: r.sentence, node_score: i }))
    const right = rows.find((r) => r.label === 1)
    for (const r of [right, rows[0], qr.pick(rows)]) if (r && typeof r.sentence === 'string') ask(rows[0].question, r.sentence, nodes)
    askedRows++
  }
}
for (const r of spread(jsonl('faithfulness/halueval_qa_sample.jsonl'), PER)) {
  if (typeof r.question !== 'string' || typeof r.answer !== 'string') continue
  ask(r.question, r.answer)
  ask(r.question, `${r.answer}. ${r.knowledge ?? ''}`.slice(0, 600))
  askedRows++
}
const ASK = [
  'Who wrote', 'When was', 'How many', 'Where is', 'Why did', 'How does', 'What is', 'Which city', 'Is it true that', 'Did',
  'What year', 'How long', 'Name the', 'In which country', 'What was the reason', 'Calculate', 'List three', 'Give two examples of',
  'Explain in one sentence', 'Answer yes or no:', 'Write a haiku about', 'Compare', 'List the first ten'
]
const ANSWERS = [
  'Shakespeare.', 'William Shakespeare wrote Hamlet in 1600.', 'In 1889.', 'It was completed in May 1889 by Gustave Eiffel.',
  'Eight legs.', 'A spider has eight legs.', 'Paris is the capital of France.', 'Because air scatters blue light.', 'Yes.', 'No, it is not.',
  'Lincoln was born in Hodgenville in 1809.', 'I cannot help with that.', 'I like trains.', '- red\n- blue\n- yellow', '{"a": 1}',
  'About 40 million people live there.', 'The tower, built in 1889, is not in London.', '東京は日本の首都です。', 'Москва — столица России.'
]
for (let k = 0; k < PER * 2; k++) {
  const head = qr.pick(ASK)
  const topic = randomText(2 + Math.floor(qr.rand() * 10)).replace(/[.;,\n]+/g, ' ').trim()
  let query = `${head} ${topic}?`
  const r = qr.rand()
  if (r < 0.2) query += ` And ${qr.pick(ASK).toLowerCase()} ${randomText(3).replace(/[.;,\n]+/g, ' ').trim()}?`
  else if (r < 0.3) query += ' Answer in JSON.'
  else if (r < 0.4) query += ' Use bullet points, at most 50 words.'
  const response = qr.rand() < 0.5 ? qr.pick(ANSWERS) + (qr.rand() < 0.5 ? ' ' + randomText(5 + Math.floor(qr.rand() * 60)) : '') : randomText(1 + Math.floor(qr.rand() * 80))
  ask(query, response)
}
for (let k = 0; k < 60; k++) {
  const at = Math.floor(qr.rand() * (prose.length - 5000))
  const response = prose.slice(at, at + 40 + Math.floor(qr.rand() * 3000))
  const words = prose.slice(at + 5000, at + 5200).split(/\s+/).slice(1, 10).join(' ')
  ask(`${qr.pick(ASK)} ${words}?`, response)
}
for (const u of UNITS) {
  const text = u.repeat(Math.ceil(4096 / u.length)).slice(0, 4096)
  ask(`What about ${u.trim()} and why?`, text)
  ask(text.slice(0, 2000), 'We sat by the river in Paris in 1889, not in May.')
}
ask('', '')
ask('Who?', '')
ask('', 'Shakespeare.')
requests.push(...requests.slice(firstAsked, firstAsked + 120))

requests.push(...firstRequests)

compareBuilds(builds, requests, `${dataRows} from data sets, ${askedRows} query-response rows from data sets`)
