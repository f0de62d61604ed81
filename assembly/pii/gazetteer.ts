// Word lists for names and places (src/models/pii-gazetteer.generated.ts), kept in core memory as an
// open-addressing table keyed by 64-bit FNV-1a hashes of the lower-cased word or phrase -> flag bits.
// Phrases ("new york") hash their words joined by one space, so a lookup over text tokens hashes
// token by token with the same separator and never copies the text.
import { arenaKeepZeroed } from '../arena'
import { FNV_SEED, hashLower } from '../text/hash'

// Flag bits; keep in sync with scripts/build-pii-gazetteer.mjs.
export const G_FIRST: u32 = 1
export const G_LAST: u32 = 2
export const G_CITY: u32 = 4
export const G_COUNTRY: u32 = 8
export const G_STATE: u32 = 16
export const G_COMMON: u32 = 32
export const G_TITLE: u32 = 64
export const G_STREET: u32 = 128
export const G_MONTH: u32 = 256
export const G_WEEKDAY: u32 = 512
export const G_ORG: u32 = 1024
export const G_PARTICLE: u32 = 2048
export const G_UNIT: u32 = 4096
export const G_NOTNAME: u32 = 8192
export const G_PREP: u32 = 16384
export const G_LOCVERB: u32 = 32768
export const G_PERSONCTX: u32 = 65536
export const G_NAMEWORD: u32 = 131072
export const G_TLD: u32 = 262144
export const G_CTX_PHONE: u32 = 524288
export const G_CTX_SSN: u32 = 1048576
export const G_CTX_ACCOUNT: u32 = 2097152
export const G_CTX_ROUTING: u32 = 4194304
export const G_CTX_DATE: u32 = 8388608
export const G_CTX_ID: u32 = 16777216
export const G_ADDRCTX: u32 = 33554432
export const G_PLACEWORD: u32 = 67108864
export const G_DEMONYM: u32 = 134217728
export const G_BIGCITY: u32 = 268435456
export const G_CTX_NUMBER: u32 = 536870912
export const G_PLACE: u32 = G_CITY | G_COUNTRY | G_STATE
export const G_NAME: u32 = G_FIRST | G_LAST

// Script-table flag bits: words of scripts without capitals (Chinese, Japanese, Korean, Arabic, Hebrew),
// read by uncased.ts. A table of their own, so the 30 bits above keep their meaning and a Latin lookup
// never meets them. Keep in sync with scripts/build-pii-gazetteer.mjs.
export const S_SURNAME: u32 = 1
export const S_SURNAME_WEAK: u32 = 2
export const S_GIVEN: u32 = 4
export const S_GIVEN_AMBIG: u32 = 8
export const S_FAMILY: u32 = 16
export const S_CUE_BEFORE: u32 = 32
export const S_CUE_WEAK: u32 = 64
export const S_CUE_AFTER: u32 = 128
export const S_PLACE: u32 = 256
export const S_PLACE_SUFFIX: u32 = 512
export const S_STOP: u32 = 1024
export const S_COMMON: u32 = 2048
export const S_PARTICLE: u32 = 4096
export const S_NAMING: u32 = 8192
export const S_JOIN: u32 = 16384
export const S_JA_SURNAME: u32 = 32768
export const S_ORG_AFTER: u32 = 65536
export const S_STREET: u32 = 131072

let table: usize = 0
let slotMask: u32 = 0
// The script table: same slot format, fixed size (the build script checks its entries fit).
const SCRIPT_SLOTS: u32 = 8192
let stable: usize = 0

// Slots are one u64: the high 34 bits of the hash (the low bits chose the slot) and 30 flag bits.
// 8-byte slots halve the table's cache footprint; a fingerprint clash needs equal slot and high bits.
const FLAG_BITS: u64 = 30
const FLAG_MASK: u64 = (1 << FLAG_BITS) - 1

// @ts-ignore: decorator
@inline function fingerprint(key: u64): u64 {
  const f = key & ~FLAG_MASK
  return f == 0 ? 1 << FLAG_BITS : f
}

function insert(tab: usize, mask: u32, key: u64, flags: u32): void {
  const fp = fingerprint(key)
  let s = <u32>key & mask
  while (true) {
    const slot = tab + (<usize>s << 3)
    const k = load<u64>(slot)
    if (k == 0) {
      store<u64>(slot, fp | (<u64>flags & FLAG_MASK))
      return
    }
    if ((k & ~FLAG_MASK) == fp) {
      store<u64>(slot, k | (<u64>flags & FLAG_MASK))
      return
    }
    s = (s + 1) & mask
  }
}

/** Script-table flags (S_*) of the exact UTF-8 bytes [p, p+n) (0 when absent or not loaded). */
export function scriptLookup(p: usize, n: usize): u32 {
  if (stable == 0 || n == 0) return 0
  const key = hashLower(FNV_SEED, p, n)
  const fp = fingerprint(key)
  let s = <u32>key & (SCRIPT_SLOTS - 1)
  while (true) {
    const k = load<u64>(stable + (<usize>s << 3))
    if (k == 0) return 0
    if ((k & ~FLAG_MASK) == fp) return <u32>(k & FLAG_MASK)
    s = (s + 1) & (SCRIPT_SLOTS - 1)
  }
}

