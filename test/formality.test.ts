import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load()
const score = (text: string) => litmus.formality({ text }).score

// [more formal, less formal]: the same message in two registers; the first must score higher.
const pairs: [formal: string, informal: string][] = [
  ['I do not know what you are referring to.', 'idk what ur talking about lol'],
  ['Would you like to join us for dinner?', "wanna grab food? we're going now!!"],
  ['The committee will reconvene on Tuesday to consider the proposed amendments.', 'the committee is gonna meet again tuesday i think'],
  ['Thank you for your assistance with this matter.', 'thx so much dude!!!'],
  ['Furthermore, the results indicate a significant increase in revenue.', 'also we made way more money, awesome'],
  ['I am unable to attend the meeting.', "I can't make it to the meeting, sorry :("],
  ['Please find the report attached.', 'here u go'],
  ['The weather was unusually cold for the season.', 'OMG it was SO cold today'],
  ['Dear Sir, I am writing to inform you of a change to the schedule.', 'hey, heads up, the schedule changed'],
  ['However, this approach has several limitations.', "but yeah it's kinda limited tbh"]
]

// text -> clearly informal (below 30) or clearly formal (above 50).
const clear: [text: string, formal: boolean][] = [
  ['lol idk what ur talking about dude!!', false],
  ['hey guys', false],
  ['omg this is sooo good!!!', false],
  ['The committee will reconvene on Tuesday to consider the proposed amendments.', true],
  ['Furthermore, the results indicate a significant increase in revenue.', true],
  ['The government announced new regulations concerning emissions from power plants.', true]
]

describe('formality', () => {
  it.each(pairs)('%s > %s', (formal, informal) => {
    expect(score(formal)).toBeGreaterThan(score(informal))
  })

  it.each(clear)('%s -> formal %s', (text, formal) => {
    if (formal) expect(score(text)).toBeGreaterThan(50)
    else expect(score(text)).toBeLessThan(30)
  })

  it('scores a text without words at 50 (no evidence either way)', () => {
    for (const text of ['', '   ', '...', '🙂']) expect(score(text)).toBe(50)
  })

  it('keeps every score in 0..100 on odd input', () => {
    for (const text of ['a'.repeat(100000), 'ÄÖÜ ß ñ 漢字 '.repeat(50), '\u0000\uffff x', '!'.repeat(1000) + ' hi', 'I '.repeat(5000)]) {
      const s = score(text)
      expect(s).toBeGreaterThanOrEqual(0)
      expect(s).toBeLessThanOrEqual(100)
    }
  })

  it('treats curly and straight apostrophes alike', () => {
    expect(score('I don’t think it’s ready.')).toBeCloseTo(score("I don't think it's ready."), 0)
  })

  it('rejects bad requests', () => {
    expectIssue(() => litmus.formality({} as never), MissingArgumentError, 'text')
    expectIssue(() => litmus.formality({ text: 3 } as never), InvalidArgumentError, 'text')
  })

  it('v3.formality scores the response', () => {
    const response = 'The committee will reconvene on Tuesday.'
    expect((litmus.evaluate('v3.formality', { query: 'hey when r u meeting?', response }) as { score: number }).score).toBe(score(response))
  })

  it('explains a score with spans for words and text-wide habits without', () => {
    const text = "lol I don't know man!!"
    const ex = litmus.explain('formality', { text })
    expect(ex.score).toBe(score(text))
    const contraction = ex.evidence.find((e: { label: string }) => e.label === 'contraction')!
    expect(contraction.string).toBe("don't")
    expect(text.slice(contraction.span![0], contraction.span![1])).toBe("don't")
    expect(contraction.weight).toBeLessThan(0)
    expect(ex.evidence.some((e: { label: string }) => e.label === 'repeatedPunctuation')).toBe(true)
    const sum = Object.values(ex.features as Record<string, { contribution: number }>).reduce((a, f) => a + f.contribution, 0)
    expect(Number.isFinite(sum)).toBe(true)
  })
})
