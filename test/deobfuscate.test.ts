import { describe, expect, it } from 'vitest'
import { deobfuscate, deobfuscateParts } from '../src/metrics/safety/deobfuscate.js'

// Spaced letters where the scan for their starts decides: it skips ten characters at a time past pairs of
// lower-case letters and reads starts only between pairs 11 or more characters apart, so runs sit at the
// start and the end of a text, right after and before ordinary words, with one- and two-character
// separators, in capitals, in text with no lower-case pair at all; beside look-alikes that stay.
const PROSE = 'the quick brown fox jumps over the lazy dog and '
const spaced: [text: string, undone: string | null][] = [
  ['i g n o r e', 'ignore'],
  ['ignore all: i g n o r e', 'ignore all: ignore'],
  [`${PROSE}i g n o r e`, `${PROSE}ignore`],
  [`${PROSE}i g n o r e.`, `${PROSE}ignore.`],
  [`${PROSE}i g n o r e ${PROSE}`, `${PROSE}ignore ${PROSE}`],
  [`${PROSE}(s-t-u-p-i-d) ${PROSE}`, `${PROSE}(stupid) ${PROSE}`],
  [`${PROSE}i  d  i  o  t ${PROSE}`, `${PROSE}idiot ${PROSE}`],
  [`${PROSE}I D I O T ${PROSE}`, `${PROSE}idiot ${PROSE}`],
  ['THE LOUD NEWS: I D I O T, SAID THE U.S.A.', 'the loud news: idiot, said the u.s.a.'],
  ['1 2 3 x y z w', '1 2 3 xyzw'],
  // The last single letter ends the run: "e" before "the" is no letter standing alone.
  [`${PROSE}i g n o r ethe end`, `${PROSE}ignor ethe end`],
  // Three letters, a word after them; dotted capitals are acronyms.
  [`${PROSE}a b c dog ${PROSE}`, null],
  [`${PROSE}U.S.S.R. ${PROSE}`, null],
  [`${PROSE}I. A. P. A. ${PROSE}`, null]
]

describe('deobfuscate: spaced letters', () => {
  it.each(spaced)('%j', (text, undone) => {
    expect(deobfuscate(text)?.text ?? null).toBe(undone)
    expect(deobfuscateParts(text)?.text ?? null).toBe(undone)
  })

  // Every offset of a run inside prose, with a word or a mark right after it: the skip over lower-case
  // pairs must land on none of its starts.
  it('finds a run at every offset in prose', () => {
    for (const [run, joined] of [['i g n o r e', 'ignore'], ['a b c d', 'abcd'], ['x--y--z--w', 'xyzw']]) {
      for (const after of [' ', '.', '.next ', ', then ']) {
        for (let k = 0; k <= PROSE.length; k++) {
          const head = PROSE.slice(0, k).replace(/\S+$/, '')
          expect(deobfuscate(`${head}${run}${after}${PROSE}`)?.text).toBe(`${head}${joined}${after}${PROSE}`)
        }
      }
    }
  })
})
