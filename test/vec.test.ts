// The shared n-gram machinery of the core (assembly/vec/features.ts), through the raw exports of the
// built core, as training scripts use it.
import { describe, expect, it } from 'vitest'
// @ts-expect-error: plain JavaScript script without types
import { rawCore } from '../scripts/train-toxicity.mjs'

const core = await rawCore()
const x = core.x

// A model of 2^bits buckets and `classes` classes with weights from a fixed-seed generator.
function model(bits: number, classes: number, kinds = 7, lexicon = '') {
  const stride = classes === 1 ? 1 : Math.ceil(classes / 16) * 16
  const m = x.vecModelReserve(bits, stride)
  const weights = new Int8Array(stride << bits)
  let seed = 12345
  for (let i = 0; i < weights.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    weights[i] = (seed >>> 16) % 255 - 127
  }
  new Int8Array(x.memory.buffer).set(weights, x.vecModelWeights(m))
  const lex = core.begin(lexicon)
  x.vecModelSet(m, kinds, 3, 5, classes, lex.ptr, lexicon.length)
  return { m, weights, stride }
}

function features(m: number, text: string, want = 3) {
  const ref = core.begin(text)
  const r = x.vecScore(ref.ptr, ref.len, m, want)
  const [nWords, , nFeat, featPtr, wordPtr, nFlag] = core.u32(r, 7)
  return {
    nWords,
    nFlag,
    feats: [...core.u32(featPtr, nFeat)] as number[],
    words: [...core.u32(wordPtr, nFeat)] as number[],
    sums: [...core.i32(r + 32, 64)] as number[]
  }
}

const texts = ['You are a fucking idiot', 'Hello, World! Ünïcödé ÀÉÎ text.', "don't stop me now", 'a', '', 'x'.repeat(40) + ' y']

describe('vecScore', () => {
  it('sums a 28-class head in the SIMD lanes as the features say', () => {
    const { m, weights, stride } = model(10, 28)
    for (const text of texts) {
      const f = features(m, text)
      const expected = new Array(28).fill(0)
      for (const b of f.feats) for (let c = 0; c < 28; c++) expected[c] += weights[b * stride + c]
      expect(f.sums.slice(0, 28), text).toEqual(expected)
    }
  })

  it('gives a single-class head the same sum from its word memo as from the walk', () => {
    const { m, weights } = model(12, 1)
    for (const text of [...texts, ...texts]) {
      const walked = features(m, text).feats.reduce((s, b) => s + weights[b], 0)
      const ref = core.begin(text)
      expect(core.i32(x.vecScore(ref.ptr, ref.len, m, 0) + 32, 1)[0], text).toBe(walked)
    }
  })

  it('gives a 28-class head the same sums from its word memo as from the walk', () => {
    const { m, weights, stride } = model(10, 28)
    // Twice over, so the second pass is served from the memo; a NOFEAT word too.
    for (const text of [...texts, ...texts]) {
      const expected = new Array(28).fill(0)
      for (const b of features(m, text).feats) for (let c = 0; c < 28; c++) expected[c] += weights[b * stride + c]
      const ref = core.begin(text)
      expect(Array.from(core.i32(x.vecScore(ref.ptr, ref.len, m, 0) + 32, 28)), text).toEqual(expected)
    }
  })

  // text -> features: per word 1 unigram, a bigram after the first word, and the character n-grams of
  // lengths 3..5 of the word with its two boundary markers (n + 2 bytes: 3n - 3 of them for n >= 2, 1
  // for n = 1); words over 30 bytes get no character n-grams.
  const counts: [string, number][] = [
    ['a', 1 + 1],
    ['ab', 1 + 3],
    ['abc', 1 + 6],
    ['abc de', 1 + 6 + 1 + 1 + 3],
    ['x'.repeat(31), 1]
  ]
  it.each(counts)('%s has %i features', (text, n) => {
    expect(features(model(8, 1).m, text).feats.length).toBe(n)
  })

  it('folds case as the core hash does', () => {
    const { m } = model(16, 1)
    expect(features(m, 'HELLO World ÀÉÎ').feats).toEqual(features(m, 'hello world àéî').feats)
    expect(features(m, 'hello').feats).not.toEqual(features(m, 'hellp').feats)
  })

  it('emits nothing for NOFEAT words and reports lexicon flags, not NOFEAT alone', () => {
    const { m } = model(16, 1, 7, 'bruh\t2147483648\nidiot\t3\ngay\t2147483664\n')
    const f = features(m, 'bruh you idiot')
    // "bruh" is only NOFEAT: no rule reads it, so it is not reported; "idiot" is.
    expect(f.nFlag).toBe(1)
    // A NOFEAT word with other flags is reported with all of them.
    expect(features(m, 'gay').nFlag).toBe(1)
    expect(f.words.every((w) => (w & 0x0fffffff) !== 0)).toBe(true)
    // "you": 1 + 6 n-grams and no bigram after a NOFEAT word; "idiot": bigram + 1 + 12.
    expect(f.feats.length).toBe(7 + 14)
  })
})

// lowerLatin1 (assembly/text/lower.ts) lower-cases prompt_manipulation's de-obfuscated text in the core, in
// place of String.prototype.toLowerCase: byte for byte what toLowerCase gives, at every length and
// alignment (16 bytes a step, then one by one), Latin-1 capitals split across the steps included.
describe('lowerLatin1', () => {
  const ALPHABET = 'aAzZ@[`{ 09ÀÖ×ØÞßàÿµ\u00c3\u00a9.-'
  let seed = 7
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16
  const cases: [string][] = [[''], ['A'], ['ÀÉÎ'], ['HELLO WORLD, ÀÖ × ØÞ ß ÿ µ'], ['x'.repeat(15) + 'À'], ['x'.repeat(16) + 'À'], ['x'.repeat(31) + 'ÀB']]
  for (let k = 0; k < 200; k++) {
    let s = ''
    const n = next() % 70
    for (let i = 0; i < n; i++) s += ALPHABET[next() % ALPHABET.length]
    cases.push([s])
  }
  it.each(cases)('%j', (text) => {
    const ref = core.begin(text)
    x.lowerLatin1(ref.ptr, ref.len)
    expect(new TextDecoder().decode(new Uint8Array(x.memory.buffer, ref.ptr, ref.len))).toBe(text.toLowerCase())
  })
})
