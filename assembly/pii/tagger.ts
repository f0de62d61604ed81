// A learned tagger for people, places and organisations: a greedy left-to-right averaged perceptron
// over hashed per-token features (word, shape, affixes, the words around, label and greeting cues,
// gazetteer flags as features rather than verdicts, the previous tag), decoded into BIO spans.
// Training (scripts/train/pii-tagger.mjs) reads the features from this very file through
// piiTagFeatures, so training and inference can never disagree on a feature.
//
// Only candidate tokens are scored: a token starting with a capital or a letter of a script without
// capitals, and a short lower-case word between two such tokens ("Ludwig van Beethoven"). Every other
// token is O without any work, which keeps prose at one test per token. Each candidate reads at most two
// tokens either side by a short scan, so the work is linear in the text and needs no token array.
import { arenaKeep, arenaKeepZeroed } from '../arena'
import { FNV_SEED, fnvByte, hashLower } from '../text/hash'
import { G_ADDRCTX, G_CITY, G_COMMON, G_COUNTRY, G_DEMONYM, G_FIRST, G_LAST, G_LOCVERB, G_MONTH, G_NOTNAME, G_ORG, G_PERSONCTX, G_PREP, G_STATE, G_TITLE, G_WEEKDAY, gazLookup } from './gazetteer'
import { N, P, at, setText } from './state'
import { clsReady, initClasses, isAlnum, isDig, upperAt } from './text'

/** Classes: O, then B and I of PERSON, LOCATION, ORGANIZATION (index = 1 + 2 * type + inside). */
export const TAG_CLASSES: u32 = 7
/** Features per token (fixed, so a training row is a fixed-width record). */
export const TAG_FEATS: u32 = 35

/** Longest token read, in bytes: a longer run is cut (bounds the work of each neighbour scan). */
const TOK_MAX: usize = 48

// The installed model: int8 weights, TAG_CLASSES (padded to 8) per bucket, times SCALE.
let WTS: usize = 0
let BUCKET_MASK: u32 = 0
let SCALE: f32 = 0

/** Reserve the weight table for 2^bits buckets; JavaScript copies the weights to the returned pointer. */
export function piiTaggerReserve(bits: u32, scale: f32): usize {
  BUCKET_MASK = (<u32>1 << bits) - 1
  SCALE = scale
  WTS = arenaKeep((<usize>1 << bits) * 8)
  if (WC == 0) {
    WC = arenaKeepZeroed(<usize>WC_SLOTS * 128)
  }
  GEN++
  return WTS
}

export function taggerReady(): bool {
  return WTS != 0
}

function isWordByte(c: u32): bool {
  return isAlnum(c) || c >= 0x80
}

function isSpace(c: u32): bool {
  return c == 0x20 || c == 0x0a || c == 0x09 || c == 0x0d
}

// ---- Tokens around a position: [start, end) of up to two neighbours each side ----
const NB = memory.data(4 * 10)

/** The end of the token starting at s: a word (letters, digits, bytes >= 0x80, inner ' - .) or one punctuation byte. */
export function tokEnd(s: usize): usize {
  if (!isWordByte(at(s))) return s + 1
  let e = s + 1
  while (e < N && e - s < TOK_MAX) {
    const c = at(e)
    if (isWordByte(c)) e++
    else if ((c == 0x27 || c == 0x2d || c == 0x2e) && isWordByte(at(e + 1)) && e + 1 < N) e += 2
    else break
  }
  return e
}

/** The start of the token ending at e (the reverse of tokEnd, as far as a neighbour needs). */
function tokStart(e: usize): usize {
  if (!isWordByte(at(e - 1))) return e - 1
  let s = e - 1
  while (s > 0 && e - s < TOK_MAX) {
    const c = at(s - 1)
    if (isWordByte(c)) s--
    else if ((c == 0x27 || c == 0x2d || c == 0x2e) && s >= 2 && isWordByte(at(s - 2))) s -= 2
    else break
  }
  return s
}

/** Set by prevTok: whether a line break lies between the token found and the position. */
let crossedLine = false

/** The token before position s (skipping spaces), as start; 0xffffffff when there is none. */
function prevTok(s: usize): usize {
  let i = s
  crossedLine = false
  let gap: usize = 0
  while (i > 0 && isSpace(at(i - 1)) && gap < 64) {
    if (at(i - 1) == 0x0a) crossedLine = true
    i--
    gap++
  }
  if (i == 0 || gap >= 64) return <usize>0xffffffff
  return tokStart(i)
}

/** The token after position e (skipping spaces): its start, or N when there is none. */
function nextTok(e: usize): usize {
  let i = e
  let gap: usize = 0
  while (i < N && isSpace(at(i)) && gap < 64) {
    i++
    gap++
  }
  return gap >= 64 ? N : i
}

/** Is the token at s a candidate head: a capital, or a letter of a script without capitals? */
export function headAt(s: usize): bool {
  const c = at(s)
  // Scripts without capitals are left to the rules (uncased.ts): on them the tagger measured no better
  // than chance (KLUE Korean: 1.5% recall) and misread ordinary Arabic and Hebrew words as names.
  if (c - 0x41 < 26) return true
  return c >= 0xc3 && upperAt(s)
}

// ---- Features ----

/** Compressed shape of [s, e): X capital, x small, d digit, other bytes as themselves; runs collapsed. */
function shapeHash(h0: u64, s: usize, e: usize): u64 {
  let h = h0
  let last: u32 = 0
  let n = 0
  for (let k = s; k < e && n < 8; k++) {
    const c = at(k)
    if (c >= 0x80 && c < 0xc0) continue
    let sym: u32
    if (c - 0x41 < 26) sym = 0x58
    else if (c - 0x61 < 26) sym = 0x78
    else if (isDig(c)) sym = 0x64
    else if (c >= 0xc0) sym = upperAt(k) ? 0x58 : c >= 0xd7 && c != 0xe2 ? 0x55 : 0x78
    else sym = c
    if (sym == last) continue
    h = fnvByte(h, sym)
    last = sym
    n++
  }
  return h
}

