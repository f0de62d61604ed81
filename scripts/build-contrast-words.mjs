// Builds src/models/contrast-words.generated.ts: the word pairs and closed sets whose members contradict
// each other in the same slot of a sentence ("The shop is closed on Sundays." against "The shop is open
// on Sundays."; "a red car" against "a blue car"). Faithfulness reads a statement word swapped for one of
// its contrasts in the aligned context sentence (the rest of the statement covered, a neighbour the same)
// as a contradiction (src/metrics/grounded/grounding/contrast.ts).
//
//   node scripts/build-contrast-words.mjs            (writes the model)
//   node scripts/build-contrast-words.mjs --print    (prints the groups, writes nothing)
//   node scripts/build-contrast-words.mjs --growth   (how well GloVe growth finds a set's held-out members)
//
// Inputs (both "may ship" in ../shared/datasets/README.md):
//  - faithfulness/breaking_nli_en.jsonl (Breaking NLI, CC-BY-SA-4.0): each hypothesis is an SNLI premise
//    with one word or phrase swapped, labelled by category. Where exactly one word differs:
//      * antonyms, antonyms_wordnet: the pair (premise word, hypothesis word) when it contradicts more
//        often than not and is never an entailment (synonyms) or neutral pair: a group of two;
//      * closed sets (colours, countries, nationalities, drinks, materials, rooms, planets, ordinals,
//        instruments, vegetables): every word of the category's contradiction pairs, less the words
//        any entailment or neutral pair of the category has (hypernyms such as "room", "vegetable"):
//        one group, any two members contradict;
//      * synonyms (entailment) and every other entailment or neutral pair: the negative class, never a
//        contrast (a pair seen there is removed from every group).
//  - lexicons/glove6b100d_subtlex_top20k.tsv (GloVe 6B 100-d, PDDL-1.0): closed sets grow beyond the
//    words Breaking NLI happens to use. A vocabulary word joins a set when most of its nearest
//    neighbours (cosine, the 20,000 words) are members already and it is nearer the set's centre than
//    the set's own least central member; it never joins when it is a negative-class word. Pairs do not
//    grow: GloVe puts synonyms as close as antonyms.
//    The vocabulary also gives negated adjectives by their prefix: a word "un" + w beside w (w of 4
//    letters or more) whose vectors are close (cosine >= SETTINGS.prefixCosine: "unable" / "able",
//    "unsafe" / "safe", not "unless" / "less" ... which the cosine and the stop words mostly keep out),
//    a pair. Other prefixes (in-, im-, dis-) were read and left out: "invaluable", "inside", "intense",
//    "infamous" are close to their base words and contradict nothing.
// Beside them, opposite states and outcomes written for Litmus (WRITTEN_PAIRS: "open" / "closed", "passed" /
// "failed"), in every build of the groups, with or without Breaking NLI.
// Cardinal numbers are left to the grounding's number terms (a changed number is found there already).
//
// `contrastGroups({ breakingNli, premises })` returns the groups from the sources named; eval/grounded-loso.mjs
// calls it without Breaking NLI when that source is scored (then only the prefix pairs remain: no other
// shippable source holds contrast pairs), and with half of its premises to score the other half. Deterministic: sorted words and groups, no randomness; reruns are byte-identical.
import { readFileSync, writeFileSync } from 'node:fs'
import { DATA, readJsonl } from './lib/loso.mjs'
import { heldOut } from './lib/splits.mjs'
import { generatedModule, input } from './lib/manifest.mjs'

export const BREAKING_NLI = new URL('faithfulness/breaking_nli_en.jsonl', DATA)
export const GLOVE = new URL('lexicons/glove6b100d_subtlex_top20k.tsv', DATA)
const OUT = new URL('../src/models/contrast-words.generated.ts', import.meta.url)

const PAIR_CATEGORIES = new Set(['antonyms', 'antonyms_wordnet'])
const SET_CATEGORIES = new Set(['colors', 'countries', 'nationalities', 'drinks', 'materials', 'rooms', 'planets', 'ordinals', 'instruments', 'vegetables'])

export const SETTINGS = {
  pairs: [...PAIR_CATEGORIES],
  sets: [...SET_CATEGORIES],
  /** Nearest neighbours read per candidate word, and how many must be members for it to join. */
  neighbours: 10,
  neighboursIn: 8,
  /** Sets smaller than this do not grow (too few members to say what the set is). */
  growFrom: 6,
  /** At most this many words join one set. */
  growMax: 40,
  /** Least cosine of "un" + w to w for the two to be a pair. */
  prefixCosine: 0.45
}

const words = (s) => s.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []

/** The one word each side of a premise / hypothesis pair that differs, or undefined (several words differ). */
export function swapped(premise, hypothesis) {
  const a = words(premise)
  const b = words(hypothesis)
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  let j = 0
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++
  if (a.length - i - j !== 1 || b.length - i - j !== 1) return undefined
  return [a[i], b[i]]
}

