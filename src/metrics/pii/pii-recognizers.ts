// Custom PII recognizers, as Microsoft Presidio's PatternRecognizer offers them: a category of the
// user's own, found by patterns (run by the linear-time engine of pii-pattern.ts, never JS RegExp),
// optionally checked by one of the core's checksums, confirmed by context words before the value, and
// a deny list of words always reported. Given to `load({ recognizers })` (every call) or per call.
import { invalidArgument } from '../../errors.js'
import { PII_VALIDATORS } from '../../core/abi.js'
import type { Core } from '../../core/wasm.js'
import { MAX_LIST_CHARS, MAX_LIST_ENTRIES } from '../../schema/limits.js'
import { PatternError, compilePattern, literalPattern, parseEntry, type Pattern } from './pii-pattern.js'

/** Names of the checksums a recognizer may name as `validator` (the core's, assembly/pii/validate.ts). */
export const PII_VALIDATOR_NAMES = Object.keys(PII_VALIDATORS).map((k) => k.toLowerCase()) as Lowercase<keyof typeof PII_VALIDATORS>[]

export type PiiValidatorName = (typeof PII_VALIDATOR_NAMES)[number]

/** A custom recognizer (see docs/metrics/pii.md, "Custom recognizers"). */
export interface PiiRecognizer {
  /** Category its entities are reported under: a name of your own, not a built-in category or alias. */
  category: string
  /** Name shown in `explain('pii')` evidence (default: the category). */
  name?: string
  /** Strings (found as written) or `/pattern/flags` regular expressions. */
  patterns?: string[]
  /** Words or phrases that confirm a match when found among the five words before it (case-insensitive). */
  context?: string[]
  /** Report a pattern match only when a context word was found (default false: context only raises confidence). */
  context_required?: boolean
  /** A checksum every pattern match must pass: 'luhn', 'mod97' (IBAN, ISO 13616), 'aba' or 'verhoeff' (Aadhaar). */
  validator?: PiiValidatorName
  /** Words or phrases always reported under the category, as whole words, case-insensitive (Presidio's deny_list). */
  denylist?: string[]
}

/** Words before a match that context words are looked for in (Presidio's default prefix count). */
export const CONTEXT_WORDS = 5

/** Why a custom entity was reported, for explain. */
export interface CustomWhy {
  recognizer: string
  /** Pattern source (or denylist entry) that matched. */
  pattern?: string
  denylist?: string
  validator?: PiiValidatorName
  contextWord?: string
}

export interface CustomEntity {
  interval: [number, number]
  category: string
  why: CustomWhy
}

export interface Compiled {
  category: string
  name: string
  patterns: { source: string; pattern: Pattern }[]
  /** Single context words, and phrases as word lists. */
  words: Set<string>
  phrases: string[][]
  required: boolean
  validator?: PiiValidatorName
  deny: { entry: string; lower: string; literal: Pattern; caseless: Pattern }[]
  /** Field path of the recognizer, for budget errors. */
  path: string
}

export interface CompiledRecognizers {
  list: Compiled[]
  /** Category names (upper-case) the recognizers report. */
  categories: Set<string>
}

const EMPTY: CompiledRecognizers = { list: [], categories: new Set() }

const CATEGORY_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/

const patternCache = new Map<string, Pattern>()
const denyCache = new Map<string, { literal: Pattern; caseless: Pattern }>()

const escapeRe = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let v = cache.get(key)
  if (v === undefined) {
    v = make()
    if (cache.size > 256) cache.clear()
    cache.set(key, v)
  }
  return v
}

