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
