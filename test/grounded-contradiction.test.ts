// Negation, changed numbers and names, and short or partial answers: what lexical alignment alone got
// wrong (issue 22). Fixture tables: each row is one case and its expected outcome.
import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load({ operations: ['faithfulness', 'completion'] })

const CONTEXT = [
  { chunk_id: 'bananas', chunk_text: 'Bananas are rich in potassium. They grow in tropical regions.' },
  { chunk_id: 'tower', chunk_text: 'The Eiffel Tower is in Paris. It is 330 metres tall.' },
  { chunk_id: 'opening', chunk_text: 'The Eiffel Tower opened to the public in 1889.' },
  { chunk_id: 'moon', chunk_text: 'Neil Armstrong was the first person to walk on the Moon, in 1969.' }
]

// [response, expected label of its only statement, chunk the citation must name]
const faithfulnessCases: [string, string, string][] = [
  ['The Eiffel Tower is in Paris.', 'Safe', 'tower'],
  ['The Eiffel Tower is not in Paris.', 'Intrinsic Hallucination', 'tower'],
  ["The Eiffel Tower isn't in Paris.", 'Intrinsic Hallucination', 'tower'],
  ['The Eiffel Tower opened to the public in 1925.', 'Intrinsic Hallucination', 'opening'],
  ['Buzz Aldrin was the first person to walk on the Moon, in 1969.', 'Intrinsic Hallucination', 'moon'],
  ['Neil Armstrong was the first person to walk on the Moon.', 'Safe', 'moon'],
  ['Bananas are not rich in potassium.', 'Intrinsic Hallucination', 'bananas'],
  ['The Eiffel Tower has a restaurant run by a famous chef.', 'Extrinsic Hallucination', 'tower']
]

/** One test per row: the response's only statement gets `label` ('not Intrinsic': any other) and cites `chunk`. */
function labelCases(context: typeof CONTEXT, cases: [string, string, string][]) {
  for (const [response, label, chunk] of cases) {
    it(`${label}: ${response}`, () => {
      const r = litmus.faithfulness({ query: '', response, context, include_citations: true })
      expect(r.statements).toHaveLength(1)
      if (label === 'not Intrinsic') expect(r.statements[0].label).not.toBe('Intrinsic Hallucination')
      else expect(r.statements[0].label).toBe(label)
      expect(r.statements[0].chunk_id).toBe(chunk)
    })
  }
}

describe('faithfulness: contradicted is Intrinsic, unsupported is Extrinsic, the citation names the deciding chunk', () => {
  labelCases(CONTEXT, faithfulnessCases)

  it('the bare statement against its own negation, alone: Intrinsic, and the score falls below 50', () => {
    const r = litmus.faithfulness({ query: '', response: 'The Eiffel Tower is not in Paris.', context: [{ chunk_text: 'The Eiffel Tower is in Paris.' }] })
    expect(r.statements[0].label).toBe('Intrinsic Hallucination')
    expect(r.score).toBeLessThan(50)
    const same = litmus.faithfulness({ query: '', response: 'The Eiffel Tower is in Paris.', context: [{ chunk_text: 'The Eiffel Tower is in Paris.' }] })
    expect(same.statements[0].label).toBe('Safe')
    expect(same.score).toBeGreaterThan(r.score + 40)
  })
})

// Words swapped for a contrast (scripts/build-contrast-words.mjs: Breaking NLI's one-word swaps, closed sets
// grown by GloVe neighbourhood, "un-" pairs from the vocabulary, opposite states written for Litmus), and
// look-alikes that are not contradictions.
const SWAP_CONTEXT = [
  { chunk_id: 'car', chunk_text: 'The old car in the garage is red. It was sold in 2010.' },
  { chunk_id: 'shop', chunk_text: 'The small shop is open on Sundays. The water in the lake is cold, and the garden is large.' },
  { chunk_id: 'bridge', chunk_text: 'Crossing the bridge is safe for walkers.' },
  { chunk_id: 'trial', chunk_text: 'The drug passed its final trial in March. Sales rose by a third.' }
]

