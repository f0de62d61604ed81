// Lexicon evidence beside the tone head, on the leave-one-source-out table: the head's calibrated logit
// plus alpha x (a word of the tone's own list) minus beta x (a word of another list), for a grid of the two
// shared constants, and max(model, lexicon) (a listed word's tone at least 50). For each left-out source the
// constants are chosen without it: each of the two training sources is left out in turn (fit on the
// other, score it) and the pair with the best mean is kept. Seven fits (about 4 minutes).
//
//   npm run build && node eval/tone-lexicon-grid.mjs
const T = await import('../scripts/train-tone.mjs')
const { LEXICON_TONES } = await import('../build/rules/tone-lexicon.js')
const { cap, readJsonl, DATA } = await import('../scripts/lib/loso.mjs')

const SRC = ['GoEmotions', 'XED en', 'XED fi']
const all = T.loadSources(SRC)
const geDev = readJsonl(new URL('emotion/goemotions_ekman_dev.jsonl', DATA)).map((r) => ({ text: r.text, gold: new Set(r.labels) }))
const xed = (lang) => cap(all.filter((r) => r.source === `XED ${lang}`), 3000, 'eval:').map((r) => ({ text: r.text, gold: T.ekmanOf(r.y, 1) })).filter((r) => r.gold.size > 0)
const sets = { GoEmotions: geDev, 'XED en': xed('en'), 'XED fi': xed('fi') }
// The head alone: max(model, lexicon) is applied here, on top of it.
const settings = { ...T.SETTINGS, wordsPresent: false }
const features = await T.featureCore(settings)
for (const rows of Object.values(sets)) for (const r of rows) r.lex = features(r.text).lex

const OWN = T.TONES.map((t) => (LEXICON_TONES.includes(t) ? 1 << LEXICON_TONES.indexOf(t) : 0))
const logit = (s) => { const p = Math.min(Math.max(s / 100, 1e-6), 1 - 1e-6); return Math.log(p / (1 - p)) }
const combine = (scores, lex, { alpha = 0, beta = 0, max = false }) => scores.map((v, c) => {
  const own = (lex & OWN[c]) !== 0
  const other = (lex & ~OWN[c]) !== 0
  if (max) return own ? Math.max(v, 50) : v
  return 100 / (1 + Math.exp(-(logit(v) + alpha * own - beta * other)))
})
const specs = [{}]
for (const alpha of [0.5, 1, 2, 3, 4, 6, 10, 20]) for (const beta of [0, 0.5, 1, 2]) specs.push({ alpha, beta })
specs.push({ max: true })
const name = (s) => (s.max ? 'max(model, lexicon)' : `alpha ${s.alpha ?? 0}, beta ${s.beta ?? 0}`)

// Scores of every fit needed on every set: the outer folds (two sources) and the inner ones (one source).
const fits = [['XED en', 'XED fi'], ['GoEmotions', 'XED fi'], ['GoEmotions', 'XED en'], ['GoEmotions'], ['XED en'], ['XED fi']]
const scored = {}
for (const use of fits) {
  const score = T.scorer(await T.fit(all.filter((r) => use.includes(r.source)), { ...settings, sources: use }, features))
  scored[use.join('+')] = Object.fromEntries(Object.entries(sets).map(([k, rows]) => [k, rows.map((r) => score(r.text))]))
  console.error('fitted', use.join('+'))
}
const macro = (set, fit, spec) => T.ekmanMacroF1(sets[set].map((r, i) => T.ekmanOf(combine(scored[fit][set][i], r.lex, spec))), sets[set].map((r) => r.gold)).macro

const rows = []
for (const left of SRC) {
  const train = SRC.filter((s) => s !== left)
  const inner = (spec) => train.reduce((a, t) => a + macro(t, train.filter((s) => s !== t)[0], spec), 0) / train.length
  let best = specs[0]
  let bestValue = -1
  for (const spec of specs.filter((s) => !s.max)) {
    const v = inner(spec)
    if (v > bestValue + 1e-9) [best, bestValue] = [spec, v]
  }
  const outer = train.join('+')
  rows.push([left, macro(left, outer, {}).toFixed(3), name(best), macro(left, outer, best).toFixed(3), macro(left, outer, { max: true }).toFixed(3)])
}
const mean = (j) => (rows.reduce((a, r) => a + Number(r[j]), 0) / rows.length).toFixed(3)
rows.push(['**mean**', mean(1), '', mean(3), mean(4)])
console.log(['| left-out source | head alone | constants chosen without it | head + constants | max(model, lexicon) |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'))