const pairKey = (x, y) => (x < y ? `${x} ${y}` : `${y} ${x}`)
const isWord = (w) => /^[a-z]+$/.test(w) && w.length > 1

/** Unit GloVe vectors of the vocabulary, in file order. */
function glove() {
  const vocab = []
  const vecs = []
  for (const line of readFileSync(GLOVE, 'utf8').split('\n')) {
    if (!line) continue
    const tab = line.indexOf('\t')
    const v = Float64Array.from(line.slice(tab + 1).split(' '), Number)
    let n = 0
    for (const x of v) n += x * x
    n = Math.sqrt(n) || 1
    for (let k = 0; k < v.length; k++) v[k] /= n
    vocab.push(line.slice(0, tab))
    vecs.push(v)
  }
  return { vocab, vecs, index: new Map(vocab.map((w, i) => [w, i])) }
}

const dot = (a, b) => {
  let s = 0
  for (let k = 0; k < a.length; k++) s += a[k] * b[k]
  return s
}

/** Indices of the `k` nearest vocabulary words of vector `v` (by cosine; ties: earlier word), `skip` excluded. */
function nearest(g, v, k, skip) {
  const best = []
  for (let i = 0; i < g.vecs.length; i++) {
    if (i === skip) continue
    const c = dot(v, g.vecs[i])
    if (best.length === k && c <= best[k - 1][1]) continue
    let at = best.length < k ? best.length : k - 1
    best[at] = [i, c]
    while (at > 0 && best[at - 1][1] < c) {
      ;[best[at - 1], best[at]] = [best[at], best[at - 1]]
      at--
    }
  }
  return best.map(([i]) => i)
}

/** Members of a set grown by GloVe neighbourhood (see the header); `negative`: words that never join. */
function grow(g, members, negative) {
  const ids = [...members].filter((w) => g.index.has(w)).map((w) => g.index.get(w))
  if (ids.length < SETTINGS.growFrom) return []
  const centre = new Float64Array(g.vecs[0].length)
  for (const i of ids) for (let k = 0; k < centre.length; k++) centre[k] += g.vecs[i][k]
  const least = Math.min(...ids.map((i) => dot(centre, g.vecs[i])))
  const inSet = new Set(ids)
  // Candidates: the vocabulary words nearest the centre (a member's neighbours are among them).
  const candidates = nearest(g, centre, 200, -1).filter((i) => !inSet.has(i) && isWord(g.vocab[i]) && !negative.has(g.vocab[i]) && dot(centre, g.vecs[i]) >= least)
  const joined = []
  for (const i of candidates) {
    const near = nearest(g, g.vecs[i], SETTINGS.neighbours, i)
    if (near.filter((n) => inSet.has(n)).length >= SETTINGS.neighboursIn) joined.push(g.vocab[i])
    if (joined.length === SETTINGS.growMax) break
  }
  return joined
}

/**
 * Opposite states and outcomes written for Litmus (no shippable source pairs them: Breaking NLI's swaps are
 * of objects, colours and places more than of states): what a summary or an answer most often turns around.
 * Each line is one pair's forms, "a b" per pair.
 */
const WRITTEN_PAIRS = `open closed|opened closed|opens closes|alive dead|true false|correct incorrect|win lose|won lost|wins loses
  |passed failed|pass fail|succeeded failed|success failure|accepted rejected|accept reject|approved rejected|approved denied
  |allowed forbidden|allowed banned|allowed prohibited|legal illegal|present absent|increase decrease|increased decreased
  |increases decreases|rise fall|rose fell|risen fallen|rising falling|higher lower|before after|earlier later|early late
  |maximum minimum|inside outside|above below|full empty|married divorced|male female|buy sell|bought sold|import export
  |imports exports|arrived departed|arrive depart|start end|started ended|began ended|include exclude|included excluded
  |guilty innocent|convicted acquitted|support oppose|supported opposed|profit loss|positive negative|public private
  |domestic foreign|strong weak|rich poor|cheap expensive|safe dangerous|temporary permanent|internal external
  |asleep awake|wet dry|fast slow|young old|on off|enabled disabled|online offline|available unavailable`
  .split('|')
  .map((pair) => pair.trim().split(' '))

/** Pairs [w, "un" + w] of the vocabulary whose vectors are close (see the header). */
function prefixPairs(g) {
  const out = []
  for (const [i, w] of g.vocab.entries()) {
    if (!w.startsWith('un') || !isWord(w)) continue
    const base = w.slice(2)
    if (base.length < 4 || !g.index.has(base)) continue
    if (dot(g.vecs[i], g.vecs[g.index.get(base)]) >= SETTINGS.prefixCosine) out.push([base, w])
  }
  return out
}

