// Cross-source evaluation of the grounded metrics: faithfulness, answer relevancy and stability, each
// source scored apart, beside the simplest baselines (word overlap, length) and the previous build (the
// package as committed on main before this work; build it from that commit and pass its dist/litmus.js,
// default /tmp/grounded-prev/dist/litmus.js when present).
//
//   npm run build && node eval/grounded-loso.mjs [faithfulness|relevancy|stability|all] [--previous path] [--cap N] [--md out.md]
//
// Faithfulness: per source, AUC of the score for "faithful" (BEGIN: fully attributable; HaluEval QA:
// correct answer; XSumFaith: majority found no hallucination; NLI sets as faithfulness: premise = context,
// hypothesis = response, entailment = faithful, neutral and contradiction = not). The learned part of
// faithfulness is the logistic head over a statement's grounding features; for every source that may ship
// (so may be trained on), the head is refitted on the OTHER shippable sources (plus the negation pairs
// generated from them, scripts/lib/negation-pairs.mjs) and scored on the one left out ("left out"
// column). Sources that may not ship (XSumFaith, Climate-FEVER) are never trained on: they are scored by
// the head fitted on every shippable source. BEGIN rows are its dev split (knowledge passages held out of
// training by scripts/lib/splits.mjs); the other sources are capped by hash (same rows every run).
// Answer relevancy: MAP / MRR of answer-sentence selection per source (TrecQA train+dev, WikiQA, SelQA,
// JSQuAD), questions with both labels only, then learned heads over the score's parts (each source left out). Stability: Spearman's rho on STS-B dev and train.
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs'
import { contrastGroups, contrastText } from '../scripts/build-contrast-words.mjs'
import { modelFile } from '../scripts/model-files.mjs'
import { auc } from '../scripts/lib/logistic.mjs'
import { cap, DATA, readJsonl } from '../scripts/lib/loso.mjs'
import { contrastHeldPremise, faithfulnessDevKnowledge } from '../scripts/lib/splits.mjs'
import { headTable, relevancySources } from '../scripts/train-answer-relevancy.mjs'
import { SOURCES as FAITH_SOURCES, fitHead, headScore, negationPairs, sourceRows } from '../scripts/train-faithfulness.mjs'
import { rank, wordCount } from './answer-relevancy.eval.mjs'
import { overlap } from './faithfulness.eval.mjs'
import { spearman } from './stability.eval.mjs'

const args = process.argv.slice(2)
const what = args[0] && !args[0].startsWith('--') ? args[0] : 'all'
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const PREVIOUS = opt('--previous', '/tmp/grounded-prev/dist/litmus.js')
const CAP = Number(opt('--cap', 800))
const QCAP = Number(opt('--questions', 1000))

const { load } = await import('../dist/litmus.js')
const litmus = await load()

/**
 * This build with other contrast words (scripts/build-contrast-words.mjs, `options`): a copy of dist/
 * whose contrast-words chunk and file are replaced. Without Breaking NLI's pairs, its rows and the
 * training rows of the head fitted when it is left out are featurised by it, so the table never scores
 * Breaking NLI with pairs mined from Breaking NLI.
 */
async function withContrastWords(name, options) {
  const dir = `/tmp/litmus-loso-${name}/`
  rmSync(dir, { recursive: true, force: true })
  cpSync(new URL('../dist/', import.meta.url), dir, { recursive: true })
  const CONTRAST = contrastText(contrastGroups(options))
  writeFileSync(`${dir}models/contrast-words.js`, `export const CONTRAST = ${JSON.stringify(CONTRAST)}\n`)
  writeFileSync(`${dir}models/contrast-words.bin`, modelFile({ CONTRAST }))
  return (await import(`${dir}litmus.js`)).load({ operations: ['faithfulness'] })
}
/** The source whose pairs the contrast words are mined from. */
const PAIRS_SOURCE = 'Breaking NLI (en)'
const previous = existsSync(PREVIOUS) ? await (await import(PREVIOUS)).load() : null
const f3 = (x) => (x === null || x === undefined || Number.isNaN(x) ? '–' : x.toFixed(3))
const out = []
const say = (s = '') => {
  out.push(s)
  console.log(s)
}

const faithScore = (l, r) => l.faithfulness({ query: '', response: r.response, context: [{ chunk_text: r.context }] }).score
const wordsOf = (s) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
/** Word overlap for texts with spaces; character bigrams otherwise (Japanese, Korean without spaces). */
function overlapAny(response, context) {
  if (/[\u3040-\u30ff\u4e00-\u9fff]/.test(response)) {
    const grams = (s) => [...s.replace(/\s+/g, '')].map((c, i, a) => c + (a[i + 1] ?? '')).slice(0, -1)
    const r = grams(response)
    const c = new Set(grams(context))
    return r.length ? r.filter((g) => c.has(g)).length / r.length : 0
  }
  return overlap(response, context, 1)
}

