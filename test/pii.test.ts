import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, load } from '../dist/litmus.js'
import { growth } from './helpers'

const litmus = await load()

type Entity = [category: string, string: string]
const detect = (text: string, extra: Record<string, unknown> = {}) => litmus.pii({ text, ...extra }).pii
const pairs = (text: string, extra: Record<string, unknown> = {}): Entity[] =>
  detect(text, extra).map((e) => [e.category, e.string])

// Each row: text -> every entity expected, in order.
const fixtures: [text: string, expected: Entity[]][] = [
  // EMAIL_ADDRESS
  ['Write to jane.doe+news@example.co.uk today.', [['EMAIL_ADDRESS', 'jane.doe+news@example.co.uk']]],
  ['(contact: ops@mail.example.org)', [['EMAIL_ADDRESS', 'ops@mail.example.org']]],
  ['an @ sign alone, or user@localhost', []],
  // PHONE_NUMBER
  ['Call me at (555) 123-4567 tomorrow.', [['PHONE_NUMBER', '(555) 123-4567']]],
  ['Her number is +44 20 7946 0958.', [['PHONE_NUMBER', '+44 20 7946 0958']]],
  ['Office: 212.555.0198x123', [['PHONE_NUMBER', '212.555.0198x123']]],
  ['Phone: 0161 496 0000', [['PHONE_NUMBER', '0161 496 0000']]],
  ['He lived from 1808-1895 and wrote 3 books.', []],
  // CREDIT_CARD
  ['Paid with 4111 1111 1111 1111 yesterday.', [['CREDIT_CARD', '4111 1111 1111 1111']]],
  ['Amex 3782-822463-10005 on file', [['CREDIT_CARD', '3782-822463-10005']]],
  ['Card 5500005555555559', [['CREDIT_CARD', '5500005555555559']]],
  // IBAN_CODE
  ['IBAN GB82 WEST 1234 5698 7654 32 please', [['IBAN_CODE', 'GB82 WEST 1234 5698 7654 32']]],
  ['Send to DE89370400440532013000.', [['IBAN_CODE', 'DE89370400440532013000']]],
  // US_SSN
  ['My SSN is 123-45-6789.', [['US_SSN', '123-45-6789']]],
  ['ssn 078 05 1120', [['US_SSN', '078 05 1120']]],
  // US_BANK_NUMBER / ABA_ROUTING_NUMBER
  ['Routing number 011000015, account 12345678901.', [['ABA_ROUTING_NUMBER', '011000015'], ['US_BANK_NUMBER', '12345678901']]],
  // IP_ADDRESS
  ['Server 192.168.10.254 and 2001:db8::8a2e:370:7334 are up.', [['IP_ADDRESS', '192.168.10.254'], ['IP_ADDRESS', '2001:db8::8a2e:370:7334']]],
  ['Listening on 10.0.0.1:8080', [['IP_ADDRESS', '10.0.0.1']]],
  ['Version 1.2.3.4.5 and 300.1.1.1 are not addresses.', []],
  // An IP-literal URL host is reported as the IP (as Presidio does), not as a URL.
  ['Open http://203.0.113.5:8443/login now', [['IP_ADDRESS', '203.0.113.5']]],
  ['Open http://[2001:db8::1]/admin now', [['IP_ADDRESS', '2001:db8::1']]],
  ['Open https://example.com/203.0.113.5 now', [['URL', 'https://example.com/203.0.113.5']]],
  // Glued to a key, a user or a scheme, as a word-boundary regular expression would find it.
  ['src_ip:10.1.2.3 IPv4:10.1.2.4 IP#10.1.2.5', [['IP_ADDRESS', '10.1.2.3'], ['IP_ADDRESS', '10.1.2.4'], ['IP_ADDRESS', '10.1.2.5']]],
  ['ssh root@10.1.2.3 -p 22 or tcp://10.1.2.4:5555', [['IP_ADDRESS', '10.1.2.3'], ['IP_ADDRESS', '10.1.2.4']]],
  // A CIDR prefix length and an IPv6 zone belong to the address (as Presidio reads them).
  ['Subnet 10.0.0.0/8, peer [2001:db8::1]:8080, link fe80::1%eth0', [['IP_ADDRESS', '10.0.0.0/8'], ['IP_ADDRESS', '2001:db8::1'], ['IP_ADDRESS', 'fe80::1%eth0']]],
  ['Mapped ::ffff:192.0.2.128 and fe80:0:0:0:202:b3ff:fe1e:8329', [['IP_ADDRESS', '::ffff:192.0.2.128'], ['IP_ADDRESS', 'fe80:0:0:0:202:b3ff:fe1e:8329']]],
  ['Build v2.10.1.3 and ref_1.2.3.4.5 are not addresses', []],
  // MAC_ADDRESS
  ['NIC 00:1A:2B:3C:4D:5E', [['MAC_ADDRESS', '00:1A:2B:3C:4D:5E']]],
  // URL
  ['See https://example.com/a?b=1 and www.example.org.', [['URL', 'https://example.com/a?b=1'], ['URL', 'www.example.org']]],
  ['Shop at amazon.com today', [['URL', 'amazon.com']]],
  // DATE_TIME
  ['Born 2/8/1935, seen 2000-04-16 11:34:35.', [['DATE_TIME', '2/8/1935'], ['DATE_TIME', '2000-04-16 11:34:35']]],
  ['We met on Friday, March 3, 2021.', [['DATE_TIME', 'Friday'], ['DATE_TIME', 'March 3, 2021']]],
  // PERSON
  ['My name is Krisztián Szöllösy.', [['PERSON', 'Krisztián Szöllösy']]],
  ['Yesterday Mr. Fulton met John Smith.', [['PERSON', 'Fulton'], ['PERSON', 'John Smith']]],
  ['Hanne I. Kreutzmann is the speaker', [['PERSON', 'Hanne I. Kreutzmann']]],
  // LOCATION
  ['She moved to Budapest last year.', [['LOCATION', 'Budapest']]],
  ['He lives at 15 Millicent Drive, Apt. 4 in London.', [['LOCATION', '15 Millicent Drive, Apt. 4'], ['LOCATION', 'London']]],
  // An address block is reported part by part: each line, the part after a comma (a unit word stays with
  // its street), and a postcode after the words of the last line.
  ['William Hughes\n\n20789 Allika 46\n Suite 501\n Riisa\n\n Estonia 62488', [['PERSON', 'William Hughes'], ['LOCATION', '20789 Allika 46'], ['LOCATION', 'Suite 501'], ['LOCATION', 'Riisa'], ['LOCATION', 'Estonia']]],
  ['Lara Pottinger\n\n3247 Rua Igreja 25\n Apt. 236\n Ribeirão\n Portugal 30971', [['PERSON', 'Lara Pottinger'], ['LOCATION', '3247 Rua Igreja 25'], ['LOCATION', 'Apt. 236'], ['LOCATION', 'Ribeirão'], ['LOCATION', 'Portugal'], ['LOCATION', '30971']]],
  ['Kevin had given Alma his address: 5049 Harjukuja 54, SEINÄJOKI', [['PERSON', 'Kevin'], ['PERSON', 'Alma'], ['LOCATION', '5049 Harjukuja 54'], ['LOCATION', 'SEINÄJOKI']]],
  // Look-alikes that stay whole: a unit after the comma, a unit line ending the block, a street alone.
  ['We meet at 4 Oak Lane, Suite 12', [['LOCATION', '4 Oak Lane, Suite 12']]],
  // A contact block's company line: capitalised words between a person's line and the address; not
  // everyday words ("Head Office"), not without a person's line before it.
  ['Julcsa Kárpáthy\nMhealthcoach\n50668 Kiannonkatu 98 Apt. 105, ISHOJ', [['PERSON', 'Julcsa Kárpáthy'], ['ORGANIZATION', 'Mhealthcoach'], ['LOCATION', '50668 Kiannonkatu 98 Apt. 105'], ['LOCATION', 'ISHOJ']]],
  ['Maria Lopez\nHead Office\n12 Main Street, Springfield', [['PERSON', 'Maria Lopez'], ['LOCATION', '12 Main Street'], ['LOCATION', 'Springfield']]],
  ['Deliver to the front desk\nKestrel Wing\n12 Main Street', [['PERSON', 'Kestrel Wing'], ['LOCATION', '12 Main Street']]],
  ['Who is coming to the Czech Republic with me?', [['LOCATION', 'Czech Republic']]],
  // All lower-case text: cues instead of capitals
  ['hi, my name is lena andersson and i moved here from burkina faso', [['PERSON', 'lena andersson'], ['LOCATION', 'burkina faso']]],
  ['she lives in fear of the dark', []],
  // CRYPTO
  ['btc 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', [['CRYPTO', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa']]],
  ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', [['CRYPTO', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']]],
  ['eth 0x52908400098527886E0F7030069857D2E4169EE7', [['CRYPTO', '0x52908400098527886E0F7030069857D2E4169EE7']]],
  // SECRET
  ['key sk-abcdEFGH1234ijklMNOP5678qrst', [['SECRET', 'sk-abcdEFGH1234ijklMNOP5678qrst']]],
  ['AWS AKIAIOSFODNN7EXAMPLE', [['SECRET', 'AKIAIOSFODNN7EXAMPLE']]],
  ['password=hunter22 and api_key: "Zx81kLq02MmvPq7TtR4e"', [['SECRET', 'hunter22'], ['SECRET', 'Zx81kLq02MmvPq7TtR4e']]],
  ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdEFGHijkl', [['SECRET', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdEFGHijkl']]],
  [
    'x -----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\n-----END RSA PRIVATE KEY----- y',
    [['SECRET', '-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\n-----END RSA PRIVATE KEY-----']]
  ],
  // Ordinary prose
  ['The jury said it will look into the matter on its own time.', []],
  ['Will you mark the rose bill in May?', []]
]

