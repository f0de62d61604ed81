// Explicit contradiction evidence of one aligned statement: what the faithfulness head reads beside
// coverage. Lexical coverage alone rates "The Eiffel Tower is not in Paris." against "The Eiffel Tower is
// in Paris." as fully supported (every term matches); these features say the two disagree, and by what:
// a negation on one side only, a number or date the sentence gives differently, a name replaced by
// another, each counting most when the rest of the statement is covered (then the two speak of the same
// thing and differ in that one respect: a contradiction, not an unsupported addition). A word swapped
// for its contrast in the same slot ("closed" for "open", contrast.ts) contradicts too.
import type { Alignment, Mismatch } from './align.js'

/**
 * Coverage from which a negation on one side only contradicts. Below it the statement and the sentence
 * share too little to say the negation is about the same claim: a news sentence with an unrelated "not"
 * flagged a third of the faithful XSumFaith summaries that overlap it.
 */
export const NEGATION_COVERAGE = 0.75

/** A mismatch that contradicts the sentence (rather than adding something it lacks). */
export const contradicts = (m: Mismatch, a: Alignment) => (m.kind === 'negation' && a.coverage >= NEGATION_COVERAGE) || m.kind === 'changed' || m.kind === 'swap'

/**
 * [negation mismatch, number or date changed, name changed, contradiction x coverage, word swapped for
 * its contrast]: 0/1 indicators, and the strongest contradiction weighted by how well the rest of the
 * statement is covered.
 */
export function contradictionFeatures(a: Alignment): number[] {
  let negation = 0
  let number = 0
  let name = 0
  let swap = 0
  for (const m of a.mismatches) {
    if (m.kind === 'swap') swap = 1
    else if (m.kind === 'negation') negation = a.coverage >= NEGATION_COVERAGE ? 1 : 0
    else if (m.kind === 'changed') {
      if (m.of === 'name') name = 1
      else number = 1
    }
  }
  const any = negation || number || name || swap ? 1 : 0
  return [negation, number, name, any * a.coverage, swap]
}

/** The mismatch that decided a contradiction (negation first, then a changed number, date or name, or a swap). */
export function decidingMismatch(a: Alignment): Mismatch | undefined {
  return a.mismatches.find((m) => m.kind === 'negation' && contradicts(m, a)) ?? a.mismatches.find((m) => contradicts(m, a))
}