/**
 * A statement's features as before the swapped-word feature: without it (the last), and with
 * "contradiction x coverage" (the one before) 0 when only a swap set it (no negation, number or name).
 */
const withoutSwap = (f) => [...f.slice(0, -2), f[6] || f[7] || f[8] ? f[f.length - 2] : 0]

async function faithfulness() {
  // Every source's rows: { response, context, y, source }. BEGIN: its dev split only for scoring.
  const sources = FAITH_SOURCES.map((s) => ({ ...s, rows: cap(sourceRows(s.name).filter((r) => s.name !== 'BEGIN' || faithfulnessDevKnowledge(r.context)), CAP, 'grounded-eval:') }))
  // Training rows of a shippable source: everything but the rows scored (BEGIN: its train split).
  const trainRows = new Map()
  for (const s of sources.filter((s) => s.ship)) {
    const scored = new Set(s.rows.map((r) => r.response + '\u0000' + r.context))
    const rows = cap(sourceRows(s.name).filter((r) => !scored.has(r.response + '\u0000' + r.context) && (s.name !== 'BEGIN' || !faithfulnessDevKnowledge(r.context))), CAP, 'grounded-train:')
    trainRows.set(s.name, [...rows, ...negationPairs(rows, s.name)])
  }
  const explainOf = (l, r) => l.explain('faithfulness', { query: '', response: r.response, context: [{ chunk_text: r.context }] }).statements.map((s) => s.features)
  const noPairs = await withContrastWords('no-bnli-pairs', { breakingNli: false })
  const halfPairs = await withContrastWords('half-bnli-pairs', { premises: (p) => !contrastHeldPremise(p) })
  const featuresOf = (r) => {
    r.features ??= explainOf(litmus, r)
    r.featuresNoPairs ??= explainOf(noPairs, r)
    r.featuresHalfPairs ??= explainOf(halfPairs, r)
  }
  const started = Date.now()
  for (const [, rows] of trainRows) rows.forEach(featuresOf)
  for (const s of sources) s.rows.forEach(featuresOf)
  console.error(`faithfulness features: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  // Candidate data mixes for the head: which shippable sources it is fitted on (with their negated copies).
  // Features: 'all' this build's, 'no swap' as before the swapped-word feature (withoutSwap).
  const MIX = ['BEGIN', 'BEGIN (negated)', 'HaluEval QA', 'Breaking NLI (en)', 'Breaking NLI (en) (negated)']
  const CANDIDATES = {
    'shipped mix, without the swap feature': { use: MIX, features: 'no swap' },
    'shipped mix + swap feature': { use: MIX, features: 'all' },
    'every shippable source + swap feature': { use: null, features: 'all' }
  }
  // A row's features with source `without` left out: without the pairs mined from it when it is their source.
  const view = (features, without) => (r) => {
    const f = without === PAIRS_SOURCE ? r.featuresNoPairs : r.features
    return features === 'no swap' ? f.map(withoutSwap) : f
  }
  const pool = [...trainRows.values()].flat()
  const heads = Object.entries(CANDIDATES).map(([name, { use, features }]) => [name, (without) => {
    const rows = pool.filter((r) => (!use || use.includes(r.source)) && r.source !== without && r.source !== `${without} (negated)`)
    // Nothing left to fit on (the mix is the left-out source alone): no cell.
    if (!rows.some((r) => r.y === 1) || !rows.some((r) => r.y === 0)) return null
    const f = view(features, without)
    return { head: fitHead(rows.map((r) => ({ ...r, features: f(r) })).filter((r) => r.features.length)), features: f }
  }])
  const table = []
  for (const s of sources) {
    const y = s.rows.map((r) => r.y)
    const row = { source: s.name, rows: s.rows.length, pos: y.filter(Boolean).length, ship: s.ship }
    row.overlap = auc(s.rows.map((r) => overlapAny(r.response, r.context)), y)
    row.length = auc(s.rows.map((r) => -wordsOf(r.response).length), y)
    row.previous = previous ? auc(s.rows.map((r) => faithScore(previous, r)), y) : null
    row.build = auc(s.rows.map((r) => faithScore(litmus, r)), y)
    for (const [name, fit] of heads) {
      const got = fit(s.name)
      row[name] = got ? auc(s.rows.map((r) => headScore(got.head, got.features(r))), y) : null
    }
    row.role = s.ship ? 'left out' : 'never (may not ship)'
    // Rows with a statement whose word is swapped for its contrast (this build's words), by label.
    const swapped = (r) => r.features.some((f) => f[f.length - 1] === 1)
    row.swaps = `${s.rows.filter((r) => !r.y && swapped(r)).length} / ${s.rows.filter((r) => r.y && swapped(r)).length}`
    table.push(row)
  }
  const names = heads.map(([n]) => n)
  say('### Faithfulness: AUC per source (positive = faithful)')
  say()
  say(`Rows per source capped at ${CAP} by hash; BEGIN = its dev split. Candidate columns: the logistic head over this`)
  say('build\'s features fitted on the named sources with the scored source (and the negations generated from it) left out;')
  say('Breaking NLI, the source of the contrast words, is scored (and its head fitted) with the contrast words derived without it')
  say('(GloVe prefix pairs only). "this build": the shipped head and contrast words (in-sample for the sources of its mix).')
  say()
  say(`| source | rows (faithful) | trained on? | rows with a swap (unfaithful / faithful) | word overlap | length (shorter) | previous build | ${names.join(' | ')} | this build |`)
  say(`|---|---|---|---|---|---|---|${names.map(() => '---|').join('')}---|`)
  for (const r of table) say(`| ${r.source} | ${r.rows} (${r.pos}) | ${r.role} | ${r.swaps} | ${f3(r.overlap)} | ${f3(r.length)} | ${f3(r.previous)} | ${names.map((n) => f3(r[n])).join(' | ')} | ${f3(r.build)} |`)
  const mean = (k) => {
    const has = table.filter((r) => r[k] !== null)
    return has.length === table.length ? has.reduce((a, r) => a + r[k], 0) / has.length : null
  }
  say(`| **mean** | | | | ${f3(mean('overlap'))} | ${f3(mean('length'))} | ${previous ? f3(mean('previous')) : '–'} | ${names.map((n) => f3(mean(n))).join(' | ')} | ${f3(mean('build'))} |`)
  say()
  heldPremises(sources.find((s) => s.name === PAIRS_SOURCE), trainRows, pool)
  contradictionsByCategory()
}

/**
 * Every contradiction of Breaking NLI by category, as this build and the previous one label it: which
 * are read as a swap or a changed number or name, which are Intrinsic, which pass as Safe. In-sample for
 * this build (its contrast words and head come from these rows); it says what the words do not cover.
 */
function contradictionsByCategory() {
  const rows = readJsonl(new URL('faithfulness/breaking_nli_en.jsonl', DATA)).filter((r) => r.label === 'contradiction')
  const tally = (l, withKinds) => {
    const by = new Map()
    for (const r of rows) {
      const e = l.explain('faithfulness', { query: '', response: r.hypothesis, context: [{ chunk_text: r.premise }] })
      const kinds = new Set(e.statements.flatMap((st) => st.mismatches.map((m) => m.kind)))
      const t = by.get(r.category) ?? { n: 0, swap: 0, changed: 0, intrinsic: 0, safe: 0 }
      t.n++
      if (withKinds && kinds.has('swap')) t.swap++
      if (kinds.has('changed')) t.changed++
      if (e.statements.some((st) => st.label === 'Intrinsic Hallucination')) t.intrinsic++
      if (e.statements.every((st) => st.label === 'Safe')) t.safe++
      by.set(r.category, t)
    }
    return by
  }
  const now = tally(litmus, true)
  const before = previous ? tally(previous, false) : undefined
  say('#### Breaking NLI contradictions by category (all rows; in-sample for this build)')
  say()
  say('| category | contradictions | swap found | changed number or name | Intrinsic (previous build) | all Safe (previous build) |')
  say('|---|---|---|---|---|---|')
  for (const [k, t] of [...now].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const b = before?.get(k)
    say(`| ${k} | ${t.n} | ${t.swap} | ${t.changed} | ${t.intrinsic} (${b ? b.intrinsic : '–'}) | ${t.safe} (${b ? b.safe : '–'}) |`)
  }
  say()
}

/**
 * Do the contrast words carry to sentences they were not mined from? Breaking NLI's scored rows whose
 * premise is held out (scripts/lib/splits.mjs contrastHeldPremise), against contrast words mined from
 * the other premises and a head fitted on the shipped mix with only those premises' Breaking NLI rows.
 * In-family (the same word inventory, the same one-word edits), unlike the table above.
 */
function heldPremises(bnli, trainRows, pool) {
  const scored = bnli.rows.filter((r) => contrastHeldPremise(r.context))
  const y = scored.map((r) => r.y)
  const mix = ['BEGIN', 'BEGIN (negated)', 'HaluEval QA', 'Breaking NLI (en)', 'Breaking NLI (en) (negated)']
  const rows = pool.filter((r) => mix.includes(r.source) && (!r.source.startsWith(PAIRS_SOURCE) || !contrastHeldPremise(r.context)))
  const fit = (pick) => {
    const head = fitHead(rows.map((r) => ({ ...r, features: pick(r) })).filter((r) => r.features.length))
    return auc(scored.map((r) => headScore(head, pick(r))), y)
  }
  const noSwap = (r) => r.featuresHalfPairs.map(withoutSwap)
  say('#### Breaking NLI, premises the contrast words were not mined from (in-family)')
  say()
  say(`${scored.length} scored rows (${y.filter(Boolean).length} entailed) whose premise is held out; contrast words mined from the other premises;`)
  say('heads fitted on the shipped mix with only the other premises\' Breaking NLI rows.')
  say()
  say('| word overlap | previous build | head without the swap feature | head + swap feature |')
  say('|---|---|---|---|')
  say(`| ${f3(auc(scored.map((r) => overlapAny(r.response, r.context)), y))} | ${previous ? f3(auc(scored.map((r) => faithScore(previous, r)), y)) : '–'} | ${f3(fit(noSwap))} | ${f3(fit((r) => r.featuresHalfPairs))} |`)
  say()
}

async function relevancy() {
  say('### Answer relevancy: answer-sentence selection, MAP / MRR per source')
  say()
  say(`At most ${QCAP} questions per source (by hash), questions with both labels; ties broken pessimistically.`)
  say()
  say('| source | questions | may ship? | word count | length (longer) | previous build | this build |')
  say('|---|---|---|---|---|---|---|')
  const wc = (q, s) => (/[\u3040-\u30ff\u4e00-\u9fff]/.test(q) ? overlapAny(q, s) : wordCount(q, s))
  const sources = relevancySources(QCAP)
  for (const { name, rows, ship } of sources.map((s) => ({ ...s, ship: s.ship ? 'yes' : 'no' }))) {
    const base = rank(rows, wc)
    const len = rank(rows, (_, s) => s.length)
    const prev = previous ? rank(rows, (q, s) => previous.answerRelevancy({ query: q, response: s }).score) : null
    const now = rank(rows, (q, s) => litmus.answerRelevancy({ query: q, response: s }).score)
    const c = (m) => (m ? `${f3(m.map)} / ${f3(m.mrr)}` : '–')
    say(`| ${name} | ${now.n} | ${ship} | ${c(base)} | ${c(len)} | ${c(prev)} | ${c(now)} |`)
  }
  say()
  say('#### A learned combination of the score\'s parts, each source left out (scripts/train-answer-relevancy.mjs)')
  say()
  say('Heads over the parts explain(\'answer_relevancy\').features exposes, fitted only on the shippable sources other')
  say('than the one scored (SelQA left out: fitted on JSQuAD alone, and vice versa). Real-valued heads are compared with')
  say('the formula unrounded; the score ships to two decimals (a whole number tied candidates, and ties are broken pessimistically).')
  say()
  for (const line of headTable(litmus, sources)) say(line)
  say()
}

async function stability() {
  say('### Stability: Spearman rho on STS-B (human similarity 0..5; nothing trained on it)')
  say()
  say('| set | pairs | token Jaccard | length difference | previous build | this build |')
  say('|---|---|---|---|---|---|')
  const jac = (a, b) => {
    const A = new Set(wordsOf(a))
    const B = new Set(wordsOf(b))
    let both = 0
    for (const w of A) if (B.has(w)) both++
    return A.size + B.size - both ? both / (A.size + B.size - both) : 1
  }
  for (const [name, file] of [['STS-B dev', 'paraphrase/stsb_dev.jsonl'], ['STS-B train', 'paraphrase/stsb_train.jsonl']]) {
    const rows = readJsonl(new URL(file, DATA))
    const y = rows.map((r) => r.score)
    const rho = (f) => spearman(rows.map((r) => f(r.sentence1, r.sentence2)), y)
    // Continuous (unrounded) similarity where the build exposes it; the integer avg ties many pairs.
    const sim = (l) => (a, b) => l.stability({ responses: [a, b] }).avg
    say(`| ${name} | ${rows.length} | ${f3(rho(jac))} | ${f3(rho((a, b) => -Math.abs(a.length - b.length)))} | ${previous ? f3(rho(sim(previous))) : '–'} | ${f3(rho(sim(litmus)))} |`)
  }
  say()
}

if (what === 'all' || what === 'faithfulness') await faithfulness()
if (what === 'all' || what === 'relevancy') await relevancy()
if (what === 'all' || what === 'stability') await stability()
if (opt('--md', null)) writeFileSync(opt('--md', null), out.join('\n') + '\n')
if (!previous) console.error(`previous build not found at ${PREVIOUS}: its column is empty`)
