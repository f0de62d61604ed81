// Custom PII recognizers (docs/metrics/pii.md, "Custom recognizers"): fixture tables of recognizers,
// texts and the entities expected, then the error paths, each naming its field.
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load({ operations: ['pii'] })

type Entity = [category: string, string: string]
type Recognizer = Record<string, unknown>

const EMPLOYEE: Recognizer = { category: 'EMPLOYEE_ID', patterns: ['/\\bEMP-\\d{6}\\b/'] }
const SIN: Recognizer = { category: 'CA_SIN', patterns: ['/\\b\\d{3}[ -]?\\d{3}[ -]?\\d{3}\\b/'], validator: 'luhn' }
const MY_IBAN: Recognizer = { category: 'MY_IBAN', patterns: ['/\\b[A-Z]{2}\\d{2}[A-Z0-9]{10,30}\\b/'], validator: 'mod97' }
const ROUTING: Recognizer = { category: 'ROUTING', patterns: ['/\\b\\d{9}\\b/'], validator: 'aba' }
const ZIP: Recognizer = { category: 'ZIP', patterns: ['/\\b\\d{5}\\b/'], context: ['zip', 'postcode'], context_required: true }

// Each row: recognizers, text, extra request fields -> every entity expected, in order. Rows that only
// test a custom category restrict `categories` to it, so built-in results cannot change the row.
const fixtures: [label: string, recognizers: Recognizer[], text: string, extra: Record<string, unknown>, expected: Entity[]][] = [
  ['pattern found', [EMPLOYEE], 'Badge EMP-004211 was issued.', { categories: ['EMPLOYEE_ID'] }, [['EMPLOYEE_ID', 'EMP-004211']]],
  ['pattern not found', [EMPLOYEE], 'Badge EMP-42 and XEMP-004211X were issued.', { categories: ['EMPLOYEE_ID'] }, []],
  ['every match', [EMPLOYEE], 'EMP-000001, EMP-000002;EMP-000003', { categories: ['EMPLOYEE_ID'] }, [['EMPLOYEE_ID', 'EMP-000001'], ['EMPLOYEE_ID', 'EMP-000002'], ['EMPLOYEE_ID', 'EMP-000003']]],
  ['a plain string is found as written', [{ category: 'PROJECT', patterns: ['Project Nightingale'] }], 'About Project Nightingale, not project nightingale.', { categories: ['PROJECT'] }, [['PROJECT', 'Project Nightingale']]],
  ['flags: i', [{ category: 'TICKET', patterns: ['/\\bproj-\\d+\\b/i'] }], 'See PROJ-77 and proj-8.', { categories: ['TICKET'] }, [['TICKET', 'PROJ-77'], ['TICKET', 'proj-8']]],
  ['two patterns, overlapping matches merged', [{ category: 'CODE', patterns: ['/AB-\\d+/', '/\\d+-XY/'] }], 'code AB-123-XY end', { categories: ['CODE'] }, [['CODE', 'AB-123-XY']]],
  // Validators: the core's checksums.
  ['luhn passes', [SIN], 'SIN 046 454 286 on file', { categories: ['CA_SIN'] }, [['CA_SIN', '046 454 286']]],
  ['luhn rejects', [SIN], 'SIN 046 454 287 on file', { categories: ['CA_SIN'] }, []],
  ['verhoeff passes', [{ category: 'MEMBER_ID', patterns: ['/\\b\\d{4} \\d{4} \\d{4}\\b/'], validator: 'verhoeff' }], 'member 2363 4578 9121 ok', {}, [['MEMBER_ID', '2363 4578 9121']]],
  ['verhoeff rejects', [{ category: 'MEMBER_ID', patterns: ['/\\b\\d{4} \\d{4} \\d{4}\\b/'], validator: 'verhoeff' }], 'member 2363 4578 9120 ok', {}, []],
  ['mod97 passes', [MY_IBAN], 'Pay DE89370400440532013000 today', { categories: ['MY_IBAN'] }, [['MY_IBAN', 'DE89370400440532013000']]],
  ['mod97 rejects', [MY_IBAN], 'Pay DE89370400440532013001 today', { categories: ['MY_IBAN'] }, []],
  ['aba passes', [ROUTING], 'wire via 011000015 please', { categories: ['ROUTING'] }, [['ROUTING', '011000015']]],
  ['aba rejects', [ROUTING], 'wire via 011000016 please', { categories: ['ROUTING'] }, []],
  // Context words.
  ['context required and found', [ZIP], 'Zip code: 02139.', { categories: ['ZIP'] }, [['ZIP', '02139']]],
  ['context required, absent', [ZIP], 'We ordered 02139 boxes.', { categories: ['ZIP'] }, []],
  ['context required, more than five words before', [ZIP], 'Postcode, as we said in the letter, 02139.', { categories: ['ZIP'] }, []],
  ['context required, after the value does not count', [ZIP], 'It is 02139, the zip.', { categories: ['ZIP'] }, []],
  ['context optional: reported without it', [{ ...ZIP, context_required: false }], 'We ordered 02139 boxes.', { categories: ['ZIP'] }, [['ZIP', '02139']]],
  ['context phrase', [{ category: 'MEMBER', patterns: ['/\\b\\d{5}\\b/'], context: ['member number'], context_required: true }], 'Your member number is 55555; the room we booked is 44444.', { categories: ['MEMBER'] }, [['MEMBER', '55555']]],
  ['context plural', [{ category: 'ACCT', patterns: ['/\\b\\d{5}\\b/'], context: ['account'], context_required: true }], 'Both accounts 12345 and 67890.', { categories: ['ACCT'] }, [['ACCT', '12345'], ['ACCT', '67890']]],
  // Deny list: whole words, any case (Presidio's deny_list).
  ['denylist', [{ category: 'CODENAME', denylist: ['falcon', 'blue harbor'] }], 'Falcon meets at Blue Harbor; falconry is a hobby.', { categories: ['CODENAME'] }, [['CODENAME', 'Falcon'], ['CODENAME', 'Blue Harbor']]],
  ['denylist entry ending in punctuation', [{ category: 'TITLE', denylist: ['Mr.', 'Mrs.'] }], 'Mr. Smith and Mrs. Jones', { categories: ['TITLE'] }, [['TITLE', 'Mr.'], ['TITLE', 'Mrs.']]],
  ['denylist in a text whose lower case changes length', [{ category: 'CODENAME', denylist: ['falcon'] }], 'İstanbul office: FALCON.', { categories: ['CODENAME'] }, [['CODENAME', 'FALCON']]],
  ['denylist and patterns together', [{ category: 'CODENAME', patterns: ['/\\bOP-\\d\\d\\b/'], denylist: ['falcon'] }], 'falcon, OP-12', { categories: ['CODENAME'] }, [['CODENAME', 'falcon'], ['CODENAME', 'OP-12']]],
  // Several recognizers, one category; categories filter.
  ['two recognizers, one category', [EMPLOYEE, { category: 'EMPLOYEE_ID', patterns: ['/\\bE\\d{4}\\b/'] }], 'EMP-000001 and E1234', { categories: ['EMPLOYEE_ID'] }, [['EMPLOYEE_ID', 'EMP-000001'], ['EMPLOYEE_ID', 'E1234']]],
  ['categories without the custom one', [EMPLOYEE], 'EMP-000001 mail a@example.com', { categories: ['EMAIL'] }, [['EMAIL_ADDRESS', 'a@example.com']]],
  ['categories: custom name, any case', [EMPLOYEE], 'EMP-000001 mail a@example.com', { categories: ['employee-id'] }, [['EMPLOYEE_ID', 'EMP-000001']]],
  // Merged with built-in entities: custom categories rank above every built-in one.
  ['custom and built-in side by side', [EMPLOYEE], 'EMP-000001 wrote to a@example.com', {}, [['EMPLOYEE_ID', 'EMP-000001'], ['EMAIL_ADDRESS', 'a@example.com']]],
  ['custom wins an overlap with a built-in', [{ category: 'CASE_NO', patterns: ['/\\b\\d{3}-\\d{2}-\\d{4}\\b/'] }], 'SSN 123-45-6789', {}, [['CASE_NO', '123-45-6789']]],
  ['among custom entities the longer wins', [{ category: 'SHORT', patterns: ['/AB-\\d/'] }, { category: 'LONG', patterns: ['/AB-\\d{4}/'] }], 'x AB-1234 y', { categories: ['SHORT', 'LONG'] }, [['LONG', 'AB-1234']]],
  ['allowlist drops a custom entity', [EMPLOYEE], 'EMP-000001 and EMP-000002', { categories: ['EMPLOYEE_ID'], allowlist: ['EMP-000001'] }, [['EMPLOYEE_ID', 'EMP-000002']]],
  ['blocklist wins over a custom entity', [EMPLOYEE], 'EMP-000001', { blocklist: ['/EMP-\\d+/'] }, [['blocklist', 'EMP-000001']]],
  ['non-ASCII text: string indices', [EMPLOYEE], 'Müller — EMP-000001', { categories: ['EMPLOYEE_ID'] }, [['EMPLOYEE_ID', 'EMP-000001']]]
]

