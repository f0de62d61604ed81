// The hand-made features of formality, over the text and the words the core flagged from the formality
// lexicon. scripts/train-formality.mjs (which fits their weights, through the built build/rules.js) and
// src/metrics/style/formality.ts (which scores) run the very same code.
//
// What carries formality (Heylighen & Dewaele 1999; Pavlick & Tetreault 2016): contractions, slang and
// chat abbreviations, first and second person, exclamation and repeated punctuation, a lower-case
// start or a lower-case "i", all-capital shouting, emoji, missing final punctuation, short words and
// short sentences all lean informal; formal connectives and hedges ("however", "therefore",
// "approximately") and long words lean formal. Latinate vocabulary is left to the n-gram head, whose
// character n-grams see suffixes such as "-tion", "-ity", "-ous".

/** Lexicon flag bits (the model file's lexicon carries them). */
export const FLAGS = { FIRST: 1, SECOND: 2, CONTRACTION: 4, SLANG: 8, FORMAL: 16 }

const FIRST = ['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves']
const SECOND = ['you', 'your', 'yours', 'yourself', 'yourselves', 'ya', 'u', 'ur', 'yall', "y'all"]
const CONTRACTIONS = [
  "i'm", "i've", "i'll", "i'd", "you're", "you've", "you'll", "you'd", "he's", "she's", "it's", "we're", "we've", "we'll",
  "we'd", "they're", "they've", "they'll", "they'd", "that's", "there's", "here's", "what's", "who's", "where's", "how's",
  "let's", "isn't", "aren't", "wasn't", "weren't", "don't", "doesn't", "didn't", "can't", "couldn't", "won't", "wouldn't",
  "shouldn't", "haven't", "hasn't", "hadn't", "mustn't", "ain't", "y'know", "c'mon", "gotta", "gonna", "wanna", "kinda",
  "sorta", "dunno", "lemme", "gimme", 'im', 'dont', 'cant', 'wont', 'didnt', 'doesnt', 'isnt', 'thats', 'ive', 'youre'
]
const SLANG = [
  'lol', 'lmao', 'rofl', 'omg', 'btw', 'idk', 'imo', 'imho', 'tbh', 'smh', 'wtf', 'fyi', 'brb', 'thx', 'pls', 'plz', 'k',
  'ok', 'okay', 'yeah', 'yea', 'yep', 'nope', 'nah', 'hey', 'hi', 'yo', 'dude', 'guys', 'guy', 'bro', 'cool', 'awesome',
  'stuff', 'kinda', 'sorta', 'gonna', 'wanna', 'gotta', 'cuz', 'coz', 'cause', 'tho', 'thru', 'ya', 'u', 'ur', 'r', 'n',
  'haha', 'hahaha', 'hehe', 'wow', 'oh', 'ah', 'um', 'uh', 'hmm', 'huh', 'damn', 'crap', 'shit', 'fuck', 'fucking',
  'freaking', 'totally', 'super', 'pretty', 'really', 'anyway', 'anyways', 'lots', 'lot', 'bunch', 'folks', 'kid', 'kids',
  'mom', 'dad', 'stupid', 'dumb', 'crazy', 'lame', 'sucks', 'sux', 'ppl', 'b4', 'gr8', 'luv', 'xoxo', 'xd'
]
const FORMAL = [
  'however', 'therefore', 'thus', 'hence', 'moreover', 'furthermore', 'nevertheless', 'nonetheless', 'consequently',
  'accordingly', 'whereas', 'whereby', 'wherein', 'thereby', 'therein', 'herein', 'hereby', 'notwithstanding', 'albeit',
  'regarding', 'concerning', 'approximately', 'additionally', 'subsequently', 'respectively', 'namely', 'perhaps',
  'possibly', 'presumably', 'apparently', 'somewhat', 'relatively', 'considerably', 'significantly', 'particularly',
  'shall', 'ought', 'whom', 'whilst', 'upon', 'within', 'among', 'amongst', 'despite', 'although', 'according',
  'officials', 'official', 'government', 'committee', 'department', 'minister', 'president', 'percent', 'per',
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sir', 'madam', 'dear', 'sincerely', 'regards', 'kindly', 'please', 'thank'
]

