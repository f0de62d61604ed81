// Leave-one-source-out measurement shared by the safety metrics (toxicity, prompt_manipulation,
// refusal): data from many sources, each row tagged with its family; for every family, a candidate is
// trained on the others and scored on the one left out, beside a keyword baseline, length and the
// previous build. Sources that may not ship (or are dev-only) are never trained on: they are scored by
// the candidate trained on every shippable family, which never saw them either.
import { readFileSync } from 'node:fs'
import { auc } from './logistic.mjs'

export const DATA = new URL('../../../shared/datasets/', import.meta.url)

export const readJsonl = (url) => readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))

/** FNV-1a 32 of a string: picks rows and splits from the text alone (no clock, no randomness). */
export function fnv(text, salt = '') {
  let h = 0x811c9dc5
  const s = salt + text
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** At most `n` rows, picked by hash (the same rows on every run), in their original order. */
export function cap(rows, n, salt) {
  if (rows.length <= n) return rows
  const keyed = rows.map((r, i) => [fnv(r.text, salt), i])
  keyed.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const keep = new Set(keyed.slice(0, n).map((k) => k[1]))
  return rows.filter((_, i) => keep.has(i))
}

/** A share of rows set aside (by hash of the text) to calibrate. */
export const calibrationRow = (text, share = 0.2) => fnv(text, 'calibrate:') % 1000 < share * 1000

/**
 * Weights so that every family carries the same total and, inside a family with both classes, each
 * class half of it: no source dominates by its size.
 */
export function familyWeights(rows) {
  const tally = new Map()
  for (const r of rows) {
    const t = tally.get(r.family) ?? [0, 0]
    t[r.y]++
    tally.set(r.family, t)
  }
  for (const r of rows) {
    const t = tally.get(r.family)
    const both = t[0] > 0 && t[1] > 0
    r.weight = both ? 1 / (2 * t[r.y]) : 1 / (t[0] + t[1])
  }
  // Mean weight 1, so learning rates keep their meaning.
  const mean = rows.reduce((s, r) => s + r.weight, 0) / rows.length
  for (const r of rows) r.weight /= mean
  return rows
}

/**
 * Family weights, then the rows split for a fit: the calibration share (by hash) as they are, the rest as
 * training examples `{ y, weight, feats }`. Bucket ids depend on the feature settings only, so they are
 * kept on the row (by those settings) for the next fit with the same ones.
 */
export function fitRows(rows, settings, features) {
  familyWeights(rows)
  const key = `${settings.kinds}/${settings.bits}/${settings.cmin}/${settings.cmax}`
  const train = []
  const cal = []
  for (const r of rows) {
    if (calibrationRow(r.text, settings.calibrationShare)) cal.push(r)
    else {
      r.feats ??= {}
      // settings.familyScale: a family's weight in the head's training (not its calibration) times this.
      // features(text): the buckets, or { feats, n } when the head divides by more than their count.
      const f = (r.feats[key] ??= features(r.text))
      train.push({ y: r.y, weight: r.weight * (settings.familyScale?.[r.family] ?? 1), feats: f.feats ?? f, n: f.n })
    }
  }
  return { train, cal }
}

const norm = (t) => t.toLowerCase().replace(/\s+/g, ' ').trim()

/** Rows of `train` whose text also occurs in `held` (exact, case- and space-folded) are dropped. */
export function withoutOverlap(train, held) {
  const seen = new Set(held.map((r) => norm(r.text)))
  return train.filter((r) => !seen.has(norm(r.text)))
}

/** AUC (null for a one-class set), accuracy and flag rates at a threshold, of scores 0..100. */
export function measure(scores, labels, at = 50) {
  let ok = 0
  let pos = 0
  let neg = 0
  let flaggedPos = 0
  let flaggedNeg = 0
  for (let i = 0; i < scores.length; i++) {
    const hit = scores[i] >= at
    if (hit === (labels[i] === 1)) ok++
    if (labels[i] === 1) {
      pos++
      if (hit) flaggedPos++
    } else {
      neg++
      if (hit) flaggedNeg++
    }
  }
  return {
    rows: scores.length,
    pos,
    auc: pos > 0 && neg > 0 ? auc(scores, labels) : null,
    acc: ok / scores.length,
    tpr: pos > 0 ? flaggedPos / pos : null,
    fpr: neg > 0 ? flaggedNeg / neg : null
  }
}

const f3 = (x) => (x === null || x === undefined ? '–' : x.toFixed(3))
const pct = (x) => (x === null || x === undefined ? '–' : `${(100 * x).toFixed(0)} %`)

/** One cell: AUC · accuracy at 50 (positives flagged / negatives flagged). */
export const cell = (m) => `${f3(m.auc)} · ${f3(m.acc)} (${pct(m.tpr)} / ${pct(m.fpr)})`

/** A markdown table of families (rows) by detectors (columns). */
export function markdown(results, detectors) {
  const head = `| left-out source | rows (pos) | trained on it? | ${detectors.join(' | ')} |`
  const rule = `|---|---|---|${detectors.map(() => '---').join('|')}|`
  const lines = results.map((r) => `| ${r.family} | ${r.rows} (${r.pos}) | ${r.role} | ${detectors.map((d) => (r[d] ? cell(r[d]) : '–')).join(' | ')} |`)
  return [head, rule, ...lines].join('\n')
}

/** Mean AUC and accuracy over the families that have both classes, per detector. */
export function means(results, detectors) {
  const out = {}
  for (const d of detectors) {
    const both = results.filter((r) => r[d] && r[d].auc !== null)
    out[d] = {
      n: both.length,
      auc: both.reduce((s, r) => s + r[d].auc, 0) / both.length,
      acc: results.filter((r) => r[d]).reduce((s, r) => s + r[d].acc, 0) / results.filter((r) => r[d]).length
    }
  }
  return out
}
