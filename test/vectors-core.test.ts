// The core's text vectors (assembly/vec/vectors.ts) against the build script's JavaScript mirror,
// with the shipped settings and with the n-gram backoff switched on (it ships off), on texts where
// the two tokenisers agree.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as model from '../src/models/vectors.generated.js'
// @ts-ignore: a plain ES module script
import { mirror } from '../scripts/build-vectors.mjs'

const texts = [
  'The cat sat on the mat.',
  'Paris is the capital of France, and Berlin is the capital of Germany.',
  'Zxqvbn Plorkington visited Quahog in 1999.',
  'I will recieve the pacakge tomorow.',
  'Ünïcödé Café in Zürich serves crème brûlée.',
  'Rock-and-roll, state-of-the-art, and/or AT&T.',
  ''
]

async function core(oovWeight: number) {
  const wasm = readFileSync(new URL('../build/litmus.wasm', import.meta.url))
  const { instance } = await WebAssembly.instantiate(wasm, { env: { abort() {} } })
  const x = instance.exports as any
  const vocab = new TextEncoder().encode(model.VOCAB)
  const vectors = new Uint8Array(Buffer.from(model.VECTORS, 'base64'))
  const ptr = x.vectorsReserve(vectors.length / model.DIMS, model.DIMS, vocab.length)
  const pc = ptr + ((vectors.length + 15) & ~15)
  new Uint8Array(x.memory.buffer).set(vectors, ptr)
  new Float32Array(x.memory.buffer, pc, model.DIMS).set(model.PC)
  new Uint8Array(x.memory.buffer).set(vocab, pc + model.DIMS * 4)
  x.vectorsLoad(model.SIF_A, model.ZIPF_C, model.OOV_RANK, oovWeight, model.NGRAM_MIN, model.NGRAM_MAX, model.NGRAM_BITS, model.LEX_BITS, model.ALPHA)
  const floats = model.DIMS + (1 << model.LEX_BITS)
  return (text: string): Float32Array => {
    x.reset()
    const bytes = new TextEncoder().encode(text)
    const p = x.alloc(bytes.length + 16)
    new Uint8Array(x.memory.buffer).set(bytes, p)
    const row = x.alloc(floats * 4)
    x.vectorsEmbed(p, bytes.length, row)
    return new Float32Array(x.memory.buffer, row, floats).slice()
  }
}

describe('core text vectors match the build script', () => {
  for (const oovWeight of [model.OOV_WEIGHT, 1]) {
    it(`oovWeight ${oovWeight}`, async () => {
      const embed = await core(oovWeight)
      const js = mirror({
        words: model.VOCAB.split('\n'),
        q: new Int8Array(Buffer.from(model.VECTORS, 'base64')),
        pc: Float64Array.from(model.PC),
        settings: { ...model.MANIFEST.settings, oovWeight }
      })
      for (const t of texts) {
        const a = embed(t)
        const b = js(t)
        let worst = 0
        for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]))
        expect(worst, t).toBeLessThan(1e-4)
      }
    })
  }
  it('the backoff changes only texts with words outside the vocabulary', async () => {
    const off = await core(0)
    const on = await core(1)
    expect(Array.from(on('The cat sat on the mat.'))).toEqual(Array.from(off('The cat sat on the mat.')))
    expect(Array.from(on('Zxqvbn Plorkington visited Quahog.'))).not.toEqual(Array.from(off('Zxqvbn Plorkington visited Quahog.')))
  })
})
