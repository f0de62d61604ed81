// PERSON and LOCATION beyond English: recall and precision per script on the labelled sentences of
// test/fixtures/pii-names-sentences.txt, split by a fixed hash of each sentence into a tuning half (the
// only one whose errors were read while the rules and lists were written) and a held-out half, beside
// the simplest baseline for each script. Run alone: node eval/pii-names.eval.mjs (prints the errors of
// the tuning half with --errors).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { fmt, table } from './util.mjs'

export const title = 'PII names and places beyond English (`pii`)'

const FILE = new URL('../test/fixtures/pii-names-sentences.txt', import.meta.url)
const TYPES = { P: 'PERSON', L: 'LOCATION' }

/** FNV-1a (32-bit) over UTF-16 code units: even = tune, odd = holdout. */
function fnv1a(s) {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** The sentences with their gold spans (UTF-16 offsets into the plain text) and half. */
export function loadSentences() {
  const rows = []
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue
    const tab = line.indexOf('\t')
    const script = line.slice(0, tab)
    let marked = line.slice(tab + 1)
    let text = ''
    const spans = []
    const re = /\{([PL])\|([^}]*)\}/g
    let last = 0
    for (const m of marked.matchAll(re)) {
      text += marked.slice(last, m.index)
      spans.push({ start: text.length, end: text.length + m[2].length, type: TYPES[m[1]] })
      text += m[2]
      last = m.index + m[0].length
    }
    text += marked.slice(last)
    rows.push({ script, text, spans, half: fnv1a(text) % 2 === 0 ? 'tune' : 'holdout' })
  }
  return rows
}

// Baselines: capitalised words for cased scripts; for Chinese, Japanese and Korean a common surname
// followed by one or two characters of the same script. Scripts without capitals get nothing from the
// capitalised-word rule, which is the point of this section.
const HAN_SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'
const JA_SURNAMES = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田', '佐々木', '山口', '松本', '井上', '木村', '林', '斎藤', '清水']
const KO_SURNAMES = '김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부가복태목형피두감음빈동온호범좌팽승간상시갈단견당화창옹순'
function baseline(script, text) {
  const out = []
  if (script === 'chinese') {
    for (const m of text.matchAll(new RegExp(`[${HAN_SURNAMES}][\\u4e00-\\u9fff]{1,2}`, 'gu'))) out.push([m.index, m.index + m[0].length, 'PERSON'])
  } else if (script === 'japanese') {
    for (const m of text.matchAll(new RegExp(`(?:${JA_SURNAMES.join('|')})[\\u4e00-\\u9fff]{0,2}`, 'gu'))) out.push([m.index, m.index + m[0].length, 'PERSON'])
  } else if (script === 'korean') {
    for (const m of text.matchAll(new RegExp(`(?<![\\uac00-\\ud7a3])[${KO_SURNAMES}][\\uac00-\\ud7a3]{2}`, 'gu'))) out.push([m.index, m.index + m[0].length, 'PERSON'])
  } else {
    for (const m of text.matchAll(/(?<![.!?]\s|^)\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)*/gmu)) out.push([m.index, m.index + m[0].length, 'PERSON'])
  }
  return out
}

function litmusDetect(litmus) {
  return (script, text) =>
    litmus.pii({ text, categories: ['PERSON', 'LOCATION'] }).pii.map((e) => [e.interval[0], e.interval[1], e.category])
}

/** Recall: a gold span counts when a predicted entity of its type overlaps it. Precision: likewise for predictions. */
function score(rows, detect, errors) {
  const by = {}
  const get = (k) => (by[k] ??= { gold: 0, hit: 0, pred: 0, ok: 0 })
  for (const row of rows) {
    const pred = detect(row.script, row.text)
    const overlaps = (a, b) => a[0] < b.end && b.start < a[1] && a[2] === b.type
    for (const g of row.spans) {
      const hit = pred.some((p) => overlaps(p, g))
      for (const k of [`${row.script}|${g.type}`, `${row.script}|*`, `*|${g.type}`, '*|*']) {
        get(k).gold++
        if (hit) get(k).hit++
      }
      if (!hit && errors) errors.push(`miss ${g.type} ${row.text.slice(g.start, g.end)} :: ${row.text}`)
    }
    for (const p of pred) {
      const ok = row.spans.some((g) => overlaps(p, g))
      for (const k of [`${row.script}|${p[2]}`, `${row.script}|*`, `*|${p[2]}`, '*|*']) {
        get(k).pred++
        if (ok) get(k).ok++
      }
      if (!ok && errors) errors.push(`false ${p[2]} ${row.text.slice(p[0], p[1])} :: ${row.text}`)
    }
  }
  return by
}

const pct = (a, b) => (b === 0 ? '—' : fmt((100 * a) / b, 0) + ' %')

export async function run({ litmus }) {
  const rows = loadSentences()
  const scripts = [...new Set(rows.map((r) => r.script))]
  const detect = litmusDetect(litmus)
  const halves = {}
  for (const half of ['tune', 'holdout']) {
    const part = rows.filter((r) => r.half === half)
    halves[half] = { n: part.length, ours: score(part, detect), base: score(part, baseline) }
  }
  const cell = (s, k) => (s[k] ? `${pct(s[k].hit, s[k].gold)} (${s[k].hit}/${s[k].gold})` : '—')
  const prec = (s, k) => (s[k] ? pct(s[k].ok, s[k].pred) : '—')
  const out = []
  out.push(`Data: \`test/fixtures/pii-names-sentences.txt\`, ${rows.length} sentences written for this test (invented people;
each line a script, PERSON and LOCATION spans marked; lines without a mark are hard negatives: everyday words,
sentence-initial capitals, CJK text without names). Split by FNV-1a of the sentence: even = tuning half
(${halves.tune.n} sentences, the only errors read while writing the rules and lists), odd = **held-out half
(${halves.holdout.n} sentences, reported first)**. A gold span counts as found when an entity of the same type
overlaps it; precision counts the PERSON/LOCATION entities that overlap a gold span of their type. Baseline:
capitalised word runs (not sentence-initial) as PERSON for cased scripts; a common surname plus one or two
characters as PERSON for Chinese, Japanese (kanji) and Korean (two syllables); nothing for Arabic and Hebrew.`)
  for (const half of ['holdout', 'tune']) {
    const { ours, base } = halves[half]
    out.push(`\n**${half === 'holdout' ? 'Held-out half' : 'Tuning half'}**\n`)
    const body = [...scripts, '*'].map((s) => [
      s === '*' ? '**all**' : s,
      cell(ours, `${s}|PERSON`), cell(ours, `${s}|LOCATION`), prec(ours, `${s}|*`),
      cell(base, `${s}|PERSON`), cell(base, `${s}|LOCATION`), prec(base, `${s}|*`)
    ])
    out.push(table(['script', 'PERSON recall', 'LOCATION recall', 'precision', 'baseline PERSON', 'baseline LOCATION', 'baseline precision'], body))
  }
  return out.join('\n')
}

// Standalone: `node eval/pii-names.eval.mjs [--errors]` prints the section (and the tuning half's errors).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { load } = await import('../dist/litmus.js')
  const litmus = await load({ operations: ['pii'] })
  console.log(await run({ litmus }))
  if (process.argv.includes('--errors')) {
    const errors = []
    score(loadSentences().filter((r) => r.half === 'tune'), litmusDetect(litmus), errors)
    console.log('\nTuning-half errors:\n' + errors.join('\n'))
  }
}
