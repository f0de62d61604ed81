// explain('pii', request): each entity with its confidence and the evidence behind it, the thing
// Presidio users read `score` and `analysis_explanation` for. The evidence is what the recogniser that
// reported the entity actually saw: the core's W_* bits for built-in entities (assembly/pii/categories.ts),
// the rule that fired for custom recognizers, allowlist and blocklist entries.
import { PII_EVIDENCE } from '../../core/abi.js'
import type { Context } from '../shared/context.js'
import type { PiiDetail, PiiEntity } from './entities.js'
import type { CustomWhy } from './pii-recognizers.js'

export type PiiEvidenceKind =
  | 'format'
  | 'checksum'
  | 'context'
  | 'gazetteer'
  | 'cue'
  | 'deobfuscated'
  | 'tagger'
  | 'pattern'
  | 'denylist'
  | 'blocklist'

export interface PiiEvidence {
  kind: PiiEvidenceKind
  /** In words, e.g. "passed the luhn checksum", "context word \"account\" before it". */
  label: string
  /** The pattern, checksum, context word or list entry, when there is one. */
  detail?: string
}

export interface PiiExplainedEntity extends PiiEntity {
  /**
   * 0..1, an ordering of the strength of the evidence (docs/metrics/pii.md, "Confidence"): the same
   * evidence always gives the same value. The precision each level reached on the Presidio
   * evaluation texts is in the card; it is not a calibrated probability on your text.
   */
  confidence: number
  /** `built-in`, `blocklist`, or the custom recognizer's name. */
  recognizer: string
  evidence: PiiEvidence[]
}

export interface PiiExplanation {
  operation: 'pii'
  /** The entities `pii` returns for the same request, in the same order, each explained. */
  pii: PiiExplainedEntity[]
}

/**
 * Confidence by evidence, strongest first. A checksum makes a random digit string pass by chance
 * once in 10 (Luhn, ABA) or 97 (mod-97); a context word removes most other readings; a format alone
 * (a phone-shaped number) still has other readings; a name found only in a gazetteer is the weakest
 * (many listed names are also ordinary words, places or brands). User lists are taken as given.
 */
export const CONFIDENCE = {
  /** On the blocklist, or a custom recognizer's denylist: the caller said so. */
  listed: 1,
  checksumAndContext: 0.99,
  checksum: 0.95,
  formatAndContext: 0.85,
  gazetteerAndCue: 0.85,
  cue: 0.7,
  format: 0.6,
  gazetteer: 0.5,
  /** A name, place or organisation read by the learned tagger alone (the rules found nothing there). */
  tagger: 0.45,
  /** A name or place found by capitalisation alone (no list, no cue). */
  capitalised: 0.4,
  /** Taken off when the value had to be de-obfuscated (spaced digits, "dot"/"at" written out) first. */
  deobfuscatedPenalty: 0.05
} as const

const W = PII_EVIDENCE

/** Categories found by words (capitalisation, lists, cues) rather than by a format of characters. */
export const WORD_CATEGORIES = new Set(['PERSON', 'LOCATION', 'ORGANIZATION', 'NRP'])

/** Confidence of a set of evidence bits (PII_EVIDENCE) for a category, by the table above. */
export function confidenceOf(bits: number, category = ''): number {
  const has = (b: number) => (bits & b) !== 0
  let c: number
  if (has(W.CHECKSUM)) c = has(W.CONTEXT) ? CONFIDENCE.checksumAndContext : CONFIDENCE.checksum
  else if (has(W.CONTEXT)) c = CONFIDENCE.formatAndContext
  else if (has(W.GAZETTEER) && has(W.CUE)) c = CONFIDENCE.gazetteerAndCue
  else if (has(W.CUE)) c = CONFIDENCE.cue
  else if (has(W.GAZETTEER)) c = CONFIDENCE.gazetteer
  else if (has(W.TAGGER)) c = CONFIDENCE.tagger
  // For a name or place the "format" is capitalisation alone: weaker than a listed name.
  else c = WORD_CATEGORIES.has(category) ? CONFIDENCE.capitalised : CONFIDENCE.format
  if (has(W.DEOBFUSCATED)) c -= CONFIDENCE.deobfuscatedPenalty
  return Math.round(c * 100) / 100
}

const BUILT_IN_LABELS: [number, PiiEvidenceKind, string][] = [
  [W.FORMAT, 'format', 'has the format of the category'],
  [W.CHECKSUM, 'checksum', "passed the category's check digit"],
  [W.CONTEXT, 'context', 'a context word for the category just before it'],
  [W.GAZETTEER, 'gazetteer', 'in the name and place lists'],
  [W.CUE, 'cue', 'a cue around it ("Mr.", "my name is", "lives in")'],
  [W.TAGGER, 'tagger', 'the learned name tagger read it from the words around it (word shape, neighbouring words and their word clusters, greeting and label cues, list membership)'],
  [W.DEOBFUSCATED, 'deobfuscated', 'found after undoing obfuscation (spaced digits, written-out "at"/"dot", full-width or zero-width characters)']
]

function customEvidence(why: CustomWhy): { bits: number; evidence: PiiEvidence[] } {
  if (why.denylist !== undefined) {
    return { bits: -1, evidence: [{ kind: 'denylist', label: `on the recognizer's denylist`, detail: why.denylist }] }
  }
  const evidence: PiiEvidence[] = [{ kind: 'pattern', label: "matched the recognizer's pattern", detail: why.pattern }]
  let bits = W.FORMAT
  if (why.validator) {
    evidence.push({ kind: 'checksum', label: `passed the ${why.validator} checksum`, detail: why.validator })
    bits |= W.CHECKSUM
  }
  if (why.contextWord !== undefined) {
    evidence.push({ kind: 'context', label: `context word "${why.contextWord}" before it`, detail: why.contextWord })
    bits |= W.CONTEXT
  }
  return { bits, evidence }
}

/** One entity explained from what detectPii recorded about it. */
export function explainEntity(ent: PiiEntity, d: PiiDetail | undefined): PiiExplainedEntity {
  if (d?.blocklist) {
    return { ...ent, confidence: CONFIDENCE.listed, recognizer: 'blocklist', evidence: [{ kind: 'blocklist', label: 'matched a blocklist entry' }] }
  }
  if (d?.custom) {
    const { bits, evidence } = customEvidence(d.custom)
    return { ...ent, confidence: bits < 0 ? CONFIDENCE.listed : confidenceOf(bits), recognizer: d.custom.recognizer, evidence }
  }
  const bits = d?.why ?? W.FORMAT
  const word = WORD_CATEGORIES.has(ent.category)
  const evidence: PiiEvidence[] = BUILT_IN_LABELS.filter(([b]) => (bits & b) !== 0).map(([b, kind, label]) => ({
    kind,
    label: word && b === W.FORMAT ? 'capitalised words read as a name or place' : label
  }))
  return { ...ent, confidence: confidenceOf(bits, ent.category), recognizer: 'built-in', evidence }
}

type Detect = (ctx: Context, requestType: string, text: string, lists: object, details?: Map<PiiEntity, PiiDetail>) => PiiEntity[]

/** The `explain` of the pii record (detectPii passed in, so this file does not import pii.ts). */
export const makePiiExplain =
  (detect: Detect) =>
  (ctx: Context) =>
  (request: { text: string }): PiiExplanation => {
    const details = new Map<PiiEntity, PiiDetail>()
    const entities = detect(ctx, 'PIIRequest', request.text, request, details)
    return { operation: 'pii', pii: entities.map((e) => explainEntity(e, details.get(e))) }
  }