/** `word\tflags` lines of the lexicon (both apostrophes: ' and ’). */
export function formalityLexicon(): string {
  const flags = new Map<string, number>()
  const add = (words: string[], f: number) => {
    for (const w of words) {
      for (const form of new Set([w, w.replace(/'/g, '\u2019')])) flags.set(form, (flags.get(form) ?? 0) | f)
    }
  }
  add(FIRST, FLAGS.FIRST)
  add(SECOND, FLAGS.SECOND)
  add(CONTRACTIONS, FLAGS.CONTRACTION)
  add(SLANG, FLAGS.SLANG)
  add(FORMAL, FLAGS.FORMAL)
  return [...flags].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([w, f]) => `${w}\t${f}`).join('\n') + '\n'
}

/**
 * The text with curly single quotes made straight (same length, so spans do not move): the registers of
 * the training data differ in typography (edited news writes ’), which says nothing of formality.
 */
export function straightQuotes(text: string): string {
  return text.indexOf('\u2019') >= 0 || text.indexOf('\u2018') >= 0 ? text.replace(/[\u2018\u2019]/g, "'") : text
}

/** Names of the features, in vector order (the head logit comes first). */
export const FEATURES = [
  'head', 'words', 'wordLength', 'contractions', 'firstPerson', 'secondPerson', 'slang', 'formalWords',
  'exclamations', 'questions', 'repeatedPunctuation', 'lowerStart', 'lowerI', 'capitals', 'emoji', 'noFinalStop',
  'anyContraction', 'anySlang', 'anyFirstPerson', 'anySecondPerson', 'anyFormalWord'
]

const isLower = (c: number) => (c >= 97 && c <= 122) || (c >= 0xdf && c <= 0xff)
const isUpper = (c: number) => (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0xde)
const isLetter = (c: number) => isLower(c) || isUpper(c)

/**
 * Distinct words up to which the size feature grows (src/metrics/shared/distinct-words.ts), a sentence's
 * worth: with 64, long casual blog sentences outranked short formal ones such as "That is correct."
 * (Spearman with Pavlick's ratings 0.727 / 0.663 at 64, 0.729 / 0.684 at 20, train / validation). A text's size is
 * read from its distinct words, not its words, so a sentence repeated n times has the size of the
 * sentence once (counting every word let 'ok ' x 1000 score 100).
 */
export const SIZE_CAP = 20

/** Words of a typical sentence: marks are counted per this many words. */
const SENTENCE = 12

/**
 * A count of marks as a rate, per SENTENCE words and at most 3 (0..1): one mark in a sentence of 12
 * words gives 1/3, and a text repeated n times has the rate of the text once (a plain count capped at 3
 * made 'Have a nice day! ' x 3 less formal than the sentence once).
 */
const perSentence = (count: number, words: number) => Math.min((SENTENCE * count) / words, 3) / 3

/**
 * The feature vector of a text with `nWords` words (> 0), `distinct` of them distinct (up to SIZE_CAP),
 * the head logit, and the flagged words as (word index, flags) pairs. One pass over the characters.
 */
export function formalityFeatures(text: string, nWords: number, distinct: number, head: number, flagged: ArrayLike<number>, nFlag: number): number[] {
  let first = 0, second = 0, contr = 0, slang = 0, formal = 0
  for (let i = 0; i < nFlag; i++) {
    const f = flagged[2 * i + 1]
    if (f & FLAGS.FIRST) first++
    if (f & FLAGS.SECOND) second++
    if (f & FLAGS.CONTRACTION) contr++
    if (f & FLAGS.SLANG) slang++
    if (f & FLAGS.FORMAL) formal++
  }
  // Presence as well as share: one contraction or slang word marks a whole sentence as informal to a
  // reader, where its share of a long sentence's words is small. Presence is the same for a text
  // repeated n times.
  const any = (k: number) => (k > 0 ? 1 : 0)
  let letters = 0, upper = 0, excl = 0, quest = 0, repeated = 0, emoji = 0, lowerI = 0
  let firstLetter = -1, lastMark = 0, prev = 32
  const n = text.length
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if (isLetter(c)) {
      letters++
      if (firstLetter < 0) firstLetter = c
      if (isUpper(c)) upper++
      // A lone lower-case "i" (a word of its own, or before an apostrophe).
      if (c === 105 && !isLetter(prev)) {
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 32
        if (!isLetter(next) && (next === 32 || next === 39 || next === 0x2019 || next === 44 || next === 46 || i + 1 === n)) lowerI++
      }
      lastMark = 0
    } else if (c === 33) {
      excl++
      if (prev === 33 || prev === 63) repeated++
      lastMark = 1
    } else if (c === 63) {
      quest++
      if (prev === 63 || prev === 33) repeated++
      lastMark = 1
    } else if (c === 46) {
      if (prev === 46) repeated++
      lastMark = 1
    } else if (c === 0x2026) {
      repeated++
      lastMark = 1
    } else if (c >= 0xd800 && c <= 0xdbff) {
      emoji++
    } else if (c >= 0x2600 && c <= 0x27bf) {
      emoji++
    } else if (c > 32 && c !== 34 && c !== 39 && c !== 41 && c !== 0x201d && c !== 0x2019) {
      lastMark = 0
    }
    prev = c
  }
  const w = nWords
  return [
    head,
    Math.log(1 + distinct),
    letters / w,
    contr / w,
    first / w,
    second / w,
    slang / w,
    formal / w,
    perSentence(excl, w),
    perSentence(quest, w),
    perSentence(repeated, w),
    firstLetter >= 0 && isLower(firstLetter) ? 1 : 0,
    perSentence(lowerI, w),
    letters > 0 ? upper / letters : 0,
    perSentence(emoji, w),
    lastMark === 0 ? 1 : 0,
    any(contr),
    any(slang),
    any(first),
    any(second),
    any(formal)
  ]
}
