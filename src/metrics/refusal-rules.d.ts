/** Refusal phrases (global, case-insensitive): reset `lastIndex` before use. */
export const REFUSAL: RegExp
/** A response that opens by agreeing to help. */
export const COMPLY_OPENING: RegExp
/** Words of the opening. */
export const OPEN_WORDS: number
export const RULES: { openingPhrase: number; laterPhrase: number; compliantOpening: number }
export function rulesOffset(openPhrases: number, complyOpening: boolean, laterPhrases: number): number