describe('pii fixtures', () => {
  for (const [text, expected] of fixtures) {
    it(JSON.stringify(text.slice(0, 70)), () => {
      expect(pairs(text)).toEqual(expected)
    })
  }
})

// Phone numbers as generators and people write them, country by country: each is found whole in a
// carrier sentence with no phone cue word ("Note ... here."), so the format alone has to carry it.
const phones: [locale: string, number: string][] = [
  ['US', '555-123-4567'], ['US', '(555)123-4567'], ['US', '555.123.4567'], ['US', '+1-555-123-4567'],
  ['US', '001-555-123-4567'], ['US', '001-555-123-4567x1234'], ['US', '(555)123-4567x89'],
  ['US', '555-123-4567 ext. 123'], ['US', '+1 (555) 123-4567'], ['US', '1-800-555-0199'], ['US', '5551234567'],
  ['US', '+15551234567'], ['CA', '1 (416) 555-0199'], ['intl', '011 44 20 7946 0958'], ['intl', '00 1 555 123 4567'],
  ['UK', '+44 20 7946 0958'], ['UK', '+44(0)20 7946 0958'], ['UK', '020 7946 0958'], ['UK', '07700 900123'],
  ['UK', '(01632) 960123'], ['UK', '0044 20 7946 0958'], ['UK', '+442079460958'], ['UK', '(+44) 20 7946 0958'],
  ['DE', '030 12345678'], ['DE', '+49 (0) 30 12345678'], ['DE', '089/1234567'], ['DE', '+49(0)1234567890'],
  ['FR', '01 23 45 67 89'], ['FR', '+33 (0)1 23 45 67 89'], ['FR', '01.23.45.67.89'], ['FR', '0123456789'],
  ['IT', '+39 06 1234 5678'], ['IT', '347 123 4567'], ['ES', '+34 912 345 678'], ['ES', '+34912345678'],
  ['ES', '612 34 56 78'], ['NL', '020-1234567'], ['NL', '+31(0)20-1234567'], ['NL', '06-12345678'],
  ['BE', '04/ 555 14 39'], ['IN', '+91 98765 43210'], ['IN', '+91-9876543210'], ['AU', '+61 2 9876 5432'],
  ['AU', '(02) 9876 5432'], ['AU', '0412 345 678'], ['BR', '+55 11 91234-5678'], ['BR', '(11) 3456-7890'],
  ['BR', '11 3915-0008'], ['JP', '03-1234-5678'], ['JP', '090-1234-5678'], ['CN', '13800138000'],
  ['CN', '+86 138 0013 8000'], ['RU', '+7 (912) 345-67-89'], ['RU', '8 912 345 67 89'], ['CZ', '00420 601 743 915'],
  ['PL', '+48 12 345 67 89'], ['SE', '08-123 456 78'], ['CH', '+41 44 123 45 67'], ['KR', '010-1234-5678'],
  ['TR', '+90 212 123 45 67'], ['local', '467 3395'], ['local', '78 651 450'], ['local', '60-56-85-91']
]

