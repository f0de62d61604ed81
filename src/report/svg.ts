// Plots as inline SVG strings: a report stays one file that opens from file:// with no script, no font
// and no request. Two plots are enough for a batch: a histogram (one or two runs side by side per bin,
// with the threshold marked) and a paired-difference strip.
import type { Bin } from './summary.js'

/** Escape text for HTML and SVG (element content and double-quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`)
}

/** Run colours: the first run, the second (colour-blind-safe blue and orange). */
export const COLOURS = ['#3b6fb6', '#e08a1e'] as const

/** A number for an axis label: whole numbers plainly, others with up to 3 significant digits. */
export function tick(value: number): string {
  if (Number.isInteger(value)) return String(value)
  return Number(value.toPrecision(3)).toString()
}

export interface HistogramOptions {
  /** Threshold to draw as a dashed line, and which side it flags. */
  threshold?: number | null
  flag?: 'above' | 'below'
  /** Accessible title. */
  title: string
  width?: number
  height?: number
}

/** A histogram of one or more series on shared bins, as an `<svg>` element. */
export function histogramSvg(bins: readonly Bin[], options: HistogramOptions): string {
  const width = options.width ?? 480
  const height = options.height ?? 180
  const [left, right, top, bottom] = [36, 14, 10, 34]
  const plotW = width - left - right
  const plotH = height - top - bottom
  const series = bins[0]?.counts.length ?? 1
  let max = 1
  for (const bin of bins) for (const c of bin.counts) if (c > max) max = c
  const lo = bins[0]?.lo ?? 0
  const hi = bins[bins.length - 1]?.hi ?? 1
  const x = (v: number) => left + ((v - lo) / (hi - lo || 1)) * plotW
  const y = (c: number) => top + plotH - (c / max) * plotH
  const parts: string[] = []
  const slot = plotW / Math.max(1, bins.length)
  const barW = Math.max(1, (slot - 2) / series)
  bins.forEach((bin, i) => {
    bin.counts.forEach((count, s) => {
      if (count === 0) return
      const bx = left + i * slot + 1 + s * barW
      parts.push(
        `<rect x="${bx.toFixed(1)}" y="${y(count).toFixed(1)}" width="${barW.toFixed(1)}" height="${(top + plotH - y(count)).toFixed(1)}" fill="${COLOURS[s % 2]}"><title>${tick(bin.lo)}–${tick(bin.hi)}: ${count}</title></rect>`
      )
    })
  })
  // Axes: a baseline, the count at the top, and bin edges (at most 11 labels).
  const axis: string[] = [
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#888"/>`,
    `<text x="${left - 4}" y="${top + 8}" text-anchor="end">${max}</text>`,
    `<text x="${left - 4}" y="${top + plotH}" text-anchor="end">0</text>`
  ]
  const every = Math.ceil((bins.length + 1) / 11)
  for (let i = 0; i <= bins.length; i += every) {
    const v = i < bins.length ? bins[i].lo : hi
    axis.push(`<text x="${x(v).toFixed(1)}" y="${top + plotH + 14}" text-anchor="middle">${escapeHtml(tick(v))}</text>`)
  }
  if (options.threshold !== undefined && options.threshold !== null && options.threshold >= lo && options.threshold <= hi) {
    const tx = x(options.threshold).toFixed(1)
    const side = options.flag === 'below' ? 'flagged below' : 'flagged at or above'
    axis.push(
      `<line x1="${tx}" y1="${top}" x2="${tx}" y2="${top + plotH}" stroke="#c0392b" stroke-width="1.5" stroke-dasharray="4 3"/>`,
      `<text x="${tx}" y="${height - 4}" text-anchor="middle" fill="#c0392b">threshold ${escapeHtml(tick(options.threshold))} (${side})</text>`
    )
  }
  return (
    `<svg class="plot" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg" font-size="10" font-family="system-ui, sans-serif">` +
    `<title>${escapeHtml(options.title)}</title>${parts.join('')}${axis.join('')}</svg>`
  )
}

/** At most this many ticks in a strip: a large run is drawn by its evenly spaced quantiles. */
export const MAX_TICKS = 1000

/** Paired differences (b - a) as a strip of ticks around zero, as an `<svg>` element. */
export function diffStripSvg(diffs: readonly number[], title: string, width = 480, height = 46): string {
  const [left, right] = [10, 10]
  let span = 1
  for (const d of diffs) if (Math.abs(d) > span) span = Math.abs(d)
  const x = (v: number) => left + ((v + span) / (2 * span)) * (width - left - right)
  let shown = diffs
  if (diffs.length > MAX_TICKS) {
    const sorted = [...diffs].sort((p, q) => p - q)
    shown = Array.from({ length: MAX_TICKS }, (_, i) => sorted[Math.round((i * (sorted.length - 1)) / (MAX_TICKS - 1))])
  }
  const marks = shown.map(
    (d) => `<line x1="${x(d).toFixed(1)}" y1="8" x2="${x(d).toFixed(1)}" y2="26" stroke="${d > 0 ? COLOURS[1] : d < 0 ? COLOURS[0] : '#999'}" stroke-opacity="0.5"/>`
  )
  return (
    `<svg class="plot" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg" font-size="10" font-family="system-ui, sans-serif">` +
    `<title>${escapeHtml(title)}</title>` +
    `<line x1="${x(0)}" y1="4" x2="${x(0)}" y2="30" stroke="#444"/>${marks.join('')}` +
    `<text x="${left}" y="${height - 4}">${escapeHtml(tick(-span))}</text>` +
    `<text x="${x(0)}" y="${height - 4}" text-anchor="middle">0</text>` +
    `<text x="${width - right}" y="${height - 4}" text-anchor="end">+${escapeHtml(tick(span))}</text></svg>`
  )
}
