// The ABI declared in src/core/abi.ts against what the core really is: the compiled module's exports and
// the constants in assembly/.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENCODING_LABELS, EXPORTS, PII_CATEGORY_IDS, PII_EVIDENCE, PII_VALIDATORS, TOK, WORD_IDS } from '../src/core/abi.js'

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')
/** `export const <prefix><NAME>: u32 = <n>` declarations of an assembly file, in source order. */
const constants = (path: string, prefix: string): [string, number][] =>
  [...read(path).matchAll(new RegExp(`export const ${prefix}(\\w+): u32 = (\\d+)`, 'g'))].map((m) => [m[1], Number(m[2])])

describe('core ABI', () => {
  it('declares exactly the exports of build/litmus.wasm', () => {
    const module = new WebAssembly.Module(readFileSync(new URL('../build/litmus.wasm', import.meta.url)))
    const actual = WebAssembly.Module.exports(module).map((e) => e.name)
    expect([...EXPORTS].sort()).toEqual(actual.sort())
  })

  it('agrees with the tokeniser flags', () => {
    expect(Object.fromEntries(constants('assembly/text/tokenise.ts', 'TOK_'))).toEqual(TOK)
  })

  it('agrees with the word-id table limits', () => {
    expect(Object.fromEntries(constants('assembly/text/wordids.ts', 'WORDIDS_'))).toEqual(WORD_IDS)
  })

  it('agrees with the encoding label ids', () => {
    const ids = constants('assembly/scan/encodings.ts', 'LABEL_')
    expect(ids.map(([name]) => name.toLowerCase())).toEqual([...ENCODING_LABELS])
    expect(ids.map(([, id]) => id)).toEqual(ENCODING_LABELS.map((_, i) => i))
  })

  it('agrees with the PII category ids', () => {
    const ids = constants('assembly/pii/categories.ts', 'C_')
    expect(ids.map(([name]) => name)).toEqual(Object.keys(PII_CATEGORY_IDS))
    expect(ids.map(([, id]) => id)).toEqual(ids.map((_, i) => i + 1))
    expect(ids.length).toBeLessThanOrEqual(63)
  })

  it('agrees with the PII evidence bits', () => {
    expect(Object.fromEntries(constants('assembly/pii/categories.ts', 'W_'))).toEqual(PII_EVIDENCE)
  })

  it('agrees with the PII validator ids', () => {
    expect(Object.fromEntries(constants('assembly/pii/validate.ts', 'V_'))).toEqual(PII_VALIDATORS)
  })

  it('is the only place metric modules reach the core through a cast', () => {
    // Every metric module, in every family folder.
    const files = (readdirSync(new URL('../src/metrics/', import.meta.url), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(40)
    for (const file of files) expect(read(`src/metrics/${file}`), file).not.toContain('as unknown as')
  })
})
