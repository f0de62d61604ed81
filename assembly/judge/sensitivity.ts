// Sensitivity: how strongly a text touches a topic the caller names ("health", "firearms", "our
// competitors"), zero-shot, through the word vectors (vec/vectors.ts).
//
// A topic is turned once into a table over the vocabulary: for each of the V words, its closeness to
// the topic (u8, 0..254; 255 = the word is the topic word itself or shares its stem). Closeness is the
// best cosine to a small set of vectors: the topic's mean vector, its content words (discounted when
// the topic has several), and the K vocabulary words nearest the mean (discounted: one hop further).
// Building a table costs V x |set| dot products (a few ms); the caller keeps tables in slots and reuses
// them, so scoring a text is one hash lookup per word and one byte per topic: no dot product at all.
// Words outside the vocabulary count only through the stem match.
import { arenaAlloc, arenaKeep, arenaKeepZeroed, arenaMark, arenaRelease } from '../arena'
import { dotF32 } from '../vec/cosine'
import { FNV_SEED, fnvByte, hashBytes, hashLower } from '../text/hash'
import { tokenise, TOK_WORD_SPANS } from '../text/tokenise'
import { A_DIGIT, A_LOWER, A_UPPER, asciiClass, ucharInit } from '../text/uchar'
import { FRAME, MAX_WORD, addWord, dims, frame, lookup, pc, runEnd, runStart, vecs, vocabLen, vocabText, words } from '../vec/vectors'

/** Content words of a topic that get a vector and a stem of their own. */
const MAX_TOPIC_WORDS: usize = 8
const MAX_NEIGHBOURS: usize = 32
const STEM_BYTES: usize = 64
const LEXICAL: u8 = 255
/** Cosine a vocabulary word sharing a topic word's stem needs to count as that word. */
const LEXICAL_MIN: f32 = 0.35

let slotCount: usize = 0
let slotBytes: usize = 0
let slotBase: usize = 0
let norms: usize = 0 // f32 per vocabulary word: 1 / |row|
let vocabStarts: usize = 0 // u32 per vocabulary word + 1: offset of its line in the vocabulary text
// A compact copy of the vectors' word index (u32: 16-bit fingerprint << 16 | rank + 1), a quarter of its
// size, so the one lookup per word of a text stays in cache. A word outside the vocabulary takes a
// vocabulary word's rank only if it shares its bucket and fingerprint (about 1 in 20,000).
const INDEX_BITS: u64 = 15
let index: usize = 0

// Settings from the model (src/models/sensitivity.generated.ts).
let neighbours: usize = 10
let stopRank: i32 = 150
let partFactor: f32 = 0.8
let neighbourFactor: f32 = 0.9
let threshold: u32 = 152

// Slot layout: V table bytes (16-aligned), then u32 stem count, then MAX_TOPIC_WORDS stems of
// STEM_BYTES (u8 length, then the lowered stem bytes; bit 7 of the length = exact match only).
// @ts-ignore: decorator
@inline function tableOf(slot: usize): usize {
  return slotBase + slot * slotBytes
}
// @ts-ignore: decorator
@inline function stemsOf(slot: usize): usize {
  return slotBase + slot * slotBytes + ((<usize>words + 15) & ~(<usize>15))
}

/**
 * Reserve `n` topic slots for the instance and set the model's settings: `k` neighbours, words of
 * rank below `stop` are function words, a content word of a many-word topic counts `part` of a full
 * match, a neighbour `nb`, and a word counts as on-topic from closeness `thresh` (0..1). Call once,
 * after the vectors are loaded, between calls.
 */
