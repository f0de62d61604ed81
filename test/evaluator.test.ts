import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, OPERATIONS, load } from '../dist/litmus.js'

const litmus = await load()

describe('Evaluator', () => {
  it('exposes one camelCase method per implemented operation, and only those', () => {
    for (const name of litmus.operations) {
      const method = name.startsWith('v3.') ? (litmus.v3 as any)[name.slice(3).replace(/_(.)/g, (_, c) => c.toUpperCase())] : (litmus as any)[name.replace(/_(.)/g, (_, c) => c.toUpperCase())]
      expect(typeof method, name).toBe('function')
    }
    expect(litmus.operations).toContain('clarity')
    expect(litmus.operations).toContain('input_type')
    // Declared by the service but not built: no placeholder on the Evaluator.
    expect((litmus as any).helpfulness).toBeUndefined()
    expect(() => litmus.evaluate('helpfulness' as any, { text: 'x' })).toThrow(/not implemented/)
    expect(() => litmus.evaluate('no_such' as any, { text: 'x' })).toThrow(InvalidArgumentError)
    expect(() => litmus.evaluate('no_such' as any, { text: 'x' })).toThrow(/received: "no_such"/)
    expect(() => litmus.evaluate('no_such' as any, { text: 'x' })).toThrow(/unknown operation "no_such"/)
  })

  it('evaluate(name) gives the same result as the method', () => {
    const body = { text: 'The cat sat on the mat. It was happy.' }
    expect(litmus.evaluate('clarity', body)).toEqual(litmus.clarity(body))
    const enc = { text: 'payload: aGVsbG8gd29ybGQsIHRoaXMgaXMgYSB0ZXN0' }
    expect(litmus.evaluate('input_type', enc)).toEqual(litmus.inputType(enc))
  })

  it('echoes metadata, including null, and omits it when absent', () => {
    expect(litmus.clarity({ text: 'Hello there, friend.', metadata: { id: 7, tags: ['a'] } }).metadata).toEqual({ id: 7, tags: ['a'] })
    expect(litmus.clarity({ text: 'Hello there, friend.', metadata: null }).metadata).toBeNull()
    expect('metadata' in litmus.clarity({ text: 'Hello there, friend.' })).toBe(false)
  })

  it('returns exactly the fields of the response schema', () => {
    expect(Object.keys(litmus.clarity({ text: 'Hello there, friend.' })).sort()).toEqual(Object.keys(OPERATIONS.clarity.response).sort())
    expect(Object.keys(litmus.inputType({ text: 'nothing here' }))).toEqual(['encodings'])
  })

  it('validates before scoring', () => {
    expect(() => litmus.clarity({} as any)).toThrow(MissingArgumentError)
    expect(() => litmus.inputType({ text: 5 } as any)).toThrow(InvalidArgumentError)
    expect(() => litmus.clarity({ text: 'x', extra: 1 } as any)).toThrow(/'extra'/)
  })
})
