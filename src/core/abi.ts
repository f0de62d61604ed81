// The boundary between TypeScript and the core, declared once: every export of build/litmus.wasm with
// its signature, and every constant both sides must agree on. test/abi.test.ts checks this file against
// the compiled module's export list and the constants in assembly/, so neither side can drift.
//
// Pointers and lengths are byte offsets and counts in the core's linear memory (u32 in the core).

export interface CoreExports {
  memory: WebAssembly.Memory
  /** Forget every per-call allocation (assembly/arena.ts). */
  reset(): void
  /** Reserve `size` bytes until the next `reset`; returns the pointer. */
  alloc(size: number): number
  /** Rewrite `count` ascending byte offsets at `offsets` into UTF-16 indices of the text, in place. */
  utf16Offsets(text: number, len: number, offsets: number, count: number): void
  /** Lower-case UTF-8 text of Latin-1 characters in place, as toLowerCase does (assembly/text/lower.ts). */
  lowerLatin1(ptr: number, len: number): void
  /** Encoded segments of the text; returns their count (spans and labels via the next two). */
  encodingsScan(ptr: number, len: number): number
  encodingsSpans(): number
  encodingsLabels(): number
  /** As encodingsScan, also decoding each segment; (pointer, length) pairs of the payloads via encodingsDecoded. */
  encodingsDecode(ptr: number, len: number): number
  encodingsDecoded(): number
  /** Syllables of one word. */
  syllables(ptr: number, len: number): number
  /** Syllables of one word by the spelling rules alone (no exception table). */
  syllablesRules(ptr: number, len: number): number
  syllablesReserve(len: number): number
  syllablesLoad(ptr: number, len: number): number
  /** Syllables summed over the words of a text. */
  syllablesSum(ptr: number, len: number): number
  /** Sentences and words of a text; returns a pointer to 8 u32 (see TokeniseResult). */
  tokenise(ptr: number, len: number, flags: number): number
  tokeniseInit(): void
  /** Reserve the table of word ids kept across calls (assembly/text/wordids.ts). */
  wordIdsInit(): void
  /** Ids of `n` words ([start, end) byte offsets from `text`, u32 pairs at `spans`); returns a pointer to n u32 (WORD_IDS.NONE: not kept). */
  wordIds(text: number, spans: number, n: number): number
  /** Ids handed out since the last clear. */
  wordIdsCount(): number
  /** Forget every word id (between calls). */
  wordIdsClear(): void
  /** PII entities of the text for the categories in `mask`; returns a pointer to [count, (start, end, id)*]. */
  piiScan(ptr: number, len: number, maskLo: number, maskHi: number): number
  piiGazetteerReserve(lines: number): void
  piiGazetteerBuild(ptr: number, len: number): void
  /** 1 when the UTF-8 candidate passes checksum `kind` (PII_VALIDATORS), else 0. */
  piiValidate(kind: number, ptr: number, len: number): number
  /** Install the ORGANIZATION / NRP word table: a lexicon handle from lexiconBuild. */
  piiOrgsInstall(lexicon: number): void
  /** Reserve the name tagger's int8 weights (2^bits buckets x 8) kept for the instance; returns their pointer. */
  piiTaggerReserve(bits: number, scale: number): number
  /** The tagger's margin over O (in weight units) below which a span is not reported. */
  piiTaggerThreshold(threshold: number): void
  /** Install the tagger's word clusters from `word fine coarse` lines; returns the words kept. */
  piiClustersInstall(ptr: number, len: number): number
  /** Index a `word\tflags` list (assembly/vec/lexicon.ts) kept for the instance's life; returns its handle. */
  lexiconBuild(ptr: number, len: number): number
  /** Word features of a text for simplicity; returns a pointer to f64 values (assembly/judge/simplicity.ts). */
  simplicityScan(ptr: number, len: number, lexicon: number, perWord: number): number
  simplicitySpans(): number
  simplicityWords(): number
  /** Reserve the word-vector tables (assembly/vec/vectors.ts); returns where the model bytes go. */
  vectorsReserve(words: number, dims: number, textLen: number): number
  vectorsLoad(sifA: number, zipfC: number, oovRank: number, oovWeight: number, nMin: number, nMax: number, nBits: number, lBits: number, alpha: number): void
  /** Embed one text into row `row` of the per-call matrix; returns its word count. */
  vectorsEmbed(ptr: number, len: number, row: number): number
  /** Words of a text with their spans, unit vectors and SIF weights; returns a pointer to [count, spans, vectors, weights]. */
  vectorsWords(ptr: number, len: number): number
  vectorsDims(): number
  /** Pair scores of `n` texts given as (ptr, len) u32 pairs at `texts`; returns [min f64, avg f64, matrix ptr u32]. */
  stability(texts: number, n: number): number
  stabilityZero(zero: number): void
  /** For each of `n` rows at `a`, the best dot product over `m` rows at `b` (rows of `floats` f32); writes (f32 best, u32 index) pairs to `out`. */
  cosineBest(a: number, n: number, b: number, m: number, floats: number, out: number): void
  /** Reserve a hashed n-gram model of 2^bits buckets, `stride` bytes each (assembly/vec/features.ts); returns its handle. */
  vecModelReserve(bits: number, stride: number): number
  /** Where the model's int8 weights go. */
  vecModelWeights(model: number): number
  vecModelSet(model: number, kinds: number, cmin: number, cmax: number, classes: number, lexPtr: number, lexLen: number): void
  vecModelFlush(model: number): void
  /**
   * Features and per-class sums of a text; returns a pointer to the result block (see features.ts): u32
   * words, spans, features, feature buckets, feature words, flagged count, flagged list, word sums, then the
   * class sums from byte 32, and at byte VEC_NEUTRAL the features the neutralised (NOFEAT) words would emit.
   */
  vecScore(ptr: number, len: number, model: number, want: number): number
  /** Reserve `n` topic tables (assembly/judge/sensitivity.ts) and set the model's settings; after the vectors are loaded. */
  sensitivityReserve(n: number, k: number, stopRank: number, part: number, neighbour: number, threshold: number): void
  sensitivitySlots(): number
  /** Build the table of one topic (UTF-8 at ptr) in `slot`; returns its content-word count (0: no word). */
  sensitivityTopic(ptr: number, len: number, slot: number): number
  /** Per-topic statistics of a text against `n` slots (u32 at `slots`); returns a pointer to n x 6 f32. */
  sensitivityScore(ptr: number, len: number, slots: number, n: number): number
  /** Matched words of a text for one slot; returns a pointer to [count, spans, closeness]. */
  sensitivityMatches(ptr: number, len: number, slot: number): number
  /** Digit runs, list items, capitalised names and question marks of a text (assembly/judge/helpfulness.ts); returns a pointer to four u32. */
  helpfulnessCounts(ptr: number, len: number): number
}

