/** Median wall time in ms of `fn` over `runs` runs, after one warm-up. */
export function medianMs(fn, runs = 5) {
  fn()
  const times = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    fn()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return times[times.length >> 1]
}

/** MB/s (10^6 bytes) for `bytes` processed in `ms`. */
export const mbps = (bytes, ms) => bytes / 1e6 / (ms / 1000)

export const fmt = (x, digits = 1) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

export const utf8Bytes = (text) => new TextEncoder().encode(text).length

/** Markdown table from a header row and data rows. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
