// Builds the syllable exception list (src/models/syllables.generated.ts) from CMUdict.
//
//   npm run build:wasm && node scripts/build-syllables.mjs [path/to/cmudict_syllables.tsv]
//
// The spelling rules live in the core (assembly/text/syllables.ts); this script runs them through
// the compiled core (`syllablesRules`), so the list holds exactly the words the shipped rules get
// wrong. Each entry stores a correction (CMUdict minus rules). A word missing from the list may take
// the correction of its stem (`predict` below mirrors `stemDelta` in the core), so entries are
// decided shortest word first: a word is listed only when the rules plus any stem correction already
// listed still miss. Policy for words with several pronunciations: any of their counts is accepted,
// and a word the rules get wrong is corrected to the minimum (see docs/metrics/syllables.md).
//
// The eval (eval/syllables.eval.mjs) imports these functions to rebuild the list on folds of the
// dictionary and measure words it has not seen.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const CMUDICT = new URL('../../shared/datasets/readability/cmudict_syllables.tsv', import.meta.url)
const WASM = new URL('../build/litmus.wasm', import.meta.url)
const OUT = new URL('../src/models/syllables.generated.ts', import.meta.url)

/** Keys the core can look up: ASCII letters and apostrophes, at most 63 bytes. */
export const KEYABLE = /^[a-z']{1,63}$/

/** CMUdict rows as { word, min, variants[] } for keyable words. */
export function readCmudict(url = CMUDICT) {
  const rows = []
  for (const line of readFileSync(url, 'utf8').split('\n').slice(1)) {
    if (!line) continue
    const [word, min, all] = line.split('\t')
    if (!KEYABLE.test(word)) continue
    rows.push({ word, min: Number(min), variants: all.split(',').map(Number) })
  }
  return rows
}

/**
 * The compiled core, for the raw rules (no table) and for counts through a given exception list.
 * Reads build/litmus.wasm, so run `npm run build:wasm` first.
 */
export async function loadCore(url = WASM) {
  const { instance } = await WebAssembly.instantiate(readFileSync(url), { env: { abort() { throw new Error('abort') } } })
  const x = instance.exports
  const enc = new TextEncoder()
  const call = (fn, word) => {
    x.reset()
    const ptr = x.alloc(word.length * 3)
    const { written } = enc.encodeInto(word, new Uint8Array(x.memory.buffer, ptr, word.length * 3))
    return fn(ptr, written)
  }
  return {
    exports: x,
    rules: (word) => call(x.syllablesRules, word),
    count: (word) => call(x.syllables, word),
    /** Index an exception list (the text `serialize` returns) into this instance. */
    load(text) {
      const bytes = enc.encode(text)
      const ptr = x.syllablesReserve(bytes.length)
      new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes)
      return x.syllablesLoad(ptr, bytes.length)
    }
  }
}

/** The committed exception list (the string in src/models/syllables.generated.ts). */
export function readShipped() {
  const src = readFileSync(OUT, 'utf8')
  return JSON.parse(src.slice(src.indexOf('= ') + 2))
}

const MINSTEM = 3

/** Stem keys tried, in order, for a word not in the list. Mirrors stemDelta() in the core. */
export function stems(key) {
  const k = key.length
  const out = []
  const last = key[k - 1]
  if (last === 's') {
    if (k - 2 >= MINSTEM && key[k - 2] === "'") return [key.slice(0, k - 2)]
    if (k - 2 >= MINSTEM && key[k - 2] === 'e') out.push(key.slice(0, k - 2))
    if (k - 1 >= MINSTEM) out.push(key.slice(0, k - 1))
  } else if (last === 'd' && key[k - 2] === 'e') {
    if (k - 2 >= MINSTEM) out.push(key.slice(0, k - 2))
    if (k - 1 >= MINSTEM) out.push(key.slice(0, k - 1))
  } else if (key.endsWith('ing')) {
    if (k - 3 >= MINSTEM) out.push(key.slice(0, k - 3), key.slice(0, k - 3) + 'e')
  } else if (key.endsWith('ly')) {
    if (k - 2 >= MINSTEM) out.push(key.slice(0, k - 2))
  } else if (key.endsWith('er')) {
    if (k - 2 >= MINSTEM) out.push(key.slice(0, k - 2), key.slice(0, k - 1))
  }
  return out
}

