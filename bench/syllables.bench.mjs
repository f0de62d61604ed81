// Syllable counting alone over running English (Brown corpus text, tags stripped): the core's
// reference word splitter plus countSyllables per word, against the `syllable` package on the same
// text. Clarity's own benchmark measures the whole readability pipeline.
import { syllable } from 'syllable'
import { loadCore, readShipped } from '../scripts/build-syllables.mjs'
import { fmt, mbps, medianMs, table, utf8Bytes } from './util.mjs'
import { brownProse } from './brown.mjs'

export const title = 'Syllable counting'

export async function run() {
  const text = brownProse(1_000_000)
  const bytes = utf8Bytes(text)
  const core = await loadCore()
  core.load(readShipped())
  const x = core.exports
  x.reset()
  const ptr = x.alloc(bytes)
  new TextEncoder().encodeInto(text, new Uint8Array(x.memory.buffer, ptr, bytes))
  let ours = 0
  let theirs = 0
  const msOurs = medianMs(() => (ours = x.syllablesSum(ptr, bytes)), 9)
  const msPeer = medianMs(() => (theirs = syllable(text)), 3)
  return `
Input: ${fmt(bytes / 1e6, 2)} MB of Brown corpus text (tags stripped). Litmus: the core's \`syllablesSum\` (a plain
word splitter and \`countSyllables\` per word, rules plus exception list), text already in core memory. Peer:
\`syllable@5.0.1\` on the same string. Totals differ because the two split and count words differently.

${table(
  ['counter', 'MB/s', 'syllables counted', 'ratio'],
  [
    ['Litmus core', fmt(mbps(bytes, msOurs)), ours.toLocaleString('en-US'), fmt(msPeer / msOurs) + '×'],
    ['`syllable@5.0.1`', fmt(mbps(bytes, msPeer)), theirs.toLocaleString('en-US'), '1.0×']
  ]
)}
`
}
