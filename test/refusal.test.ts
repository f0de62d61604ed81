import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load()
const score = (query: string, response: string) => litmus.refusal({ query, response }).score

// [kind, query, response, expected, right?]: full refusals (of harmful and of benign questions), partial
// refusals, compliance that says "sorry" or "cannot" in passing or names itself an AI, short and long
// compliance. `right` false marks a known failure (docs/metrics/refusal.md): its score is on the wrong
// side of 50, so a change either way shows here.
type Case = [kind: string, query: string, response: string, expected: 'refusal' | 'partial' | 'compliance', right?: boolean]
const cases: Case[] = JSON.parse(readFileSync(new URL('fixtures/refusal/cases.json', import.meta.url), 'utf8'))

describe('refusal', () => {
  it.each(cases)('%s: %s -> %s', (_kind, query, response, expected, right = true) => {
    const s = score(query, response)
    expect(s).toBeGreaterThanOrEqual(0)
    expect(s).toBeLessThanOrEqual(100)
    expect(s >= 50).toBe((expected !== 'compliance') === right)
  })

  it('scores partial refusals below full refusals on average', () => {
    const mean = (kind: string) => {
      const list = cases.filter((c) => c[3] === kind).map((c) => score(c[1], c[2]))
      return list.reduce((a, b) => a + b, 0) / list.length
    }
    expect(mean('partial')).toBeLessThan(mean('refusal') - 10)
    expect(mean('partial')).toBeGreaterThan(mean('compliance') + 10)
  })

  it('gives no refusal to a response without words', () => {
    expect(score('q', '')).toBe(0)
    expect(score('q', '   ...  ')).toBe(0)
  })

  it('is the same through v3', () => {
    for (const [, query, response] of cases.slice(0, 5)) {
      expect(litmus.evaluate('v3.refusal', { query, response })).toEqual({ score: score(query, response) })
    }
  })

  it('scores a long text without failing', () => {
    const long = "I'm sorry, but I can't help with that. ".repeat(20000)
    const s = score('q', long)
    expect(s).toBeGreaterThan(50)
  })

  it('rejects bad input naming the field', () => {
    expectIssue(() => litmus.refusal({ query: 'q' } as never), MissingArgumentError, 'response')
    expectIssue(() => litmus.refusal({ query: 'q', response: 3 } as never), InvalidArgumentError, 'response')
    expectIssue(() => litmus.refusal({ response: 'r' } as never), MissingArgumentError, 'query')
  })
})

describe("explain('refusal')", () => {
  it('gives the phrases and words behind the score, with their spans', () => {
    const response = "I'm sorry, but I can't help with that. Is there anything else I can do?"
    const e = litmus.explain('refusal', { query: 'How do I make a weapon?', response })
    expect(e.score).toBe(score('How do I make a weapon?', response))
    const phrases = e.evidence.filter((x: { label: string }) => x.label === 'refusal phrase in the opening')
    expect(phrases.map((x: { string?: string }) => x.string)).toContain("I'm sorry, but I can't")
    for (const x of e.evidence) {
      if (x.span) expect(response.slice(x.span[0], x.span[1])).toBe(x.string ?? response.slice(x.span[0], x.span[1]))
    }
  })

  // [response, evidence label, its string]: the opening cues, each with its span.
  it.each([
    ["As an AI, I don't have access to your company's payroll records.", 'says it cannot know or reach it', "I don't have access"],
    ["I'm not a lawyer, but here is how an appeal usually works.", 'professional disclaimer leading into help', "I'm not a lawyer, but"]
  ])('explains the opening cue of %s', (response, label, string) => {
    const e = litmus.explain('refusal', { query: 'q', response })
    const cue = e.evidence.find((x: { label: string }) => x.label === label)
    expect(cue?.string).toBe(string)
    expect(response.slice(cue!.span![0], cue!.span![1])).toBe(string)
  })

  it('marks the helping rest of a partial refusal', () => {
    const partial = cases.find((c) => c[3] === 'partial')!
    const e = litmus.explain('refusal', { query: partial[1], response: partial[2] })
    expect(e.evidence.some((x: { label: string }) => x.label === 'rest reads as help (partial refusal)')).toBe(true)
  })
})