/** The last two or three characters' bytes, lower-cased (UTF-8 safe: starts on a lead byte). */
function suffixStart(s: usize, e: usize, chars: u32): usize {
  let k = e
  let n: u32 = 0
  while (k > s && n < chars) {
    k--
    if (at(k) < 0x80 || at(k) >= 0xc0) n++
  }
  return k
}

function prefixEnd(s: usize, e: usize, chars: u32): usize {
  let k = s
  let n: u32 = 0
  while (k < e && n < chars) {
    k++
    while (k < e && at(k) >= 0x80 && at(k) < 0xc0) k++
    n++
  }
  return k
}

@inline function seed(t: u32): u64 {
  return fnvByte(FNV_SEED, t)
}

@inline function fold(h: u64): u32 {
  return <u32>(h ^ (h >> 32))
}

/** Gazetteer flags of the word [s, e), reduced to the bits the tagger reads. */
function gaz(s: usize, e: usize): u32 {
  if (e <= s || !isWordByte(at(s))) return 0
  return gazLookup(hashLower(FNV_SEED, P + s, e - s)) & GAZ_BITS
}

const GAZ_BITS: u32 = G_FIRST | G_LAST | G_CITY | G_COUNTRY | G_STATE | G_COMMON | G_TITLE | G_MONTH | G_WEEKDAY | G_ORG |
  G_NOTNAME | G_PREP | G_LOCVERB | G_PERSONCTX | G_ADDRCTX

const FEATS = memory.data(4 * 32)
let NF: u32 = 0

@inline function put(h: u64): void {
  store<u32>(FEATS + (<usize>NF << 2), fold(h))
  NF++
}

/** Fill FEATS with the TAG_FEATS feature hashes of the token [s, e) given the previous tag. */
export function features(s: usize, e: usize, prevTag: u32): void {
  NF = 0
  const none = <usize>0xffffffff
  const m1 = prevTok(s)
  const m1line = crossedLine
  const m1e: usize = m1 == none ? <usize>0 : tokEnd(m1)
  const m2 = m1 == none ? none : prevTok(m1)
  const m2e: usize = m2 == none ? <usize>0 : tokEnd(m2)
  const p1 = nextTok(e)
  const p1e = p1 < N ? tokEnd(p1) : N
  const p2 = p1 < N ? nextTok(p1e) : N
  const p2e = p2 < N ? tokEnd(p2) : N
  // Each word is hashed once, lower-cased from the FNV seed (the gazetteer's key); its features mix
  // that hash with their template number.
  const h0 = hashLower(FNV_SEED, P + s, e - s)
  const hm1 = wordHash(m1, m1e)
  const hp1 = wordHash(p1 < N ? p1 : none, p1e)
  const hm2 = wordHash(m2, m2e)
  const hp2 = wordHash(p2 < N ? p2 : none, p2e)
  const sh0 = shapeHash(FNV_SEED, s, e)
  put(seed(1))
  put(fnvByte(h0, 2))
  put(fnvByte(sh0, 3))
  put(hashLower(seed(4), P + s, prefixEnd(s, e, 3) - s))
  const s3 = suffixStart(s, e, 3)
  put(hashLower(seed(5), P + s3, e - s3))
  const s2 = suffixStart(s, e, 2)
  put(hashLower(seed(6), P + s2, e - s2))
  const wm1 = fnvByte(hm1, 7)
  put(wm1)
  const wp1 = fnvByte(hp1, 8)
  put(wp1)
  put(fnvByte(hm2, 9))
  put(fnvByte(hp2, 10))
  put(m1 == none ? seed(11) : shapeHash(seed(11), m1, m1e))
  put(p1 < N ? shapeHash(seed(12), p1, p1e) : seed(12))
  // Gazetteer flags: one feature for the token's whole flag set, one for each neighbour's.
  const g0 = gazOf(h0, s, e)
  put(fnvByte(fnvByte(fnvByte(seed(13), g0 & 0xff), (g0 >> 8) & 0xff), g0 >> 16))
  const gm1 = m1 == none ? 0 : gazOf(hm1, m1, m1e)
  put(fnvByte(fnvByte(fnvByte(seed(14), gm1 & 0xff), (gm1 >> 8) & 0xff), gm1 >> 16))
  const gp1 = p1 < N ? gazOf(hp1, p1, p1e) : 0
  put(fnvByte(fnvByte(fnvByte(seed(15), gp1 & 0xff), (gp1 >> 8) & 0xff), gp1 >> 16))
  // Sentence or line initial: a capital there says little.
  const c1 = m1 == none ? 0 : at(m1)
  const initial = m1 == none || m1line || c1 == 0x2e || c1 == 0x21 || c1 == 0x3f || c1 == 0x22
  put(fnvByte(seed(16), initial ? 1 : 0))
  // Conjunctions: the word before with this token's shape ("Hi Xxxx"), this shape with the word after
  // ("Xxxx explained"), and the label before a colon ("Patient: Xxxx").
  put(fnvByte(fnvByte(wm1, 17), <u32>sh0))
  put(fnvByte(fnvByte(wp1, 18), <u32>sh0))
  put(fnvByte(seed(19), <u32>(e - s < 12 ? e - s : 12)))
  put(c1 == 0x3a || c1 == 0x2c ? fnvByte(hm2, 20) : seed(20))
  put(fnvByte(seed(21), m1line || m1 == none ? 1 : 0))
  put(fnvByte(seed(22), prevTag))
  put(fnvByte(fnvByte(seed(23), prevTag), <u32>sh0))
  put(fnvByte(fnvByte(wp1, 24), fold(hp2)))
  put(fnvByte(fnvByte(seed(25), prevTag), g0 & 0xff))
  put(fnvByte(fnvByte(wm1, 26), prevTag))
  put(p1 < N && at(p1) == 0x3a ? seed(27) : p1 < N && at(p1) == 0x2c ? fnvByte(seed(27), 1) : fnvByte(seed(27), 2))
  put(fnvByte(fnvByte(seed(28), <u32>sh0), g0 & 0xff))
  put(fnvByte(fnvByte(seed(29), gm1 & 0xff), <u32>sh0))
  put(fnvByte(fnvByte(h0, 30), fold(hm1)))
  // Word clusters (see "Word clusters" below): the word's fine and coarse cluster, the fine clusters of
  // the words either side, and the three coarse clusters together.
  const k0 = clusterOf(h0, s)
  const km1 = m1 == none ? CL_NONE : clusterOf(hm1, m1)
  const kp1 = p1 < N ? clusterOf(hp1, p1) : CL_NONE
  put(clFine(seed(31), k0))
  put(fnvByte(seed(32), k0 >> 16))
  put(clFine(seed(33), km1))
  put(clFine(seed(34), kp1))
  put(clCoarse3(km1, k0, kp1))
}

