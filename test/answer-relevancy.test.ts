import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load()
const score = (query: string, response: string) => litmus.answerRelevancy({ query, response })

// [query, response that answers it, response that shares its words but answers another question]
const pairs: [string, string, string][] = [
  ['When was Abraham Lincoln born?', 'Abraham Lincoln was born on February 12, 1809.', 'Abraham Lincoln was born in Hodgenville, Kentucky.'],
  ['Who wrote Pride and Prejudice?', 'Jane Austen wrote Pride and Prejudice.', 'Pride and Prejudice was published in 1813.'],
  ['How many legs does a spider have?', 'A spider has eight legs.', 'Spiders use their legs to sense vibrations.'],
  ['Where was Abraham Lincoln born?', 'Abraham Lincoln was born in Hodgenville, Kentucky.', 'Abraham Lincoln was born on February 12, 1809.'],
  ['What is the capital of France?', 'The capital of France is Paris.', 'I like turtles.'],
  ['What is the population of Canada?', 'Canada has about 40 million people.', 'Canada is a country in North America.']
]

describe('answer_relevancy: the answer above the response to another question', () => {
  for (const [q, good, bad] of pairs) {
    it(q, () => {
      const a = score(q, good).score
      const b = score(q, bad).score
      expect(a).toBeGreaterThan(b)
      expect(a).toBeGreaterThanOrEqual(50)
    })
  }
  it('a response to a different question scores low though it shares words', () => {
    expect(score('When was Abraham Lincoln born?', 'Abraham Lincoln was born in Hodgenville, Kentucky.').score).toBeLessThan(50)
    expect(score('Who wrote Pride and Prejudice?', 'Pride and Prejudice was published in 1813.').score).toBeLessThan(50)
  })
  it('an unrelated response scores near 0', () => {
    expect(score('What is the capital of France?', 'Bake the bread for forty minutes.').score).toBeLessThanOrEqual(10)
  })
})

// [response, the question generated from it]
const questions: [string, string][] = [
  ['Abraham Lincoln was born on February 12, 1809.', 'When was Abraham Lincoln born?'],
  ['Abraham Lincoln was born in Hodgenville, Kentucky.', 'Where was Abraham Lincoln born?'],
  ['Jane Austen wrote Pride and Prejudice.', 'Who wrote Pride and Prejudice?'],
  ['A spider has eight legs.', 'How many legs does a spider have?'],
  ['The capital of France is Paris.', 'What is the capital of France?'],
  ['The sky looks blue because air scatters blue light more than red light.', 'Why does the sky look blue?'],
  ['Canada has about 40 million people.', 'How many people does Canada have?'],
  ['Pride and Prejudice was published in 1813.', 'When was Pride and Prejudice published?']
]

describe('answer_relevancy: generated_question', () => {
  for (const [response, question] of questions) {
    it(response, () => {
      expect(score('Tell me something.', response).generated_question).toBe(question)
    })
  }
  it('is empty for a response with no words', () => {
    expect(score('What is the capital of France?', '...')).toEqual({ score: 0, generated_question: '' })
  })
})

// [query, sentence whose subject is the query's subject, sentence that mentions it in passing]: a "what /
// who is X" question is answered by a sentence defining X, though a passing mention can share as many words.
const definitions: [string, string, string][] = [
  ['What is a fret?', 'A fret is a raised element on the neck of a stringed instrument.', 'Guitarists press each string just behind a fret on the neck.'],
  ['What is a fret?', 'A fret is a raised strip on the neck of a guitar.', 'A capo is a clamp that holds the strings against a fret.'],
  ['What is a glacier cave?', 'A glacier cave is a cave formed within the ice of a glacier.', 'Visitors to the glacier cave on Perito Moreno wear helmets.'],
  ['Who is Kirk Douglas?', 'Kirk Douglas (born December 9, 1916) is an American actor and film producer.', 'The film starred Kirk Douglas and Tony Curtis.']
]