export function sensitivityReserve(n: u32, k: u32, stop: i32, part: f64, nb: f64, thresh: f64): void {
  neighbours = <usize>k < MAX_NEIGHBOURS ? <usize>k : MAX_NEIGHBOURS
  stopRank = stop
  partFactor = <f32>part
  neighbourFactor = <f32>nb
  threshold = <u32>Math.round(thresh * 254)
  slotCount = n
  slotBytes = (((<usize>words + 15) & ~(<usize>15)) + 4 + MAX_TOPIC_WORDS * STEM_BYTES + 15) & ~(<usize>15)
  slotBase = arenaKeep(slotBytes * slotCount + <usize>words * 8 + 4)
  norms = slotBase + slotBytes * slotCount
  vocabStarts = norms + <usize>words * 4
  // Line starts of the vocabulary text, for the stem test over vocabulary words.
  let r: usize = 0
  store<u32>(vocabStarts, 0)
  for (let i: usize = 0; i < vocabLen && r < <usize>words; i++) {
    if (load<u8>(vocabText + i) == 0x0a) {
      r++
      store<u32>(vocabStarts + (r << 2), <u32>(i + 1))
    }
  }
  // The last line may lack its newline.
  if (r < <usize>words) store<u32>(vocabStarts + (<usize>words << 2), <u32>(vocabLen + 1))
  index = arenaKeepZeroed(<usize>4 << <usize>INDEX_BITS)
  const mask: usize = (<usize>1 << <usize>INDEX_BITS) - 1
  for (let w: usize = 0; w < <usize>words && w < 0xffff; w++) {
    const s = <usize>load<u32>(vocabStarts + (w << 2))
    const e = <usize>load<u32>(vocabStarts + ((w + 1) << 2)) - 1
    const h = hashBytes(FNV_SEED, vocabText + s, e - s) * GOLDEN
    let b = <usize>(h >>> (64 - INDEX_BITS))
    while (load<u32>(index + (b << 2)) != 0) b = (b + 1) & mask
    store<u32>(index + (b << 2), (<u32>(h >>> 16) << 16) | <u32>(w + 1))
  }
  const row = arenaAlloc(dims << 2)
  for (let r: usize = 0; r < <usize>words; r++) {
    toF32(row, vecs + r * dims)
    // Norm of the row without the component every word shares (set vectors are made orthogonal to
    // it, so a plain dot over this norm is the cosine with that component removed).
    const p = dotF32(row, pc, dims)
    const q = dotF32(row, row, dims) - p * p
    store<f32>(norms + (r << 2), q > 1e-6 ? 1 / <f32>Math.sqrt(q) : 0)
  }
}

/** Slots reserved (0 before `sensitivityReserve`). */
export function sensitivitySlots(): u32 {
  return <u32>slotCount
}

/** out[0..dims) = the int8 row at `row`, as f32. */
// @ts-ignore: decorator
@inline function toF32(out: usize, row: usize): void {
  for (let k: usize = 0; k < dims; k += 16) {
    const v = v128.load(row + k)
    const lo = i16x8.extend_low_i8x16_s(v)
    const hi = i16x8.extend_high_i8x16_s(v)
    const o = out + (k << 2)
    v128.store(o, f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(lo)))
    v128.store(o, f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(lo)), 16)
    v128.store(o, f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(hi)), 32)
    v128.store(o, f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(hi)), 48)
  }
}

function scaleTo(x: usize, n: usize, w: f32): void {
  const ws = f32x4.splat(w)
  for (let k: usize = 0; k < n; k += 4) v128.store(x + (k << 2), f32x4.mul(ws, v128.load(x + (k << 2))))
}

/** Scale x to unit length after taking out the shared component (PC); false when nothing is left. */
function unit(x: usize): bool {
  const d = dotF32(x, pc, dims)
  const ds = f32x4.splat(d)
  for (let k: usize = 0; k < dims; k += 4) v128.store(x + (k << 2), f32x4.sub(v128.load(x + (k << 2)), f32x4.mul(ds, v128.load(pc + (k << 2)))))
  const q = dotF32(x, x, dims)
  if (q <= 0) return false
  scaleTo(x, dims, 1 / <f32>Math.sqrt(q))
  return true
}

