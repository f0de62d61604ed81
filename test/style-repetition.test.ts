// Repetition is not evidence: a benign sentence repeated 1 to 1,000 times scores as the sentence once
// (within TOLERANCE points, the lead tone unchanged) for formality, helpfulness, tone and simplicity.
// The style heads scale their n-gram sums so that k copies of a text give the head input of the text
// once (formality and helpfulness's word head: 1/feature count; tone: sqrt(distinct-word share / feature count)),
// and size, length and mark counts are read from distinct words or as rates. The previous build
// divided by the square root of the feature count and counted every word: 'Thank you very much. ' x 1000
// scored formality 93.54 (16.97 once), 'The weather is nice today. ' x 1000 helpfulness 99.79 (35.29),
// 'ok ' x 1000 tone approval 100 (86.69).
import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load()

const SENTENCES = [
  'ok ',
  'lol ',
  'Thank you very much. ',
  'Have a nice day! ',
  'The weather is nice today. ',
  'Please find the report attached. ',
  'Can you help me with my homework? ',
  'The meeting is moved to 3 pm.\n'
]
const TIMES = [10, 100, 1000]
/** Points a repeated sentence may differ from the sentence once. */
const TOLERANCE = 2

const METRICS: [string, (text: string) => number][] = [
  ['formality', (text) => litmus.evaluate('formality', { text }).score],
  ['helpfulness', (text) => litmus.evaluate('helpfulness', { text }).score],
  ['simplicity', (text) => litmus.evaluate('simplicity', { text }).score]
]

describe('repeated benign text', () => {
  for (const [name, score] of METRICS) {
    it.each(SENTENCES)(`${name}: %j repeated scores as once`, (sentence) => {
      const once = score(sentence)
      for (const n of TIMES) expect(Math.abs(score(sentence.repeat(n)) - once), `x ${n}`).toBeLessThanOrEqual(TOLERANCE)
    })
  }

  it.each(SENTENCES)('tone: %j repeated keeps its lead tone and score', (sentence) => {
    const once = litmus.evaluate('tone', { text: sentence }).scores
    for (const n of TIMES) {
      const many = litmus.evaluate('tone', { text: sentence.repeat(n) }).scores
      expect(many[0]?.label, `x ${n}`).toBe(once[0]?.label)
      expect(Math.abs(many[0].score - once[0].score), `x ${n}`).toBeLessThanOrEqual(TOLERANCE)
    }
  })
})
