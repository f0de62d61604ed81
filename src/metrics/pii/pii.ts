// PII detection: the deterministic recognisers run in the core (assembly/pii/scan.ts); this module
// resolves category names, applies the allowlist and blocklist, and offers redaction.
import { invalidArgument, preview } from '../../errors.js'
import { PII_CATEGORY_IDS } from '../../core/abi.js'
import type { Context, Scorer } from '../shared/context.js'
import { weightBytes, type Core, type TextRef } from '../../core/wasm.js'
import { defineMetric, defineModel } from '../shared/metric.js'
import { MAX_LIST_CHARS, MAX_LIST_ENTRIES, MAX_PII_ENTITIES, MAX_PII_EXPLAIN_ENTITIES, MAX_TEXT_CHARS, PATTERN_BUDGET } from '../../schema/limits.js'
import { PatternError, parseListEntry, type Pattern } from './pii-pattern.js'
import { normaliseForPii } from './pii-normalise.js'
import { makePiiExplain } from './pii-explain.js'
import type { PiiDetail, PiiEntity } from './entities.js'
import { budgetOf, compileRecognizers, runRecognizers, type CompiledRecognizers, type PiiRecognizer } from './pii-recognizers.js'

export type { PiiDetail, PiiEntity }

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
  PRIVATE_KEY: 'SECRET',
  ORG: 'ORGANIZATION',
  COMPANY: 'ORGANIZATION',
  NATIONALITY: 'NRP',
  RELIGION: 'NRP',
  POLITICAL_GROUP: 'NRP',
  ITIN: 'US_ITIN',
  PASSPORT: 'US_PASSPORT',
  DRIVER_LICENSE: 'US_DRIVER_LICENSE',
  DRIVERS_LICENSE: 'US_DRIVER_LICENSE',
  NHS: 'UK_NHS',
  NHS_NUMBER: 'UK_NHS',
  NINO: 'UK_NINO',
  NATIONAL_INSURANCE_NUMBER: 'UK_NINO',
  NIF: 'ES_NIF',
  DNI: 'ES_NIF',
  NIE: 'ES_NIE',
  CODICE_FISCALE: 'IT_FISCAL_CODE',
  PARTITA_IVA: 'IT_VAT_CODE',
  PESEL: 'PL_PESEL',
  HETU: 'FI_PERSONAL_IDENTITY_CODE',
  NRIC: 'SG_NRIC_FIN',
  UEN: 'SG_UEN',
  ABN: 'AU_ABN',
  ACN: 'AU_ACN',
  TFN: 'AU_TFN',
  MEDICARE: 'AU_MEDICARE',
  PAN: 'IN_PAN',
  AADHAAR: 'IN_AADHAAR',
  AADHAR: 'IN_AADHAAR',
  VOTER_ID: 'IN_VOTER',
  RRN: 'KR_RRN',
  NPI: 'US_NPI',
  DEA: 'US_DEA_NUMBER',
  DEA_NUMBER: 'US_DEA_NUMBER',
  MRN: 'MEDICAL_RECORD_NUMBER',
  MEDICAL_RECORD: 'MEDICAL_RECORD_NUMBER'
}

/** A set of category ids as the core's two u32 mask words (ids 0-31, 32-63). */
type Mask = [number, number]

function addToMask(mask: Mask, id: number): void {
  mask[id >> 5] = (mask[id >> 5] | (1 << (id & 31))) >>> 0
}

const ALL_MASK: Mask = [0, 0]
PII_CATEGORIES.forEach((_, i) => addToMask(ALL_MASK, i + 1))

interface Lists {
  categories?: readonly string[]
  allowlist?: readonly string[]
  blocklist?: readonly string[]
  /** Custom recognizers of this call (checked by compileRecognizers). */
  recognizers?: unknown
}

/** Is `upper` (an upper-case name) a built-in category, an alias, or the blocklist's category? */
const isBuiltInName = (upper: string): boolean => {
  const key = upper.replace(/[\s-]+/g, '_')
  return (PII_CATEGORIES as readonly string[]).includes(key) || Object.hasOwn(PII_ALIASES, key) || key === BLOCKLIST_CATEGORY.toUpperCase()
}

