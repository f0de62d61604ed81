import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { load } from '../dist/litmus.js'
import { PII_CLUSTERS } from '../src/models/pii-clusters.generated.js'

const litmus = await load()

const NAMES = new Set(['PERSON', 'LOCATION', 'ORGANIZATION'])
const names = (text: string) => litmus.pii({ text }).pii.filter((e) => NAMES.has(e.category)).map((e) => [e.category, e.string])

// The learned name tagger (assembly/pii/tagger.ts) adds what the rules miss: an unknown given name after
// a greeting or a label, as the subject of a verb, inside records. Names here are made up (no list holds
// them), so only the words around them can say "person".
const found: [text: string, expected: string[][]][] = [
  ['Hi Revati, the report is attached.', [['PERSON', 'Revati']]],
  ['Morning Emran, quick question about the invoice.', [['PERSON', 'Emran']]],
  ['Patient: Hadda\nDOB: 04/11/1980', [['PERSON', 'Hadda']]],
  ['Varinja explained the delay to the board.', [['PERSON', 'Varinja']]],
  ['Egide will deliver the samples on Friday.', [['PERSON', 'Egide']]]
]

// Where the tagger must stay quiet: acronyms alone, handles and hashtags, scripts without capitals
// (left to the rules), ordinary capitalised sentence starts.
const quiet: string[] = [
  'UUID 123e4567-e89b-12d3-a456-426614174000 sha 9f86d081884c7d659a2feaa0c55ad015a3bf4c2b',
  'NIC and MTU settings were changed.',
  'follow @DanaTennille and #GhostAdventures for updates',
  'הספר על השולחן',
  'The meeting is on Monday. Please reply by Friday.'
]

// A capitalised word no list knows, before a verb only a person does (the rules, with the cue as evidence);
// verbs a company or a place does too leave it alone.
const ownVerb: [text: string, expected: string[][]][] = [
  ['Shovda shouted at the driver.', [['PERSON', 'Shovda']]],
  ['Irenka smiled and left.', [['PERSON', 'Irenka']]],
  ['Everyone knew that Quorvik laughed last.', [['PERSON', 'Quorvik']]],
  ['Gazprom said it would cut supply.', [['ORGANIZATION', 'Gazprom']]],
  ['Quorvane announced a new plant.', []],
  ['Nobody shouted at the driver.', []],
  // After an article the word is a noun ("An Alabamian wrote"); a verb that is a noun as often stays out.
  ['An Alabamian wrote to the paper.', []],
  ['The Confederacy signed the treaty.', []],
  ["You've given a lot of Christmas-season thought to it.", []],
  // "call me" before it: a name; an everyday word there is not one.
  ['Sometimes people call me Csanád', [['PERSON', 'Csanád']]],
  ['Everyone calls me Piusz.', [['PERSON', 'Piusz']]],
  ['They called me Stupid.', []]
]

describe('unknown words before a person\'s verb or after "call me"', () => {
  for (const [text, expected] of ownVerb) {
    it(JSON.stringify(text), () => expect(names(text)).toEqual(expected))
  }
  it('explains the person by its cue', () => {
    const [ent] = litmus.explain('pii', { text: 'Irenka smiled and left.' }).pii
    expect(ent.evidence.map((e) => e.kind)).toContain('cue')
  })
})

// A given name that is also a major place: a verb only a person does names the person; a preposition, a
// noun after it or a verb a place or a team also does ("had", "voted", "won") keeps the place.
const placeNamed: [text: string, expected: string[][]][] = [
  ['Jordan completed the intake.', [['PERSON', 'Jordan']]],
  ['Virginia manages the compliance team.', [['PERSON', 'Virginia']]],
  ['Austin signed the lease yesterday.', [['PERSON', 'Austin']]],
  ['We flew to Jordan last year.', [['LOCATION', 'Jordan']]],
  ['Georgia voters approved the measure.', [['LOCATION', 'Georgia']]],
  ['Dallas had enough of a lead.', [['LOCATION', 'Dallas']]],
  ['In Jordan completed homes sell fast.', [['LOCATION', 'Jordan']]],
  // A greeting with a comma after the name, a label about a person with the line ending after it.
  ['Hey Chad, the report is attached.', [['PERSON', 'Chad']]],
  ['Client: Israel\nStatus: active', [['PERSON', 'Israel']]],
  ['Visit Israel, the land of milk.', [['LOCATION', 'Israel']]],
  ['The client: Israel', [['LOCATION', 'Israel']]]
]

describe('place-named persons', () => {
  for (const [text, expected] of placeNamed) {
    it(JSON.stringify(text), () => expect(names(text)).toEqual(expected))
  }
  it('explains the person by its cue and the lists', () => {
    const [ent] = litmus.explain('pii', { text: 'Jordan completed the intake.' }).pii
    expect(ent.evidence.map((e) => e.kind)).toEqual(['gazetteer', 'cue'])
  })
})

describe('name tagger: names the rules miss', () => {
  for (const [text, expected] of found) {
    it(JSON.stringify(text), () => expect(names(text)).toEqual(expected))
  }
})

describe('name tagger: nothing to find', () => {
  for (const text of quiet) {
    it(JSON.stringify(text), () => expect(names(text)).toEqual([]))
  }
})

describe('name tagger: explain names its evidence', () => {
  it('reports the tagger as the evidence of a name only it found', () => {
    const [ent] = litmus.explain('pii', { text: 'Hi Revati, the report is attached.' }).pii
    expect(ent.string).toBe('Revati')
    expect(ent.evidence.map((e) => e.kind)).toEqual(['tagger'])
    expect(ent.confidence).toBe(0.45)
  })
  it('leaves the rules their entity where both read the same words', () => {
    const [ent] = litmus.explain('pii', { text: 'Contact Maria Lopez today.' }).pii
    expect(ent.evidence.map((e) => e.kind)).not.toContain('tagger')
  })
})

describe('name tagger: categories', () => {
  it('reports only the categories asked for', () => {
    expect(litmus.pii({ text: 'Hi Revati, the report is attached.', categories: ['LOCATION'] }).pii).toEqual([])
  })
  it('is linear: ten times the text, ten times the entities', () => {
    const one = 'Hi Revati, Varinja explained the delay. '
    expect(names(one.repeat(10)).length).toBe(10 * names(one).length)
  })
})

// The word cluster table (scripts/build-pii-clusters.mjs) as the core installs it: `word fine coarse` lines,
// malformed ones skipped.
describe('name tagger: word cluster table', () => {
  const install = async (text: string) => {
    const wasm = readFileSync(new URL('../build/litmus.wasm', import.meta.url))
    const { instance } = await WebAssembly.instantiate(wasm, { env: { abort() {} } })
    const x = instance.exports as any
    const bytes = new TextEncoder().encode(text)
    x.reset()
    const p = x.alloc(bytes.length + 1)
    new Uint8Array(x.memory.buffer).set(bytes, p)
    return x.piiClustersInstall(p, bytes.length) as number
  }
  const rows: [text: string, kept: number][] = [
    ['john 443 7\nparis 501 9', 2],
    ['john 443 7\n\nparis 501', 1],
    ['john 2000 7\nrome 501 300\nberlin 501 9\n', 1],
    ['', 0]
  ]
  for (const [text, kept] of rows) it(JSON.stringify(text), async () => expect(await install(text)).toBe(kept))
  it('installs every word of the shipped table', async () => {
    const n = PII_CLUSTERS.split('\n').length
    expect(n).toBe(20000)
    expect(await install(PII_CLUSTERS)).toBe(n)
  })
})