describe('custom recognizers per call', () => {
  for (const [label, recognizers, text, extra, expected] of fixtures) {
    it(label, () => {
      const got = litmus.pii({ text, recognizers, ...extra } as never).pii
      expect(got.map((e) => [e.category, e.string])).toEqual(expected)
      for (const e of got) expect(text.slice(e.interval[0], e.interval[1])).toBe(e.string)
    })
  }

  it('redact takes them too', () => {
    expect(litmus.redact('Badge EMP-004211, mail a@example.com', { recognizers: [EMPLOYEE] as never }).text).toBe('Badge <EMPLOYEE_ID>, mail <EMAIL_ADDRESS>')
  })

  it('evaluate() and the v4 method agree', () => {
    const body = { text: 'Badge EMP-004211', recognizers: [EMPLOYEE] }
    expect(litmus.evaluate('pii', body)).toEqual(litmus.pii(body as never))
  })
})

describe('custom recognizers given to load()', async () => {
  const withZip = await load({ operations: ['pii'], recognizers: [ZIP as never, EMPLOYEE as never] })
  const rows: [text: string, extra: Record<string, unknown>, expected: Entity[]][] = [
    ['zip 02139, badge EMP-000001', {}, [['ZIP', '02139'], ['EMPLOYEE_ID', 'EMP-000001']]],
    ['zip 02139, badge EMP-000001', { categories: ['ZIP'] }, [['ZIP', '02139']]],
    // Per-call recognizers add to those of load().
    ['zip 02139, code OP-12', { recognizers: [{ category: 'OP', patterns: ['/OP-\\d+/'] }] }, [['ZIP', '02139'], ['OP', 'OP-12']]]
  ]
  for (const [text, extra, expected] of rows) {
    it(`${text} ${JSON.stringify(extra)}`, () => {
      expect(withZip.pii({ text, ...extra } as never).pii.map((e) => [e.category, e.string])).toEqual(expected)
    })
  }

  it('other Evaluators do not see them', () => {
    expect(litmus.pii({ text: 'zip 02139, badge EMP-000001' }).pii).toEqual([])
  })
})