// ---- Word clusters ----
// The word features know only the words of the training rows; a word's cluster (k-means over GloVe
// vectors: given names, cities, company words, verbs of speech ...) carries what was learned about one word
// to the rest of its cluster (scripts/build-pii-clusters.mjs; Turian et al. 2010). Table: 2^15 slots of
// 16 bytes (key u64 = the word's lower-cased hash, value u32 = fine | coarse << 16 | 1 << 31, 0 = empty).
const CL_BITS: u32 = 15
let CL: usize = 0
// Words the table lacks get a cluster by their first byte only (ids past every k-means cluster).
const CL_NONE: u32 = 1019 | (251 << 16)
const CL_PUNCT: u32 = 1020 | (252 << 16)
const CL_DIGIT: u32 = 1021 | (253 << 16)
const CL_LOW: u32 = 1022 | (254 << 16)
const CL_CAP: u32 = 1023 | (255 << 16)

@inline function clSlot(h: u64): u32 {
  return <u32>((h * 0x9e3779b97f4a7c15) >> (64 - <u64>CL_BITS))
}

/**
 * Install the cluster table from its text, `word fine coarse` lines (src/models/pii-clusters.generated.ts).
 * Returns the number of words kept; a malformed line is skipped, and at most 3/4 of the slots fill.
 */
export function piiClustersInstall(p: usize, len: usize): u32 {
  if (CL == 0) CL = arenaKeepZeroed(<usize>16 << CL_BITS)
  else memory.fill(CL, 0, <usize>16 << CL_BITS)
  GEN++
  const mask: u32 = (<u32>1 << CL_BITS) - 1
  let n: u32 = 0
  let i: usize = 0
  while (i < len && n < (mask >> 2) * 3) {
    const ws = i
    while (i < len && load<u8>(p + i) != 0x20 && load<u8>(p + i) != 0x0a) i++
    const we = i
    let fine: u32 = 0
    let coarse: u32 = 0
    let field = 0
    while (i < len && load<u8>(p + i) != 0x0a) {
      const c = <u32>load<u8>(p + i)
      if (c == 0x20) field++
      else if (field == 1) fine = fine * 10 + (c - 0x30)
      else if (field == 2) coarse = coarse * 10 + (c - 0x30)
      i++
    }
    i++
    if (we == ws || field != 2 || fine >= 1019 || coarse >= 251) continue
    const h = hashLower(FNV_SEED, p + ws, we - ws)
    let k = clSlot(h)
    while (load<u32>(CL + (<usize>k << 4), 8) != 0 && load<u64>(CL + (<usize>k << 4)) != h) k = (k + 1) & mask
    store<u64>(CL + (<usize>k << 4), h)
    store<u32>(CL + (<usize>k << 4), fine | (coarse << 16) | (<u32>1 << 31), 8)
    n++
  }
  return n
}

/** The cluster (fine | coarse << 16) of the token at s with lower-cased hash h. */
function clusterOf(h: u64, s: usize): u32 {
  const c = at(s)
  if (!isWordByte(c)) return CL_PUNCT
  if (CL != 0) {
    const mask: u32 = (<u32>1 << CL_BITS) - 1
    let k = clSlot(h)
    while (true) {
      const v = load<u32>(CL + (<usize>k << 4), 8)
      if (v == 0) break
      if (load<u64>(CL + (<usize>k << 4)) == h) return v & 0x7fffffff
      k = (k + 1) & mask
    }
  }
  if (isDig(c)) return CL_DIGIT
  return headAt(s) ? CL_CAP : CL_LOW
}

@inline function clFine(h: u64, k: u32): u64 {
  return fnvByte(fnvByte(h, k & 0xff), (k >> 8) & 0xff)
}

@inline function clCoarse3(km1: u32, k0: u32, kp1: u32): u64 {
  return fnvByte(fnvByte(fnvByte(seed(35), km1 >> 16), k0 >> 16), kp1 >> 16)
}

/** The lower-cased hash of the token [s, e), or a fixed "no word" hash. */
function wordHash(s: usize, e: usize): u64 {
  if (s == <usize>0xffffffff || s >= N) return fnvByte(FNV_SEED, 0x5f)
  return hashLower(FNV_SEED, P + s, e - s)
}

