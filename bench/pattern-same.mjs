// Custom recognizer patterns (the linear-time engine of src/metrics/pii/pii-pattern.ts) through two builds:
// each pattern of a list over Brown slices and edge texts, pii's entities compared as JSON.
// Usage: node bench/pattern-same.mjs <previous dist/litmus.js> <new dist/litmus.js>
import { loadBrown } from './brown.mjs'
const [a, b] = process.argv.slice(2)
const A = await (await import(new URL(a, 'file://' + process.cwd() + '/').href)).load({ operations: ['pii'] })
const B = await (await import(new URL(b, 'file://' + process.cwd() + '/').href)).load({ operations: ['pii'] })
const pats = ['/\\bEMP-\\d{6}\\b/', '/\\b\\d{3}[ -]?\\d{3}[ -]?\\d{3}\\b/', '/^The\\b/m', '/[a-z]+ing\\b/i', '/\\B[aeiou]{2}\\B/', '/(ab|a)+c$/', '/x*/', '/\\w+@\\w+\\.com/', '/^$/m', '/[^\\s]{12,}/', '/(?:foo|bar|the)\\s+\\w+/i', '/é|ü|ß/', '/[\\u00c0-\\u024f]+/', '/\\d{4}-\\d{2}-\\d{2}/', '/(a|b|c|d|e)*(x|y)?z*/', '/\\bun\\w{3,}\\b/', '/\\.$/m', '/[A-Z][a-z]+ [A-Z][a-z]+/', '/(?:a|aa|aaa)+b/']
const brown = loadBrown().text
const texts = [brown.slice(0, 20000), brown.slice(500000, 530000), 'aaaaaaaaab aab ab b', 'EMP-004211 EMP-1234567 emp-123456', 'Straße über café\nThe end.\n\n', '', 'x', 'abcabcabc\r\nThe\rThe', '😀 The 😀 thing', '2024-03-15 and 1999-12-31T00', 'ungainly unhappy un']
let same = 0, diff = 0, ents = 0
for (const p of pats) for (const t of texts) {
  const r = { text: t, recognizers: [{ category: 'X_PAT', patterns: [p] }], categories: ['X_PAT'] }
  const f = (l) => { try { return JSON.stringify(l.pii(r)) } catch (e) { return 'ERR ' + e.message } }
  const x = f(A), y = f(B)
  if (x === y) { same++; ents += (x.match(/"X_PAT"/g) ?? []).length } else { diff++; if (diff < 3) console.log('DIFF', p, JSON.stringify(t.slice(0, 40)), x.slice(0, 200), y.slice(0, 200)) }
}
console.log(`pattern x text: identical ${same} (${ents} entities), different ${diff}`)
