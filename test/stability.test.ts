import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load()
const score = (responses: string[]) => litmus.stability({ responses })

// Paraphrases: the same answer in other words. Each pair must score at least `min`.
const paraphrases: [string, string, number][] = [
  ['Paris is the capital of France.', 'The capital of France is Paris.', 90],
  ['Paris is the capital of France.', "France's capital city is Paris.", 70],
  ['The cat sat on the mat.', 'A cat was sitting on the mat.', 60],
  ['Water boils at 100 degrees Celsius at sea level.', 'At sea level, water boils at 100 °C.', 60],
  ['You should restart the router and try again.', 'Try restarting your router, then try once more.', 50],
  ['The meeting was moved to Friday afternoon.', 'They rescheduled the meeting for Friday afternoon.', 55],
  ['Zxqvbn Plorkington visited Quahog last week.', 'Last week Zxqvbn Plorkington went to Quahog.', 60],
  ['The invoice is overdue; please pay it by Monday.', 'Please pay the overdue invoice by Monday.', 70]
]

// Different answers: each pair must score at most `max`.
const unrelated: [string, string, number][] = [
  ['The cat sat on the mat.', 'Stock markets fell sharply after the interest rate announcement.', 15],
  ['Paris is the capital of France.', 'Photosynthesis turns light into chemical energy.', 15],
  ['Take two tablets after each meal.', 'The train to Glasgow leaves from platform four.', 15],
  ['Yes, the function returns a sorted copy of the list.', 'My grandmother grew tomatoes in her garden every summer.', 15],
  ['The answer is 42.', 'Bake the bread for forty minutes at high heat.', 20]
]

describe('stability: paraphrases score high', () => {
  for (const [a, b, min] of paraphrases) {
    it(`${a} ~ ${b} >= ${min}`, () => {
      expect(score([a, b]).min).toBeGreaterThanOrEqual(min)
    })
  }
})

describe('stability: different answers score low', () => {
  for (const [a, b, max] of unrelated) {
    it(`${a} / ${b} <= ${max}`, () => {
      expect(score([a, b]).min).toBeLessThanOrEqual(max)
    })
  }
})

describe('stability: identical responses score 100', () => {
  const texts = [
    'Paris is the capital of France.',
    'x',
    '42',
    'Zxqvbn!',
    'Ünïcödé téxt — with “quotes” and 日本語.',
    'A longer answer. It has several sentences, some numbers (3.14, 1,000) and a URL: https://example.com/a?b=c.'
  ]
  for (const t of texts) {
    it(JSON.stringify(t), () => {
      expect(score([t, t])).toEqual({ min: 100, avg: 100 })
      expect(score([t, t, t])).toEqual({ min: 100, avg: 100 })
    })
  }
  it('case and spacing do not matter', () => {
    expect(score(['The Capital Of France Is Paris', 'the capital of  france is paris'])).toEqual({ min: 100, avg: 100 })
  })
  it('responses without words are alike only to each other', () => {
    expect(score(['', ''])).toEqual({ min: 100, avg: 100 })
    expect(score(['...', '!!!'])).toEqual({ min: 100, avg: 100 })
    expect(score(['', 'Paris is the capital of France.'])).toEqual({ min: 0, avg: 0 })
  })
})

describe('stability: length alone does not decide', () => {
  const short = 'The capital of France is Paris.'
  const padded =
    'The capital of France is Paris. Paris is the capital city of France. France has Paris as its capital, and Paris is where the French government sits.'
  it('a short answer and the same answer padded with its own restatement stay high', () => {
    expect(score([short, padded]).min).toBeGreaterThanOrEqual(70)
  })
  const a =
    'To reset your password, open the settings page, choose security, and click the reset link. You will receive an email with a code; enter it within ten minutes to choose a new password.'
  const b =
    'The Roman Empire reached its greatest extent under Trajan, stretching from Britain to Mesopotamia. Its legions built roads, forts and aqueducts that still stand across Europe today.'
  it('two equally long unrelated answers stay low', () => {
    expect(Math.abs(a.length - b.length)).toBeLessThan(20)
    expect(score([a, b]).min).toBeLessThanOrEqual(20)
  })
})

describe('stability: min and avg over every pair', () => {
  const set = [
    'Paris is the capital of France.',
    'The capital of France is Paris.',
    "France's capital city is Paris.",
    'Photosynthesis turns light into chemical energy.'
  ]
  it('min is the least similar pair, avg the mean of all pairs', () => {
    const all = score(set)
    const pairs: number[] = []
    for (let i = 0; i < set.length; i++) for (let j = i + 1; j < set.length; j++) pairs.push(score([set[i], set[j]]).avg)
    expect(all.min).toBe(Math.min(...pairs))
    expect(Math.abs(all.avg - pairs.reduce((s, x) => s + x, 0) / pairs.length)).toBeLessThanOrEqual(1)
    expect(all.min).toBeLessThan(all.avg)
  })
  it('is the same in any order', () => {
    const base = score(set)
    const orders = [[3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]]
    for (const o of orders) expect(score(o.map((i) => set[i]))).toEqual(base)
  })
  it('is the same on every call (deterministic, no state carried between calls)', () => {
    const first = score(set)
    score(['something else entirely', 'and another'])
    expect(score(set)).toEqual(first)
  })
  it('scores are integers in 0..100', () => {
    for (const r of [score(set), score(['a', 'b']), score(['', 'x'])]) {
      for (const v of [r.min, r.avg]) {
        expect(Number.isInteger(v)).toBe(true)
        expect(v).toBeGreaterThanOrEqual(0)
        expect(v).toBeLessThanOrEqual(100)
      }
    }
  })
})

