// Leave one source out, for the style metrics (the method of eval/loso.mjs, with each metric's own measure):
// every source the metric is fitted on is left out in turn, the candidate chosen and fitted on the others
// and scored on it; sources that may not ship are only ever scored. Beside it: the simplest baseline and
// the previous build (the package as committed before this work; default /tmp/style-prev/dist/litmus.js).
//
//   npm run build && node eval/style-loso.mjs helpfulness [--previous path/to/litmus.js]
import { existsSync } from 'node:fs'
import { pairwise } from '../scripts/train-helpfulness.mjs'

const args = process.argv.slice(2)
const metric = args[0]
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const PREVIOUS = opt('--previous', '/tmp/style-prev/dist/litmus.js')
const f3 = (x) => (x === null || x === undefined || Number.isNaN(x) ? '–' : x.toFixed(3))
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')

const { load } = await import('../dist/litmus.js')
const litmus = await load()
const previous = existsSync(PREVIOUS) ? await (await import(PREVIOUS)).load() : null

const ADAPTERS = {
  /**
   * Pairwise accuracy (ties half) per preference source. The new text-only model and the v3 combination
   * are retrained without the scored source (scripts/train-helpfulness.mjs trainText, fitV3) for each
   * shippable source; the previous build's v3 is its own text score with λ, SCALE, REFERENCE chosen
   * without the scored source. Sources that may not ship and the fixtures are scored by the shipped build.
   */
  async helpfulness() {
    const H = await import('../scripts/train-helpfulness.mjs')
    const { queryCoverage, queryFit } = await import('../build/rules/helpfulness-rules.js')
    const logit = (s) => {
      const p = Math.min(Math.max(s / 100, 1e-4), 1 - 1e-4)
      return Math.log(p / (1 - p))
    }
    const all = H.preferenceFamilies()
    const fixtures = (await import('../test/fixtures/helpfulness/v3-pairs.json', { with: { type: 'json' } })).default
    for (const [kind, query, better, worse] of fixtures) all.push({ family: 'fixtures (v3 pairs)', kind, query, chosen: better, rejected: worse })
    for (const p of all) {
      p.q = [queryFit(p.query, p.chosen), queryFit(p.query, p.rejected)]
      p.cov = [queryCoverage(p.query, p.chosen), queryCoverage(p.query, p.rejected)]
      p.v4 = [litmus.helpfulness({ text: p.chosen }).score, litmus.helpfulness({ text: p.rejected }).score]
      p.v3 = [litmus.evaluate('v3.helpfulness', { query: p.query, response: p.chosen }).score, litmus.evaluate('v3.helpfulness', { query: p.query, response: p.rejected }).score]
      if (previous) p.prev = [previous.helpfulness({ text: p.chosen }).score, previous.helpfulness({ text: p.rejected }).score]
    }
    const families = [...new Set(all.map((p) => p.family))]
    const acc = (list, f) => pairwise(list.map((p) => f(p)[0]), list.map((p) => f(p)[1]))
    // s = query fit + λ x text logit; a query without content words leaves the text logit (as v3 does).
    const v3Of = (v3, q, z) => (q < 0 ? z * 1e-6 : q + v3.lambda * z)
    const rows = []
    const means = {}
    const shipped = H.V3_FAMILIES
    for (const family of families) {
      const held = all.filter((p) => p.family === family)
      const fitted = shipped.includes(family)
      const cells = {
        length: acc(held, (p) => [p.chosen.length, p.rejected.length]),
        previous: previous ? acc(held, (p) => p.prev) : null,
        newText: null,
        coverage: acc(held, (p) => p.cov),
        fit: acc(held, (p) => p.q),
        v3Previous: null,
        v3New: null
      }
      let lambdas = ''
      if (fitted) {
        const others = shipped.filter((f) => f !== family)
        const text = await H.trainText(others)
        const z = held.map((p) => [text.logit(p.chosen), text.logit(p.rejected)])
        cells.newText = pairwise(z.map((v) => v[0]), z.map((v) => v[1]))
        const v3 = H.fitV3(H.v3Rows(text))
        cells.v3New = pairwise(held.map((p, i) => v3Of(v3, p.q[0], z[i][0])), held.map((p, i) => v3Of(v3, p.q[1], z[i][1])))
        lambdas = `λ ${v3.lambda}`
        if (previous) {
          const prevRows = all.filter((p) => others.includes(p.family)).map((p) => ({ family: p.family, c: [p.q[0], logit(p.prev[0])], r: [p.q[1], logit(p.prev[1])] }))
          const v3p = H.fitV3(prevRows)
          cells.v3Previous = acc(held, (p) => [v3Of(v3p, p.q[0], logit(p.prev[0])), v3Of(v3p, p.q[1], logit(p.prev[1]))])
          lambdas += `; previous λ ${v3p.lambda}`
        }
        for (const [k, v] of Object.entries(cells)) (means[k] ??= []).push(v)
        console.error(family, 'done')
      }
      rows.push([family, held.length, fitted ? `left out (${lambdas})` : 'never', ...Object.values(cells).map(f3), f3(acc(held, (p) => p.v4)), f3(acc(held, (p) => p.v3))])
    }
    const mean = (k) => (means[k].some((v) => v === null) ? '–' : f3(means[k].reduce((a, b) => a + b, 0) / means[k].length))
    const minOf = (k) => (means[k].some((v) => v === null) ? '–' : f3(Math.min(...means[k])))
    rows.push([`**mean of the ${shipped.length} left-out sources**`, '', '', ...Object.keys(means).map(mean), '', ''])
    rows.push([`**lowest of the ${shipped.length} left-out sources**`, '', '', ...Object.keys(means).map(minOf), '', ''])
    return table(['source', 'pairs', 'role', 'length', 'previous build (text only)', '**v4 text only (new), left out**', 'query coverage alone', 'coverage + instruction fit alone', 'v3 previous build, left out', '**v3 with query (new), left out**', 'v4 shipped (fitted on all four)', 'v3 shipped (fitted on all four)'], rows)
  }
}

