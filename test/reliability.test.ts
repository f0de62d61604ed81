// Reproductions of a hostile user's run (issue 13): each input either gets its documented result or a
// ValidationError naming the field, never a crash, in time linear in the input.
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, ValidationError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load()

describe('PII core: tokens of keys and fields, at any length', () => {
  // Each used to recurse once per key (a stack overflow) or to read the rest of the token once per
  // field (minutes at 640 KB).
  const units = ['a=', 'k1=', 'key:', '(x=', 'a_:', '-;', '0|', ';9k|_', '1;', '|\u03a94', '-----BEGIN A PRIVATE KEY----- ']
  for (const unit of units) {
    it(`${JSON.stringify(unit)} repeated to 1 MB: entities that slice to their strings`, () => {
      const text = unit.repeat(Math.ceil(1_000_000 / unit.length))
      const { pii } = litmus.pii({ text })
      for (const e of pii) expect(text.slice(e.interval[0], e.interval[1])).toBe(e.string)
      expect(litmus.redact(text).text.length).toBeGreaterThan(0)
    })
  }

  it('a key=value pair inside a long token of keys is still found', () => {
    const text = 'x=' + 'a='.repeat(50_000) + ' ip:10.0.0.1'
    expect(litmus.pii({ text }).pii.map((e) => e.string)).toContain('10.0.0.1')
  })

  it('a private key block after many unclosed BEGIN lines is still found', () => {
    const key = '-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAK\n-----END RSA PRIVATE KEY-----'
    const text = '-----BEGIN A PRIVATE KEY----- '.repeat(20_000) + key
    const found = litmus.pii({ text, categories: ['SECRET'] }).pii
    expect(found.length).toBeGreaterThan(0)
    expect(found[found.length - 1].string.endsWith('-----END RSA PRIVATE KEY-----')).toBe(true)
  })
})

describe('allowlist and blocklist: limits and linear filtering', () => {
  const field = (fn: () => unknown) => {
    try {
      fn()
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidArgumentError)
      return (e as InvalidArgumentError).issues[0].field + ': ' + (e as InvalidArgumentError).issues[0].expected
    }
    return 'accepted'
  }
  it.each([
    ['a pattern nested 3,000 deep', '/' + '('.repeat(3000) + 'a' + ')'.repeat(3000) + '/', /^blocklist\[1\]: .*longer than 1000/],
    ['a pattern nested 40 deep', '/' + '('.repeat(40) + 'a' + ')'.repeat(40) + '/', /^blocklist\[1\]: .*nested deeper than 32/],
    ['10,000 unclosed (', '/' + '('.repeat(10_000) + '/', /^blocklist\[1\]: .*(longer than 1000|nested deeper)/],
    ['a quantifier on a quantifier', '/a**/', /^blocklist\[1\]: .*nothing to repeat/],
    ['a counted quantifier on a counted quantifier', '/a{2}{3}/', /^blocklist\[1\]: .*nothing to repeat/],
    ['a pattern of 1,001 characters', '/' + 'a'.repeat(1001) + '/', /^blocklist\[1\]: .*longer than 1000/]
  ])('%s: a clear error naming the entry', (_, entry, why) => {
    expect(field(() => litmus.pii({ text: 'x', blocklist: ['ok', entry] }))).toMatch(why)
  })

  it('a million entries are refused at once, naming the list', () => {
    const blocklist = Array.from({ length: 1_000_000 }, (_, i) => `name${i}`)
    const t0 = performance.now()
    expect(field(() => litmus.pii({ text: 'x', blocklist }))).toMatch(/^blocklist: at most 10000 entries/)
    expect(performance.now() - t0).toBeLessThan(5000)
  })

  it('lists over a million characters in all are refused, naming the entry that crosses it', () => {
    const allowlist = Array(11).fill('y'.repeat(100_000))
    expect(field(() => litmus.pii({ text: 'x', allowlist }))).toMatch(/^allowlist\[10\]: entries of at most 1000000 characters/)
  })

  it('the pattern budget counts every entry: cheap alone, refused together', () => {
    const text = 'a'.repeat(1_000_000)
    expect(field(() => litmus.pii({ text, blocklist: ['/[a-z]{1,20}!/'] }))).toBe('accepted')
    expect(field(() => litmus.pii({ text, blocklist: Array(10).fill('/[a-z]{1,20}!/') }))).toMatch(/budget/)
  })

  it('a plain-literal pattern runs on 100 MB', () => {
    const line = 'the quick brown fox jumps over the lazy dog and then mails maria about it. '
    const text = line.repeat(Math.ceil(100_000_000 / line.length))
    const { pii } = litmus.pii({ text, categories: ['PHONE'], blocklist: ['/maria/'] })
    expect(pii.length).toBe(Math.ceil(100_000_000 / line.length))
    expect(pii[1]).toEqual({ interval: [line.length + 59, line.length + 64], string: 'maria', category: 'blocklist' })
  })

  it('overlapping literal matches merge, adjacent ones stay apart', () => {
    expect(litmus.pii({ text: 'xaaaaay', categories: ['URL'], blocklist: ['aa'] }).pii.map((e) => e.interval)).toEqual([[1, 6]])
    expect(litmus.pii({ text: 'ababab', categories: ['URL'], blocklist: ['ab'] }).pii.map((e) => e.interval)).toEqual([[0, 2], [2, 4], [4, 6]])
    expect(litmus.pii({ text: 'abaababa', categories: ['URL'], blocklist: ['aba'] }).pii.map((e) => e.interval)).toEqual([[0, 3], [3, 8]])
  })
})