/** gaz() from a hash already made; the token's first byte says whether it is a word at all. */
function gazOf(h: u64, s: usize, e: usize): u32 {
  if (e <= s || !isWordByte(at(s))) return 0
  return gazLookup(h) & GAZ_BITS
}

/** Is the token at s, ending at e, scored (see the top of the file)? */
export function candidate(s: usize, e: usize): bool {
  // "@DanaTennille", "#GhostAdventures": handles and hashtags are not read as names.
  if (s > 0 && (at(s - 1) == 0x40 || at(s - 1) == 0x23)) return false
  if (headAt(s)) {
    // "Driver's": the word without its possessive is the one the lists know.
    const z = e - s > 3 && at(e - 2) == 0x27 && (at(e - 1) | 0x20) == 0x73 ? e - 2 : e
    return headKept(s, e, gaz(s, z))
  }
  return lowerJoin(s, e)
}

/**
 * Is the head [s, e) with gazetteer flags g scored? A capitalised everyday word opening a sentence, no name
 * or place in the lists and no capital after it ("The", "But", "Yesterday"), is not: most capitals of
 * prose, and never an entity in the training data often enough to matter. One lookup instead of thirty features.
 */
function headKept(s: usize, e: usize, g: u32): bool {
  if ((g & G_COMMON) == 0 || (g & (G_FIRST | G_LAST | G_CITY | G_COUNTRY | G_STATE)) != 0) return true
  const p1 = nextTok(e)
  if (p1 < N && headAt(p1)) return true
  const m1 = prevTok(s)
  if (m1 == <usize>0xffffffff || crossedLine) return false
  const c1 = at(m1)
  return !(c1 == 0x2e || c1 == 0x21 || c1 == 0x3f || c1 == 0x22)
}

/** "van", "de la", "bin": a short lower-case word between two candidate heads. */
function lowerJoin(s: usize, e: usize): bool {
  if (e - s > 4 || at(s) - 0x61 >= 26) return false
  const m1 = prevTok(s)
  if (m1 == <usize>0xffffffff || !headAt(m1)) return false
  const p1 = nextTok(e)
  return p1 < N && headAt(p1)
}


// ---- Word cache (inference only) ----
// Most of the tagger's time on prose went to the same words again and again ("Mr", "New", "John"): their
// lower-cased hash, shapes, gazetteer flags and the weights of the nine features that read only the word
// itself. A direct-mapped cache keyed by the word's exact bytes (lower-cased hash, which bytes were
// capitals, length) keeps them; everything the cache gives is computed by the same functions `features`
// uses, so scores are the same with or without it (scripts/pii-identity.mjs checks every entity).
// Slot, 64 bytes: h u64 | aux u64 (capital mask | length << 56) | shape u64 | shape seed 11 u64 |
// shape seed 12 u64 | gazetteer flags u32 | generation u32 | word-only class sums 7 x i16 | ready u8 |
// function word u8; then cluster u32 (at 64; the slot is 128 bytes).
const WC_SLOTS: u32 = 4096
// Kept beside the weights (piiTaggerReserve).
let WC: usize = 0
// Bumped whenever weights change (reserve, threshold); a slot of another generation is empty.
let GEN: u32 = 1
let KEY_H: u64 = 0
let KEY_AUX: u64 = 0

// The key of a word: KEY_H its hashLower from the FNV seed (its gazetteer key), KEY_AUX which bytes were
// capitals (folded) and its length; made by tokEndKey as it finds the word's end.

/** tokEnd(s), and the key (KEY_H, KEY_AUX) of the token [s, tokEnd(s)) made in the same pass. */
function tokEndKey(s: usize): usize {
  // Bytes are folded as hashLower folds them; km marks the bytes folding changed.
  let r = at(s)
  let c = r - 0x41 < 26 ? r | 0x20 : r
  let km: u64 = c != r ? 1 : 0
  let h = fnvByte(FNV_SEED, c)
  let prev = c
  let e = s + 1
  // A punctuation byte is a token of its own.
  if (isWordByte(r)) {
    // Word bytes, and an inner ' - . joined with the word byte after it (as tokEnd reads); no byte is read
    // at or past N, and the length is checked before each step as tokEnd checks it.
    while (e < N && e - s < TOK_MAX) {
      r = <u32>load<u8>(P + e)
      let take: usize = 1
      if (!isWordByte(r)) {
        if (!((r == 0x27 || r == 0x2d || r == 0x2e) && e + 1 < N && isWordByte(<u32>load<u8>(P + e + 1)))) break
        take = 2
      }
      for (let t: usize = 0; t < take; t++) {
        r = <u32>load<u8>(P + e)
        c = r
        if (c - 0x41 < 26) c |= 0x20
        else if (prev == 0xc3 && c >= 0x80 && c <= 0x9e && c != 0x97) c += 0x20
        if (c != r) km |= <u64>1 << <u64>(e - s)
        h = fnvByte(h, c)
        prev = c
        e++
      }
    }
  }
  KEY_H = h
  KEY_AUX = km | (<u64>(e - s) << 56)
  return e
}

