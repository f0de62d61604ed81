// Context: flags of the words just before a position, and sentence boundaries, read on demand by the
// recognisers (a context word costs a gazetteer lookup, so only candidates pay for it).
import { FNV_SEED, hashLower } from '../text/hash'
import { gazLookup } from './gazetteer'
import { P, at, prevWordStart } from './state'
import { eqi, isAlnum, isAlpha } from './text'

/** Flags of the word ending before `pos` (skipping spaces and punctuation, not across a blank line). */
export function wordBefore(pos: usize): u32 {
  let i = pos
  while (i > 0) {
    const c = at(i - 1)
    if (isAlnum(c) || c >= 0x80 || c == 0x27 || c == 0x23) break
    if (pos - i > 6) {
      prevWordStart = 0
      return 0
    }
    i--
  }
  const e = i
  while (i > 0) {
    const c = at(i - 1)
    if (!(isAlnum(c) || c >= 0x80 || c == 0x27 || c == 0x2e || c == 0x23 || c == 0x2f)) break
    i--
  }
  prevWordStart = i
  if (e == i) return 0
  let f = gazLookup(hashLower(FNV_SEED, P + i, e - i))
  // "tel." / "ph." style words are listed with their dot.
  if ((at(e) == 0x2e || at(e) == 0x3a) && e - i <= 5) f |= gazLookup(hashLower(FNV_SEED, P + i, e - i + 1))
  return f
}

/** OR of the flags of up to `words` words before `pos`. */
export function contextBefore(pos: usize, words: i32): u32 {
  let f: u32 = 0
  let p = pos
  for (let k = 0; k < words && p > 0; k++) {
    f |= wordBefore(p)
    if (prevWordStart == 0 && p > 0 && f == 0 && k > 0) break
    p = prevWordStart
  }
  return f
}

/** Does the previous sentence end in "name?" ("What's your last name? Arcuri")? */
export function nameQuestionBefore(s: usize): bool {
  let i = s
  while (i > 0 && (at(i - 1) == 0x20 || at(i - 1) == 0x22)) i--
  if (i < 6 || at(i - 1) != 0x3f) return false
  return eqi(i - 5, i - 1, 'name') && !isAlpha(at(i - 6))
}

/** Is the text before s (skipping spaces and quotes) a sentence end (. ! ?)? */
export function sentenceEndBefore(s: usize): bool {
  let i = s
  while (i > 0) {
    const c = at(i - 1)
    if (c == 0x20 || c == 0x22 || c == 0x27) {
      i--
      continue
    }
    return c == 0x2e || c == 0x21 || c == 0x3f
  }
  return false
}

/** Is the position at the start of a sentence (text start, newline, or after . ! ? :)? */
export function sentenceInitial(s: usize): bool {
  let i = s
  while (i > 0) {
    const c = at(i - 1)
    if (c == 0x20 || c == 0x09 || c == 0x22 || c == 0x27 || c == 0x28 || c == 0x2a) {
      i--
      continue
    }
    return c == 0x2e || c == 0x21 || c == 0x3f || c == 0x0a || c == 0x0d || c == 0x3a
  }
  return true
}
