import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load()
const one = (text: string, topic: string) => litmus.sensitivity({ text, topics: [topic] }).scores[0].score

// Texts on a topic they never name: each must score at least 60 for it.
const present: [string, string][] = [
  ['My doctor changed my blood pressure medication after the hospital tests.', 'health'],
  ['The clinic offers free vaccinations for children this winter.', 'health'],
  ['He bought a rifle and a box of ammunition at the gun show.', 'firearms'],
  ['Police found a loaded pistol in the glovebox.', 'firearms'],
  ['The senate voted on the new election law; the president vetoed it.', 'politics'],
  ['Voters in the parliamentary election backed the opposition party.', 'politics'],
  ['I have been feeling anxious and depressed for weeks and my therapist suggested counselling.', 'mental health'],
  ['Simmer the onions in butter, then add garlic and bake for twenty minutes.', 'cooking'],
  ['Acme is cheaper than our rivals at Globex, and their customers are switching.', 'our competitors'],
  ['The striker scored twice and the team won the championship.', 'sport'],
  ['The telescope captured images of a distant galaxy and a new planet.', 'space exploration']
]

// Texts off the topic: each must score at most 40.
const absent: [string, string][] = [
  ['Please reset my password; I cannot log in to the server.', 'health'],
  ['Please reset my password; I cannot log in to the server.', 'firearms'],
  ['Simmer the onions in butter, then add garlic and bake for twenty minutes.', 'politics'],
  ['The striker scored twice and the team won the championship.', 'mental health'],
  ['The meeting is moved to Friday at three.', 'cooking'],
  ['The meeting is moved to Friday at three.', 'politics'],
  ['My doctor changed my blood pressure medication after the hospital tests.', 'firearms'],
  ['He bought a rifle and a box of ammunition at the gun show.', 'cooking'],
  ['The telescope captured images of a distant galaxy and a new planet.', 'our competitors']
]

describe('sensitivity: topics present score high', () => {
  for (const [text, topic] of present) it(`${topic}: ${text}`, () => expect(one(text, topic)).toBeGreaterThanOrEqual(60))
})

describe('sensitivity: topics absent score low', () => {
  for (const [text, topic] of absent) it(`${topic}: ${text}`, () => expect(one(text, topic)).toBeLessThanOrEqual(40))
})

describe('sensitivity: the response', () => {
  it('has one score per topic, in request order, labelled as given', () => {
    const topics = ['Politics', 'health', 'our competitors', 'health']
    const r = litmus.sensitivity({ text: 'The minister resigned after the vote.', topics })
    expect(r.scores.map((s) => s.label)).toEqual(topics)
    expect(r.scores[1].score).toBe(r.scores[3].score)
    for (const s of r.scores) expect(s.score).toBeGreaterThanOrEqual(0), expect(s.score).toBeLessThanOrEqual(100)
  })
  it('scores the same alone and among other topics', () => {
    const text = 'The minister resigned after the vote.'
    const alone = one(text, 'politics')
    expect(litmus.sensitivity({ text, topics: ['cooking', 'politics', 'firearms'] }).scores[1].score).toBe(alone)
  })
  it('is case-blind in the topic and the text', () => {
    expect(one('THE SENATE VOTED ON THE ELECTION LAW.', 'POLITICS')).toBe(one('the senate voted on the election law.', 'politics'))
  })
  it('scores 0 for a text without a content word', () => {
    for (const text of ['', '   ', '😀 !!! ...', 'the and of it']) expect(one(text, 'health')).toBe(0)
  })
  it('counts the topic word itself and its plural', () => {
    expect(one('Firearm owners must register.', 'firearms')).toBeGreaterThanOrEqual(60)
    expect(one('We discussed competitors.', 'our competitors')).toBeGreaterThanOrEqual(50)
  })
  it('keeps its scores after more topics than it keeps tables', () => {
    const text = 'The senate voted on the new election law.'
    const before = one(text, 'politics')
    for (let i = 0; i < 130; i++) one(text, `topic ${i} zebra`)
    expect(one(text, 'politics')).toBe(before)
  })
  it('matches topics outside the vocabulary and in other scripts by their own words', () => {
    expect(one('La santé publique.', 'santé')).toBeGreaterThanOrEqual(60)
    expect(one('政治 est important.', '政治')).toBeGreaterThanOrEqual(60)
    expect(one('The weather is mild.', 'santé')).toBeLessThanOrEqual(40)
  })
  it('handles topics outside the vocabulary and long texts', () => {
    const s = one('Zxqvbnm is spreading. ' + 'The weather is mild. '.repeat(2000), 'zxqvbnm')
    expect(s).toBeGreaterThanOrEqual(0)
    expect(s).toBeLessThanOrEqual(100)
    expect(one('Zxqvbnm is spreading.', 'zxqvbnm')).toBeGreaterThan(one('The weather is mild.', 'zxqvbnm'))
  })
})

