// prompt_manipulation accuracy, on data no training or calibration row came from, beside a keyword
// detector (the usual regex list) and a length-only score (jackhhao's shortcut: jailbreaks are long):
//  - deepset/prompt-injections test split and jackhhao/llm-warden test split (in-domain held out);
//  - the half of awesome-chatgpt-prompts held out by hash (benign role-play prompts);
//  - giskard prompt injections (attacks only: recall);
//  - independent attacks: JailbreakBench artifacts' attack prompts (GCG, PAIR, JailbreakChat, random
//    search, DSN; data of the refusal area), against ordinary benign prompts: the first human turn of
//    Anthropic hh-rlhf helpful-base test dialogues;
//  - benign prompts with trigger words (test/fixtures/prompt-manipulation/benign-triggers.json, written
//    for evaluation only, never trained on);
//  - BIPIA: the attack instructions appended to clean e-mails, against the clean e-mails (indirect).
import { readFileSync } from 'node:fs'
import { manipulationAwesomeDev } from '../scripts/lib/splits.mjs'
import { rolePlay } from '../scripts/train-prompt-manipulation.mjs'
import { fmt, readJsonl, table } from './util.mjs'

export const title = 'prompt_manipulation'

/** The usual keyword detector: any of the phrases attack lists start with. */
const KEYWORDS = /\b(?:ignore (?:all |the |your )?(?:previous|prior|above)|disregard|forget (?:all|everything|your)|jailbreak|developer mode|do anything now|\bDAN\b|act as|pretend|no restrictions|system prompt|bypass|override)/i
export const keyword = (text) => (KEYWORDS.test(text) ? 100 : 0)

export function auc(scores, labels) {
  const idx = scores.map((_, i) => i).sort((i, j) => scores[i] - scores[j])
  let sumPos = 0
  let nPos = 0
  for (let i = 0; i < idx.length; ) {
    let j = i
    while (j < idx.length && scores[idx[j]] === scores[idx[i]]) j++
    const mid = (i + j + 1) / 2
    for (let k = i; k < j; k++) if (labels[idx[k]] === 1) {
      sumPos += mid
      nPos++
    }
    i = j
  }
  const nNeg = idx.length - nPos
  return nPos && nNeg ? (sumPos - (nPos * (nPos + 1)) / 2) / (nPos * nNeg) : NaN
}

const rate = (xs, f) => (xs.length ? xs.filter(f).length / xs.length : NaN)
const pct = (x) => (Number.isNaN(x) ? '—' : `${fmt(100 * x)} %`)
const f3 = (x) => (Number.isNaN(x) ? '—' : fmt(x, 3))

export function sets(datasets) {
  const inj = new URL('injection/', datasets)
  const deepset = readJsonl(new URL('deepset.jsonl', inj)).filter((r) => r.split === 'test')
  const jack = readJsonl(new URL('jackhhao_jailbreak.jsonl', inj)).filter((r) => r.split === 'test')
  const awesome = readJsonl(new URL('awesome_chatgpt_prompts.jsonl', inj)).filter((r) => manipulationAwesomeDev(r.text))
  const giskard = readJsonl(new URL('giskard_prompt_injections.jsonl', inj))
  const seen = new Set()
  const jbb = []
  for (const r of readJsonl(new URL('refusal/jbb_artifacts.jsonl', datasets))) {
    if (!r.prompt || seen.has(r.prompt)) continue
    seen.add(r.prompt)
    jbb.push({ text: r.prompt, label: 1, method: r.method })
  }
  const hh = readJsonl(new URL('helpfulness/hh_rlhf_helpful-base_test.jsonl', datasets))
    .map((r) => /Human:\s*([\s\S]*?)(?:\n\nAssistant:|$)/.exec(r.prompt)?.[1]?.trim())
    .filter(Boolean)
    .slice(0, 1000)
    .map((text) => ({ text, label: 0 }))
  const triggers = JSON.parse(readFileSync(new URL('../test/fixtures/prompt-manipulation/benign-triggers.json', import.meta.url), 'utf8')).map((text) => ({ text, label: 0 }))
  const bipia = readJsonl(new URL('bipia.jsonl', inj)).filter((r) => r.split === 'test')
  const emails = bipia.filter((r) => r.label === 0).map((r) => r.text)
  const attacks = bipia.filter((r) => r.label === 1).map((r) => r.text)
  const indirect = emails.map((text) => ({ text, label: 0 }))
  attacks.forEach((a, i) => indirect.push({ text: `${emails[i % emails.length]}\n\n${a}`, label: 1 }))
  return {
    deepset: deepset.filter((r) => !(r.label === 1 && rolePlay(r.text))),
    deepsetRolePlay: deepset.filter((r) => r.label === 1 && rolePlay(r.text)).length,
    jack,
    awesome,
    giskard,
    jbb,
    hh,
    triggers,
    indirect
  }
}

