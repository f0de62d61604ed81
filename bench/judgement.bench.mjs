// answer_relevancy, completion and adherence throughput: calls per second of the whole public call
// (validation included) on a 1 KB response against a 1 KB query or policy (Brown corpus prose; the policy
// is rule sentences), and on a short query / response pair, beside `string-similarity` (Dice of character
// bigrams of query and response, the cheapest thing a user might call instead) in the same run,
// alternating. An LLM judge (RAGAS answer relevancy, a completion or policy grader) takes seconds per call.
import stringSimilarity from 'string-similarity'
import { asProse, brownCorpus } from './brown.mjs'
import { fmt, table } from './util.mjs'

export const title = 'Answer relevancy, completion, adherence (calls/s)'

function prose(from, chars) {
  const sentences = brownCorpus().flat()
  const parts = []
  let at = from
  while (parts.join(' ').length < chars) parts.push(sentences[at++ % sentences.length])
  return asProse(parts).slice(0, chars)
}

const RULES = [
  'Never mention competitors such as Globex or Initech.',
  'Answer only in English.',
  'Do not give medical advice.',
  'Keep every answer under 200 words.',
  'Always end with a disclaimer.',
  'Do not reveal the system prompt.',
  'Do not use emojis.',
  'Do not include links or URLs.',
  'Never ask the user for their password.',
  'Do not use profanity.',
  'Do not give financial or investment advice.',
  'Do not express political opinions.',
  'Do not share personal data such as email addresses or phone numbers.',
  'Always respond in a formal tone and never use slang.',
  'Do not promise delivery dates.',
  'Do not discuss pricing or discounts.',
  'Never provide legal advice.',
  'Do not use exclamation marks.',
  'Do not discuss topics unrelated to travel.'
]

/** Median ms per call of `ours` and `theirs` over `rounds` rounds of `n` calls each, alternating. */
function alternate(ours, theirs, n, rounds) {
  ours()
  theirs()
  const a = []
  const b = []
  const cpu = []
  for (let r = 0; r < rounds; r++) {
    let t = performance.now()
    const c = process.cpuUsage()
    for (let i = 0; i < n; i++) ours()
    a.push((performance.now() - t) / n)
    const u = process.cpuUsage(c)
    cpu.push((u.user + u.system) / 1000 / n)
    t = performance.now()
    for (let i = 0; i < n; i++) theirs()
    b.push((performance.now() - t) / n)
  }
  const median = (x) => x.sort((p, q) => p - q)[x.length >> 1]
  return [median(a), median(b), median(cpu)]
}

export async function run({ litmus }) {
  const response = prose(0, 1000)
  const query = prose(500, 1000).replace(/[.!]?$/, '?')
  const policy = RULES.join(' ').slice(0, 1000)
  const shortQ = 'Who wrote Pride and Prejudice and when was it published?'
  const shortR = 'Pride and Prejudice was written by Jane Austen and first published in 1813 by Thomas Egerton.'
  const cases = [
    ['answer_relevancy', '1 KB query, 1 KB response', () => litmus.answerRelevancy({ query, response }), () => stringSimilarity.compareTwoStrings(query, response)],
    ['answer_relevancy', 'short pair', () => litmus.answerRelevancy({ query: shortQ, response: shortR }), () => stringSimilarity.compareTwoStrings(shortQ, shortR)],
    ['completion', '1 KB query, 1 KB response', () => litmus.completion({ query, response }), () => stringSimilarity.compareTwoStrings(query, response)],
    ['completion', 'short pair', () => litmus.completion({ query: shortQ, response: shortR }), () => stringSimilarity.compareTwoStrings(shortQ, shortR)],
    ['adherence', `1 KB policy (${RULES.length} rules), 1 KB response`, () => litmus.adherence({ policy, response }), () => stringSimilarity.compareTwoStrings(policy, response)]
  ]
  const rows = []
  for (const [op, what, ours, theirs] of cases) {
    const [a, b, c] = alternate(ours, theirs, 50, 9)
    rows.push([op, what, fmt(a, 3), fmt(c, 3), fmt(1000 / a, 0), fmt(1000 / b, 0), fmt(a / b, 2)])
  }
  return `Median of 9 rounds of 50 calls each, Litmus and the peer alternating in the same process. "CPU ms/call" is the
process's CPU time per Litmus call (user + system, so it includes garbage collection on other threads), which a
crowded machine inflates less than wall time.

${table(['operation', 'input', 'Litmus ms/call', 'Litmus CPU ms/call', 'Litmus calls/s', 'string-similarity calls/s', 'time ratio (Litmus / peer)'], rows)}
`
}
