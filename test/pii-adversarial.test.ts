// PII written to dodge detection (docs/metrics/pii.md, "Adversarial forms"): each row is a text and
// every structured entity expected in it, with its span in the ORIGINAL text (invisible characters
// and full-width forms are folded before the scan and the spans mapped back).
import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load()

const NAMES = new Set(['PERSON', 'LOCATION', 'DATE_TIME', 'ORGANIZATION', 'NRP'])
type Entity = [category: string, start: number, end: number]
const found = (text: string): Entity[] =>
  litmus.pii({ text }).pii.filter((e) => !NAMES.has(e.category)).map((e) => [e.category, e.interval[0], e.interval[1]])

/** The entity of `category` covering the first occurrence of `value` in `text`. */
const at = (text: string, value: string, category: string): Entity => {
  const s = text.indexOf(value)
  if (s < 0) throw new Error(`${JSON.stringify(value)} not in ${JSON.stringify(text)}`)
  return [category, s, s + value.length]
}

const row = (text: string, ...values: [value: string, category: string][]): [string, Entity[]] => [
  text,
  values.map(([v, c]) => at(text, v, c))
]

const POSITIVES: [text: string, expected: Entity[]][] = [
  // Digits spaced out: the shape of the whole value, or a cue word.
  row('My SSN is 5 5 5 - 1 2 - 3 4 5 6 ok', ['5 5 5 - 1 2 - 3 4 5 6', 'US_SSN']),
  row('numbers: 1 2 3 - 4 5 - 6 7 8 9', ['1 2 3 - 4 5 - 6 7 8 9', 'US_SSN']),
  row('social security 1 2 3 4 5 6 7 8 9 on file', ['1 2 3 4 5 6 7 8 9', 'US_SSN']),
  row('For the form I used 8 1 0 8 4 4 7 2 9 as my SSN.', ['8 1 0 8 4 4 7 2 9', 'US_SSN']),
  row('ssn is 3-7-3-0-7-7-7-9-0 and dob', ['3-7-3-0-7-7-7-9-0', 'US_SSN']),
  row('credit card 4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 thanks', ['4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1', 'CREDIT_CARD']),
  row('pay 4 1 1 1 - 1 1 1 1 - 1 1 1 1 - 1 1 1 1 now', ['4 1 1 1 - 1 1 1 1 - 1 1 1 1 - 1 1 1 1', 'CREDIT_CARD']),
  row('call (5 5 5) 1 2 3 - 4 5 6 7 today', ['(5 5 5) 1 2 3 - 4 5 6 7', 'PHONE_NUMBER']),
  row('phone: 5 5 5 1 2 3 4 5 6 7', ['5 5 5 1 2 3 4 5 6 7', 'PHONE_NUMBER']),
  row('Ring 2 1 2 . 5 5 5 . 0 1 9 8 tonight', ['2 1 2 . 5 5 5 . 0 1 9 8', 'PHONE_NUMBER']),
  // Mixed separators.
  row('id 123.45-6789 here', ['123.45-6789', 'US_SSN']),
  row('id 123.45.6789 here', ['123.45.6789', 'US_SSN']),
  row('Visa 4517 0690.0145/1817', ['4517 0690.0145/1817', 'CREDIT_CARD']),
  // Split over a line.
  row('Call 555-123-\n4567 now', ['555-123-\n4567', 'PHONE_NUMBER']),
  row('Card on file: 4111 1111\n1111 1111.', ['4111 1111\n1111 1111', 'CREDIT_CARD']),
  // E-mail addresses written out.
  row('Mail john dot doe at example dot com please', ['john dot doe at example dot com', 'EMAIL_ADDRESS']),
  row('mail john [at] example [dot] com', ['john [at] example [dot] com', 'EMAIL_ADDRESS']),
  row('john(at)example.com', ['john(at)example.com', 'EMAIL_ADDRESS']),
  row('send to john(at)example(dot)co(dot)uk', ['john(at)example(dot)co(dot)uk', 'EMAIL_ADDRESS']),
  row('reach me: john @ example . com', ['john @ example . com', 'EMAIL_ADDRESS']),
  row('Email: JOHN DOT DOE AT EXAMPLE DOT COM', ['JOHN DOT DOE AT EXAMPLE DOT COM', 'EMAIL_ADDRESS']),
  row('j.doe {at} mail {dot} org', ['j.doe {at} mail {dot} org', 'EMAIL_ADDRESS']),
  row('email me at jdoe at example.com', ['jdoe at example.com', 'EMAIL_ADDRESS']),
  // E-mail addresses broken over a line.
  row('write to jane.doe@uni-\nberlin.de today', ['jane.doe@uni-\nberlin.de', 'EMAIL_ADDRESS']),
  row('jane.doe@example.\ncom', ['jane.doe@example.\ncom', 'EMAIL_ADDRESS']),
  // Full-width forms.
  row('SSN ５５５-１２-３４５６ ok', ['５５５-１２-３４５６', 'US_SSN']),
  row('mail ｊｏｈｎ＠ｅｘａｍｐｌｅ．ｃｏｍ', ['ｊｏｈｎ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'EMAIL_ADDRESS']),
  row('card ４１１１ １１１１ １１１１ １１１１', ['４１１１ １１１１ １１１１ １１１１', 'CREDIT_CARD']),
  // Invisible characters inside a value: the span keeps them.
  row('call 555\u200b-123\u200b-4567 now', ['555\u200b-123\u200b-4567', 'PHONE_NUMBER']),
  row('ssn 555-12-\u200d3456', ['555-12-\u200d3456', 'US_SSN']),
  row('e: jo\u00adhn@exam\u2060ple.com', ['jo\u00adhn@exam\u2060ple.com', 'EMAIL_ADDRESS']),
  row('\ufeffcall 555-123-4567', ['555-123-4567', 'PHONE_NUMBER']),
  row('card 4111\ufeff1111\u200c1111\u200b1111', ['4111\ufeff1111\u200c1111\u200b1111', 'CREDIT_CARD']),
  // Other dashes and spaces.
  row('phone: 827\u2013555\u20139577', ['827\u2013555\u20139577', 'PHONE_NUMBER']),
  row('SSN 123\u00a045\u00a06789', ['123\u00a045\u00a06789', 'US_SSN']),
  // Cyrillic letters drawn like Latin ones inside an address.
  row('j\u043ehn@ex\u0430mple.com (cyrillic o and a)', ['j\u043ehn@ex\u0430mple.com', 'EMAIL_ADDRESS']),
  // Separators padded with spaces, slashes and underscores.
  row('social security # 568 / 78 / 1178', ['568 / 78 / 1178', 'US_SSN']),
  row('call 555 - 123 - 4567 now', ['555 - 123 - 4567', 'PHONE_NUMBER']),
  row('reach me at 555/123/4567', ['555/123/4567', 'PHONE_NUMBER']),
  row('ssn 123_45_6789', ['123_45_6789', 'US_SSN']),
  row('my card is 4902.0863.0390.6648 dont tell anyone', ['4902.0863.0390.6648', 'CREDIT_CARD']),
  // Letters drawn like digits, with a cue word.
  row('call 555-l23-4567 tonight', ['555-l23-4567', 'PHONE_NUMBER']),
  row('ssn 078-O5-112O', ['078-O5-112O', 'US_SSN']),
  // Every digit on its own: fifteen or sixteen passing Luhn and an issuer range.
  row('use this one: 5 1 0 6 6 0 3 2 0 5 1 6 9 4 9 6', ['5 1 0 6 6 0 3 2 0 5 1 6 9 4 9 6', 'CREDIT_CARD']),
  row('Charge it to 4-5-1-7-0-6-9-0-0-1-4-5-1-8-1-7 and send', ['4-5-1-7-0-6-9-0-0-1-4-5-1-8-1-7', 'CREDIT_CARD']),
  // Cue words in other languages and scripts; digits of other scripts.
  row('cartão 5 2 9 8 7 8 9 8 2 9 3 2 0 2 9 8', ['5 2 9 8 7 8 9 8 2 9 3 2 0 2 9 8', 'CREDIT_CARD']),
  row('رقم البطاقة 4 3 6 8 7 2 0 0 8 1 2 1 9 9 3 4', ['4 3 6 8 7 2 0 0 8 1 2 1 9 9 3 4', 'CREDIT_CARD']),
  row('mon numéro : 0 6 3 9 9 8 1 2 3 4', ['0 6 3 9 9 8 1 2 3 4', 'PHONE_NUMBER']),
  row('电话 1 3 8 - 0 0 1 3 - 8 0 0 0', ['1 3 8 - 0 0 1 3 - 8 0 0 0', 'PHONE_NUMBER']),
  row('电话138 0013 8000。', ['138 0013 8000', 'PHONE_NUMBER']),
  row('中村様　電話：090-1234-5678', ['090-1234-5678', 'PHONE_NUMBER']),
  row('카드번호 5263 7705 1419 2508로 결제', ['5263 7705 1419 2508', 'CREDIT_CARD']),
  row('カード番号：４０８９　１２４２　８６１０　１９６３', ['４０８９　１２４２　８６１０　１９６３', 'CREDIT_CARD']),
  row('โทร ๐๘๑ ๒๓๔ ๕๖๗๘', ['๐๘๑ ๒๓๔ ๕๖๗๘', 'PHONE_NUMBER']),
  row('फ़ोन ९८७६५ ४३२१०', ['९८७६५ ४३२१०', 'PHONE_NUMBER']),
  row('هاتف ٠٥٠ ١٢٣ ٤٥٦٧', ['٠٥٠ ١٢٣ ٤٥٦٧', 'PHONE_NUMBER']),
  // E-mail addresses written out in other languages, bracketed symbols, country domains.
  row('meine mail: anna punkt berger at example punkt de', ['anna punkt berger at example punkt de', 'EMAIL_ADDRESS']),
  row('scrivimi: giorgia.russo chiocciola example punto it', ['giorgia.russo chiocciola example punto it', 'EMAIL_ADDRESS']),
  row('почта: dmitry точка orlov собака example точка ru', ['dmitry точка orlov собака example точка ru', 'EMAIL_ADDRESS']),
  row('escríbeme: maria arroba correo punto es', ['maria arroba correo punto es', 'EMAIL_ADDRESS']),
  row('jan kropka nowak małpa poczta kropka pl', ['jan kropka nowak małpa poczta kropka pl', 'EMAIL_ADDRESS']),
  // Words ending in a two-byte letter (tečka, zavináč), other lists' words (kukac, pont), capitals.
  row('napište: jan tečka novak zavináč seznam tečka cz', ['jan tečka novak zavináč seznam tečka cz', 'EMAIL_ADDRESS']),
  row('írj: kovacs kukac freemail pont hu', ['kovacs kukac freemail pont hu', 'EMAIL_ADDRESS']),
  row('MAIL: ANNA PUNKT BERGER AT EXAMPLE PUNKT DE', ['ANNA PUNKT BERGER AT EXAMPLE PUNKT DE', 'EMAIL_ADDRESS']),
  row('mail: burak nokta aydin at example nokta com', ['burak nokta aydin at example nokta com', 'EMAIL_ADDRESS']),
  row('email: quang.pham at example dot vn', ['quang.pham at example dot vn', 'EMAIL_ADDRESS']),
  row('john[@]example[.]com', ['john[@]example[.]com', 'EMAIL_ADDRESS'])
]

const NEGATIVES: string[] = [
  'Count along with me: 1 2 3 4 5 6 7 8 9 10.',
  'The answer key: 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6.',
  'The grid reads 5 5 5 1 2 3 4 5 6 from left to right.',
  'The final score was 3 - 2 after extra time, and 21 - 14 in the other game.',
  'Scores: 9 - 8 - 7 for the three judges.',
  'The sequence 1 - 2 - 3 - 4 - 5 - 6 - 7 - 8 - 9 is trivial.',
  'Matrix\n4 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1',
  'Row 1: 1 0 0\nRow 2: 0 1 0\nRow 3: 0 0 1',
  'Version 1.2.3-beta and 10.4.11 are both affected.',
  'commit 3f5e2a9c1b7d4e8f0a6c2b9d7e1f3a5c8b0d2e4f fixed it',
  'request id 123e4567-e89b-12d3-a456-426614174000 failed',
  'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  'It was 2021 - 03 - 04 when the release shipped.',
  'Look at the dot com boom of the late nineties.',
  'Place a dot at the centre of the circle and draw outwards.',
  'We met at noon and talked about the dot matrix printer.',
  'He stayed at home dot dot dot and waited.',
  'The Morse for S is dot dot dot.',
  'Meet me at example dot com conference hall.',
  'Flight 2 3 4 leaves at 10 30 from gate 5.',
  'Our ratio was 3:2:1 and the mix 10-20-30.',
  'Run npm at version 9.8.1 then node at 20.11.0.',
  'Москва и Петербург — города России.',
  'Ｔｈｅ ｗｉｄｅ ｔｅｘｔ ｈａｓ ｎｏ ｖａｌｕｅｓ.',
  'zero\u200bwidth\u200bspaces\u200bbetween\u200bwords',
  // Look-alikes of the forms above: prose around "at" and "point", slashed scores, dates, versions,
  // order numbers in other languages, letters next to digits without a cue.
  'The stress was made at each point of the curve.',
  'Ice began melting at some point in the spring.',
  'I pointed at him at this point in the talk.',
  'The judges gave 568 / 78 / 1178 across the rounds.',
  'Dates 12/05/2024 and 1/2/2023 were both holidays.',
  'Version 1_2_3_4 and build 2024_06_13 shipped.',
  'I have 2O1O items and room lO1 is free.',
  'Pages 12 - 34 - 56 of the report.',
  'Items 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 were counted.',
  '订单号 8839201742，共 3 件商品，合计 ¥256.00。',
  '注文番号 2024-0613-7781 の商品は明日発送予定です。',
  'Rechnung Nr. 2024-00815 vom Lieferanten, Artikel 4711, Menge 12 Stück.',
  'Bestellnummer 4402198833 wurde versandt.',
  'заказ № 8839201742 отправлен',
  '第3章は2023年5月12日に公開された。'
]

describe('pii: adversarial forms', () => {
  it.each(POSITIVES)('%j', (text, expected) => {
    expect(found(text)).toEqual(expected)
  })

  it.each(NEGATIVES)('no structured entity in %j', (text) => {
    expect(found(text)).toEqual([])
  })

  it('spans index the original text and `string` is its slice', () => {
    for (const [text] of POSITIVES) {
      for (const e of litmus.pii({ text }).pii) expect(text.slice(e.interval[0], e.interval[1])).toBe(e.string)
    }
  })

  it('redact replaces the original characters, invisible ones included', () => {
    const text = 'call 555\u200b-123\u200b-4567 or mail ｊｏｈｎ＠ｅｘａｍｐｌｅ．ｃｏｍ'
    expect(litmus.redact(text).text).toBe('call <PHONE_NUMBER> or mail <EMAIL_ADDRESS>')
  })

  // With only structured categories asked for, capitalised words are passed over unread (scan.ts): the
  // addresses written out among and inside them are found all the same.
  it.each([
    ['The Point is that Smith at Example dot com wrote', 'Smith at Example dot com'],
    ['Contact: Jane Doe (jane dot doe at example dot org), Mr. Smith.', 'jane dot doe at example dot org'],
    ['MAIL: ANNA PUNKT BERGER AT EXAMPLE PUNKT DE', 'ANNA PUNKT BERGER AT EXAMPLE PUNKT DE']
  ])('structured categories alone: %j', (text, value) => {
    expect(litmus.pii({ text, categories: ['EMAIL', 'PHONE', 'URL'] }).pii.map((e) => [e.category, e.string])).toEqual([['EMAIL_ADDRESS', value]])
  })

  it('the deobfuscated evidence is reported by categories as usual', () => {
    expect(litmus.pii({ text: 'My SSN is 5 5 5 - 1 2 - 3 4 5 6', categories: ['PHONE'] }).pii).toEqual([])
    expect(litmus.pii({ text: 'mail john [at] example [dot] com', categories: ['SSN'] }).pii).toEqual([])
  })
})
