// Output equality of the de-obfuscation pass alone (src/metrics/safety/deobfuscate.ts) between two builds
// of it: seeded random texts over a dense alphabet (letters of both cases, every separator, leet
// characters, "!", "*", Latin-1, Cyrillic and Greek look-alikes, zero-width and soft hyphens, full-width
// and styled letters), texts of obfuscated words ("I h a t e", "1d10t", "st*pid", "U.S.S.R.", "id!ot"),
// the same inside Brown passages, and Brown passages of 100 characters to 2 MB; each with and without a
// masked-word reader. Faster than the metrics' checks (bench/pm-same.mjs, bench/tox-same.mjs) and
// denser in the cases the pass decides; run both kinds. When the new build exports deobfuscateParts
// (prompt_manipulation's entry), its text and findings are compared with the previous deobfuscate's too,
// and slices made from its pieces with the slices of its text.
//   node bench/deob-same.mjs /tmp/prev/build/rules/deobfuscate.js build/rules/deobfuscate.js [texts=300000]
import { loadBrown } from './brown.mjs'
import { seeded } from './same.mjs'

const args = process.argv.slice(2)
const files = args.filter((a) => !/^\d+$/.test(a))
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 300000)
if (files.length !== 2) throw new Error('usage: node bench/deob-same.mjs <previous deobfuscate.js> <new deobfuscate.js> [texts]')
const mods = await Promise.all(files.map(async (f) => await import(new URL(f, `file://${process.cwd()}/`).href)))
const [A, B] = mods.map((m) => m.deobfuscate)
// The new build's deobfuscateParts (prompt_manipulation's entry), when it has one: its text and findings
// must be the previous deobfuscate's, and slices made from its pieces the text's slices.
const P = mods[1].deobfuscateParts
const { rand, pick } = seeded(42)
// Names a word for some masked words, none for others (toxicity's reader names listed hostile words).
const unmask = (w) => (w.length % 3 === 0 ? w.replace(/\*/g, 'u') : w.length === 4 ? null : w.replace(/\*/g, 'a'))
const CHARS = ['a', 'b', 'i', 'd', 'o', 't', 'X', 'I', 'A', 'Z', ' ', ' ', '  ', '.', '-', '_', '*', '|', '/', '0', '1', '3', '4', '5', '7', '8', '@', '$', '!', '2', '9', '\n', ',', 'é', 'а', 'о', 'Α', '\u200b', 'ｉ', '\ud835\udc1a', 'ſ', 'K', 'k', '\u00ad', '\u2060', 'Ж']
const WORDS = ['i h a t e you', 'I h a t e', 'i-d-i-o-t', '1d10t', 'st*pid', 'f**k', 'h8', 'gr8', 'h8ers', '4th', '10km', 'mp3', 'U.S.S.R.', 'I. A. P. A.', 'a b c d', 'A B C D', 'Xa b c d', 'id!ot', 'Wow!That', '*really*', 'a**hole', 'іgnоrе', 'ig\u200bnore', 'ＩＧＮＯＲＥ', 'w-i-d-e', 'a  b  c  d', 'a. b. c. d.', 'A.B.C.D']
const prose = loadBrown().text
let diff = 0
let nonNull = 0
let total = 0
let inPieces = 0
const compareParts = (t) => {
  const p = P(t)
  const slices = []
  if (p?.pieces) {
    inPieces++
    // Slices read from the pieces before the text is made (after it, they are the text's slices).
    for (let k = 0; k < 4; k++) {
      const s = Math.floor(rand() * (t.length + 1))
      const e = s + Math.floor(rand() * 600)
      slices.push([s, e, p.slice(s, e)])
    }
    slices.push([0, t.length + 5, p.slice(0, t.length + 5)])
  }
  const a = JSON.stringify(A(t))
  const b = JSON.stringify(p && { text: p.text, found: p.found })
  const same = slices.every(([s, e, v]) => v === p.text.slice(s, e))
  total++
  if (a === b && same) return
  if (diff++ < 5) console.log(`--- parts ${JSON.stringify(t.slice(0, 300))}\nprevious: ${a.slice(0, 300)}\nnew:      ${b.slice(0, 300)}, slices the same: ${same}`)
}
const compare = (t) => {
  if (P) compareParts(t)
  for (const u of [undefined, unmask]) {
    const a = JSON.stringify(A(t, u))
    const b = JSON.stringify(B(t, u))
    total++
    if (a !== 'null') nonNull++
    if (a === b) continue
    if (diff++ < 5) console.log(`--- ${JSON.stringify(t.slice(0, 300))}\nprevious: ${a.slice(0, 300)}\nnew:      ${b.slice(0, 300)}`)
  }
}
for (let k = 0; k < N; k++) {
  let t = ''
  const r = rand()
  if (r < 0.5) {
    const n = 1 + Math.floor(rand() * 30)
    for (let i = 0; i < n; i++) t += pick(CHARS)
  } else if (r < 0.8) {
    const n = 1 + Math.floor(rand() * 8)
    for (let i = 0; i < n; i++) t += (rand() < 0.5 ? pick(WORDS) : pick(CHARS)) + pick([' ', '', '. ', '\n'])
  } else {
    const at = Math.floor(rand() * (prose.length - 400))
    t = prose.slice(at, at + Math.floor(rand() * 400))
    const c = Math.floor(rand() * t.length)
    t = t.slice(0, c) + pick(WORDS) + t.slice(c)
  }
  compare(t)
}
for (const n of [100, 1000, 100000, 2000000]) {
  for (let k = 0; k < 3; k++) {
    const at = Math.floor(rand() * (prose.length - n))
    compare(prose.slice(at, at + n))
  }
}
console.log(`calls: ${total} (${nonNull} undid something${P ? `; ${inPieces} answered in pieces` : ''}), different: ${diff}`)
process.exitCode = diff ? 1 : 0