/** The names of the exports above, as the compiled module lists them. */
export const EXPORTS = [
  'memory',
  'reset',
  'alloc',
  'utf16Offsets',
  'lowerLatin1',
  'encodingsScan',
  'encodingsSpans',
  'encodingsLabels',
  'encodingsDecode',
  'encodingsDecoded',
  'syllables',
  'syllablesRules',
  'syllablesReserve',
  'syllablesLoad',
  'syllablesSum',
  'tokenise',
  'tokeniseInit',
  'wordIdsInit',
  'wordIds',
  'wordIdsCount',
  'wordIdsClear',
  'piiScan',
  'piiGazetteerReserve',
  'piiGazetteerBuild',
  'piiValidate',
  'piiOrgsInstall',
  'piiTaggerReserve',
  'piiTaggerThreshold',
  'piiClustersInstall',
  'lexiconBuild',
  'simplicityScan',
  'simplicitySpans',
  'simplicityWords',
  'vectorsReserve',
  'vectorsLoad',
  'vectorsEmbed',
  'vectorsWords',
  'vectorsDims',
  'stability',
  'stabilityZero',
  'cosineBest',
  'vecModelReserve',
  'vecModelWeights',
  'vecModelSet',
  'vecModelFlush',
  'vecScore',
  'sensitivityReserve',
  'sensitivitySlots',
  'sensitivityTopic',
  'sensitivityScore',
  'sensitivityMatches',
  'helpfulnessCounts'
] as const satisfies readonly (keyof CoreExports)[]

// Compile-time check that EXPORTS lists every member of CoreExports.
type Missing = Exclude<keyof CoreExports, (typeof EXPORTS)[number]>
const everyExportListed: Missing extends never ? true : Missing = true
void everyExportListed

