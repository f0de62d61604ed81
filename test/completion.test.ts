import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { readCases } from '../eval/judgement-fixtures.mjs'
import { expectIssue } from './helpers.js'

const litmus = await load()
const score = (query: string, response: string) => litmus.completion({ query, response }).score

// [query, response, complete?]: one case per thing completion checks.
const table: [string, string, boolean][] = [
  ['What is the capital of Australia?', 'The capital of Australia is Canberra.', true],
  ['What is the capital of Australia?', "I'm sorry, but I can't help with that request.", false],
  ['How many legs does a spider have?', 'Let me look into that and get back to you later.', false],
  ['Who wrote Pride and Prejudice and when was it published?', 'Jane Austen wrote it; it was published in 1813.', true],
  ['Who wrote Pride and Prejudice and when was it published?', 'Pride and Prejudice was written by Jane Austen.', false],
  ['List three benefits of regular exercise.', '1. Better heart health. 2. Improved mood. 3. Stronger bones.', true],
  ['List three benefits of regular exercise.', '1. Better heart health. 2. Improved mood.', false],
  ['Return the primary colors as a JSON array.', '["red", "yellow", "blue"]', true],
  ['Return the primary colors as a JSON array.', 'The primary colors are red, yellow and blue.', false],
  ['Describe the water cycle in under 20 words.', 'Water evaporates, forms clouds, falls as rain and flows back to the sea.', true],
  ['Describe the water cycle in under 20 words.', 'Water evaporates from the seas, rises and cools into clouds, falls as rain or snow, soaks into the ground, runs into rivers and finally flows back into the sea again.', false],
  ['What are the pros and cons of remote work?', 'Pros: no commute. Cons: isolation.', true],
  ['What are the pros and cons of remote work?', 'Pros: no commute and flexible hours.', false],
  ['Is a tomato a fruit or a vegetable?', 'Botanically it is a fruit.', true],
  ['Is a tomato a fruit or a vegetable?', 'Tomatoes are popular in many cuisines.', false],
  ['How long should I boil an egg for a soft yolk?', 'About 6 minutes.', true],
  ['How long should I boil an egg for a soft yolk?', 'Eggs are a great source of protein.', false],
  ['Please define "algorithm" and give an example.', 'An algorithm is a list of steps that solves a problem, for example a recipe.', true],
  ['Please define "algorithm" and give an example.', 'An algorithm is a list of steps that solves a problem.', false]
]

describe('completion: fixture table', () => {
  for (const [q, r, done] of table) {
    it(`${done ? 'complete' : 'incomplete'}: ${q} / ${r}`, () => {
      if (done) expect(score(q, r)).toBeGreaterThanOrEqual(50)
      else expect(score(q, r)).toBeLessThan(50)
    })
  }
})

describe('completion: held-out cases of the hand-labelled fixture', () => {
  // Even-numbered queries were kept out of every choice; the eval (eval/completion.eval.mjs) reports the
  // figure. This guards it from regressions: at least 70 % right at the default threshold.
  it('accuracy on the held-out split stays at or above 0.70', () => {
    const held = readCases('completion').filter((c) => c.split === 'held')
    const ok = held.filter((c) => (score(c.head, c.response) >= 50) === (c.label === 1)).length
    expect(held.length).toBeGreaterThanOrEqual(75)
    expect(ok / held.length).toBeGreaterThanOrEqual(0.7)
  })
})

describe('completion: range, v3 and explain', () => {
  it('stays in 0..100 on odd input', () => {
    for (const [q, r] of [['', ''], ['?', 'x'], ['list 99 things', 'a, b'], ['a'.repeat(5000), 'b '.repeat(3000)]]) {
      const s = score(q, r)
      expect(Number.isInteger(s)).toBe(true)
      expect(s).toBeGreaterThanOrEqual(0)
      expect(s).toBeLessThanOrEqual(100)
    }
  })
  it('v3 gives the v4 score', () => {
    const req = { query: 'List three colours.', response: 'Red, green and blue.' }
    expect(litmus.v3.completion(req)).toEqual(litmus.completion(req))
  })
  it('explain names what was missing and the refusal, with spans', () => {
    const query = 'List three benefits of regular exercise.'
    const response = 'I am unable to give more than one: better heart health'
    const e = litmus.explain('completion', { query, response })
    expect(e.score).toBe(score(query, response))
    const refusal = e.evidence.find((x) => x.label === 'refusal or deferral')!
    expect(response.slice(refusal.span![0], refusal.span![1])).toBe(refusal.string)
    expect(e.evidence.some((x) => x.label === '3 benefits' && x.weight < 0)).toBe(true)
  })
  it('validates its request', () => {
    expectIssue(() => litmus.completion({ query: 'q', response: 5 } as never), InvalidArgumentError, 'response')
    expectIssue(() => litmus.completion({ response: 'r' } as never), MissingArgumentError, 'query')
  })
})