ADAPTERS.tone = async function tone() {
  const T = await import('../scripts/train-tone.mjs')
  const { keywordTones } = await import('./tone.eval.mjs')
  const { cap, readJsonl, DATA } = await import('../scripts/lib/loso.mjs')
  const EVAL_CAP = Number(opt('--eval-cap', 3000))
  const all = T.loadSources(['GoEmotions', 'XED en', 'XED fi'])
  const gold = (r) => T.ekmanOf(r.y, 1)
  // Held-out sets per source: GoEmotions dev (never trained on by any candidate), XED rows of each language.
  const geDev = readJsonl(new URL('emotion/goemotions_ekman_dev.jsonl', DATA)).map((r) => ({ text: r.text, gold: new Set(r.labels) }))
  const xed = (lang) => cap(all.filter((r) => r.source === `XED ${lang}`), EVAL_CAP, 'eval:').map((r) => ({ text: r.text, gold: gold(r) })).filter((r) => r.gold.size > 0)
  const projections = cap(readJsonl(new URL('emotion/xed_projections_multi.jsonl', DATA)), EVAL_CAP, 'eval:')
    .map((r) => ({ text: r.text, gold: new Set(r.labels.map((l) => T.XED_TONES[l]).filter(Boolean).map((t) => Object.keys(T.EKMAN).find((g) => T.EKMAN[g].includes(t)))) }))
    .filter((r) => r.gold.size > 0)
  const fixtures = (await import('../test/fixtures/tone/emotion-words.json', { with: { type: 'json' } })).default.map(([text, tone]) => ({ text, gold: new Set([Object.keys(T.EKMAN).find((g) => T.EKMAN[g].includes(tone))]) }))
  const sets = { GoEmotions: geDev, 'XED en': xed('en'), 'XED fi': xed('fi') }
  const before = { ...T.SETTINGS, otherWords: false, wordsPresent: false, expand: null }
  const candidates = {
    'GoEmotions only, no word lists (previous recipe)': { ...before, sources: ['GoEmotions'], lexicon: false },
    'GoEmotions + XED, no word lists': { ...before, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: false },
    'GoEmotions + XED, emotion words with n-grams': { ...before, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: 'flags' },
    'GoEmotions + XED, emotion words without n-grams': { ...before, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: 'nofeat' },
    'GoEmotions only, emotion words without n-grams': { ...before, sources: ['GoEmotions'], lexicon: 'nofeat' },
    'GoEmotions only, emotion words with their unigram': { ...before, sources: ['GoEmotions'], lexicon: 'nochar' },
    'GoEmotions + XED, emotion words with their unigram (two builds ago)': { ...before, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: 'nochar' },
    'GoEmotions + XED, emotion words with their unigram, other lists\' words (previous build)': { ...T.SETTINGS, expand: null, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: 'nochar', otherWords: true, wordsPresent: false },
    'other lists\' words, a listed word\'s tone present at 50: max(model, lexicon) (previous build)': { ...T.SETTINGS, expand: null, kinds: 5, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: 'nochar', otherWords: true, wordsPresent: true },
    // Negation scope (tone-lexicon.ts NEG_*): kinds 8 = a negated listed word lifts no tone; 16 = and a
    // negated word's unigram is a feature of its own (NOT_angry).
    'negated emotion words lift no tone': { ...T.SETTINGS, expand: null, kinds: 5 | 8, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: 'nochar', otherWords: true, wordsPresent: true },
    'negated emotion words lift no tone, negated unigrams (NOT_)': { ...T.SETTINGS, expand: null, kinds: 5 | 8 | 16, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: 'nochar', otherWords: true, wordsPresent: true },
    // 32: only a negated listed word's unigram is marked (NOT_angry); the other words of a scope keep theirs.
    'negated emotion words lift no tone, negated emotion words\' unigrams (NOT_ on listed words)': { ...T.SETTINGS, expand: null, kinds: 5 | 8 | 32, sources: ['GoEmotions', 'XED en', 'XED fi'], lexicon: 'nochar', otherWords: true, wordsPresent: true },
    // The lists widened through GloVe neighbours rated by AFINN (scripts/lib/tone-expand.mjs): nearest
    // words per listed word, minimum cosine.
    'lists widened through GloVe, 5 neighbours, cosine 0.65 (new)': { ...T.SETTINGS, expand: { neighbours: 5, minCos: 0.65 } },
    'lists widened through GloVe, 10 neighbours, cosine 0.6': { ...T.SETTINGS, expand: { neighbours: 10, minCos: 0.6 } },
    'lists widened through GloVe, 20 neighbours, cosine 0.55': { ...T.SETTINGS, expand: { neighbours: 20, minCos: 0.55 } },
    'lists widened through GloVe, 5 neighbours, cosine 0.65, none of the 1,000 most frequent words': { ...T.SETTINGS, expand: { neighbours: 5, minCos: 0.65, minRank: 1000 } },
    'lists widened through GloVe, 5 neighbours, cosine 0.65, no floor at 50 for them': { ...T.SETTINGS, expand: { neighbours: 5, minCos: 0.65 }, widenedPresent: false }
  }
  const only = opt('--candidates', null)?.split(',')
  const names = Object.keys(candidates).filter((n) => !only || only.some((o) => n.includes(o)))
  const macro = (rows, predict) => T.ekmanMacroF1(rows.map((r) => predict(r.text)), rows.map((r) => r.gold)).macro
  const kw = (text) => T.ekmanOf(T.TONES.map((t) => (keywordTones(text).includes(t) ? 100 : 0)))
  const prev = previous ? (text) => T.ekmanOf(previous.tone({ text, tones: T.TONES }).scores.map((s) => s.score)) : null
  const result = {}
  const started = Date.now()
  const featureCores = {}
  const fitOn = async (settings, rows) => {
    const key = `${settings.lexicon} ${settings.kinds} ${JSON.stringify(settings.expand ?? null)}`
    featureCores[key] ??= await T.featureCore(settings)
    // Rows are featurised per lexicon setting (the n-grams differ).
    const own = rows.map((r) => ({ ...r, feats: undefined, ...(r.f?.[key] ?? {}) }))
    const m = await T.fit(own, settings, featureCores[key])
    rows.forEach((r, i) => ((r.f ??= {})[key] = { feats: own[i].feats, share: own[i].share, lex: own[i].lex, wide: own[i].wide, words: own[i].words }))
    return T.scorer(m)
  }
  for (const [source, held] of Object.entries(sets)) {
    const row = (result[source] = { rows: held.length, role: 'left out' })
    row.keyword = macro(held, kw)
    if (prev) row.previous = macro(held, prev)
    for (const name of names) {
      const settings = candidates[name]
      const use = settings.sources.filter((s) => s !== source)
      if (use.length === 0) continue
      const score = await fitOn({ ...settings, sources: use }, all.filter((r) => use.includes(r.source)))
      row[name] = macro(held, (text) => T.ekmanOf(score(text)))
      console.error(source, name, row[name].toFixed(3), `${((Date.now() - started) / 1000).toFixed(0)} s`)
    }
  }
  // GoEmotions dev beside them: no candidate trained on it, but those with GoEmotions trained on its source.
  const never = { 'GoEmotions dev, models with GoEmotions train (same source)': geDev, 'XED projections, 40 languages (silver)': projections, 'fixtures: emotion word with a target': fixtures }
  for (const [source, held] of Object.entries(never)) result[source] = { rows: held.length, role: 'never', keyword: macro(held, kw), ...(prev ? { previous: macro(held, prev) } : {}) }
  for (const name of names) {
    const settings = candidates[name]
    const score = await fitOn(settings, all.filter((r) => settings.sources.includes(r.source)))
    for (const [source, held] of Object.entries(never)) result[source][name] = macro(held, (text) => T.ekmanOf(score(text)))
    const hits = fixtures.filter((r) => { const s = score(r.text); const top = s.indexOf(Math.max(...s)); return r.gold.has(Object.keys(T.EKMAN).find((g) => T.EKMAN[g].includes(T.TONES[top]))) }).length
    result['fixtures: emotion word with a target'][name + ' top'] = hits
  }
  const cols = ['keyword', ...(prev ? ['previous'] : []), ...names]
  const rows = Object.entries(result).map(([source, r]) => [source, r.rows, r.role, ...cols.map((c) => f3(r[c]))])
  const left = Object.keys(sets)
  rows.push([`**mean of the ${left.length} left-out sources**`, '', '', ...cols.map((c) => (left.every((s) => result[s][c] !== undefined) ? f3(left.reduce((a, s) => a + result[s][c], 0) / left.length) : '–'))])
  const top = names.map((n) => `${n}: ${result['fixtures: emotion word with a target'][n + ' top']}/${fixtures.length}`).join('; ')
  return table(['left-out source', 'rows', 'role', 'keyword list', ...(prev ? ['previous build'] : []), ...names], rows) + `\n\nEkman macro-F1 (seven groups). Fixtures whose leading tone is in the named emotion's group: ${top}.`
}

