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

/**
 * Speed of several scorers on the same inputs, alternating in 3 rounds (the middle round is kept): MB/s on
 * one long `prose` text, and calls/s on 20,000 100-character slices of it. `peers` is [[name, fn]], the
 * first being Litmus; rows are ready for `table`, with the first peer's rate in bold and ratios to it.
 */
export function alternatingRows(peers, prose) {
  const bytes = utf8Bytes(prose)
  const times = new Map()
  for (let round = 0; round < 3; round++) {
    for (const [name, fn] of peers) times.set(name, [...(times.get(name) ?? []), medianMs(() => fn(prose), 3)])
  }
  const best = (name) => times.get(name).sort((a, b) => a - b)[1]
  const ours = peers[0][0]
  const oursMb = mbps(bytes, best(ours))
  const longRows = peers.map(([name]) => {
    const rate = mbps(bytes, best(name))
    return [name, fmt(bytes / 1e6, 1), name === ours ? `**${fmt(rate, 1)}**` : fmt(rate, 1), name === ours ? '1.0×' : `${fmt(oursMb / rate, 2)}×`]
  })

  const texts = []
  for (let i = 0; texts.length < 20000 && i < prose.length - 200; i += 173) {
    const s = prose.indexOf(' ', i) + 1
    texts.push(prose.slice(s, s + 100))
  }
  const rates = new Map()
  for (let round = 0; round < 3; round++) {
    for (const [name, fn] of peers) {
      const ms = medianMs(() => {
        for (let i = 0; i < texts.length; i++) fn(texts[i])
      }, 3)
      rates.set(name, [...(rates.get(name) ?? []), (texts.length / ms) * 1000])
    }
  }
  const mid = (name) => rates.get(name).sort((a, b) => a - b)[1]
  const shortRows = peers.map(([name]) => {
    const r = mid(name)
    return [name, name === ours ? `**${fmt(r, 0)}**` : fmt(r, 0), name === ours ? '1.0×' : `${fmt(mid(ours) / r, 2)}×`]
  })
  return { longRows, shortRows, calls: texts.length }
}

/**
 * A/B summary of builds timed alternately, `runs[i].ms` one time per rep: each build's median, its speed-up
 * over the first build, and the median of per-rep ratios (load that changes between reps cancels in those).
 */
export function abSummary(runs) {
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1]
  const base = median(runs[0].ms)
  return runs.map((b) => {
    const m = median(b.ms)
    return { run: b, median: m, ratio: base / m, paired: median(b.ms.map((t, i) => runs[0].ms[i] / t)) }
  })
}

/**
 * Time `work(litmus)` for every build alternately, `reps` times after one warm-up call each (the order
 * flips every rep, so neither build always runs first), and summarise as abSummary does.
 */
export function alternate(builds, work, reps) {
  const runs = builds.map((b) => ({ file: b.file, litmus: b.litmus, ms: [] }))
  for (const r of runs) work(r.litmus)
  for (let k = 0; k < reps; k++) {
    for (const b of k % 2 === 0 ? runs : [...runs].reverse()) {
      const t0 = performance.now()
      work(b.litmus)
      b.ms.push(performance.now() - t0)
    }
  }
  return abSummary(runs)
}

/**
 * A/B timing of operations between builds of the package (`argv`: their dist/litmus.js files, the
 * previous first, and optionally a rep count): each op on Brown prose as one text (MB/s) and as
 * 100-character texts (calls/s), the builds run alternately rep by rep in one process (`alternate`).
 */
export async function opsAB(OPS, argv, defaultReps = 15) {
  const { loadBrown } = await import('./brown.mjs')
  const files = argv.filter((a) => !/^\d+$/.test(a))
  const reps = Number(argv.find((a) => /^\d+$/.test(a)) ?? defaultReps)
  const prose = loadBrown().text.slice(0, 2_000_000)
  const short = []
  for (let i = 0; i + 100 <= prose.length && short.length < 20000; i += 100) short.push(prose.slice(i, i + 100))
  const builds = []
  for (const f of files) builds.push({ file: f, litmus: await (await import(new URL(f, `file://${process.cwd()}/`).href)).load() })
  for (const [op, call] of Object.entries(OPS)) {
    for (const [kind, work, size] of [['prose', (l) => call(l, prose), prose.length], ['100-char texts', (l) => { for (const t of short) call(l, t) }, short.length]]) {
      for (const { run: b, median: m, ratio, paired } of alternate(builds, work, reps)) {
        const rate = kind === 'prose' ? `${(size / 1e3 / m).toFixed(1)} MB/s` : `${Math.round((size / m) * 1000).toLocaleString('en')} calls/s`
        console.log(`${op} ${kind} ${b.file}: median ${m.toFixed(1)} ms, ${rate}, ${ratio.toFixed(3)}x, paired ${paired.toFixed(3)}x`)
      }
    }
  }
}
