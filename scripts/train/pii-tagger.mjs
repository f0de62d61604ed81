// Train and evaluate the PII name tagger (assembly/pii/tagger.ts): a greedy averaged perceptron over the
// core's own hashed token features, for PERSON, LOCATION and ORGANIZATION.
//
//   npm run build && node scripts/train/pii-tagger.mjs                 leave-one-source-out table
//   node scripts/train/pii-tagger.mjs --write                          also train on every shippable source
//                                                                      and write src/models/pii-tagger.generated.ts
//   --misses=FILE      every missed gold span and wrong span of the shipped combination, as JSON lines
//   Switches for the recipes tried and not kept (docs/metrics/pii.md, "Sixth pass"); the defaults are the
//   shipped recipe: --epochs=N (5), --cap=N sentences per source (5000), --bits=N (18), --seed=N (3),
//   --bag=N shuffles averaged (1); template kinds added to the first set: --more (persons, places,
//   organisations), --more-p (persons only), --neg (sentences of made-up words), --labels (labels ending
//   the line), --no-city-person (drop "any city as a person").
//
// Sources (../shared/datasets/pii, see its README): those that may ship train the model; NorNE, Weibo and
// MasakhaNER may not, so they are only ever scored (left out of every model). Each shippable source is
// left out in turn: a model trained on the others scores it, beside the capitalised-run baseline, the
// rules alone (the previous build's names: the core with the tagger silenced, every category on) and the
// two combined. Deterministic:
// fixed seeds, fixed sampling, so reruns give the same numbers and the same bytes.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { PII_GAZETTEER } from '../../dist/models/pii-gazetteer.js'
import { piiCore } from '../lib/pii-core.mjs'
import { quantize } from '../lib/logistic.mjs'
import { generatedModule, input } from '../lib/manifest.mjs'
import { loadPii } from '../../eval/pii-data.mjs'

const ROOT = new URL('../../', import.meta.url)
const DATA = new URL('../shared/datasets/pii/', ROOT)
const WRITE = process.argv.includes('--write')
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice(7)
// --misses=FILE: the shipped combination's missed gold spans and wrong spans of each left-out source, as JSON lines.
const MISSES = process.argv.find((a) => a.startsWith('--misses='))?.slice(9)
const missLog = []

const CLASSES = 7
const FEATS = 35
const arg = (k, d) => Number(process.argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d)
const BITS = arg('bits', 18)
const EPOCHS = arg('epochs', 5)
const SEED = arg('seed', 3)
// Models trained on BAG shuffles (seeds SEED, SEED + 1, ...) are averaged: one perceptron's rows swing by
// several points with the shuffle alone (measured: seed 3 against 5), the average much less.
const BAG = arg('bag', 1)
const TRAIN_CAP = arg('cap', 5000) // sentences per source in training
const MORE_P = process.argv.includes('--more-p')
const MORE = MORE_P || process.argv.includes('--more')
const NEG = process.argv.includes('--neg')
const LABELS = process.argv.includes('--labels')
const NO_CITY_PERSON = process.argv.includes('--no-city-person')
const EVAL_CAP = 1200 // sentences per source scored
const TYPES = ['PERSON', 'LOCATION', 'ORGANIZATION']
const TYPE_MAP = { PERSON: 'PERSON', LOCATION: 'LOCATION', GPE: 'LOCATION', ORGANIZATION: 'ORGANIZATION' }

// ---- Deterministic helpers ----
function rng(seed) {
  let s = seed >>> 0
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32)
}
function sample(rows, n, seed) {
  if (rows.length <= n) return rows
  const r = rng(seed)
  const idx = rows.map((_, i) => [r(), i]).sort((a, b) => a[0] - b[0]).slice(0, n).map(([, i]) => i).sort((a, b) => a - b)
  return idx.map((i) => rows[i])
}

// ---- Core ----
const enc = new TextEncoder()
// The core with the training exports (assembly/train.ts), built here from the same sources as the shipped one.
execFileSync('npx', ['asc', 'assembly/train.ts', '--config', 'asconfig.json', '--target', 'release', '-o', 'build/train.wasm', '-t', 'build/train.wat'], { cwd: ROOT, stdio: 'inherit' })
const { ex, put } = await piiCore(readFileSync(new URL('build/train.wasm', ROOT)))
const WEIGHTS = ex.piiTaggerReserve(BITS, 1)

