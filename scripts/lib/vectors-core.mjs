// The built core with the word vectors installed, for scripts that tune metrics over the vectors
// (mirrors `vectorsModel`'s install in src/metrics/grounded/stability.ts).
import { readFileSync } from 'node:fs'
import { loadCore } from './core.mjs'

/** Named constants of a generated model module (src/models/<name>.generated.ts). */
export function generatedConstants(name) {
  const text = readFileSync(new URL(`../../src/models/${name}.generated.ts`, import.meta.url), 'utf8')
  const out = {}
  for (const m of text.matchAll(/^export const (\w+): [^=]+= (.*)$/gm)) {
    const v = m[2].trim()
    out[m[1]] = v.startsWith("'") ? v.slice(1, -1) : JSON.parse(v)
  }
  return out
}

export async function loadVectorsCore() {
  const core = await loadCore()
  const x = core.exports
  const m = generatedConstants('vectors')
  const vocab = new TextEncoder().encode(m.VOCAB)
  const vectors = Buffer.from(m.VECTORS, 'base64')
  const ptr = x.vectorsReserve(vectors.length / m.DIMS, m.DIMS, vocab.length)
  const pc = ptr + ((vectors.length + 15) & ~15)
  const bytes = new Uint8Array(x.memory.buffer)
  bytes.set(vectors, ptr)
  new Float32Array(x.memory.buffer, pc, m.DIMS).set(m.PC)
  bytes.set(vocab, pc + m.DIMS * 4)
  x.vectorsLoad(m.SIF_A, m.ZIPF_C, m.OOV_RANK, m.OOV_WEIGHT, m.NGRAM_MIN, m.NGRAM_MAX, m.NGRAM_BITS, m.LEX_BITS, m.ALPHA)
  return core
}
