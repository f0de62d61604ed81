import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load()
const score = (text: string) => litmus.helpfulness({ text }).score

// [kind, more helpful, less helpful, ranked right]: each pair written for this metric. `ranked right` is
// false for the known failure (a long hedge outscores a short plain answer: length and the head outweigh
// the hedges; docs/metrics/helpfulness.md), so a change either way shows here.
const pairs: [kind: string, better: string, worse: string, right: boolean][] = JSON.parse(
  readFileSync(new URL('fixtures/helpfulness/pairs.json', import.meta.url), 'utf8')
)

// [kind, query, answer to it, worse response]: v3 reads the query (docs/metrics/helpfulness.md).
const v3Pairs: [kind: string, query: string, better: string, worse: string][] = JSON.parse(
  readFileSync(new URL('fixtures/helpfulness/v3-pairs.json', import.meta.url), 'utf8')
)

// text -> side of 50: refusals, deflections and shrugs below; a specific, detailed answer above.
const sides: [text: string, helpful: boolean][] = [
  ["I'm sorry, but I can't help with that.", false],
  ['Um, do you mean in terms of sales?', false],
  ["I don't know, maybe?", false],
  ['Why do you ask?', false],
  [pairs[5][1], true],
  [pairs[6][1], true]
]

describe('helpfulness', () => {
  it.each(pairs)('%s: the helpful answer scores higher', (_kind, better, worse, right) => {
    expect(score(better) > score(worse)).toBe(right)
  })

  it.each(sides)('%s -> helpful %s', (text, helpful) => {
    const s = score(text)
    expect(s).toBeGreaterThanOrEqual(0)
    expect(s).toBeLessThanOrEqual(100)
    expect(s >= 50).toBe(helpful)
  })

  it('gives 0 to a text without words', () => {
    expect(score('')).toBe(0)
    expect(score(' ?! ')).toBe(0)
  })

  it.each(v3Pairs)('v3, %s: the answer to the query scores higher', (_kind, query, better, worse) => {
    const v3 = (response: string) => litmus.evaluate('v3.helpfulness', { query, response }).score
    expect(v3(better)).toBeGreaterThan(v3(worse))
    expect(v3(better)).toBeLessThanOrEqual(100)
    expect(v3(worse)).toBeGreaterThanOrEqual(0)
  })

  it('v3 with a query without content words scores the response alone', () => {
    const [, better] = pairs[0]
    expect(litmus.evaluate('v3.helpfulness', { query: 'why?', response: better })).toEqual({ score: score(better) })
    expect(litmus.evaluate('v3.helpfulness', { query: 'What is the capital of Australia?', response: '' })).toEqual({ score: 0 })
  })

  it('stays within 0..100 on long text', () => {
    const s = score('Step 1. Mix 200 g of flour with 2 eggs in Paris. '.repeat(20000))
    expect(s).toBeGreaterThan(50)
    expect(s).toBeLessThanOrEqual(100)
  })

  it('rejects bad input naming the field', () => {
    expectIssue(() => litmus.helpfulness({} as never), MissingArgumentError, 'text')
    expectIssue(() => litmus.helpfulness({ text: 5 } as never), InvalidArgumentError, 'text')
    expectIssue(() => litmus.evaluate('v3.helpfulness', { query: 'q' }), MissingArgumentError, 'response')
  })
})

describe("explain('helpfulness')", () => {
  it('lists the features and the evidence with spans', () => {
    const text = "Hmm, I'm not sure. Maybe it is vanilla? I cannot say."
    const e = litmus.explain('helpfulness', { text })
    expect(e.score).toBe(score(text))
    const labels = e.evidence.map((x: { label: string }) => x.label)
    expect(labels).toContain('hedge')
    expect(labels).toContain('deflecting opening')
    for (const x of e.evidence) if (x.span && x.string) expect(text.slice(x.span[0], x.span[1])).toBe(x.string)
    // The parts of the logit add up to the score.
    const features = e.features as { weight: number }[]
    const parts = features.reduce((s, f) => s + f.weight, 0)
    expect(Math.abs(100 / (1 + Math.exp(-(parts + (e.reference as number)))) - e.score)).toBeLessThan(0.1)
  })

  it('explains v3 with the query: coverage, the text-only logit and the refusal penalty add up to its score', () => {
    const request = { query: 'How long should I boil an egg for a soft yolk?', response: 'Boil the egg for about 6 minutes.' }
    // v3 names are explained at run time (their requests mapped onto the v4 record), outside explain's types.
    const e = litmus.explain('v3.helpfulness' as never, request as never) as { score: number; reference: number; features: unknown }
    expect(e.score).toBe(litmus.evaluate('v3.helpfulness', request).score)
    const features = e.features as { label: string; value: number; weight: number }[]
    expect(features.map((f) => f.label)).toEqual([
      'query coverage (v3)',
      'instruction fit: asked count, number, yes/no, JSON, table, bullets (v3)',
      'text-only logit (v3)',
      'refusal phrase in the opening (v3)'
    ])
    // long, boil, egg, soft, yolk: boil and egg are in the response; the query asks for no form.
    expect(features[0].value).toBe(0.4)
    expect(features[1].value).toBe(0)
    const parts = features.reduce((sum, f) => sum + f.weight, 0)
    expect(Math.abs(100 / (1 + Math.exp(-(parts + (e.reference as number)))) - e.score)).toBeLessThan(0.1)
  })

  // Length is a prior that stops at 40 distinct words (docs/metrics/helpfulness.md): the sources disagree
  // on longer answers, so past a short answer length weighs nothing and the log length is not weighed at all.
  it.each([
    [8, 80],
    [40, 60],
    [60, 400]
  ])('the length part of %i distinct words against %i', (a, b) => {
    const text = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ')
    const parts = (n: number) => {
      const features = litmus.explain('helpfulness', { text: text(n) }).features as { label: string; weight: number }[]
      const part = (start: string) => features.find((f) => f.label.startsWith(start))!.weight
      return { log: part('length (log'), saturating: part('length (saturating') }
    }
    const [pa, pb] = [parts(a), parts(b)]
    expect(Math.abs(pa.log)).toBe(0)
    expect(Math.abs(pb.log)).toBe(0)
    if (a >= 40) expect(pa.saturating).toBe(pb.saturating)
    else expect(pb.saturating - pa.saturating).toBeCloseTo(1 - a / 40, 3)
  })

  it('weighs a refusal phrase against the response', () => {
    const e = litmus.explain('helpfulness', { text: "I'm sorry, but I can't help with that." })
    const refusal = e.evidence.find((x: { label: string }) => x.label === 'refusal phrase')
    expect(refusal?.weight).toBeLessThan(0)
  })
})

