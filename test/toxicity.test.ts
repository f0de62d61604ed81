import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, MissingArgumentError, load } from '../dist/litmus.js'
import { expectIssue, growth } from './helpers.js'

const litmus = await load()
const score = (text: string, severity?: number) => litmus.toxicity(severity === undefined ? { text } : { text, severity }).score
const category = (text: string, label: string) => litmus.toxicity({ text }).scores.find((s: { label: string }) => s.label === label)!.score
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`fixtures/toxicity/${name}`, import.meta.url), 'utf8'))

// text -> toxic (score >= 50) at the default severity. Clear cases of every rule and of the failures of
// keyword filters; the wider tables below report rates.
const clear: [text: string, toxic: boolean][] = [
  ['I will kill you', true],
  ["I'm going to find you and hurt you.", true],
  ['Go kill yourself.', true],
  ['You are a fucking idiot.', true],
  ['Shut up, you moron.', true],
  ['Muslims are all terrorists.', true],
  ['I hate gay people.', true],
  ['Immigrants are vermin.', true],
  ['Fuck you, asshole.', true],
  ['Thank you so much for your help today!', false],
  ['The meeting is moved to 3 pm.', false],
  ['I am a gay Muslim woman.', false],
  ['black people', false],
  ['Jewish families celebrate Hanukkah in December.', false],
  ["I don't hate women.", false],
  ['Immigrants are not criminals.', false],
  ["You're not stupid, you just made a mistake.", false],
  ['This is fucking brilliant!', false],
  ['That concert was fucking amazing.', false],
  ['Calling someone a faggot is never okay.', false],
  ['Kill the process with kill -9 if it hangs.', false],
  ['This workout is going to kill me.', false],
  ['That was a stupid movie.', false]
]

/** A table row's check: flagged (score >= 50 at the default severity) exactly when toxic. */
const flagsAt50 = (text: string, toxic: boolean) => {
  expect(score(text) >= 50).toBe(toxic)
}

