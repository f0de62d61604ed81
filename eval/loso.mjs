// Leave one source out, for the safety metrics: for every training family, the candidate head is
// trained on the other families and scored on the one left out; sources that may not ship, dev sets
// and Litmus's own fixture tables are scored by the candidate trained on every family (none of them is
// ever trained on). Beside it: a keyword list, length (AUC only) and the previous build.
//
//   npm run build:wasm && node eval/loso.mjs toxicity [--previous path/to/litmus.js] [--candidates a,b]
//
// Each cell: AUC · accuracy at 50 (share of positives flagged / share of negatives flagged), flagged =
// score >= 50. The previous build is the package as committed before this work (build it from that commit
// and pass its dist/litmus.js; default /tmp/safety-prev/dist/litmus.js when present).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cap, markdown, means, measure, withoutOverlap } from '../scripts/lib/loso.mjs'

const args = process.argv.slice(2)
const metric = args[0]
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const PREVIOUS = opt('--previous', '/tmp/safety-prev/dist/litmus.js')
const EVAL_CAP = Number(opt('--eval-cap', 3000))

const fixture = (path) => JSON.parse(readFileSync(new URL(`../test/fixtures/${path}`, import.meta.url), 'utf8'))

/** Fixture tables `{ class: [[text, label]] }` as scored families. */
const fixtureFamilies = (path, prefix) =>
  Object.entries(fixture(path)).flatMap(([cls, rows]) => rows.map(([text, y]) => ({ text, y: y ? 1 : 0, family: `${prefix}: ${cls}` })))

