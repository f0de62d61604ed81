// Per-call state of the PII scanner, shared by its layers (text, context, the recognisers, the name
// rules and the token loop). piiScan sets or resets every variable here at the start of each call;
// nothing survives from one call to the next except the buffers' addresses. One module holds all of it
// so a reader sees in one place what a recogniser may read or change besides its arguments.
import { arenaAlloc } from '../arena'
import { W_FORMAT } from './categories'

// Text under scan: [P, P + N). Set by piiScan.
export let P: usize = 0
/** Length of the text under scan. */
export let N: usize = 0
/** Categories the caller asked for (bit = category id); emit drops the others. */
export let MASK: u64 = 0

/**
 * Did the caller name the categories (mask bit 63, which no category uses)? Then an id whose layout and
 * check digit hold counts without the word that names it, as Presidio reads an entity asked for by name;
 * with every category on, those ids still need their word (national.ts, numbers.ts).
 */
export let EXPLICIT = false

/**
 * Candidates one call may record (16 bytes each, 32 MiB at most). Past it the scan stops and reports
 * CAND_OVERFLOW as its count: the caller refuses the text with an error naming the limit
 * (docs/limits.md) rather than building millions of entities until the heap runs out.
 */
export const CAND_MAX: u32 = 1 << 21
export const CAND_OVERFLOW: u32 = 0xffffffff

// Candidates found so far: start, end, category, evidence bits (W_* in categories.ts; u32 each), CN of
// CCAP slots of CSLOT bytes at CAND (arena memory, grown by doubling in emitWhy). resolve() sorts them and removes overlaps.
export let CAND: usize = 0
export let CN: u32 = 0
export let CCAP: u32 = 0

// Scratch for digit groups (GS/GE: start and end of up to 24 groups, parsed by numbers.ts) and
// capitalised runs (TS/TE/TF/TR: start, end, gazetteer flags and raw end of up to 8 tokens, collected
// by names.ts). DIGITS holds packed digits or IBAN characters, and the symbol bitmap of secrets.ts.
export const GS = memory.data(4 * 24)
export const GE = memory.data(4 * 24)
export const TS = memory.data(4 * 12)
export const TE = memory.data(4 * 12)
export const TF = memory.data(4 * 12)
export const TR = memory.data(4 * 12)
export const DIGITS = memory.data(48)

/** Start of the word wordBefore last read (0 when it found none): lets callers walk further back. */
export let prevWordStart: usize = 0

/** Number of digit groups parseGroups last found (in GS/GE). */
export let G: u32 = 0

/** Raw end (punctuation included) of the last token collectRun took into the capitalised run. */
export let runEnd: usize = 0

// The private-key search (secrets.ts): the first END line at or after PK_FROM is at PK_AT and its marker
// ends at PK_Z. Reset per call, so many BEGIN lines sharing one END line cost one search.
export let PK_FROM: usize = 1
export let PK_AT: usize = 0
export let PK_Z: usize = 0

// Unknown words that were part of a detected full name ("Maciej Borkowski"), so a later lone
// "Borkowski" is read as the same person: MEMO_N hashes at MEMO. Per call, small, forward only.
export const MEMO = memory.data(8 * 32)
export let MEMO_N: u32 = 0

// Lone unknown capitalised words left undecided ("Magnus spent a year ..."): if the same word later
// turns out to be part of a full name ("... Magnus Poulsen"), it is a name here too. PEND_N slots of
// (hash, start, end) at PEND.
export const PEND = memory.data(16 * 32)
export let PEND_N: u32 = 0

/** Has the token loop seen a capital letter? Without one, the lower-case pass reads cues instead. */
export let SAW_UPPER = false

/** End of the phrase lowerPhrase last matched. */
export let PHRASE_END: usize = 0

// The token last read by piiScan: [TOK_S, TOK_E), its classes, and for each class bit the last
// position holding it (LAST_AT, filled on first need: TOK_LAST), so the classes of any suffix cost 16
// steps, and tokenEnd inside it costs nothing.
export let TOK_S: usize = 0
export let TOK_E: usize = 0
export let TOK_ACC: u32 = 0
export let TOK_LAST = false
export const LAST_AT = memory.data(4 * 16)

/** Point the layers at the text [p, p + len) (the tagger's training exports use it outside piiScan). */
export function setText(p: usize, len: usize): void {
  P = p
  N = len
}

/** Byte i of the text under scan, 0 past its end (so lookahead needs no bounds checks). */
// @ts-ignore: decorator
@inline export function at(i: usize): u32 {
  return i < N ? <u32>load<u8>(P + i) : 0
}

/** Bytes per candidate and per entity of piiScan's output: start, end, category, evidence. */
export const CSLOT: usize = 16

/** Record a candidate entity [s, e) of category cat found by its format alone (see emitWhy). */
export function emit(s: usize, e: usize, cat: u32): void {
  emitWhy(s, e, cat, W_FORMAT)
}

/** Record a candidate entity [s, e) of category cat with evidence bits why, unless cat was not asked for. */
export function emitWhy(s: usize, e: usize, cat: u32, why: u32): void {
  if (e <= s || !wants(cat)) return
  if (CN >= CCAP) {
    // At the cap the scan stops (piiScan checks CN): nothing more is recorded.
    if (CCAP >= CAND_MAX) return
    // Start small and double: most texts have few entities, and memory is never given back.
    const bigger = arenaAlloc(<usize>CCAP * 2 * CSLOT)
    memory.copy(bigger, CAND, <usize>CCAP * CSLOT)
    CAND = bigger
    CCAP <<= 1
  }
  const slot = CAND + (<usize>CN) * CSLOT
  store<u32>(slot, <u32>s)
  store<u32>(slot, <u32>e, 4)
  store<u32>(slot, cat, 8)
  store<u32>(slot, why, 12)
  CN++
}

// @ts-ignore: decorator
@inline export function wants(cat: u32): bool {
  return (MASK & (<u64>1 << <u64>cat)) != 0
}

/** Is any of the categories whose bits are set in cats asked for? */
// @ts-ignore: decorator
@inline export function wantsAny(cats: u64): bool {
  return (MASK & cats) != 0
}

/** The mask bit of category cat, for wantsAny. */
// @ts-ignore: decorator
@inline export function bit(cat: u32): u64 {
  return <u64>1 << <u64>cat
}
