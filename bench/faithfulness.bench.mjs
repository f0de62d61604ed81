// Grounded metrics throughput: faithfulness and context relevancy calls per second for a response of
// about 1 KB against contexts of 1 to 40 KB (Brown corpus prose; the response is made of context
// sentences, some with a changed number or word, so every statement gets aligned), beside the simplest
// baseline, ROUGE-2 precision of the response against the context in plain JavaScript (no npm package
// checks faithfulness offline). Timed alternately in the same run; medians over the rounds.
import { brownCorpus, asProse } from './brown.mjs'
import { overlap } from '../eval/faithfulness.eval.mjs'
import { fmt, table } from './util.mjs'

export const title = 'Faithfulness and context relevancy (grounding)'

function alternate(fns, rounds) {
  for (const f of fns) f()
  const times = fns.map(() => [])
  for (let i = 0; i < rounds; i++) {
    fns.forEach((f, k) => {
      const t = performance.now()
      f()
      times[k].push(performance.now() - t)
    })
  }
  return times.map((x) => x.sort((p, q) => p - q)[x.length >> 1])
}

/** Prose of about `bytes` characters from Brown sentences starting at `from`. */
function prose(from, bytes) {
  const sentences = brownCorpus().flat()
  const parts = []
  let at = from
  while (parts.join(' ').length < bytes) parts.push(sentences[at++ % sentences.length])
  return asProse(parts)
}

export async function run({ litmus }) {
  const CALLS = 20
  const rows = []
  const base = prose(0, 40_000)
  const response = prose(3, 1_000)
    .replace(/\b(\d+)\b/, (d) => String(Number(d) + 1))
    .replace(/\bthe\b/, 'a')
  for (const kb of [1, 2, 5, 10, 20, 40]) {
    // Each context holds the response's sources (its first KB) so the work per statement is the same.
    const text = base.slice(0, kb * 1000)
    const chunks = text.match(/[\s\S]{1,1000}(?:\s|$)/g).map((chunk_text, i) => ({ chunk_text, chunk_id: `c${i}` }))
    const request = { query: 'What happened?', response, context: chunks }
    const [faith, rel, rouge] = alternate(
      [
        () => {
          for (let i = 0; i < CALLS; i++) litmus.faithfulness(request)
        },
        () => {
          for (let i = 0; i < CALLS; i++) litmus.contextRelevancy({ query: 'What did the jury say about the election in Fulton County?', context: chunks })
        },
        () => {
          for (let i = 0; i < CALLS; i++) overlap(response, text, 2)
        }
      ],
      kb >= 20 ? 5 : 11
    )
    rows.push([
      `${fmt(response.length / 1000, 1)} KB response, ${kb} KB context (${chunks.length} chunks)`,
      fmt(faith / CALLS, 3),
      fmt((CALLS / faith) * 1000, 0),
      fmt(rel / CALLS, 3),
      fmt((CALLS / rel) * 1000, 0),
      fmt((CALLS / rouge) * 1000, 0),
      `${fmt(faith / rouge, 1)}×`
    ])
  }
  return `Whole public calls (validation, writing text into the core, tokenising, indexing the context's sentences,
aligning every statement). The ROUGE-2 baseline lower-cases and splits with a regular expression and counts
shared bigrams. Linearity: compare ms per call down the column (context size doubles, time should at most
double). Reproduce: \`npm run build && node bench/index.mjs faithfulness\`.

${table(['input', 'faithfulness ms/call', 'faithfulness calls/s', 'context_relevancy ms/call', 'context_relevancy calls/s', 'ROUGE-2 calls/s', 'faithfulness / ROUGE-2 time'], rows)}`
}