// Endings stripped to find a stem, longest first; the stem must keep 4 bytes.
const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ies', 'ical', 'ics', 'ists', 'ist', 'ism', 'es', 'ed', 'al', 's', 'y']

/** Write the stem of the lowered word FRAME[1, 1+n) at `out` (length byte, bytes). */
function writeStem(out: usize, n: usize): void {
  let m = n
  for (let s = 0; s < SUFFIXES.length; s++) {
    const suf = SUFFIXES[s]
    const l = <usize>suf.length
    // A plural s may leave a short stem (jobs -> job); other endings must leave four bytes.
    if (n < l + (l == 1 ? 3 : 4)) continue
    let ok = true
    for (let i: usize = 0; i < l; i++) {
      if (<u32>load<u8>(FRAME + 1 + n - l + i) != <u32>suf.charCodeAt(<i32>i)) {
        ok = false
        break
      }
    }
    if (ok) {
      m = n - l
      break
    }
  }
  if (m > STEM_BYTES - 2) m = STEM_BYTES - 2
  // Short words (gun, tax, war) match exactly or with a plural ending only: as prefixes they would
  // match too much (war -> warm, ward).
  store<u8>(out, <u8>(m < 4 ? m | 0x80 : m))
  memory.copy(out + 1, FRAME + 1, m)
}

/** Does the lowered word [p, p+n) match the stem at `stem`: the stem itself, or it plus at most 4 bytes (1-2 for short stems: s, es)? */
function stemMatch(p: usize, n: usize, stem: usize): bool {
  const b = <usize>load<u8>(stem)
  const m = b & 0x7f
  const extra: usize = b & 0x80 ? 2 : 4
  if (n < m || n > m + extra) return false
  for (let i: usize = 0; i < m; i++) if (load<u8>(p + i) != load<u8>(stem + 1 + i)) return false
  if (b & 0x80 && n > m) {
    // Short stems: only s or es after them.
    const c = load<u8>(p + n - 1)
    if (c != 0x73) return false
    if (n == m + 2 && load<u8>(p + m) != 0x65) return false
  }
  return true
}

/** Does the lowered word [p, p+n) match any stem of the slot? */
function anyStem(stems: usize, p: usize, n: usize): bool {
  const count = <usize>load<u32>(stems)
  for (let i: usize = 0; i < count; i++) if (stemMatch(p, n, stems + 4 + i * STEM_BYTES)) return true
  return false
}

/**
 * Build the table of the topic [ptr, ptr+len) (UTF-8) in `slot`. Returns the number of content words
 * found (0: the topic has no word, or only function words; its table is then all zero).
 */
