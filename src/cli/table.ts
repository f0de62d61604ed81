// A readable one-line summary of any response, for the sample table.

export function summarise(response: Record<string, unknown>): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(response)) {
    if (key === 'metadata') continue
    // The spec fixes the project at 10,000 calls whatever number_of_queries says: the table says so.
    if (key === 'total_project_cost_estimate' && typeof value === 'number') parts.push(`${key} ${round(value)} (10,000 calls)`)
    else if (typeof value === 'number') parts.push(`${key} ${round(value)}`)
    else if (typeof value === 'string') parts.push(`${key} ${JSON.stringify(value.length > 40 ? value.slice(0, 39) + '…' : value)}`)
    else if (Array.isArray(value)) parts.push(`${key} ${listSummary(value)}`)
    else if (value && typeof value === 'object' && 'value' in value) parts.push(`${key} ${round((value as { value: number }).value)}`)
  }
  return parts.join(', ')
}

function round(x: number): string {
  if (x !== 0 && Math.abs(x) < 0.01) return x.toExponential(2)
  return String(Math.round(x * 100) / 100)
}

function listSummary(items: unknown[]): string {
  if (items.length === 0) return '[]'
  const labels = items.slice(0, 4).map((item) => {
    if (!item || typeof item !== 'object') return String(item)
    const o = item as Record<string, unknown>
    const name = o.label ?? o.category ?? o.component ?? o.statement
    const value = typeof o.score === 'number' ? ` ${round(o.score)}` : typeof o.string === 'string' ? ` ${JSON.stringify(o.string)}` : ''
    return `${name}${value}`
  })
  return `[${labels.join('; ')}${items.length > 4 ? `; +${items.length - 4}` : ''}]`
}

/** Render rows as an aligned plain-text table. */
export function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}