/** Count for `word` from its rules count and a Map key -> { d, stem } (see buildTable). */
export function predict(word, rules, table) {
  let e = table.get(word)
  if (e === undefined) {
    for (const s of stems(word)) {
      e = table.get(s)
      if (e !== undefined && e.stem) break
      e = undefined
    }
  }
  return e === undefined ? rules : Math.max(1, rules + e.d)
}

/**
 * Decide the exception list for `rows` ({ word, min, variants }) given `rulesOf(word)`. An entry is
 * { d, stem }: the correction d (the word's minimum count minus the rules' count) and whether
 * derived words may borrow it, which holds when that fixes more of the derived words present in
 * `rows` than it breaks. Words are then taken shortest first, and a word is listed only when the
 * rules plus the stems already listed give none of its pronunciations' counts.
 */
export function buildTable(rows, rulesOf) {
  const rules = new Map(rows.map((r) => [r.word, rulesOf(r.word)]))
  const derived = new Map()
  for (const r of rows) {
    for (const s of stems(r.word)) {
      if (!derived.has(s)) derived.set(s, [])
      derived.get(s).push(r)
    }
  }
  const carries = (word, d) => {
    let help = 0
    for (const r of derived.get(word) ?? []) {
      const own = rules.get(r.word)
      help += Number(r.variants.includes(Math.max(1, own + d))) - Number(r.variants.includes(own))
    }
    // With no evidence either way, lend it unless the entry ends in e: such entries (bette, passe)
    // are more often a false split of an unrelated word (better, passed) than a real stem.
    return help > 0 || (help === 0 && !word.endsWith('e'))
  }
  const sorted = [...rows].sort((a, b) => a.word.length - b.word.length || (a.word < b.word ? -1 : 1))
  const table = new Map()
  for (const { word, min, variants } of sorted) {
    const r = rules.get(word)
    if (!variants.includes(predict(word, r, table))) table.set(word, { d: min - r, stem: carries(word, min - r) })
  }
  return table
}

/**
 * The list as text: header lines `=D` (derived words may borrow the correction D) or `!D` (they may
 * not), each followed by its words in sorted order, one a line.
 */
export function serialize(table) {
  const groups = new Map()
  for (const [word, { d, stem }] of table) {
    const head = `${stem ? '=' : '!'}${d}`
    if (!groups.has(head)) groups.set(head, [])
    groups.get(head).push(word)
  }
  let text = ''
  for (const head of [...groups.keys()].sort()) text += `${head}\n` + groups.get(head).sort().join('\n') + '\n'
  return text
}

async function main() {
  const src = process.argv[2] ? new URL(process.argv[2], `file://${process.cwd()}/`) : CMUDICT
  const rows = readCmudict(src)
  const core = await loadCore()
  const rulesCache = new Map(rows.map(({ word }) => [word, core.rules(word)]))
  const table = buildTable(rows, (w) => rulesCache.get(w))
  const text = serialize(table)
  const gz = gzipSync(Buffer.from(text), { level: 9 }).length
  const header = `// Generated by scripts/build-syllables.mjs from CMUdict (see NOTICE). Do not edit.
// Words whose syllable count the spelling rules in assembly/text/syllables.ts get wrong, grouped
// under "=D" / "!D" lines giving the correction D to add to the rules' count ("=": words derived
// from the listed one may borrow it). ${table.size} words,
// ${text.length} bytes (${gz} gzipped).
`
  mkdirSync(new URL('.', OUT), { recursive: true })
  writeFileSync(OUT, `${header}export const SYLLABLE_EXCEPTIONS: string = ${JSON.stringify(text)}\n`)
  const rulesOk = rows.filter(({ word, variants }) => variants.includes(rulesCache.get(word))).length
  console.log(
    `syllables: ${rows.length} words, rules alone ${((100 * rulesOk) / rows.length).toFixed(2)}%, ` +
      `${table.size} exceptions, ${(text.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