export function sensitivityTopic(ptr: usize, len: usize, slot: u32): u32 {
  ucharInit()
  const table = tableOf(slot)
  const stems = stemsOf(slot)
  memory.fill(table, 0, <usize>words)
  store<u32>(stems, 0)
  const mark = arenaMark()
  const setCap: usize = 1 + MAX_TOPIC_WORDS + MAX_NEIGHBOURS
  const set = arenaAlloc(setCap * dims * 4)
  const factors = arenaAlloc(setCap * 4)
  const tmp = arenaAlloc(dims << 2)
  const row = arenaAlloc(dims << 2)
  // Content words go to set[1..]. Function words (the, of, us, it) are left out: their neighbours are
  // other function words, which texts are full of, so a topic made only of them has nothing to find.
  let nContent: usize = 0
  let nStems: usize = 0
  const res = tokenise(ptr, len, TOK_WORD_SPANS)
  const spans = <usize>load<u32>(res + 16)
  const count = <usize>load<u32>(res + 24)
  for (let w: usize = 0; w < count; w++) {
    const e = <usize>load<u32>(spans + (w << 3), 4)
    let i = runStart(ptr, <usize>load<u32>(spans + (w << 3)), e)
    while (i < e) {
      const j = runEnd(ptr, i, e)
      const f = frame(ptr + i, j - i)
      const r = lookup(hashBytes(FNV_SEED, FRAME + 1, f - 2))
      const isFn = r >= 0 && r < stopRank
      if (!isFn && nContent < MAX_TOPIC_WORDS) {
        const v = set + (1 + nContent) * dims * 4
        memory.fill(v, 0, dims << 2)
        addWord(v, f, tmp, true)
        unit(v)
        writeStem(stems + 4 + nStems * STEM_BYTES, f - 2)
        nStems++
        nContent++
      }
      i = runStart(ptr, j, e)
    }
  }
  store<u32>(stems, <u32>nStems)
  if (nContent == 0) {
    arenaRelease(mark)
    return 0
  }
  // The mean of the content words' unit vectors stands for the whole phrase.
  memory.fill(set, 0, dims << 2)
  for (let c: usize = 0; c < nContent; c++) {
    const v = set + (1 + c) * dims * 4
    for (let k: usize = 0; k < dims; k += 4) v128.store(set + (k << 2), f32x4.add(v128.load(set + (k << 2)), v128.load(v + (k << 2))))
  }
  const hasMean = unit(set)
  store<f32>(factors, hasMean ? 1 : 0)
  const part: f32 = nContent > 1 ? partFactor : 1
  for (let c: usize = 0; c < nContent; c++) store<f32>(factors + ((1 + c) << 2), part)
  // The K vocabulary words nearest the mean (topic words and their stems aside), best first.
  const nbRank = arenaAlloc(MAX_NEIGHBOURS * 4)
  const nbCos = arenaAlloc(MAX_NEIGHBOURS * 4)
  let nNb: usize = 0
  if (hasMean && neighbours > 0) {
    for (let r: usize = 0; r < <usize>words; r++) {
      toF32(row, vecs + r * dims)
      const c = dotF32(row, set, dims) * load<f32>(norms + (r << 2))
      if (nNb == neighbours && c <= load<f32>(nbCos + ((nNb - 1) << 2))) continue
      if (<i32>r < stopRank || isTopicWord(r, stems)) continue
      let at = nNb < neighbours ? nNb : nNb - 1
      while (at > 0 && load<f32>(nbCos + ((at - 1) << 2)) < c) {
        store<f32>(nbCos + (at << 2), load<f32>(nbCos + ((at - 1) << 2)))
        store<u32>(nbRank + (at << 2), load<u32>(nbRank + ((at - 1) << 2)))
        at--
      }
      store<f32>(nbCos + (at << 2), c)
      store<u32>(nbRank + (at << 2), <u32>r)
      if (nNb < neighbours) nNb++
    }
  }
  const setN: usize = 1 + nContent + nNb
  for (let b: usize = 0; b < nNb; b++) {
    const v = set + (1 + nContent + b) * dims * 4
    toF32(v, vecs + <usize>load<u32>(nbRank + (b << 2)) * dims)
    unit(v)
    store<f32>(factors + ((1 + nContent + b) << 2), neighbourFactor)
  }
  for (let r: usize = 0; r < <usize>words; r++) {
    toF32(row, vecs + r * dims)
    const inv = load<f32>(norms + (r << 2))
    if (isTopicWord(r, stems)) {
      // A shared stem counts only when the meaning agrees (cooking -> cooked, not cookies; home ->
      // homes, not homer), unless no topic word has a vector to tell.
      let c: f32 = hasMean ? 0 : 1
      for (let s: usize = 1; s <= nContent; s++) {
        const d = dotF32(row, set + s * dims * 4, dims) * inv
        if (d > c) c = d
      }
      if (c >= LEXICAL_MIN) {
        store<u8>(table + r, nContent > 1 ? <u8>Math.round(254 * partFactor) : LEXICAL)
        continue
      }
    }
    let best: f32 = 0
    for (let s: usize = 0; s < setN; s++) {
      const c = dotF32(row, set + s * dims * 4, dims) * inv * load<f32>(factors + (s << 2))
      if (c > best) best = c
    }
    store<u8>(table + r, <u8>Math.round(<f64>(best > 1 ? 1 : best) * 254))
  }
  arenaRelease(mark)
  return <u32>nContent
}