/**
 * Contrast groups (arrays of lower-case words, sorted; groups sorted) from the sources named. Without
 * Breaking NLI only the vocabulary's prefix pairs remain: no other shippable source pairs words that
 * contradict.
 */
export function contrastGroups({ breakingNli = true, premises = () => true, growth } = {}) {
  const g = glove()
  if (!breakingNli) return finish([...prefixPairs(g), ...WRITTEN_PAIRS])
  const rows = readJsonl(BREAKING_NLI).filter((r) => premises(r.premise))
  // Per unordered pair: contradiction count, other (entailment / neutral) count, category.
  const pairs = new Map()
  const negative = new Set()
  const negativeWords = new Set()
  const hypernyms = new Map()
  for (const r of rows) {
    const s = swapped(r.premise, r.hypothesis)
    if (!s || !isWord(s[0]) || !isWord(s[1])) continue
    const key = pairKey(s[0], s[1])
    if (r.label !== 'contradiction') {
      negative.add(key)
      // The word an entailment leads to is a hypernym ("kitchen" -> "room") or a synonym: no set member.
      if (r.label === 'entailment') {
        if (!hypernyms.has(r.category)) hypernyms.set(r.category, new Set())
        hypernyms.get(r.category).add(s[1])
      }
      for (const w of s) negativeWords.add(w)
      continue
    }
    const p = pairs.get(key) ?? { n: 0, category: r.category, words: s }
    p.n++
    pairs.set(key, p)
  }
  const groups = []
  const sets = new Map()
  for (const [key, p] of [...pairs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (negative.has(key)) continue
    if (PAIR_CATEGORIES.has(p.category)) groups.push([...p.words].sort())
    else if (SET_CATEGORIES.has(p.category)) {
      const set = sets.get(p.category) ?? new Set()
      for (const w of p.words) if (!hypernyms.get(p.category)?.has(w)) set.add(w)
      sets.set(p.category, set)
    }
  }
  // Words of any entailment or neutral pair (synonyms, hypernyms) never join a set by their vectors.
  if (growth) return growthCheck(g, sets, negativeWords)
  for (const category of [...sets.keys()].sort()) {
    const set = sets.get(category)
    const grown = grow(g, set, negativeWords)
    if (process.argv.includes('--print')) console.error(`${category}: ${[...set].sort().join(' ')}\n  + ${grown.join(' ')}`)
    for (const w of grown) set.add(w)
    groups.push([...set].sort())
  }
  // Prefix pairs Breaking NLI holds as an entailment or neutral pair stay out.
  return finish([...groups, ...[...prefixPairs(g), ...WRITTEN_PAIRS].filter(([a, b]) => !negative.has(pairKey(a, b)))])
}

/**
 * Does growth find words Breaking NLI did not give? Per closed set, half its members (by a hash of the
 * word) are held out, the set grown from the other half, and the held-out members it finds counted,
 * beside the words it adds that are no member at all.
 */
function growthCheck(g, sets, negative) {
  const out = []
  for (const category of [...sets.keys()].sort()) {
    const members = [...sets.get(category)].sort()
    const held = new Set(members.filter((w) => heldOut(w, 0.5, 'contrast-growth')))
    const seeds = new Set(members.filter((w) => !held.has(w)))
    const grown = grow(g, seeds, negative)
    out.push({ category, seeds: seeds.size, held: held.size, found: grown.filter((w) => held.has(w)), other: grown.filter((w) => !held.has(w)) })
  }
  return out
}

/** One group per line, sorted, duplicates removed. */
function finish(groups) {
  const seen = new Set()
  return groups.map((x) => [...x].sort()).filter((x) => x.length > 1 && !seen.has(x.join(' ')) && seen.add(x.join(' '))).sort((a, b) => (a.join(' ') < b.join(' ') ? -1 : 1))
}

/** The model's text: one group per line, its words separated by spaces. */
export const contrastText = (groups) => groups.map((x) => x.join(' ')).join('\n')

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--growth')) {
    console.log('| set | seeds | held out | held out found | other words added |')
    console.log('|---|---|---|---|---|')
    for (const r of contrastGroups({ growth: true })) console.log(`| ${r.category} | ${r.seeds} | ${r.held} | ${r.found.length} ${r.found.join(' ')} | ${r.other.join(' ') || '–'} |`)
    process.exit(0)
  }
  const groups = contrastGroups()
  if (process.argv.includes('--print')) {
    for (const x of groups) console.log(x.join(' '))
  } else {
    writeFileSync(
      OUT,
      generatedModule({
        script: 'scripts/build-contrast-words.mjs',
        header: 'Contrast words of faithfulness: groups whose members contradict each other in the same slot.',
        inputs: [input(BREAKING_NLI), input(GLOVE)],
        settings: SETTINGS,
        payload: { CONTRAST: contrastText(groups) }
      })
    )
    console.log(`contrast words: ${groups.length} groups, ${new Set(groups.flat()).size} words`)
  }
}