describe('phone formats', () => {
  for (const [locale, number] of phones) {
    it(`${locale} ${number}`, () => {
      expect(pairs(`Note ${number} here.`)).toEqual([['PHONE_NUMBER', number]])
    })
  }
})

// Contexts that once hid a number: a capitalised word after it, an address before it, glued fields,
// markup, abbreviated keys. And numbers that are not phones.
const phoneContexts: [text: string, expected: Entity[]][] = [
  ['My number is 467 3395 Please call back.', [['PHONE_NUMBER', '467 3395']]],
  ['Contact details: 12 Main Street, Springfield, 467 3395', [['LOCATION', '12 Main Street'], ['LOCATION', 'Springfield'], ['PHONE_NUMBER', '467 3395']]],
  ['Reach Mr. Smith (467 3395) for details.', [['PERSON', 'Smith'], ['PHONE_NUMBER', '467 3395']]],
  ['Dana,Berg,0494 92 82 32,dana@example.org', [['PERSON', 'Dana'], ['PERSON', 'Berg'], ['PHONE_NUMBER', '0494 92 82 32'], ['EMAIL_ADDRESS', 'dana@example.org']]],
  ['Berg;78 651 450;Berlin', [['PERSON', 'Berg'], ['PHONE_NUMBER', '78 651 450'], ['LOCATION', 'Berlin']]],
  ['<td>Phone</td><td>555-123-4567</td>', [['PHONE_NUMBER', '555-123-4567']]],
  ['Ph.555-123-4567 or Tel.:+44 20 7946 0958', [['PHONE_NUMBER', '555-123-4567'], ['PHONE_NUMBER', '+44 20 7946 0958']]],
  // The key alone: no company "Tel" beside the number.
  ['Tel: 030 1234567', [['PHONE_NUMBER', '030 1234567']]],
  ['The number 50008063 is mine.', [['PHONE_NUMBER', '50008063']]],
  ['Her licence number is 2270-66-1551 and room 555 1234.', [['US_DRIVER_LICENSE', '2270-66-1551']]],
  ['975 3968 Bay Street', [['LOCATION', '975 3968 Bay Street']]],
  ['Prices rose from 1,234,567 to 2,345,678, pages 1107-1134.', []]
]