function isTopicWord(r: usize, stems: usize): bool {
  const s = <usize>load<u32>(vocabStarts + (r << 2))
  const e = <usize>load<u32>(vocabStarts + ((r + 1) << 2))
  return anyStem(stems, vocabText + s, e - s - 1)
}

// ---- the words of a text ---------------------------------------------------------------------------
// Words are the vectors' words: runs of letters and digits (uchar byte classes), lowered and hashed as
// vec/vectors.ts hashes them. One pass finds and hashes ASCII runs at once; a run with any other byte
// goes through the vectors' own run functions. (A pass of the tokeniser first, then of the runs inside
// its words, costs four times as much and finds the same runs.)

let wordStart: usize = 0
let wordEnd: usize = 0
let wordHash: u64 = 0

/** Find the next word at or after i (< e) into wordStart, wordEnd, wordHash; false when there is none. */
function nextWord(ptr: usize, i: usize, e: usize): bool {
  while (i < e) {
    const c = <u32>load<u8>(ptr + i)
    if (c >= 0x80) {
      i = runStart(ptr, i, e)
      break
    }
    const k = asciiClass(c)
    if (k == A_LOWER || k == A_UPPER || k == A_DIGIT) break
    i++
  }
  if (i >= e) return false
  wordStart = i
  let h = FNV_SEED
  let n: usize = 0
  while (i < e) {
    const c = <u32>load<u8>(ptr + i)
    if (c >= 0x80) {
      const j = runEnd(ptr, i, e)
      const m = j - wordStart
      wordEnd = j
      wordHash = hashLower(FNV_SEED, ptr + wordStart, m < MAX_WORD ? m : MAX_WORD)
      return true
    }
    const k = asciiClass(c)
    if (k == A_UPPER) {
      if (n < MAX_WORD) h = fnvByte(h, c | 0x20)
    } else if (k == A_LOWER || k == A_DIGIT) {
      if (n < MAX_WORD) h = fnvByte(h, c)
    } else break
    n++
    i++
  }
  wordEnd = i
  wordHash = h
  return true
}

const GOLDEN: u64 = 0x9e3779b97f4a7c15

/** Rank of the word with hash `key` in the compact index, or -1. */
// @ts-ignore: decorator
@inline function rankOf(key: u64): i32 {
  const h = key * GOLDEN
  const mask: usize = (<usize>1 << <usize>INDEX_BITS) - 1
  const fp = <u32>(h >>> 16) << 16
  let b = <usize>(h >>> (64 - INDEX_BITS))
  while (true) {
    const e = load<u32>(index + (b << 2))
    if (e == 0) return -1
    if ((e & 0xffff0000) == fp) return <i32>(e & 0xffff) - 1
    b = (b + 1) & mask
  }
}

/** Per-topic statistics out of `sensitivityScore`, f32 each. */
const STATS: usize = 6
const TOP: usize = 3

/**
 * Score the text [ptr, ptr+len) against `n` topics whose slots are the u32 at `slotsPtr`. Returns a
 * pointer to n x 6 f32: best closeness (0..1), mean of the 3 best, share of content words at or above
 * the threshold, stem matches, words at or above the threshold, content words (same for every topic).
 * Closeness of a stem match is 1.
 */
