import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

const litmus = await load()

type Entity = [category: string, string: string]
const pairs = (text: string, categories?: string[]): Entity[] =>
  litmus.pii({ text, ...(categories ? { categories } : {}) }).pii.map((e) => [e.category, e.string])
const CATS = ['ORGANIZATION', 'NRP']

// Each row: text -> every ORGANIZATION and NRP entity expected, in order.
const fixtures: [text: string, expected: Entity[]][] = [
  // Legal forms after the name, in several languages and spellings.
  ['Halloran Marine Ltd lost the tender.', [['ORGANIZATION', 'Halloran Marine Ltd']]],
  ['Bids came from Quillfeather Systems, Inc. and two others.', [['ORGANIZATION', 'Quillfeather Systems, Inc.']]],
  ['Der Vertrag mit der Krämer Bau GmbH läuft aus.', [['ORGANIZATION', 'Krämer Bau GmbH']]],
  ['Moretti Tessuti S.p.A. ha assunto 30 persone.', [['ORGANIZATION', 'Moretti Tessuti S.p.A.']]],
  ['Lindqvist Verktyg AB levererar i morgon.', [['ORGANIZATION', 'Lindqvist Verktyg AB']]],
  ['Aalto Puu Oy avasi tehtaan.', [['ORGANIZATION', 'Aalto Puu Oy']]],
  ['the seller is thornbury hardware ltd of leeds', [['ORGANIZATION', 'thornbury hardware ltd']]],
  // Head words.
  ['She was admitted to Greenvale General Hospital overnight.', [['ORGANIZATION', 'Greenvale General Hospital']]],
  ['He lectures at the University of Tromsø and the Nordic Institute.', [['ORGANIZATION', 'University of Tromsø'], ['ORGANIZATION', 'Nordic Institute']]],
  ['The Ministry of Health and the Red Cross opened a clinic.', [['ORGANIZATION', 'Ministry of Health'], ['ORGANIZATION', 'Red Cross']]],
  ['El Banco de Portugal y la Universidad Complutense firmaron.', [['ORGANIZATION', 'Banco de Portugal'], ['ORGANIZATION', 'Universidad Complutense']]],
  ["Nurses at St. Brigid's Hospital went on strike.", [['ORGANIZATION', "St. Brigid's Hospital"]]],
  // Known organisations, and ambiguous ones with and without context.
  ['UNICEF and the World Bank funded the wells.', [['ORGANIZATION', 'UNICEF'], ['ORGANIZATION', 'World Bank']]],
  ['Microsoft and Google met the regulator.', [['ORGANIZATION', 'Microsoft'], ['ORGANIZATION', 'Google']]],
  ['She is a designer at Apple in Cupertino.', [['ORGANIZATION', 'Apple']]],
  ['He picked an apple from the tree.', []],
  ['Shell agreed to sell the refinery.', [['ORGANIZATION', 'Shell']]],
  ['Shell beaches are rare here.', []],
  ['The who and the what matter less than the why.', []],
  ['The WHO declared an emergency.', [['ORGANIZATION', 'WHO']]],
  // A lone acronym of three to five capitals in running text is an organisation; everyday acronyms,
  // two capitals, Roman numerals, keys before a colon, units after a number and shouted lines are not.
  ['The album was certified platinum by the RIAA in January.', [['ORGANIZATION', 'RIAA']]],
  ['Tickets for the AHAC final sold out.', [['ORGANIZATION', 'AHAC']]],
  ['The CEO will call you ASAP.', []],
  ['Send the IBAN and the SWIFT code.', []],
  ['The patient has PTSD and ADHD.', []],
  ['He posted a 0.47 ERA this season.', []],
  ['MEETING MOVED TO FRIDAY', []],
  ['Chapter XIV begins here.', []],
  ['Enter the MRN: 4452 below.', []],
  // A clinical note's tests and orders name no organisation; an agency in the same note does.
  ['Patient TSH levels were normal; CBC pending, ECG normal.', []],
  ['Her HDL and LDL were checked before the PET scan.', []],
  ['The sample was sent to the CDC for typing.', [['ORGANIZATION', 'CDC']]],
  // Context cues around names no list knows.
  ['My brother works at Quorvane as a tester.', [['ORGANIZATION', 'Quorvane']]],
  ['Last year she joined Pellucid Dynamics.', [['ORGANIZATION', 'Pellucid Dynamics']]],
  ['He is the CEO of Brightloom, a bakery chain.', [['ORGANIZATION', 'Brightloom']]],
  ['Investors dumped shares of Varnex on Monday.', [['ORGANIZATION', 'Varnex']]],
  ["Zelora's spokesperson declined to comment.", [['ORGANIZATION', 'Zelora']]],
  ['we both work at fennimore now', [['ORGANIZATION', 'fennimore']]],
  // A person after a cue word stays a person; a place after "in" stays a place.
  ['She joined Mary for lunch.', []],
  ['He works with John Smith on the report.', []],
  ['They spent a year in Laax.', []],
  // Capitalised words alone are no organisation.
  ['Yesterday the committee met again.', []],
  ['Sunday School starts at nine.', []],
  ['Quorvane walked into the room.', []],
  // A form's field label is no company, though the company-word list has "Tel" (TEL); the number stays a phone.
  ['Tel: 030 1234567', []],
  ['Tel. 0711 9876543 (Zentrale)', []],
  ['Kontakt: Frieda Kühn, Tel. 0711 9876543.', []],
  // A word of a city's name ("Aviv", "Aires", "Penh" are in the company-word list) is the city's.
  ['She flew to Tel Aviv on Monday.', []],
  ['He moved to Buenos Aires in May.', []],
  ['Telenor and Telia merged their units.', [['ORGANIZATION', 'Telia']]],
  // Russian, Japanese, Chinese and Korean legal forms and head words.
  ['ООО «Лесная поляна» подало иск против АО "Вектор".', [['ORGANIZATION', 'ООО «Лесная поляна»'], ['ORGANIZATION', 'АО "Вектор"']]],
  ['ПАО Газпром сообщило о прибыли.', [['ORGANIZATION', 'ПАО Газпром']]],
  ['株式会社ヒカリ電機は大阪にある。', [['ORGANIZATION', '株式会社ヒカリ電機']]],
  ['ソニーグループ有限会社', [['ORGANIZATION', 'ソニーグループ有限会社']]],
  ['他在腾讯科技有限公司工作。', [['ORGANIZATION', '腾讯科技有限公司']]],
  ['我们公司很小。', []],
  ['주식회사 한빛소프트는 게임을 만든다.', [['ORGANIZATION', '주식회사 한빛소프트']]],
  ['그녀는 부산대학교 학생이다.', [['ORGANIZATION', '부산대학교']]],
  // Arabic and Hebrew: a head word (bank, university, hospital, ministry) and the words of the name after it.
  ['درست في جامعة القاهرة.', [['ORGANIZATION', 'جامعة القاهرة']]],
  ['يعمل في مستشفى الملك فيصل التخصصي منذ عامين.', [['ORGANIZATION', 'مستشفى الملك فيصل التخصصي']]],
  ['صرحت وزارة الصحة بأن الوضع مستقر.', [['ORGANIZATION', 'وزارة الصحة']]],
  ['היא אושפזה בבית החולים איכילוב.', [['ORGANIZATION', 'בית החולים איכילוב']]],
  ['למדתי באוניברסיטת חיפה.', [['ORGANIZATION', 'אוניברסיטת חיפה']]],
  ['ذهبت إلى البنك في الصباح.', []],
  // Head words of other languages, before or after the name; inflected Russian heads and known names.
  ['Sie wurde im Universitätsklinikum Heidelberg behandelt.', [['ORGANIZATION', 'Universitätsklinikum Heidelberg']]],
  ['Ziraat Bankası ve İstanbul Üniversitesi işbirliği yaptı.', [['ORGANIZATION', 'Ziraat Bankası'], ['ORGANIZATION', 'İstanbul Üniversitesi']]],
  ['Εργάζεται στο Νοσοκομείο Ευαγγελισμός.', [['ORGANIZATION', 'Νοσοκομείο Ευαγγελισμός']]],
  ['Он работает в Банке России.', [['ORGANIZATION', 'Банке России']]],
  ['Я работаю в Сбербанке.', [['ORGANIZATION', 'Сбербанке']]],
  ['Please book with Parkside Surgery.', [['ORGANIZATION', 'Parkside Surgery']]],
  ['Plastic surgery is expensive.', []],
  ['The board met on Monday.', []],
  // NRP: nationalities, religions, political groups.
  ['Several Ghanaian and Peruvian students won prizes.', [['NRP', 'Ghanaian'], ['NRP', 'Peruvian']]],
  ['The Lutheran pastor met Sikh and Jain leaders.', [['NRP', 'Lutheran'], ['NRP', 'Sikh'], ['NRP', 'Jain']]],
  ['Republicans and Democrats blamed each other.', [['NRP', 'Republicans'], ['NRP', 'Democrats']]],
  ['The Roman Catholic bishop spoke to Liberal Democrats.', [['NRP', 'Roman Catholic'], ['NRP', 'Liberal Democrats']]],
  ['Liberal amounts of butter were used.', []],
  ['Christian Bale arrived late.', []],
  ['Die Katholiken und die Protestanten feierten gemeinsam.', [['NRP', 'Katholiken'], ['NRP', 'Protestanten']]],
  ['the muslim and hindu families shared a meal', [['NRP', 'muslim'], ['NRP', 'hindu']]],
  ['The Czech Republic joined in 2004.', []],
  ['The Labour Party and the Chinese Communist Party', [['ORGANIZATION', 'Labour Party'], ['ORGANIZATION', 'Chinese Communist Party']]]
]

