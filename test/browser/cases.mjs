// Runs the cross-environment cases the same way in Node and in the browser. Results are compared
// as JSON text, which round-trips every double exactly, so equal text means bit-identical numbers.
export function runCases(litmus, cases) {
  return cases.map(({ op, body }) => {
    try {
      return JSON.stringify(litmus.evaluate(op, body))
    } catch (e) {
      return `error: ${e.name}: ${e.message}`
    }
  })
}
