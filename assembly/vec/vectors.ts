// Static word vectors and text vectors (src/models/vectors.generated.ts, built by
// scripts/build-vectors.mjs, which mirrors this file in JavaScript).
//
// A text's vector is one row of ROW floats, unit length, so the cosine of two texts is one dot product:
//  - [0, D): SIF-weighted sum of its words' vectors, a / (a + p(rank)), with the component every text
//    shares (PC) removed. A word outside the vocabulary may get the mean vector of its character
//    n-grams (3..5 bytes of '<word>', hashed into 2^ngramBits buckets, each bucket the mean of the
//    vocabulary words holding it), weighted by the model's oovWeight (0 turns it off).
//  - [D, ROW): its character trigrams hashed with a sign into 2^lexBits buckets, each weighted by its
//    word's IDF (from rank): the lexical overlap, which word vectors blur, and the part through which
//    names, rare words and typos count.
// The two parts are unit-scaled and weighted sqrt(alpha), sqrt(1 - alpha) before the row is scaled
// to unit length, so the dot of two rows is alpha cos(word vectors) + (1 - alpha) cos(trigrams).
// Words are the tokeniser's word spans split into runs of letters and digits ("don't" -> don, t,
// as the vocabulary has them), lower-cased as `hashLower` lowers them, at most 60 bytes each.
import { arenaAlloc, arenaKeep, arenaMark, arenaRelease } from '../arena'
import { FNV_SEED, frameLower, hashBytes } from '../text/hash'
import { dotF32 } from './cosine'
import { tokenise, TOK_WORD_SPANS } from '../text/tokenise'
import { A_DIGIT, A_HIGH, A_LOWER, A_UPPER, U_JOIN, U_LETTER, asciiClass, cpLen, decodeAt, uclass, ucharInit } from '../text/uchar'

export const MAX_WORD: usize = 60

// FNV-1a's top bits are poorly mixed for keys of a few bytes (its multiply only carries upward), so
// buckets and slots take the top bits of the hash times an odd constant (Fibonacci hashing).
const GOLDEN: u64 = 0x9e3779b97f4a7c15

/** Bucket of hash `h` among 2^bits. */
// @ts-ignore: decorator
@inline function bucketOf(h: u64, bits: u64): usize {
  return <usize>((h * GOLDEN) >>> (64 - bits))
}

export let dims: usize = 0
export let words: u32 = 0
export let vecs: usize = 0 // i8, words x dims
export let pc: usize = 0 // f32, dims
export let vocabText: usize = 0
export let vocabLen: usize = 0
let sif: usize = 0 // f32 per word
let idf: usize = 0 // f32 per word
let slots: usize = 0 // u64: key's low 48 bits << 16 | rank + 1
let slotBits: u64 = 0
let grams: usize = 0 // f32, buckets x dims
let gramHas: usize = 0 // u8 per bucket
let ngMin: usize = 3
let ngMax: usize = 5
let ngBits: u64 = 13
let lexBits: u64 = 10
let oovIdf: f32 = 0
let oovWeight: f32 = 0
let wSem: f32 = 0
let wLex: f32 = 0

/** Floats in one text row (0 before the model is loaded). */
export let rowFloats: usize = 0

// '<' + lowered word + '>'
export const FRAME: usize = memory.data(<i32>MAX_WORD + 16, 16)

/**
 * Reserve memory kept for the instance for `n` words of `d` dimensions (d a multiple of 16) and a
 * vocabulary text of `textLen` bytes. Returns the block to fill: n*d int8 vectors, then (16-aligned)
 * d f32 for PC, then the vocabulary text, one word a line in rank order.
 */
export function vectorsReserve(n: u32, d: u32, textLen: u32): usize {
  words = n
  dims = d
  const vecBytes = (<usize>n * d + 15) & ~(<usize>15)
  vecs = arenaKeep(vecBytes + <usize>d * 4 + textLen)
  pc = vecs + vecBytes
  vocabText = pc + <usize>d * 4
  vocabLen = textLen
  return vecs
}

/** Rank of the word with hash `key`, or -1. */
export function lookup(key: u64): i32 {
  const mask = (<usize>1 << <usize>slotBits) - 1
  let s = bucketOf(key, slotBits)
  const fp = key << 16
  while (true) {
    const e = load<u64>(slots + (s << 3))
    if (e == 0) return -1
    if ((e & ~(<u64>0xffff)) == fp) return <i32>(e & 0xffff) - 1
    s = (s + 1) & mask
  }
}

