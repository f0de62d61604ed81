// Reader of the hand-labelled fixture tables of completion and adherence (test/fixtures/<name>/cases.src.txt):
// blocks of "Q:" (or "P:") followed by "1| response" / "0| response" lines; a line that starts with neither
// continues the response above. Blocks are numbered from 1: odd blocks are the tuning split, even held out.
import { readFileSync } from 'node:fs'

export function readCases(name) {
  const text = readFileSync(new URL(`../test/fixtures/${name}/cases.src.txt`, import.meta.url), 'utf8')
  const cases = []
  let block = 0
  let head = ''
  for (const line of text.split('\n')) {
    if (line.startsWith('#') && cases.length === 0 && block === 0) continue
    const h = /^([QP]): (.*)$/.exec(line)
    if (h) {
      block++
      head = h[2]
      continue
    }
    const c = /^([01])\| (.*)$/.exec(line)
    if (c) {
      cases.push({ block, split: block % 2 === 1 ? 'tune' : 'held', head, response: c[2], label: +c[1] })
      continue
    }
    if (cases.length && line.length) cases[cases.length - 1].response += '\n' + line
  }
  return cases
}
