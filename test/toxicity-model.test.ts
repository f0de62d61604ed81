import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import * as model from '../src/models/toxicity.generated.js'
// @ts-expect-error: plain JavaScript script without types
import { inputHashes, SETTINGS } from '../scripts/train-toxicity.mjs'

const datasets = new URL('../../shared/datasets/', import.meta.url)

describe('toxicity model file', () => {
  // The payload hash is checked for every model by test/models.test.ts.
  it('holds one weight per bucket', () => {
    expect(Buffer.from(model.WEIGHTS, 'base64').length).toBe(1 << model.BITS)
  })

  it('was built by the script with its settings', () => {
    expect(model.MANIFEST.script).toBe('scripts/train-toxicity.mjs')
    expect(model.MANIFEST.settings).toEqual(SETTINGS)
    expect([model.KINDS, model.BITS, model.CMIN, model.CMAX]).toEqual([SETTINGS.kinds, SETTINGS.bits, SETTINGS.cmin, SETTINGS.cmax])
  })

  // The inputs (training data, lexicons, the rules and the feature code) hash as the manifest says: a
  // change to any of them without re-running `node scripts/train-toxicity.mjs` fails here.
  it.skipIf(!existsSync(datasets))('matches its inputs', () => {
    expect(model.MANIFEST.inputs).toEqual(inputHashes())
  })

  it('fits the model chunk budget (1 MB gzipped)', () => {
    const file = readFileSync(new URL('../src/models/toxicity.generated.ts', import.meta.url))
    expect(gzipSync(file, { level: 9 }).length).toBeLessThanOrEqual(1_000_000)
  })
})