const ADAPTERS = {
  async toxicity() {
    const T = await import('../scripts/train-toxicity.mjs')
    const { keyword } = await import('./toxicity.eval.mjs')
    const core = await T.rawCore()
    const lexicon = T.lexiconText()
    const NN = await import('../scripts/train/toxicity-nn.mjs')
    const nnModel = core.model(new Int8Array(1 << T.SETTINGS.bits), lexicon, T.SETTINGS)
    const fixtures = [
      ...fixtureFamilies('toxicity/functional.json', 'fixtures'),
      ...fixtureFamilies('toxicity/failure-classes.json', 'failure classes'),
      ...fixture('toxicity/categories.json').map(([text, y]) => ({ text, y, family: 'fixtures: categories' })),
      ...fixture('toxicity/dialect.json').map((text) => ({ text, y: 0, family: 'fixtures: benign dialect' }))
    ]
    return {
      train: T.loadFamilies(T.SOURCES),
      scoredOnly: [...T.loadFamilies(T.EVAL_ONLY, EVAL_CAP), ...fixtures],
      candidates: {
        'n-gram, /sqrt(n), bigrams, prior 0.5': { ...T.SETTINGS, norm: 'sqrt', kinds: 7, prior: 0.5, shrink: false, shortTerm: false },
        'n-gram, /n, prior 0.5': { ...T.SETTINGS, prior: 0.5, shrink: false, shortTerm: false },
        'n-gram, /n, prior 0.3': { ...T.SETTINGS, prior: 0.3, shrink: false, shortTerm: false },
        'n-gram, /n, prior 0.2': { ...T.SETTINGS, shrink: false, shortTerm: false },
        'n-gram, /n, prior 0.2, evidence x distinct words / 8': { ...T.SETTINGS, shrink: true, shortTerm: false },
        'n-gram, /n, prior 0.2, shortness term (new)': T.SETTINGS,
        'n-gram, /n, prior 0.2, shortness term, evidence x distinct words / 8': { ...T.SETTINGS, shrink: true },
        'nn: n-gram embeddings + GloVe, hidden 32': { nn: NN.NN },
        'nn: n-gram embeddings only, hidden 32': { nn: { ...NN.NN, glove: false } }
      },
      train1(rows, settings) {
        // The capacity experiment (scripts/train/toxicity-nn.mjs): a neural head in place of the n-gram head.
        if (settings.nn) return NN.fitNN(core, nnModel, rows, settings.nn)
        const { m, model } = T.fit(core, rows, lexicon, settings)
        return (text) => T.scoreOf(core, m, model, text)
      },
      keyword: (text) => (keyword(text) ? 100 : 0),
      previous: (litmus) => (text) => litmus.evaluate('toxicity', { text }).score
    }
  },

  async prompt_manipulation() {
    const P = await import('../scripts/train-prompt-manipulation.mjs')
    const { keyword } = await import('./prompt-manipulation.eval.mjs')
    const cores = new Map()
    const coreFor = async (settings) => {
      const key = `${settings.kinds}/${settings.bits}/${settings.cmin}/${settings.cmax}`
      if (!cores.has(key)) cores.set(key, await P.manipulationCore(null, settings))
      return cores.get(key)
    }
    const candidates = {
      'whole text only': { ...P.SETTINGS, windows: false },
      'windows of 50+ words (<= 8 sentences)': { ...P.SETTINGS, winWords: 50, winSentences: 8 },
      'windows of 1-3 sentences, 30+ words (new)': P.SETTINGS,
      'new, look-alike families x2 in training': { ...P.SETTINGS, familyScale: P.lookAlikes(2) },
      'new, look-alike families x4 in training': { ...P.SETTINGS, familyScale: P.lookAlikes(4) }
    }
    for (const settings of Object.values(candidates)) await coreFor(settings)
    const triggers = fixture('prompt-manipulation/benign-triggers.json').map((text) => ({ text, y: 0, family: 'fixtures: benign prompts with trigger words' }))
    return {
      train: P.loadFamilies(P.SOURCES),
      scoredOnly: [...P.loadFamilies(P.EVAL_ONLY, EVAL_CAP), ...triggers, ...fixtureFamilies('prompt-manipulation/functional.json', 'fixtures')],
      candidates,
      train1(rows, settings) {
        const core = cores.get(`${settings.kinds}/${settings.bits}/${settings.cmin}/${settings.cmax}`)
        const { q, model } = P.fit(core, rows, settings)
        core.installed = q
        const score = P.scorer(core, model)
        // Candidates of the same feature settings share a core: the one scoring installs its own weights
        // (the models for the never-trained rows are all fitted before any of them scores).
        return (text) => {
          if (core.installed !== q) {
            core.setWeights(q)
            core.installed = q
          }
          return score(text)
        }
      },
      keyword,
      previous: (litmus) => (text) => litmus.evaluate('prompt_manipulation', { text }).score
    }
  },

  async refusal() {
    const R = await import('../scripts/train-refusal.mjs')
    const { keyword } = await import('./refusal.eval.mjs')
    const { heldOut } = await import('../scripts/lib/splits.mjs')
    const dna = R.readJsonl(new URL('../../shared/datasets/refusal/do_not_answer_responses.jsonl', import.meta.url))
    const cases = fixture('refusal/cases.json').map(([kind, , response, label]) => ({ text: response, y: label === 'compliance' ? 0 : 1, family: `fixtures: ${kind}` }))
    return {
      train: [...R.familyRows(), ...R.jbbRows()],
      scoredOnly: [...dna.map((r) => ({ text: r.text, y: r.label, family: 'do-not-answer (no ship)' })), ...cases],
      candidates: {
        'n-gram, phrases (as before: GPTFuzz + hh-rlhf)': { jbb: false, cues: false },
        'n-gram, phrases + opening cues': { jbb: false, cues: true, substance: false },
        'n-gram, phrases + opening cues + opening after a disclaimer (new)': { jbb: false, cues: true, substance: true },
        'n-gram + JBB artifacts, phrases + cues + opening after a disclaimer': { jbb: true, cues: true, substance: true }
      },
      async train1(rows, settings) {
        const use = rows.filter((r) => settings.jbb || !r.family.startsWith('jbb'))
        if (!use.some((r) => r.y === 1) || !use.some((r) => r.y === 0)) return null
        // As scripts/train-refusal.mjs: a quarter of the rows (by text) calibrates the combination.
        const fitted = await R.fit(use.map((r) => ({ ...r, split: heldOut(r.text, R.SETTINGS.calibrationShare, 'refusal') ? 'calibration' : 'train' })))
        return R.scorer(fitted, settings.cues, settings.substance ?? false)
      },
      keyword: (text) => (keyword(text) ? 100 : 0),
      previous: (litmus) => (text) => litmus.evaluate('refusal', { query: 'question', response: text }).score
    }
  }
}