/** The cache slot of the word [s, e) (filled on a miss), after tokEndKey(s) gave e. */
function wordSlot(s: usize, e: usize): usize {
  const slot = WC + (<usize>(fold(KEY_H ^ (KEY_AUX * 0x9e3779b97f4a7c15)) & (WC_SLOTS - 1)) << 7)
  if (load<u64>(slot) == KEY_H && load<u64>(slot, 8) == KEY_AUX && load<u32>(slot, 44) == GEN) return slot
  store<u64>(slot, KEY_H)
  store<u64>(slot, KEY_AUX, 8)
  store<u64>(slot, shapeHash(FNV_SEED, s, e), 16)
  store<u64>(slot, shapeHash(seed(11), s, e), 24)
  store<u64>(slot, shapeHash(seed(12), s, e), 32)
  store<u32>(slot, gazOf(KEY_H, s, e), 40)
  store<u32>(slot, GEN, 44)
  store<u8>(slot, 0, 62)
  store<u8>(slot, functionWord(s, e) ? 1 : 0, 63)
  store<u32>(slot, clusterOf(KEY_H, s), 64)
  return slot
}

// Class sums of the token being scored, one i16 lane per class (lane 7, the padding class, is never
// read): each feature adds its int8 row of 8 in one widening add. At most 35 x 128 per lane: no overflow.
@inline function addRow(acc: v128, h: u64): v128 {
  return i16x8.add(acc, i16x8.extend_low_i8x16_s(v128.load64_zero(WTS + (<usize>(fold(h) & BUCKET_MASK) << 3))))
}

/** The sums of the word-only features (1-6, 13, 19, 28, 31, 32) of the word in `slot`, [s, e), cached in the slot. */
function wordSums(slot: usize, s: usize, e: usize): v128 {
  if ((load<u8>(slot, 62) & 1) != 0) return v128.load(slot, 48)
  const h0 = load<u64>(slot)
  const sh0 = load<u64>(slot, 16)
  const g0 = load<u32>(slot, 40)
  let acc = i16x8.splat(0)
  acc = addRow(acc, seed(1))
  acc = addRow(acc, fnvByte(h0, 2))
  acc = addRow(acc, fnvByte(sh0, 3))
  acc = addRow(acc, hashLower(seed(4), P + s, prefixEnd(s, e, 3) - s))
  const s3 = suffixStart(s, e, 3)
  acc = addRow(acc, hashLower(seed(5), P + s3, e - s3))
  const s2 = suffixStart(s, e, 2)
  acc = addRow(acc, hashLower(seed(6), P + s2, e - s2))
  acc = addRow(acc, fnvByte(fnvByte(fnvByte(seed(13), g0 & 0xff), (g0 >> 8) & 0xff), g0 >> 16))
  acc = addRow(acc, fnvByte(seed(19), <u32>(e - s < 12 ? e - s : 12)))
  acc = addRow(acc, fnvByte(fnvByte(seed(28), <u32>sh0), g0 & 0xff))
  const k0 = load<u32>(slot, 64)
  acc = addRow(acc, clFine(seed(31), k0))
  acc = addRow(acc, fnvByte(seed(32), k0 >> 16))
  // Lane 7 of the slot holds the ready and function-word bytes (62, 63): keep them, set ready.
  const flags = <u16>load<u8>(slot, 63) << 8 | 1
  v128.store(slot, i16x8.replace_lane(acc, 7, <i16>flags), 48)
  return acc
}

/**
 * The best class of the token [s, e) (its cache slot `slot`) after prevTag: the same thirty-five features as
 * `features`, word-only ones from the cache, each added to the class sums as it is made.
 */
function scoreAt(slot: usize, s: usize, e: usize, prevTag: u32): u32 {
  const none = <usize>0xffffffff
  const noWord = fnvByte(FNV_SEED, 0x5f)
  const h0 = load<u64>(slot)
  const sh0 = load<u64>(slot, 16)
  const g0 = load<u32>(slot, 40)
  // Before any neighbour is looked up: a neighbour may take this word's slot.
  let acc = wordSums(slot, s, e)
  const k0 = load<u32>(slot, 64)
  // Neighbours one away through the cache (hash, shape, flags); two away need only their hash. Each is
  // read once: its end and its key in one pass (tokEndKey).
  const m1 = prevTok(s)
  const m1line = crossedLine
  let hm1: u64 = noWord, shm1: u64 = seed(11), gm1: u32 = 0, hm2: u64 = noWord, km1: u32 = CL_NONE
  if (m1 != none) {
    const m1e = tokEndKey(m1)
    const sl = wordSlot(m1, m1e)
    hm1 = KEY_H
    shm1 = load<u64>(sl, 24)
    gm1 = load<u32>(sl, 40)
    km1 = load<u32>(sl, 64)
    const m2 = prevTok(m1)
    if (m2 != none) {
      tokEndKey(m2)
      hm2 = KEY_H
    }
  }
  const p1 = nextTok(e)
  let hp1: u64 = noWord, shp1: u64 = seed(12), gp1: u32 = 0, hp2: u64 = noWord, kp1: u32 = CL_NONE
  if (p1 < N) {
    const p1e = tokEndKey(p1)
    const sl = wordSlot(p1, p1e)
    hp1 = KEY_H
    shp1 = load<u64>(sl, 32)
    gp1 = load<u32>(sl, 40)
    kp1 = load<u32>(sl, 64)
    const p2 = nextTok(p1e)
    if (p2 < N) {
      tokEndKey(p2)
      hp2 = KEY_H
    }
  }
  const wm1 = fnvByte(hm1, 7)
  acc = addRow(acc, wm1)
  const wp1 = fnvByte(hp1, 8)
  acc = addRow(acc, wp1)
  acc = addRow(acc, fnvByte(hm2, 9))
  acc = addRow(acc, fnvByte(hp2, 10))
  acc = addRow(acc, shm1)
  acc = addRow(acc, shp1)
  acc = addRow(acc, fnvByte(fnvByte(fnvByte(seed(14), gm1 & 0xff), (gm1 >> 8) & 0xff), gm1 >> 16))
  acc = addRow(acc, fnvByte(fnvByte(fnvByte(seed(15), gp1 & 0xff), (gp1 >> 8) & 0xff), gp1 >> 16))
  const c1 = m1 == none ? 0 : at(m1)
  const initial = m1 == none || m1line || c1 == 0x2e || c1 == 0x21 || c1 == 0x3f || c1 == 0x22
  acc = addRow(acc, fnvByte(seed(16), initial ? 1 : 0))
  acc = addRow(acc, fnvByte(fnvByte(wm1, 17), <u32>sh0))
  acc = addRow(acc, fnvByte(fnvByte(wp1, 18), <u32>sh0))
  acc = addRow(acc, c1 == 0x3a || c1 == 0x2c ? fnvByte(hm2, 20) : seed(20))
  acc = addRow(acc, fnvByte(seed(21), m1line || m1 == none ? 1 : 0))
  acc = addRow(acc, fnvByte(seed(22), prevTag))
  acc = addRow(acc, fnvByte(fnvByte(seed(23), prevTag), <u32>sh0))
  acc = addRow(acc, fnvByte(fnvByte(wp1, 24), fold(hp2)))
  acc = addRow(acc, fnvByte(fnvByte(seed(25), prevTag), g0 & 0xff))
  acc = addRow(acc, fnvByte(fnvByte(wm1, 26), prevTag))
  acc = addRow(acc, p1 < N && at(p1) == 0x3a ? seed(27) : p1 < N && at(p1) == 0x2c ? fnvByte(seed(27), 1) : fnvByte(seed(27), 2))
  acc = addRow(acc, fnvByte(fnvByte(seed(29), gm1 & 0xff), <u32>sh0))
  acc = addRow(acc, fnvByte(fnvByte(h0, 30), fold(hm1)))
  acc = addRow(acc, clFine(seed(33), km1))
  acc = addRow(acc, clFine(seed(34), kp1))
  acc = addRow(acc, clCoarse3(km1, k0, kp1))
  return decide(prevTag, i16x8.extract_lane_s(acc, 0), i16x8.extract_lane_s(acc, 1), i16x8.extract_lane_s(acc, 2),
    i16x8.extract_lane_s(acc, 3), i16x8.extract_lane_s(acc, 4), i16x8.extract_lane_s(acc, 5), i16x8.extract_lane_s(acc, 6))
}

