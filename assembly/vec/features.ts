// Hashed n-gram features and quantized linear heads: the shared machinery of the judgement models
// (toxicity first; prompt manipulation, refusal, tone, formality and helpfulness reuse it).
//
// A model is data, configured by its model file and copied into core memory once (`vecModelReserve`,
// `vecModelSet`):
//  - which features it uses (F_WORD word unigrams, F_BIGRAM word bigrams, F_CHAR character n-grams of
//    lengths cmin..cmax inside each word with `<` and `>` marking its ends), hashed into 2^bits buckets;
//  - a head: int8 weights, `stride` bytes per bucket holding one weight per class (stride 1 for a
//    single-class head, a multiple of 16 for several classes so one bucket's weights are whole v128
//    loads), summed in i32 per class. Scale and bias stay in the model file: the caller turns a sum
//    into a logit (bias + scale * sum), so the core never needs floats;
//  - optionally a lexicon (lexicon.ts) whose flags are reported per word, and whose NOFEAT bit makes a
//    word emit no feature at all (used to neutralise words a model must not learn from), and NOCHAR bit
//    makes it emit its word unigram (and bigrams) but no character n-grams (tone's emotion words: the
//    n-grams of "furious" are those of "curious").
//
// Words are the shared tokeniser's words (assembly/text/tokenise.ts), lower-cased the way hashLower
// lower-cases (ASCII and Latin-1). Every feature is the one hash of the core, FNV-1a:
//  - word:   hashLower(word), then the kind byte 1;
//  - bigram: hashLower of "previous word" + " " + "word" (FNV-1a of the lower-cased pair joined by a
//            space), then the kind byte 2; the chain restarts after a NOFEAT word;
//  - char:   FNV-1a of the n bytes of "<word>" (lower-cased) from each position, then the kind byte 3;
//            words longer than CHAR_MAX bytes (URLs, runs) get no character n-grams.
// The bucket is the low `bits` bits of the hash xor-folded to 32 bits, as the FNV authors advise for
// tables smaller than the hash: the top bits alone barely see the last bytes (the kind byte, the last
// letter of an n-gram), so n-grams that differ only at their end would share a bucket. Training scripts get
// bucket ids from this very code (`vecScore` with WANT_FEATURES), so what they train on is what the
// core computes.

import { arenaAlloc, arenaKeepZeroed } from '../arena'
import { FNV_SEED, fnvByte, frameLower } from '../text/hash'
import { TOK_WORD_SPANS, tokenise } from '../text/tokenise'
import { lexiconBuild, lexiconGet } from './lexicon'

export const F_WORD: u32 = 1
export const F_BIGRAM: u32 = 2
export const F_CHAR: u32 = 4
/**
 * Negation scope (tone): a lexicon cue (NEG_CUE: not, never, n't ...) opens a scope over the next
 * NEG_SCOPE_WORDS words of its clause; punctuation between words, or a NEG_STOP word ("but"), closes
 * it; a NEG_COMPARE word ("more", "happier") closes it unnegated, and so does a NEG_DEGREE word ("so",
 * "this") after the cue "never" (NEG_NEVER): "never been so furious" intensifies (VADER's rule). A
 * flagged word inside is reported with NEGATED. The scope words' own flags are not reported.
 */
export const F_NEG_SCOPE: u32 = 8
/** With F_NEG_SCOPE: a word inside a scope emits its unigram as a negated word (kind byte 5), the NOT_ prefix of sentiment work. */
export const F_NEG_MARK: u32 = 16
/** With F_NEG_SCOPE: as F_NEG_MARK, for the lexicon's own words only (tone: "not angry"; "not your service" keeps its words). */
export const F_NEG_MARK_LISTED: u32 = 32

/** Lexicon flag: the word emits no feature (and breaks the bigram chain). */
export const NOFEAT: u32 = 0x80000000
export const NOCHAR: u32 = 0x40000000
// The negation scope's lexicon flags (src/metrics/style/tone-lexicon.ts writes them) and the reported NEGATED.
export const NEG_CUE: u32 = 0x20000000
export const NEG_STOP: u32 = 0x10000000
export const NEG_NEVER: u32 = 0x08000000
export const NEG_DEGREE: u32 = 0x04000000
export const NEG_COMPARE: u32 = 0x02000000
export const NEGATED: u32 = 0x01000000
const NEG_CONTROL: u32 = 0x3e000000
const NEG_SCOPE_WORDS: u32 = 3