/**
 * Build the tables from the reserved block: the word index, SIF and IDF weights from rank, and the
 * n-gram table. Settings as in the generated model. Call once, between calls.
 */
export function vectorsLoad(sifA: f64, zipfC: f64, oovRank: f64, oovW: f64, nMin: u32, nMax: u32, nBits: u32, lBits: u32, alpha: f64): void {
  oovWeight = <f32>oovW
  ngMin = nMin
  ngMax = nMax
  ngBits = nBits
  lexBits = lBits
  oovIdf = <f32>Math.log(10 * (oovRank + 1))
  wSem = <f32>Math.sqrt(alpha)
  wLex = <f32>Math.sqrt(1 - alpha)
  slotBits = 1
  while ((<u64>1 << slotBits) < (<u64>words << 1)) slotBits++
  // Weight 0 turns the n-gram vectors off (such words then count through their trigrams only).
  const buckets = oovWeight > 0 ? <usize>1 << <usize>ngBits : 0
  const nSlots = <usize>1 << <usize>slotBits
  const keep = arenaKeep(nSlots * 8 + <usize>words * 8 + buckets * dims * 4 + buckets)
  slots = keep
  sif = slots + nSlots * 8
  idf = sif + <usize>words * 4
  grams = idf + <usize>words * 4
  gramHas = grams + buckets * dims * 4
  memory.fill(keep, 0, nSlots * 8 + <usize>words * 8 + buckets * dims * 4 + buckets)
  const counts = arenaAlloc(buckets * 4)
  memory.fill(counts, 0, buckets * 4)
  const mask = nSlots - 1
  let start: usize = 0
  let r: u32 = 0
  for (let i: usize = 0; i <= vocabLen && r < words; i++) {
    if (i < vocabLen && load<u8>(vocabText + i) != 0x0a) continue
    const n = i - start
    const key = hashBytes(FNV_SEED, vocabText + start, n)
    let s = bucketOf(key, slotBits)
    while (load<u64>(slots + (s << 3)) != 0) s = (s + 1) & mask
    store<u64>(slots + (s << 3), (key << 16) | <u64>(r + 1))
    const p = zipfC / <f64>(r + 1)
    store<f32>(sif + (<usize>r << 2), <f32>(sifA / (sifA + p)))
    store<f32>(idf + (<usize>r << 2), <f32>Math.log(10 * <f64>(r + 1)))
    // Each n-gram bucket sums the vectors of the words that hold it.
    const m = n < MAX_WORD ? n : MAX_WORD
    frameLower(FRAME, vocabText + start, m)
    const row = vecs + <usize>r * dims
    if (buckets > 0) for (let g = ngMin; g <= ngMax; g++) {
      for (let j: usize = 0; j + g <= m + 2; j++) {
        const b = bucketOf(hashBytes(FNV_SEED, FRAME + j, g), ngBits)
        addI8(grams + b * dims * 4, row, 1)
        store<f32>(counts + (b << 2), load<f32>(counts + (b << 2)) + 1)
      }
    }
    start = i + 1
    r++
  }
  for (let b: usize = 0; b < buckets; b++) {
    const c = load<f32>(counts + (b << 2))
    if (c == 0) continue
    store<u8>(gramHas + b, 1)
    scale(grams + b * dims * 4, dims, 1 / c)
  }
  rowFloats = dims + (<usize>1 << <usize>lexBits)
}

// ---- SIMD helpers --------------------------------------------------------------------------------

/** acc[0..dims) += w * row[0..dims) (row int8). */
// @ts-ignore: decorator
@inline function addI8(acc: usize, row: usize, w: f32): void {
  const ws = f32x4.splat(w)
  for (let k: usize = 0; k < dims; k += 16) {
    const v = v128.load(row + k)
    const lo = i16x8.extend_low_i8x16_s(v)
    const hi = i16x8.extend_high_i8x16_s(v)
    const a = acc + (k << 2)
    v128.store(a, f32x4.add(v128.load(a), f32x4.mul(ws, f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(lo)))))
    v128.store(a, f32x4.add(v128.load(a, 16), f32x4.mul(ws, f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(lo)))), 16)
    v128.store(a, f32x4.add(v128.load(a, 32), f32x4.mul(ws, f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(hi)))), 32)
    v128.store(a, f32x4.add(v128.load(a, 48), f32x4.mul(ws, f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(hi)))), 48)
  }
}