function categoryMask(requestType: string, categories: readonly string[] | undefined, custom?: Set<string>, customWanted?: Set<string>): Mask {
  if (categories === undefined) return ALL_MASK
  const mask: Mask = [0, 0]
  categories.forEach((name, i) => {
    const key = typeof name === 'string' && name.length <= 64 ? name.trim().toUpperCase().replace(/[\s-]+/g, '_') : ''
    const cat = (PII_CATEGORIES as readonly string[]).includes(key)
      ? (key as PiiCategory)
      : Object.hasOwn(PII_ALIASES, key) ? PII_ALIASES[key] : undefined
    if (!cat && custom?.has(key)) return void customWanted!.add(key)
    if (!cat) {
      throw invalidArgument(
        requestType,
        `categories[${i}]`,
        `one of ${PII_CATEGORIES.join(', ')} (or an alias: ${Object.keys(PII_ALIASES).join(', ')}${custom?.size ? `, or a custom recognizer's: ${[...custom].join(', ')}` : ''})`,
        'a PII category name',
        name
      )
    }
    addToMask(mask, PII_CATEGORIES.indexOf(cat) + 1)
  })
  return mask
}

/** What an allowlist or blocklist entry is, in errors (parseListEntry). */
const LIST_ENTRY = 'a regular expression (also matched as written), or /pattern/flags'

// Compiled entries are kept (bounded) so a guardrail calling with the same lists pays once.
const patternCache = new Map<string, Pattern>()

