// An entity pii reports, and why it was reported: in a module of their own, so that pii.ts (which finds
// them) and pii-explain.ts (which explains them) both import it instead of each other.
import type { CustomWhy } from './pii-recognizers.js'

export type PiiEntity = {
  interval: [number, number]
  string: string
  category: string
}

/** Why an entity was reported, kept for explain('pii'): the core's evidence bits, or what TS knows. */
export interface PiiDetail {
  /** PII_EVIDENCE bits from the core (0 for custom and blocklist entities). */
  why: number
  custom?: CustomWhy
  blocklist?: boolean
}
