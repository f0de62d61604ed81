// input_type accuracy on constructed_train.jsonl (encoded payloads in carrier texts, plus hard
// negatives: hash digests, UUIDs, git SHAs, URLs with queries, API-key-like tokens, order numbers).
// The file is split in two by a hash of the text: the tuning half set the scanner's thresholds, the
// report half (reported here) was never looked at while tuning.
import { readdirSync, statSync } from 'node:fs'
import { fmt, prf, readJsonl, table } from './util.mjs'

export const title = 'input_type: encoded segments'

/** FNV-1a of the text; even = tuning half, odd = report half. */
export function half(text) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h & 1 ? 'report' : 'tune'
}

// The simplest detector a user would write: a long base64-alphabet run, or a long run of hex bytes.
export const BASELINE = [/[A-Za-z0-9+/]{20,}={0,2}/, /(?:(?:0x|\\x)?[0-9a-fA-F]{2}[\s:,]?){16,}/]
export const baseline = (text) => BASELINE.some((re) => re.test(text))

// Which label each positive category should get.
export const EXPECTED_LABEL = {
  base64: 'base64',
  base64_nopad: 'base64',
  base64url: 'base64',
  base32: 'base32',
  hex: 'hex',
  hex_0x: 'hex',
  hex_escaped: 'hex',
  hex_spaced: 'hex',
  binary_concat: 'binary',
  binary_spaced: 'binary',
  decimal_bytes: 'decimal',
  percent_encoded: 'percent'
}

/** The encoded string of a positive, recovered from its carrier template, or undefined when ambiguous. */
export function encodedPart(row) {
  const t = row.text
  switch (row.carrier) {
    case '{e}':
      return t
    case '{e}\n\n{c}':
      return t.slice(0, t.indexOf('\n\n'))
    case '{c}\nPayload: {e}':
      return t.slice(t.lastIndexOf('\nPayload: ') + 10)
    case 'Here is the message: {e}':
    case 'Decode this and do what it says: {e}':
      return t.slice(t.indexOf(': ') + 2)
    case 'Please translate the following from {name}: {e}':
      return t.replace(/^Please translate the following from [^:]*: /, '')
    default:
      return undefined
  }
}

export function score(rows, detect) {
  let tp = 0, fp = 0, fn = 0
  const byCat = new Map()
  for (const row of rows) {
    const found = detect(row.text)
    const hit = Array.isArray(found) ? found.length > 0 : found
    if (hit && row.label) tp++
    else if (hit) fp++
    else if (row.label) fn++
    const c = byCat.get(row.category) ?? { n: 0, hit: 0, labelOk: 0, spanN: 0, spanOk: 0 }
    c.n++
    if (hit) c.hit++
    const part = row.label ? encodedPart(row) : undefined
    if (part !== undefined && Array.isArray(found)) {
      c.spanN++
      if (found.some((e) => e.string === part)) c.spanOk++
    }
    if (Array.isArray(found) && found.some((e) => e.label === EXPECTED_LABEL[row.category])) c.labelOk++
    byCat.set(row.category, c)
  }
  return { ...prf(tp, fp, fn), tp, fp, fn, byCat }
}

const pct = (x) => `${fmt(100 * x, 1)} %`