describe('toxicity', () => {
  it.each(clear)('%s -> toxic %s', flagsAt50)

  // category -> texts whose score for it is at least 50 (and highest among the categories).
  const categories: [label: string, texts: string[]][] = [
    ['threat', ['I will kill you.', 'I will burn your house down.', 'You should be hanged.']],
    ['insult', ['You are an idiot.', 'What a pathetic loser you are.', 'He is a coward.']],
    ['identity_attack', ['Muslims are terrorists.', 'Women are too stupid to vote.', 'Shut up, tranny.']],
    ['obscene', ['Fuck.', 'This is bullshit.', 'Holy shit, what a mess.']],
    ['sexual_explicit', ['Watch free porn videos here.', 'Send me nudes.']]
  ]
  it.each(categories)('%s', (label, texts) => {
    for (const text of texts) expect(category(text, label), text).toBeGreaterThanOrEqual(50)
  })

  it('scores no category of plain text at 50 or more', () => {
    for (const text of ['The river flooded the lower fields after the storm.', 'I love this recipe.', 'Sex education should start in middle school.']) {
      for (const s of litmus.toxicity({ text }).scores) expect(s.score, `${text} ${s.label}`).toBeLessThan(50)
    }
  })

  it('returns the score and the five categories, all within 0..100', () => {
    for (const text of ['', '   ', '😀😀', 'x'.repeat(100000), 'Ünïcödé tëxt, du Idiot!', 'a'.repeat(50) + ' fuck ' + 'b'.repeat(50), 'I will kill you '.repeat(2000)]) {
      const r = litmus.toxicity({ text })
      expect(Object.keys(r).sort()).toEqual(['score', 'scores'])
      expect(r.score).toBeGreaterThanOrEqual(0)
      expect(r.score).toBeLessThanOrEqual(100)
      expect(r.scores.map((s: { label: string }) => s.label)).toEqual(['obscene', 'insult', 'threat', 'identity_attack', 'sexual_explicit'])
      for (const s of r.scores) expect(s.score >= 0 && s.score <= 100).toBe(true)
    }
  })

  it('scores text without a word 0', () => {
    for (const text of ['', '  \n ', '😀😀', '!!!']) expect(score(text)).toBe(0)
  })

  it('treats a request without severity as severity 0.5', () => {
    for (const [text] of clear) expect(litmus.toxicity({ text })).toEqual(litmus.toxicity({ text, severity: 0.5 }))
  })

  it('scores higher, never lower, as severity rises', () => {
    for (const [text] of clear) {
      let last = -1
      for (const severity of [0, 0.25, 0.5, 0.75, 1]) {
        const s = score(text, severity)
        expect(s, `${text} at ${severity}`).toBeGreaterThanOrEqual(last)
        last = s
      }
    }
  })

  it('counts profanity used for emphasis only when strict', () => {
    expect(score('This is fucking brilliant!', 0.5)).toBeLessThan(50)
    expect(score('This is fucking brilliant!', 1)).toBeGreaterThanOrEqual(50)
    expect(score('You are a fucking idiot.', 0)).toBeGreaterThanOrEqual(50)
  })

  // Benign rows of each failure class must mostly score below 50 and their toxic counterparts mostly
  // 50 or more; the floors are below the rates docs/metrics/toxicity.md reports, to catch regressions.
  const classes = fixture('failure-classes.json') as Record<string, [string, number][]>
  const floors: Record<string, [benign: number, toxic: number]> = {
    identity: [0.9, 0.75],
    negation: [0.85, 0.8],
    counter: [0.65, 0.75],
    emphasis: [0.6, 0.8]
  }
  it.each(Object.keys(floors))('failure class %s', (cls) => {
    const rows = classes[cls]
    const benign = rows.filter((r) => !r[1])
    const toxic = rows.filter((r) => r[1])
    expect(benign.length).toBeGreaterThanOrEqual(25)
    expect(toxic.length).toBeGreaterThanOrEqual(25)
    expect(benign.filter((r) => score(r[0]) < 50).length / benign.length).toBeGreaterThanOrEqual(floors[cls][0])
    expect(toxic.filter((r) => score(r[0]) >= 50).length / toxic.length).toBeGreaterThanOrEqual(floors[cls][1])
  })

  it('flags at most 5 % of the sentences that only mention identities', () => {
    const rows = classes.identity.filter((r) => !r[1])
    expect(rows.filter((r) => score(r[0]) >= 50).length / rows.length).toBeLessThanOrEqual(0.05)
  })

  it('rejects bad requests, naming the field', () => {
    expectIssue(() => litmus.toxicity({} as never), MissingArgumentError, 'text')
    expectIssue(() => litmus.toxicity({ text: 3 } as never), InvalidArgumentError, 'text')
    expectIssue(() => litmus.toxicity({ text: 'a', severity: 2 }), InvalidArgumentError, 'severity')
    expectIssue(() => litmus.toxicity({ text: 'a', severity: -0.1 }), InvalidArgumentError, 'severity')
    expectIssue(() => litmus.toxicity({ text: 'a', severity: 'high' } as never), InvalidArgumentError, 'severity')
    expectIssue(() => litmus.explain('toxicity', { text: null } as never), InvalidArgumentError, 'text')
  })

  // Written for Litmus (test/fixtures/toxicity/functional.json), never trained on: each class's share
  // right at 50. Floors sit a little under what the shipped model measures (docs/metrics/toxicity.md).
  const functional = fixture('functional.json') as Record<string, [string, number][]>
  const functionalFloors: Record<string, number> = {
    'direct hate': 0.7,
    'spelling variants': 0.8,
    negation: 0.8,
    'counter-speech': 0.6,
    'quoted and reclaimed slurs': 0.8,
    'identity terms alone': 0.8,
    'benign with violent or rude words': 0.6,
    'group hate in disguise': 0.85,
    'masked and substituted letters': 0.9,
    'benign look-alikes of masked letters': 0.9,
    'regard denied': 0.85,
    'charges said of a group': 0.9,
    'violence reported, hate named': 0.85,
    'short texts with pronouns': 0.9,
    'implicit and referenced hate': 0.9,
    'group and insult words said of things': 0.6
  }
  it.each(Object.keys(functionalFloors))('functional class %s', (cls) => {
    const rows = functional[cls]
    const right = rows.filter(([text, toxic]) => (score(text) >= 50) === (toxic === 1)).length
    expect(right / rows.length).toBeGreaterThanOrEqual(functionalFloors[cls])
  })

  it('scores "I hate you!" as toxic', () => {
    expect(score('I hate you!')).toBeGreaterThanOrEqual(50)
  })

  it('reads leetspeak and spaced letters as the words they spell', () => {
    expect(score('You are a 1d10t.')).toBeGreaterThanOrEqual(50)
    expect(score('you are an i d i o t')).toBeGreaterThanOrEqual(50)
    const e = litmus.explain('toxicity', { text: 'you are an i d i o t' })
    expect(e.deobfuscated).toBe('you are an idiot')
  })

  // Masks read through the lexicon's hostile words; emphasis, footnotes, products and pointers stay as written.
  it.each([
    ['You are so st*pid.', 'you are so stupid.'],
    ['f**k off', 'fuck off'],
    ['shut up, you id!ot', 'shut up, you idiot'],
    ['i h8 you', 'i hate you'],
    ['This is *really* important.', null],
    ['5*3 = 15', null],
    ['f(x) = x*x + 2*x', null]
  ])('reads masked letters: %s', (text, undone) => {
    const e = litmus.explain('toxicity', { text }) as { score: number; deobfuscated?: string }
    expect(e.deobfuscated ?? null).toBe(undone)
    expect(e.score >= 50).toBe(undone !== null)
  })

  // Hostility the lists miss by spelling or by phrasing (toxicity-rules.ts withSwaps, splitJoined, IDIOMS),
  // beside the benign look-alikes each mechanism must leave alone.
  const variantsAndIdioms: Array<[string, boolean]> = [
    ['You are such a lsoer.', true],
    ['What a stupdi cretni you are', true],
    ['you absolute mroon', true],
    ['The lores of the old kingdom are long.', false],
    ['Our crew was a diverse group.', false],
    ['y o u a r e a l o s e r', true],
    ['I l o v e y o u', false],
    ['No one likes you here.', false],
    ['Nobody cares about you, go away.', true],
    ['Shut up, you fool.', true],
    ['Shut up the shop at six, please.', false],
    ['Please shut up the windows before you leave.', false],
    ['He is a complete waste of oxygen.', true],
    ['This closet is a waste of space.', false],
    ['You are a piece of garbage.', true],
    ['My phone is a piece of junk.', false],
    ['Nobody likes Mondays.', false],
    ["I don't think you are a waste of space.", false]
  ]
  it.each(variantsAndIdioms)('reads spelling and phrasing: %s -> toxic %s', flagsAt50)

  // Issue 18, hostility framed by the words around it (toxicity-rules.ts: condemned speech, praise of
  // people, profanity made an insult). Each table holds the benign look-alikes a rule must leave alone and
  // the toxic ones it must not excuse.
  // Counter-speech that reports hate without a listed word: the reported words are set aside when the
  // frame condemns them ("saying X is racist", "stop telling people X"); said, or condemnation denied, they count.
  const condemned: Array<[string, boolean]> = [
    ["Saying 'go back to your country' to people is racist and wrong.", false],
    ["'Go back to your country' is a racist thing to say.", false],
    ['Stop telling people to go back to their country.', false],
    ["Stop saying 'go back to your country' to people.", false],
    ['Telling immigrants to go back where they came from is hateful.', false],
    ['Saying that women belong in the kitchen is sexist.', false],
    ['Go back to your country.', true],
    ['Women belong in the kitchen.', true],
    ['Go back to your country, nobody wants you here.', true],
    ['Telling them to go back to their country is not racist, it is the truth.', true]
  ]
  it.each(condemned)('sets aside what a sentence condemns: %s -> toxic %s', flagsAt50)

  // People and groups praised ("they are lovely") carry no hostility; praise beside a hostile word, an
  // insult or a turn ("until they ...") does not excuse it.
  const praised: Array<[string, boolean]> = [
    ['My neighbours are Muslim and they are lovely.', false],
    ['They are lovely people.', false],
    ['They are kind and generous people.', false],
    ['Trans women are women and they are beautiful.', false],
    ['They are amazing.', false],
    ['Our new neighbours are Somali and they are very kind.', false],
    ['They are lovely, but they should all be deported.', true],
    ['They are so lovely when they shut up.', true],
    ['They are cute, but Muslims are terrorists.', true],
    ['They are lovely, you idiot.', true],
    ['They are good at their jobs.', false],
    ['They are great at what they do.', false],
    ['They are good at their scams, those rats.', true]
  ]
  it.each(praised)('reads praise of people as praise: %s -> toxic %s', flagsAt50)

  // A turn after the praise ("until they ...") keeps the sentence's learned evidence: nothing is set aside.
  // (Its score is the head's alone: 36, identity terms and "are" counting in the head's mean as words of no
  // evidence.) The plain praise beside it is set aside where its words carry learned evidence ("They").
  it.each(['Immigrants are lovely until they rob you.', 'Women are lovely until they open their mouths.'])('does not read a turned praise as praise: %s', (text) => {
    const labels = litmus.explain('toxicity', { text }).evidence.map((e) => e.label)
    expect(labels).not.toContain('praise of people, set aside')
    expect(litmus.explain('toxicity', { text: 'They are lovely.' }).evidence.map((e) => e.label)).toContain('praise of people, set aside')
  })

  // Profanity made an insult by its frame: "X for brains", "X, that is what you are".
  const profaneInsults: Array<[string, boolean]> = [
    ['sh1t for brains, that is what you are', true],
    ['You have shit for brains.', true],
    ['Shit for brains.', true],
    ['He has crap for brains.', true],
    ["Crap for brains, that's what you are.", true],
    ['Shit, that is what you are.', true],
    ['Fish is food for brains.', false],
    ['Shit, that is what you are supposed to do!', false],
    ['Holy shit, that is what you are getting for the price?', false],
    ['I have shit for brains today, sorry.', false],
    ['You are not shit for brains, you just need sleep.', false],
    ['Smart as hell, that is what you are.', false],
    ['Damn, you are good, that is what you are.', false]
  ]
  it.each(profaneInsults)('reads profanity made an insult: %s -> toxic %s', flagsAt50)

  // A negation belongs to its clause: after a comma and a new subject ("..., they are vermin") or a "but",
  // what follows is asserted, not denied. Within its clause it still denies ("are not criminals").
  const clauses: Array<[string, boolean]> = [
    ['Muslims are not lovely, they are vermin.', true],
    ['Immigrants are not people, they are animals.', true],
    ['Women are not smart, they are stupid.', true],
    ['You are not an idiot, you are a moron.', true],
    ['Immigrants are not criminals, they are neighbours.', false],
    ['You are not stupid, you are just tired.', false],
    ['I do not hate you, I love you.', false],
    ['Muslims are not criminals.', false],
    ['I am not saying you are stupid.', false],
    ['Not an idiot, you are a genius.', false]
  ]
  it.each(clauses)('keeps a negation in its clause: %s -> toxic %s', flagsAt50)

  // Issue 19: every flagged word searched the whole text for a line break ('you idiot ' x 4e4 took 7 s).
  // A growth fit over four sizes, measured again before failing (a single ratio of two sizes once failed
  // by chance at 10.5 while other test files ran beside it).
  it('takes time linear in the number of flagged words', () => {
    const fit = growth((n) => score('you idiot '.repeat(n)), [5_000, 10_000, 20_000, 40_000])
    expect(fit.exponent, fit.detail).toBeLessThan(1.5)
  })

  it('keeps memory flat over many calls', () => {
    for (let i = 0; i < 200; i++) litmus.toxicity({ text: `You idiot number ${i}, I will kill you` })
    const before = litmus.memoryBytes()
    for (let i = 0; i < 2000; i++) litmus.toxicity({ text: `You idiot number ${i}, I will kill you` })
    expect(litmus.memoryBytes()).toBe(before)
  })
})

