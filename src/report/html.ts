// A report as one static HTML file (inline CSS and SVG: no script, no request, opens from file://) and
// as Markdown (for a pull request or a CI summary). Both render the same Report from summary.ts.
import { flaggedRows, histogram, type MetricComparison, type MetricSummary, type Pair, type Report, type Row } from './summary.js'
import { COLOURS, diffStripSvg, escapeHtml, histogramSvg } from './svg.js'

export interface RenderOptions {
  /** Flagged rows listed per metric and run, and changed rows per metric (default 20). */
  rows?: number
  /** Characters of a row's text shown (default 160). */
  snippet?: number
}

/** A number for a table: '–' for none, whole numbers plainly, small ones to 3 significant digits, others to 1 decimal. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return '–'
  if (Number.isInteger(v)) return String(v)
  if (Math.abs(v) < 1) return Number(v.toPrecision(3)).toString()
  return v.toFixed(1)
}

/** A share (0..1) as a percentage. */
export function formatShare(v: number): string {
  return Number.isFinite(v) ? `${(v * 100).toFixed(1)}%` : '–'
}

/** A signed delta. */
export function formatDelta(v: number, share = false): string {
  if (!Number.isFinite(v)) return '–'
  const text = share ? `${(v * 100).toFixed(1)} pt` : formatNumber(v)
  return v > 0 ? `+${text}` : text
}

