// docs/benchmarks.md and docs/accuracy.md are one `## title` section per module. A full run rewrites the
// file; a run of one module replaces (or adds) its own section and leaves the others as they were.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/** Sections of a generated document: its head, then `## ` sections in order. */
function split(doc) {
  const parts = doc.split(/\n(?=## )/)
  return { head: parts[0], sections: parts.slice(1) }
}

/**
 * Write `head` and `sections` (each "## title\n\n..."). With `partial`, keep the file's head and other
 * sections, replacing the ones with the same title in place and adding new ones at the end.
 */
export function writeSections(url, head, sections, partial) {
  if (!partial || !existsSync(url)) {
    writeFileSync(url, `${head}${sections.join('\n')}`)
    return
  }
  const old = split(readFileSync(url, 'utf8'))
  const title = (s) => s.slice(0, s.indexOf('\n'))
  const merged = new Map(old.sections.map((s) => [title(s), s.trimEnd() + '\n']))
  for (const s of sections) merged.set(title(s), s)
  writeFileSync(url, `${old.head}\n${[...merged.values()].join('\n')}`)
}
