// Installing a hashed n-gram head (assembly/vec/features.ts) from its generated model file: the int8
// weights into core memory kept for the instance's life, then its feature kinds, n-gram lengths, class
// count and the lexicon whose words the core flags while it sums. Every n-gram metric installs this way.
import { type Core, weightBytes } from '../../core/wasm.js'
import { distinctShare } from './distinct-words.js'
import type { Context } from './context.js'

/** The fields every generated n-gram model has. */
export interface NgramModelFile {
  KINDS: number
  BITS: number
  /**
   * Scale of the head sum over n features: 1, 1/n; 2, sqrt(share / n) with share the text's distinct
   * words over its words (distinct-words.ts distinctShare); absent or 0, 1/sqrt(n) (older files).
   */
  NORM?: number
  WEIGHTS: string
}

/**
 * Input scale of a text with n features and a share of distinct words: 1/n or sqrt(share / n) give a
 * text repeated many times the head input of the text once (the square root of older files let
 * repeated benign text saturate the score); sqrt(share / n) keeps the square root's scale on ordinary
 * text, where few words repeat.
 */
export const headNorm = (m: { NORM?: number }, n: number, share = 1): number =>
  n > 0 ? (m.NORM === 1 ? 1 / n : m.NORM === 2 ? Math.sqrt(share / n) : 1 / Math.sqrt(n)) : 0

/** The share of distinct words a NORM 2 head needs (1 for others, which do not read it). */
export function shareOf(core: Core, m: { NORM?: number }, ptr: number, spans: Uint32Array, nWords: number): number {
  return m.NORM === 2 ? distinctShare(core.bytes, ptr, spans, nWords) : 1
}

export interface HeadOptions {
  /** Character n-gram lengths. */
  cmin: number
  cmax: number
  /** `word\tflags` lines (assembly/vec/lexicon.ts); empty for none. */
  lexicon?: string
  /** Outputs of the head and bytes per bucket (a multiple of 16 for several outputs). */
  classes?: number
  stride?: number
}

/** The model's handle in the core and a view of its weights (for `explain`). */
export function installHead(ctx: Context, file: NgramModelFile, options: HeadOptions): { model: number; weights: Int8Array } {
  const { core } = ctx
  const x = core.exports
  const bytes = weightBytes(file.WEIGHTS)
  const model = x.vecModelReserve(file.BITS, options.stride ?? 1)
  core.bytes.set(bytes, x.vecModelWeights(model))
  const lexicon = options.lexicon ?? ''
  const lex = lexicon === '' ? { ptr: 0, len: 0 } : core.begin(lexicon)
  x.vecModelSet(model, file.KINDS, options.cmin, options.cmax, options.classes ?? 1, lex.ptr, lex.len)
  return { model, weights: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length) }
}