/** Byte offset in `vecScore`'s result block of the neutralised words' feature count (assembly/vec/features.ts RESULT_NEUTRAL). */
export const VEC_NEUTRAL = 288

/** The word-id table's limits (assembly/text/wordids.ts WORDIDS_*). */
export const WORD_IDS = { CAP: 16384, MAX_LEN: 64, NONE: 4294967295 } as const

/** `tokenise` flags (assembly/text/tokenise.ts TOK_*). */
export const TOK = {
  /** Write word spans. */
  WORD_SPANS: 1,
  /** Write sentence spans. */
  SENTENCE_SPANS: 2,
  /** Count syllables (and words of 3+ syllables). */
  SYLLABLES: 4
} as const

/** Encoding labels by the core's LABEL_* id (assembly/scan/encodings.ts). */
export const ENCODING_LABELS = ['base64', 'base32', 'hex', 'binary', 'decimal', 'percent', 'unicode_escape'] as const

/**
 * PII category names (Microsoft Presidio's entity names where Presidio has one), keyed by the suffix of
 * the core's C_* constant (assembly/pii/categories.ts), in id order from 1.
 */
export const PII_CATEGORY_IDS = {
  EMAIL: 'EMAIL_ADDRESS',
  PHONE: 'PHONE_NUMBER',
  CARD: 'CREDIT_CARD',
  IBAN: 'IBAN_CODE',
  SSN: 'US_SSN',
  BANK: 'US_BANK_NUMBER',
  ABA: 'ABA_ROUTING_NUMBER',
  IP: 'IP_ADDRESS',
  MAC: 'MAC_ADDRESS',
  URL: 'URL',
  DATE: 'DATE_TIME',
  PERSON: 'PERSON',
  LOCATION: 'LOCATION',
  CRYPTO: 'CRYPTO',
  SECRET: 'SECRET',
  ITIN: 'US_ITIN',
  US_PASSPORT: 'US_PASSPORT',
  US_DRIVER_LICENSE: 'US_DRIVER_LICENSE',
  UK_NHS: 'UK_NHS',
  UK_NINO: 'UK_NINO',
  ES_NIF: 'ES_NIF',
  ES_NIE: 'ES_NIE',
  IT_FISCAL_CODE: 'IT_FISCAL_CODE',
  IT_DRIVER_LICENSE: 'IT_DRIVER_LICENSE',
  IT_VAT_CODE: 'IT_VAT_CODE',
  IT_PASSPORT: 'IT_PASSPORT',
  IT_IDENTITY_CARD: 'IT_IDENTITY_CARD',
  PL_PESEL: 'PL_PESEL',
  FI_PIC: 'FI_PERSONAL_IDENTITY_CODE',
  SG_NRIC_FIN: 'SG_NRIC_FIN',
  SG_UEN: 'SG_UEN',
  AU_ABN: 'AU_ABN',
  AU_ACN: 'AU_ACN',
  AU_TFN: 'AU_TFN',
  AU_MEDICARE: 'AU_MEDICARE',
  IN_PAN: 'IN_PAN',
  IN_AADHAAR: 'IN_AADHAAR',
  IN_VOTER: 'IN_VOTER',
  IN_PASSPORT: 'IN_PASSPORT',
  IN_VEHICLE: 'IN_VEHICLE_REGISTRATION',
  KR_RRN: 'KR_RRN',
  TH_TNIN: 'TH_TNIN',
  MEDICAL_LICENSE: 'MEDICAL_LICENSE',
  MRN: 'MEDICAL_RECORD_NUMBER',
  NPI: 'US_NPI',
  DEA: 'US_DEA_NUMBER',
  NRP: 'NRP',
  ORGANIZATION: 'ORGANIZATION'
} as const

/** Why the core reported a PII entity: bits of each entity's fourth word, by the W_* constants of assembly/pii/categories.ts. */
export const PII_EVIDENCE = {
  FORMAT: 1,
  CHECKSUM: 2,
  CONTEXT: 4,
  GAZETTEER: 8,
  CUE: 16,
  DEOBFUSCATED: 32,
  TAGGER: 64
} as const

/** Checksums custom PII recognizers may name as `validator`, by the V_* constants of assembly/pii/validate.ts. */
export const PII_VALIDATORS = {
  LUHN: 1,
  MOD97: 2,
  ABA: 3,
  VERHOEFF: 4
} as const
