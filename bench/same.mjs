// Shared by the output-equality checks (bench/grounded-same.mjs, bench/pm-same.mjs): the two builds to
// compare, a seeded generator (the same requests every run), and the comparison of every request's JSON
// answer between the builds (same process, alternating).
import { existsSync, readFileSync } from 'node:fs'

/** The builds named on the command line (two dist/litmus.js paths) and the row count (a number argument). */
export async function buildsFromArgs(usage, defaultRows) {
  const args = process.argv.slice(2)
  const files = args.filter((a) => !/^\d+$/.test(a))
  const rows = Number(args.find((a) => /^\d+$/.test(a)) ?? defaultRows)
  if (files.length !== 2) throw new Error(`usage: ${usage}`)
  const builds = []
  for (const f of files) builds.push(await (await import(new URL(f, `file://${process.cwd()}/`).href)).load())
  return { builds, rows }
}

/** A small seeded generator (mulberry32) and a pick from a list with it. */
export function seeded(seed) {
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = seed
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { rand, pick: (a) => a[Math.floor(rand() * a.length)] }
}

/** Every `step`-th row, at most `n`. */
export const spread = (rows, n) => (rows.length <= n ? rows : rows.filter((_, i) => i % Math.ceil(rows.length / n) === 0).slice(0, n))

/** The rows of a JSON-lines file, or none when it is absent. */
export function jsonlRows(url) {
  return existsSync(url) ? readFileSync(url, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []
}

/**
 * Scores every [operation, body] request with both builds ("explain <op>" calls explain) and compares the
 * JSON of the answers; prints the counts and the first five differences, and sets the exit code.
 */
export function compareBuilds(builds, requests, note) {
  const call = (l, [op, body]) => {
    try {
      return JSON.stringify(op.startsWith('explain ') ? l.explain(op.slice(8), body) : l.evaluate(op, body))
    } catch (e) {
      return `error: ${e?.message}`
    }
  }
  let same = 0
  let errors = 0
  const diffs = []
  const counts = {}
  for (const req of requests) {
    const [a, b] = builds.map((l) => call(l, req))
    counts[req[0]] = (counts[req[0]] ?? 0) + 1
    if (a.startsWith('error: ')) errors++
    if (a === b) same++
    else diffs.push([req, a, b])
  }
  console.log(`requests: ${requests.length} (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}), ${note}`)
  console.log(`identical: ${same} (${errors} of them the same error), different: ${diffs.length}`)
  for (const [[op, body], a, b] of diffs.slice(0, 5)) {
    console.log(`--- ${op} ${JSON.stringify(body).slice(0, 300)}`)
    console.log(`previous: ${a.slice(0, 600)}`)
    console.log(`new:      ${b.slice(0, 600)}`)
  }
  process.exitCode = diffs.length ? 1 : 0
}
