/** Lexicon flag bits of the toxicity model (see toxicity-rules.js). */
export const FLAGS: Record<
  'PROF' | 'INSULT' | 'SLUR' | 'THREAT' | 'IDENT' | 'HOSTILE' | 'SEX' | 'SEXWEAK' | 'YOU' | 'NEG' | 'FUT' | 'FIRST' | 'THIRD' | 'MODAL' | 'COPULA' | 'META' | 'DISAPPROVE' | 'SELF' | 'POS' | 'ADJ' | 'NOFEAT',
  number
>
export type Category = 'obscene' | 'insult' | 'threat' | 'identity_attack' | 'sexual_explicit'
export const CATEGORIES: Category[]
export const CATEGORY_BASE: Record<Category, number>
export const CATEGORY_SLOPE: Record<Category, number>
export const CATEGORY_HEAD: Record<Category, number>
export const OVERALL: Record<'threat' | 'insult' | 'identity_attack' | 'sexual_explicit', number>
export const EMPHASIS: number
export const UNDO: number
export interface RuleEvidence {
  label: string
  span: [number, number]
  string: string
  weight: number
}
export interface Rules extends Record<Category, number> {
  undo: number
  emphatic: boolean
  /** Words whose learned evidence is set aside: negated or quoted. */
  neutral: number[]
  /** Profane words of an emphatic text. */
  emphaticWords: number[]
  evidence: RuleEvidence[] | null
}
export function toxicityRules(
  text: string,
  spans: ArrayLike<number>,
  flagged: ArrayLike<number>,
  nFlagged: number,
  collect: boolean
): Rules
export function rulesOffset(ev: Rules, severity: number): number
export function neutralised(ev: Rules, wordSum: (w: number) => number, severity: number): number