/** "1 line", "2 lines". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`
}

function clip(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

function thresholdText(s: MetricSummary): string {
  if (s.threshold === null) return 'none'
  return `${s.flag === 'below' ? '<' : '≥'} ${formatNumber(s.threshold)}`
}

const rowLabel = (row: Row) => (row.id !== undefined ? `${row.id} (line ${row.line})` : `line ${row.line}`)
const valueOf = (row: Row, metric: string) => {
  const r = row.readings[metric]
  return r && 'value' in r ? formatNumber(r.value) : '–'
}

const CSS = `
:root { color-scheme: light }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1f; max-width: 72rem; margin: 1.5rem auto; padding: 0 1rem }
h1 { font-size: 1.6rem; margin: 0 0 .3rem } h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem }
h3 { font-size: 1rem; margin: 1rem 0 .3rem }
table { border-collapse: collapse; margin: .4rem 0 1rem; font-variant-numeric: tabular-nums }
th, td { border-bottom: 1px solid #e3e3e3; padding: .25rem .55rem; text-align: right; vertical-align: top }
th:first-child, td:first-child, td.text, th.text { text-align: left }
thead th { background: #f4f4f6; font-weight: 600 }
td.text { max-width: 40rem; white-space: pre-wrap; word-break: break-word; font-size: 13px }
.meta, .note { color: #555 } .note { font-size: 13px }
.swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; vertical-align: -.05em; margin-right: .3em }
.flagged { color: #b03a2e; font-weight: 600 } .ok { color: #1e7b45 }
.up { color: #b03a2e } .down { color: #1e7b45 }
.plots { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start }
svg.plot { background: #fbfbfc; border: 1px solid #eee; max-width: 100% }
section.metric { margin-bottom: 2rem }
code { background: #f4f4f6; padding: 0 .2em; border-radius: 3px }
`

function swatch(i: number): string {
  return `<span class="swatch" style="background:${COLOURS[i % 2]}"></span>`
}

function overviewTable(report: Report): string {
  const two = report.runs.length === 2
  const head = ['metric', ...(two ? ['run'] : []), 'count', 'mean', 'p50', 'p90', 'p99', 'min', 'max', 'threshold', 'flagged', 'errors']
  const metrics = [...new Set(report.runs.flatMap((r) => r.run.metrics))]
  const body: string[] = []
  for (const metric of metrics) {
    report.runs.forEach(({ run, summaries }, i) => {
      const s = summaries.find((x) => x.metric === metric)
      if (!s) return
      const cells = [
        `<td><a href="#m-${escapeHtml(metric)}"><code>${escapeHtml(metric)}</code></a></td>`,
        ...(two ? [`<td style="text-align:left">${swatch(i)}${escapeHtml(run.name)}</td>`] : []),
        ...[s.count, s.mean, s.p50, s.p90, s.p99, s.min, s.max].map((v) => `<td>${formatNumber(v)}</td>`),
        `<td>${escapeHtml(thresholdText(s))}</td>`,
        `<td class="${s.flagged ? 'flagged' : 'ok'}">${formatShare(s.flaggedShare)} <span class="note">(${s.flagged})</span></td>`,
        `<td>${s.errors}</td>`
      ]
      body.push(`<tr>${cells.join('')}</tr>`)
    })
  }
  return `<table class="overview"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`
}

function comparisonTable(report: Report): string {
  const c = report.comparison!
  const [a, b] = report.runs.map((r) => r.run.name)
  const head = ['metric', `mean ${a}`, `mean ${b}`, 'Δ mean', `flagged ${a}`, `flagged ${b}`, 'Δ flagged', 'paired rows', 'mean paired Δ', 'verdict changed']
  const cls = (m: MetricComparison, v: number) => {
    if (!Number.isFinite(v) || v === 0) return ''
    // Up is worse for a metric flagged above its threshold (a risk), better for one flagged below (a quality).
    const worse = m.a.flag === 'above' ? v > 0 : v < 0
    return worse ? 'up' : 'down'
  }
  const rows = c.metrics.map(
    (m) =>
      `<tr><td><a href="#m-${escapeHtml(m.metric)}"><code>${escapeHtml(m.metric)}</code></a></td><td>${formatNumber(m.a.mean)}</td><td>${formatNumber(m.b.mean)}</td>` +
      `<td class="${cls(m, m.meanDelta)}">${formatDelta(m.meanDelta)}</td><td>${formatShare(m.a.flaggedShare)}</td><td>${formatShare(m.b.flaggedShare)}</td>` +
      `<td class="${m.flaggedShareDelta > 0 ? 'up' : m.flaggedShareDelta < 0 ? 'down' : ''}">${formatDelta(m.flaggedShareDelta, true)}</td>` +
      `<td>${m.pairs.length}</td><td>${formatDelta(m.pairedMeanDiff)}</td><td>${m.changed.length}</td></tr>`
  )
  const only = [
    c.onlyA.length ? `Only in ${escapeHtml(a)}: ${c.onlyA.map((m) => `<code>${escapeHtml(m)}</code>`).join(', ')}.` : '',
    c.onlyB.length ? `Only in ${escapeHtml(b)}: ${c.onlyB.map((m) => `<code>${escapeHtml(m)}</code>`).join(', ')}.` : ''
  ].filter(Boolean)
  return (
    `<p class="note">Rows paired by ${c.pairedBy === 'id' ? 'their <code>id</code> field' : 'line number'}. Δ is ${escapeHtml(b)} minus ${escapeHtml(a)}; ` +
    `red marks a change toward flagged, green away from it.</p>` +
    `<table class="comparison"><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>` +
    (only.length ? `<p class="note">${only.join(' ')}</p>` : '')
  )
}

function flaggedTable(rows: readonly Row[], metric: string, options: Required<RenderOptions>): string {
  const shown = rows.slice(0, options.rows)
  const body = shown.map(
    (row) =>
      `<tr><td>${escapeHtml(rowLabel(row))}</td><td>${valueOf(row, metric)}</td><td class="text">${
        row.text === undefined ? '<span class="note">no text in the output; pass --input with the batch input</span>' : escapeHtml(clip(row.text, options.snippet)!)
      }</td></tr>`
  )
  const more = rows.length > shown.length ? `<p class="note">and ${plural(rows.length - shown.length, 'more row')}.</p>` : ''
  return `<table class="flagged-rows"><thead><tr><th>row</th><th>value</th><th class="text">text</th></tr></thead><tbody>${body.join('')}</tbody></table>${more}`
}

function changedTable(pairs: readonly Pair[], metric: string, names: string[], options: Required<RenderOptions>): string {
  const shown = pairs.slice(0, options.rows)
  const verdict = (row: Row) => {
    const r = row.readings[metric]
    return r && 'flagged' in r && r.flagged ? '<span class="flagged">flagged</span>' : '<span class="ok">passed</span>'
  }
  const body = shown.map(
    (p) =>
      `<tr><td>${escapeHtml(rowLabel(p.a))}</td><td>${valueOf(p.a, metric)} ${verdict(p.a)}</td><td>${valueOf(p.b, metric)} ${verdict(p.b)}</td>` +
      `<td class="text">${p.a.text === undefined && p.b.text === undefined ? '' : escapeHtml(clip(p.b.text ?? p.a.text, options.snippet)!)}</td></tr>`
  )
  const more = pairs.length > shown.length ? `<p class="note">and ${plural(pairs.length - shown.length, 'more row')}.</p>` : ''
  return (
    `<table class="changed-rows"><thead><tr><th>row</th><th>${escapeHtml(names[0])}</th><th>${escapeHtml(names[1])}</th><th class="text">text</th></tr></thead>` +
    `<tbody>${body.join('')}</tbody></table>${more}`
  )
}

function metricSection(report: Report, metric: string, options: Required<RenderOptions>): string {
  const present = report.runs.filter((r) => r.run.metrics.includes(metric))
  const summaries = present.map((r) => r.summaries.find((s) => s.metric === metric)!)
  const first = summaries[0]
  const names = report.runs.map((r) => r.run.name)
  const bins = histogram(metric, summaries.map((s) => s.values))
  const plots = [histogramSvg(bins, { title: `${metric}: distribution of ${first.gauge}`, threshold: first.threshold, flag: first.flag })]
  const cmp = report.comparison?.metrics.find((m) => m.metric === metric)
  if (cmp && cmp.pairs.length) {
    plots.push(
      `<figure style="margin:0"><figcaption class="note">paired Δ (${escapeHtml(names[1])} − ${escapeHtml(names[0])}), one tick per row</figcaption>${diffStripSvg(
        cmp.pairs.map((p) => p.diff),
        `${metric}: paired differences`
      )}</figure>`
    )
  }
  const legend =
    present.length === 2 ? `<p class="note">${present.map((r, i) => `${swatch(i)}${escapeHtml(r.run.name)}`).join(' &nbsp; ')}</p>` : ''
  const parts = [
    `<section class="metric" id="m-${escapeHtml(metric)}"><h2><code>${escapeHtml(metric)}</code></h2>`,
    `<p class="meta">Gauge: ${escapeHtml(first.gauge)}. Threshold: ${escapeHtml(thresholdText(first))}${
      first.threshold === null ? ' (no default: set one with --threshold)' : `, flagged ${first.flag === 'below' ? 'below it' : 'at or above it'}`
    }.</p>`,
    legend,
    `<div class="plots">${plots.join('')}</div>`
  ]
  present.forEach((r, i) => {
    const rows = flaggedRows(r.run, metric)
    const title = `Flagged rows${present.length === 2 ? ` in ${swatch(i)}${escapeHtml(r.run.name)}` : ''}: ${rows.length} of ${summaries[i].count}`
    parts.push(`<h3>${title}</h3>`, rows.length ? flaggedTable(rows, metric, options) : '<p class="note">None.</p>')
  })
  if (cmp) {
    parts.push(
      `<h3>Verdict changed: ${plural(cmp.changed.length, 'row')} of ${cmp.pairs.length} paired</h3>`,
      cmp.changed.length ? changedTable(cmp.changed, metric, names, options) : '<p class="note">None.</p>'
    )
  }
  parts.push('</section>')
  return parts.join('')
}

function defaults(options: RenderOptions): Required<RenderOptions> {
  return { rows: options.rows ?? 20, snippet: options.snippet ?? 160 }
}

function runLine(report: Report): string {
  return report.runs
    .map(
      ({ run, failedLines }, i) =>
        `${report.runs.length === 2 ? swatch(i) : ''}<strong>${escapeHtml(run.name)}</strong>: ${plural(run.rows.length, 'line')}, ${plural(failedLines, 'failed line')}` +
        (run.skipped.length ? ` (not summarised: ${run.skipped.map(escapeHtml).join(', ')})` : '')
    )
    .join('<br>')
}

/** The report as one self-contained HTML document. */
export function renderHtml(report: Report, options: RenderOptions = {}): string {
  const o = defaults(options)
  const metrics = [...new Set(report.runs.flatMap((r) => r.run.metrics))]
  // The thresholds given; the CLI reads both runs with the same ones.
  const given = Object.entries(report.runs[0].run.thresholds)
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(report.title)}</title><style>${CSS}</style></head><body>`,
    `<h1>${escapeHtml(report.title)}</h1>`,
    `<p class="meta">${runLine(report)}</p>`,
    given.length
      ? `<p class="note">Thresholds given: ${given.map(([k, v]) => `<code>${escapeHtml(k)}=${v === null ? 'none' : escapeHtml(String(v))}</code>`).join(', ')}; the others are the defaults (docs/guardrails.md).</p>`
      : '<p class="note">Thresholds: the defaults of each metric (docs/guardrails.md).</p>',
    '<h2>Overview</h2>',
    metrics.length ? overviewTable(report) : '<p>No metric results in the input.</p>',
    report.comparison ? `<h2 id="comparison">Comparison</h2>${comparisonTable(report)}` : '',
    ...metrics.map((m) => metricSection(report, m, o)),
    '</body></html>',
    ''
  ].join('\n')
}

/**
 * Escape text for a Markdown table cell or inline text: no markup, no HTML, one line. Only the characters
 * that mean something inside a line are escaped (`-`, `+`, `#` and `>` do only at its start).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_[\]()!|~]/g, (c) => `\\${c}`)
    .replace(/[&<]/g, (c) => (c === '&' ? '&amp;' : '&lt;'))
}

