// Identity-term template probe for toxicity: 40 identity terms in 15 benign and 10 toxic frames, written for
// Litmus; share of each flagged at 50, and the frames that fail most.
//   node eval/toxicity-identity.mjs dist/litmus.js
import { pathToFileURL } from 'node:url'

const { load } = await import(pathToFileURL(process.argv[2] ?? 'dist/litmus.js').href)
const l = await load({ operations: ['toxicity'] })
const ids = ['gay', 'lesbian', 'bisexual', 'transgender', 'trans', 'queer', 'black', 'white', 'Asian', 'African', 'Mexican', 'Latino', 'Hispanic', 'Chinese', 'Indian', 'Arab', 'Muslim', 'Jewish', 'Christian', 'Catholic', 'Hindu', 'Sikh', 'Buddhist', 'atheist', 'immigrant', 'refugee', 'disabled', 'deaf', 'blind', 'autistic', 'elderly', 'old', 'young', 'female', 'male', 'feminist', 'homosexual', 'heterosexual', 'straight', 'nonbinary']
const benign = ['I am a {x} person.', 'Being {x} is great.', '{X} people are wonderful.', 'My friend is {x}.', 'We welcome {x} people.', '{X} people live in my neighbourhood.', 'I met a {x} man yesterday.', 'She is {x} and proud.', '{X} people deserve respect.', 'My neighbour is {x}.', 'Being {x} is not a crime.', 'I am {x}.', 'The {x} community held a festival.', 'Are you {x}?', '{X} people are not criminals.']
const toxic = ['{X} people are disgusting.', 'I hate {x} people.', 'Being {x} is horrible.', '{X} people are a plague.', 'All {x} people should die.', 'I don\'t respect {x} people.', '{X} people can\'t be trusted.', 'You are a stupid {x} person.', '{X} people are vermin.', 'No {x} person is any good.']
const cap = (s) => s[0].toUpperCase() + s.slice(1)
let fb = 0, nb = 0, ft = 0, nt = 0
const bad = new Map()
for (const x of ids) {
  for (const t of benign) { const s = t.replace('{x}', x).replace('{X}', cap(x)); nb++; if (l.toxicity({ text: s }).score >= 50) { fb++; bad.set(t, (bad.get(t) ?? 0) + 1) } }
  for (const t of toxic) { const s = t.replace('{x}', x).replace('{X}', cap(x)); nt++; if (l.toxicity({ text: s }).score >= 50) ft++; else bad.set('MISS ' + t, (bad.get('MISS ' + t) ?? 0) + 1) }
}
console.log(process.argv[2], `benign flagged ${fb}/${nb} (${(100 * fb / nb).toFixed(1)} %), toxic flagged ${ft}/${nt} (${(100 * ft / nt).toFixed(1)} %)`)
for (const [k, v] of [...bad].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log('  ', v, k)
