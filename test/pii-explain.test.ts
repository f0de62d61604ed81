// explain('pii', request): per entity its confidence and evidence. Fixture table: text (and request
// fields) -> each entity's category, string, recognizer, confidence and evidence kinds.
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, load } from '../dist/litmus.js'
import { expectIssue } from './helpers.js'

const litmus = await load({ operations: ['pii'] })

type Row = [category: string, string: string, recognizer: string, confidence: number, evidence: string]

const LUHN_REF = { category: 'CARD_REF', patterns: ['/\\b\\d{16}\\b/'], validator: 'luhn', context: ['ref'] }

const fixtures: [text: string, extra: Record<string, unknown>, expected: Row[]][] = [
  // Checksum-validated formats.
  ['Paid with 4111 1111 1111 1111 yesterday.', {}, [['CREDIT_CARD', '4111 1111 1111 1111', 'built-in', 0.95, 'format+checksum']]],
  ['IBAN GB82 WEST 1234 5698 7654 32 please', {}, [['IBAN_CODE', 'GB82 WEST 1234 5698 7654 32', 'built-in', 0.95, 'format+checksum']]],
  ['Send 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 now', {}, [['CRYPTO', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'built-in', 0.95, 'format+checksum']]],
  // Checksum and a context word.
  ['Routing number 011000015, account 12345678901.', {}, [
    ['ABA_ROUTING_NUMBER', '011000015', 'built-in', 0.99, 'format+checksum+context'],
    ['US_BANK_NUMBER', '12345678901', 'built-in', 0.85, 'format+context']
  ]],
  // Format with and without context.
  ['My SSN is 123-45-6789.', {}, [['US_SSN', '123-45-6789', 'built-in', 0.85, 'format+context']]],
  ['Number 123-45-6789 on file', {}, [['US_SSN', '123-45-6789', 'built-in', 0.6, 'format']]],
  ['Call me at (555) 123-4567 tomorrow.', {}, [['PHONE_NUMBER', '(555) 123-4567', 'built-in', 0.85, 'format+context']]],
  ['Write to jane.doe@example.com today.', {}, [['EMAIL_ADDRESS', 'jane.doe@example.com', 'built-in', 0.6, 'format']]],
  ['password=hunter2abc', {}, [['SECRET', 'hunter2abc', 'built-in', 0.85, 'format+context']]],
  // Names and places: gazetteer, cue, capitalisation.
  ['Mr. John Smith called.', {}, [['PERSON', 'John Smith', 'built-in', 0.85, 'gazetteer+cue']]],
  ['John Smith called.', {}, [['PERSON', 'John Smith', 'built-in', 0.5, 'gazetteer']]],
  ['We met Zorblat Quenneth yesterday.', {}, [['PERSON', 'Zorblat Quenneth', 'built-in', 0.7, 'format+cue']]],
  ['She lives in Paris now.', {}, [['LOCATION', 'Paris', 'built-in', 0.85, 'gazetteer+cue']]],
  // An address is reported part by part (street, town), each with the block's evidence.
  ['12 Main Street, Springfield', {}, [['LOCATION', '12 Main Street', 'built-in', 0.5, 'format+gazetteer'], ['LOCATION', 'Springfield', 'built-in', 0.5, 'format+gazetteer']]],
  // Custom recognizers: pattern, checksum, context word; deny list; blocklist.
  ['Ref 4111111111111111 noted', { recognizers: [LUHN_REF] }, [['CARD_REF', '4111111111111111', 'CARD_REF', 0.99, 'pattern+checksum+context']]],
  ['Card 4111111111111111 noted', { recognizers: [{ ...LUHN_REF, name: 'Card references' }] }, [['CARD_REF', '4111111111111111', 'Card references', 0.95, 'pattern+checksum']]],
  ['Badge EMP-004211.', { recognizers: [{ category: 'EMPLOYEE_ID', patterns: ['/EMP-\\d{6}/'] }] }, [['EMPLOYEE_ID', 'EMP-004211', 'EMPLOYEE_ID', 0.6, 'pattern']]],
  ['Employee badge EMP-004211.', { recognizers: [{ category: 'EMPLOYEE_ID', patterns: ['/EMP-\\d{6}/'], context: ['badge'] }] }, [['EMPLOYEE_ID', 'EMP-004211', 'EMPLOYEE_ID', 0.85, 'pattern+context']]],
  ['Operation Falcon starts.', { recognizers: [{ category: 'CODENAME', denylist: ['falcon'] }] }, [['CODENAME', 'Falcon', 'CODENAME', 1, 'denylist']]],
  ['ticket XK-99 open', { blocklist: ['/XK-\\d+/'] }, [['blocklist', 'XK-99', 'blocklist', 1, 'blocklist']]],
  // The allowlist removes entities from the explanation as from the response.
  ['Write to jane.doe@example.com today.', { allowlist: ['jane.doe@example.com'] }, []]
]

describe("explain('pii')", () => {
  for (const [text, extra, expected] of fixtures) {
    it(`${text} ${Object.keys(extra).join(',')}`, () => {
      const got = litmus.explain('pii', { text, ...extra } as never)
      expect(got.operation).toBe('pii')
      expect(got.pii.map((e) => [e.category, e.string, e.recognizer, e.confidence, e.evidence.map((x) => x.kind).join('+')])).toEqual(expected)
    })
  }

  it('names the pattern, checksum and context word of a custom match', () => {
    const [e] = litmus.explain('pii', { text: 'Ref 4111111111111111 noted', recognizers: [LUHN_REF] } as never).pii
    expect(e.evidence.map((x) => x.detail)).toEqual(['/\\b\\d{16}\\b/', 'luhn', 'ref'])
  })

  const texts = [
    'Dear Mr. Alvarez, your card 5500 0055 5555 5559 and SSN 078-05-1120 are on file; call +1 (212) 555-0198 or write to a.alvarez@example.org. We ship to 221B Baker Street, London.',
    'Müller wohnt in Berlin — IBAN DE89370400440532013000, IP 10.0.0.1, https://example.com/p?q=1',
    'Nothing personal here at all.',
    ''
  ]
  it('returns exactly the entities pii() returns, in order, each with confidence in 0..1 and evidence', () => {
    for (const text of texts) {
      for (const extra of [{}, { recognizers: [LUHN_REF] }, { categories: ['PERSON', 'EMAIL'] }]) {
        const request = { text, ...extra } as never
        const plain = litmus.pii(request).pii
        const explained = litmus.explain('pii', request).pii
        expect(explained.map(({ interval, string, category }) => ({ interval, string, category }))).toEqual(plain)
        for (const e of explained) {
          expect(e.confidence).toBeGreaterThanOrEqual(0)
          expect(e.confidence).toBeLessThanOrEqual(1)
          expect(e.evidence.length).toBeGreaterThan(0)
        }
      }
    }
  })

  it('uses the recognizers given to load()', async () => {
    const withRef = await load({ operations: ['pii'], recognizers: [LUHN_REF as never] })
    expect(withRef.explain('pii', { text: 'ref 4111111111111111' }).pii.map((e) => e.recognizer)).toEqual(['CARD_REF'])
  })

  it('checks the request like pii()', () => {
    expectIssue(() => litmus.explain('pii', { text: 'x', recognizers: [{ category: 'URL', patterns: ['x'] }] } as never), InvalidArgumentError, 'recognizers[0].category')
    expectIssue(() => litmus.explain('pii', { text: 7 } as never), InvalidArgumentError, 'text')
  })
})