// Each row: recognizers (or a request) -> the field the error names.
const errors: [label: string, request: Record<string, unknown>, field: string, Type: typeof InvalidArgumentError | typeof MissingArgumentError][] = [
  ['built-in category', { recognizers: [{ category: 'PERSON', patterns: ['x'] }] }, 'recognizers[0].category', InvalidArgumentError],
  ['built-in alias, any case', { recognizers: [EMPLOYEE, { category: 'phone', patterns: ['x'] }] }, 'recognizers[1].category', InvalidArgumentError],
  ["the blocklist's category", { recognizers: [{ category: 'Blocklist', patterns: ['x'] }] }, 'recognizers[0].category', InvalidArgumentError],
  ['category not a name', { recognizers: [{ category: '9 lives', patterns: ['x'] }] }, 'recognizers[0].category', InvalidArgumentError],
  ['category missing', { recognizers: [{ patterns: ['x'] }] }, 'recognizers[0].category', MissingArgumentError],
  ['nothing to find', { recognizers: [{ category: 'X' }] }, 'recognizers[0].patterns', InvalidArgumentError],
  ['invalid pattern', { recognizers: [EMPLOYEE, { category: 'X', patterns: ['ok', '/(a/'] }] }, 'recognizers[1].patterns[1]', InvalidArgumentError],
  ['back-reference', { recognizers: [{ category: 'X', patterns: ['/(a)\\1/'] }] }, 'recognizers[0].patterns[0]', InvalidArgumentError],
  ['lookahead', { recognizers: [{ category: 'X', patterns: ['/a(?=b)/'] }] }, 'recognizers[0].patterns[0]', InvalidArgumentError],
  ['pattern not a string', { recognizers: [{ category: 'X', patterns: [7] }] }, 'recognizers[0].patterns[0]', InvalidArgumentError],
  ['unknown validator', { recognizers: [{ category: 'X', patterns: ['a'], validator: 'crc32' }] }, 'recognizers[0].validator', InvalidArgumentError],
  ['context required without context', { recognizers: [{ category: 'X', patterns: ['a'], context_required: true }] }, 'recognizers[0].context', InvalidArgumentError],
  ['context_required not a boolean', { recognizers: [{ category: 'X', patterns: ['a'], context: ['b'], context_required: 'yes' }] }, 'recognizers[0].context_required', InvalidArgumentError],
  ['unknown field', { recognizers: [{ category: 'X', patterns: ['a'], score: 0.5 }] }, 'recognizers[0].score', InvalidArgumentError],
  ['recognizers not an array', { recognizers: { category: 'X' } }, 'recognizers', InvalidArgumentError],
  ['categories naming no recognizer', { recognizers: [EMPLOYEE], categories: ['EMPLOYEE_IDS'] }, 'categories[0]', InvalidArgumentError]
]

