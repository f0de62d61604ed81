// Word ids kept across calls. The grounding of the faithfulness and context-relevancy metrics
// (src/metrics/grounded/grounding/align.ts) reads every word of a context, and what it needs of a word
// (stop word, negation, key, kind) depends on the word's spelling only; a context repeats its words and
// calls repeat contexts. Lower-casing each word and looking its key up in JavaScript was most of a call
// (a string per word), so the core gives each word an id by its exact bytes, the same id in every call,
// and the TypeScript side keeps what a word means per id: a word it has seen costs it an array read.
//
// The table: open addressing over FNV-1a hashes (text/hash.ts), SLOTS slots of (hash, id + 1), the
// words' bytes in a store, and per id its offset and length. It holds at most CAP words; a word it
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
import { FNV_SEED, hashBytes } from './hash'

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

// Slots: u32 hash, u32 id + 1 (0: empty). Per id: u32 offset into the store, u32 length.
let slots: usize = 0
let spans: usize = 0
let words: usize = 0
let count: u32 = 0
let storeTop: u32 = 0

/** Reserve the table for the life of the instance. Call once, between calls. */
export function wordIdsInit(): void {
  if (slots != 0) return
  const base = arenaKeepZeroed(<usize>SLOTS * 8 + <usize>CAP * 8 + <usize>STORE)
  slots = base
  spans = base + <usize>SLOTS * 8
  words = spans + <usize>CAP * 8
  count = 0
  storeTop = 0
}

/** Forget every word. Call between calls only: the caller's meanings of ids go with them. */
export function wordIdsClear(): void {
  if (slots == 0) return
  memory.fill(slots, 0, <usize>SLOTS * 8)
  count = 0
  storeTop = 0
}

export function wordIdsCount(): u32 {
  return count
}

/** Id of the bytes [p, p+n), adding them when new and there is room; NONE otherwise. */
function idOf(p: usize, n: u32): u32 {
  if (n > MAX_LEN || slots == 0) return NONE
  const h = <u32>hashBytes(FNV_SEED, p, n)
  // Fibonacci hashing of the hash's bits picks the first slot; linear probing from there.
  let s = (h * 0x9e3779b1) >>> (32 - SLOT_BITS)
  while (true) {
    const at = slots + (<usize>s << 3)
    const stored = load<u32>(at, 4)
    if (stored == 0) break
    if (load<u32>(at) == h) {
      const id = stored - 1
      const span = spans + (<usize>id << 3)
      if (load<u32>(span, 4) == n && memory.compare(words + <usize>load<u32>(span), p, n) == 0) return id
    }
    s = (s + 1) & (SLOTS - 1)
  }
  if (count >= CAP || storeTop + n > STORE) return NONE
  const id = count++
  const at = slots + (<usize>s << 3)
  store<u32>(at, h)
  store<u32>(at, id + 1, 4)
  const span = spans + (<usize>id << 3)
  store<u32>(span, storeTop)
  store<u32>(span, n, 4)
  memory.copy(words + <usize>storeTop, p, n)
  storeTop += n
  return id
}

/** Ids of `n` words given as [start, end) byte offsets from `text` (u32 pairs at `at`). */
export function wordIds(text: usize, at: usize, n: u32): usize {
  const out = arenaAlloc(<usize>n << 2)
  for (let i: u32 = 0; i < n; i++) {
    const s = load<u32>(at + (<usize>i << 3))
    const e = load<u32>(at + (<usize>i << 3), 4)
    store<u32>(out + (<usize>i << 2), e > s ? idOf(text + <usize>s, e - s) : NONE)
  }
  return out
}
