import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, load } from '../dist/litmus.js'

const litmus = await load({ operations: ['faithfulness', 'v3.summarization', 'context_relevancy'] })

const CONTEXT = [
  {
    chunk_id: 'tower',
    chunk_text:
      'The Eiffel Tower was completed in 1889 in Paris. It is 330 metres tall. The tower was designed by the engineers of Gustave Eiffel, not by Eiffel himself.'
  },
  { chunk_id: 'fruit', chunk_text: 'Bananas are rich in potassium. They grow in tropical regions.' }
]
const faith = (response: string, extra: Record<string, unknown> = {}) =>
  litmus.faithfulness({ query: 'Tell me about the Eiffel Tower.', response, context: CONTEXT, ...extra })

// [response, expected label of its only statement]
const labels: [string, string][] = [
  ['The Eiffel Tower was completed in 1889.', 'Safe'],
  ['The Eiffel Tower is 330 metres tall.', 'Safe'],
  ['Bananas grow in tropical regions.', 'Safe'],
  ['The Eiffel Tower was completed in 1901.', 'Intrinsic Hallucination'],
  ['The Eiffel Tower is 450 metres tall.', 'Intrinsic Hallucination'],
  ['The Eiffel Tower was completed in 1889 in Lyon.', 'Intrinsic Hallucination'],
  ['The tower is painted by a team of twenty five painters every seven years.', 'Extrinsic Hallucination'],
  ['Giraffes sleep standing up for short periods at night.', 'Extrinsic Hallucination']
]

describe('faithfulness: statement labels', () => {
  for (const [response, label] of labels) {
    it(`${label}: ${response}`, () => {
      const r = faith(response)
      expect(r.statements).toHaveLength(1)
      expect(r.statements[0].label).toBe(label)
      expect(r.statements[0].probability).toBeGreaterThanOrEqual(0.5)
      expect(r.statements[0].sentence_span).toEqual([0, response.length - (response.endsWith('.') ? 0 : 0)])
    })
  }
})

// [response, expected statements (text) with spans]
const splits: [string, [string, [number, number]][]][] = [
  ['Paris is big; Rome is old.', [['Paris is big', [0, 12]], ['Rome is old.', [14, 26]]]],
  ['The tower is tall, but the bridge is short.', [['The tower is tall', [0, 17]], ['the bridge is short.', [23, 43]]]],
  ['I like salt and pepper.', [['I like salt and pepper.', [0, 23]]]],
  ['The tower was completed in 1889 and it is 330 metres tall. It is in Paris.', [['The tower was completed in 1889', [0, 31]], ['it is 330 metres tall.', [36, 58]], ['It is in Paris.', [59, 74]]]],
  ['', []]
]

describe('faithfulness: statements and spans', () => {
  for (const [response, expected] of splits) {
    it(JSON.stringify(response), () => {
      const r = faith(response)
      expect(r.statements.map((s) => [s.statement, s.sentence_span])).toEqual(expected)
      for (const s of r.statements) expect(response.slice(s.sentence_span[0], s.sentence_span[1])).toBe(s.statement)
    })
  }
})