/** Write the bucket id of every feature (and, with WANT_SPANS, the index of the word it came from). */
export const WANT_FEATURES: u32 = 1
export const WANT_SPANS: u32 = 2
/** Write each word's share of the sum (single-class heads): its n-grams and the bigram it ends. */
export const WANT_WORD_SUMS: u32 = 4

const CHAR_MAX: usize = 30

// Model header (kept): kinds, bits, cmin, cmax, classes, stride, weights, lexicon, word memo, and whether
// a call has written the memo since it was last cleared; the memo and the weights follow.
const M_KINDS = 0
const M_BITS = 4
const M_CMIN = 8
const M_CMAX = 12
const M_CLASSES = 16
const M_STRIDE = 20
const M_WEIGHTS = 24
const M_LEX = 28
const M_MEMO = 32
const M_MEMO_USED = 36
const M_MEMO_COMPACT = 40
const M_SIZE: usize = 48

// Word memo: prose repeats a few thousand words, and a word's own features (its
// unigram and character n-grams) and lexicon flags depend on its lower-cased bytes alone. So when only
// the sum is wanted, each word's share is kept in a direct-mapped table keyed by the word's full 64-bit
// hash: u64 key, u32 flags, i16 sum, u16 feature count. 64K entries, 1 MiB (5 MB of prose has about
// 40,000 distinct words; a quarter of that size missed about three times as often). Sums are integers,
// so a hit gives exactly what the walk would.
const MEMO_BITS: u32 = 16
const MEMO_BYTES: usize = <usize>16 << MEMO_BITS
// Multi-class heads keep the same memo with one i16 sum per class after the 16-byte key block (a word has
// at most a few dozen features of at most 127 each, well inside i16): 80 bytes an entry at stride 32, so
// fewer entries (32K, 2.5 MiB; 16K missed enough that character n-grams were a fifth of tone's time on
// prose). Without it every feature costs two SIMD read-modify-writes of the sums.
const MEMO_BITS_MULTI: u32 = 15
// Up to 28 classes (tone has 28), an entry fits one 64-byte cache line instead of straddling two: the
// key's top 48 bits and the feature count in one u64, then the 28 i16 sums. Words with lexicon flags are
// not kept (they are few), so a hit has flags 0. Half the memory lines touched per word.
const COMPACT_CLASSES: u32 = 28
const COMPACT_ENTRY: usize = 64

// @ts-ignore: decorator
@inline function memoEntry(stride: u32): usize {
  return stride == 1 ? 16 : 16 + (<usize>stride << 1)
}

// Bytes reserved for the memo: multi-class memos get 64 more, to start the compact layout on a line.
// @ts-ignore: decorator
@inline function memoBytes(stride: u32): usize {
  return stride == 1 ? MEMO_BYTES : (memoEntry(stride) << MEMO_BITS_MULTI) + 64
}

// @ts-ignore: decorator
@inline function memoBits(stride: u32): u32 {
  return stride == 1 ? MEMO_BITS : MEMO_BITS_MULTI
}

// Result block of `vecScore` (u32 each): words, word spans, features, feature buckets, feature words,
// flagged words, flagged list, then one i32 sum per class from RESULT_SUMS, then at RESULT_NEUTRAL the
// features the NOFEAT words would have emitted (they count in a head's mean as words of no weight).
const RESULT: usize = memory.data(64 + 4 * 64, 16)
const RESULT_SUMS: usize = 32
const MAX_CLASSES: u32 = 64
const RESULT_NEUTRAL: usize = RESULT_SUMS + (<usize>MAX_CLASSES << 2)

// Lower-cased "<word>" for character n-grams.
const SCRATCH: usize = memory.data(64, 16)

// The class sums before a word whose share is being memoised.
const BEFORE: usize = memory.data(4 * 64, 16)

/**
 * Reserve a model of 2^bits buckets of `stride` bytes for the life of the instance; returns its
 * header. The caller writes the weights at `vecModelWeights(model)`, then calls `vecModelSet`.
 */
