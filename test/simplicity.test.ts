import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load()
const score = (text: string) => litmus.simplicity({ text }).score

// Each row: the simpler text, then the harder one on the same subject.
const pairs: [simpler: string, harder: string][] = [
  ['The cat sat on the mat.', 'The feline reclined upon the rug.'],
  ['We need to fix this soon.', 'Remediation of this deficiency is imperative.'],
  ['The doctor said my heart is fine.', 'The cardiologist determined that my myocardial function is unremarkable.'],
  ['Use the web page to change your password.', 'Use the OAuth endpoint to rotate your JWT credentials via the IdP.'],
  ['He was very happy with the gift.', 'He was exceedingly gratified by the benefaction.'],
  ['Plants need water and light to grow.', 'Photosynthetic organisms require hydration and irradiance for proliferation.'],
  ['The town was hit by a big storm.', 'The municipality sustained considerable meteorological devastation.']
]

describe('simplicity', () => {
  for (const [simpler, harder] of pairs) {
    it(`"${simpler}" scores above "${harder}"`, () => expect(score(simpler)).toBeGreaterThan(score(harder)))
  }

  it('scores familiar everyday words high and jargon low', () => {
    expect(score('I like to play with my dog in the park.')).toBeGreaterThan(75)
    expect(score('The epistemological ramifications of quantum decoherence are considerable.')).toBeLessThan(25)
  })

  it('is about the words, not the length: a text and the same text twice score the same', () => {
    const text = 'The committee will meet next week to review the plan. Everyone is welcome to come.'
    expect(score(`${text} ${text}`)).toBeCloseTo(score(text), 6)
  })

  it('reads inflected forms and typographic apostrophes as their base words', () => {
    expect(score('She was playing with the dogs.')).toBeCloseTo(score('She was play with the dog.'), 0)
    expect(score('I don’t know where it’s gone.')).toBe(score("I don't know where it's gone."))
  })

  it('stays in 0..100 and ignores numbers', () => {
    for (const text of ['a', 'Zzyzx qwxv bnmp', '1 2 3 go', 'x'.repeat(10_000), 'The '.repeat(5000)]) {
      const s = score(text)
      expect(s).toBeGreaterThanOrEqual(0)
      expect(s).toBeLessThanOrEqual(100)
    }
    expect(score('We have 3 cats and 12 dogs.')).toBe(score('We have cats and dogs.'))
  })

  it('scores text without a word of letters 100, as every metric accepts text with no words (docs/api.md)', () => {
    for (const text of ['', '   ', '123 456', '!!!']) expect(score(text)).toBe(100)
  })

  it('explains with the hardest words and each feature', () => {
    const text = 'The cardiologist saw my dog.'
    const x = litmus.explain('simplicity', { text }) as any
    expect(x.score).toBe(score(text))
    expect(x.evidence[0].string).toBe('cardiologist')
    expect(text.slice(...x.evidence[0].span)).toBe('cardiologist')
    expect(x.features.map((f: { label: string }) => f.label)).toContain('unfamiliar')
  })
})
