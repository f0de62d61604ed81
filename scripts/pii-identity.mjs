// Output identity check for speed work on the PII scanner: writes every entity `explain('pii')`
// reports (span, category, evidence, confidence), with every category on, for the Brown corpus (whole
// and paragraph by paragraph, also lower-cased so the all-lower-case passes run), the hand-labelled
// multilingual set (test/fixtures/pii-world.jsonl) and the Presidio synthetic sets, plus `redact`
// output for a sample. Run it before and after a change and compare the two files byte for byte:
//   npm run build && node scripts/pii-identity.mjs /tmp/before.txt
//   ... change, build ...
//   node scripts/pii-identity.mjs /tmp/after.txt && cmp /tmp/before.txt /tmp/after.txt
// The same texts are also read with only the structured categories asked for (the path that skips the
// name rules). A second argument names another built dist/ directory to dump instead of this tree's
// (a copy of the previous build), so both dumps come from one script:
//   node scripts/pii-identity.mjs /tmp/before.txt /tmp/base-dist
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadBrown } from '../bench/brown.mjs'
import { loadPii } from '../eval/pii-data.mjs'

// As eval/index.mjs finds them (importing it would run every eval).
const DATASETS = new URL('../../shared/datasets/', import.meta.url)

const out = process.argv[2]
if (!out) {
  console.error('usage: node scripts/pii-identity.mjs <dump file>')
  process.exit(2)
}
const dist = process.argv[3] ? pathToFileURL(resolve(process.argv[3], 'litmus.js')).href : new URL('../dist/litmus.js', import.meta.url).href
const { load } = await import(dist)
const litmus = await load()
const lines = []
const dump = (label, text) => {
  const r = litmus.explain('pii', { text })
  lines.push(`${label}\t${JSON.stringify(r)}`)
}

const brown = loadBrown().text
dump('brown', brown)
const paras = brown.split('\n\n')
paras.forEach((p, i) => dump(`brown#${i}`, p))
paras.forEach((p, i) => { if (i % 5 === 0) dump(`brown-lower#${i}`, p.toLowerCase()) })
const world = readFileSync(new URL('../test/fixtures/pii-world.jsonl', import.meta.url), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
world.forEach((row) => dump(`world#${row.id}`, row.text))
const presidio = loadPii(DATASETS)
presidio.forEach((row, i) => dump(`presidio#${i}`, row.text))
// Structured categories alone: the name rules and the tagger do not run.
const STRUCTURED = ['EMAIL', 'PHONE', 'CREDIT_CARD', 'SSN', 'IBAN', 'IP', 'URL']
const structured = (label, text) => lines.push(`${label}\t${JSON.stringify(litmus.pii({ text, categories: STRUCTURED }))}`)
structured('structured-brown', brown)
paras.forEach((p, i) => { if (i % 5 === 0) structured(`structured-brown#${i}`, p) })
world.forEach((row) => structured(`structured-world#${row.id}`, row.text))
presidio.forEach((row, i) => structured(`structured-presidio#${i}`, row.text))
world.forEach((row) => lines.push(`redact#${row.id}\t${JSON.stringify(litmus.redact(row.text))}`))
paras.slice(0, 500).forEach((p, i) => lines.push(`redact-brown#${i}\t${JSON.stringify(litmus.redact(p))}`))

const body = lines.join('\n') + '\n'
writeFileSync(out, body)
console.log(`${lines.length} texts, sha256 ${createHash('sha256').update(body).digest('hex').slice(0, 16)}`)