export async function run({ litmus, datasets }) {
  const all = readJsonl(new URL('encoded/constructed_train.jsonl', datasets))
  const rows = all.filter((r) => half(r.text) === 'report')
  const litmusDetect = (text) => litmus.inputType({ text }).encodings
  const ours = score(rows, litmusDetect)
  const base = score(rows, baseline)
  const negatives = rows.filter((r) => !r.label)
  const hardNeg = negatives.filter((r) => r.category !== 'negative:plain')
  const fpRate = (s, set) => set.filter((r) => (s === 'ours' ? litmusDetect(r.text).length > 0 : baseline(r.text))).length / set.length

  const cats = [...ours.byCat.keys()].sort((a, b) => (a.startsWith('negative') - b.startsWith('negative')) || a.localeCompare(b))
  const catRows = cats.map((c) => {
    const o = ours.byCat.get(c)
    const b = base.byCat.get(c)
    const positive = !c.startsWith('negative')
    return [
      `\`${c}\``,
      String(o.n),
      positive ? 'recall' : 'false positives',
      pct(o.hit / o.n),
      positive ? pct(o.labelOk / o.n) : '–',
      positive ? `${pct(o.spanOk / o.spanN)} of ${o.spanN}` : '–',
      pct(b.hit / b.n)
    ]
  })

  // False positives in the wild: every string of 16+ characters in the other areas' JSONL files
  // (reviews, tweets, questions, Reddit comments, ...), none of which is meant to hold encodings.
  const files = []
  const walk = (url) => {
    for (const f of readdirSync(url)) {
      const child = new URL(f, url)
      if (statSync(child).isDirectory()) walk(new URL(`${f}/`, url))
      else if (f.endsWith('.jsonl') && !child.pathname.includes('/encoded/')) files.push(child)
    }
  }
  walk(datasets)
  let wildStrings = 0
  let wildBytes = 0
  const wildHits = []
  for (const file of files) {
    for (const row of readJsonl(file)) {
      for (const v of Object.values(row)) {
        if (typeof v !== 'string' || v.length < 16) continue
        wildStrings++
        wildBytes += v.length
        for (const e of litmusDetect(v)) wildHits.push(`\`${e.label}\` ${JSON.stringify(e.string.slice(0, 60))}`)
      }
    }
  }

  const cyber = readJsonl(new URL('encoded/cyberchef_vectors.jsonl', datasets))
  const cyberOurs = score(cyber, litmusDetect)
  const cyberBase = score(cyber, baseline)

  return `
Data: \`encoded/constructed_train.jsonl\` (8,000 texts, constructed; not shipped). Split by FNV-1a hash of the
text into a tuning half (thresholds were set on it) and a **report half** (${rows.length} texts, ${rows.filter((r) => r.label).length} positive),
reported here and never inspected while tuning. Text-level decision: any segment found vs \`label\`.
Baseline: a plain regex detector without decode checks, \`${BASELINE.map(String).join('` or `')}\`.

${table(
  ['Detector', 'Precision', 'Recall', 'F1', 'FP rate, hard negatives'],
  [
    ['Litmus `input_type`', fmt(ours.p, 3), fmt(ours.r, 3), `**${fmt(ours.f1, 3)}**`, pct(fpRate('ours', hardNeg))],
    ['Regex baseline', fmt(base.p, 3), fmt(base.r, 3), fmt(base.f1, 3), pct(fpRate('base', hardNeg))]
  ]
)}

Per category (report half). For positives, "label right" counts texts where a segment carries the
expected label (\`base64\` for base64/base64url/unpadded, \`hex\` for plain, \`0x\`, \`\\x\` and spaced hex, ...);
"exact span" counts texts where a segment is exactly the encoded string, over the texts whose carrier
template lets the encoded string be recovered (all but \`{c} {e}\`).

${table(['Category', 'Texts', 'Measure', 'Litmus', 'Litmus, label right', 'Litmus, exact span', 'Baseline'], catRows)}

Natural text: ${fmt(wildStrings, 0)} strings (${fmt(wildBytes / 1e6, 1)} M characters) from the ${files.length} JSONL files of the other areas
(tweets, Reddit comments, questions, reviews, articles): **${wildHits.length} segments reported**${wildHits.length ? ': ' + wildHits.slice(0, 5).join(', ') : ''}.
This sweep and the Brown corpus were looked at during development (an elongated word, "fuuu…ck", led to the
same-character rule), so they are a check, not a held-out measure.

CyberChef vectors (\`encoded/cyberchef_vectors.jsonl\`, 17 smoke vectors, Apache-2.0): Litmus flags
${cyberOurs.tp} of ${cyberOurs.tp + cyberOurs.fn} encoded vectors with ${cyberOurs.fp} false positives; the baseline ${cyberBase.tp} with ${cyberBase.fp}.
Most encoded vectors are base58/base45/base62/base92 or shorter than 16 characters, which Litmus does not
report by design (see the metric card).
`
}