/**
 * Is [s, e) a function word ("I", "In", "The", "But", "His"): listed as never a name by itself or as a
 * preposition, a common word, and no name, place or nationality? A fifth of the capitals scored in prose
 * are these, at sentence starts before a capital ("In New York") or mid-sentence ("I").
 */
function functionWord(s: usize, e: usize): bool {
  if (!isWordByte(at(s))) return false
  const g = gazLookup(KEY_H)
  if ((g & (G_NOTNAME | G_PREP)) == 0 || (g & G_COMMON) == 0 || (g & (G_FIRST | G_LAST | G_CITY | G_COUNTRY | G_STATE | G_DEMONYM)) != 0) return false
  // The nouns and the articles of that list do begin names ("Senate", "State Department", "God", "The
  // Village Voice", "A & S", the initial of "A. Trichieri").
  if (load<u64>(NOUN_KEYS) == 0) {
    // Hashed once (no allocation: the core's memory is its own arena).
    let h = FNV_SEED
    let w: usize = 0
    for (let k: i32 = 0; k < NOUN_LEN; k++) {
      const c = <u32>load<u8>(NOUN_WORDS + k)
      if (c != 0x20) {
        h = fnvByte(h, c)
        continue
      }
      store<u64>(NOUN_KEYS + (w << 3), h)
      w++
      h = FNV_SEED
    }
  }
  for (let w: usize = 0; w < NOUN_N; w++) if (load<u64>(NOUN_KEYS + (w << 3)) == KEY_H) return false
  return true
}
// "the a mr god lord christ jesus congress senate state", each word followed by a space.
const NOUN_WORDS = memory.data<u8>([116, 104, 101, 32, 97, 32, 109, 114, 32, 103, 111, 100, 32, 108, 111, 114, 100, 32, 99, 104, 114, 105, 115, 116, 32, 106, 101, 115, 117, 115, 32, 99, 111, 110, 103, 114, 101, 115, 115, 32, 115, 101, 110, 97, 116, 101, 32, 115, 116, 97, 116, 101, 32])
const NOUN_LEN: i32 = 53
const NOUN_N: usize = 10
const NOUN_KEYS = memory.data(8 * 10)

/** Is the token [s, e) a candidate (as `candidate`), reading a head's flags from its cache slot? */
function candidateAt(slot: usize, s: usize, e: usize): bool {
  if (s > 0 && (at(s - 1) == 0x40 || at(s - 1) == 0x23)) return false
  if (headAt(s)) {
    const g = e - s > 3 && at(e - 2) == 0x27 && (at(e - 1) | 0x20) == 0x73 ? gaz(s, e - 2) : load<u32>(slot, 40)
    return headKept(s, e, g)
  }
  return lowerJoin(s, e)
}

// ---- Training export ----

/**
 * For training: every candidate token of [p, p+len) as [start, end, adjacent, feats x TAG_FEATS] u32
 * (adjacent = 1 when the previous candidate is the token just before it), after a count. The previous tag
 * is given as 0xff: the trainer recomputes the three features that read it (22, 23, 25, 26) from `prevTag`
 * by calling piiTagPrevFeatures.
 */
