// Contradiction pairs generated from faithful (entailed) English pairs, for training the faithfulness
// head only: the response is negated (a "not" put after its first auxiliary, or an existing negation
// taken away), so it now contradicts the context it was faithful to. Deterministic: the same rows give
// the same pairs. NLI data has few negation contradictions of this plain kind and BEGIN almost none, so
// without them the head learns next to nothing from a negation mismatch.
const AUX = /\b(is|are|was|were|can|could|will|would|should|has|have|had|does|did|do|may|might|must)\b(?!\s+(not|n't|never)\b)/i
const NEG = /\s+(not|never)\b|n't\b/i

/** The negated sentence, or undefined when no auxiliary or negation gives a clean edit. */
export function negate(text) {
  const neg = NEG.exec(text)
  if (neg) {
    // "isn't" -> "is", "can't" -> "can", "won't" -> "will"; " not" / " never" dropped.
    if (neg[0].toLowerCase() === "n't") {
      const before = text.slice(0, neg.index)
      const fixed = /\bwo$/i.test(before) ? before.slice(0, -2) + 'will' : /\bca$/i.test(before) ? before + 'n' : before
      return fixed + text.slice(neg.index + 3)
    }
    return text.slice(0, neg.index) + text.slice(neg.index + neg[0].length)
  }
  const aux = AUX.exec(text)
  if (!aux) return undefined
  const at = aux.index + aux[0].length
  return text.slice(0, at) + ' not' + text.slice(at)
}

/** A response of one clause: every statement of its negation is the negated one (none inherits a wrong label). */
const ONE_CLAUSE = (t) => !/[.!?;]\s+\S|,\s+(and|but|while|whereas|although)\s|\s(but|whereas|and)\s/.test(t.trim())

/** One contradicted pair per faithful one-clause English row that negates cleanly; `source` tags their family. */
export function negationPairs(rows, source) {
  const out = []
  for (const r of rows) {
    if (r.y !== 1 || !/^[\x00-\x7f’]*$/.test(r.response) || !ONE_CLAUSE(r.response)) continue
    const response = negate(r.response)
    if (response && response !== r.response) out.push({ response, context: r.context, y: 0, source: `${source} (negated)` })
  }
  return out
}
