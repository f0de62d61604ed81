// The grounding reads context and response words through ids the core keeps across calls (assembly/text/wordids.ts):
// the table itself, and answers that must not depend on what it holds (full, emptied, words it cannot
// take: longer than 64 bytes, more distinct words in one call than it holds, a capital sigma).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WORD_IDS } from '../src/core/abi.js'
import { load } from '../dist/litmus.js'

const litmus = await load({ operations: ['faithfulness', 'context_relevancy'] })
/** Another instance (its own core, its own table), for answers from an empty table. */
const other = await load({ operations: ['faithfulness', 'context_relevancy'] })

describe('core word ids', () => {
  const module = new WebAssembly.Module(readFileSync(new URL('../build/litmus.wasm', import.meta.url)))
  const x = new WebAssembly.Instance(module, { env: { abort: () => { throw new Error('abort') } } }).exports as Record<string, any>
  x.wordIdsInit()
  /** Ids of `words` written one after another (spans computed here), as u32 numbers. */
  const ids = (words: string[]): number[] => {
    x.reset()
    const bytes = words.map((w) => new TextEncoder().encode(w))
    const total = bytes.reduce((a, b) => a + b.length, 0)
    const text = x.alloc(total + 16)
    const spans = x.alloc(words.length * 8)
    let at = 0
    bytes.forEach((b, i) => {
      new Uint8Array(x.memory.buffer).set(b, text + at)
      new Uint32Array(x.memory.buffer, spans, words.length * 2).set([at, at + b.length], 2 * i)
      at += b.length
    })
    // The call may grow memory: the view is made after it.
    const out = x.wordIds(text, spans, words.length)
    return [...new Uint32Array(x.memory.buffer, out, words.length)]
  }

  // [words, expectation about their ids]
  const cases: [string, string[], (got: number[]) => void][] = [
    ['the same bytes, the same id; other bytes, another', ['tower', 'Tower', 'tower', 'towers'], (g) => expect([g[0] === g[2], g[0] === g[1], g[0] === g[3]]).toEqual([true, false, false])],
    ['words of 8 bytes and longer are told apart past their first 8', ['abcdefgh', 'abcdefghi', 'abcdefghj', 'abcdefgh'], (g) => expect(new Set(g).size).toBe(3)],
    ['non-ASCII words', ['école', 'Ecole', 'ΟΔΟΣ', 'οδος', '東京'], (g) => expect(new Set(g).size).toBe(5)],
    ['a word longer than 64 bytes is not kept', ['x'.repeat(64), 'y'.repeat(65)], (g) => expect([g[0] === WORD_IDS.NONE, g[1] === WORD_IDS.NONE]).toEqual([false, true])]
  ]
  for (const [name, words, check] of cases) it(name, () => check(ids(words)))

  it('keeps ids across calls, and forgets them when cleared', () => {
    const before = ids(['river', 'bank'])
    expect(ids(['bank', 'river'])).toEqual([before[1], before[0]])
    x.wordIdsClear()
    expect(x.wordIdsCount()).toBe(0)
    expect(ids(['bank'])).toEqual([0])
  })

  it('gives NONE once full, never a wrong id', () => {
    x.wordIdsClear()
    const words = Array.from({ length: WORD_IDS.CAP + 10 }, (_, i) => `w${i}`)
    const got = ids(words)
    expect(got.slice(0, WORD_IDS.CAP)).toEqual(words.slice(0, WORD_IDS.CAP).map((_, i) => i))
    expect(got.slice(WORD_IDS.CAP).every((id) => id === WORD_IDS.NONE)).toBe(true)
    expect(ids(['w5', 'w99999'])).toEqual([5, WORD_IDS.NONE])
  })
})

describe('grounding answers do not depend on the word table', () => {
  const context = [
    { chunk_id: 'tower', chunk_text: 'The Eiffel Tower was completed in 1889 in Paris. It is 330 metres tall.' },
    { chunk_id: 'greek', chunk_text: 'Η ΟΔΟΣ ΑΘΗΝΑΣ είναι μεγάλη. Pneumonoultramicroscopicsilicovolcanoconiosispneumonoultramicroscopicsilicovolcanoconiosis is a long word.' }
  ]
  const request = (response: string) => ({ query: 'q', response, context, include_citations: true })
  const responses = [
    'The Eiffel Tower was completed in 1889.',
    'The Eiffel Tower was completed in 1901.',
    'Η ΟΔΟΣ ΑΘΗΝΑΣ είναι μεγάλη.',
    'Pneumonoultramicroscopicsilicovolcanoconiosispneumonoultramicroscopicsilicovolcanoconiosis is a long word.'
  ]
  /** Many distinct invented words, over several calls (past the table's capacity). */
  const flood = (words: number) => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    for (let call = 0; call * 2000 < words; call++) {
      const text = Array.from({ length: 2000 }, (_, i) => {
        let n = call * 2000 + i
        let w = 'q'
        do {
          w += letters[n % 26]
          n = Math.floor(n / 26)
        } while (n > 0)
        return w
      }).join(' ')
      litmus.faithfulness({ query: 'q', response: 'Something else entirely.', context: [{ chunk_text: text }] })
    }
  }

  it('the same answers before and after the table fills and empties', () => {
    const before = responses.map((r) => litmus.faithfulness(request(r)))
    expect(before.map((b) => b.statements[0].label)).toEqual(['Safe', 'Intrinsic Hallucination', 'Safe', 'Safe'])
    expect(before[3].statements[0].chunk_id).toBe('greek')
    flood(3 * WORD_IDS.CAP)
    expect(responses.map((r) => litmus.faithfulness(request(r)))).toEqual(before)
  })

  it('a context with more distinct words than the table holds, in one call', () => {
    const words = Array.from({ length: WORD_IDS.CAP + 3000 }, (_, i) => `zz${i.toString(36)}`)
    const big = [{ chunk_id: 'many', chunk_text: words.join(' ') + '. The last lighthouse keeper retired in 1939.' }, ...context]
    flood(WORD_IDS.CAP / 2)
    const faithful = { query: 'q', response: 'The last lighthouse keeper retired in 1939.', context: big, include_citations: true }
    const got = litmus.faithfulness(faithful)
    expect(got.statements[0]).toMatchObject({ label: 'Safe', chunk_id: 'many' })
    expect(got).toEqual(other.faithfulness(faithful))
    const relevant = { query: 'When did the last lighthouse keeper retire?', context: big, include_chunk_scores: true }
    expect(litmus.contextRelevancy(relevant)).toEqual(other.contextRelevancy(relevant))
  })

  it('a response with more distinct words than the table holds, in one call', () => {
    const words = Array.from({ length: WORD_IDS.CAP + 3000 }, (_, i) => `yy${i.toString(36)}`)
    const response = `${words.join(' ')}. The Eiffel Tower was completed in 1901. Η ΟΔΟΣ ΑΘΗΝΑΣ είναι μεγάλη.`
    flood(WORD_IDS.CAP / 3)
    const got = litmus.faithfulness(request(response))
    expect(got.statements.slice(1).map((s) => [s.label, s.chunk_id])).toEqual([['Intrinsic Hallucination', 'tower'], ['Safe', 'greek']])
    expect(got).toEqual(other.faithfulness(request(response)))
    expect(litmus.explain('faithfulness', request(response))).toEqual(other.explain('faithfulness', request(response)))
  })
})
