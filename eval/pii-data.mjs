// Loads the two Presidio synthetic PII files as one deduplicated set, maps their entity types onto
// Litmus categories and splits it by template: a template is either in the tuning half or in the
// reported half, never both, so no sentence pattern seen while tuning is scored.
import { readJsonl } from './util.mjs'

/** Dataset entity type -> Litmus category (types absent here are not scored). */
export const TYPE_MAP = {
  PERSON: 'PERSON',
  LOCATION: 'LOCATION',
  GPE: 'LOCATION',
  ADDRESS: 'LOCATION',
  STREET_ADDRESS: 'LOCATION',
  CREDIT_CARD: 'CREDIT_CARD',
  DATE_TIME: 'DATE_TIME',
  US_SSN: 'US_SSN',
  PHONE_NUMBER: 'PHONE_NUMBER',
  EMAIL_ADDRESS: 'EMAIL_ADDRESS',
  IP_ADDRESS: 'IP_ADDRESS',
  DOMAIN_NAME: 'URL',
  IBAN_CODE: 'IBAN_CODE'
}

const FILES = ['presidio_synth_v2.jsonl', 'presidio_generated_large.jsonl']

// FNV-1a: a fixed, documented hash so the split never changes between runs or machines.
function fnv(s) {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** Rows `{ text, spans: [{start,end,category}], group, half: 'tune' | 'report' }`. */
export function loadPii(datasets) {
  const seen = new Set()
  const rows = []
  for (const file of FILES) {
    for (const row of readJsonl(new URL(`pii/${file}`, datasets))) {
      if (seen.has(row.text)) continue
      seen.add(row.text)
      const group = `${file}#${row.template_id}`
      const spans = row.spans
        .filter((s) => TYPE_MAP[s.type])
        .map((s) => ({ start: s.start, end: s.end, category: TYPE_MAP[s.type], type: s.type }))
      rows.push({ text: row.text, spans, group, half: fnv(group) % 2 === 0 ? 'tune' : 'report' })
    }
  }
  return rows
}
