import { describe, expect, it } from 'vitest'
import { ValidationError, load } from '../dist/litmus.js'

const litmus = await load()

// Seeded generator, so a failure reproduces.
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0
    return seed / 2 ** 32
  }
}

// Pieces that stress the byte scanners and the UTF-16 offsets: lone surrogates, astral characters,
// combining marks, controls, NUL, long runs, digits and separators that look like structured data.
const PIECES = [
  'The cat sat. ', 'Dr. Smith ', 'e.g. ', '3.14 ', '1,000 ', 'https://x.io/a?b=1 ', 'a@b.co ', '\n\n', '- item\n',
  '\uD800', '\uDFFF', '😀', '👩‍👩‍👧', 'é', 'e\u0301', 'ß', 'Привет ', '中文 ', '\u0000', '\t', '\r\n', '"', '’',
  'aGVsbG8gd29ybGQgaGVsbG8= ', '0x', 'deadbeef', '%41%42', '\\u0041', '0101', '4111 1111 1111 1111 ', '+1 ',
  '555-0100 ', '192.168.', '::', 'GB82 WEST ', 'Mr. ', 'Lopez ', '!!!', '...', 'x'.repeat(70), '9'.repeat(30), '=', '/'
]

function randomText(r: () => number): string {
  const n = Math.floor(r() * 40)
  let s = ''
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(r() * PIECES.length)]
  return s
}

function checkSpans(text: string, items: { string: string }[], key: 'span' | 'interval') {
  let last = 0
  for (const item of items as any[]) {
    const [start, end] = item[key]
    expect(Number.isInteger(start) && Number.isInteger(end)).toBe(true)
    expect(start).toBeGreaterThanOrEqual(last)
    expect(end).toBeGreaterThan(start)
    expect(end).toBeLessThanOrEqual(text.length)
    expect(text.slice(start, end)).toBe(item.string)
    last = end
  }
}

describe('every text operation on 3,000 random texts', () => {
  it('returns a valid response or a ValidationError, never anything else', () => {
    const r = rng(20261121)
    let scored = 0
    for (let i = 0; i < 3000; i++) {
      const text = randomText(r)
      try {
        const { score } = litmus.clarity({ text })
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(100)
        scored++
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError)
      }
      checkSpans(text, litmus.inputType({ text }).encodings, 'span')
      checkSpans(text, litmus.pii({ text }).pii, 'interval')
      const stats = litmus.textStats(text)
      for (const [s, e] of [...stats.wordSpans, ...stats.sentenceSpans]) {
        expect(0 <= s && s < e && e <= text.length).toBe(true)
      }
    }
    expect(scored).toBeGreaterThan(2000)
  })

  it('gives the same answers after 3,000 calls as on a fresh instance', async () => {
    const fresh = await load()
    const r = rng(7)
    for (let i = 0; i < 200; i++) {
      const text = randomText(r)
      expect(fresh.pii({ text })).toEqual(litmus.pii({ text }))
      expect(fresh.inputType({ text })).toEqual(litmus.inputType({ text }))
    }
  })
})
