// Installing a hashed n-gram head (assembly/vec/features.ts) from its generated model file: the int8
// weights into core memory kept for the instance's life, then its feature kinds, n-gram lengths, class
// count and the lexicon whose words the core flags while it sums. Every n-gram metric installs this way.
import { decodeBase64 } from '../core/wasm.js'
import type { Context } from './context.js'

/** The fields every generated n-gram model has. */
export interface NgramModelFile {
  KINDS: number
  BITS: number
  /** 1: the head sum is divided by the feature count; absent or 0: by its square root (older files). */
  NORM?: number
  WEIGHTS: string
}

/**
 * Input scale of a text with n features: 1/n, so a text repeated many times has the head input of the
 * text once (the square root of older files let repeated benign text saturate the score).
 */
export const headNorm = (m: { NORM?: number }, n: number): number => (n > 0 ? (m.NORM === 1 ? 1 / n : 1 / Math.sqrt(n)) : 0)

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
  const bytes = decodeBase64(file.WEIGHTS)
  const model = x.vecModelReserve(file.BITS, options.stride ?? 1)
  core.bytes.set(bytes, x.vecModelWeights(model))
  const lexicon = options.lexicon ?? ''
  const lex = lexicon === '' ? { ptr: 0, len: 0 } : core.begin(lexicon)
  x.vecModelSet(model, file.KINDS, options.cmin, options.cmax, options.classes ?? 1, lex.ptr, lex.len)
  return { model, weights: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length) }
}
