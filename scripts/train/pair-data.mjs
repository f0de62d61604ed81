// Pairs for the soft-alignment experiment (scripts/train/pair-attention.py): the faithfulness sources
// of eval/grounded-loso.mjs with the same rows scored (800 per source by hash, BEGIN = its dev split)
// and the same training rows as scripts/train-faithfulness.mjs (2,000 per source, BEGIN without its dev
// split, negated copies). Written to a scratch folder, never shipped.
//   node scripts/train/pair-data.mjs /tmp/pair-data
import { mkdirSync, writeFileSync } from 'node:fs'
import { cap, DATA, readJsonl } from '../lib/loso.mjs'
import { faithfulnessDevKnowledge } from '../lib/splits.mjs'
import { negationPairs, PER_SOURCE, SOURCES, sourceRows } from '../train-faithfulness.mjs'

const out = process.argv[2] ?? '/tmp/pair-data'
mkdirSync(out, { recursive: true })
// 0 entailed / supported, 1 neutral / unsupported, 2 contradicted.
const NLI = { entailment: 0, neutral: 1, contradiction: 2 }
const rows = []
for (const s of SOURCES) {
  const all = sourceRows(s.name)
  const evalRows = cap(all.filter((r) => s.name !== 'BEGIN' || faithfulnessDevKnowledge(r.context)), 800, 'grounded-eval:')
  for (const r of evalRows) rows.push({ a: r.response, b: r.context, y: r.y, source: s.name, split: 'eval' })
  if (!s.ship) continue
  const scored = new Set(evalRows.map((r) => r.response + '\u0000' + r.context))
  const train = cap(all.filter((r) => !scored.has(r.response + '\u0000' + r.context) && (s.name !== 'BEGIN' || !faithfulnessDevKnowledge(r.context))), PER_SOURCE, 'faithfulness-train:')
  for (const r of train) rows.push({ a: r.response, b: r.context, y: r.y, cls: r.y ? 0 : 1, source: s.name, split: 'train' })
  for (const r of negationPairs(train, s.name)) rows.push({ a: r.response, b: r.context, y: 0, cls: 2, source: s.name, split: 'train', generated: true })
}
// NLI sources carry their three classes (contradiction apart from neutral).
const nliClass = new Map()
for (const s of SOURCES.filter((x) => /NLI|FEVER/.test(x.name))) for (const r of readJsonl(new URL(s.file, DATA))) nliClass.set(r.hypothesis + '\u0000' + r.premise, NLI[r.label])
for (const r of rows) if (!r.generated && nliClass.has(r.a + '\u0000' + r.b)) r.cls = nliClass.get(r.a + '\u0000' + r.b)
writeFileSync(`${out}/pairs.jsonl`, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
console.log(`${rows.length} pairs -> ${out}/pairs.jsonl`)
