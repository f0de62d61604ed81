// Verdicts: a yes/no beside each score, for guardrails, CI gates and reports. The spec's responses stay as
// they are; a verdict reads one number from a response (its gauge) and compares it with a threshold. The
// defaults come from the metric cards (docs/metrics/*.md, "Threshold trade-offs") and are listed, with the
// reason for each, in docs/guardrails.md.
import { ConfigurationError, preview } from './errors.js'

/** Which side of the threshold is flagged: `above` = gauge >= threshold (a risk), `below` = gauge < threshold (a quality). */
export type Direction = 'above' | 'below'

/** How one metric's response turns into a verdict. */
export interface VerdictRule {
  /** What the gauge is, in words (docs, report legends). */
  gauge: string
  /** The default threshold; `null` = never flagged until the caller sets one (budgets: cost, carbon). */
  threshold: number | null
  /** Which side of the threshold is flagged. */
  flag: Direction
  /** The number compared with the threshold. */
  read: (response: Record<string, unknown>) => number
}

/** A score with its verdict: `flagged` when the gauge is on the flagged side of `threshold`. */
export interface Verdict {
  /** The gauge read from the response (the score for most metrics). */
  score: number
  /** `true` when the gauge is on the flagged side of the threshold. */
  flagged: boolean
  /** The threshold used; `null` when the metric has none set (never flagged). */
  threshold: number | null
  /** Which side of the threshold is flagged. */
  flag: Direction
}

/** Per-metric thresholds: `{ toxicity: 40, clarity: 20 }`; `null` turns a metric's flagging off. */
export type Thresholds = Readonly<Record<string, number | null>>

const score = (r: Record<string, unknown>) => r.score as number
const count = (key: string) => (r: Record<string, unknown>) => (r[key] as unknown[]).length
const highest = (labels?: readonly string[]) => (r: Record<string, unknown>) => {
  let max = 0
  for (const s of r.scores as { label: string; score: number }[]) {
    if ((labels === undefined || labels.includes(s.label)) && s.score > max) max = s.score
  }
  return max
}
const carbonValue = (key: string) => (r: Record<string, unknown>) => (r[key] as { value: number }).value

/** Tones read as hostile when a guardrail asks "is this reply angry?". */
export const HOSTILE_TONES = ['anger', 'annoyance', 'disapproval', 'disgust'] as const

/** The verdict rule of every v4 operation. Edit the docs table (docs/guardrails.md) with this one. */
export const VERDICTS: Readonly<Record<string, VerdictRule>> = {
  toxicity: { gauge: 'score', threshold: 50, flag: 'above', read: score },
  prompt_manipulation: { gauge: 'score', threshold: 50, flag: 'above', read: score },
  refusal: { gauge: 'score', threshold: 50, flag: 'above', read: score },
  pii: { gauge: 'entities found', threshold: 1, flag: 'above', read: count('pii') },
  input_type: { gauge: 'encoded segments found', threshold: 1, flag: 'above', read: count('encodings') },
  sensitivity: { gauge: 'highest topic score', threshold: 50, flag: 'above', read: highest() },
  tone: { gauge: `highest of ${HOSTILE_TONES.join(', ')}`, threshold: 50, flag: 'above', read: highest(HOSTILE_TONES) },
  clarity: { gauge: 'score (Flesch Reading Ease)', threshold: 30, flag: 'below', read: score },
  simplicity: { gauge: 'score', threshold: 30, flag: 'below', read: score },
  // Formal or casual is a house style, not a fault: no default; set one for the register you want.
  formality: { gauge: 'score', threshold: null, flag: 'below', read: score },
  helpfulness: { gauge: 'score', threshold: 50, flag: 'below', read: score },
  answer_relevancy: { gauge: 'score', threshold: 50, flag: 'below', read: score },
  context_relevancy: { gauge: 'score', threshold: 50, flag: 'below', read: score },
  faithfulness: { gauge: 'score', threshold: 50, flag: 'below', read: score },
  completion: { gauge: 'score', threshold: 50, flag: 'below', read: score },
  adherence: { gauge: 'score', threshold: 50, flag: 'below', read: score },
  stability: { gauge: 'min (least similar pair)', threshold: 50, flag: 'below', read: (r) => r.min as number },
  cost: { gauge: 'cost_estimate_per_run (USD)', threshold: null, flag: 'above', read: (r) => r.cost_estimate_per_run as number },
  carbon: { gauge: 'carbon value per call', threshold: null, flag: 'above', read: carbonValue('carbon') }
}

/** v3 names whose rule is another operation's (same response shape) or their own. */
const V3_RULES: Readonly<Record<string, VerdictRule>> = {
  'v3.prompt_injection': VERDICTS.prompt_manipulation!,
  'v3.summarization': VERDICTS.faithfulness!,
  'v3.carbon': { ...VERDICTS.carbon!, read: carbonValue('carbon_estimate_per_query') }
}

/** The verdict rule for an operation name (v4 or `v3.<name>`), or `undefined` for a name without one. */
export function ruleOf(name: string): VerdictRule | undefined {
  if (Object.hasOwn(V3_RULES, name)) return V3_RULES[name]
  const base = name.startsWith('v3.') ? name.slice(3) : name
  return Object.hasOwn(VERDICTS, base) ? VERDICTS[base] : undefined
}

/** The verdict on one response. `threshold` overrides the rule's default (`null`: not flagged). */
export function verdictOf(name: string, response: Record<string, unknown>, threshold?: number | null, rule: VerdictRule | undefined = ruleOf(name)): Verdict {
  if (rule === undefined) throw new TypeError(`litmus: no verdict rule for ${name}`)
  const limit = threshold === undefined ? rule.threshold : threshold
  const value = rule.read(response)
  const flagged = limit !== null && (rule.flag === 'above' ? value >= limit : value < limit)
  return { score: value, flagged, threshold: limit, flag: rule.flag }
}

/**
 * Check a thresholds object (load options, config file, per call): every key an operation with a verdict
 * rule (built in, or one of `custom`), every value a finite number or `null`. `type` names the object in
 * the error (`LoadOptions`).
 */
export function checkThresholds(value: unknown, type: string, field = 'thresholds', custom: readonly string[] = []): Thresholds {
  const bad = (path: string, expected: string, received: unknown) =>
    new ConfigurationError(type, [{ field: path, kind: 'invalid', expected, description: 'a threshold per metric', received: preview(received) }])
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad(field, 'object of metric name -> number or null', value)
  for (const [key, limit] of Object.entries(value)) {
    if (ruleOf(key) === undefined && !custom.includes(key)) throw bad(`${field}.${key}`, `a metric with a verdict (one of ${[...Object.keys(VERDICTS), ...custom].join(', ')})`, key)
    if (limit !== null && (typeof limit !== 'number' || !Number.isFinite(limit))) throw bad(`${field}.${key}`, 'finite number or null', limit)
  }
  return { ...value } as Thresholds
}
