// PII detection: the deterministic recognisers run in the core (assembly/pii/scan.ts); this module
// resolves category names, applies the allowlist and blocklist, and offers redaction.
import { invalidArgument, preview } from '../errors.js'
import { PII_CATEGORY_IDS } from '../core/abi.js'
import type { Context, Scorer } from './context.js'
import { defineMetric, defineModel } from './metric.js'
import { MAX_LIST_CHARS, MAX_LIST_ENTRIES, MAX_TEXT_CHARS, PATTERN_BUDGET } from '../schema/limits.js'
import { PatternError, parseEntry, type Pattern } from './pii-pattern.js'

/** Category names (Microsoft Presidio's entity names where Presidio has one), by core id (1-based). */
export const PII_CATEGORIES = Object.values(PII_CATEGORY_IDS)

export type PiiCategory = (typeof PII_CATEGORIES)[number]

/** Category reported for blocklist matches. */
export const BLOCKLIST_CATEGORY = 'blocklist'

/** Other names accepted in `categories` (case-insensitive; '-' and ' ' read as '_'). */
export const PII_ALIASES: Record<string, PiiCategory> = {
  EMAIL: 'EMAIL_ADDRESS',
  E_MAIL: 'EMAIL_ADDRESS',
  PHONE: 'PHONE_NUMBER',
  TELEPHONE: 'PHONE_NUMBER',
  TEL: 'PHONE_NUMBER',
  CARD: 'CREDIT_CARD',
  CC: 'CREDIT_CARD',
  CREDIT_CARD_NUMBER: 'CREDIT_CARD',
  IBAN: 'IBAN_CODE',
  SSN: 'US_SSN',
  BANK: 'US_BANK_NUMBER',
  BANK_ACCOUNT: 'US_BANK_NUMBER',
  ACCOUNT_NUMBER: 'US_BANK_NUMBER',
  ABA: 'ABA_ROUTING_NUMBER',
  ROUTING_NUMBER: 'ABA_ROUTING_NUMBER',
  IP: 'IP_ADDRESS',
  IPV4: 'IP_ADDRESS',
  IPV6: 'IP_ADDRESS',
  MAC: 'MAC_ADDRESS',
  DOMAIN: 'URL',
  DOMAIN_NAME: 'URL',
  DATE: 'DATE_TIME',
  DOB: 'DATE_TIME',
  DATE_OF_BIRTH: 'DATE_TIME',
  NAME: 'PERSON',
  PER: 'PERSON',
  ADDRESS: 'LOCATION',
  STREET_ADDRESS: 'LOCATION',
  GPE: 'LOCATION',
  LOC: 'LOCATION',
  CRYPTO_WALLET: 'CRYPTO',
  BTC: 'CRYPTO',
  ETH: 'CRYPTO',
  API_KEY: 'SECRET',
  CREDENTIAL: 'SECRET',
  CREDENTIALS: 'SECRET',
  PASSWORD: 'SECRET',
  TOKEN: 'SECRET',
  PRIVATE_KEY: 'SECRET'
}

/** A set of category ids as the core's two u32 mask words (ids 0-31, 32-63). */
type Mask = [number, number]

function addToMask(mask: Mask, id: number): void {
  mask[id >> 5] = (mask[id >> 5] | (1 << (id & 31))) >>> 0
}

const ALL_MASK: Mask = [0, 0]
PII_CATEGORIES.forEach((_, i) => addToMask(ALL_MASK, i + 1))

export type PiiEntity = {
  interval: [number, number]
  string: string
  category: string
}

interface Lists {
  categories?: readonly string[]
  allowlist?: readonly string[]
  blocklist?: readonly string[]
}

function categoryMask(requestType: string, categories: readonly string[] | undefined): Mask {
  if (categories === undefined) return ALL_MASK
  const mask: Mask = [0, 0]
  categories.forEach((name, i) => {
    const key = typeof name === 'string' && name.length <= 64 ? name.trim().toUpperCase().replace(/[\s-]+/g, '_') : ''
    const cat = (PII_CATEGORIES as readonly string[]).includes(key)
      ? (key as PiiCategory)
      : Object.hasOwn(PII_ALIASES, key) ? PII_ALIASES[key] : undefined
    if (!cat) {
      throw invalidArgument(
        requestType,
        `categories[${i}]`,
        `one of ${PII_CATEGORIES.join(', ')} (or an alias: ${Object.keys(PII_ALIASES).join(', ')})`,
        'a PII category name',
        name
      )
    }
    addToMask(mask, PII_CATEGORIES.indexOf(cat) + 1)
  })
  return mask
}

// Compiled entries are kept (bounded) so a guardrail calling with the same lists pays once.
const patternCache = new Map<string, Pattern>()