describe("explain('toxicity')", () => {
  const texts = [
    "I don't hate women, but you are a moron.",
    'Ünïcödé: du bist ein Idiot, you idiot 😀 kill yourself',
    'This is fucking brilliant!',
    'Calling someone a faggot is never okay.',
    'The meeting is moved to 3 pm.'
  ]
  it.each(texts)('%s', (text) => {
    const e = litmus.explain('toxicity', { text })
    expect(e.operation).toBe('toxicity')
    expect(e.score).toBe(score(text))
    for (const ev of e.evidence) {
      expect(Number.isFinite(ev.weight)).toBe(true)
      expect(ev.weight).not.toBe(0)
      // Every piece of evidence but the text's shortness has a span.
      if (ev.label !== 'short text (few distinct words)') expect(text.slice(ev.span![0], ev.span![1])).toBe(ev.string)
    }
  })

  it('names the words and rules behind a score, with their sign', () => {
    const e = litmus.explain('toxicity', { text: "I don't hate women, but you are a moron." })
    expect(e.evidence.find((x: { label: string }) => x.label === 'insult')).toMatchObject({ string: 'you are a moron' })
    expect(e.evidence.find((x: { label: string }) => x.label.startsWith('group and hostile word, negated'))!.weight).toBeLessThan(0)
    const emphatic = litmus.explain('toxicity', { text: 'This is fucking brilliant!' })
    expect(emphatic.evidence.find((x: { label: string }) => x.label === 'profanity for emphasis')).toMatchObject({ string: 'fucking' })
    const idiom = litmus.explain('toxicity', { text: 'Nobody likes you, just leave.' })
    expect(idiom.evidence.find((x: { label: string }) => x.label === 'hostile idiom')).toMatchObject({ string: 'Nobody likes you' })
    const swapped = litmus.explain('toxicity', { text: 'You are an idoit.' })
    expect(swapped.evidence.find((x: { label: string }) => x.label === 'insult')).toMatchObject({ string: 'You are an idoit' })
    const joined = litmus.explain('toxicity', { text: 'I h a t e y o u' })
    expect(joined.deobfuscated).toBe('i hate you')
  })
})
