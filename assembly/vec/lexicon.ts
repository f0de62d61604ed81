// Word lexicons for judgement models: lower-cased word -> 32 flag bits, in an open-addressing table
// keyed by the core's one hash (hashLower of the word), so a feature walk that has already hashed a
// word looks it up for free. Unlike the PII gazetteer (one global table) a lexicon is a handle, so
// several models can each keep their own.
//
// Layout of a lexicon (kept for the instance's life): u32 slot mask, u32 entries, then 16-byte slots
// of (u64 key, u32 flags, u32 unused). Key 0 marks an empty slot; FNV-1a of a word is never 0 in
// practice, and if it were, that one word would simply go unflagged.

import { arenaKeepZeroed } from '../arena'
import { FNV_SEED, hashLower } from '../text/hash'

const HEADER: usize = 16

/** Bytes a lexicon of `entries` words takes (load factor at most 0.5). */
export function lexiconBytes(entries: u32): usize {
  return HEADER + (<usize>lexiconSlots(entries) << 4)
}

function lexiconSlots(entries: u32): u32 {
  let slots: u32 = 64
  while (slots < entries << 1) slots <<= 1
  return slots
}

/** Flags of the word whose hashLower is `key` (0 when absent or `lex` is 0). */
// @ts-ignore: decorator
@inline export function lexiconGet(lex: usize, key: u64): u32 {
  if (lex == 0) return 0
  const mask = load<u32>(lex)
  let s = (<u32>(key >>> 32) ^ <u32>key) & mask
  while (true) {
    const slot = lex + HEADER + (<usize>s << 4)
    const k = load<u64>(slot)
    if (k == key) return load<u32>(slot, 8)
    if (k == 0) return 0
    s = (s + 1) & mask
  }
}

function lexiconPut(lex: usize, key: u64, flags: u32): void {
  const mask = load<u32>(lex)
  let s = (<u32>(key >>> 32) ^ <u32>key) & mask
  while (true) {
    const slot = lex + HEADER + (<usize>s << 4)
    const k = load<u64>(slot)
    if (k == 0 || k == key) {
      store<u64>(slot, key)
      store<u32>(slot, load<u32>(slot, 8) | flags, 8)
      if (k == 0) store<u32>(lex, load<u32>(lex, 4) + 1, 4)
      return
    }
    s = (s + 1) & mask
  }
}

/**
 * Build a lexicon, kept for the instance's life, from `word\tflags\n` lines at [p, p+len) (flags in
 * decimal; a word listed twice gets the union of its flags). Returns its handle.
 */
export function lexiconBuild(p: usize, len: usize): usize {
  let lines: u32 = 0
  for (let i: usize = 0; i < len; i++) if (load<u8>(p + i) == 10) lines++
  const slots = lexiconSlots(lines + 1)
  const bytes = HEADER + (<usize>slots << 4)
  const lex = arenaKeepZeroed(bytes)
  store<u32>(lex, slots - 1)
  let i: usize = 0
  while (i < len) {
    const start = i
    let tab: usize = 0
    while (i < len && load<u8>(p + i) != 10) {
      if (load<u8>(p + i) == 9) tab = i
      i++
    }
    if (tab > start) {
      let flags: u32 = 0
      for (let k = tab + 1; k < i; k++) flags = flags * 10 + (<u32>load<u8>(p + k) - 0x30)
      lexiconPut(lex, hashLower(FNV_SEED, p + start, tab - start), flags)
    }
    i++
  }
  return lex
}
