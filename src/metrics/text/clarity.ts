// Clarity: Flesch Reading Ease over the core's tokeniser and syllable counter, clamped to 0..100.
// Method, tokeniser rules and limits: docs/metrics/clarity.md.
import { invalidArgument } from '../../errors.js'
import { MAX_SPANS, MAX_TEXT_CHARS } from '../../schema/limits.js'
import type { Context, Scorer } from '../shared/context.js'
import { defineMetric } from '../shared/metric.js'
import { syllablesMethod, syllablesModel } from './syllables.js'
import { pairs, tokens, TOK_SENTENCE_SPANS, TOK_SYLLABLES, TOK_WORD_SPANS } from '../shared/tokens.js'

/** Flesch (1948): 206.835 - 1.015 (words / sentences) - 84.6 (syllables / words). Unclamped. */
export function fleschReadingEase(sentences: number, words: number, syllables: number): number {
  return 206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words)
}

/** Clarity of a text with no word (letters or digits): nothing in it is hard to read. */
export const NO_WORDS = 100

const score: Scorer<'clarity'> = (request, ctx) => {
  const text = ctx.core.begin(request.text)
  const t = tokens(ctx.core, text, TOK_SYLLABLES)
  // The rule for every text field (docs/api.md, "Text with no words"): any string is accepted, and a
  // text with no word scores as one with nothing found. Nothing here is hard to read: 100.
  if (t.words === 0) return { score: NO_WORDS }
  const score = fleschReadingEase(t.sentences, t.words, t.syllables)
  return { score: Math.min(100, Math.max(0, score)) }
}

/** Counts and spans of a text, as `textStats` returns them. */
export interface TextStats {
  sentences: number
  words: number
  syllables: number
  /** Words of three or more syllables (textstat's `polysyllabcount`). */
  polysyllables: number
  /** words / sentences; 0 for text without words. */
  wordsPerSentence: number
  /** syllables / words; 0 for text without words. */
  syllablesPerWord: number
  /** Unclamped Flesch Reading Ease (as textstat reports it); null for text without words. */
  fleschReadingEase: number | null
  /** [start, end) in string indices: `text.slice(start, end)` is the sentence. */
  sentenceSpans: [number, number][]
  /** [start, end) in string indices: `text.slice(start, end)` is the word. */
  wordSpans: [number, number][]
}

/** `litmus.textStats(text)`: the tokeniser's counts and spans, for checking or building on clarity. */
export function textStats(ctx: Context) {
  return (text: string): TextStats => {
    if (typeof text !== 'string' || text.length > MAX_TEXT_CHARS) {
      const expected = typeof text === 'string' ? `string of at most ${MAX_TEXT_CHARS} characters (docs/limits.md)` : 'string'
      throw invalidArgument('textStats', 'text', expected, 'the text to measure', text)
    }
    const ref = ctx.core.begin(text)
    const t = tokens(ctx.core, ref, TOK_SYLLABLES | TOK_WORD_SPANS | TOK_SENTENCE_SPANS)
    if (t.words + t.sentences > MAX_SPANS) {
      throw invalidArgument('textStats', 'text', `text of at most ${MAX_SPANS} words and sentences in all (docs/limits.md)`, 'the text to measure', text)
    }
    const some = t.words > 0
    return {
      sentences: t.sentences,
      words: t.words,
      syllables: t.syllables,
      polysyllables: t.polysyllables,
      wordsPerSentence: some ? t.words / t.sentences : 0,
      syllablesPerWord: some ? t.syllables / t.words : 0,
      fleschReadingEase: some ? fleschReadingEase(t.sentences, t.words, t.syllables) : null,
      sentenceSpans: pairs(t.sentenceSpans),
      wordSpans: pairs(t.wordSpans)
    }
  }
}

/** v3 Clarity: the clarity of the response (the query only says what was asked). */
const v3Score: Scorer<'v3.clarity'> = (request, ctx) => score({ text: request.response }, ctx)

export const clarity = defineMetric({
  name: 'clarity',
  score,
  v3: { name: 'v3.clarity', score: v3Score, explainAs: (r) => ({ text: r.response }) },
  models: [syllablesModel],
  extras: {
    /** Sentences, words, syllables and their spans, as the clarity score sees them (docs/metrics/clarity.md). */
    textStats,
    /** Syllables in one word (see docs/metrics/syllables.md). */
    syllables: syllablesMethod
  }
})