/**
 * Formality: Spearman's rho per rated source. Pavlick & Tetreault's subsets (formality ratings, never
 * trained on: not cleared to ship) and the Stanford politeness requests (politeness ratings: a neighbouring
 * scale). Candidates are data mixes trained here by scripts/train-formality.mjs; a candidate that trains on
 * a politeness corpus is scored on it by the same mix trained without it (left out). The shipped recipe
 * without each of its formal sources shows how much the rows depend on one source.
 */
ADAPTERS.formality = async function formality() {
  const F = await import('../scripts/train-formality.mjs')
  const { spearman } = F
  const { informalShare, meanWordLength } = await import('./formality.eval.mjs')
  const { readJsonl, DATA } = await import('../scripts/lib/loso.mjs')
  const polite = (file) => readJsonl(new URL(`politeness/${file}`, DATA)).map((r) => [r.text, r.normalized_score])
  const sets = {
    'Pavlick & Tetreault, train subset (formality, 700)': { source: null, data: readJsonl(new URL('formality/pavlick_subset_train.jsonl', DATA)).map((r) => [r.text, r.score_orig]) },
    'Pavlick & Tetreault, validation subset (formality, 100)': { source: null, data: readJsonl(new URL('formality/pavlick_subset_validation.jsonl', DATA)).map((r) => [r.text, r.score_orig]) },
    'Stanford politeness, Wikipedia requests (politeness)': { source: 'politeWikipedia', data: polite('stanford_politeness_wikipedia.jsonl') },
    'Stanford politeness, Stack Exchange requests (politeness)': { source: 'politeStackExchange', data: polite('stanford_politeness_stack-exchange.jsonl') }
  }
  const shipped = F.SETTINGS.sources
  const mixes = {
    'shipped mix (Reddit | news, assistant)': shipped,
    'without news': shipped.filter((s) => s !== 'news'),
    'without assistant answers': shipped.filter((s) => s !== 'assistant'),
    '+ film subtitles (informal)': [...shipped, 'subtitles'],
    '+ people asking an assistant (informal)': [...shipped, 'prompts'],
    '+ politeness quartiles, both corpora': [...shipped, 'politeWikipedia', 'politeStackExchange']
  }
  const only = opt('--candidates', null)?.split(',')
  const names = Object.keys(mixes).filter((n) => !only || only.some((o) => n.includes(o)))
  const systems = {
    'contractions + informal punctuation': informalShare,
    'mean word length': meanWordLength,
    ...(previous ? { 'previous build': (t) => previous.formality({ text: t }).score } : {}),
    'this build': (t) => litmus.formality({ text: t }).score
  }
  const rho = (fn, data) => spearman(data.map(([t]) => fn(t)), data.map(([, y]) => y))
  const cells = Object.fromEntries(Object.entries(sets).map(([name, { data }]) => [name, Object.values(systems).map((fn) => rho(fn, data))]))
  const trained = new Map()
  const model = async (sources) => {
    const key = sources.join(',')
    if (!trained.has(key)) trained.set(key, await F.train({ ...F.SETTINGS, sources }))
    return trained.get(key)
  }
  for (const name of names) {
    for (const [set, { source, data }] of Object.entries(sets)) {
      const m = await model(mixes[name].filter((s) => s !== source))
      cells[set].push(rho(m.logit, data))
    }
    console.error(name, 'done')
  }
  const head = ['source (rating)', 'rows', ...Object.keys(systems), ...names]
  const rows = Object.entries(sets).map(([name, { data }]) => [name, data.length, ...cells[name].map(f3)])
  const pavlick = Object.keys(sets).slice(0, 2)
  rows.push(['**Pavlick, both subsets (mean weighted by rows)**', 800, ...cells[pavlick[0]].map((_, j) => f3((700 * cells[pavlick[0]][j] + 100 * cells[pavlick[1]][j]) / 800))])
  return table(head, rows) + '\n\nSpearman\'s rho with each set\'s human rating. Candidates: the features of this build trained on each data mix.'
}

