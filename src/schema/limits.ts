// Input limits, in one place: each bounds the time or memory a single call can take, and each is
// reported as an InvalidArgumentError naming the field. Documented in docs/limits.md (a test keeps the
// two in step).

/**
 * Longest string accepted in any field, in UTF-16 code units (128 Mi). The core holds the text as
 * UTF-8 (up to 3 bytes a unit) plus its per-call tables, which must stay well inside the 2 GiB a
 * 32-bit WebAssembly address can reach in every engine.
 */
export const MAX_TEXT_CHARS = 134_217_728

/**
 * PII entities one `pii`, `redact` or `explain('pii')` call may return (2^20). Each costs about 150 bytes
 * of JavaScript heap (more with explain's evidence), so the cap bounds a response at a few hundred MB;
 * the core stops recording at twice as many candidates. Denser text is refused with an error naming
 * `text`, never cut short silently (a redaction that misses entities is worse than none).
 */
export const MAX_PII_ENTITIES = 1_048_576

/** PII entities one `explain('pii')` call may explain (2^18): each carries its evidence, about 1 KB of heap. */
export const MAX_PII_EXPLAIN_ENTITIES = 262_144

/** Longest name (model, provider, region, instance, processor) for which "did you mean" is computed. */
export const MAX_SUGGEST_CHARS = 256

/** Entries in one allowlist or blocklist. */
export const MAX_LIST_ENTRIES = 10_000

/** Characters in one allowlist or blocklist, all entries together. */
export const MAX_LIST_CHARS = 1_000_000

/** Characters of one `/pattern/flags` entry. */
export const MAX_PATTERN_CHARS = 1_000

/** Nesting depth of groups in one pattern. */
export const MAX_PATTERN_DEPTH = 32

/**
 * Work allowed for the allowlist and blocklist patterns of one call, summed over all entries:
 * text length x the cost per character of each compiled pattern (4 for the engine's step, then per
 * state: 1, a class 1 + 1 per 8 ranges, a case-insensitive character 2 more, a zero-width assertion 4;
 * a plain literal, matched with indexOf, 1/32 in all). Checked before any pattern runs; at the limit
 * the costliest patterns take one to three seconds on a shared 2-core machine.
 */
export const PATTERN_BUDGET = 100_000_000

/** Topics in one sensitivity request (each new topic builds a table over the vocabulary, 10-25 ms). */
export const MAX_TOPICS = 64

/** Characters of one sensitivity topic (a word or a short phrase). */
export const MAX_TOPIC_CHARS = 100

/**
 * Items in any array field of a request, checked before anything is copied: an array's `length` can claim
 * 2^32 - 1 items (a sparse array) and a copy of it would exhaust the heap.
 */
export const MAX_ARRAY_ITEMS = 1_000_000

/** Issues one ValidationError lists; the message says how many more there were. */
export const MAX_ISSUES = 100

/** Nesting depth of `metadata` (objects and arrays), so that the response can always be written as JSON. */
export const MAX_METADATA_DEPTH = 64

/**
 * Spans (words plus sentences) in one `textStats` answer: each is a small array of the JavaScript heap,
 * and 67 million of them (`'a '` repeated to 128 Mi characters) exhausted it.
 */
export const MAX_SPANS = 5_000_000

/**
 * Words whose vectors one call holds (256 bytes each in core memory): the word-by-word metrics (answer
 * relevancy, completion, adherence, and the sentences faithfulness aligns) on 32 MB of text needed more
 * than the 4 GiB a 32-bit WebAssembly memory can address.
 */
export const MAX_EMBED_WORDS = 4_000_000
