// formality accuracy: Spearman rank correlation with the human formality ratings of Pavlick & Tetreault
// (2016), both subsets (never trained on: the shipped weights come from other, shippable text; see
// scripts/train-formality.mjs), beside two simple baselines.
import { spearman } from '../scripts/train-formality.mjs'
import { fmt, readJsonl, table } from './util.mjs'

export const title = 'formality'

const words = (text) => text.split(/\s+/).filter((w) => /[A-Za-z]/.test(w))

/** Baseline 1: minus the share of words that are contractions or carry informal punctuation (! ? ...). */
export function informalShare(text) {
  const w = words(text)
  if (w.length === 0) return 0
  const informal = w.filter((t) => /['’](?:s|t|m|re|ve|ll|d)\b/i.test(t) || /[!?]|\.\.|…/.test(t)).length
  return -informal / w.length
}

/** Baseline 2: mean word length in letters. */
export function meanWordLength(text) {
  const w = words(text)
  return w.length === 0 ? 0 : w.reduce((a, t) => a + t.replace(/[^A-Za-z]/g, '').length, 0) / w.length
}

/** 95 % interval of a rank correlation by the Fisher transform (Bonett-Wright standard error). */
function interval(rho, n) {
  const z = Math.atanh(rho)
  const se = Math.sqrt((1 + rho * rho / 2) / (n - 3))
  return [Math.tanh(z - 1.96 * se), Math.tanh(z + 1.96 * se)]
}

export async function run({ litmus, datasets }) {
  const systems = [
    ['Litmus formality', (t) => litmus.formality({ text: t }).score],
    ['contractions + informal punctuation (share of words, negated)', informalShare],
    ['mean word length', meanWordLength]
  ]
  const splits = ['validation', 'train'].map((s) => [s, readJsonl(new URL(`formality/pavlick_subset_${s}.jsonl`, datasets))])
  const rows = systems.map(([name, fn]) => [
    name,
    ...splits.map(([, data]) => {
      const rho = spearman(data.map((r) => fn(r.text)), data.map((r) => r.score_orig))
      const [lo, hi] = interval(rho, data.length)
      return `${fmt(rho, 3)} (${fmt(lo, 2)}–${fmt(hi, 2)})`
    })
  ])
  return `Spearman's ρ between the score and the mean human formality rating (−3 informal … +3 formal) of Pavlick & Tetreault
(2016), 1,000-sentence subset (news, blogs, e-mail, Q&A forums), with a 95 % interval (Fisher transform). Neither subset
fed a shipped weight: the n-gram head and the feature weights are fitted on Reddit comments (GoEmotions) against edited
news (OneStopEnglish) and assistant answers (hh-rlhf). The train subset (700) was used to choose between a few training
settings (Reddit comments whole or split into sentences, the combination's L2, the head's epochs); both subsets were
read to choose the presence features and the size cap (20 distinct words), so neither is pristine (per-source table:
docs/metrics/formality.md). Reproduce: \`npm run build && node eval/index.mjs formality\`.

${table(['system', `validation (${splits[0][1].length})`, `train (${splits[1][1].length})`], rows)}`
}
