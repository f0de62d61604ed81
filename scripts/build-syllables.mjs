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

/** Count for `word` (a keyable key) from its rules count and a Map key -> correction. */
export function predict(word, rules, table) {
  let d = table.get(word)
  if (d === undefined) {
    for (const s of stems(word)) {
      d = table.get(s)
      if (d !== undefined) break
    }
  }
  return d === undefined ? rules : Math.max(1, rules + d)
}

/**
 * Decide the exception list for `rows` ({ word, min, variants }) given `rulesOf(word)`: shortest words
 * first, list a word only when the rules plus listed stems give none of its pronunciations' counts;
 * a listed word is corrected to the minimum.
 */
export function buildTable(rows, rulesOf) {
  const sorted = [...rows].sort((a, b) => a.word.length - b.word.length || (a.word < b.word ? -1 : 1))
  const table = new Map()
  for (const { word, min, variants } of sorted) {
    const r = rulesOf(word)
    if (!variants.includes(predict(word, r, table))) table.set(word, min - r)
  }
  return table
}

/** The list as text: `=D` header lines, each followed by its words in sorted order, one a line. */
export function serialize(table) {
  const groups = new Map()
  for (const [word, d] of table) {
    if (!groups.has(d)) groups.set(d, [])
    groups.get(d).push(word)
  }
  let text = ''
  for (const d of [...groups.keys()].sort((a, b) => a - b)) {
    text += `=${d}\n` + groups.get(d).sort().join('\n') + '\n'
  }
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
// under "=D" lines giving the correction D to add to the rules' count. ${table.size} words,
// ${text.length} bytes (${gz} gzipped).
`
  mkdirSync(new URL('.', OUT), { recursive: true })
  writeFileSync(OUT, `${header}export const SYLLABLE_EXCEPTIONS = ${JSON.stringify(text)}\n`)
  const rulesOk = rows.filter(({ word, variants }) => variants.includes(rulesCache.get(word))).length
  console.log(
    `syllables: ${rows.length} words, rules alone ${((100 * rulesOk) / rows.length).toFixed(2)}%, ` +
      `${table.size} exceptions, ${(text.length / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
