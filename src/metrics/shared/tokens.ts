// TypeScript side of the core's shared tokeniser (assembly/text/tokenise.ts). Metrics that need words
// or sentences call `tokens` with the flags they need; the count-only path writes no spans.
import type { Core, TextRef } from '../../core/wasm.js'
import type { Context } from './context.js'

import { TOK } from '../../core/abi.js'

export const TOK_WORD_SPANS = TOK.WORD_SPANS
export const TOK_SENTENCE_SPANS = TOK.SENTENCE_SPANS
export const TOK_SYLLABLES = TOK.SYLLABLES

export interface Tokens {
  sentences: number
  words: number
  /** 0 unless TOK_SYLLABLES was given. */
  syllables: number
  /** Words of three or more syllables; 0 unless TOK_SYLLABLES was given. */
  polysyllables: number
  /**
   * Flattened [start, end) pairs in string indices (UTF-16 code units); empty unless asked for. A view
   * into core memory: read it before the next call into the core.
   */
  wordSpans: Uint32Array
  sentenceSpans: Uint32Array
}

const EMPTY: Uint32Array = new Uint32Array(0)

/** Tokenise text already written with `core.begin`/`core.write`. */
export function tokens(core: Core, text: TextRef, flags: number): Tokens {
  const at = core.exports.tokenise(text.ptr, text.len, flags) >>> 2
  const w = core.words
  const sentences = w[at]
  const words = w[at + 1]
  const syllables = w[at + 2]
  const polysyllables = w[at + 3]
  const wordPtr = w[at + 4]
  const sentPtr = w[at + 5]
  const wordCount = w[at + 6]
  const sentCount = w[at + 7]
  let wordSpans: Uint32Array = EMPTY
  let sentenceSpans: Uint32Array = EMPTY
  if (flags & TOK_WORD_SPANS && wordCount > 0) {
    core.toStringIndices(text, wordPtr, wordCount * 2)
    wordSpans = core.u32(wordPtr, wordCount * 2)
  }
  if (flags & TOK_SENTENCE_SPANS && sentCount > 0) {
    core.toStringIndices(text, sentPtr, sentCount * 2)
    sentenceSpans = core.u32(sentPtr, sentCount * 2)
  }
  return { sentences, words, syllables, polysyllables, wordSpans, sentenceSpans }
}

/** Pairs from a flattened span array, as the API returns spans. */
export function pairs(flat: Uint32Array): [number, number][] {
  const out: [number, number][] = new Array(flat.length >> 1)
  for (let i = 0; i < out.length; i++) out[i] = [flat[2 * i], flat[2 * i + 1]]
  return out
}

/** Reserve the tokeniser's long-lived tables (its syllable memo) in core memory. */
export function tokensInit(ctx: Context): void {
  ctx.core.exports.tokeniseInit()
}