// A small direct-mapped cache in front of the table: capitalised words in prose repeat ("The", "He",
// "Mr") and the cache stays in L1 while the table does not.
const CACHE_SIZE: u32 = 4096
const CACHE = memory.data(<i32>CACHE_SIZE * 16)

/** Flags of the word or phrase with hash `key` (0 when absent or before the table is loaded). */
export function gazLookup(key: u64): u32 {
  if (table == 0) return 0
  // The same word is looked up several times in a row (the organisation rules, the name rules, the
  // words before a run, the tagger): the last two answers are kept in globals.
  if (key == LAST_KEY0) return LAST_FLAGS0
  if (key == LAST_KEY1) return LAST_FLAGS1
  const flags = cachedLookup(key)
  LAST_KEY1 = LAST_KEY0
  LAST_FLAGS1 = LAST_FLAGS0
  LAST_KEY0 = key
  LAST_FLAGS0 = flags
  return flags
}
// Empty, the memo answers key 0 with flags 0, as the zeroed cache does; piiGazetteerReserve empties it.
let LAST_KEY0: u64 = 0
let LAST_FLAGS0: u32 = 0
let LAST_KEY1: u64 = 0
let LAST_FLAGS1: u32 = 0

function cachedLookup(key: u64): u32 {
  const c = CACHE + ((<usize>(<u32>(key >>> 20) & (CACHE_SIZE - 1))) << 4)
  if (load<u64>(c) == key) return load<u32>(c, 8)
  const fp = fingerprint(key)
  let s = <u32>key & slotMask
  let flags: u32 = 0
  while (true) {
    const k = load<u64>(table + (<usize>s << 3))
    if (k == 0) break
    if ((k & ~FLAG_MASK) == fp) {
      flags = <u32>(k & FLAG_MASK)
      break
    }
    s = (s + 1) & slotMask
  }
  store<u64>(c, key)
  store<u32>(c, flags, 8)
  return flags
}

// First words of the phrases in the table ("new" of "new york"): a 64 Kbit filter (8 KB) on the first
// word's hash. A capitalised run is looked up as a phrase ("Czech Republic", "John Smith") whenever it
// has two words; most first words begin no listed phrase, and then the phrase is absent without hashing
// the other words or probing the table.
const PHRASE_FIRST = memory.data(8192)

// @ts-ignore: decorator
@inline function phraseBit(h: u64): u32 {
  return <u32>(h >>> 48)
}

/** Might a listed phrase start with the word whose hash (hashLower from FNV_SEED) is h? */
export function phraseMayStart(h: u64): bool {
  const b = phraseBit(h)
  return (<u32>load<u8>(PHRASE_FIRST + (b >>> 3)) & (<u32>1 << (b & 7))) != 0
}

/**
 * Reserve the table for `entries` words for the life of the instance (arenaKeep). Called once at load,
 * before the list is written into per-call memory, so the list does not stay below the table.
 */
export function piiGazetteerReserve(entries: u32): void {
  let slots: u32 = 1024
  // Load factor at most 0.7: linear probing for an absent word (most capitalised words) grows fast
  // above it; 8-byte slots keep the table small all the same.
  while (<f64>slots * 0.7 < <f64>entries) slots <<= 1
  const bytes = <usize>slots << 3
  table = arenaKeepZeroed(bytes)
  memory.fill(CACHE, 0, <usize>CACHE_SIZE * 16)
  memory.fill(PHRASE_FIRST, 0, 8192)
  LAST_KEY0 = 0
  LAST_KEY1 = 0
  LAST_FLAGS0 = 0
  LAST_FLAGS1 = 0
  slotMask = slots - 1
  stable = arenaKeepZeroed(<usize>SCRIPT_SLOTS << 3)
}

/**
 * Fill the reserved tables from the generated list at [p, p+len): `#flags36` lines, each followed by
 * its words one per line; a line `#!` switches to the script table.
 */
export function piiGazetteerBuild(p: usize, len: usize): void {
  let i: usize = 0
  let flags: u32 = 0
  let tab = table
  let mask = slotMask
  while (i < len) {
    const start = i
    while (i < len && load<u8>(p + i) != 10) i++
    if (i > start) {
      if (i - start == 2 && load<u8>(p + start) == 0x23 && load<u8>(p + start + 1) == 0x21) {
        tab = stable
        mask = SCRIPT_SLOTS - 1
        flags = 0
      } else if (load<u8>(p + start) == 0x23) {
        // "#flags": base 36, applies to the words that follow.
        flags = 0
        for (let k = start + 1; k < i; k++) {
          const c = <u32>load<u8>(p + k)
          flags = flags * 36 + (c <= 0x39 ? c - 0x30 : c - 0x57)
        }
      } else {
        insert(tab, mask, hashLower(FNV_SEED, p + start, i - start), flags)
        if (tab == table) {
          let q = start
          while (q < i && load<u8>(p + q) != 0x20) q++
          if (q < i) {
            const b = phraseBit(hashLower(FNV_SEED, p + start, q - start))
            store<u8>(PHRASE_FIRST + (b >>> 3), <u8>(<u32>load<u8>(PHRASE_FIRST + (b >>> 3)) | (<u32>1 << (b & 7))))
          }
        }
      }
    }
    i++
  }
}