describe('phone contexts', () => {
  for (const [text, expected] of phoneContexts) {
    it(JSON.stringify(text.slice(0, 70)), () => {
      expect(pairs(text)).toEqual(expected)
    })
  }
})

describe('checksums reject look-alikes', () => {
  const negatives: [string, string][] = [
    ['bad Luhn', 'Paid with 4111 1111 1111 1112 yesterday.'],
    ['Luhn-valid but no issuer', 'Paid with 9111 1111 1111 1115 yesterday.'],
    ['bad IBAN check digits', 'IBAN GB83 WEST 1234 5698 7654 32 please'],
    ['IBAN of the wrong length', 'IBAN GB82 WEST 1234 5698 7654 3 please'],
    ['SSN area 000', 'My SSN is 000-45-6789.'],
    ['SSN area 666', 'My SSN is 666-45-6789.'],
    ['SSN area 9xx', 'My SSN is 912-45-6789.'],
    ['SSN group 00', 'My SSN is 123-00-6789.'],
    ['SSN serial 0000', 'My SSN is 123-45-0000.'],
    ['ABA bad checksum', 'Routing number 011000016.'],
    ['BTC bad checksum', 'btc 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['bech32 bad checksum', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdd']
  ]
  for (const [name, text] of negatives) {
    it(name, () => {
      const cats = detect(text).map((e) => e.category)
      expect(cats).not.toContain('CREDIT_CARD')
      expect(cats).not.toContain('IBAN_CODE')
      expect(cats).not.toContain('US_SSN')
      expect(cats).not.toContain('ABA_ROUTING_NUMBER')
      expect(cats).not.toContain('CRYPTO')
    })
  }
})