export function vecModelReserve(bits: u32, stride: u32): usize {
  const memo = memoBytes(stride)
  // Zeroed memory: the memo starts empty without touching its MiB, whose first writes cost page faults
  // (clearing it was a fifth of a fresh process's first toxicity score).
  const m = arenaKeepZeroed(M_SIZE + memo + (<usize>stride << bits))
  store<u32>(m + M_BITS, bits)
  store<u32>(m + M_STRIDE, stride)
  store<u32>(m + M_MEMO, memo > 0 ? <u32>(m + M_SIZE) : 0)
  store<u32>(m + M_WEIGHTS, <u32>(m + M_SIZE + memo))
  return m
}

/** Forget the word memo: call after changing a model's weights. */
export function vecModelFlush(m: usize): void {
  const memo = <usize>load<u32>(m + M_MEMO)
  const stride = load<u32>(m + M_STRIDE)
  if (memo != 0 && load<u32>(m + M_MEMO_USED) != 0) memory.fill(memo, 0, memoEntry(stride) << memoBits(stride))
  store<u32>(m + M_MEMO_USED, 0)
}

export function vecModelWeights(m: usize): usize {
  return <usize>load<u32>(m + M_WEIGHTS)
}

/**
 * Configure a reserved model: feature kinds, character n-gram lengths, classes, and the lexicon
 * (`word\tflags\n` lines at [lexPtr, lexPtr+lexLen), or lexLen 0 for none).
 */
export function vecModelSet(m: usize, kinds: u32, cmin: u32, cmax: u32, classes: u32, lexPtr: usize, lexLen: usize): void {
  store<u32>(m + M_KINDS, kinds)
  store<u32>(m + M_CMIN, cmin)
  store<u32>(m + M_CMAX, cmax)
  store<u32>(m + M_CLASSES, classes < MAX_CLASSES ? classes : MAX_CLASSES)
  store<u32>(m + M_LEX, lexLen > 0 ? <u32>lexiconBuild(lexPtr, lexLen) : 0)
  vecModelFlush(m)
  // The compact layout starts on a cache line inside the reservation (cleared above from its start).
  const stride = load<u32>(m + M_STRIDE)
  const compact = stride != 1 && classes <= COMPACT_CLASSES
  store<u32>(m + M_MEMO_COMPACT, compact ? 1 : 0)
  if (compact) store<u32>(m + M_MEMO, <u32>((m + M_SIZE + 63) & ~(<usize>63)))
  else if (stride != 1) store<u32>(m + M_MEMO, <u32>(m + M_SIZE))
}

// Per-call state, in globals (the core allocates no objects).
let weights: usize = 0
let stride: u32 = 1
let mask: u32 = 0
let classes: u32 = 1
let sum1: i32 = 0
let featOut: usize = 0
let wordOut: usize = 0
let want: u32 = 0
let wordIndex: u32 = 0
let count: u32 = 0

// @ts-ignore: decorator
@inline function emit(h: u64, kind: u32): void {
  count++
  const f = fnvByte(h, kind)
  const b = (<u32>(f >>> 32) ^ <u32>f) & mask
  if (stride == 1) {
    sum1 += <i32>load<i8>(weights + <usize>b)
  } else {
    addClasses(weights + (<usize>b * <usize>stride))
  }
  if (want & (WANT_FEATURES | WANT_SPANS)) {
    store<u32>(featOut, b)
    featOut += 4
    if (want & WANT_SPANS) {
      store<u32>(wordOut, wordIndex | (kind << 28))
      wordOut += 4
    }
  }
}

// One bucket's weights for every class: 16 classes per v128 load, widened to i32 lanes and added to the
// running sums in the result block.
function addClasses(w: usize): void {
  const acc = RESULT + RESULT_SUMS
  for (let c: u32 = 0; c < classes; c += 16) {
    const v = v128.load(w + <usize>c)
    const lo = i16x8.extend_low_i8x16_s(v)
    const hi = i16x8.extend_high_i8x16_s(v)
    const a = acc + (<usize>c << 2)
    v128.store(a, i32x4.add(v128.load(a), i32x4.extend_low_i16x8_s(lo)))
    v128.store(a, i32x4.add(v128.load(a, 16), i32x4.extend_high_i16x8_s(lo)), 16)
    v128.store(a, i32x4.add(v128.load(a, 32), i32x4.extend_low_i16x8_s(hi)), 32)
    v128.store(a, i32x4.add(v128.load(a, 48), i32x4.extend_high_i16x8_s(hi)), 48)
  }
}

