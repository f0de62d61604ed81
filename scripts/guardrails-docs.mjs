// Writes the default-threshold table of docs/guardrails.md from the verdict table (src/verdict.ts).
// Run after `npm run build`; test/guardrails.test.ts checks the committed table is current.
import { readFileSync, writeFileSync } from 'node:fs'
import { VERDICTS } from '../dist/litmus.js'

export function verdictTable() {
  const rows = Object.entries(VERDICTS).map(([name, rule]) => {
    const when = rule.flag === 'above' ? 'gauge >= threshold' : 'gauge < threshold'
    return `| \`${name}\` | ${rule.gauge} | ${when} | ${rule.threshold === null ? 'none (set one)' : rule.threshold} |`
  })
  return ['| metric | gauge | flagged when | default threshold |', '| --- | --- | --- | --- |', ...rows].join('\n')
}

export function withTable(markdown) {
  return markdown.replace(/(<!-- verdicts:start -->\n)[\s\S]*?(\n<!-- verdicts:end -->)/, `$1${verdictTable()}$2`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = new URL('../docs/guardrails.md', import.meta.url)
  writeFileSync(path, withTable(readFileSync(path, 'utf8')))
}
