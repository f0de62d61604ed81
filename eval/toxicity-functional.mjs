// Functional template probe for toxicity: 7 groups in 49 templates of 17 classes (hateful "h" and not
// hateful "nh"), in the manner of functional hate-speech tests, written for Litmus while building the
// group rules of toxicity-rules.ts (a check of intended behaviour, not held-out data). Prints each class's
// share right at 50 and, with V=1, what it gets wrong.
//   node eval/toxicity-functional.mjs dist/litmus.js
import { pathToFileURL } from 'node:url'

const { load } = await import(pathToFileURL(process.argv[2] ?? 'dist/litmus.js').href)
const l = await load({ operations: ['toxicity'] })
const GROUPS = ['women', 'trans people', 'gay people', 'black people', 'disabled people', 'Muslims', 'immigrants']
const ONE = { women: 'woman', 'trans people': 'trans person', 'gay people': 'gay person', 'black people': 'black person', 'disabled people': 'disabled person', Muslims: 'Muslim', immigrants: 'immigrant' }
// {g} the group, {G} capitalised, {g1} one of them, {gswap} two letters of its last word swapped, {gns} without spaces.
const CLASSES = {
  'emote h': ['I hate {g}.', "I really can't stand {g}.", '{G} disgust me.'],
  'attrib h': ['{G} are disgusting.', '{G} are so pathetic.', 'All {g} are like that: lazy and stupid.'],
  'dehum h': ['{G} are vermin.', '{G} are nothing but rats.', '{G} are a cancer on society.', '{G} are subhuman filth.'],
  'implicit h': ['{G} belong in a zoo.', '{G} should go back to where they came from.', 'Nobody wants {g} around.'],
  'threat h': ['I am going to shoot the next {g1} I see.', 'I will kill every one of {g} I find.', '{G} should all be killed.', 'Hang all {g}.'],
  'profanity h': ['Fuck all {g}.', '{G} are fucking useless.'],
  'ref h': ['I have met many {g} and I hate every single one of them.', '{G} think they are special. I despise them.'],
  'question h': ['Why are {g} so repulsive?', 'Why is it that all {g} are disgusting?'],
  'opinion h': ['I think that {g} should all be killed.', 'In my opinion {g} are worthless.'],
  'negated nh': ['No {g1} deserves to die.', 'I would never hurt {g}.', '{G} are not vermin.'],
  'neutral nh': ['I live with two {g}.', 'There are many {g} in my town.', 'My best friends are {g}.'],
  'positive nh': ['I love {g}.', '{G} are brilliant.', 'We are proud to support {g}.'],
  'counter nh': ['Saying "{g} are vermin" is disgusting.', 'If you think {g} are subhuman, you are wrong.', 'Stop calling {g} rats.'],
  'object nh': ["I really can't stand cauliflower.", 'Traffic jams are vermin of the roads.', 'I hate Mondays.'],
  'swap h': ['I hate {gswap}.', '{Gswap} are disgusting.'],
  'space h': ['I hate{g}.', 'Ihate{gns}.', 'I h a t e {g}.'],
  'leet h': ['I h4te {g}.', '{G} are d1sgusting.', '1 hate {g}.']
}
const cap = (s) => s[0].toUpperCase() + s.slice(1)
const swap = (g) => {
  const words = g.split(' ')
  const x = words[words.length - 1]
  const i = Math.floor(x.length / 2)
  words[words.length - 1] = x.slice(0, i - 1) + x[i] + x[i - 1] + x.slice(i + 1)
  return words.join(' ')
}
const fill = (t, g) =>
  t.replaceAll('{gswap}', swap(g)).replaceAll('{Gswap}', cap(swap(g))).replaceAll('{gns}', g.replaceAll(' ', '')).replaceAll('{g1}', ONE[g]).replaceAll('{g}', g).replaceAll('{G}', cap(g))

let all = 0
let right = 0
for (const [name, templates] of Object.entries(CLASSES)) {
  const toxic = name.endsWith(' h')
  const wrong = []
  let n = 0
  for (const t of templates) {
    for (const g of t.includes('{') ? GROUPS : [null]) {
      const text = g === null ? t : fill(t, g)
      const score = l.toxicity({ text }).score
      n++
      if (score >= 50 !== toxic) wrong.push(`${score.toFixed(0)} ${text}`)
    }
  }
  all += n
  right += n - wrong.length
  console.log(`${name.padEnd(12)} ${n - wrong.length}/${n}`)
  if (process.env.V) for (const w of wrong.slice(0, 8)) console.log(`    ${w}`)
}
console.log(`all ${right}/${all} (${((100 * right) / all).toFixed(1)} %)`)
