/** Lexicon flag bits of the formality model (see formality-features.js). */
export const FLAGS: Record<'FIRST' | 'SECOND' | 'CONTRACTION' | 'SLANG' | 'FORMAL', number>
/** `word\tflags` lines of the formality lexicon. */
export function formalityLexicon(): string
/** Names of the features, in vector order (the head logit first). */
export const FEATURES: string[]
/** Distinct words up to which the size feature grows. */
export const SIZE_CAP: number
/** The feature vector of a text with `nWords` (> 0) words, `distinct` distinct ones, its head logit and its flagged words. */
export function formalityFeatures(text: string, nWords: number, distinct: number, head: number, flagged: ArrayLike<number>, nFlag: number): number[]
/** The text with curly single quotes made straight (same length). */
export function straightQuotes(text: string): string
