export const HEDGES: string[]
export const FLAG_TRIGGER: number
export const FLAG_HEDGE: number
/** `word\tflags` lines: refusal trigger words (1) and hedges (2). */
export const HELPFULNESS_LEXICON: string
export const DEFLECT: RegExp
export const FEATURES: string[]
export function denseFeatures(text: string, nWords: number, nHedges: number, openPhrases: number, laterPhrases: number): number[]
export const REFUSAL_PENALTY: number
export const REFUSAL_FEATURE: number