// A memoised word's share of every class: i16 lanes widened and added to the running sums.
function addMemo(e: usize): void {
  const acc = RESULT + RESULT_SUMS
  for (let c: u32 = 0; c < classes; c += 8) {
    const v = v128.load(e + (<usize>c << 1))
    const a = acc + (<usize>c << 2)
    v128.store(a, i32x4.add(v128.load(a), i32x4.extend_low_i16x8_s(v)))
    v128.store(a, i32x4.add(v128.load(a, 16), i32x4.extend_high_i16x8_s(v)), 16)
  }
}

// The compact entry's 28 sums (i16 lanes after its u64 key) added to the running sums.
// @ts-ignore: decorator
@inline function addCompact(e: usize): void {
  const a = RESULT + RESULT_SUMS
  const v0 = v128.load(e, 8)
  const v1 = v128.load(e, 24)
  const v2 = v128.load(e, 40)
  const v3 = v128.load64_zero(e, 56)
  v128.store(a, i32x4.add(v128.load(a), i32x4.extend_low_i16x8_s(v0)))
  v128.store(a, i32x4.add(v128.load(a, 16), i32x4.extend_high_i16x8_s(v0)), 16)
  v128.store(a, i32x4.add(v128.load(a, 32), i32x4.extend_low_i16x8_s(v1)), 32)
  v128.store(a, i32x4.add(v128.load(a, 48), i32x4.extend_high_i16x8_s(v1)), 48)
  v128.store(a, i32x4.add(v128.load(a, 64), i32x4.extend_low_i16x8_s(v2)), 64)
  v128.store(a, i32x4.add(v128.load(a, 80), i32x4.extend_high_i16x8_s(v2)), 80)
  v128.store(a, i32x4.add(v128.load(a, 96), i32x4.extend_low_i16x8_s(v3)), 96)
}

// Keep a word's 28 sums (the sums now less the sums before it) in a compact entry.
function keepCompact(e: usize): void {
  const a = RESULT + RESULT_SUMS
  for (let c: usize = 0; c < 24; c += 8) {
    const lo = i32x4.sub(v128.load(a + (c << 2)), v128.load(BEFORE + (c << 2)))
    const hi = i32x4.sub(v128.load(a + (c << 2), 16), v128.load(BEFORE + (c << 2), 16))
    v128.store(e + 8 + (c << 1), i16x8.narrow_i32x4_s(lo, hi))
  }
  const last = i32x4.sub(v128.load(a, 96), v128.load(BEFORE, 96))
  store<i64>(e, i64x2.extract_lane(i16x8.narrow_i32x4_s(last, last), 0), 56)
}

// Keep a word's share of every class (the sums now less the sums before it) as i16 lanes.
function keepMemo(e: usize): void {
  const acc = RESULT + RESULT_SUMS
  for (let c: u32 = 0; c < classes; c += 8) {
    const a = acc + (<usize>c << 2)
    const b = BEFORE + (<usize>c << 2)
    const lo = i32x4.sub(v128.load(a), v128.load(b))
    const hi = i32x4.sub(v128.load(a, 16), v128.load(b, 16))
    v128.store(e + (<usize>c << 1), i16x8.narrow_i32x4_s(lo, hi))
  }
}

/**
 * Features of the UTF-8 text at [ptr, ptr+len) under model `m`, summed by its head. Returns the result
 * block: u32 words, word spans pointer (byte offsets, [start, end) pairs), feature count, bucket ids
 * pointer, feature words pointer (with WANT_SPANS: the word index, and the feature's kind 1..3 in the top
 * four bits), flagged word count, flagged list pointer
 * ((word index, lexicon flags) pairs), word sums pointer (with WANT_WORD_SUMS, one i32 per word); then
 * one i32 sum per class at offset 32.
 */