function compileList(requestType: string, field: string, entries: readonly string[] | undefined): Pattern[] {
  if (!entries) return []
  const description = 'a string, or /pattern/flags for a regular expression'
  if (entries.length > MAX_LIST_ENTRIES) {
    throw invalidArgument(requestType, field, `at most ${MAX_LIST_ENTRIES} entries (docs/limits.md)`, description, entries)
  }
  let chars = 0
  for (let i = 0; i < entries.length; i++) {
    chars += typeof entries[i] === 'string' ? entries[i].length : 0
    if (chars > MAX_LIST_CHARS) {
      throw invalidArgument(requestType, `${field}[${i}]`, `entries of at most ${MAX_LIST_CHARS} characters in all (docs/limits.md)`, description, entries[i])
    }
  }
  return entries.map((entry, i) => {
    if (typeof entry !== 'string') {
      throw invalidArgument(requestType, `${field}[${i}]`, 'string', 'a string or /pattern/flags', entry)
    }
    let p = patternCache.get(entry)
    if (!p) {
      try {
        p = parseEntry(entry)
      } catch (err) {
        if (!(err instanceof PatternError)) throw err
        throw invalidArgument(
          requestType,
          `${field}[${i}]`,
          `a valid regular-expression pattern (${err.message})`,
          'a string, or /pattern/flags for a regular expression',
          entry
        )
      }
      if (patternCache.size > 256) patternCache.clear()
      patternCache.set(entry, p)
    }
    return p
  })
}

/**
 * Refuse, before running any, allowlist and blocklist patterns whose work on this text (text length
 * x cost per character, summed over both lists) exceeds PATTERN_BUDGET; the error names the costliest.
 */
function checkBudget(requestType: string, text: string, lists: [string, readonly string[] | undefined, Pattern[]][]): void {
  let total = 0
  let worst = { field: '', entry: '', cost: -1 }
  for (const [field, entries, patterns] of lists) {
    patterns.forEach((p, i) => {
      total += p.cost * (text.length + 1)
      if (p.cost > worst.cost) worst = { field: `${field}[${i}]`, entry: entries![i], cost: p.cost }
    })
  }
  if (total > PATTERN_BUDGET) {
    throw invalidArgument(
      requestType,
      worst.field,
      `patterns whose work fits the budget: text length ${text.length} x pattern cost ${Math.round(total / (text.length + 1))} ` +
        `is over ${PATTERN_BUDGET} (docs/limits.md); use fewer or simpler patterns, or a shorter text`,
      'a string, or /pattern/flags for a regular expression',
      worst.entry
    )
  }
}

function regionsOf(patterns: Pattern[], text: string): [number, number][] {
  const all = patterns.flatMap((p) => p.regions(text)).sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const merged: [number, number][] = []
  for (const r of all) {
    const last = merged[merged.length - 1]
    if (last && r[0] < last[1]) last[1] = Math.max(last[1], r[1])
    else merged.push([r[0], r[1]])
  }
  return merged
}

/** Words per entity in piiScan's output: start, end, category id, evidence bits (PII_EVIDENCE). */
const ENTITY_WORDS = 4

/** Detected entities of `text`, with the allowlist, blocklist and category filter applied. */
export function detectPii(ctx: Context, requestType: string, text: string, lists: Lists): PiiEntity[] {
  const mask = categoryMask(requestType, lists.categories)
  const allow = compileList(requestType, 'allowlist', lists.allowlist)
  const block = compileList(requestType, 'blocklist', lists.blocklist)
  checkBudget(requestType, text, [['allowlist', lists.allowlist, allow], ['blocklist', lists.blocklist, block]])
  const { core } = ctx
  const ex = core.exports
  const ref = core.begin(text)
  const out = ex.piiScan(ref.ptr, ref.len, mask[0], mask[1])
  const count = core.u32(out, 1)[0]
  let entities: PiiEntity[] = new Array(count)
  if (ref.ascii) {
    // Byte offsets already are string indices.
    const t = core.u32(out + 4, count * ENTITY_WORDS)
    for (let i = 0; i < count; i++) {
      const s = t[ENTITY_WORDS * i]
      const e = t[ENTITY_WORDS * i + 1]
      entities[i] = { interval: [s, e], string: text.slice(s, e), category: PII_CATEGORIES[t[ENTITY_WORDS * i + 2] - 1] }
    }
  } else {
    const offsets = ex.alloc(count * 8)
    const words = core.u32(out + 4, count * ENTITY_WORDS)
    const flat = core.u32(offsets, count * 2)
    const cats = new Uint8Array(count)
    for (let i = 0; i < count; i++) {
      flat[2 * i] = words[ENTITY_WORDS * i]
      flat[2 * i + 1] = words[ENTITY_WORDS * i + 1]
      cats[i] = words[ENTITY_WORDS * i + 2]
    }
    core.toStringIndices(ref, offsets, count * 2)
    const idx = core.u32(offsets, count * 2)
    for (let i = 0; i < count; i++) {
      const s = idx[2 * i]
      const e = idx[2 * i + 1]
      entities[i] = { interval: [s, e], string: text.slice(s, e), category: PII_CATEGORIES[cats[i] - 1] }
    }
  }
  // Entities and merged regions are both sorted and disjoint: one pointer over the regions each.
  if (allow.length > 0) {
    const regions = regionsOf(allow, text)
    let j = 0
    entities = entities.filter(({ interval: [s, e] }) => {
      while (j + 1 < regions.length && regions[j + 1][0] <= s) j++
      return !(j < regions.length && regions[j][0] <= s && e <= regions[j][1])
    })
  }
  if (block.length > 0) {
    const regions = regionsOf(block, text)
    if (regions.length > 0) {
      let j = 0
      entities = entities.filter(({ interval: [s, e] }) => {
        while (j < regions.length && regions[j][1] <= s) j++
        return !(j < regions.length && regions[j][0] < e)
      })
      for (const [a, b] of regions) entities.push({ interval: [a, b], string: text.slice(a, b), category: BLOCKLIST_CATEGORY })
      entities.sort((x, y) => x.interval[0] - y.interval[0])
    }
  }
  return entities
}