const WORD_RE = /[\p{L}\p{N}_']+/gu

function wordsOf(s: string): string[] {
  return (s.toLowerCase().match(WORD_RE) ?? []).map((w) => w.replace(/'s$/, ''))
}

/**
 * Check and compile recognizers. `path` is the field they came in ("recognizers" in a request,
 * "load().recognizers" for load options); `isBuiltIn` tells a built-in category name or alias.
 * The schema table has already checked the types of a request's field; load options and redact
 * options arrive unchecked, so types are checked here too.
 */
export function compileRecognizers(
  requestType: string,
  path: string,
  value: unknown,
  isBuiltIn: (upperName: string) => boolean
): CompiledRecognizers {
  if (value === undefined) return EMPTY
  const bad = (field: string, expected: string, description: string, received: unknown): never => {
    throw invalidArgument(requestType, field, expected, description, received)
  }
  if (!Array.isArray(value)) bad(path, 'array of PiiRecognizer', 'custom recognizers', value)
  const items = value as unknown[]
  if (items.length > MAX_LIST_ENTRIES) bad(path, `at most ${MAX_LIST_ENTRIES} recognizers (docs/limits.md)`, 'custom recognizers', value)
  const out: CompiledRecognizers = { list: [], categories: new Set() }
  const known = ['category', 'name', 'patterns', 'context', 'context_required', 'validator', 'denylist']
  items.forEach((r, i) => {
    const at = `${path}[${i}]`
    if (r === null || typeof r !== 'object' || Array.isArray(r)) bad(at, 'PiiRecognizer', 'a custom recognizer: { category, patterns, ... }', r)
    const rec = r as Record<string, unknown>
    for (const key of Object.keys(rec)) {
      if (!known.includes(key)) bad(`${at}.${key}`, `no such field (known: ${known.join(', ')})`, 'unknown field', rec[key])
    }
    const category = rec.category
    if (typeof category !== 'string' || !CATEGORY_RE.test(category)) {
      bad(`${at}.category`, 'a name of letters, digits and _ (at most 64, starting with a letter)', 'the category its entities are reported under', category)
    }
    const cat = category as string
    if (isBuiltIn(cat.toUpperCase())) {
      bad(`${at}.category`, 'a category name that is not a built-in category or alias (custom recognizers add categories; use allowlist/blocklist to change built-in results)', 'the category its entities are reported under', cat)
    }
    const name = rec.name ?? cat
    if (typeof name !== 'string' || name.trim() === '' || name.length > 200) bad(`${at}.name`, 'non-empty string of at most 200 characters', 'the recognizer name shown by explain', name)
    const list = (field: string, description: string): string[] => {
      const v = rec[field]
      if (v === undefined) return []
      if (!Array.isArray(v)) bad(`${at}.${field}`, 'array of strings', description, v)
      const arr = v as unknown[]
      if (arr.length > MAX_LIST_ENTRIES) bad(`${at}.${field}`, `at most ${MAX_LIST_ENTRIES} entries (docs/limits.md)`, description, v)
      let chars = 0
      arr.forEach((entry, j) => {
        if (typeof entry !== 'string' || entry === '') bad(`${at}.${field}[${j}]`, 'non-empty string', description, entry)
        chars += (entry as string).length
        if (chars > MAX_LIST_CHARS) bad(`${at}.${field}[${j}]`, `entries of at most ${MAX_LIST_CHARS} characters in all (docs/limits.md)`, description, entry)
      })
      return arr as string[]
    }
    const patterns = list('patterns', 'a string, or /pattern/flags for a regular expression')
    const context = list('context', 'a context word or phrase')
    const denylist = list('denylist', 'a word or phrase always reported')
    if (patterns.length === 0 && denylist.length === 0) {
      bad(`${at}.patterns`, 'at least one pattern (or a denylist entry)', 'what the recognizer finds', rec.patterns)
    }
    const required = rec.context_required ?? false
    if (typeof required !== 'boolean') bad(`${at}.context_required`, 'boolean', 'whether a context word is required', required)
    if (required && context.length === 0) bad(`${at}.context`, 'at least one context word (context_required is true)', 'context words', rec.context)
    const validator = rec.validator
    if (validator !== undefined && !(PII_VALIDATOR_NAMES as string[]).includes(validator as string)) {
      bad(`${at}.validator`, `one of ${PII_VALIDATOR_NAMES.map((v) => JSON.stringify(v)).join(', ')}`, 'a checksum every match must pass', validator)
    }
    const compiled: Compiled = {
      category: cat,
      name: name as string,
      patterns: patterns.map((source, j) => {
        const pattern = cached(patternCache, source, () => {
          try {
            return parseEntry(source)
          } catch (err) {
            if (!(err instanceof PatternError)) throw err
            return bad(`${at}.patterns[${j}]`, `a valid regular-expression pattern (${err.message})`, 'a string, or /pattern/flags for a regular expression', source)
          }
        })
        return { source, pattern }
      }),
      words: new Set(),
      phrases: [],
      required: required as boolean,
      validator: validator as PiiValidatorName | undefined,
      deny: denylist.map((entry) => {
        const lower = entry.toLowerCase()
        const p = cached(denyCache, entry, () => ({ literal: literalPattern(lower), caseless: compilePattern(escapeRe(entry), 'i') }))
        return { entry, lower, ...p }
      }),
      path: at
    }
    for (const c of context) {
      const ws = wordsOf(c)
      if (ws.length === 1) compiled.words.add(ws[0])
      else if (ws.length > 1) compiled.phrases.push(ws)
    }
    out.list.push(compiled)
    out.categories.add(cat.toUpperCase())
  })
  return out
}

/** Budget entries of the recognizers: [field path, source, pattern] for each pattern and denylist entry. */
export function budgetOf(recs: CompiledRecognizers, lowerSameLength: boolean): [string, string, Pattern][] {
  const out: [string, string, Pattern][] = []
  for (const r of recs.list) {
    r.patterns.forEach((p, j) => out.push([`${r.path}.patterns[${j}]`, p.source, p.pattern]))
    r.deny.forEach((d, j) => out.push([`${r.path}.denylist[${j}]`, d.entry, lowerSameLength ? d.literal : d.caseless]))
  }
  return out
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c)

/** The first context word (or phrase) of `r` among the CONTEXT_WORDS words before `start`. */
function contextBefore(r: Compiled, text: string, start: number): string | undefined {
  if (r.words.size === 0 && r.phrases.length === 0) return undefined
  // Five words rarely span more than 120 characters; bounding the window keeps this per match O(1).
  const from = Math.max(0, start - 160)
  const words = wordsOf(text.slice(from, start))
  if (from > 0) words.shift() // possibly cut in half
  const window = words.slice(-CONTEXT_WORDS)
  for (let k = window.length - 1; k >= 0; k--) {
    const w = window[k]
    if (r.words.has(w)) return w
    // Plural of a listed word ("accounts" for "account").
    if (w.length > 3 && w.endsWith('s') && r.words.has(w.slice(0, -1))) return w
  }
  for (const phrase of r.phrases) {
    for (let k = 0; k + phrase.length <= window.length; k++) {
      if (phrase.every((p, q) => window[k + q] === p)) return phrase.join(' ')
    }
  }
  return undefined
}

/**
 * Entities of the recognizers whose category `wanted` accepts, in text order (they may overlap each
 * other and the built-in ones; the caller resolves overlaps). Validators run in the core.
 */
export function runRecognizers(core: Core, recs: CompiledRecognizers, text: string, wanted: (upper: string) => boolean): CustomEntity[] {
  const out: CustomEntity[] = []
  let lower: string | undefined
  for (const r of recs.list) {
    if (!wanted(r.category.toUpperCase())) continue
    const found: CustomEntity[] = []
    for (const { source, pattern } of r.patterns) {
      for (const [s, e] of pattern.regions(text)) {
        if (r.validator) {
          const ref = core.write(text.slice(s, e))
          if (core.exports.piiValidate(PII_VALIDATORS[r.validator.toUpperCase() as keyof typeof PII_VALIDATORS], ref.ptr, ref.len) !== 1) continue
        }
        const contextWord = contextBefore(r, text, s)
        if (r.required && contextWord === undefined) continue
        found.push({ interval: [s, e], category: r.category, why: { recognizer: r.name, pattern: source, validator: r.validator, contextWord } })
      }
    }
    if (r.deny.length > 0) {
      lower ??= text.toLowerCase()
      const same = lower.length === text.length
      for (const d of r.deny) {
        const regions = same ? d.literal.regions(lower) : d.caseless.regions(text)
        for (const [s, e] of regions) {
          // Whole words only, as Presidio's deny list: no letter or digit joined on either side.
          if (isWordChar(text[s - 1]) || isWordChar(text[e])) continue
          found.push({ interval: [s, e], category: r.category, why: { recognizer: r.name, denylist: d.entry } })
        }
      }
    }
    // One recognizer's overlapping matches (two patterns, or a pattern and a denylist entry) are one entity.
    found.sort((a, b) => a.interval[0] - b.interval[0] || b.interval[1] - a.interval[1])
    let last: CustomEntity | undefined
    for (const f of found) {
      if (last && f.interval[0] < last.interval[1]) {
        if (f.interval[1] > last.interval[1]) last.interval = [last.interval[0], f.interval[1]]
      } else out.push((last = f))
    }
  }
  return out.sort((a, b) => a.interval[0] - b.interval[0] || b.interval[1] - a.interval[1])
}

