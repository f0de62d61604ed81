/** Refusal phrases (global, case-insensitive): reset `lastIndex` before use. */
export const REFUSAL: RegExp
/** A response that opens by agreeing to help. */
export const COMPLY_OPENING: RegExp
/** Words of the opening. */
export const OPEN_WORDS: number
export const RULES: { openingPhrase: number; laterPhrase: number; compliantOpening: number; aiIdentity: number }
/** A model naming itself an AI (weak evidence). */
export const AI_IDENTITY: RegExp
export function rulesOffset(openPhrases: number, complyOpening: boolean, laterPhrases: number, identity: boolean): number
/** Words one of which every REFUSAL phrase contains. */
export const TRIGGER: RegExp
/** Visit each refusal phrase of `text` ([start, end) string indices, in order); returns their count. */
export function refusalPhrases(text: string, visit: (start: number, end: number, phrase: string, identity: boolean) => void): number
export const TRIGGER_WORDS: string[]
/** `word\tflags` lines of the trigger words, for the core's lexicon. */
export const TRIGGER_LEXICON: string
/** Visit each refusal phrase in the windows around trigger positions `at` (ascending, `n` of them); returns the count. */
export function phrasesAround(text: string, at: ArrayLike<number>, n: number, visit: (start: number, end: number, phrase: string, identity: boolean) => void): number
