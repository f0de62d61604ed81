// tone accuracy on GoEmotions dev (never read by scripts/train-tone.mjs, which fitted on 85 % of GoEmotions
// train and XED and calibrated on the other 15 %), beside a keyword-list baseline.
import { EKMAN, TONES } from '../scripts/train-tone.mjs'
import { fmt, prf, readJsonl, table } from './util.mjs'

export const title = 'tone'

// The simplest baseline: a few obvious words per tone (a tone is present when one of its words is;
// neutral when no other tone is). Written for this comparison, not tuned on any data.
export const KEYWORDS = {
  admiration: ['amazing', 'awesome', 'great', 'impressive', 'beautiful', 'brilliant', 'admire'],
  amusement: ['lol', 'haha', 'lmao', 'funny', 'hilarious'],
  anger: ['angry', 'furious', 'rage', 'hate', 'pissed'],
  annoyance: ['annoying', 'annoyed', 'ugh', 'irritating', 'stupid'],
  approval: ['agree', 'yes', 'right', 'true', 'exactly'],
  caring: ['hope', 'care', 'hug', 'careful', 'support'],
  confusion: ['confused', 'confusing', 'huh', 'understand', 'what'],
  curiosity: ['why', 'how', 'wonder', 'curious', 'interesting'],
  desire: ['want', 'wish', 'need', 'desire'],
  disappointment: ['disappointed', 'disappointing', 'unfortunately', 'shame'],
  disapproval: ['no', 'not', 'wrong', 'disagree', 'bad'],
  disgust: ['disgusting', 'gross', 'eww', 'vile', 'nasty'],
  embarrassment: ['embarrassed', 'embarrassing', 'awkward', 'ashamed'],
  excitement: ['excited', 'exciting', 'cant wait', 'wow', 'yay'],
  fear: ['scared', 'afraid', 'fear', 'terrified', 'scary'],
  gratitude: ['thanks', 'thank', 'grateful', 'appreciate'],
  grief: ['died', 'death', 'rip', 'mourn', 'grief'],
  joy: ['happy', 'glad', 'joy', 'fun', 'enjoy'],
  love: ['love', 'loved', 'adore', 'lovely'],
  nervousness: ['nervous', 'anxious', 'worried', 'anxiety'],
  optimism: ['hope', 'hopefully', 'better', 'optimistic'],
  pride: ['proud', 'pride'],
  realization: ['realize', 'realized', 'oh', 'turns'],
  relief: ['relief', 'relieved', 'phew'],
  remorse: ['sorry', 'apologize', 'regret', 'forgive'],
  sadness: ['sad', 'cry', 'crying', 'depressed', 'miss'],
  surprise: ['wow', 'surprised', 'shocked', 'whoa', 'unexpected'],
  neutral: []
}
const words = (text) => new Set(text.toLowerCase().split(/[^a-z']+/).filter(Boolean))
export function keywordTones(text) {
  const w = words(text)
  const found = TONES.filter((t) => KEYWORDS[t].some((k) => w.has(k)))
  return found.length > 0 ? found : ['neutral']
}

const f1Of = (tp, fp, fn) => prf(tp, fp, fn).f1

export async function run({ litmus, datasets }) {
  const dev = readJsonl(new URL('emotion/goemotions_original_dev.jsonl', datasets))
  const ekmanDev = readJsonl(new URL('emotion/goemotions_ekman_dev.jsonl', datasets))
  const all = dev.map((r) => litmus.tone({ text: r.text, tones: TONES }).scores.map((s) => s.score))
  const kw = dev.map((r) => new Set(keywordTones(r.text)))

  // Per-label F1 on the 28 labels (Litmus at 50, keyword list).
  const count = (pred, gold) => {
    let tp = 0, fp = 0, fn = 0
    for (let i = 0; i < gold.length; i++) {
      if (pred[i]) gold[i] ? tp++ : fp++
      else if (gold[i]) fn++
    }
    return { tp, fp, fn }
  }
  const labelRows = []
  let macroL = 0, macroK = 0
  const micro = { 30: [0, 0, 0], 50: [0, 0, 0], 70: [0, 0, 0] }
  TONES.forEach((t, c) => {
    const gold = dev.map((r) => r.labels.includes(t))
    const l = count(all.map((s) => s[c] >= 50), gold)
    const k = count(kw.map((s) => s.has(t)), gold)
    for (const at of [30, 50, 70]) {
      const m = count(all.map((s) => s[c] >= at), gold)
      micro[at][0] += m.tp
      micro[at][1] += m.fp
      micro[at][2] += m.fn
    }
    const fl = f1Of(l.tp, l.fp, l.fn)
    const fk = f1Of(k.tp, k.fp, k.fn)
    macroL += fl / TONES.length
    macroK += fk / TONES.length
    labelRows.push([t, String(gold.filter(Boolean).length), fmt(prf(l.tp, l.fp, l.fn).p, 3), fmt(prf(l.tp, l.fp, l.fn).r, 3), fmt(fl, 3), fmt(fk, 3)])
  })
  labelRows.push(['**macro average**', String(dev.length), '', '', `**${fmt(macroL, 3)}**`, `**${fmt(macroK, 3)}**`])

  // Ekman: a group is present when any of its members scores 50+ (keyword list: any member's word).
  const byId = new Map(dev.map((r, i) => [r.id, i]))
  const ekRows = []
  let ekL = 0, ekK = 0
  for (const [group, members] of Object.entries(EKMAN)) {
    const cols = members.map((m) => TONES.indexOf(m))
    const gold = ekmanDev.map((r) => r.labels.includes(group))
    const l = count(ekmanDev.map((r) => cols.some((c) => all[byId.get(r.id)][c] >= 50)), gold)
    const k = count(ekmanDev.map((r) => members.some((m) => kw[byId.get(r.id)].has(m))), gold)
    const fl = f1Of(l.tp, l.fp, l.fn)
    const fk = f1Of(k.tp, k.fp, k.fn)
    ekL += fl / 7
    ekK += fk / 7
    ekRows.push([group, String(gold.filter(Boolean).length), fmt(prf(l.tp, l.fp, l.fn).p, 3), fmt(prf(l.tp, l.fp, l.fn).r, 3), fmt(fl, 3), fmt(fk, 3)])
  }
  ekRows.push(['**macro average**', String(ekmanDev.length), '', '', `**${fmt(ekL, 3)}**`, `**${fmt(ekK, 3)}**`])

  const thresholdRows = [30, 50, 70].map((at) => {
    const [tp, fp, fn] = micro[at]
    const m = prf(tp, fp, fn)
    return [String(at), fmt(m.p, 3), fmt(m.r, 3), fmt(m.f1, 3)]
  })

  return `GoEmotions dev (${dev.length.toLocaleString('en-US')} Reddit comments, multi-label), which training never read: the head was
fitted on 85 % of GoEmotions train and of XED English and Finnish subtitles and calibrated (per-label Platt scaling and F1-best
threshold moved to 50) on the other 15 %. The same source as the training comments, so not a cross-source figure: for those, each
source left out in turn, see \`node eval/style-loso.mjs tone\` and docs/metrics/tone.md. Baseline: a keyword list (3-7 obvious words per tone, \`eval/tone.eval.mjs\`), neutral
when no other tone's word occurs. Reproduce: \`npm run build && node eval/index.mjs tone\`.

Seven Ekman groups (\`goemotions_ekman_dev\`, GoEmotions' own mapping of the 28 labels; Litmus: a group is present when any
member tone scores 50 or more):

${table(['group', 'rows', 'precision', 'recall', 'F1', 'F1 keyword list'], ekRows)}

All 28 labels (\`goemotions_original_dev\`; a tone is present at 50 or more):

${table(['tone', 'rows', 'precision', 'recall', 'F1', 'F1 keyword list'], labelRows)}

Micro-averaged over the 28 labels, at three thresholds:

${table(['threshold', 'precision', 'recall', 'F1'], thresholdRows)}`
}