/** Byte offset -> UTF-16 index table of a text. */
function byteToChar(text) {
  const bytes = enc.encode(text)
  const map = new Uint32Array(bytes.length + 1)
  let b = 0
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    for (let k = 0; k < n; k++) map[b + k] = i
    b += n
    if (cp >= 0x10000) i++
  }
  map[bytes.length] = text.length
  return { bytes, map }
}

/** Candidate tokens of a text with gold BIO labels and features under the gold previous tag. */
function rowsOf(row) {
  const { bytes, map } = byteToChar(row.text)
  const p = put(bytes)
  const cap = 4096
  const out = ex.alloc(cap * (3 + FEATS) * 4)
  const n = ex.piiTagRows(p, bytes.length, out, cap)
  const raw = new Uint32Array(ex.memory.buffer, out, n * (3 + FEATS)).slice()
  const toks = []
  for (let i = 0; i < n; i++) {
    const s = raw[i * (3 + FEATS)]
    const e = raw[i * (3 + FEATS) + 1]
    toks.push({ s, e, cs: map[s], ce: map[e], adj: raw[i * (3 + FEATS) + 2] === 1 })
  }
  // Gold: a token overlapping a span of type T is B-T at the span's first candidate, I-T after it.
  for (const t of toks) {
    t.gold = 0
    for (const sp of row.spans) {
      if (sp.start < t.ce && t.cs < sp.end) {
        t.gold = 1 + 2 * TYPES.indexOf(sp.type)
        t.span = sp
        break
      }
    }
  }
  for (let i = 1; i < toks.length; i++) {
    if (toks[i].gold && toks[i - 1].adj !== undefined && toks[i].adj && toks[i - 1].span === toks[i].span) toks[i].gold += 1
  }
  for (let i = 0; i < toks.length; i++) {
    const prev = i > 0 && toks[i].adj ? toks[i - 1].gold : 0
    const f = ex.piiTagFeats(p, bytes.length, toks[i].s, toks[i].e, prev)
    toks[i].f = new Uint32Array(ex.memory.buffer, f, FEATS).slice()
  }
  return toks
}

