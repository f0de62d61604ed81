// Repetition is not evidence: a benign sentence repeated 1 to 1,000 times scores no higher than the
// sentence once, for every learned safety metric. The heads divide their n-gram sum by the feature
// count and toxicity reads no word pairs, so a repeated text has the inputs of the text once; the
// previous build divided by the square root and saturated ('ok ' x 100: toxicity 97.87;
// 'Thank you very much. ' x 100: prompt_manipulation 100).
import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load()

const SENTENCES = [
  'ok ',
  'Thank you very much. ',
  'Have a nice day! ',
  'The meeting is moved to 3 pm.\n',
  'Please find the report attached. ',
  'lol ',
  'Can you help me with my homework? '
]
const TIMES = [1, 2, 3, 10, 100, 1000]

const METRICS: [string, (text: string) => number][] = [
  ['toxicity', (text) => litmus.evaluate('toxicity', { text }).score],
  ['prompt_manipulation', (text) => litmus.evaluate('prompt_manipulation', { text }).score],
  ['refusal', (text) => litmus.evaluate('refusal', { query: 'Can you help?', response: text }).score]
]

describe('repeated benign text', () => {
  for (const [name, score] of METRICS) {
    it.each(SENTENCES)(`${name}: %j repeated scores no higher than once`, (sentence) => {
      const once = score(sentence)
      for (const n of TIMES) expect(score(sentence.repeat(n)), `x ${n}`).toBeLessThanOrEqual(once)
    })
  }
})