describe('instructionFit (the form an instruction asks for)', () => {
  // [query, response, fit]: -|log((got + 1) / (asked + 1))| for a count, ±0.5 per asked form, 0 when none is asked.
  const rows: [string, string, number][] = [
    ['Describe the sea.', 'Blue and wide.', 0],
    ['Describe the sea in one sentence.', 'The sea is wide. It is blue.', -Math.log(3 / 2)],
    ['Describe the sea in one sentence.', 'The sea is wide and blue.', 0],
    ['Describe the sea in 5 words.', 'Wide, blue, deep, cold, salty.', 0],
    ['Summarise it in two paragraphs.', 'First part.\n\nSecond part.', 0],
    ['Give 3 examples of fruit.', '1. apple\n2. pear\n3. plum', 0],
    ['Give 3 examples of fruit.', 'apple', -Math.log(4 / 2)],
    ['How many legs does a spider have?', 'Eight.', -0.5],
    ['How many legs does a spider have?', 'A spider has 8 legs.', 0.5],
    ['Is water wet?', 'Yes, it is.', 0.5],
    ['Is water wet? Why?', 'Yes, it is.', 0],
    ['Give the result as JSON.', '{"a": 1}', 0.5],
    ['Show it in a table.', 'a, b', -0.5],
    ['Use bullet points.', '- a\n- b', 0.5],
    ['In 4 words, with bullets.', '- a b\n- c d', 0.5],
    ['Écris deux phrases.', 'Une. Deux.', 0]
  ]
  it.each(rows)('%j -> %j', async (query, response, fit) => {
    const { instructionFit } = await import('../src/metrics/style/helpfulness-rules.js')
    expect(instructionFit(query, response)).toBeCloseTo(fit, 10)
  })
})

describe('countAll (one pass over the text)', () => {
  const cnt = (re: RegExp, t: string) => (t.match(re) ?? []).length
  // Texts -> the counts the documented patterns give.
  const texts = [
    '1. a\n 2) b\n- c\n* d\n\t• e\n123. no\n-no',
    'a Bc Def gH Ij, Kl; Mn',
    'Is it 12 or 3.5? Or 1,000?',
    '',
    'x\n\n  10) ten\n99.x'
  ]
  it.each(texts)('%j', async (text) => {
    const { countAll } = await import('../src/metrics/style/helpfulness-rules.js')
    expect({ ...countAll(text) }).toEqual({
      digits: cnt(/\d+/g, text),
      items: cnt(/(?:^|\n)[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]/g, text),
      names: cnt(/[a-z,;] [A-Z][a-z]/g, text),
      questions: cnt(/\?/g, text)
    })
  })

  it.each(texts.filter(Boolean))('the core counts %j the same', async (text) => {
    const { countAll } = await import('../src/metrics/style/helpfulness-rules.js')
    const c = countAll(text)
    const features = litmus.explain('helpfulness', { text }).features as { label: string; value: number }[]
    const value = (label: string) => features.find((f) => f.label === label)!.value
    // Counts are weighed by the share of distinct words (repetition is not evidence).
    const words = litmus.textStats(text).wordSpans.map(([s, e]: [number, number]) => text.slice(s, e).toLowerCase())
    const share = new Set(words).size / words.length
    expect(value('numbers')).toBeCloseTo(Math.min((c.digits * share) / 6, 1), 4)
    expect(value('list items and steps')).toBeCloseTo(Math.min((c.items * share) / 5, 1), 4)
    expect(value('questions back')).toBeCloseTo(Math.min((c.questions * share) / 3, 1), 4)
  })
})