describe('categories', () => {
  const text = 'Mail jane@example.com or call (555) 123-4567, SSN 123-45-6789, from Paris.'
  it('filters to the requested categories', () => {
    expect(pairs(text, { categories: ['EMAIL_ADDRESS'] })).toEqual([['EMAIL_ADDRESS', 'jane@example.com']])
  })
  it('accepts aliases in any case', () => {
    expect(pairs(text, { categories: ['ssn', 'Phone', 'email'] }).map((p) => p[0])).toEqual([
      'EMAIL_ADDRESS',
      'PHONE_NUMBER',
      'US_SSN'
    ])
    expect(pairs(text, { categories: ['GPE'] })).toEqual([['LOCATION', 'Paris']])
  })
  it('an empty list detects nothing', () => {
    expect(detect(text, { categories: [] })).toEqual([])
  })
  it('rejects an unknown category, naming it and listing the supported ones', () => {
    let err: unknown
    try {
      detect(text, { categories: ['EMAIL', 'SHOE_SIZE'] })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(InvalidArgumentError)
    const e = err as InvalidArgumentError
    expect(e.issues[0].field).toBe('categories[1]')
    expect(e.message).toContain('SHOE_SIZE')
    expect(e.message).toContain('EMAIL_ADDRESS')
    expect(e.message).toContain('CREDIT_CARD')
  })
})

describe('allowlist and blocklist', () => {
  const text = 'Mail jane@example.com or bob@example.com about Project Bluebird and build 4417.'
  it('a literal allowlist entry hides that match only', () => {
    expect(pairs(text, { allowlist: ['jane@example.com'] })).toEqual([['EMAIL_ADDRESS', 'bob@example.com']])
  })
  it('a pattern allowlist entry hides every match', () => {
    expect(pairs(text, { allowlist: ['/[a-z]+@example\\.com/'] })).toEqual([])
  })
  it('literal and pattern blocklist entries are always reported', () => {
    expect(pairs(text, { blocklist: ['Project Bluebird', '/build \\d+/i'] })).toEqual([
      ['EMAIL_ADDRESS', 'jane@example.com'],
      ['EMAIL_ADDRESS', 'bob@example.com'],
      ['blocklist', 'Project Bluebird'],
      ['blocklist', 'build 4417']
    ])
  })
  it('blocklist matches replace overlapping detections', () => {
    expect(pairs('Mail jane@example.com now', { blocklist: ['/jane@\\w+/'] })).toEqual([
      ['blocklist', 'jane@example'],
    ])
  })
  it('blocklist applies whatever the categories', () => {
    expect(pairs(text, { categories: ['PHONE'], blocklist: ['Bluebird'] })).toEqual([['blocklist', 'Bluebird']])
  })
  it('a slash inside a literal does not make it a pattern', () => {
    expect(pairs('a/b and /c', { blocklist: ['a/b', '/c'] })).toEqual([
      ['blocklist', 'a/b'],
      ['blocklist', '/c']
    ])
  })
  for (const [bad, why] of [
    ['/(unclosed/', 'missing )'],
    ['/a{3,1}/', 'out of order'],
    ['/(?=look)ahead/', 'lookaround'],
    ['/(a)\\1/', 'back-references'],
    ['/x/q', 'unknown flag']
  ] as const) {
    it(`invalid pattern ${bad} names the entry`, () => {
      let err: unknown
      try {
        detect('x', { allowlist: ['ok', 'fine', bad] })
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(InvalidArgumentError)
      expect((err as InvalidArgumentError).issues[0].field).toBe('allowlist[2]')
      expect((err as InvalidArgumentError).message).toContain(why)
    })
  }
  it('rejects a pattern too large to run in bounded time', () => {
    expect(() => detect('x', { blocklist: ['/(a{100}){30}/'] })).toThrow(/too large/)
  })
  it('refuses, before running, patterns whose work over this text exceeds the budget, naming the costliest entry', () => {
    expect(() => detect('a'.repeat(100_000), { allowlist: ['x', '/(?:\\b|\\B){490}x/'] })).toThrow(/allowlist\[1\].*budget/)
  })
  it('counts the work of every entry of both lists together', () => {
    const text = 'a'.repeat(1_000_000)
    expect(detect(text, { blocklist: ['/[a-z]{1,20}!/'] })).toEqual([])
    expect(() => detect(text, { allowlist: ['/[a-z]{1,20}!/'], blocklist: Array(10).fill('/[a-z]{1,20}!/') })).toThrow(/budget/)
  })
  it('reports the blocklist entry index too', () => {
    expect(() => detect('x', { blocklist: ['/[z-a]/'] })).toThrow(/blocklist\[0\]/)
  })
})

describe('hostile patterns run in linear time', () => {
  const a100k = 'a'.repeat(100_000)
  it('(a+)+$ on 100 KB of a followed by !', () => {
    expect(detect(a100k + '!', { blocklist: ['/(a+)+$/'] })).toEqual([])
  })
  it('(a|aa)+b and (a*)*c on 100 KB', () => {
    expect(detect(a100k, { blocklist: ['/(a|aa)+b/', '/(a*)*c/', '/(.*a){20}x/'] })).toEqual([])
  })
  it('(x+x+)+y still finds a real match at the end', () => {
    const out = detect('x'.repeat(100_000) + 'y', { blocklist: ['/(x+x+)+y/'] })
    expect(out.length).toBe(1)
    expect(out[0].interval).toEqual([0, 100_001])
  })
  it('a hostile allowlist over long input', () => {
    const text = 'mail jane@example.com ' + 'b'.repeat(100_000)
    expect(pairs(text, { allowlist: ['/(b+)+c/', '/jane@\\w+\\.com/'] })).toEqual([])
  })
})

describe('address blocks run in linear time', () => {
  // Each block looks back for a contact block's company line: bounded, so blocks on one long line do not
  // each read the line again.
  it('thousands of addresses on one line after a name and a company line', () => {
    const { exponent, detail } = growth((n) => detect('Ann Lee\nAcme\n' + '12 Main Street, Springfield, '.repeat(n)), [500, 1000, 2000, 4000])
    expect(exponent, detail).toBeLessThan(1.5)
  })
})

describe('redact', () => {
  const text = 'Mail jane@example.com or call (555) 123-4567.'
  it('tag style (default)', () => {
    expect(litmus.redact(text).text).toBe('Mail <EMAIL_ADDRESS> or call <PHONE_NUMBER>.')
  })
  it('mask style keeps the length', () => {
    const out = litmus.redact(text, { style: 'mask' }).text
    expect(out).toBe('Mail **************** or call **************.')
    expect(out.length).toBe(text.length)
  })
  it('hash style is stable per value and differs between values', () => {
    const a = litmus.redact('a@example.com and b@example.com and a@example.com', { style: 'hash' }).text
    const tags = a.match(/<EMAIL_ADDRESS_[0-9a-f]{8}>/g)!
    expect(tags.length).toBe(3)
    expect(tags[0]).toBe(tags[2])
    expect(tags[0]).not.toBe(tags[1])
  })
  it('honours categories and returns the entities', () => {
    const r = litmus.redact(text, { categories: ['PHONE'] })
    expect(r.text).toBe('Mail jane@example.com or call <PHONE_NUMBER>.')
    expect(r.pii.map((e: { category: string }) => e.category)).toEqual(['PHONE_NUMBER'])
  })
  it('rejects an unknown style', () => {
    expect(() => litmus.redact(text, { style: 'blur' as never })).toThrow(InvalidArgumentError)
  })
})

describe('string indices', () => {
  const texts = [
    'Größe 🙂 naïve — mail jane@example.com, call (555) 123-4567, ich heiße Jürgen Müller.',
    '日本語のテキスト 🙂🙂 then 4111 1111 1111 1111 and GB82 WEST 1234 5698 7654 32.',
    'Ελληνικά: Mr. Παπαδόπουλος at 192.168.0.1 🙂'
  ]
  for (const text of texts) {
    it(JSON.stringify(text.slice(0, 30)), () => {
      const out = detect(text)
      expect(out.length).toBeGreaterThan(1)
      for (const e of out) expect(text.slice(e.interval[0], e.interval[1])).toBe(e.string)
      for (let i = 1; i < out.length; i++) expect(out[i].interval[0]).toBeGreaterThanOrEqual(out[i - 1].interval[1])
    })
  }
  it('the email after emoji and accents has UTF-16 offsets', () => {
    const text = '🙂é jane@example.com'
    expect(detect(text)).toEqual([{ interval: [4, 20], string: 'jane@example.com', category: 'EMAIL_ADDRESS' }])
  })
  it('metadata comes back', () => {
    expect(litmus.pii({ text: 'x', metadata: { run: 7 } })).toEqual({ pii: [], metadata: { run: 7 } })
  })
})

describe('v3 pii', () => {
  it('takes the required lists and returns the v4 entities', () => {
    expect(litmus.v3.pii({ text: 'mail a@b.co now', allowlist: [], blocklist: ['now'] })).toEqual({
      pii: [
        { interval: [5, 11], string: 'a@b.co', category: 'EMAIL_ADDRESS' },
        { interval: [12, 15], string: 'now', category: 'blocklist' }
      ]
    })
  })
  it('names v3 fields in its errors', () => {
    expect(() => litmus.v3.pii({ text: 'x', allowlist: ['/(/'], blocklist: [] })).toThrow(/V3PIIRequest.*allowlist\[0\]/)
  })
})
