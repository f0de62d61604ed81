// Simplicity's sentence-length feature, shared by src/metrics/text/simplicity.ts and
// scripts/train-simplicity.mjs (through build/rules/sentence-length.js), so both read the same value.
import { distinctWords } from '../shared/distinct-words.js'

/**
 * log(1 + words per sentence), with words per sentence at least `floor` (the model's SENTENCE_FLOOR:
 * below it a sentence is short enough, and its words decide) and at most the text's distinct words. Ordinary prose
 * has far more distinct words than words in a sentence, so the cap changes nothing there (and the count
 * stops after a sentence's worth of words); it keeps text repeated without a full stop ('ok ok ok …', one
 * growing "sentence") at the length of the text once. `spans` are the core's word spans (byte offsets
 * from `ptr` in `bytes`).
 */
export function sentenceLength(bytes: Uint8Array, ptr: number, spans: ArrayLike<number>, nWords: number, wordsPerSentence: number, floor: number): number {
  if (wordsPerSentence <= floor) return Math.log(1 + floor)
  return Math.log(1 + Math.max(floor, Math.min(wordsPerSentence, distinctWords(bytes, ptr, spans, nWords, Math.ceil(wordsPerSentence)))))
}
