// Contrast words: pairs and closed sets whose members contradict each other in the same slot of a
// sentence ("closed" for "open", "red" for "blue", "Tuesday" is a date and handled as one). Word vectors
// put such words close (GloVe: "red" and "blue" match fully), so lexical alignment reads the swap as
// support; the grounding reads a statement word whose contrast stands in the same slot of the aligned
// sentence as a `swap` mismatch (align.ts). The groups are built by scripts/build-contrast-words.mjs
// from Breaking NLI's one-word swaps (and GloVe neighbourhoods for the closed sets) and installed with
// the faithfulness model; until then there are none.

/** Per term key: the groups it belongs to (two keys contrast when they share a group and differ). */
let groupsOf = new Map<string, Int32Array>()

/**
 * Install the groups: one group per line of `text`, its words separated by spaces, each read as the
 * grounding reads a word (`key`: its term key, undefined for a stop word or a number, which never swap).
 */
export function installContrast(text: string, key: (word: string) => string | undefined): void {
  const lists = new Map<string, number[]>()
  const lines = text.split('\n')
  for (let g = 0; g < lines.length; g++) {
    for (const word of lines[g].split(' ')) {
      const k = word && key(word)
      if (!k) continue
      const list = lists.get(k) ?? []
      if (list[list.length - 1] !== g) list.push(g)
      lists.set(k, list)
    }
  }
  groupsOf = new Map([...lists].map(([k, l]) => [k, Int32Array.from(l)]))
}

/** The groups of term key `key` (ascending), or undefined when it has no contrast. */
export const contrastGroups = (key: string): Int32Array | undefined => groupsOf.get(key)