describe('stability: validation', () => {
  it('needs at least two responses', () => {
    expectIssue(() => score([]), InvalidArgumentError, 'responses')
    expectIssue(() => score(['only one']), InvalidArgumentError, 'responses')
  })
  it('needs strings', () => {
    expectIssue(() => litmus.stability({ responses: ['a', 3] } as any), InvalidArgumentError, 'responses[1]')
    expectIssue(() => litmus.stability({ responses: 'a, b' } as any), InvalidArgumentError, 'responses')
  })
  it('takes at most 1,000 responses', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `Response number ${i} about the weather.`)
    const r = score(many)
    expect(r.min).toBeGreaterThanOrEqual(0)
    expect(r.avg).toBeLessThanOrEqual(100)
    const e = expectIssue(() => score([...many, 'one more']), InvalidArgumentError, 'responses')
    expect(e.message).toContain('1000')
  })
  it('memory stays flat over repeated calls', () => {
    const texts = Array.from({ length: 50 }, (_, i) => `Answer ${i}: the capital of France is Paris.`.repeat(5))
    score(texts)
    const before = litmus.memoryBytes()
    for (let i = 0; i < 20; i++) score(texts)
    expect(litmus.memoryBytes()).toBe(before)
  })
})

describe("explain('stability')", () => {
  const responses = ['The cat sat on the mat.', 'A cat was sitting on the mat.', 'Stock markets fell sharply after the rate announcement.']
  const ex = litmus.explain('stability', { responses })
  it('reports the min score and the pairs, lowest first', () => {
    expect(ex.operation).toBe('stability')
    expect(ex.score).toBe(score(responses).min)
    const pairs = ex.evidence.filter((e) => e.label.startsWith('pair'))
    expect(pairs.map((p) => p.label).sort()).toEqual(['pair 0,1', 'pair 0,2', 'pair 1,2'])
    const weights = pairs.map((p) => p.weight)
    expect([...weights].sort((a, b) => a - b)).toEqual(weights)
    expect(pairs[pairs.length - 1].label).toBe('pair 0,1')
  })
  it('lists worst-matched words of the least similar pair with their spans', () => {
    const words = ex.evidence.filter((e) => e.label.includes('word'))
    expect(words.length).toBeGreaterThan(0)
    for (const w of words) {
      const i = Number(w.label.split(' ')[1])
      expect(w.span).toBeDefined()
      expect(responses[i].slice(w.span![0], w.span![1])).toBe(w.string)
      expect(w.weight).toBeLessThan(0)
    }
    expect(words.map((w) => w.string)).toContain('markets')
  })
  it('validates its request as stability does', () => {
    expectIssue(() => litmus.explain('stability', { responses: ['only one'] }), InvalidArgumentError, 'responses')
    expectIssue(() => litmus.explain('stability', { responses: ['a', null] } as any), InvalidArgumentError, 'responses[1]')
    const many = Array.from({ length: 1001 }, () => 'x')
    expectIssue(() => litmus.explain('stability', { responses: many }), InvalidArgumentError, 'responses')
  })
  it('spans are string indices in non-ASCII text', () => {
    const r = ['Café “Übermensch” opened in Zürich.', 'A bakery in Zürich closed.']
    const e = litmus.explain('stability', { responses: r })
    for (const w of e.evidence.filter((x) => x.span)) {
      const i = Number(w.label.split(' ')[1])
      expect(r[i].slice(w.span![0], w.span![1])).toBe(w.string)
    }
  })
})

describe('stability on random texts', () => {
  // Seeded, so a failure reproduces. Pieces stress the tokeniser and the UTF-16 offsets.
  let seed = 20261123
  const r = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32
  const PIECES = [
    'The cat sat. ', 'Dr. Smith ', 'e.g. ', '3.14 ', 'https://x.io/a?b=1 ', 'a@b.co ', '\n\n', '\uD800', '\uDFFF',
    '😀', '👩‍👩‍👧', 'é', 'e\u0301', 'ß', 'Привет ', '中文 ', '\u0000', '"', '’', "don't ", 'rock-and-roll ',
    'x'.repeat(70), '9'.repeat(30), 'ÀÉÎÕÜ ', 'Zürich ', '!!!', '...'
  ]
  const text = () => {
    let s = ''
    for (let i = Math.floor(r() * 30); i > 0; i--) s += PIECES[Math.floor(r() * PIECES.length)]
    return s
  }
  it('scores are integers in 0..100, a text scores 100 with itself, spans are valid', async () => {
    const fresh = await load()
    for (let i = 0; i < 300; i++) {
      const responses = Array.from({ length: 2 + Math.floor(r() * 4) }, text)
      const got = score(responses)
      for (const v of [got.min, got.avg]) expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true)
      expect(got.min).toBeLessThanOrEqual(got.avg)
      expect(score([responses[0], responses[0]])).toEqual({ min: 100, avg: 100 })
      expect(fresh.stability({ responses })).toEqual(got)
      const ex = litmus.explain('stability', { responses })
      for (const w of ex.evidence.filter((e) => e.span)) {
        const k = Number(w.label.split(' ')[1])
        expect(responses[k].slice(w.span![0], w.span![1])).toBe(w.string)
      }
    }
  })
})
