// Helpfulness features: what a response gives (length with saturation, numbers, names, lists and steps)
// and what it withholds (refusal phrases, hedges, deflecting openings, questions back). Plain JavaScript
// so scripts/train-helpfulness.mjs and helpfulness.ts compute the very same features.
import { TRIGGER_WORDS } from './refusal-rules.js'

/** Words that hedge or profess not to know. */
export const HEDGES = [
  'maybe', 'perhaps', 'probably', 'possibly', 'might', 'guess', 'unsure', 'unclear', 'depends', 'idk', 'hmm', 'um', 'uh',
  'sometimes', 'somewhat', 'kind', 'sort', 'think', 'suppose', 'wonder', 'not sure'
]
/** Lexicon flags: 1 = refusal trigger word (refusal-rules.js), 2 = hedge. */
export const FLAG_TRIGGER = 1
export const FLAG_HEDGE = 2
export const HELPFULNESS_LEXICON = [...new Set([...TRIGGER_WORDS, ...HEDGES.filter((w) => !w.includes(' '))])]
  .map((w) => `${w}\t${(TRIGGER_WORDS.includes(w) ? FLAG_TRIGGER : 0) | (HEDGES.includes(w) ? FLAG_HEDGE : 0)}\n`)
  .join('')

/** An opening that answers with a question, a shrug or a stall instead of help. */
export const DEFLECT = /^\W*(?:um+|uh+|hm+|well,|i[’']?m not sure|i am not sure|i don[’']?t (?:know|understand)|i do not (?:know|understand)|what do you mean|do you mean|can you (?:clarify|tell me more|be more specific|explain)|could you (?:clarify|tell me more|be more specific|explain)|why do you (?:ask|want)|what (?:kind|sort|type) of)/i

const DIGITS = /\d+/g
const LIST_ITEMS = /(?:^|\n)[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]/g
const NAMES = /[a-z,;] [A-Z][a-z]/g

function count(re, text) {
  re.lastIndex = 0
  let n = 0
  while (re.exec(text) !== null) n++
  return n
}

function questions(text) {
  let n = 0
  for (let i = text.indexOf('?'); i >= 0; i = text.indexOf('?', i + 1)) n++
  return n
}

const sat = (x, at) => (x < at ? x / at : 1)

/**
 * Logit taken off a response that opens with a refusal phrase. A design choice, not fitted: the preference
 * pairs hardly contain refusals (35 of 2,717 training pairs differ in it, and raters sometimes prefer the
 * refusal of a harmful request), so the fitted weight is about 0, while a refusal is by definition not
 * help. On the dev pairs it changes pairwise accuracy by +0.4 points (docs/metrics/helpfulness.md).
 */
export const REFUSAL_PENALTY = 1.5
/** Index of 'refusal phrase in the opening' in FEATURES. */
export const REFUSAL_FEATURE = 2

/** Names of the dense features, in order. */
export const FEATURES = [
  'length (log words)',
  'length (saturating at 150 words)',
  'refusal phrase in the opening',
  'refusal phrases later',
  'numbers',
  'list items and steps',
  'capitalised names',
  'hedges per word',
  'questions back',
  'ends with a question',
  'deflecting opening'
]

/**
 * Dense features of a response from the core's word count and hedge count and the refusal phrases
 * (in the opening / later), plus a few counts over the text.
 */
export function denseFeatures(text, nWords, nHedges, openPhrases, laterPhrases) {
  const words = nWords > 0 ? nWords : 1
  const trimmed = text.trimEnd()
  return [
    Math.log1p(nWords),
    sat(nWords, 150),
    openPhrases > 0 ? 1 : 0,
    sat(laterPhrases, 2),
    sat(count(DIGITS, text), 6),
    sat(count(LIST_ITEMS, text), 5),
    sat(count(NAMES, text) / words, 0.1),
    sat(nHedges / words, 0.1),
    sat(questions(text), 3),
    trimmed.endsWith('?') ? 1 : 0,
    DEFLECT.test(text) ? 1 : 0
  ]
}
