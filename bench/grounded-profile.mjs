// Where a grounded call's time goes: runs the speed bench's faithfulness or answer relevancy input in a
// loop (for `node --cpu-prof`), or reads the profile it wrote and prints the share of each phase: every
// sample goes to the nearest enclosing function of a phase (names read through dist's source maps),
// split into JavaScript and the core (WebAssembly); the collector apart. Samples before the first call
// (loading the package and the prose) are left out.
//   node --no-liftoff --cpu-prof --cpu-prof-dir=/tmp/prof bench/grounded-profile.mjs dist/litmus.js faithfulness 20000
//   node bench/grounded-profile.mjs --phases /tmp/prof/<file>.cpuprofile faithfulness
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadBrown } from './brown.mjs'

const PHASES = {
  faithfulness: {
    root: 'scoreFaithfulness',
    phases: {
      'context index': ['indexContext', 'postingsOf'],
      'response words and statements': ['tokenised', 'statementsOf', 'clauses'],
      alignment: ['alignStatement', 'align'],
      'head and labels': ['features', 'supported', 'labelOf', 'cjkShare', 'bigrams', 'coverageIn'],
      'statement records': ['statementsOut'],
      'request checks, run': ['run', 'scoreFaithfulness', 'withinLimits']
    }
  },
  answer_relevancy: {
    root: 'scoreRelevancy',
    phases: {
      'words (tokens, vectors)': ['wordsOf'],
      'query answer type': ['askedType'],
      matching: ['matchWords', 'stemIndex'],
      'generated question': ['generateQuestion'],
      'answer words': ['answerWords'],
      phrases: ['phrases'],
      "question's subject, response's subject": ['questionSubject', 'definesSubject', 'mechanismWord'],
      'request checks, rest': ['relevancy', 'scoreRelevancy', 'withinLimits']
    }
  }
}

const args = process.argv.slice(2)
if (args[0] === '--phases') phases(args[1], PHASES[args[2]])
else await loop(args[0], args[1], Number(args[2] ?? 2000))

async function loop(file, which, n) {
  const litmus = await (await import(new URL(file, `file://${process.cwd()}/`).href)).load()
  // The inputs of bench/grounded-ab.mjs.
  const prose = loadBrown().text
  const text = prose.slice(0, 10 * 1024)
  const context = []
  for (let i = 0; i < text.length; i += 1000) context.push({ chunk_text: text.slice(i, i + 1000) })
  const response = (prose.slice(2000, 2150) + ' ' + prose.slice(6000, 6149)).replace(/\s+/g, ' ')
  const responses = []
  for (let i = 0; responses.length < 100; i += 120) responses.push(prose.slice(i, i + 120))
  const query = 'Who wrote the play Hamlet and when was it first performed?'
  let k = 0
  const call = which === 'faithfulness' ? () => litmus.faithfulness({ query: '', response, context }) : () => litmus.answerRelevancy({ query, response: responses[k++ % 100] })
  for (let i = 0; i < 2000; i++) call()
  const t0 = performance.now()
  for (let i = 0; i < n; i++) call()
  console.log(`${which}: ${((performance.now() - t0) / n).toFixed(4)} ms per call over ${n} calls`)
}

/** Base64 VLQ segments of a source map's `mappings`: per generated line, [column, name index or -1]. */
function decodeNames(map) {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  const lines = []
  let name = 0
  for (const line of map.mappings.split(';')) {
    const segs = []
    let col = 0
    for (const seg of line.split(',')) {
      if (!seg) continue
      const v = []
      for (let i = 0, shift = 0, acc = 0; i < seg.length; i++) {
        const d = B64.indexOf(seg[i])
        acc += (d & 31) << shift
        if (d & 32) shift += 5
        else {
          v.push(acc & 1 ? -(acc >>> 1) : acc >>> 1)
          acc = 0
          shift = 0
        }
      }
      col += v[0]
      if (v.length >= 5) name += v[4]
      segs.push([col, v.length >= 5 ? name : -1])
    }
    lines.push(segs)
  }
  return lines
}

function phases(profileFile, spec) {
  const p = JSON.parse(readFileSync(profileFile, 'utf8'))
  const maps = new Map()
  const nameAt = (cf) => {
    if (!cf.url.startsWith('file://')) return cf.functionName
    if (!maps.has(cf.url)) {
      const f = fileURLToPath(cf.url) + '.map'
      const m = existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined
      maps.set(cf.url, m && { names: m.names, lines: decodeNames(m) })
    }
    const m = maps.get(cf.url)
    // The last segment at or before the function's column names it, if it has a name.
    let best = -1
    for (const [col, name] of m?.lines[cf.lineNumber] ?? []) if (col <= cf.columnNumber) best = name
    return best >= 0 ? m.names[best] : cf.functionName
  }
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const names = new Map()
  const nameOf = (id) => names.get(id) ?? names.set(id, nameAt(byId.get(id).callFrame)).get(id)
  const phaseOf = new Map(Object.entries(spec.phases).flatMap(([label, fns]) => fns.map((f) => [f, label])))
  const time = new Map()
  let total = 0
  let started = false
  for (let i = 0; i < p.samples.length; i++) {
    const chain = []
    for (let id = p.samples[i]; id !== undefined; id = parent.get(id)) chain.push(id)
    if (!started && !(started = chain.some((id) => nameOf(id) === spec.root))) continue
    const leaf = byId.get(chain[0]).callFrame
    let label = 'garbage collector'
    if (leaf.functionName !== '(garbage collector)') {
      const at = chain.find((id) => phaseOf.has(nameOf(id)))
      label = `${at === undefined ? 'other' : phaseOf.get(nameOf(at))} [${leaf.url.startsWith('wasm') ? 'core' : 'JS'}]`
    }
    time.set(label, (time.get(label) ?? 0) + p.timeDeltas[i])
    total += p.timeDeltas[i]
  }
  console.log('| phase | share |\n| --- | --- |')
  for (const [label, t] of [...time].sort((a, b) => b[1] - a[1])) console.log(`| ${label} | ${((100 * t) / total).toFixed(1)} % |`)
}