const adapter = await ADAPTERS[metric]?.()
if (!adapter) throw new Error(`usage: node eval/loso.mjs <${Object.keys(ADAPTERS).join('|')}>`)
let previous = null
if (existsSync(PREVIOUS)) {
  const { load } = await import(PREVIOUS)
  previous = adapter.previous(await load())
}
const only = opt('--candidates', null)?.split(',')
const candidates = Object.entries(adapter.candidates).filter(([name]) => !only || only.some((o) => name.includes(o)))

const families = [...new Set(adapter.train.map((r) => r.family))]
const scoredFamilies = [...new Set(adapter.scoredOnly.map((r) => r.family))]
const detectors = ['keyword list', 'length', ...(previous ? ['previous build'] : []), ...candidates.map(([n]) => n)]
const results = []

function baselines(rows, out) {
  const y = rows.map((r) => r.y)
  out['keyword list'] = measure(rows.map((r) => adapter.keyword(r.text)), y)
  const len = measure(rows.map((r) => r.text.length), y, Infinity)
  out.length = { ...len, acc: null, tpr: null, fpr: null }
  if (previous) out['previous build'] = measure(rows.map((r) => previous(r.text)), y)
}

const started = Date.now()
const sourceOf = (r) => r.source ?? r.family
for (const family of families) {
  const held = cap(adapter.train.filter((r) => r.family === family), EVAL_CAP, 'eval:')
  // A family may hold several sources (scored apart): one row of the table each.
  const sources = [...new Set(held.map(sourceOf))]
  const rows = sources.map((source) => {
    const own = held.filter((r) => sourceOf(r) === source)
    const row = { family: source === family ? family : `${source} (${family} left out)`, rows: own.length, pos: own.filter((r) => r.y).length, role: 'left out', own }
    baselines(own, row)
    return row
  })
  for (const [name, settings] of candidates) {
    const rest = withoutOverlap(adapter.train.filter((r) => r.family !== family), held)
    const score = await adapter.train1(rest, settings)
    // null: the candidate cannot be trained without this family (one class left).
    if (score) for (const row of rows) row[name] = measure(row.own.map((r) => score(r.text)), row.own.map((r) => r.y))
  }
  for (const row of rows) {
    delete row.own
    results.push(row)
  }
  console.error(`${family}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
// One model per candidate on every family, for the sources never trained on.
const full = []
for (const [name, settings] of candidates) full.push([name, await adapter.train1(adapter.train, settings)])
for (const family of scoredFamilies) {
  const held = cap(adapter.scoredOnly.filter((r) => r.family === family), EVAL_CAP, 'eval:')
  const y = held.map((r) => r.y)
  const row = { family, rows: held.length, pos: y.filter(Boolean).length, role: 'never' }
  baselines(held, row)
  for (const [name, score] of full) if (score) row[name] = measure(held.map((r) => score(r.text)), y)
  results.push(row)
}

const left = results.filter((r) => r.role === 'left out')
const mean = means(left, detectors)
const meanAll = means(results, detectors)
console.log(markdown(results, detectors))
console.log()
console.log(`Mean over the ${left.length} left-out families: ${detectors.map((d) => `${d} AUC ${mean[d].auc.toFixed(3)}${Number.isNaN(mean[d].acc) ? '' : `, accuracy ${mean[d].acc.toFixed(3)}`}`).join('; ')}.`)
console.log(`Mean over all ${results.length} rows of the table (AUC where both classes): ${detectors.map((d) => `${d} ${meanAll[d].auc.toFixed(3)}`).join('; ')}.`)
if (opt('--json', null)) writeFileSync(opt('--json', null), JSON.stringify({ metric, detectors, results }, null, 1))