/** acc[0..n) += w * x[0..n) (f32, n a multiple of 4). */
// @ts-ignore: decorator
@inline function addF32(acc: usize, x: usize, n: usize, w: f32): void {
  const ws = f32x4.splat(w)
  for (let k: usize = 0; k < n; k += 4) {
    const o = k << 2
    v128.store(acc + o, f32x4.add(v128.load(acc + o), f32x4.mul(ws, v128.load(x + o))))
  }
}

function scale(x: usize, n: usize, w: f32): void {
  const ws = f32x4.splat(w)
  for (let k: usize = 0; k < n; k += 4) v128.store(x + (k << 2), f32x4.mul(ws, v128.load(x + (k << 2))))
}

// ---- words ---------------------------------------------------------------------------------------

/** End of the run of letters and digits starting at i (< e). */
export function runEnd(text: usize, i: usize, e: usize): usize {
  while (i < e) {
    const c = <u32>load<u8>(text + i)
    const k = asciiClass(c)
    if (k == A_LOWER || k == A_UPPER || k == A_DIGIT) {
      i++
    } else if (k == A_HIGH) {
      const u = uclass(decodeAt(text + i, text + e))
      if (u != U_LETTER && u != U_JOIN) break
      i += cpLen
    } else break
  }
  return i
}

/** Start of the next run of letters and digits at or after i, or e. */
export function runStart(text: usize, i: usize, e: usize): usize {
  while (i < e) {
    const c = <u32>load<u8>(text + i)
    const k = asciiClass(c)
    if (k == A_LOWER || k == A_UPPER || k == A_DIGIT) return i
    if (k == A_HIGH) {
      const u = uclass(decodeAt(text + i, text + e))
      if (u == U_LETTER || u == U_JOIN) return i
      i += cpLen
    } else i++
  }
  return e
}

/** Lower the word [p, p+n) into FRAME as '<' word '>' (as `hashLower` lowers); its framed length. */
export function frame(p: usize, n: usize): usize {
  const m = n < MAX_WORD ? n : MAX_WORD
  frameLower(FRAME, p, m)
  return m + 2
}

/**
 * Add the vector of the framed word in FRAME (length f) to acc, weighted: its SIF weight for a
 * vocabulary word, oovWeight for the n-gram mean of any other (1 for both when `unit`). `tmp` holds dims f32 of scratch. Returns its
 * rank, or -1 (outside the vocabulary), or -2 (no vector: none of its n-grams is known).
 */
export function addWord(acc: usize, f: usize, tmp: usize, unit: bool): i32 {
  const r = lookup(hashBytes(FNV_SEED, FRAME + 1, f - 2))
  if (r >= 0) {
    addI8(acc, vecs + <usize>r * dims, unit ? 1 : load<f32>(sif + (<usize>r << 2)))
    return r
  }
  if (oovWeight == 0) return -2
  memory.fill(tmp, 0, dims << 2)
  let n: u32 = 0
  for (let g = ngMin; g <= ngMax; g++) {
    for (let j: usize = 0; j + g <= f; j++) {
      const b = bucketOf(hashBytes(FNV_SEED, FRAME + j, g), ngBits)
      if (load<u8>(gramHas + b) == 0) continue
      addF32(tmp, grams + b * dims * 4, dims, 1)
      n++
    }
  }
  if (n == 0) return -2
  addF32(acc, tmp, dims, (unit ? 1 : oovWeight) / <f32>n)
  return -1
}

/**
 * Write the unit row of the UTF-8 text [ptr, ptr+len) at `row` (rowFloats f32, 16-byte aligned).
 * Returns 0 when the text has no word with a vector or trigram (the row is then all zero), else 1.
 */
