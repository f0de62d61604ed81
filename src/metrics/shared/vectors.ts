// The word vectors every meaning-based metric shares (stability, the grounded family, sensitivity): one
// model, installed once per core, whichever metric needs it first.
import { weightBytes } from '../../core/wasm.js'
import { defineModel } from './metric.js'

/** The word vectors, copied into core memory kept for the instance, with their tables built. */
export const vectorsModel = defineModel('vectors', () => import('../../models/vectors.generated.js'), (ctx, model) => {
  const x = ctx.core.exports
  const vocab = new TextEncoder().encode(model.VOCAB)
  const vectors = weightBytes(model.VECTORS)
  const words = vectors.length / model.DIMS
  const ptr = x.vectorsReserve(words, model.DIMS, vocab.length)
  // Layout (vec/vectors.ts): int8 vectors, PC (f32, 16-aligned), vocabulary text.
  const pc = ptr + ((vectors.length + 15) & ~15)
  const bytes = ctx.core.bytes
  bytes.set(vectors, ptr)
  ctx.core.f32(pc, model.DIMS).set(model.PC)
  bytes.set(vocab, pc + model.DIMS * 4)
  x.vectorsLoad(model.SIF_A, model.ZIPF_C, model.OOV_RANK, model.OOV_WEIGHT, model.NGRAM_MIN, model.NGRAM_MAX, model.NGRAM_BITS, model.LEX_BITS, model.ALPHA)
  x.stabilityZero(model.ZERO)
})