// ---- Data ----
function loadJsonl(name) {
  return readFileSync(new URL(name, DATA), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
}
/** Keep the three types; `ignore` = spans of other types (a prediction there counts neither way). */
function norm(text, spans) {
  const keep = []
  const ignore = []
  for (const s of spans) {
    const t = TYPE_MAP[s.type]
    if (t) keep.push({ start: s.start, end: s.end, type: t })
    else ignore.push({ start: s.start, end: s.end })
  }
  return { text, spans: keep, ignore }
}

const SOURCES = [
  { name: 'wikigold', kind: 'wiki', file: 'wikigold_en.jsonl', ship: true },
  { name: 'btc', kind: 'tweets', file: 'btc_en.jsonl', ship: true },
  { name: 'wnut17', kind: 'tweets', file: 'wnut17_en.jsonl', ship: true },
  { name: 'turku-fi', kind: 'multilingual', file: 'turku_ner_fi.jsonl', ship: true },
  { name: 'nerkor-hu', kind: 'multilingual', file: 'nerkor_hu.jsonl', ship: true },
  { name: 'klue-ko', kind: 'multilingual', file: 'klue_ner_ko.jsonl', ship: true },
  { name: 'presidio', kind: 'records', file: ['presidio_synth_v2.jsonl', 'presidio_generated_large.jsonl'], ship: true },
  { name: 'pii-world', kind: 'mixed', world: true, ship: true },
  { name: 'templates', kind: 'greetings, labels, records', templates: 1, ship: true },
  { name: 'templates-2', kind: 'place-named persons, lower-case greetings, signatures, records', templates: 2, ship: false },
  { name: 'norne-no', kind: 'multilingual', file: 'norne_no.jsonl', ship: false },
  { name: 'masakhaner', kind: 'multilingual', file: 'masakhaner2_afr.jsonl', ship: false }
]

// ---- Generated templates: greetings, labels, subjects of verbs, signatures, CSV rows, SWIFT fields ----
function gazWords() {
  const first = []
  const last = []
  const city = []
  const country = []
  const firstCommon = []
  const both = []
  let flags = 0
  for (const line of PII_GAZETTEER.split('#!')[0].split('\n')) {
    if (line.startsWith('#')) flags = parseInt(line.slice(1), 36)
    else if (line && !line.includes(' ')) {
      if (flags & 32) {
        // Given names that are everyday words too (Hope, Will, Rose): Latin letters only.
        if (flags & 1 && /^[a-z]+$/.test(line)) firstCommon.push(line)
        continue // everyday words
      }
      if (flags & 1) first.push(line)
      if (flags & 2) last.push(line)
      if (flags & 4) city.push(line)
      if (flags & 8) country.push(line)
      // Given names that are also places (Jordan, Austin, Chelsea): Latin letters, one capital at most.
      if (flags & 1 && flags & (4 | 8 | 16) && /^[a-z]+$/.test(line)) both.push(line)
    }
  }
  return { first, last, city, country, both, firstCommon }
}
/**
 * Generated rows. Set 1 is a training source (left out in turn like the others); set 2 holds kinds set 1
 * lacks and is only ever scored: training on it cost Finnish precision 4 points (measured, see the card).
 */
function templates(set = 1) {
  const r = rng(set === 1 ? 20261127 : 20261128)
  const pick = (a) => a[Math.floor(r() * a.length)]
  const cap = (w) => w[0].toUpperCase() + w.slice(1)
  const { first, last, city } = gazWords()
  const SYL = ['ra', 'va', 'ti', 'em', 'ran', 'gor', 'qaj', 'had', 'da', 'hor', 'ema', 'ala', 'mo', 'var', 'in', 'ja', 'egi', 'de', 'ko', 'lu', 'si', 'ne', 'bo', 'za', 'ri', 'ta', 'nu', 'fe', 'xi', 'ul', 'yo', 'ka', 'ze', 'pha', 'tho', 'mbe', 'dji', 'oun']
  // Half the names come from the lists, half are made of syllables (unknown to every list): the model
  // must learn the context, not the list.
  const given = () => (r() < 0.5 ? cap(pick(first)) : cap(pick(SYL) + pick(SYL) + (r() < 0.5 ? pick(SYL) : '')))
  const family = () => (r() < 0.5 ? cap(pick(last)) : cap(pick(SYL) + pick(SYL) + pick(SYL)))
  const place = () => cap(pick(city))
  const ORG_TAIL = ['Holdings', 'Ltd', 'GmbH', 'Group', 'Clinic', 'Bank', 'Logistics', 'Partners', 'Foundation', 'Inc.', 'Labs', 'Consulting']
  const org = () => `${family()} ${pick(ORG_TAIL)}`
  const T = [
    () => [`${pick(['Hi', 'Hey', 'Hello', 'Dear', 'Morning', 'Good morning', 'Thanks'])} `, ['P', given()], `, ${pick(['the report is attached.', 'can you confirm the time?', 'see you Monday.', 'quick question about the invoice.'])}`],
    () => [`${pick(['Patient', 'Client', 'Instructor', 'Complainant', 'Employee', 'Applicant', 'Tenant', 'Name', 'Contact', 'Witness'])}: `, ['P', r() < 0.5 ? given() : `${given()} ${family()}`], `\n${pick(['DOB: 04/11/1980', 'Status: active', 'Room 12', 'Notes: follow up'])}`],
    () => [['P', r() < 0.6 ? given() : `${given()} ${family()}`], ` ${pick(['explained the delay to the board.', 'will deliver the samples on Friday.', 'completed the intake.', 'manages the compliance team.', 'approved the purchase order.', 'called twice this morning.', 'signed the lease yesterday.', 'asked for a refund.'])}`],
    ...(NO_CITY_PERSON ? [] : [() => [['P', cap(pick(city))], ` ${pick(['completed the intake form.', 'manages the compliance team.', 'approved the purchase order.', 'will join the call.'])}`]]),
    () => [`${pick(['Best regards', 'Thanks', 'Cheers', 'Kind regards'])},\n`, ['P', `${given()} ${family()}`], `\n`, ['O', org()]],
    () => [`id,name,city\n${Math.floor(r() * 9000 + 1000)},`, ['P', `${given()} ${family()}`], ',', ['L', place()]],
    () => [`:20:REF${Math.floor(r() * 99999)}\n:62F:`, ['P', `${given()} ${family()}-${family()}`], `\n:86:${pick(['Salary', 'Invoice 22', 'Rent'])}`],
    () => [`${pick(['She moved to', 'We met in', 'The office in', 'He flew from'])} `, ['L', place()], ` ${pick(['last year.', 'on Monday.', 'for the audit.'])}`],
    () => [`${pick(['I work at', 'Invoice from', 'Contract with', 'She works for'])} `, ['O', org()], ` ${pick(['since 2019.', 'for the audit.', 'last spring.'])}`],
    () => [`${pick(['The meeting is on Monday.', 'Please reply by Friday.', 'The Board approved the Budget.', 'Thanks for the Update.'])}`]
  ]
  if (set === 1 && (MORE || LABELS || NEG)) {
    // Kinds the first templates lacked (grouped from the left-out sources' misses): a lone name opening a
    // sentence before an ordinary verb, names in a list, a name after "call me" or in a possessive, a
    // title before a name, places in an address block (city line, country line with a postcode), after
    // "lives in" or "from X, Country", and organisations named without a legal suffix after "at" / "joined".
    // Places and organisations are half list words, half made of syllables, so the context must decide.
    const country = () => cap(pick(gazWords().country))
    const town = () => (r() < 0.5 ? place() : cap(pick(SYL) + pick(SYL) + pick(['ville', 'burg', 'ford', 'stad', 'ow', 'ia', 'ton', 'heim', 'pur', 'abad'])))
    const brand = () => cap(pick(SYL) + pick(SYL) + pick(['ly', 'io', 'ex', 'ware', 'soft', 'corp', 'tech', 'net', 'a', 'on']))
    const one = () => (r() < 0.7 ? given() : family())
    if (MORE) T.push(
      () => [['P', one()], ` ${pick(['is very reliable.', 'was late again.', 'has two brothers.', 'said the room was cold.', 'is from the north office.', 'will be talking at the conference.', 'had given me the keys.', 'wrote back within an hour.', 'is on leave until May.'])}`],
      () => [['P', one()], ' and ', ['P', one()], ` ${pick(['were precision engineers.', 'are on call this week.', 'met in college.', 'share an office.'])}`],
      () => [`${pick(['Why is', 'Where is', 'Has', 'Did'])} `, ['P', one()], ` ${pick(['so quiet?', 'back yet?', 'called the bank?', 'signed it?'])}`],
      () => [`${pick(['They had three kids:', 'Invited:', 'The team:', 'Guests were'])} `, ['P', one()], ', ', ['P', one()], ' and ', ['P', one()], '.'],
      () => [`${pick(['Sometimes people call me', 'Everyone calls me', 'Please ask for', 'You can reach'])} `, ['P', one()], pick(['.', '', ' anytime.'])],
      () => [['P', one()], `'s ${pick(['car is parked outside.', 'flight was delayed.', 'report is due Friday.'])}`],
      () => [`${pick(['Dr.', 'Mr.', 'Ms.', 'Mrs.', 'Prof.', 'Dr', 'Mr'])} `, ['P', r() < 0.5 ? family() : `${given()} ${family()}`], ` ${pick(['will see you now.', 'is out today.', 'signed the form.'])}`],
      () => [`${given()} ${family()}\n${Math.floor(r() * 9000 + 10)} ${cap(pick(SYL) + pick(SYL))} ${pick(['Street', 'Road', 'Avenue', 'gate', 'katu', 'strasse'])} ${Math.floor(r() * 200 + 1)}\n`, ['L', town()], '\n', ['L', country()], ` ${Math.floor(r() * 90000 + 10000)}`],
      () => [`${pick(['She lives in', 'He grew up in', 'They moved to', 'Our office is in', 'I was born in'])} `, ['L', town()], pick(['.', ' now.', ' since 2010.'])],
      () => [`${pick(['Greetings from', 'We drove from', 'Flights from'])} `, ['L', town()], ', ', ['L', country()], pick(['.', '!', ' to here.'])],
      () => [`${pick(['She works at', 'He joined', 'We signed with', 'Payroll moved to', 'Interviewed at'])} `, ['O', brand()], pick(['.', ' last year.', ' in March.'])],
      () => [['O', brand()], ` ${pick(['announced a new plant.', 'raised its prices.', 'hired ten engineers.', 'reported a loss.'])}`]
    )
    if (MORE_P) T.length -= 5
    if (LABELS) {
      // A label about a person ending the line or the text ("Complainant: Alamo"), the name at times an
      // everyday word too (Hope, Will, Rose); beside labels about other things whose capitalised value is
      // no one ("Status: Active", "Result: Negative").
      const { firstCommon } = gazWords()
      T.push(() => [`${pick(['Patient', 'Client', 'Complainant', 'Tenant', 'Guest', 'Customer', 'Contact', 'Witness', 'Employee', 'Applicant'])}: `, ['P', r() < 0.4 ? cap(pick(firstCommon)) : one()], pick(['', '\n', `\n${pick(['Ref: 22', 'Room 4', 'Age: 41'])}`])])
      T.push(() => [`${pick(['Status', 'Result', 'Priority', 'Type', 'Category', 'Outcome', 'Department', 'Channel'])}: ${pick(['Active', 'Negative', 'High', 'Urgent', 'Pending', 'Closed', 'Support', 'Sales', 'Stable', 'Unknown', 'None', 'Email'])}${pick(['', '\n'])}`])
    }
    if (NEG) {
      // Sentences of a language the model has not seen (words made of syllables): an unknown capitalised
      // word opening a sentence before unknown lower-case words is an ordinary word there ("Olen saanut
      // kolme", "Van még egy"), unlike one before an English verb above.
      const low = () => pick(SYL) + pick(SYL) + (r() < 0.5 ? pick(SYL) : '')
      T.push(() => [`${cap(low())} ${low()} ${low()}${r() < 0.5 ? ` ${low()}` : ''} .`])
      T.push(() => [`${cap(low())} ${low()} , ${low()} ${low()} ${low()}.`])
    }
  }
  if (set === 2) {
    // Second set: a given name that is also a place, read as a person by its verb or cue and as a place
    // by its preposition (both, so the lists cannot decide); greetings and labels in lower case and with
    // a dash; signatures after "--"; records with the name in other columns and a date or amount beside it.
    const { both } = gazWords()
    const dual = () => cap(pick(both))
    const VERB = ['explained', 'completed', 'approved', 'signed', 'asked for', 'confirmed', 'reviewed', 'submitted', 'requested', 'emailed', 'replied to', 'thanked', 'apologised for', 'scheduled', 'will send', 'has reviewed', 'is handling', 'manages', 'wrote']
    const OBJ = ['the intake form.', 'the purchase order.', 'the contract.', 'the refund.', 'the report yesterday.', 'the schedule.', 'the invoice on Friday.', 'the new hires.']
    // Only these kinds: set 1's "any city as a person" row ("Новосибирске completed the intake form") becomes
    // a given name that is also a place, read as a person by its verb and as a place by its preposition.
    T.length = 0
    T.push(
      () => [['P', dual()], ` ${pick(VERB)} ${pick(OBJ)}`],
      () => [['P', `${dual()} ${family()}`], ` ${pick(VERB)} ${pick(OBJ)}`],
      () => [`${pick(['Hi', 'Hey', 'Dear', 'Thanks'])} `, ['P', dual()], `, ${pick(['the report is attached.', 'see you Monday.', 'any update?'])}`],
      () => [`${pick(['Patient', 'Client', 'Employee', 'Contact', 'Tenant'])}: `, ['P', dual()], `\n${pick(['DOB: 04/11/1980', 'Status: active', 'Room 12'])}`],
      () => [`${pick(['We flew to', 'She moved to', 'The office in', 'He lives in', 'Shipping from', 'The warehouse near'])} `, ['L', dual()], ` ${pick(['last year.', 'on Monday.', 'is closed.', 'for the audit.'])}`],
      () => [`${pick(['hi', 'hey', 'hello', 'thanks'])} `, ['P', given()], `, ${pick(['got it.', 'can you call me?', 'see you at 5'])}`],
      () => [`${pick(['name', 'patient', 'client', 'contact person'])} - `, ['P', `${given()} ${family()}`], `\n`],
      () => [`${pick(['Thanks for the help.', 'See attached.', 'Talk soon.'])}\n-- \n`, ['P', `${given()} ${family()}`], `\n${pick(['Account Manager', 'Head of Sales', 'Nurse'])}`],
      () => [`name,date,amount\n`, ['P', `${given()} ${family()}`], `,${Math.floor(r() * 28 + 1)}/0${Math.floor(r() * 9 + 1)}/2024,${Math.floor(r() * 900 + 10)}.00`],
      () => [`${Math.floor(r() * 9000 + 1000)}\t`, ['P', `${family()}, ${given()}`], `\t${pick(['active', 'closed', 'pending'])}`]
    )
  }
  const out = []
  for (let i = 0; i < 3000; i++) {
    let text = ''
    const spans = []
    for (const part of pick(T)()) {
      if (typeof part === 'string') text += part
      else {
        const [t, v] = part
        spans.push({ start: text.length, end: text.length + v.length, type: { P: 'PERSON', L: 'LOCATION', O: 'ORGANIZATION' }[t] })
        text += v
      }
    }
    out.push({ text, spans, ignore: [] })
  }
  return out
}

function loadSource(src) {
  if (src.templates) return templates(src.templates)
  if (src.world) {
    return readFileSync(new URL('test/fixtures/pii-world.jsonl', ROOT), 'utf8').split('\n').filter(Boolean).map((l) => {
      const r = JSON.parse(l)
      return { ...norm(r.text, r.spans), holdout: r.split === 'holdout' }
    })
  }
  const files = Array.isArray(src.file) ? src.file : [src.file]
  // The Presidio sets' reported half (by template, as eval/pii-data.mjs splits them) stays out of every
  // model, so the Presidio section of docs/accuracy.md stays held out.
  const report = src.name === 'presidio' ? new Set(loadPii(new URL('../shared/datasets/', ROOT)).filter((r) => r.half === 'report').map((r) => r.text)) : null
  const seen = new Set()
  const rows = []
  for (const f of files) {
    for (const r of loadJsonl(f)) {
      if (seen.has(r.text)) continue
      seen.add(r.text)
      rows.push({ ...norm(r.text, r.spans), holdout: report?.has(r.text) ?? false })
    }
  }
  return rows
}

// ---- Averaged perceptron ----
function train(rowsets, seed) {
  const B = 1 << BITS
  const w = new Float32Array(B * 8)
  const total = new Float64Array(B * 8)
  const stamp = new Uint32Array(B * 8)
  let t = 1
  const sents = rowsets.flat()
  const r = rng(seed)
  const order = sents.map((_, i) => i)
  const scores = new Float64Array(CLASSES)
  for (let ep = 0; ep < EPOCHS; ep++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    for (const si of order) {
      for (const tok of sents[si]) {
        scores.fill(0)
        for (let k = 0; k < FEATS; k++) {
          const b = (tok.f[k] & (B - 1)) * 8
          for (let c = 0; c < CLASSES; c++) scores[c] += w[b + c]
        }
        let best = 0
        for (let c = 1; c < CLASSES; c++) if (scores[c] > scores[best]) best = c
        if (best !== tok.gold) {
          for (let k = 0; k < FEATS; k++) {
            const b = (tok.f[k] & (B - 1)) * 8
            for (const [c, d] of [[tok.gold, 1], [best, -1]]) {
              const i = b + c
              total[i] += (t - stamp[i]) * w[i]
              stamp[i] = t
              w[i] += d
            }
          }
        }
        t++
      }
    }
  }
  const avg = new Float32Array(B * 8)
  for (let i = 0; i < B * 8; i++) avg[i] = (total[i] + (t - stamp[i]) * w[i]) / t
  return avg
}

function bagged(rowsets) {
  const avg = train(rowsets, SEED)
  for (let b = 1; b < BAG; b++) {
    const w = train(rowsets, SEED + b)
    for (let i = 0; i < avg.length; i++) avg[i] += w[i]
  }
  return avg
}

function install({ q, scale }, threshold) {
  new Int8Array(ex.memory.buffer, WEIGHTS, q.length).set(q)
  currentThreshold = threshold / scale
  ex.piiTaggerThreshold(currentThreshold)
}

function tagSpans(text) {
  const { bytes, map } = byteToChar(text)
  const p = put(bytes)
  const out = ex.alloc(4 + 4096 * 12)
  const n = ex.piiTagSpans(p, bytes.length, out)
  const t = new Uint32Array(ex.memory.buffer, out + 4, n * 3)
  const spans = []
  for (let i = 0; i < n; i++) spans.push({ start: map[t[3 * i]], end: map[t[3 * i + 1]], type: TYPES[t[3 * i + 2]] })
  return spans
}

// ---- Predictors and scoring ----
// The rules alone: the same core with the tagger silenced (a threshold no span reaches), every category
// on so overlaps resolve as in the library. Category ids 12-13 and 48 are PERSON, LOCATION, ORGANIZATION.
const CAT = { 12: 'PERSON', 13: 'LOCATION', 48: 'ORGANIZATION' }
function rulesSpans(text, withTagger = false) {
  if (!withTagger) ex.piiTaggerThreshold(1e30)
  const { bytes, map } = byteToChar(text)
  const p = put(bytes)
  const out = ex.piiScan(p, bytes.length, 0xfffffffe, 0x1ffff)
  const n = new Uint32Array(ex.memory.buffer, out, 1)[0]
  const t = new Uint32Array(ex.memory.buffer, out + 4, n * 4)
  const spans = []
  for (let i = 0; i < n; i++) if (CAT[t[4 * i + 2]]) spans.push({ start: map[t[4 * i]], end: map[t[4 * i + 1]], type: CAT[t[4 * i + 2]] })
  ex.piiTaggerThreshold(currentThreshold)
  return spans
}
let currentThreshold = 0
/** Capitalised runs (two or more capitalised words, or one not at a sentence start), type-agnostic. */
function baselineSpans(text) {
  const out = []
  for (const m of text.matchAll(/\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu)) {
    const before = text.slice(0, m.index).trimEnd()
    const initial = before === '' || /[.!?:\n]$/.test(before)
    if (initial && !/\s/.test(m[0])) continue
    out.push({ start: m.index, end: m.index + m[0].length, type: '*' })
  }
  return out
}
const overlaps = (a, b) => a.start < b.end && b.start < a.end
/** Tagger first; rule spans that overlap no tagger span are added. */
const taggerFirst = (rules, tags) => [...tags, ...rules.filter((r) => !tags.some((t) => overlaps(r, t)))]

function score(rows, predict, log) {
  const c = Object.fromEntries([...TYPES, 'ALL'].map((t) => [t, { gold: 0, found: 0, pred: 0, right: 0 }]))
  for (const row of rows) {
    const pred = predict(row.text).filter((p) => !row.ignore.some((g) => overlaps(g, p)))
    for (const g of row.spans) {
      const hit = pred.some((p) => overlaps(p, g) && (p.type === g.type || p.type === '*'))
      c[g.type].gold++
      c.ALL.gold++
      if (!hit) log?.push({ miss: g.type, span: row.text.slice(g.start, g.end), text: row.text.slice(Math.max(0, g.start - 60), g.end + 60) })
      if (hit) {
        c[g.type].found++
        c.ALL.found++
      }
    }
    for (const p of pred) {
      const ok = row.spans.some((g) => overlaps(p, g) && (p.type === g.type || p.type === '*'))
      if (!ok) log?.push({ wrong: p.type, span: row.text.slice(p.start, p.end), text: row.text.slice(Math.max(0, p.start - 60), p.end + 60) })
      for (const k of p.type === '*' ? ['ALL'] : [p.type, 'ALL']) {
        c[k].pred++
        if (ok) c[k].right++
      }
    }
  }
  return c
}
const pct = (a, b) => (b === 0 ? '  -  ' : `${((100 * a) / b).toFixed(1)}`.padStart(5))

// ---- Run ----
const data = new Map()
for (const src of SOURCES) {
  if (ONLY && !ONLY.split(',').includes(src.name) && src.ship === false) continue
  const all = loadSource(src).filter((r) => r.text.length > 0 && r.text.length < 4000)
  const ev = sample(all, EVAL_CAP, 7)
  // The held-out halves of pii-world and Presidio stay out of every model, so their own evals stay held out.
  const tr = src.ship ? sample(all.filter((r) => !r.holdout), TRAIN_CAP, 11) : []
  data.set(src.name, { src, ev, tr, trRows: tr.map(rowsOf) })
  console.error(`${src.name}: ${all.length} texts, ${tr.length} train, ${ev.length} scored`)
}

const THRESHOLD = Number(process.argv.find((a) => a.startsWith('--threshold='))?.slice(12) ?? 0)
const lines = []
const head = '| left-out source | kind | type | baseline R/P | previous build R/P | tagger R/P | rules + tagger R/P | tagger first R/P |'
lines.push(head, '|---|---|---|---|---|---|---|---|')
const shippable = [...data.values()].filter((d) => d.src.ship)
let fullModel = null
for (const d of data.values()) {
  if (ONLY && !ONLY.split(',').includes(d.src.name)) continue
  const trainOn = shippable.filter((o) => o !== d)
  const model = d.src.ship ? quantize(bagged(trainOn.map((o) => o.trRows))) : (fullModel ??= quantize(bagged(shippable.map((o) => o.trRows))))
  install(model, THRESHOLD)
  const cache = new Map()
  const rules = (text) => (cache.has(text) ? cache.get(text) : cache.set(text, rulesSpans(text)).get(text))
  const logFrom = missLog.length
  const results = {
    baseline: score(d.ev, baselineSpans),
    previous: score(d.ev, rules),
    tagger: score(d.ev, tagSpans),
    // As shipped: the core's own merge (tokens inside a rule entity are not even scored).
    union: score(d.ev, (t) => rulesSpans(t, true), MISSES ? missLog : undefined),
    first: score(d.ev, (t) => taggerFirst(rules(t), tagSpans(t)))
  }
  for (let i = logFrom; i < missLog.length; i++) missLog[i].src = d.src.name
  for (const type of [...TYPES, 'ALL']) {
    const cell = (k) => {
      const x = results[k][type]
      return `${pct(x.found, x.gold)} / ${pct(x.right, x.pred)}`
    }
    lines.push(`| ${d.src.name}${d.src.ship ? '' : ' (never trained on)'} | ${d.src.kind} | ${type} | ${cell('baseline')} | ${cell('previous')} | ${cell('tagger')} | ${cell('union')} | ${cell('first')} |`)
  }
  console.error(lines.slice(-4).join('\n'))
}
console.log(lines.join('\n'))
if (MISSES) writeFileSync(MISSES, missLog.map((m) => JSON.stringify(m)).join('\n') + '\n')

if (WRITE) {
  const model = fullModel ?? quantize(bagged(shippable.map((o) => o.trRows)))
  const gz = gzipSync(Buffer.from(model.q.buffer)).length
  const files = SOURCES.filter((x) => x.ship && x.file).flatMap((x) => (Array.isArray(x.file) ? x.file : [x.file]))
  const out = generatedModule({
    script: 'scripts/train/pii-tagger.mjs',
    header: `PII name tagger (assembly/pii/tagger.ts): an averaged perceptron over hashed token features, 2^${BITS} buckets x ${CLASSES} classes (padded to 8), int8 weights, base64. Trained on WikiGold, the Broad Twitter Corpus, WNUT17 (CC-BY-4.0), Turku NER, NerKor, KLUE NER (CC-BY-SA-4.0), the Presidio synthetic sets (MIT; tuning half), Litmus's pii-world fixtures (tuning half) and generated templates; see NOTICE.`,
    inputs: [...files.map((f) => input(new URL(f, DATA))), input(new URL('test/fixtures/pii-world.jsonl', ROOT)), input(new URL('src/models/pii-gazetteer.generated.ts', ROOT))],
    settings: { bits: BITS, classes: CLASSES, features: FEATS, epochs: EPOCHS, trainCap: TRAIN_CAP, seed: SEED, ...(BAG > 1 ? { bag: BAG } : {}), sampleSeed: 11, templateSeed: 20261127 },
    payload: { PII_TAGGER_BITS: BITS, PII_TAGGER_SCALE: model.scale, PII_TAGGER_THRESHOLD: THRESHOLD, PII_TAGGER_WEIGHTS: Buffer.from(model.q.buffer).toString('base64') }
  })
  writeFileSync(new URL('src/models/pii-tagger.generated.ts', ROOT), out)
  console.error(`wrote src/models/pii-tagger.generated.ts (${(gz / 1e6).toFixed(2)} MB gzipped weights)`)
}