export function vectorsEmbed(ptr: usize, len: usize, row: usize): u32 {
  ucharInit()
  const lex = row + (dims << 2)
  const lexN = <usize>1 << <usize>lexBits
  memory.fill(row, 0, rowFloats << 2)
  const mark = arenaMark()
  const tmp = arenaAlloc(dims << 2)
  const res = tokenise(ptr, len, TOK_WORD_SPANS)
  const spans = <usize>load<u32>(res + 16)
  const count = <usize>load<u32>(res + 24)
  for (let w: usize = 0; w < count; w++) {
    const e = <usize>load<u32>(spans + (w << 3), 4)
    let i = runStart(ptr, <usize>load<u32>(spans + (w << 3)), e)
    while (i < e) {
      const j = runEnd(ptr, i, e)
      const f = frame(ptr + i, j - i)
      const r = addWord(row, f, tmp, false)
      const weight = r >= 0 ? load<f32>(idf + (<usize>r << 2)) : oovIdf
      for (let k: usize = 0; k + 3 <= f; k++) {
        const m = hashBytes(FNV_SEED, FRAME + k, 3) * GOLDEN
        const b = lex + (<usize>(m >>> (64 - lexBits)) << 2)
        // A signed bucket: colliding trigrams cancel out on average instead of adding up.
        store<f32>(b, load<f32>(b) + ((m >>> (63 - lexBits)) & 1 ? -weight : weight))
      }
      i = runStart(ptr, j, e)
    }
  }
  arenaRelease(mark)
  // The shared component out of the word-vector part, then both parts to unit length and weighted.
  const d = dotF32(row, pc, dims)
  addF32(row, pc, dims, -d)
  const ns = <f32>Math.sqrt(dotF32(row, row, dims))
  const nl = <f32>Math.sqrt(dotF32(lex, lex, lexN))
  if (ns > 0) scale(row, dims, wSem / ns)
  if (nl > 0) scale(lex, lexN, wLex / nl)
  const n = <f32>Math.sqrt(dotF32(row, row, rowFloats))
  if (n == 0) return 0
  scale(row, rowFloats, 1 / n)
  return 1
}

const WORDS_RESULT: usize = memory.data(16, 16)

/** Most words `vectorsWords` embeds in one call: MAX_EMBED_WORDS of src/schema/limits.ts (256 bytes each). */
const MAX_EMBED_WORDS: usize = 4_000_000

/**
 * The words of a text, each with its unit word vector, for explanations: returns 4 u32: count,
 * spans pointer (u32 [start, end) byte offsets), vectors pointer (count x dims f32; zero for a word
 * with no vector), weights pointer (f32 SIF weight; 1 outside the vocabulary). In the call's arena.
 */
export function vectorsWords(ptr: usize, len: usize): usize {
  ucharInit()
  const res = tokenise(ptr, len, TOK_WORD_SPANS)
  const spans = <usize>load<u32>(res + 16)
  const count = <usize>load<u32>(res + 24)
  // Count the runs first and hold exactly that many vectors: room for the worst case (half the bytes)
  // took 128 bytes of memory per byte of text, past 4 GiB at 32 MB.
  let cap: usize = 0
  for (let w: usize = 0; w < count; w++) {
    const e = <usize>load<u32>(spans + (w << 3), 4)
    for (let i = runStart(ptr, <usize>load<u32>(spans + (w << 3)), e); i < e; i = runStart(ptr, runEnd(ptr, i, e), e)) cap++
  }
  if (cap > MAX_EMBED_WORDS) {
    store<u32>(WORDS_RESULT, U32.MAX_VALUE) // too many: the caller refuses the text
    return WORDS_RESULT
  }
  const outSpans = arenaAlloc(cap << 3)
  const outVecs = arenaAlloc(cap * dims * 4)
  const outW = arenaAlloc(cap << 2)
  const tmp = arenaAlloc(dims << 2)
  let n: usize = 0
  for (let w: usize = 0; w < count; w++) {
    const e = <usize>load<u32>(spans + (w << 3), 4)
    let i = runStart(ptr, <usize>load<u32>(spans + (w << 3)), e)
    while (i < e && n < cap) {
      const j = runEnd(ptr, i, e)
      const v = outVecs + n * dims * 4
      memory.fill(v, 0, dims << 2)
      const r = addWord(v, frame(ptr + i, j - i), tmp, true)
      const norm = <f32>Math.sqrt(dotF32(v, v, dims))
      if (norm > 0) scale(v, dims, 1 / norm)
      store<u32>(outSpans + (n << 3), <u32>i)
      store<u32>(outSpans + (n << 3), <u32>j, 4)
      store<f32>(outW + (n << 2), r >= 0 ? load<f32>(sif + (<usize>r << 2)) : 1)
      n++
      i = runStart(ptr, j, e)
    }
  }
  store<u32>(WORDS_RESULT, <u32>n)
  store<u32>(WORDS_RESULT, <u32>outSpans, 4)
  store<u32>(WORDS_RESULT, <u32>outVecs, 8)
  store<u32>(WORDS_RESULT, <u32>outW, 12)
  return WORDS_RESULT
}

/** Dimensions of a word vector (0 before load). */
export function vectorsDims(): u32 {
  return <u32>dims
}