export async function run({ litmus, datasets }) {
  const s = sets(datasets)
  const detectors = [
    ['Litmus', (t) => litmus.promptManipulation({ text: t }).score],
    ['keyword regex', keyword],
    ['length only', (t) => t.length]
  ]
  const rows = []
  const binaryRows = []
  const evalSet = (name, list) => {
    const y = list.map((r) => r.label)
    for (const [dn, f] of detectors) {
      const sc = list.map((r) => f(r.text))
      const pos = sc.filter((_, i) => y[i] === 1)
      const neg = sc.filter((_, i) => y[i] === 0)
      const thr = dn === 'length only' ? null : 50
      rows.push([name, dn, String(list.length), f3(auc(sc, y)), thr === null ? '—' : pct(rate(pos, (v) => v >= thr)), thr === null ? '—' : pct(rate(neg, (v) => v >= thr))])
    }
  }
  evalSet('deepset test (EN+DE)', s.deepset)
  evalSet('jackhhao test', s.jack)
  evalSet('JBB attacks vs hh-rlhf prompts', [...s.jbb, ...s.hh])
  evalSet('BIPIA attack in e-mail vs clean e-mail', s.indirect)
  for (const [name, list] of [['benign prompts with trigger words (written, held out)', s.triggers], ['hh-rlhf first user turns (ordinary)', s.hh], ['awesome-chatgpt-prompts held-out half', s.awesome.filter((r) => r.label === 0)], ['giskard (attacks only)', s.giskard]]) {
    for (const [dn, f] of detectors.slice(0, 2)) {
      const sc = list.map((r) => f(r.text))
      binaryRows.push([name, dn, String(list.length), pct(rate(sc, (v) => v >= 50))])
    }
  }
  const methods = [...new Set(s.jbb.map((r) => r.method))].sort()
  const jbbRows = methods.map((m) => {
    const list = s.jbb.filter((r) => r.method === m)
    return [m, String(list.length), pct(rate(list, (r) => litmus.promptManipulation({ text: r.text }).score >= 50)), pct(rate(list, (r) => keyword(r.text) >= 50))]
  })
  const lit = (t) => litmus.promptManipulation({ text: t }).score
  const at = (list, thr) => pct(rate(list, (r) => lit(r.text) >= thr))
  const jbbAll = s.jbb
  const thrRows = [30, 50, 70].map((thr) => [String(thr), at(s.deepset.filter((r) => r.label === 1), thr), at(s.deepset.filter((r) => r.label === 0), thr), at(jbbAll, thr), at(s.hh, thr), at(s.triggers, thr)])
  return `
Splits: deepset and jackhhao **test** splits (training read only their train splits); the held-out half
of awesome-chatgpt-prompts; and sets no training row came from (JBB, hh-rlhf, BIPIA, giskard, the written
benign set). ${s.deepsetRolePlay} deepset test rows labelled injection are "I want you to act as ..." role
prompts: under Litmus's role-play policy they are benign, so they are left out here. Flagged = score >= 50.

${table(['set', 'detector', 'rows', 'AUC', 'attacks flagged', 'benign flagged'], rows)}

${table(['set', 'detector', 'rows', 'flagged'], binaryRows)}

JBB attack prompts by method (flagged at 50):

${table(['method', 'rows', 'Litmus', 'keyword regex'], jbbRows)}

Threshold trade-off (share flagged):

${table(['threshold', 'deepset attacks', 'deepset benign', 'JBB attacks', 'hh-rlhf benign', 'benign with triggers'], thrRows)}
`
}