export function tagRows(out: usize, cap: u32): u32 {
  let n: u32 = 0
  let i: usize = 0
  let lastEnd: usize = <usize>0xffffffff
  while (i < N && n < cap) {
    while (i < N && isSpace(at(i))) i++
    if (i >= N) break
    const e = tokEnd(i)
    if (candidate(i, e)) {
      const row = out + <usize>n * (3 + TAG_FEATS) * 4
      store<u32>(row, <u32>i)
      store<u32>(row, <u32>e, 4)
      const pt = prevTok(i)
      store<u32>(row, pt != <usize>0xffffffff && lastEnd != <usize>0xffffffff && tokEnd(pt) == lastEnd ? 1 : 0, 8)
      features(i, e, 0)
      memory.copy(row + 12, FEATS, <usize>TAG_FEATS * 4)
      lastEnd = e
      n++
    }
    i = e
  }
  return n
}

/** The features of the token [s, e) with prevTag, into FEATS (for the trainer's prev-tag features). */
export function featsWith(s: usize, e: usize, prevTag: u32): usize {
  features(s, e, prevTag)
  return FEATS
}

// ---- Decoding ----


/** The best class from the seven sums; an inside tag continues only the same type. Sets LAST_MARGIN. */
@inline function decide(prevTag: u32, s0: i32, s1: i32, s2: i32, s3: i32, s4: i32, s5: i32, s6: i32): u32 {
  const pt: i32 = prevTag == 0 ? -1 : <i32>((prevTag - 1) >> 1)
  let bc: u32 = 0
  let bs = s0
  if (s1 > bs) { bs = s1; bc = 1 }
  if (pt == 0 && s2 > bs) { bs = s2; bc = 2 }
  if (s3 > bs) { bs = s3; bc = 3 }
  if (pt == 1 && s4 > bs) { bs = s4; bc = 4 }
  if (s5 > bs) { bs = s5; bc = 5 }
  if (pt == 2 && s6 > bs) { bs = s6; bc = 6 }
  LAST_MARGIN = <f32>(bs - s0) * SCALE
  return bc
}

/** Score margin of the last decision over O (for a confidence threshold). */
let LAST_MARGIN: f32 = 0

function onlySpaces(a: usize, b: usize): bool {
  for (let k = a; k < b; k++) if (!isSpace(at(k))) return false
  return true
}

/** The next position at or after i where a capital, or a byte starting a non-ASCII letter, opens a token. */
function nextHead(i0: usize): usize {
  let i = i0
  while (i < N) {
    // Sixteen bytes at a time while none is a capital or a byte of 0xc3 and above (most of prose).
    while (i + 16 <= N) {
      const v = v128.load(P + i)
      const cap = i8x16.lt_u(i8x16.sub(v, i8x16.splat(0x41)), i8x16.splat(26))
      const high = i8x16.ge_u(v, i8x16.splat(<i8>0xc3))
      const m = i8x16.bitmask(v128.or(cap, high))
      if (m != 0) {
        i += <usize>ctz(m)
        break
      }
      i += 16
    }
    if (i >= N) break
    const c = <u32>load<u8>(P + i)
    if (c - 0x41 < 26 || c >= 0xc3) {
      if (i == 0) return i
      const b = <u32>load<u8>(P + i - 1)
      if (!((b | 0x20) - 0x61 < 26 || b - 0x30 < 10 || b >= 0x80)) return i
    }
    i++
  }
  return N
}

/** Is [s, e) one all-capital ASCII word ("UUID", "NIC", "UK")? Alone, the tagger's reading of one is
 * mostly wrong (acronyms of every kind); the rules' lists know the organisations and places among them. */
function acronym(s: usize, e: usize): bool {
  if (e - s < 2) return false
  for (let k = s; k < e; k++) if (at(k) - 0x41 >= 26) return false
  return true
}

/**
 * Is the one-token span [s, e) too weak to report on the tagger's word alone: an acronym, a key before a
 * colon ("Tel.:", "Name:") or an abbreviated one before a number ("Tel. 0711 ..."), a person after an
 * article, or a sentence-initial everyday word that is no given name or place ("Driver's license on file")?
 */
function weakAlone(s: usize, e: usize, type: i32): bool {
  if (acronym(s, e)) return true
  // A person right after an article ("The Confederacy signed", "a Vivacious redhead"): a noun, not a name.
  if (type == 0 && articleBefore(s)) return true
  if (at(e) == 0x3a || (at(e) == 0x2e && at(e + 1) == 0x3a)) return true
  // An abbreviated key before its number ("Tel. 0711 9876543", "Nr. 5").
  if (at(e) == 0x2e && at(e + 1) == 0x20 && isDig(at(e + 2))) return true
  const z = e - s > 3 && at(e - 2) == 0x27 && (at(e - 1) | 0x20) == 0x73 ? e - 2 : e
  const g = gaz(s, z)
  if ((g & G_COMMON) == 0 || (g & (G_FIRST | G_CITY | G_COUNTRY | G_STATE)) != 0) return false
  const m1 = prevTok(s)
  if (m1 == <usize>0xffffffff || crossedLine) return true
  const c1 = at(m1)
  return c1 == 0x2e || c1 == 0x21 || c1 == 0x3f || c1 == 0x22
}

/** Is the token before s, on the same line, the article "the", "a" or "an" (any case)? */
function articleBefore(s: usize): bool {
  const m1 = prevTok(s)
  if (m1 == <usize>0xffffffff || crossedLine) return false
  const n = tokEnd(m1) - m1
  const c0 = at(m1) | 0x20
  if (n == 1) return c0 == 0x61
  if (n == 2) return c0 == 0x61 && (at(m1 + 1) | 0x20) == 0x6e
  return n == 3 && c0 == 0x74 && (at(m1 + 1) | 0x20) == 0x68 && (at(m1 + 2) | 0x20) == 0x65
}

