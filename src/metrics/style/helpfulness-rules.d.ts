export const HEDGES: string[]
export const FLAG_TRIGGER: number
export const FLAG_HEDGE: number
/** `word\tflags` lines: refusal trigger words (1) and hedges (2). */
export const HELPFULNESS_LEXICON: string
export const DEFLECT: RegExp
export const FEATURES: string[]
export interface Counts {
  digits: number
  items: number
  names: number
  questions: number
}
/** Distinct words up to which the length features grow. */
export const LENGTH_CAP: number
export function denseFeatures(text: string, nWords: number, distinct: number, nHedges: number, openPhrases: number, laterPhrases: number, counts: Counts): number[]
export const REFUSAL_PENALTY: number
export const REFUSAL_FEATURE: number
/** Digit runs, list items, capitalised names after a lower-case word, question marks (one pass; reused object). */
export function countAll(text: string): Counts