function compileList(requestType: string, field: string, entries: readonly string[] | undefined): Pattern[] {
  if (!entries) return []
  const description = LIST_ENTRY
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
      throw invalidArgument(requestType, `${field}[${i}]`, 'string', LIST_ENTRY, entry)
    }
    let p = patternCache.get(entry)
    if (!p) {
      try {
        p = parseListEntry(entry)
      } catch (err) {
        if (!(err instanceof PatternError)) throw err
        throw invalidArgument(
          requestType,
          `${field}[${i}]`,
          `a valid regular-expression pattern (${err.message})`,
          LIST_ENTRY,
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
function checkBudget(requestType: string, text: string, lists: [string, readonly string[] | undefined, Pattern[]][], more: [string, string, Pattern][] = []): void {
  let total = 0
  let worst = { field: '', entry: '', cost: -1 }
  for (const [field, entries, patterns] of lists) {
    patterns.forEach((p, i) => {
      total += p.cost * (text.length + 1)
      if (p.cost > worst.cost) worst = { field: `${field}[${i}]`, entry: entries![i], cost: p.cost }
    })
  }
  for (const [field, entry, p] of more) {
    total += p.cost * (text.length + 1)
    if (p.cost > worst.cost) worst = { field, entry, cost: p.cost }
  }
  if (total > PATTERN_BUDGET) {
    throw invalidArgument(
      requestType,
      worst.field,
      `patterns whose work fits the budget: text length ${text.length} x pattern cost ${Math.round(total / (text.length + 1))} ` +
        `is over ${PATTERN_BUDGET} (docs/limits.md); use fewer or simpler patterns, or a shorter text`,
      LIST_ENTRY,
      worst.entry
    )
  }
}

function regionsOf(patterns: Pattern[], text: string): [number, number][] {
  // One pattern's regions are sorted and merged already; copying and sorting them again costs more than
  // finding them when a short entry matches a large part of a long text.
  if (patterns.length === 1) return patterns[0].regions(text)
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

// Recognizers given to load(), compiled once per Evaluator (a later change to the options object is not seen).
const loadRecognizers = new WeakMap<object, CompiledRecognizers>()

/** Check and compile `load({ recognizers })`; called by load() so a bad recognizer fails there. */
export function loadTimeRecognizers(options: { recognizers?: unknown }): CompiledRecognizers {
  let recs = loadRecognizers.get(options)
  if (!recs) {
    recs = compileRecognizers('LoadOptions', 'recognizers', options.recognizers, isBuiltInName)
    // A budget refusal during a call names the load option, not a field of the request.
    for (const r of recs.list) r.path = `LoadOptions.${r.path}`
    loadRecognizers.set(options, recs)
  }
  return recs
}

/**
 * Detected entities of `text`, with the allowlist, blocklist and category filter applied. With
 * `details`, each entity's evidence is recorded there (for explain).
 */
export function detectPii(ctx: Context, requestType: string, text: string, lists: Lists, details?: Map<PiiEntity, PiiDetail>): PiiEntity[] {
  return scanPii(ctx, requestType, text, lists, details).entities
}

/**
 * detectPii, and where the text's UTF-8 bytes stay in core memory until the next call (for redact): null
 * when the bytes scanned are not the caller's text (it was folded first).
 */
function scanPii(
  ctx: Context,
  requestType: string,
  text: string,
  lists: Lists,
  details?: Map<PiiEntity, PiiDetail>
): { entities: PiiEntity[]; ref: TextRef | null } {
  const recs = recognizersFor(ctx, requestType, lists.recognizers)
  const customWanted = new Set<string>()
  const mask = categoryMask(requestType, lists.categories, recs.categories, customWanted)
  const allow = compileList(requestType, 'allowlist', lists.allowlist)
  const block = compileList(requestType, 'blocklist', lists.blocklist)
  const lowerSame = recs.list.length > 0 && text.toLowerCase().length === text.length
  checkBudget(requestType, text, [['allowlist', lists.allowlist, allow], ['blocklist', lists.blocklist, block]], budgetOf(recs, lowerSame))
  const { core } = ctx
  let ref = core.begin(text)
  // Full-width forms, invisible characters, look-alike letters: only text that is not pure ASCII.
  const folded = ref.ascii ? null : normaliseForPii(text)
  if (folded) ref = core.begin(folded.text)
  // Only custom categories asked for: the core has nothing to look for.
  // Bit 63 (no category's id) tells the core the categories were named: ids then count without their word.
  const named = lists.categories !== undefined
  const out = mask[0] === 0 && mask[1] === 0 ? 0 : core.exports.piiScan(ref.ptr, ref.len, mask[0], (mask[1] | (named ? 0x80000000 : 0)) >>> 0)
  let entities = coreEntities(ctx, requestType, text, ref, out, details)
  if (folded) {
    // Back to the original text: a removed character inside an entity stays in its span.
    const map = folded.map
    for (const ent of entities) {
      if (map) ent.interval = [map[ent.interval[0]], map[ent.interval[1] - 1] + 1]
      ent.string = text.slice(ent.interval[0], ent.interval[1])
    }
  }
  if (recs.list.length > 0) {
    const wanted = lists.categories === undefined ? () => true : (upper: string) => customWanted.has(upper)
    entities = mergeCustom(entities, runRecognizers(ctx.core, recs, text, wanted), text, details)
  }
  // With no entity to spare, the allowlist's matches are not needed: a short entry ('a') can match every
  // other character of a long text, and those regions cost more than the scan.
  if (allow.length > 0 && entities.length > 0) entities = allowed(entities, regionsOf(allow, text))
  if (block.length > 0) entities = withBlocked(entities, regionsOf(block, text), text, details)
  // The bytes at `ref` are the caller's text only when nothing was folded: redact copies from them.
  return { entities, ref: folded ? null : ref }
}

/** The recognizers of load() and of this call, together. */
function recognizersFor(ctx: Context, requestType: string, perCallLists: Lists['recognizers']): CompiledRecognizers {
  const atLoad = loadTimeRecognizers(ctx.options)
  const perCall = compileRecognizers(requestType, 'recognizers', perCallLists, isBuiltInName)
  return perCall.list.length === 0 ? atLoad : { list: [...atLoad.list, ...perCall.list], categories: new Set([...atLoad.categories, ...perCall.categories]) }
}

/**
 * The entities the core found (`out`: its result, 0 for none), as string indices of `text` (of the text
 * at `ref`, folded or not); with `details`, each one's evidence bits.
 */
function coreEntities(ctx: Context, requestType: string, text: string, ref: TextRef, out: number, details?: Map<PiiEntity, PiiDetail>): PiiEntity[] {
  const { core } = ctx
  const count = out === 0 ? 0 : core.u32(out, 1)[0]
  // The core stops at CAND_MAX candidates and reports 0xffffffff; either way, refuse before building objects.
  // explain's entities carry their evidence (several times the heap of an entity): a lower cap.
  const cap = details ? MAX_PII_EXPLAIN_ENTITIES : MAX_PII_ENTITIES
  if (count > cap) {
    throw invalidArgument(
      requestType,
      'text',
      `a text with at most ${cap} PII entities${details ? ' to explain' : ''} (docs/limits.md); split it and score the pieces`,
      'text',
      text
    )
  }
  const entities: PiiEntity[] = new Array(count)
  if (ref.ascii) {
    // Byte offsets already are string indices.
    const t = core.u32(out + 4, count * ENTITY_WORDS)
    for (let i = 0; i < count; i++) {
      const s = t[ENTITY_WORDS * i]
      const e = t[ENTITY_WORDS * i + 1]
      entities[i] = { interval: [s, e], string: text.slice(s, e), category: PII_CATEGORIES[t[ENTITY_WORDS * i + 2] - 1] }
      if (details) details.set(entities[i], { why: t[ENTITY_WORDS * i + 3] })
    }
    return entities
  }
  const offsets = core.exports.alloc(count * 8)
  const words = core.u32(out + 4, count * ENTITY_WORDS)
  const flat = core.u32(offsets, count * 2)
  const cats = new Uint8Array(count)
  const whys = details ? new Uint8Array(count) : undefined
  for (let i = 0; i < count; i++) {
    flat[2 * i] = words[ENTITY_WORDS * i]
    flat[2 * i + 1] = words[ENTITY_WORDS * i + 1]
    cats[i] = words[ENTITY_WORDS * i + 2]
    if (whys) whys[i] = words[ENTITY_WORDS * i + 3]
  }
  core.toStringIndices(ref, offsets, count * 2)
  const idx = core.u32(offsets, count * 2)
  for (let i = 0; i < count; i++) {
    const s = idx[2 * i]
    const e = idx[2 * i + 1]
    entities[i] = { interval: [s, e], string: text.slice(s, e), category: PII_CATEGORIES[cats[i] - 1] }
    if (whys) details!.set(entities[i], { why: whys[i] })
  }
  return entities
}

/** The entities not wholly inside an allowlist match. Both lists are sorted and disjoint: one pointer over the regions. */
function allowed(entities: PiiEntity[], regions: [number, number][]): PiiEntity[] {
  let j = 0
  return entities.filter(({ interval: [s, e] }) => {
    while (j + 1 < regions.length && regions[j + 1][0] <= s) j++
    return !(j < regions.length && regions[j][0] <= s && e <= regions[j][1])
  })
}

/** Every blocklist match as an entity of its own, over the entities it overlaps. */
function withBlocked(entities: PiiEntity[], regions: [number, number][], text: string, details?: Map<PiiEntity, PiiDetail>): PiiEntity[] {
  if (regions.length === 0) return entities
  let j = 0
  const out = entities.filter(({ interval: [s, e] }) => {
    while (j < regions.length && regions[j][1] <= s) j++
    return !(j < regions.length && regions[j][0] < e)
  })
  for (const [a, b] of regions) {
    const ent: PiiEntity = { interval: [a, b], string: text.slice(a, b), category: BLOCKLIST_CATEGORY }
    out.push(ent)
    if (details) details.set(ent, { why: 0, blocklist: true })
  }
  return out.sort((x, y) => x.interval[0] - y.interval[0])
}

/**
 * Custom entities over the built-in ones, by the core's overlap rule (higher rank wins, then the
 * longer span, then the earlier start) with custom categories ranked above every built-in one: among
 * themselves the longer span wins; a built-in entity overlapping a kept custom one is dropped.
 */
function mergeCustom(
  builtIn: PiiEntity[],
  custom: ReturnType<typeof runRecognizers>,
  text: string,
  details: Map<PiiEntity, PiiDetail> | undefined
): PiiEntity[] {
  if (custom.length === 0) return builtIn
  const kept: typeof custom = []
  for (const c of custom) {
    let keep = true
    while (kept.length > 0) {
      const last = kept[kept.length - 1]
      if (last.interval[1] <= c.interval[0]) break
      if (c.interval[1] - c.interval[0] > last.interval[1] - last.interval[0]) {
        kept.pop()
        continue
      }
      keep = false
      break
    }
    if (keep) kept.push(c)
  }
  const out: PiiEntity[] = []
  let j = 0
  for (const b of builtIn) {
    const [s, e] = b.interval
    while (j < kept.length && kept[j].interval[1] <= s) {
      out.push(customEntity(kept[j++], text, details))
    }
    // Kept custom entities are disjoint and sorted: the first one ending after s is the only candidate.
    if (!(j < kept.length && kept[j].interval[0] < e)) out.push(b)
  }
  while (j < kept.length) out.push(customEntity(kept[j++], text, details))
  return out
}

function customEntity(c: ReturnType<typeof runRecognizers>[number], text: string, details: Map<PiiEntity, PiiDetail> | undefined): PiiEntity {
  const ent: PiiEntity = { interval: c.interval, string: text.slice(c.interval[0], c.interval[1]), category: c.category }
  if (details) details.set(ent, { why: 0, custom: c.why })
  return ent
}

const score: Scorer<'pii'> = (request, ctx) => ({ pii: detectPii(ctx, 'PIIRequest', request.text, request) })

/** v3: allowlist and blocklist are required there; all categories are detected. */
const v3Score: Scorer<'v3.pii'> = (request, ctx) => ({ pii: detectPii(ctx, 'V3PIIRequest', request.text, request) })

/** The name/place gazetteer, indexed into core memory once per instance. */
export const gazetteerModel = defineModel(
  'pii-gazetteer',
  () => import('../../models/pii-gazetteer.generated.js'),
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
  () => import('../../models/pii-orgs.generated.js'),
  (ctx, { PII_ORGS }) => {
    const ex = ctx.core.exports
    const ref = ctx.core.begin(PII_ORGS)
    ex.piiOrgsInstall(ex.lexiconBuild(ref.ptr, ref.len))
  }
)

/** The name tagger's word clusters (scripts/build-pii-clusters.mjs): a word -> cluster table kept in core memory. */
export const clustersModel = defineModel(
  'pii-clusters',
  () => import('../../models/pii-clusters.generated.js'),
  (ctx, { PII_CLUSTERS }) => {
    const ref = ctx.core.begin(PII_CLUSTERS)
    ctx.core.exports.piiClustersInstall(ref.ptr, ref.len)
  }
)

/** The learned name tagger (assembly/pii/tagger.ts): int8 weights copied into core memory once per instance. */
export const taggerModel = defineModel(
  'pii-tagger',
  () => import('../../models/pii-tagger.generated.js'),
  (ctx, m) => {
    const core = ctx.core
    const bytes = weightBytes(m.PII_TAGGER_WEIGHTS)
    const ptr = core.exports.piiTaggerReserve(m.PII_TAGGER_BITS, m.PII_TAGGER_SCALE)
    core.bytes.set(bytes, ptr)
    core.exports.piiTaggerThreshold(m.PII_TAGGER_THRESHOLD / m.PII_TAGGER_SCALE)
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
  /** Custom recognizers for this call, besides those given to load() (docs/metrics/pii.md). */
  recognizers?: PiiRecognizer[]
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

/** Characters of `s` counted as code points (a surrogate pair is one), as `[...s].length` without the array. */
function codePoints(s: string): number {
  let n = s.length
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && (s.charCodeAt(i - 1) & 0xfc00) === 0xd800) n--
  }
  return n
}

const decoder = new TextDecoder()

/**
 * The redacted text of an ASCII text whose bytes are still in core memory at `ref` (string indices are
 * byte offsets): kept bytes and replacements are copied into one buffer there and decoded once, so a
 * long text costs no string per piece. Replacements are ASCII (category names, hex digits, '*').
 */
function redactAscii(core: Core, ref: TextRef, entities: PiiEntity[], style: RedactStyle): string {
  const labels: string[] = style === 'mask' ? [] : new Array(entities.length)
  const tags = new Map<string, string>()
  const tagOf = new Map<string, string>()
  let size = 0
  let last = 0
  for (let i = 0; i < entities.length; i++) {
    const ent = entities[i]
    const [s, e] = ent.interval
    if (s > last) size += s - last
    if (style === 'mask') size += e - s
    else {
      let label = tags.get(ent.category)
      if (label === undefined) tags.set(ent.category, (label = ent.category.toUpperCase()))
      // One tag string per category, shared by its entities.
      let tag = style === 'tag' ? tagOf.get(label) : `<${label}_${fnv1a(ent.string)}>`
      if (tag === undefined) tagOf.set(label, (tag = `<${label}>`))
      labels[i] = tag
      size += tag.length
    }
    last = e
  }
  if (ref.len > last) size += ref.len - last
  const dst = core.exports.alloc(size)
  // Taken after alloc, which may grow (and so replace) the memory buffer.
  const mem = core.bytes
  let to = dst
  last = 0
  for (let i = 0; i < entities.length; i++) {
    const [s, e] = entities[i].interval
    if (s > last) {
      mem.copyWithin(to, ref.ptr + last, ref.ptr + s)
      to += s - last
    }
    if (style === 'mask') {
      mem.fill(0x2a, to, to + e - s)
      to += e - s
    } else {
      const label = labels[i]
      for (let k = 0; k < label.length; k++) mem[to + k] = label.charCodeAt(k)
      to += label.length
    }
    last = e
  }
  if (ref.len > last) mem.copyWithin(to, ref.ptr + last, ref.ptr + ref.len)
  // Node's Buffer reads ASCII bytes into a string about twice as fast as TextDecoder; browsers decode.
  const buffer = (globalThis as { Buffer?: { from(b: ArrayBufferLike, at: number, n: number): { toString(encoding: string): string } } }).Buffer
  if (buffer !== undefined) return buffer.from(mem.buffer, dst, size).toString('latin1')
  return decoder.decode(mem.subarray(dst, dst + size))
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
    const { entities, ref } = scanPii(ctx, type, text, options)
    if (ref?.ascii) return { text: redactAscii(ctx.core, ref, entities, style), pii: entities }
    // The pieces are joined once: appending to one string makes a rope as deep as the entity count,
    // flattened at the end, which costs more per entity on larger texts.
    const parts: string[] = new Array(2 * entities.length + 1)
    const tags = new Map<string, string>()
    let last = 0
    let n = 0
    for (const ent of entities) {
      const [s, e] = ent.interval
      parts[n++] = text.slice(last, s)
      if (style === 'mask') parts[n++] = '*'.repeat(codePoints(ent.string))
      else {
        let label = tags.get(ent.category)
        if (label === undefined) tags.set(ent.category, (label = ent.category.toUpperCase()))
        parts[n++] = style === 'tag' ? `<${label}>` : `<${label}_${fnv1a(ent.string)}>`
      }
      last = e
    }
    parts[n] = text.slice(last)
    return { text: parts.join(''), pii: entities }
  }
}

export const pii = defineMetric({
  name: 'pii',
  score,
  v3: { name: 'v3.pii', score: v3Score },
  models: [gazetteerModel, orgsModel, clustersModel, taggerModel],
  /** Each entity's confidence and evidence (docs/metrics/pii.md, "Explain"). */
  explain: makePiiExplain(detectPii),
  extras: {
    /** Text with its PII replaced, and the entities (see docs/metrics/pii.md). */
    redact: makeRedact
  }
})