/** Minimum margin over O for a span to be reported (set with the weights). */
let THRESHOLD: f32 = 0

export function piiTaggerThreshold(t: f32): void {
  THRESHOLD = t
  // Called after the weights are written (library and trainer): cached word scores are stale.
  GEN++
}

// Entities the rules already reported ([start, end, ...] slots of `COV_STRIDE` bytes, sorted, disjoint):
// a tagger span overlapping one would be dropped, so tokens inside them are not scored at all.
let COV: usize = 0
let COV_N: u32 = 0
const COV_STRIDE: usize = 16

export function setCovered(ptr: usize, n: u32): void {
  COV = ptr
  COV_N = n
}

/**
 * Tag the text [0, N) and call `emit` for each span: type 0 PERSON, 1 LOCATION, 2 ORGANIZATION. The
 * callback is a function reference so scan.ts decides what a span becomes (see names.ts).
 */
export function tagSpans(sink: (s: usize, e: usize, type: u32) => void): void {
  let i: usize = 0
  let prev: u32 = 0
  let spanS: usize = 0
  let spanE: usize = 0
  let spanT: i32 = -1
  let spanOk = false
  let spanToks = 0
  let spanPoisoned = false
  let afterRule = false
  let cj: u32 = 0
  while (i < N) {
    if (spanT < 0) {
      // Outside a span only a capital (or a byte starting a non-ASCII letter) at a token start can begin
      // one: a tight byte loop, no token reading.
      const h = nextHead(i)
      // Anything between (a word, punctuation) separates the next head from a rule entity.
      if (h > i) afterRule = afterRule && onlySpaces(i, h)
      i = h
      if (i >= N) break
    } else {
      while (i < N && isSpace(at(i))) i++
      if (i >= N) break
      // Inside a span the next token may continue it: a head, or a short lower-case word before one.
      const c = at(i)
      if (!(c - 0x41 < 26 || c >= 0xc3 || c - 0x61 < 26)) {
        if (spanOk) sink(spanS, spanE, <u32>spanT)
        spanT = -1
        prev = 0
        i++
        continue
      }
    }
    const e = tokEndKey(i)
    while (cj < COV_N && <usize>load<u32>(COV + <usize>cj * COV_STRIDE, 4) <= i) cj++
    const covered = cj < COV_N && <usize>load<u32>(COV + <usize>cj * COV_STRIDE) < e
    if (covered) {
      // A span running into an entity of the rules ("Dr." before "Constantinos A. Doxiadis") is part of
      // it: dropped, and so is one that starts right after it.
      spanT = -1
      prev = 0
      i = e
      afterRule = true
      continue
    }
    const slot = wordSlot(i, e)
    if (!candidateAt(slot, i, e)) {
      if (spanT >= 0 && spanOk) sink(spanS, spanE, <u32>spanT)
      spanT = -1
      prev = 0
      i = e
      afterRule = false
      continue
    }
    // A function word opens no span: not scored (it would be O; scripts/pii-identity.mjs checks).
    if (spanT < 0 && load<u8>(slot, 63) != 0) {
      prev = 0
      i = e
      afterRule = false
      continue
    }
    // The previous tag counts only for the token just before this one (a span continues or not).
    if (spanT < 0) prev = 0
    const tag = scoreAt(slot, i, e, prev)
    if (tag == 0 || (tag & 1) == 1) {
      if (spanT >= 0 && spanOk) sink(spanS, spanE, <u32>spanT)
      spanT = -1
    }
    if (tag != 0) {
      if (spanT < 0) {
        spanS = i
        spanT = <i32>((tag - 1) >> 1)
        spanOk = false
        spanToks = 0
        spanPoisoned = afterRule
      }
      spanE = e
      spanToks++
      if (LAST_MARGIN >= THRESHOLD && !spanPoisoned && (spanToks > 1 || !weakAlone(i, e, spanT))) spanOk = true
    }
    prev = tag
    i = e
    afterRule = false
  }
  if (spanT >= 0 && spanOk) sink(spanS, spanE, <u32>spanT)
}

// ---- Exports for the training script (scripts/train/pii-tagger.mjs) ----

/** Candidate rows of the text [p, p+len) (see tagRows) at out, at most cap; returns the count. */
export function piiTagRows(p: usize, len: usize, out: usize, cap: u32): u32 {
  if (!clsReady) initClasses()
  setText(p, len)
  return tagRows(out, cap)
}

/** The TAG_FEATS feature hashes of the token [s, e) of the text [p, p+len) after prevTag: a pointer to them. */
export function piiTagFeats(p: usize, len: usize, s: usize, e: usize, prevTag: u32): usize {
  if (!clsReady) initClasses()
  setText(p, len)
  return featsWith(s, e, prevTag)
}

const DEBUG_CAP: u32 = 4096
let DEBUG_OUT: usize = 0
let DEBUG_N: u32 = 0

function debugSink(s: usize, e: usize, t: u32): void {
  if (DEBUG_N >= DEBUG_CAP) return
  const slot = DEBUG_OUT + 4 + <usize>DEBUG_N * 12
  store<u32>(slot, <u32>s)
  store<u32>(slot, <u32>e, 4)
  store<u32>(slot, t, 8)
  DEBUG_N++
}

/** The tagger's spans alone for the text [p, p+len): [count, (start, end, type)...] at out (room for 4096). */
export function piiTagSpans(p: usize, len: usize, out: usize): u32 {
  if (!clsReady) initClasses()
  setText(p, len)
  setCovered(0, 0)
  DEBUG_OUT = out
  DEBUG_N = 0
  tagSpans(debugSink)
  store<u32>(out, DEBUG_N)
  return DEBUG_N
}