describe('errors name the field', () => {
  for (const [label, request, field, Type] of errors) {
    it(label, () => {
      expectIssue(() => litmus.pii({ text: 'EMP-000001', ...request } as never), Type as never, field)
    })
  }

  it('redact options are checked the same way', () => {
    expectIssue(() => litmus.redact('x', { recognizers: [{ category: 'EMAIL', patterns: ['x'] }] as never }), InvalidArgumentError, 'recognizers[0].category')
    expectIssue(() => litmus.redact('x', { recognizers: 'EMP' as never }), InvalidArgumentError, 'recognizers')
  })

  it('load() refuses bad recognizers, naming the field', async () => {
    for (const [recognizers, field] of [
      [[{ category: 'EMAIL_ADDRESS', patterns: ['x'] }], 'recognizers[0].category'],
      [[EMPLOYEE, { category: 'X', patterns: ['/[a-/'] }], 'recognizers[1].patterns[0]'],
      [[{ category: 'X', patterns: ['a'], validator: 'md5' }], 'recognizers[0].validator'],
      [{}, 'recognizers']
    ] as const) {
      const err = await load({ operations: ['pii'], recognizers: recognizers as never }).catch((e) => e)
      expect(err).toBeInstanceOf(InvalidArgumentError)
      expect(err.issues.map((i: { field: string }) => i.field)).toContain(field)
      expect(err.message).toContain('LoadOptions')
    }
  })
})

describe('pattern budget', () => {
  const costly = '/(?:\\b|\\B){490}x/'
  it('a costly pattern is refused before running, naming it', () => {
    expectIssue(() => litmus.pii({ text: 'a'.repeat(100_000), recognizers: [EMPLOYEE, { category: 'X', patterns: ['y', costly] }] } as never), InvalidArgumentError, 'recognizers[1].patterns[1]')
  })

  it('the same pattern passes on a short text', () => {
    expect(litmus.pii({ text: 'a'.repeat(100), recognizers: [{ category: 'X', patterns: [costly] }] } as never).pii).toEqual([])
  })

  it('recognizers count against the budget of the allowlist and blocklist', () => {
    const text = 'a'.repeat(1_000_000)
    const p = '/[a-z]{1,20}!/'
    // One such pattern fits the budget on this text, in either place; two do not, wherever they are.
    expect(litmus.pii({ text, blocklist: [p] }).pii).toEqual([])
    expect(litmus.pii({ text, recognizers: [{ category: 'X', patterns: [p] }] } as never).pii).toEqual([])
    expectIssue(() => litmus.pii({ text, blocklist: [p], recognizers: [{ category: 'X', patterns: [p] }] } as never), InvalidArgumentError, 'blocklist[0]')
  })

  it('a load() recognizer over budget is named as a load option', async () => {
    const heavy = await load({ operations: ['pii'], recognizers: [{ category: 'X', patterns: [costly] }] })
    expectIssue(() => heavy.pii({ text: 'a'.repeat(100_000) }), InvalidArgumentError, 'LoadOptions.recognizers[0].patterns[0]')
  })
})

describe('through the server and client', async () => {
  const { createClient } = await import('../dist/client.js')
  const { createServer } = await import('../dist/server.js')
  it('pass the per-call field through unchanged, errors naming it', async () => {
    const key = 'recognizers-test-key-0123456789'
    const server = createServer({ keys: [key], threads: 1 })
    try {
      const client = createClient({ apiKey: key, baseUrl: (await server.listen({ port: 0, host: '127.0.0.1' })).url })
      const body = { text: 'Badge EMP-004211 mail a@example.com', recognizers: [EMPLOYEE] }
      expect(await client.pii(body as never)).toEqual(litmus.pii(body as never))
      const err = await client.pii({ text: 'x', recognizers: [{ category: 'EMAIL', patterns: ['x'] }] } as never).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(InvalidArgumentError)
      expect((err as InvalidArgumentError).issues.map((i) => i.field)).toContain('recognizers[0].category')
    } finally {
      await server.close()
    }
  })
})