describe('answer_relevancy: a definition of the query subject above a passing mention', () => {
  for (const [q, defining, passing] of definitions) {
    it(`${q} / ${passing}`, () => {
      expect(score(q, defining).score).toBeGreaterThan(score(q, passing).score)
      const e = litmus.explain('answer_relevancy', { query: q, response: defining })
      const d = e.evidence.find((x) => x.label === "defines the query's subject")!
      expect(d.weight).toBeGreaterThan(0)
      expect(defining.slice(d.span![0], d.span![1])).toBe(d.string)
      expect(litmus.explain('answer_relevancy', { query: q, response: passing }).evidence.some((x) => x.label.includes('subject'))).toBe(false)
    })
  }
  it('the other way round: a definition of X does not answer a question about Y that mentions X', () => {
    // "capo" is the subject asked about; the fret sentence mentions neither as its subject.
    const q = 'What is a capo?'
    expect(score(q, 'A capo is a clamp that holds the strings against a fret.').score).toBeGreaterThan(score(q, 'A fret is a raised strip on the neck of a guitar, under the capo.').score)
    const e = litmus.explain('answer_relevancy', { query: q, response: 'A fret is a raised strip on the neck of a guitar, under the capo.' })
    expect(e.subject_factor).toBe(1)
  })
  it('a yes / no question and a question of another kind take no definition factor', () => {
    expect(litmus.explain('answer_relevancy', { query: 'Is a fret a raised strip?', response: 'A fret is a raised strip.' }).subject_factor).toBe(1)
    const e = litmus.explain('answer_relevancy', { query: 'When was the Eiffel Tower built?', response: 'The Eiffel Tower was built between 1887 and 1889.' })
    expect(e.subject_kind).toBe('other')
    expect(e.evidence.some((x) => x.label === "the query's subject is the response's subject")).toBe(true)
  })
  it('a "how does" question: a mechanism word is evidence', () => {
    const e = litmus.explain('answer_relevancy', { query: 'How does a rocket engine work?', response: 'A rocket engine produces thrust by expelling hot gas through a nozzle.' })
    expect(e.subject_kind).toBe('how')
    expect(e.evidence.find((x) => x.label.startsWith('mechanism word'))?.string).toBe('by')
  })
})

describe('answer_relevancy: range, v3 and explain', () => {
  it('stays in 0..100 on odd input', () => {
    for (const [q, r] of [['', ''], ['?', 'x'], ['a'.repeat(5000), 'b '.repeat(3000)], ['日本の首都は？', '東京です。'], ['When?', '2020']]) {
      const s = score(q, r).score
      expect(Number.isInteger(s)).toBe(true)
      expect(s).toBeGreaterThanOrEqual(0)
      expect(s).toBeLessThanOrEqual(100)
    }
  })
  it('v3 takes context nodes and returns the v4 shape', () => {
    const req = { query: 'Who wrote Pride and Prejudice?', context: [{ node_id: 'n1', node_score: 1, node_text: 'Austen' }], response: 'Jane Austen wrote Pride and Prejudice.' }
    expect(litmus.v3.answerRelevancy(req)).toEqual(score(req.query, req.response))
  })
  it('explain lists matched query words with response spans and the generated question', () => {
    const response = 'Jane Austen wrote Pride and Prejudice.'
    const e = litmus.explain('answer_relevancy', { query: 'Who wrote Pride and Prejudice?', response })
    expect(e.score).toBe(score('Who wrote Pride and Prejudice?', response).score)
    expect(e.generated_question).toBe('Who wrote Pride and Prejudice?')
    const matched = e.evidence.filter((x) => x.label.includes('matched'))
    expect(matched.length).toBeGreaterThanOrEqual(2)
    for (const m of matched) expect(response.slice(m.span![0], m.span![1])).toBe(m.string)
  })
  it('explain exposes the parts the score is built from, the formula among them', () => {
    const cases: [string, string, Record<string, number>][] = [
      // An answer of the asked type (a person) with every query word: full coverage, a specific answer.
      ['Who wrote Pride and Prejudice?', 'Jane Austen wrote Pride and Prejudice.', { coverage: 1, exact_coverage: 1, has_answer: 1, specific_answer: 1 }],
      // Another question's answer: no query word, no date.
      ['When was Lincoln born?', 'Paris is the capital of France.', { coverage: 0, exact_coverage: 0, specific_answer: 0 }],
      // Japanese: bigram coverage stands for both coverages.
      ['日本の首都はどこですか。', '日本の首都は東京です。', { has_answer: 1 }]
    ]
    for (const [query, response, want] of cases) {
      const e = litmus.explain('answer_relevancy', { query, response }) as unknown as { score: number; features: Record<string, number> }
      expect(Object.keys(e.features)).toEqual(['coverage', 'exact_coverage', 'type_factor', 'has_answer', 'specific_answer', 'question_similarity', 'question_back', 'focus', 'phrase', 'log_words', 'subject', 'formula'])
      expect(e.features).toMatchObject(want)
      expect(Math.abs(100 * e.features.formula - e.score)).toBeLessThanOrEqual(0.01)
      for (const v of Object.values(e.features)) expect(Number.isFinite(v)).toBe(true)
    }
  })
  it('validates its request', () => {
    expectIssue(() => litmus.answerRelevancy({ query: 1, response: 'x' } as never), InvalidArgumentError, 'query')
    expectIssue(() => litmus.answerRelevancy({ query: 'q' } as never), MissingArgumentError, 'response')
  })
})