export function sensitivityScore(ptr: usize, len: usize, slotsPtr: usize, n: u32): usize {
  ucharInit()
  const nt = <usize>n
  const out = arenaAlloc(nt * STATS * 4)
  const top = arenaAlloc(nt * TOP * 4) // u32 closeness, best first
  const lex = arenaAlloc(nt * 4)
  const above = arenaAlloc(nt * 4)
  memory.fill(top, 0, nt * TOP * 4)
  memory.fill(lex, 0, nt * 4)
  memory.fill(above, 0, nt * 4)
  let nContent: u32 = 0
  let i: usize = 0
  while (nextWord(ptr, i, len)) {
    i = wordEnd
    const r = rankOf(wordHash)
    if (r >= 0 && r < stopRank) continue
    nContent++
    // Words outside the vocabulary are lowered once, for the stem test.
    const f = r < 0 ? frame(ptr + wordStart, wordEnd - wordStart) : 0
    for (let t: usize = 0; t < nt; t++) {
      const slot = <usize>load<u32>(slotsPtr + (t << 2))
      let q: u32
      if (r >= 0) q = <u32>load<u8>(tableOf(slot) + <usize>r)
      else q = anyStem(stemsOf(slot), FRAME + 1, f - 2) ? LEXICAL : 0
      if (q == 0) continue
      if (q == LEXICAL) store<u32>(lex + (t << 2), load<u32>(lex + (t << 2)) + 1)
      if (q >= threshold) store<u32>(above + (t << 2), load<u32>(above + (t << 2)) + 1)
      // Insert into the topic's three best.
      const tp = top + t * TOP * 4
      if (q <= load<u32>(tp + (TOP - 1) * 4)) continue
      let at = TOP - 1
      while (at > 0 && load<u32>(tp + ((at - 1) << 2)) < q) {
        store<u32>(tp + (at << 2), load<u32>(tp + ((at - 1) << 2)))
        at--
      }
      store<u32>(tp + (at << 2), q)
    }
  }
  for (let t: usize = 0; t < nt; t++) {
    const tp = top + t * TOP * 4
    const o = out + t * STATS * 4
    const q0 = closeness(load<u32>(tp))
    store<f32>(o, q0)
    store<f32>(o, (q0 + closeness(load<u32>(tp, 4)) + closeness(load<u32>(tp, 8))) / 3, 4)
    const a = load<u32>(above + (t << 2))
    store<f32>(o, nContent > 0 ? <f32>a / <f32>nContent : 0, 8)
    store<f32>(o, <f32>load<u32>(lex + (t << 2)), 12)
    store<f32>(o, <f32>a, 16)
    store<f32>(o, <f32>nContent, 20)
  }
  return out
}

// @ts-ignore: decorator
@inline function closeness(q: u32): f32 {
  return q >= <u32>LEXICAL ? 1 : <f32>q / 254
}

const MATCHES_RESULT: usize = memory.data(16, 16)

/**
 * The content words of a text with their closeness to the topic in `slot`, for explanations: returns
 * 3 u32: count, spans pointer (u32 [start, end) byte offsets), closeness pointer (f32; 1 = stem match,
 * and flagged by +1, so 2). Words of closeness 0 are left out.
 */
export function sensitivityMatches(ptr: usize, len: usize, slot: u32): usize {
  ucharInit()
  const cap = (len >> 1) + 1
  const outSpans = arenaAlloc(cap << 3)
  const outC = arenaAlloc(cap << 2)
  let n: usize = 0
  let i: usize = 0
  while (n < cap && nextWord(ptr, i, len)) {
    i = wordEnd
    const r = rankOf(wordHash)
    if (r >= 0 && r < stopRank) continue
    let q: u32
    if (r >= 0) q = <u32>load<u8>(tableOf(slot) + <usize>r)
    else q = anyStem(stemsOf(slot), FRAME + 1, frame(ptr + wordStart, wordEnd - wordStart) - 2) ? LEXICAL : 0
    if (q == 0) continue
    store<u32>(outSpans + (n << 3), <u32>wordStart)
    store<u32>(outSpans + (n << 3), <u32>wordEnd, 4)
    store<f32>(outC + (n << 2), q == LEXICAL ? 2 : closeness(q))
    n++
  }
  store<u32>(MATCHES_RESULT, <u32>n)
  store<u32>(MATCHES_RESULT, <u32>outSpans, 4)
  store<u32>(MATCHES_RESULT, <u32>outC, 8)
  return MATCHES_RESULT
}
