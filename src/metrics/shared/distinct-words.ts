// How many distinct words a text has, up to a cap: the one measure of a text's size that repetition does
// not change. The prompt-manipulation head scales its learned evidence by it (short texts such as "ok"
// carry too few words for the head's mean to mean much), and a text repeated n times has the distinct
// words of the text once, so its score stays that of the text once. The training scripts run it too,
// from the built build/rules.js; it reads the core's word spans (UTF-8 byte offsets) over the text's bytes.

// Hashes of the words seen so far, kept between calls (a call allocates nothing for caps up to 64).
const SEEN = new Uint32Array(64)
// Above 64, an open-addressed table of hashes; a slot belongs to this call when its stamp is the call's,
// so the table is never cleared and the count stays linear in the words for any cap.
let table = new Uint32Array(0)
let stamps = new Uint32Array(0)
let call = 0

/**
 * Distinct words (ASCII case folded, by 32-bit FNV-1a of their bytes) among the first words of a text,
 * stopping as soon as `cap` are found: linear, and a few dozen words for ordinary prose. `bytes` is the
 * core's memory, `ptr` the start of the text's UTF-8 bytes, `spans` the [start, end) byte offsets of
 * every word relative to `ptr`.
 */
export function distinctWords(bytes: Uint8Array, ptr: number, spans: ArrayLike<number>, nWords: number, cap: number): number {
  const small = cap <= SEEN.length
  let mask = 0
  if (!small) {
    let size = 128
    while (size < 2 * cap) size *= 2
    if (table.length < size) {
      table = new Uint32Array(size)
      stamps = new Uint32Array(size)
      call = 0
    }
    mask = size - 1
    if (++call === 0x100000000) {
      stamps.fill(0)
      call = 1
    }
  }
  let n = 0
  for (let w = 0; w < nWords && n < cap; w++) {
    let h = 0x811c9dc5
    for (let i = ptr + spans[2 * w], e = ptr + spans[2 * w + 1]; i < e; i++) {
      let c = bytes[i]
      if (c >= 0x41 && c <= 0x5a) c |= 0x20
      h = Math.imul(h ^ c, 0x01000193) >>> 0
    }
    if (small) {
      let k = 0
      while (k < n && SEEN[k] !== h) k++
      if (k === n) SEEN[n++] = h
      continue
    }
    let k = (h ^ (h >>> 16)) & mask
    while (stamps[k] === call && table[k] !== h) k = (k + 1) & mask
    if (stamps[k] !== call) {
      stamps[k] = call
      table[k] = h
      n++
    }
  }
  return n
}

/** Distinct words counted for a text's share of distinct words (the n-gram heads' `distinct` scale). */
export const SHARE_CAP = 4096

/**
 * Share of a text's words that are distinct (distinct words up to SHARE_CAP, over all words; 0 for no
 * word). Repeating a text k times divides it by k while the head's feature count grows k times, so
 * sqrt(share / features) gives the repeated text the head input of the text once.
 */
export function distinctShare(bytes: Uint8Array, ptr: number, spans: ArrayLike<number>, nWords: number): number {
  return nWords > 0 ? distinctWords(bytes, ptr, spans, nWords, SHARE_CAP) / nWords : 0
}
