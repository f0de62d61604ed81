// The word-vector model must be exactly what scripts/build-vectors.mjs makes from its inputs.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import * as model from '../src/models/vectors.generated.js'
// @ts-ignore: a plain ES module script
import { SETTINGS } from '../scripts/build-vectors.mjs'

// The payload hash and the input files are checked for every model by test/models.test.ts.
describe('vectors model manifest', () => {
  it('settings match the script and the exported constants', () => {
    expect(model.MANIFEST.settings).toEqual(SETTINGS)
    expect(model.MANIFEST.script).toBe('scripts/build-vectors.mjs')
    const s = model.MANIFEST.settings
    expect([model.DIMS, model.SIF_A, model.ZIPF_C, model.OOV_RANK, model.OOV_WEIGHT, model.ALPHA]).toEqual([s.dims, s.sifA, s.zipfC, s.oovRank, s.oovWeight, s.alpha])
    expect([model.NGRAM_MIN, model.NGRAM_MAX, model.NGRAM_BITS, model.LEX_BITS]).toEqual([s.ngramMin, s.ngramMax, s.ngramBits, s.lexBits])
    expect(model.VOCAB.split('\n').length).toBe(s.vocabulary)
    expect(Buffer.from(model.VECTORS, 'base64').length).toBe(s.vocabulary * s.dims)
    expect(model.PC.length).toBe(s.dims)
  })
  it('stays within 1 MB gzipped', () => {
    const file = readFileSync(new URL('../src/models/vectors.generated.ts', import.meta.url))
    expect(gzipSync(file, { level: 9 }).length).toBeLessThanOrEqual(1 << 20)
  })
})
