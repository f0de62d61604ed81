// Counters behind GET /metrics (Prometheus text) and GET /<version>/performance (JSON): requests, errors
// and a latency histogram per operation. Labels are operation names from the registry, never text
// from the request, so a scan of made-up paths cannot grow them.

/** Upper bounds of the latency buckets, in seconds. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

interface Series {
  version: string
  /** Responses by status. */
  statuses: Map<number, number>
  requests: number
  errors: number
  seconds: number
  /** Counts per bucket (not cumulative); the last slot is +Inf. */
  buckets: number[]
}

export class Stats {
  readonly #series = new Map<string, Series>()

  record(operation: string, version: string, status: number, seconds: number): void {
    let s = this.#series.get(operation)
    if (!s) {
      s = { version, statuses: new Map(), requests: 0, errors: 0, seconds: 0, buckets: new Array(BUCKETS.length + 1).fill(0) }
      this.#series.set(operation, s)
    }
    s.requests++
    if (status >= 400) s.errors++
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1)
    s.seconds += seconds
    let i = 0
    while (i < BUCKETS.length && seconds > BUCKETS[i]) i++
    s.buckets[i]++
  }

  /** Prometheus text exposition format 0.0.4. */
  prometheus(gauges: Record<string, [help: string, value: number]>): string {
    const lines: string[] = []
    const head = (name: string, type: string, help: string) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`)
    const series = [...this.#series.entries()].sort(([a], [b]) => (a < b ? -1 : 1))
    head('litmus_requests_total', 'counter', 'Requests to metric operations, by operation and status.')
    for (const [op, s] of series) {
      for (const [status, n] of [...s.statuses].sort((a, b) => a[0] - b[0])) {
        lines.push(`litmus_requests_total{operation="${op}",version="${s.version}",status="${status}"} ${n}`)
      }
    }
    head('litmus_request_errors_total', 'counter', 'Requests to metric operations answered with a status of 400 or above.')
    for (const [op, s] of series) lines.push(`litmus_request_errors_total{operation="${op}",version="${s.version}"} ${s.errors}`)
    head('litmus_request_duration_seconds', 'histogram', 'Time from receiving the request to having its response, by operation.')
    for (const [op, s] of series) {
      const labels = `operation="${op}",version="${s.version}"`
      let cumulative = 0
      BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i]
        lines.push(`litmus_request_duration_seconds_bucket{${labels},le="${le}"} ${cumulative}`)
      })
      lines.push(`litmus_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.requests}`)
      lines.push(`litmus_request_duration_seconds_sum{${labels}} ${s.seconds}`)
      lines.push(`litmus_request_duration_seconds_count{${labels}} ${s.requests}`)
    }
    for (const [name, [help, value]] of Object.entries(gauges)) {
      head(name, 'gauge', help)
      lines.push(`${name} ${value}`)
    }
    return lines.join('\n') + '\n'
  }

  /**
   * Counters of one version's operations, with p50/p99 estimated from the histogram (the upper bound of the
   * bucket the quantile falls in; null past the last bucket, 10 s).
   */
  performance(version: string): { version: string; operations: Record<string, unknown> } {
    const operations: Record<string, unknown> = {}
    for (const [op, s] of this.#series) {
      if (s.version !== version) continue
      const quantile = (q: number) => {
        const rank = q * s.requests
        let seen = 0
        for (let i = 0; i < BUCKETS.length; i++) {
          seen += s.buckets[i]
          if (seen >= rank) return BUCKETS[i] * 1000
        }
        return null
      }
      operations[op] = {
        requests: s.requests,
        errors: s.errors,
        latency_ms: { mean: s.requests ? (s.seconds * 1000) / s.requests : 0, p50: quantile(0.5), p99: quantile(0.99) }
      }
    }
    return { version, operations }
  }
}
