// Word ids kept across calls. The grounding of the faithfulness and context-relevancy metrics
// (src/metrics/grounded/grounding/align.ts) reads every word of a context, and what it needs of a word
// (stop word, negation, key, kind) depends on the word's spelling only; a context repeats its words and
// calls repeat contexts. Lower-casing each word and looking its key up in JavaScript was most of a call
// (a string per word), so the core gives each word an id by its exact bytes, the same id in every call,
// and the TypeScript side keeps what a word means per id: a word it has seen costs it an array read.
//
// The table: open addressing, SLOTS slots (below), the words' bytes in a store, and per id its offset. It holds at most CAP words; a word it
// cannot take (full, or longer than MAX_LEN bytes) gets NONE and the caller reads that word itself.
// It is emptied only by `wordIdsClear`, between calls, so ids never change meaning inside a call.
//
// ABI:
//   wordIdsInit()                   reserve the table (once per instance, between calls)
//   wordIds(text, spans, count)     pointer to `count` u32 ids (arena), one per [start, end) byte span
//                                   (u32 pairs at `spans`, offsets from `text`); NONE for a word not kept
//   wordIdsCount()                  ids handed out since the last clear
//   wordIdsClear()                  forget every word (between calls)
import { arenaAlloc, arenaKeepZeroed } from '../arena'

/** Words the table holds (src/core/abi.ts WORD_IDS mirrors these three). */
export const WORDIDS_CAP: u32 = 16384
/** Longest word kept, in bytes. */
export const WORDIDS_MAX_LEN: u32 = 64
/** The id of a word not kept. */
export const WORDIDS_NONE: u32 = 4294967295
const CAP = WORDIDS_CAP
const MAX_LEN = WORDIDS_MAX_LEN
const NONE = WORDIDS_NONE
// Twice as many slots as words, so a probe stays short.
const SLOT_BITS: u32 = 15
const SLOTS: u32 = 1 << SLOT_BITS
const STORE: u32 = 256 << 10

// Slots, 16 bytes: the word's first 8 bytes (zero-padded; u64), its hash (u32), its length (u16) and
// id + 1 (u16; 0: empty). A word of up to 8 bytes (most words) is found by comparing the slot alone;
// a longer one is compared with its bytes in the store. Per id: u32 offset into the store.
let slots: usize = 0
let offsets: usize = 0
let words: usize = 0
let count: u32 = 0
let storeTop: u32 = 0
/** End of memory the last time it was read: loads of 8 bytes stay below it. */
let memEnd: usize = 0

/** Reserve the table for the life of the instance. Call once, between calls. */
export function wordIdsInit(): void {
  if (slots != 0) return
  const base = arenaKeepZeroed(<usize>SLOTS * 16 + <usize>CAP * 4 + <usize>STORE)
  slots = base
  offsets = base + <usize>SLOTS * 16
  words = offsets + <usize>CAP * 4
  count = 0
  storeTop = 0
}

/** Forget every word. Call between calls only: the caller's meanings of ids go with them. */
export function wordIdsClear(): void {
  if (slots == 0) return
  memory.fill(slots, 0, <usize>SLOTS * 16)
  count = 0
  storeTop = 0
}

export function wordIdsCount(): u32 {
  return count
}

const MUL: u64 = 0x9e3779b97f4a7c15

/** The first min(n, 8) bytes at p as a u64, zero-padded. */
// @ts-ignore: decorator
@inline function head8(p: usize, n: u32): u64 {
  if (p + 8 <= memEnd) {
    const v = load<u64>(p)
    return n >= 8 ? v : v & ((<u64>1 << (<u64>n << 3)) - 1)
  }
  let v: u64 = 0
  const m = n < 8 ? n : 8
  for (let i: u32 = 0; i < m; i++) v |= (<u64>load<u8>(p + i)) << (<u64>i << 3)
  return v
}

/** Id of the bytes [p, p+n), adding them when new and there is room; NONE otherwise. */
function idOf(p: usize, n: u32): u32 {
  if (n > MAX_LEN || slots == 0) return NONE
  const first = head8(p, n)
  // Multiply-xorshift over 8-byte blocks (a private table: not the features' FNV hash, which costs a
  // multiply per byte).
  let h: u64 = (first ^ <u64>n) * MUL
  for (let i: u32 = 8; i < n; i += 8) h = ((h ^ (h >> 29)) ^ head8(p + i, n - i)) * MUL
  const h32 = <u32>(h >> 32)
  let s = h32 >>> (32 - SLOT_BITS)
  while (true) {
    const at = slots + (<usize>s << 4)
    const tag = load<u32>(at, 12)
    if (tag == 0) break
    if (load<u64>(at) == first && load<u32>(at, 8) == h32 && (tag & 0xffff) == n) {
      const id = (tag >>> 16) - 1
      if (n <= 8 || memory.compare(words + <usize>load<u32>(offsets + (<usize>id << 2)) + 8, p + 8, n - 8) == 0) return id
    }
    s = (s + 1) & (SLOTS - 1)
  }
  if (count >= CAP || storeTop + n > STORE) return NONE
  const id = count++
  const at = slots + (<usize>s << 4)
  store<u64>(at, first)
  store<u32>(at, h32, 8)
  store<u32>(at, ((id + 1) << 16) | n, 12)
  store<u32>(offsets + (<usize>id << 2), storeTop)
  memory.copy(words + <usize>storeTop, p, n)
  storeTop += n
  return id
}

/** Ids of `n` words given as [start, end) byte offsets from `text` (u32 pairs at `at`). */
export function wordIds(text: usize, at: usize, n: u32): usize {
  const out = arenaAlloc(<usize>n << 2)
  memEnd = (<usize>memory.size()) << 16
  for (let i: u32 = 0; i < n; i++) {
    const s = load<u32>(at + (<usize>i << 3))
    const e = load<u32>(at + (<usize>i << 3), 4)
    store<u32>(out + (<usize>i << 2), e > s ? idOf(text + <usize>s, e - s) : NONE)
  }
  return out
}