const score: Scorer<'pii'> = (request, ctx) => ({ pii: detectPii(ctx, 'PIIRequest', request.text, request) })

/** v3: allowlist and blocklist are required there; all categories are detected. */
const v3Score: Scorer<'v3.pii'> = (request, ctx) => ({ pii: detectPii(ctx, 'V3PIIRequest', request.text, request) })

/** The name/place gazetteer, indexed into core memory once per instance. */
export const gazetteerModel = defineModel(
  'pii-gazetteer',
  () => import('../models/pii-gazetteer.generated.js'),
  (ctx, { PII_GAZETTEER }) => {
    const core = ctx.core
    const ex = core.exports
    // The table is kept for the instance; the list itself only passes through per-call memory.
    let lines = 1
    for (let i = PII_GAZETTEER.indexOf('\n'); i >= 0; i = PII_GAZETTEER.indexOf('\n', i + 1)) lines++
    ex.piiGazetteerReserve(lines)
    const ref = core.begin(PII_GAZETTEER)
    ex.piiGazetteerBuild(ref.ptr, ref.len)
  }
)

/** The organisation and group word table (legal forms, head words, cues, known organisations, NRP words). */
export const orgsModel = defineModel(
  'pii-orgs',
  () => import('../models/pii-orgs.generated.js'),
  (ctx, { PII_ORGS }) => {
    const ex = ctx.core.exports
    const ref = ctx.core.begin(PII_ORGS)
    ex.piiOrgsInstall(ex.lexiconBuild(ref.ptr, ref.len))
  }
)

export type RedactStyle = 'mask' | 'tag' | 'hash'

export interface RedactOptions {
  /** Categories to redact (names or aliases); default all. */
  categories?: string[]
  /** `tag` (default): `<EMAIL_ADDRESS>`; `mask`: one `*` per character; `hash`: `<EMAIL_ADDRESS_1f2e3d4c>`, stable per value. */
  style?: RedactStyle
  allowlist?: string[]
  blocklist?: string[]
}

export interface RedactResult {
  text: string
  pii: PiiEntity[]
}

// FNV-1a over UTF-16 code units: the same value always gives the same tag, in Node and browsers.
function fnv1a(s: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h.toString(16).padStart(8, '0')
}

/** `redact(text, options)`: the text with every detected entity replaced, and the entities. */
export function makeRedact(ctx: Context) {
  return (text: string, options: RedactOptions = {}): RedactResult => {
    const type = 'RedactOptions'
    if (typeof text !== 'string') throw invalidArgument(type, 'text', 'string', 'the text to redact', text)
    if (text.length > MAX_TEXT_CHARS) throw invalidArgument(type, 'text', `string of at most ${MAX_TEXT_CHARS} characters (docs/limits.md)`, 'the text to redact', text)
    if (options === null || typeof options !== 'object') throw invalidArgument(type, 'options', 'object', 'redaction options', options)
    const style = options.style ?? 'tag'
    if (style !== 'mask' && style !== 'tag' && style !== 'hash') {
      throw invalidArgument(type, 'style', 'one of "mask", "tag", "hash"', 'how entities are replaced', style)
    }
    for (const field of ['categories', 'allowlist', 'blocklist'] as const) {
      const v = options[field]
      if (v !== undefined && !Array.isArray(v)) throw invalidArgument(type, field, 'array of strings', field, preview(v))
    }
    const entities = detectPii(ctx, type, text, options)
    let out = ''
    let last = 0
    for (const ent of entities) {
      const [s, e] = ent.interval
      out += text.slice(last, s)
      const label = ent.category.toUpperCase()
      if (style === 'mask') out += '*'.repeat([...ent.string].length)
      else if (style === 'tag') out += `<${label}>`
      else out += `<${label}_${fnv1a(ent.string)}>`
      last = e
    }
    out += text.slice(last)
    return { text: out, pii: entities }
  }
}

export const pii = defineMetric({
  name: 'pii',
  score,
  v3: { name: 'v3.pii', score: v3Score },
  models: [gazetteerModel, orgsModel],
  extras: {
    /** Text with its PII replaced, and the entities (see docs/metrics/pii.md). */
    redact: makeRedact
  }
})
