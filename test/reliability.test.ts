// Reproductions of a hostile user's run (issue 13): each input either gets its documented result or a
// ValidationError naming the field, never a crash, in time linear in the input.
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, OPERATIONS, ValidationError, load } from '../dist/litmus.js'
import { expectIssue, requestFor } from './helpers.js'

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

  it.each([
    ['(?:\\b|\\B){490}x', 'a'.repeat(1_000_000)],
    ['[a-z]{1,999}', 'a'.repeat(1_000_000)],
    [`[${Array.from({ length: 320 }, (_, k) => String.fromCharCode(0x100 + 3 * k) + '-' + String.fromCharCode(0x101 + 3 * k)).join('')}]{1,999}`, '\u0100'.repeat(1_000_000)]
  ])('/%s/ on 1 MB is refused before it runs, naming the entry', (source, text) => {
    expect(field(() => litmus.pii({ text, blocklist: [`/${source}/`] }))).toMatch(/^blocklist\[0\]: .*budget/)
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

describe('validation: no hole, whatever the names and values', () => {
  const ops = OPERATIONS as Record<string, { request: Record<string, any> }>

  it.each(['nope', '__proto__', 'toString', 'constructor', 'hasOwnProperty'])('evaluate(%j) is an InvalidArgumentError naming the operation', (name) => {
    const e = expectIssue(() => litmus.evaluate(name as any, { text: 'x' }), InvalidArgumentError, 'name')
    expect(e.message).not.toContain('declared by the service')
  })
  it('evaluate of a declared, unimplemented operation says so', () => {
    const missing = Object.keys(OPERATIONS).find((n) => !litmus.operations.includes(n as any))
    if (missing) expect(expectIssue(() => litmus.evaluate(missing as any, {}), InvalidArgumentError, 'name').message).toContain('declared by the service')
  })
  it('evaluate with a non-string name', () => {
    expectIssue(() => litmus.evaluate(42 as any, { text: 'x' }), InvalidArgumentError, 'name')
  })

  for (const field of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
    it(`an own field named ${field} is an unknown field, for every operation`, () => {
      for (const name of litmus.operations) {
        const body = JSON.parse(JSON.stringify(requestFor(ops[name], 'Hello there, world.')))
        const hostile = JSON.parse(JSON.stringify(body).replace(/^\{/, `{${JSON.stringify(field)}:1,`))
        expect(Object.hasOwn(hostile, field)).toBe(true)
        expectIssue(() => litmus.evaluate(name, hostile), InvalidArgumentError, field)
      }
    })
  }
  it('clarity({ text, constructor: 1 }) is refused', () => {
    expectIssue(() => litmus.clarity({ text: 'hi', constructor: 1 } as any), InvalidArgumentError, 'constructor')
  })
  it('a field inherited from a prototype is not a field of the request', () => {
    expectIssue(() => litmus.clarity(Object.create({ text: 'Inherited text.' })), ValidationError, 'text')
  })

  it('a getter is read once: the scorer sees the value that was validated', () => {
    let reads = 0
    const body = {
      get text() {
        return reads++ === 0 ? 'Call me at 555-0100 tomorrow.' : (12345 as any)
      }
    }
    expect(litmus.pii(body as any).pii.length).toBeGreaterThanOrEqual(0)
    expect(reads).toBe(1)
  })
  it('a getter that throws is a ValidationError', () => {
    const body = {
      get text(): string {
        throw new Error('no')
      }
    }
    expect(() => litmus.clarity(body)).toThrow(ValidationError)
  })

  it('redact with a category that is no string', () => {
    expectIssue(() => litmus.redact('x', { categories: [Object.create(null)] }), InvalidArgumentError, 'categories[0]')
    expectIssue(() => litmus.redact('x', { categories: ['__proto__'] }), InvalidArgumentError, 'categories[0]')
  })

  it.each([null, 'x', 42, []])('load(%j) is refused', async (options) => {
    await expect(load(options as any)).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('the longest text accepted, all non-ASCII, is scanned and its spans are string indices', () => {
    const text = '\u00e9'.repeat(134_217_728 - 7) + ' a@b.co'
    expect(text.length).toBe(134_217_728)
    expect(litmus.pii({ text, categories: ['EMAIL'] }).pii).toEqual([
      { interval: [134_217_722, 134_217_728], string: 'a@b.co', category: 'EMAIL_ADDRESS' }
    ])
  })

  it('a text over the documented length is refused before it reaches the core', () => {
    const text = '\u00e9'.repeat(134_217_729)
    expectIssue(() => litmus.pii({ text }), InvalidArgumentError, 'text')
    expectIssue(() => litmus.redact(text), InvalidArgumentError, 'text')
    expectIssue(() => litmus.textStats(text), InvalidArgumentError, 'text')
  })

  it('a 1 MB name is refused without suggestions, at once', () => {
    const long = 'x'.repeat(1_000_000)
    const carbon = { provider: 'aws', region: 'us-east-1', instance_type: long, latency: 1000 }
    const e1 = expectIssue(() => litmus.carbon(carbon), InvalidArgumentError, 'instance_type')
    expect(e1.message).not.toContain('did you mean')
    const cost = { model_name: long, model_type: 'LLM', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 1, total_completion_tokens: 1 } as const
    const e2 = expectIssue(() => litmus.cost(cost), InvalidArgumentError, 'model_name')
    expect(e2.message).not.toContain('did you mean')
  })
})
