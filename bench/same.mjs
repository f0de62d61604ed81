// Shared by the output-equality checks (bench/grounded-same.mjs, pm-same.mjs, tox-same.mjs, tone-same.mjs, ngram-same.mjs): the builds to
// compare, a seeded generator (the same requests every run), and the comparison of every request's JSON
// answer between the builds (same process, alternating); seeded Brown passages and texts of words.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'

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

/** The texts of up to `per` rows of each JSON-lines file in a data set folder (none where it is absent). */
export function datasetTexts(dir, per) {
  if (!existsSync(dir)) return []
  const texts = []
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    for (const r of spread(jsonlRows(new URL(f, dir)), per)) if (typeof r.text === 'string') texts.push(r.text)
  }
  return texts
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
  // The digest names the request set, so two runs (or two versions of a script) can be seen to send the same.
  const digest = createHash('sha256').update(JSON.stringify(requests)).digest('hex').slice(0, 12)
  console.log(`requests: ${requests.length} (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}; sha256 ${digest}), ${note}`)
  console.log(`identical: ${same} (${errors} of them the same error), different: ${diffs.length}`)
  // Which operations changed, so a change meant for one metric can be seen to leave the others alone.
  if (diffs.length) {
    const by = {}
    for (const [[op]] of diffs) by[op] = (by[op] ?? 0) + 1
    console.log(`different by operation: ${Object.entries(by).map(([k, v]) => `${k} ${v} of ${counts[k]}`).join(', ')}`)
  }
  for (const [[op, body], a, b] of diffs.slice(0, 5)) {
    console.log(`--- ${op} ${JSON.stringify(body).slice(0, 300)}`)
    console.log(`previous: ${a.slice(0, 600)}`)
    console.log(`new:      ${b.slice(0, 600)}`)
  }
  process.exitCode = diffs.length ? 1 : 0
}

/**
 * Brown passages of each length in `sizes` at seeded places (60 of each length up to 1,000 characters,
 * 6 of each longer one), each given to `add(text, full)` with `full` when it is at most `fullMax` long.
 */
export function addPassages({ rand }, prose, sizes, fullMax, add) {
  for (const n of sizes) {
    for (let k = 0; k < (n <= 1000 ? 60 : 6); k++) {
      const at = Math.floor(rand() * (prose.length - n))
      add(prose.slice(at, at + n), n <= fullMax)
    }
  }
}

/**
 * A seeded text of `n` words picked from `words`, one in ten capitalised, each followed by the mark of the
 * first [probability, mark] of `marks` (cumulative) that a draw falls under, if any; no space before . ? !
 */
export function randomText({ rand, pick }, words, n, marks) {
  const out = []
  for (let i = 0; i < n; i++) {
    let w = pick(words)
    if (rand() < 0.1) w = w[0].toUpperCase() + w.slice(1)
    out.push(w)
    const r = rand()
    const mark = marks.find(([p]) => r < p)
    if (mark) out.push(mark[1])
  }
  return out.join(' ').replace(/ ([.?!])/g, '$1')
}

/** A seeded Brown passage of 100 to 2,600 characters with `inner()` put in at a seeded place, set off by spaces. */
export function inPassage({ rand }, prose, inner) {
  const at = Math.floor(rand() * (prose.length - 3000))
  const p = prose.slice(at, at + 100 + Math.floor(rand() * 2500))
  const cut = Math.floor(rand() * p.length)
  return p.slice(0, cut) + ' ' + inner() + ' ' + p.slice(cut)
}
