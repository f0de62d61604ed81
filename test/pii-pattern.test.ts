import { describe, expect, it } from 'vitest'
import { load } from '../dist/litmus.js'

// Differential test of the linear-time pattern engine behind allowlist/blocklist patterns: on small
// random patterns and texts, the regions it reports must equal the union of every non-empty match of
// the same pattern under JavaScript's RegExp (safe here: tiny inputs). The oracle asks RegExp, for each
// start and each end, whether some match spans exactly [start, end), keeping the full text as context
// for ^, $ and \b.

const litmus = await load()

function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0
    return seed / 2 ** 32
  }
}

function randomPattern(r: () => number, depth = 0): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]
  if (depth > 2 || r() < 0.35) return pick(['a', 'b', ' ', '[ab]', '[^a]', '[^\\s]', '.', '\\w', '\\s', '\\W', 'ab', 'ba', 'A', '[a-z]'])
  switch (pick(['cat', 'cat', 'alt', 'rep', 'group', 'anchor'])) {
    case 'cat':
      return randomPattern(r, depth + 1) + randomPattern(r, depth + 1)
    case 'alt':
      return `(?:${randomPattern(r, depth + 1)}|${randomPattern(r, depth + 1)})`
    case 'rep':
      return `(?:${randomPattern(r, depth + 1)})${pick(['*', '+', '?', '{2}', '{1,3}', '{2,}', '+?', '*?'])}`
    case 'group':
      return `(${randomPattern(r, depth + 1)})`
    default:
      return pick(['^', '$', '\\b', '\\B']) + randomPattern(r, depth + 1)
  }
}

/** Union of all non-empty matches of `source` in `text`, as merged [start, end) regions. */
function oracle(source: string, flags: string, text: string): [number, number][] {
  const n = text.length
  const spans: [number, number][] = []
  for (let i = 0; i < n; i++) {
    for (let j = n; j > i; j--) {
      // (?![\s\S]) is the true end of the text, whatever the m flag does to $.
      const re = new RegExp(`(?:${source})(?=[\\s\\S]{${n - j}}(?![\\s\\S]))`, 'y' + flags)
      re.lastIndex = i
      const m = re.exec(text)
      if (m && re.lastIndex === j) {
        spans.push([i, j])
        break
      }
    }
  }
  const merged: [number, number][] = []
  for (const [s, e] of spans) {
    const last = merged[merged.length - 1]
    if (last && s <= last[1]) last[1] = Math.max(last[1], e)
    else merged.push([s, e])
  }
  return merged
}

function engine(source: string, flags: string, text: string): [number, number][] {
  const found = litmus.pii({ text, categories: [], blocklist: [`/${source}/${flags}`] }).pii
  const merged: [number, number][] = []
  for (const { interval } of found) {
    const last = merged[merged.length - 1]
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1])
    else merged.push([interval[0], interval[1]])
  }
  return merged
}

describe('blocklist patterns agree with JavaScript RegExp', () => {
  it('on 5,000 random patterns and texts', () => {
    const r = rng(42)
    for (let k = 0; k < 5000; k++) {
      const source = randomPattern(r)
      const flags = ['', '', 'i', 'm', 's', 'im'][Math.floor(r() * 6)]
      const len = 1 + Math.floor(r() * 12)
      let text = ''
      for (let i = 0; i < len; i++) text += 'abA \n'[Math.floor(r() * 5)]
      expect(engine(source, flags, text), `/${source}/${flags} on ${JSON.stringify(text)}`).toEqual(oracle(source, flags, text))
    }
  })
})

// A plain entry (not /pattern/flags) is a regular expression and also the string as written: the
// regions are the union of both. [entry, text, blocked strings]
const PLAIN: [string, string, string[]][] = [
  ['Falcon', 'Project Falcon and Falconry', ['Falcon', 'Falcon']],
  ['Project \\w+', 'Project Falcon, Project X', ['Project Falcon', 'Project X']],
  ['maria@example\\.com', 'maria@example.com maria@exampleYcom', ['maria@example.com']],
  ['maria@example.com', 'maria@example.com maria@exampleYcom', ['maria@example.com', 'maria@exampleYcom']],
  ['(415) 555-0132', 'call (415) 555-0132', ['(415) 555-0132']],
  ['C++', 'C++ and C', ['C++']],
  ['a{1001}', 'a{1001} here', ['a{1001}']],
  ['project \\w+', 'Project Falcon', []],
  ['/project \\w+/i', 'Project Falcon', ['Project Falcon']]
]

describe('blocklist entries: each a regular expression, also matched as written', () => {
  for (const [entry, text, blocked] of PLAIN) {
    it(`${JSON.stringify(entry)} in ${JSON.stringify(text)}`, () => {
      const found = litmus.pii({ text, categories: [], blocklist: [entry] }).pii
      expect(found.map((e) => e.string)).toEqual(blocked)
    })
  }
})