describe('sensitivity: v3', () => {
  it('scores the response, not the query', () => {
    const r = litmus.evaluate('v3.sensitivity', { query: 'Tell me about guns and rifles', response: 'The cake needs more flour and sugar.', topics: ['firearms', 'cooking'] }) as { scores: { label: string; score: number }[] }
    expect(r.scores[0].label).toBe('firearms')
    expect(r.scores[0].score).toBeLessThan(40)
    expect(r.scores[1].score).toBeGreaterThanOrEqual(60)
  })
})

describe('sensitivity: explain', () => {
  it('lists the matched words per topic with spans and closeness', () => {
    const text = 'He bought a rifle and a box of ammunition at the gun show.'
    const e = litmus.explain('sensitivity', { text, topics: ['firearms', 'cooking'] })
    expect(e.operation).toBe('sensitivity')
    const words = e.evidence.filter((x) => x.label.startsWith('topic: firearms')).map((x) => x.string)
    expect(words).toEqual(expect.arrayContaining(['rifle', 'gun', 'ammunition']))
    for (const x of e.evidence) {
      expect(text.slice(x.span![0], x.span![1])).toBe(x.string)
      expect(x.weight).toBeGreaterThan(0)
      expect(x.weight).toBeLessThanOrEqual(1)
    }
    expect(e.score).toBe(one(text, 'firearms'))
  })
  it('gives string spans for non-ASCII text', () => {
    const text = 'Ça coûte — the gun 😀 and the rifle.'
    const e = litmus.explain('sensitivity', { text, topics: ['firearms'] })
    for (const x of e.evidence) expect(text.slice(x.span![0], x.span![1])).toBe(x.string)
    expect(e.evidence.map((x) => x.string)).toEqual(expect.arrayContaining(['gun', 'rifle']))
  })
})

describe('sensitivity: validation', () => {
  it('rejects bad topics with the field named', () => {
    expectIssue(() => litmus.sensitivity({ text: 'x', topics: [] }), InvalidArgumentError, 'topics')
    expectIssue(() => litmus.sensitivity({ text: 'x', topics: Array(65).fill('a') }), InvalidArgumentError, 'topics')
    expectIssue(() => litmus.sensitivity({ text: 'x', topics: ['a'.repeat(101)] }), InvalidArgumentError, 'topics[0]')
    expectIssue(() => litmus.sensitivity({ text: 'x', topics: ['!!!'] }), InvalidArgumentError, 'topics')
    expectIssue(() => litmus.sensitivity({ text: 'x', topics: ['the', 'of it'] }), InvalidArgumentError, 'topics')
    expectIssue(() => litmus.sensitivity({ text: 'x', topics: [''] }), InvalidArgumentError, 'topics[0]')
    expectIssue(() => litmus.sensitivity({ text: 'x', topics: ['ok', 3] } as any), InvalidArgumentError, 'topics[1]')
    expectIssue(() => litmus.sensitivity({ text: 'x' } as any), MissingArgumentError, 'topics')
    expectIssue(() => litmus.evaluate('v3.sensitivity', { query: 'q', topics: ['a'] }), MissingArgumentError, 'response')
  })
  it('still works after a rejected topic', () => {
    expect(() => litmus.sensitivity({ text: 'x', topics: ['!!!'] })).toThrow()
    expect(one('The senate voted on the new election law.', 'politics')).toBeGreaterThanOrEqual(60)
  })
})