function mdTable(head: string[], rows: string[][]): string {
  // Numbers align right; the metric, run, row and text columns left.
  const left = (h: string, i: number) => i === 0 || h === 'text' || h === 'run'
  return [`| ${head.join(' | ')} |`, `| ${head.map((h, i) => (left(h, i) ? '---' : '--:')).join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
}

/** A one-line distribution: one block per bin, height by count. */
export function sparkline(counts: readonly number[]): string {
  const blocks = ' ▁▂▃▄▅▆▇█'
  const max = Math.max(1, ...counts)
  return counts.map((c) => blocks[c === 0 ? 0 : Math.max(1, Math.round((c / max) * 8))]).join('')
}

/** The report as Markdown (GitHub-flavoured tables; distributions as one-line sparklines). */
export function renderMarkdown(report: Report, options: RenderOptions = {}): string {
  const o = defaults(options)
  const md = (s: string) => escapeMarkdown(s)
  const two = report.runs.length === 2
  const metrics = [...new Set(report.runs.flatMap((r) => r.run.metrics))]
  const out: string[] = [`# ${md(report.title)}`, '']
  for (const { run, failedLines } of report.runs) out.push(`*   **${md(run.name)}**: ${plural(run.rows.length, 'line')}, ${plural(failedLines, 'failed line')}`)
  out.push('', '## Overview', '')
  const rows: string[][] = []
  for (const metric of metrics) {
    for (const { run, summaries } of report.runs) {
      const s = summaries.find((x) => x.metric === metric)
      if (!s) continue
      const bins = histogram(metric, [s.values])
      rows.push([
        `\`${metric}\``,
        ...(two ? [md(run.name)] : []),
        ...[s.count, s.mean, s.p50, s.p90, s.p99, s.min, s.max].map(formatNumber),
        md(thresholdText(s)),
        `${formatShare(s.flaggedShare)} (${s.flagged})`,
        String(s.errors),
        `\`${sparkline(bins.map((b) => b.counts[0]))}\``
      ])
    }
  }
  out.push(mdTable(['metric', ...(two ? ['run'] : []), 'count', 'mean', 'p50', 'p90', 'p99', 'min', 'max', 'threshold', 'flagged', 'errors', 'distribution'], rows))
  if (report.comparison) {
    const c = report.comparison
    const [a, b] = report.runs.map((r) => md(r.run.name))
    out.push('', '## Comparison', '', `Rows paired by ${c.pairedBy === 'id' ? '`id`' : 'line number'}; Δ is ${b} minus ${a}.`, '')
    out.push(
      mdTable(
        ['metric', `mean ${a}`, `mean ${b}`, 'Δ mean', `flagged ${a}`, `flagged ${b}`, 'Δ flagged', 'paired rows', 'mean paired Δ', 'verdict changed'],
        c.metrics.map((m) => [
          `\`${m.metric}\``,
          formatNumber(m.a.mean),
          formatNumber(m.b.mean),
          formatDelta(m.meanDelta),
          formatShare(m.a.flaggedShare),
          formatShare(m.b.flaggedShare),
          formatDelta(m.flaggedShareDelta, true),
          String(m.pairs.length),
          formatDelta(m.pairedMeanDiff),
          String(m.changed.length)
        ])
      )
    )
  }
  const text = (row: Row) => (row.text === undefined ? '' : md(clip(row.text, o.snippet)!))
  for (const metric of metrics) {
    const lists: string[] = []
    report.runs.forEach(({ run }) => {
      if (!run.metrics.includes(metric)) return
      const flagged = flaggedRows(run, metric)
      if (!flagged.length) return
      lists.push(
        '',
        `Flagged${two ? ` in ${md(run.name)}` : ''}: ${flagged.length}${flagged.length > o.rows ? ` (first ${o.rows})` : ''}`,
        '',
        mdTable(['row', 'value', 'text'], flagged.slice(0, o.rows).map((row) => [md(rowLabel(row)), valueOf(row, metric), text(row)]))
      )
    })
    const cmp = report.comparison?.metrics.find((m) => m.metric === metric)
    if (cmp?.changed.length) {
      const names = report.runs.map((r) => md(r.run.name))
      lists.push(
        '',
        `Verdict changed: ${plural(cmp.changed.length, 'row')}${cmp.changed.length > o.rows ? ` (first ${o.rows})` : ''}`,
        '',
        mdTable(['row', names[0], names[1], 'text'], cmp.changed.slice(0, o.rows).map((p) => [md(rowLabel(p.a)), valueOf(p.a, metric), valueOf(p.b, metric), text(p.b.text ? p.b : p.a)]))
      )
    }
    if (lists.length) out.push('', `## \`${metric}\``, ...lists)
  }
  out.push('')
  return out.join('\n')
}