/**
 * Simplicity: OneStopEnglish only (one source): the order of each topic's three versions, and aligned
 * sentence pairs per level pair, on the held-out topics (never read by training) and on all topics.
 * Candidates are trained here by scripts/train-simplicity.mjs on the training topics only.
 */
ADAPTERS.simplicity = async function simplicity() {
  const { simplicityDevTopic } = await import('../scripts/lib/splits.mjs')
  const { readJsonl, DATA } = await import('../scripts/lib/loso.mjs')
  const { readFileSync } = await import('node:fs')
  const LEVEL = { ele: 0, int: 1, adv: 2 }
  const wordsOf = (text) => text.split(/\s+/).filter((w) => /[a-z]/i.test(w))
  const dale = new Set(readFileSync(new URL('lexicons/dale_chall_1995_npm.txt', DATA), 'utf8').split('\n').map((w) => w.trim().toLowerCase()))
  const sentences = (text) => Math.max(1, (text.match(/[.!?]+(\s|$)/g) ?? []).length)
  const systems = {
    'words per sentence (fewer = simpler)': (text) => -wordsOf(text).length / sentences(text),
    'Dale-Chall list (share of listed words)': (text) => {
      const w = wordsOf(text).map((x) => x.toLowerCase().replace(/[^a-z']/g, ''))
      return w.filter((x) => dale.has(x)).length / Math.max(1, w.length)
    },
    ...(previous ? { 'previous build': (t) => previous.simplicity({ text: t }).score } : {}),
    'this build': (t) => litmus.simplicity({ text: t }).score
  }
  const S = await import('../scripts/train-simplicity.mjs')
  const candidates = {
    'words only, articles (previous recipe)': { ...S.SETTINGS, drop: ['wordsPerSentence'], pairWeight: 0, nonNegative: false },
    'words only, articles + sentence pairs': { ...S.SETTINGS, drop: ['wordsPerSentence'] },
    'words + words per sentence, articles': { ...S.SETTINGS, pairWeight: 0 },
    'words + words per sentence (no floor), articles + sentence pairs': { ...S.SETTINGS, floor: 0 },
    'words + words per sentence (floor 15), articles + sentence pairs': { ...S.SETTINGS, floor: 15 },
    'words + words per sentence (floor 12), articles + sentence pairs, weights of either sign': { ...S.SETTINGS, nonNegative: false },
    'words + words per sentence (floor 12), articles + sentence pairs, no weight below 0 (shipped)': S.SETTINGS
  }
  const only = opt('--candidates', null)?.split(',')
  for (const [name, settings] of Object.entries(candidates)) {
    if (only && !only.some((o) => name.includes(o))) continue
    const m = S.train(settings)
    systems[name] = (t) => -m.difficulty(t)
  }
  const texts = readJsonl(new URL('simplicity/onestopenglish_texts.jsonl', DATA))
  const rows = []
  for (const [split, keep] of [['held-out topics', (t) => simplicityDevTopic(t)], ['all topics', () => true]]) {
    const topics = new Map()
    for (const t of texts) if (keep(t.topic)) (topics.get(t.topic) ?? topics.set(t.topic, []).get(t.topic))[LEVEL[t.level]] = t.text
    const articles = [...topics.values()].filter((l) => l.filter(Boolean).length === 3)
    rows.push([`${split}: order of the 3 levels`, articles.length, ...Object.values(systems).map((fn) => `${(100 * articles.filter((l) => { const [e, i, a] = l.map(fn); return e > i && i > a }).length / articles.length).toFixed(1)} %`)])
    for (const file of ['adv-ele', 'adv-int', 'ele-int']) {
      const seen = new Set()
      const pairs = []
      for (const r of readJsonl(new URL(`simplicity/onestopenglish_aligned_${file}.jsonl`, DATA))) {
        if (!keep(r.topic) || r.text_a === r.text_b || seen.has(r.text_a + '\u0000' + r.text_b)) continue
        seen.add(r.text_a + '\u0000' + r.text_b)
        pairs.push(LEVEL[r.level_a] < LEVEL[r.level_b] ? [r.text_a, r.text_b] : [r.text_b, r.text_a])
      }
      rows.push([`${split}: aligned pairs ${file}`, pairs.length, ...Object.values(systems).map((fn) => `${(100 * pairs.reduce((s, [e, h]) => { const a = fn(e), b = fn(h); return s + (a > b ? 1 : a === b ? 0.5 : 0) }, 0) / pairs.length).toFixed(1)} %`)])
    }
  }
  return table(['set', 'n', ...Object.keys(systems)], rows)
}

const adapter = ADAPTERS[metric]
if (!adapter) throw new Error(`usage: node eval/style-loso.mjs <${Object.keys(ADAPTERS).join('|')}>`)
console.log(await adapter())
