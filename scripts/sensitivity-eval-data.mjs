// Builds test/fixtures/sensitivity/: a labelled evaluation of zero-shot topic detection from shared data.
//
// Labelling rule: a text is ON a topic when its source says so, OFF when it comes from another group of
// the same source:
//  - Stack Exchange requests (Stanford Politeness Corpus, Apache-2.0; text CC-BY-SA): the community the
//    request was posted in (e.g. "Cooking" -> topic "cooking"). Negatives: requests from the other
//    communities listed here. Stack Overflow, Programmers and the other general programming sites are
//    left out: their requests sit between several topics.
//  - OneStopEnglish articles (CC-BY-SA-4.0), advanced level, one text per paragraph of 80+ characters:
//    the article's subject, grouped by hand from the article titles (e.g. Superbugs, Organs, Life
//    expectancy -> "health"). Negatives: paragraphs of articles in the other groups.
// Each topic gets 30 positives (fewer, at least 20, where its articles are short) and 60 negatives, chosen by a hash of (topic, text id): byte-identical
// reruns. Topics are split in two: TUNE topics are the only ones the method's settings were chosen on;
// HELDOUT topics were never looked at while tuning (eval/sensitivity.eval.mjs reports both).
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'

const DATA = new URL('../../shared/datasets/', import.meta.url)
const OUT = new URL('../test/fixtures/sensitivity/', import.meta.url)
const POSITIVES = 30
const NEGATIVES = 60

// [topic as a user would write it, split, source, groups]
const TOPICS = [
  ['cooking', 'tune', 'se', ['Cooking']],
  ['physics', 'tune', 'se', ['Physics']],
  ['statistics', 'tune', 'se', ['Statistical Analysis']],
  ['home improvement', 'tune', 'se', ['Home Improvement']],
  ['computer security', 'tune', 'se', ['IT Security']],
  ['maps', 'tune', 'se', ['GIS']],
  ['bicycles', 'heldout', 'se', ['Bicycles']],
  ['photography', 'heldout', 'se', ['Photography']],
  ['video games', 'heldout', 'se', ['Gaming']],
  ['electronics', 'heldout', 'se', ['Electrical Engineering']],
  ['english grammar', 'heldout', 'se', ['English Language and Usage']],
  ['typesetting', 'heldout', 'se', ['TeX - LaTeX']],
  ['health', 'tune', 'ose', ['Superbugs', 'Organs', 'Life expectancy', 'WNL A good night sleep', 'WNL Use of e-cig']],
  ['animals', 'tune', 'ose', ['WNL Brown bears', 'WNL shark', 'WNL Inky the octopus', 'Gorillas and oil', 'WNL SeaWorld', 'Insects']],
  ['jobs', 'tune', 'ose', ['Zero Hours', 'Bonus pay', 'WNL Five jobs', 'WNL six well paid jobs', 'WNL Waiters']],
  ['crime', 'tune', 'ose', ['Gangs', 'Violence']],
  ['music', 'tune', 'ose', ['WNL Music', 'WNL David Bowie', 'WNL Kate Bush', 'WNL Glastonbury']],
  ['sport', 'tune', 'ose', ['Ferguson', 'WNL World Cup', 'WNL First female coach', 'WNL Extreme heat']],
  ['politics', 'heldout', 'ose', ['Obama', 'Thatcher', 'US shutdown', 'WNL Scottish referendum', 'WNL Who can stop Trump', 'WNL Barack Obama']],
  ['space exploration', 'heldout', 'ose', ['Life on Mars', 'WNL Mars', 'WNL NASA Astronaut', 'WNL First high resolution images']],
  ['food', 'heldout', 'ose', ['Teff', 'WNL Organic Food', 'WNL Goodbye fish and chips', 'WNL Pizza chain', 'Starbucks']],
  ['surveillance', 'heldout', 'ose', ['NSA scandal', 'NSA 2', 'WNL Basic phone logs']],
  ['education', 'heldout', 'ose', ['WNL School', 'WNL Are MOOCs the future', 'WNL School Sports']],
  ['royal family', 'heldout', 'ose', ['Royal Baby', 'Prince Harry', 'Richard III']],
  ['mental health', 'heldout', 'ose', ['False memory', 'Midlife crisis', 'WNL Loneliness']],
]

const hash = (s) => createHash('sha256').update(s).digest('hex')
const jsonl = (url) => readFileSync(url, 'utf8').trim().split('\n').map((l) => JSON.parse(l))

// Candidate texts per source, keyed by group.
const texts = new Map() // id -> { id, source, group, text }
for (const r of jsonl(new URL('politeness/stanford_politeness_stack-exchange.jsonl', DATA))) {
  const group = r.community.replace(/^\d+ /, '')
  texts.set(r.id, { id: r.id, source: 'se', group, text: r.text })
}
for (const r of jsonl(new URL('simplicity/onestopenglish_texts.jsonl', DATA))) {
  if (r.level !== 'adv') continue
  r.text
    .split('\n')
    .map((p) => p.trim())
    .filter((p) => p.length >= 80)
    .forEach((p, i) => {
      const id = `ose-${r.topic.trim()}-${i}`
      texts.set(id, { id, source: 'ose', group: r.topic, text: p })
    })
}

const groupsOf = (source) => new Set(TOPICS.filter((t) => t[2] === source).flatMap((t) => t[3]))
const pick = (topic, pool, n) =>
  pool
    .map((t) => [hash(`${topic}\t${t.id}`), t])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([, t]) => t)

const used = new Map()
const topics = []
for (const [topic, split, source, groups] of TOPICS) {
  const all = [...texts.values()].filter((t) => t.source === source)
  const own = new Set(groups)
  const listed = groupsOf(source)
  const pos = pick(topic, all.filter((t) => own.has(t.group)), POSITIVES)
  // Negatives: other listed groups only, and never a group that shares an article with this topic.
  const neg = pick(topic, all.filter((t) => listed.has(t.group) && !own.has(t.group)), NEGATIVES)
  if (pos.length < 20) throw new Error(`${topic}: only ${pos.length} positives`)
  for (const t of [...pos, ...neg]) used.set(t.id, t)
  topics.push({ topic, split, source, groups, positives: pos.map((t) => t.id), negatives: neg.map((t) => t.id) })
}

mkdirSync(OUT, { recursive: true })
const rows = [...used.values()].sort((a, b) => (a.id < b.id ? -1 : 1))
writeFileSync(new URL('texts.jsonl', OUT), rows.map((t) => JSON.stringify(t)).join('\n') + '\n')
writeFileSync(new URL('topics.json', OUT), JSON.stringify(topics, null, 1) + '\n')
console.log(`${topics.length} topics (${topics.filter((t) => t.split === 'tune').length} tune), ${rows.length} texts`)