describe('pii organisations and groups (ORGANIZATION, NRP)', () => {
  for (const [text, expected] of fixtures) {
    it(JSON.stringify(text.slice(0, 70)), () => {
      expect(pairs(text, CATS)).toEqual(expected)
    })
  }
})

// With every category on, organisations and the name rules share the text.
const together: [text: string, expected: Entity[]][] = [
  ['Tim Cook is the CEO of Apple.', [['PERSON', 'Tim Cook'], ['ORGANIZATION', 'Apple']]],
  ['I met Anna Berg of Solvik Foods AS in Oslo.', [['PERSON', 'Anna Berg'], ['ORGANIZATION', 'Solvik Foods AS'], ['LOCATION', 'Oslo']]],
  ['The French President Emmanuel Macron spoke.', [['NRP', 'French'], ['PERSON', 'Emmanuel Macron']]]
]

describe('pii organisations beside names and places', () => {
  for (const [text, expected] of together) {
    it(JSON.stringify(text), () => {
      expect(pairs(text).filter(([c]) => c !== 'DATE_TIME')).toEqual(expected)
    })
  }
  it('reports nothing of either kind when neither is asked for', () => {
    expect(pairs('Acme Robotics Ltd hired 40 Polish welders.', ['PERSON', 'LOCATION'])).toEqual([])
  })
  it('finds each kind alone when only it is asked for', () => {
    expect(pairs('Acme Robotics Ltd hired 40 Polish welders.', ['NRP'])).toEqual([['NRP', 'Polish']])
    expect(pairs('Acme Robotics Ltd hired 40 Polish welders.', ['ORGANIZATION'])).toEqual([['ORGANIZATION', 'Acme Robotics Ltd']])
  })
})