// [response, expected label ('not Intrinsic': any other), chunk the citation must name]
const swapCases: [string, string, string][] = [
  ['The old car in the garage is red.', 'Safe', 'car'],
  // A member of a closed set for another (colours), an antonym, a negated adjective.
  ['The old car in the garage is blue.', 'Intrinsic Hallucination', 'car'],
  ['The new car in the garage is red.', 'Intrinsic Hallucination', 'car'],
  ['The water in the lake is hot.', 'Intrinsic Hallucination', 'shop'],
  ['The big shop is open on Sundays.', 'Intrinsic Hallucination', 'shop'],
  ['Crossing the bridge is unsafe for walkers.', 'Intrinsic Hallucination', 'bridge'],
  // Opposite states and outcomes written for Litmus (WRITTEN_PAIRS).
  ['The small shop is closed on Sundays.', 'Intrinsic Hallucination', 'shop'],
  ['The drug failed its final trial in March.', 'Intrinsic Hallucination', 'trial'],
  ['Sales fell by a third.', 'Intrinsic Hallucination', 'trial'],
  ['The drug passed its final trial in March.', 'Safe', 'trial'],
  // Double negation: a swap under a negation on one side only agrees.
  ['Crossing the bridge is not unsafe for walkers.', 'Safe', 'bridge'],
  ['The old car in the garage is not blue.', 'Safe', 'car'],
  // Another form of the same word, and a synonym, are no swap.
  ['The small shop opened on Sundays.', 'Safe', 'shop'],
  ['The garden is big.', 'Safe', 'shop'],
  // The contrast ("cold") stands in the sentence, but in another clause, about the lake: not the same slot.
  ['The garden is hot.', 'not Intrinsic', 'shop']
]

describe('faithfulness: a word swapped for its contrast in the same slot is Intrinsic', () => {
  labelCases(SWAP_CONTEXT, swapCases)

  it('explain names the swap and the context word it replaced', () => {
    const e = litmus.explain('faithfulness', { query: '', response: 'The old car in the garage is blue.', context: SWAP_CONTEXT }) as any
    expect(e.statements[0].mismatches).toEqual([{ kind: 'swap', term: 'blue', span: [29, 33], of: 'word', against: ['red'] }])
  })
})

// [query, response, lowest score, highest score]
const completionCases: [string, string, number, number][] = [
  ['Who wrote Hamlet?', 'Shakespeare.', 70, 100],
  ['Who wrote Hamlet?', 'William Shakespeare.', 70, 100],
  ['Who wrote Hamlet?', 'Shakespeare wrote it around 1600.', 70, 100],
  ['Who wrote Hamlet?', 'I like trains.', 0, 30],
  ['When did Neil Armstrong walk on the Moon?', '1969.', 70, 100],
  ['How many legs does a spider have?', 'Eight.', 70, 100],
  ['Who wrote Hamlet and when was it first performed?', 'Shakespeare wrote it, and it was first performed around 1600.', 70, 100],
  ['Who wrote Hamlet and when was it first performed?', 'Shakespeare wrote it.', 16, 49],
  ['Who wrote Hamlet and when was it first performed?', 'I like trains.', 0, 20]
]

describe('completion: short correct answers score high, a missing part lowers the score', () => {
  for (const [query, response, lo, hi] of completionCases) {
    it(`${lo}..${hi}: ${query} / ${response}`, () => {
      const { score } = litmus.completion({ query, response })
      expect(score).toBeGreaterThanOrEqual(lo)
      expect(score).toBeLessThanOrEqual(hi)
    })
  }

  it('a two-part question: both parts > one part > neither', () => {
    const q = 'Who wrote Hamlet and when was it first performed?'
    const s = (response: string) => litmus.completion({ query: q, response }).score
    const both = s('Shakespeare wrote it, and it was first performed around 1600.')
    const one = s('Shakespeare wrote it.')
    const none = s('I like trains.')
    expect(both).toBeGreaterThan(one)
    expect(one).toBeGreaterThan(none)
  })
})