export function vecScore(ptr: usize, len: usize, m: usize, wantFlags: u32): usize {
  const tok = tokenise(ptr, len, TOK_WORD_SPANS)
  const nWords = load<u32>(tok + 4)
  const spans = <usize>load<u32>(tok + 16)
  const kinds = load<u32>(m + M_KINDS)
  const cmin = <usize>load<u32>(m + M_CMIN)
  const cmax = <usize>load<u32>(m + M_CMAX)
  const lex = <usize>load<u32>(m + M_LEX)
  weights = <usize>load<u32>(m + M_WEIGHTS)
  stride = load<u32>(m + M_STRIDE)
  mask = (<u32>1 << load<u32>(m + M_BITS)) - 1
  classes = load<u32>(m + M_CLASSES)
  want = wantFlags
  sum1 = 0
  count = 0
  let neutral: u32 = 0
  memory.fill(RESULT + RESULT_SUMS, 0, <usize>MAX_CLASSES << 2)

  // At most 2 word features per word, and 3 character n-grams per byte of "<word>".
  let feats: usize = 0
  let featWords: usize = 0
  if (want & (WANT_FEATURES | WANT_SPANS)) {
    const cap = (<usize>nWords * 2 + (kinds & F_CHAR ? 3 * (len + 2 * <usize>nWords) : 0)) << 2
    feats = arenaAlloc(cap)
    if (want & WANT_SPANS) featWords = arenaAlloc(cap)
  }
  featOut = feats
  wordOut = featWords
  const wordSums = want & WANT_WORD_SUMS ? arenaAlloc((<usize>nWords << 2) + 4) : 0
  const flagged = arenaAlloc((<usize>nWords << 3) + 8)
  let flagOut = flagged

  // Features are written one by one, so the memo only serves callers that want sums.
  const memo = (want & (WANT_FEATURES | WANT_SPANS)) == 0 ? <usize>load<u32>(m + M_MEMO) : 0
  if (memo != 0) store<u32>(m + M_MEMO_USED, 1)
  const compact = load<u32>(m + M_MEMO_COMPACT) != 0
  let prev: u64 = 0
  // Negation scope (F_NEG_SCOPE): words it still covers, whether "never" opened it, the last word's end.
  const scopeMask: u32 = kinds & F_NEG_SCOPE ? NEG_CONTROL : 0
  // A word flagged only NOFEAT (toxicity's articles, auxiliaries, prepositions) is not reported: no rule
  // reads it, and prose is two-fifths such words.
  const reportMask: u32 = ~(scopeMask | (scopeMask != 0 ? NEGATED : 0) | NOFEAT)
  let negLeft: u32 = 0
  let negNever = false
  let prevEnd: usize = 0
  for (let w: u32 = 0; w < nWords; w++) {
    const s = <usize>load<u32>(spans + (<usize>w << 3))
    const n = <usize>load<u32>(spans + (<usize>w << 3), 4) - s
    wordIndex = w
    const before = sum1
    // The word's hash and, continuing the previous word's hash past a space, the bigram's: two
    // independent FNV-1a chains over the same lower-cased bytes, in one loop (as hashLower folds case).
    // Heads without bigrams (tone, toxicity, prompt_manipulation) skip the second chain.
    let h = FNV_SEED
    let hb: u64 = 0
    let last: u32 = 0
    if (kinds & F_BIGRAM) {
      hb = fnvByte(prev, 0x20)
      for (let i: usize = 0; i < n; i++) {
        let c = <u32>load<u8>(ptr + s + i)
        if (c - 0x41 < 26) c |= 0x20
        else if (last == 0xc3 && c >= 0x80 && c <= 0x9e && c != 0x97) c += 0x20
        h = fnvByte(h, c)
        hb = fnvByte(hb, c)
        last = c
      }
    } else {
      for (let i: usize = 0; i < n; i++) {
        let c = <u32>load<u8>(ptr + s + i)
        if (c - 0x41 < 26) c |= 0x20
        else if (last == 0xc3 && c >= 0x80 && c <= 0x9e && c != 0x97) c += 0x20
        h = fnvByte(h, c)
        last = c
      }
    }
    let flags: u32
    let inScope = false
    if (negLeft != 0) {
      if (negGap(ptr, prevEnd, s)) negLeft = 0
      else inScope = true
    }
    prevEnd = s + n
    if (inScope && (kinds & F_NEG_MARK || (kinds & F_NEG_MARK_LISTED && (lexiconGet(lex, h) & ~NEG_CONTROL) != 0))) {
      // A word whose unigram is marked negated (a listed word in a scope, or any word with F_NEG_MARK):
      // not from the memo, and not kept (the memo keeps no listed word; F_NEG_MARK scopes are a few words).
      flags = lexiconGet(lex, h)
      const unigram: u32 = negCloses(flags, negNever) ? 1 : 5
      if ((flags & NOFEAT) == 0) wordFeatures(ptr + s, n, h, flags & NOCHAR ? kinds & ~F_CHAR : kinds, cmin, cmax, unigram)
    } else if (memo != 0 && compact) {
      const e = memo + <usize>((<u32>(h >>> 32) ^ <u32>h) & ((1 << MEMO_BITS_MULTI) - 1)) * COMPACT_ENTRY
      const key = load<u64>(e)
      if (key != 0 && ((key ^ h) >>> 16) == 0) {
        // The entry's low 16 bits: feature count, then the scope flags of a negation word ("not", "but").
        flags = (<u32>(key >>> 8) & 0xff) << 24
        count += <u32>(key & 0xff)
        addCompact(e)
      } else {
        flags = lexiconGet(lex, h)
        const count0 = count
        memory.copy(BEFORE, RESULT + RESULT_SUMS, <usize>COMPACT_CLASSES << 2)
        if ((flags & NOFEAT) == 0) wordFeatures(ptr + s, n, h, flags & NOCHAR ? kinds & ~F_CHAR : kinds, cmin, cmax, 1)
        const added = count - count0
        if ((flags & ~scopeMask) == 0 && added < 0x100) {
          store<u64>(e, (h & ~(<u64>0xffff)) | (<u64>(flags >>> 24) << 8) | <u64>added)
          keepCompact(e)
        }
      }
    } else if (memo != 0 && stride != 1) {
      const e = memo + <usize>((<u32>(h >>> 32) ^ <u32>h) & ((1 << MEMO_BITS_MULTI) - 1)) * memoEntry(stride)
      if (load<u64>(e) == h) {
        flags = load<u32>(e, 8)
        count += <u32>load<u16>(e, 14)
        addMemo(e + 16)
      } else {
        flags = lexiconGet(lex, h)
        const count0 = count
        memory.copy(BEFORE, RESULT + RESULT_SUMS, <usize>((classes + 7) & ~7) << 2)
        if ((flags & NOFEAT) == 0) wordFeatures(ptr + s, n, h, flags & NOCHAR ? kinds & ~F_CHAR : kinds, cmin, cmax, 1)
        store<u64>(e, h)
        store<u32>(e, flags, 8)
        store<u16>(e, <u16>(count - count0), 14)
        keepMemo(e + 16)
      }
    } else if (memo != 0) {
      const e = memo + (<usize>((<u32>(h >>> 32) ^ <u32>h) & ((1 << MEMO_BITS) - 1)) << 4)
      if (load<u64>(e) == h) {
        flags = load<u32>(e, 8)
        sum1 += <i32>load<i16>(e, 12)
        count += <u32>load<u16>(e, 14)
      } else {
        flags = lexiconGet(lex, h)
        const sum0 = sum1
        const count0 = count
        if ((flags & NOFEAT) == 0) wordFeatures(ptr + s, n, h, flags & NOCHAR ? kinds & ~F_CHAR : kinds, cmin, cmax, 1)
        store<u64>(e, h)
        store<u32>(e, flags, 8)
        store<i16>(e, <i16>(sum1 - sum0), 12)
        store<u16>(e, <u16>(count - count0), 14)
      }
    } else {
      flags = lexiconGet(lex, h)
      if ((flags & NOFEAT) == 0) wordFeatures(ptr + s, n, h, flags & NOCHAR ? kinds & ~F_CHAR : kinds, cmin, cmax, 1)
    }
    // A neutralised word (an identity term in the toxicity lexicon) emits no feature but weighs in the mean
    // as a word of no evidence: otherwise "Are you gay?" is the mean of "Are" and "you" alone.
    if (flags & NOFEAT) neutral += featureCount(n, flags & NOCHAR ? kinds & ~F_CHAR : kinds, cmin, cmax)
    if (inScope) {
      if (negCloses(flags, negNever)) negLeft = 0
      else {
        negLeft--
        flags |= NEGATED
      }
    }
    if (flags != 0) {
      if (flags & reportMask) {
        store<u32>(flagOut, w)
        store<u32>(flagOut, flags, 4)
        flagOut += 8
      }
      if (scopeMask != 0 && flags & NEG_CUE) {
        negLeft = NEG_SCOPE_WORDS
        negNever = (flags & NEG_NEVER) != 0
      }
      if (flags & NOFEAT) {
        prev = 0
        if (wordSums != 0) store<i32>(wordSums + (<usize>w << 2), 0)
        continue
      }
    }
    if (kinds & F_BIGRAM) {
      if (prev != 0) emit(hb, 2)
      prev = h
    }
    if (wordSums != 0) store<i32>(wordSums + (<usize>w << 2), sum1 - before)
  }

  if (stride == 1) store<i32>(RESULT + RESULT_SUMS, sum1)
  store<u32>(RESULT, nWords)
  store<u32>(RESULT + 4, <u32>spans)
  store<u32>(RESULT + 8, count)
  store<u32>(RESULT + 12, <u32>feats)
  store<u32>(RESULT + 16, <u32>featWords)
  store<u32>(RESULT + 20, <u32>((flagOut - flagged) >> 3))
  store<u32>(RESULT + 24, <u32>flagged)
  store<u32>(RESULT + 28, <u32>wordSums)
  store<u32>(RESULT + RESULT_NEUTRAL, neutral)
  return RESULT
}