describe('faithfulness: scores and options', () => {
  it('scores supported responses above unsupported ones, within 0..100', () => {
    const good = faith('The Eiffel Tower was completed in 1889. It is 330 metres tall.').score
    const bad = faith('The Eiffel Tower was completed in 1901. It is 450 metres tall.').score
    expect(good).toBeGreaterThan(50)
    expect(bad).toBeLessThan(50)
    expect(good).toBeLessThanOrEqual(100)
    expect(bad).toBeGreaterThanOrEqual(0)
  })
  it('an empty response claims nothing: 100', () => expect(faith('').score).toBe(100))
  it('severity: strict scores lower than lenient', () => {
    const text = 'The Eiffel Tower was finished in 1889.'
    expect(faith(text, { severity: 1 }).score).toBeLessThan(faith(text, { severity: 0 }).score)
  })
  it('include_citations names the chunk of the deciding sentence; absent otherwise', () => {
    const r = faith('The Eiffel Tower was completed in 1889. Bananas are rich in potassium.', { include_citations: true })
    expect(r.statements.map((s) => s.chunk_id)).toEqual(['tower', 'fruit'])
    expect(faith('The Eiffel Tower was completed in 1889.').statements[0].chunk_id).toBeUndefined()
  })
  it('include_citations needs unique chunk ids', () => {
    expect(() => litmus.faithfulness({ query: 'q', response: 'r', context: [{ chunk_text: 'a' }], include_citations: true })).toThrow(InvalidArgumentError)
  })
  it('rejects a bad context', () => {
    expect(() => litmus.faithfulness({ query: 'q', response: 'r', context: [] } as never)).toThrow(InvalidArgumentError)
    expect(() => litmus.faithfulness({ query: 'q', response: 'r', context: [{ text: 'a' }] } as never)).toThrow()
  })
  it('explain gives the supporting sentence and the mismatches', () => {
    const e = litmus.explain('faithfulness', { query: 'q', response: 'The Eiffel Tower was completed in 1901.', context: CONTEXT })
    const s = (e.statements as any[])[0]
    expect(s.support.text).toBe('The Eiffel Tower was completed in 1889 in Paris.')
    expect(s.mismatches[0]).toMatchObject({ kind: 'changed', term: '1901', of: 'number', against: ['1889'] })
  })
  it('v3 summarization checks the summary against the nodes', () => {
    const nodes = [{ node_id: 'n', node_score: 1, node_text: CONTEXT[0].chunk_text }]
    const good = litmus.v3.summarization({ query: '', context: nodes, response: 'The Eiffel Tower was completed in 1889.' }) as { score: number }
    const bad = litmus.v3.summarization({ query: '', context: nodes, response: 'The Eiffel Tower was completed in 1920.' }) as { score: number }
    expect(good.score).toBeGreaterThan(bad.score)
  })
})

// [query, expected aspects with a minimum / maximum score]
const aspects: [string, [string, number, number][]][] = [
  ['When was the Eiffel Tower completed?', [['Eiffel Tower completed', 90, 100], ['answer type: date', 100, 100]]],
  ['How tall is the Eiffel Tower?', [['tall', 90, 100], ['Eiffel Tower', 90, 100], ['answer type: number', 100, 100]]],
  ['Who invented the telephone?', [['invented', 0, 10], ['telephone', 0, 10], ['answer type: person', 0, 0]]],
  ['Where do bananas grow?', [['bananas grow', 60, 100], ['answer type: place', 0, 0]]]
]

describe('context_relevancy: aspects', () => {
  for (const [query, expected] of aspects) {
    it(query, () => {
      const r = litmus.contextRelevancy({ query, context: CONTEXT })
      expect(r.scores.map((s) => s.label)).toEqual(expected.map((e) => e[0]))
      r.scores.forEach((s, i) => {
        expect(s.score).toBeGreaterThanOrEqual(expected[i][1])
        expect(s.score).toBeLessThanOrEqual(expected[i][2])
      })
    })
  }
  it('chunk scores: chunk: and the chunk_id, or the index without one', () => {
    const r = litmus.contextRelevancy({ query: 'How tall is the Eiffel Tower?', context: [CONTEXT[0], { chunk_text: CONTEXT[1].chunk_text }], include_chunk_scores: true })
    const chunks = r.scores.slice(-2)
    expect(chunks.map((s) => s.label)).toEqual(['chunk:tower', 'chunk:1'])
    expect(chunks[0].score).toBeGreaterThan(chunks[1].score)
  })
  it('chunk scores: a chunk_id equal to an aspect name stays apart from the aspect', () => {
    const query = { query: 'How tall is the Eiffel Tower?', context: [{ chunk_id: 'tall', chunk_text: CONTEXT[1].chunk_text }] }
    const aspects = litmus.contextRelevancy(query).scores
    const all = litmus.contextRelevancy({ ...query, include_chunk_scores: true }).scores
    expect(aspects.map((s) => s.label)).toContain('tall')
    expect(all.slice(0, aspects.length)).toEqual(aspects)
    expect(all.slice(aspects.length).map((s) => s.label)).toEqual(['chunk:tall'])
    expect(all.filter((s) => s.label === 'tall')).toHaveLength(1)
  })
  it('severity: strict scores partial coverage lower', () => {
    const q = { query: 'What minerals do tropical bananas contain?', context: CONTEXT }
    expect(litmus.contextRelevancy({ ...q, severity: 1 }).score).toBeLessThan(litmus.contextRelevancy({ ...q, severity: 0 }).score)
  })
})
