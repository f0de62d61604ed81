// A/B timing of single calls between builds of Litmus in one process: each argument is a dist directory
// (build main into one aside before a change: `cp -r dist /tmp/base-dist`). The builds run alternately,
// rep by rep, on the same inputs, so load on a shared machine changes between reps and cancels in the
// paired ratios (bench/util.mjs abSummary).
//   node --no-liftoff bench/call-ab.mjs /tmp/base-dist dist [case ...] [reps=21]
// Cases: clarity100 (clarity on 100-character Brown slices), validate (`validate` alone on a one-field
// clarity request), call1 (a whole call whose scorer does next to nothing: input_type on one character,
// so validation, the response check and the call's plumbing), toxicity100, pii100, faithfulness (a
// 300-character response against a 10 KB context).
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { asProse, brownCorpus, brownProse } from './brown.mjs'
import { abSummary } from './util.mjs'

const args = process.argv.slice(2)
const reps = Number(args.find((a) => /^\d+$/.test(a)) ?? 21)
const CASES = ['clarity100', 'validate', 'call1', 'toxicity100', 'pii100', 'faithfulness']
const cases = args.filter((a) => CASES.includes(a))
const dists = args.filter((a) => !/^\d+$/.test(a) && !CASES.includes(a))

const prose = brownProse(400_000)
const slices = []
for (let i = 0; slices.length < 2000 && i < prose.length - 200; i += 173) {
  const s = prose.indexOf(' ', i) + 1
  slices.push(prose.slice(s, s + 100))
}
const sentences = brownCorpus().flat()
const context = asProse(sentences.slice(0, 400)).slice(0, 10_000)
const chunks = context.match(/[\s\S]{1,1000}(?:\s|$)/g).map((chunk_text, i) => ({ chunk_id: `c${i}`, chunk_text }))
const response = asProse(sentences.slice(3, 8)).slice(0, 300)

/** One case: a function running `calls` calls on a loaded Evaluator. */
const WORK = {
  clarity100: { calls: slices.length, run: (l) => { for (const text of slices) l.clarity({ text }) } },
  validate: { calls: 20_000, run: (l, m) => { for (let i = 0; i < 20_000; i++) m.validate(m.OPERATIONS.clarity, { text: slices[i % slices.length] }) } },
  call1: { calls: 20_000, run: (l) => { for (let i = 0; i < 20_000; i++) l.inputType({ text: 'a' }) } },
  toxicity100: { calls: slices.length, run: (l) => { for (const text of slices) l.toxicity({ text }) } },
  pii100: { calls: slices.length, run: (l) => { for (const text of slices) l.pii({ text }) } },
  faithfulness: { calls: 20, run: (l) => { for (let i = 0; i < 20; i++) l.faithfulness({ query: 'What happened?', response, context: chunks }) } }
}

/**
 * Time `cases` on each build (dist directories), alternately rep by rep; returns per case the rows of
 * abSummary with microseconds per call.
 */
export async function measure(dirs, names, repsPerCase) {
  const builds = []
  for (const dir of dirs) {
    const mod = await import(pathToFileURL(resolve(dir, 'litmus.js')).href)
    builds.push({ dir, mod, litmus: await mod.load() })
  }
  const out = []
  for (const name of names) {
    const work = WORK[name]
    const runs = builds.map((b) => ({ dir: b.dir, mod: b.mod, litmus: b.litmus, ms: [] }))
    for (const r of runs) work.run(r.litmus, r.mod) // warm-up
    for (let rep = 0; rep < repsPerCase; rep++) {
      for (const r of rep % 2 === 0 ? runs : [...runs].reverse()) {
        const t0 = performance.now()
        work.run(r.litmus, r.mod)
        r.ms.push(performance.now() - t0)
      }
    }
    out.push({ name, rows: abSummary(runs).map((x) => ({ ...x, us: (x.median * 1000) / work.calls })) })
  }
  return out
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const { name, rows } of await measure(dists, cases.length ? cases : ['validate', 'call1', 'clarity100'], reps)) {
    for (const { run, us, ratio, paired } of rows) console.log(`${name} ${run.dir}: ${us.toFixed(3)} us/call, ${ratio.toFixed(3)}x, paired ${paired.toFixed(3)}x`)
  }
}
