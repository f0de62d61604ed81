// Word lists kept in core memory for the life of an instance: open-addressing tables keyed by the one
// hash (text/hash.ts) of the lower-cased word, each slot holding the hash's high 34 bits and 30 value
// bits. A model chunk ships its list as text ("#value" lines in base 36, each followed by its words one
// per line); `lexiconBuild` indexes it once at load. Several lists live side by side, each under a
// small id.
import { arenaKeep } from '../arena'
import { FNV_SEED, hashLower } from './hash'

/** Table ids: one per list that a metric installs. */
export const LEX_SIMPLICITY: u32 = 0
const MAX_TABLES: u32 = 4

// Per table: slot array pointer and slot mask.
const TABLES = memory.data(<i32>MAX_TABLES * 8)

const VALUE_BITS: u64 = 30
const VALUE_MASK: u64 = (1 << VALUE_BITS) - 1

// @ts-ignore: decorator
@inline function fingerprint(key: u64): u64 {
  const f = key & ~VALUE_MASK
  return f == 0 ? 1 << VALUE_BITS : f
}

/** Reserve table `id` for `entries` words (load factor at most 0.7). Call at load, before the list is written. */
export function lexiconReserve(id: u32, entries: u32): void {
  if (id >= MAX_TABLES) unreachable()
  let slots: u32 = 1024
  while (<f64>slots * 0.7 < <f64>entries) slots <<= 1
  const bytes = <usize>slots << 3
  const table = arenaKeep(bytes)
  memory.fill(table, 0, bytes)
  store<u32>(TABLES + (<usize>id << 3), <u32>table)
  store<u32>(TABLES + (<usize>id << 3), slots - 1, 4)
}

function insert(table: usize, mask: u32, key: u64, value: u32): void {
  const fp = fingerprint(key)
  let s = <u32>key & mask
  while (true) {
    const slot = table + (<usize>s << 3)
    const k = load<u64>(slot)
    if (k == 0 || (k & ~VALUE_MASK) == fp) {
      // A word listed twice keeps the union of its values.
      store<u64>(slot, fp | ((k | <u64>value) & VALUE_MASK))
      return
    }
    s = (s + 1) & mask
  }
}

/** Index the list at [p, p+len) into table `id`: `#value` lines (base 36), each followed by its words. */
export function lexiconBuild(id: u32, p: usize, len: usize): void {
  const table = <usize>load<u32>(TABLES + (<usize>id << 3))
  const mask = load<u32>(TABLES + (<usize>id << 3), 4)
  let i: usize = 0
  let value: u32 = 0
  while (i < len) {
    const start = i
    while (i < len && load<u8>(p + i) != 10) i++
    if (i > start) {
      if (load<u8>(p + start) == 0x23) {
        value = 0
        for (let k = start + 1; k < i; k++) {
          const c = <u32>load<u8>(p + k)
          value = value * 36 + (c <= 0x39 ? c - 0x30 : c - 0x57)
        }
      } else insert(table, mask, hashLower(FNV_SEED, p + start, i - start), value)
    }
    i++
  }
}

/** Value of the word with hash `key` in table `id` (0 when absent or not loaded). */
export function lexiconLookup(id: u32, key: u64): u32 {
  const table = <usize>load<u32>(TABLES + (<usize>id << 3))
  if (table == 0) return 0
  const mask = load<u32>(TABLES + (<usize>id << 3), 4)
  const fp = fingerprint(key)
  let s = <u32>key & mask
  while (true) {
    const k = load<u64>(table + (<usize>s << 3))
    if (k == 0) return 0
    if ((k & ~VALUE_MASK) == fp) return <u32>(k & VALUE_MASK)
    s = (s + 1) & mask
  }
  return 0
}