// How many features wordFeatures emits for a word of n bytes.
// @ts-ignore: decorator
@inline function featureCount(n: usize, kinds: u32, cmin: usize, cmax: usize): u32 {
  let c: u32 = kinds & F_WORD ? 1 : 0
  if (kinds & F_CHAR && n <= CHAR_MAX) {
    const total = n + 2
    for (let i: usize = 0; i + cmin <= total; i++) c += <u32>((total - i < cmax ? total - i : cmax) - cmin + 1)
  }
  return c
}

// A word's own features: its unigram (kind byte 1, or 5 for a negated word) and its character n-grams.
// @ts-ignore: decorator
@inline function wordFeatures(p: usize, n: usize, h: u64, kinds: u32, cmin: usize, cmax: usize, unigram: u32): void {
  if (kinds & F_WORD) emit(h, unigram)
  if (kinds & F_CHAR && n <= CHAR_MAX) charGrams(p, n, cmin, cmax)
}

// Character n-grams of "<word>": the word lower-cased as hashLower does into SCRATCH, then from each
// position one running FNV-1a that emits at every length from cmin to cmax.
function charGrams(p: usize, n: usize, cmin: usize, cmax: usize): void {
  frameLower(SCRATCH, p, n)
  const total = n + 2
  for (let i: usize = 0; i + cmin <= total; i++) {
    let h = FNV_SEED
    let j: usize = 0
    const stop = total - i < cmax ? total - i : cmax
    for (; j < cmin - 1; j++) h = fnvByte(h, <u32>load<u8>(SCRATCH + i + j))
    for (; j < stop; j++) {
      h = fnvByte(h, <u32>load<u8>(SCRATCH + i + j))
      emit(h, 3)
    }
  }
}

// Whether a word closes a negation scope unnegated: a stop ("but"), a comparison ("more", "happier"), or
// "so"/"this" after "never" (VADER's never-so rule: "never been so furious").
// @ts-ignore: decorator
@inline function negCloses(flags: u32, never: bool): bool {
  return (flags & (NEG_STOP | NEG_COMPARE)) != 0 || (never && (flags & NEG_DEGREE) != 0)
}

// Whether the text between two words ends a clause (a negation scope): . , ; : ! ? ( ) [ ] " or a dash
// or ellipsis (– — …). Each gap is read at most once, so the scope adds linear time at most.
function negGap(ptr: usize, from: usize, to: usize): bool {
  for (let i = from; i < to; i++) {
    const c = <u32>load<u8>(ptr + i)
    if (c == 0x2e || c == 0x2c || c == 0x3b || c == 0x3a || c == 0x21 || c == 0x3f || c == 0x28 || c == 0x29 || c == 0x5b || c == 0x5d || c == 0x22) return true
    if (c == 0xe2 && i + 2 < to && load<u8>(ptr + i + 1) == 0x80) {
      const d = <u32>load<u8>(ptr + i + 2)
      if (d == 0x93 || d == 0x94 || d == 0xa6) return true
    }
  }
  return false
}
