// Model files: in Node, load() reads dist/models/<name>.bin and dist/core.wasm on first use instead of
// importing every chunk; everything else imports the chunks. Both ways must score alike, bit for bit.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { modelFile as writeModel } from '../scripts/model-files.mjs'
import { readModel } from '../src/core/files.js'

const dist = new URL('../dist/', import.meta.url)
const chunks = readdirSync(new URL('models/', dist)).filter((f) => f.endsWith('.js'))
const cases = readFileSync(new URL('browser/cases.json', import.meta.url), 'utf8')
const weights = (s: string) => new Uint8Array(Buffer.from(s, 'base64'))

/** Runs `script` (ES module text) in a fresh Node process with dist/litmus.js as `litmus`; returns its stdout. */
function child(script: string, preload = ''): string {
  const source = `${preload}\nconst litmus = await import(${JSON.stringify(new URL('litmus.js', dist).href)});\n${script}`
  return execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8', maxBuffer: 64 << 20 })
}

describe('model file format (scripts/model-files.mjs, src/core/files.ts)', () => {
  const long = 'alpha\nbeta\n'.repeat(500)
  it.each([
    ['numbers and short strings stay JSON', { BITS: 18, NAME: 'x', LIST: [1, 2.5, -3] }],
    ['base64 weights become bytes', { WEIGHTS: Buffer.from([1, 2, 3, 250]).toString('base64'), BITS: 2 }],
    ['a long word list becomes UTF-8 text', { LEXICON: long, KINDS: 3 }],
    ['non-ASCII text survives', { VOCAB: 'é漢字\n'.repeat(2000) }],
    ['several sections, each aligned', { A_WEIGHTS: 'AQID', VECTORS: 'BAUGBwgJ', VOCAB: long }]
  ])('%s', (_name, exports: Record<string, unknown>) => {
    const file = writeModel(exports)!
    const read = readModel(new Uint8Array(file))
    const expected = Object.fromEntries(Object.entries(exports).map(([k, v]) => [k, /(?:^|_)(?:WEIGHTS|VECTORS)$/.test(k) ? weights(v as string) : v]))
    expect(read).toEqual(expected)
  })

  it.each([
    ['a function', { f: () => 1 }],
    ['a non-finite number', { X: Number.POSITIVE_INFINITY }],
    ['a long string with a lone surrogate', { VOCAB: 'a'.repeat(5000) + '\ud800' }]
  ])('%s gets no file (the chunk is imported instead)', (_name, exports) => {
    expect(writeModel(exports)).toBeUndefined()
  })

  it('refuses a weights export that is not base64', () => {
    expect(() => writeModel({ WEIGHTS: 'not base64!' })).toThrow(/WEIGHTS is not base64/)
  })
})

describe('dist/models/*.bin', () => {
  it.each(chunks)('%s has a file with the same data', async (name) => {
    const exports: Record<string, unknown> = { ...(await import(new URL(`models/${name}`, dist).href)) }
    const read = readModel(new Uint8Array(readFileSync(new URL(`models/${name.replace(/\.js$/, '.bin')}`, dist))))
    expect(Object.keys(read).sort()).toEqual(Object.keys(exports).sort())
    for (const [key, value] of Object.entries(exports)) {
      if (read[key] instanceof Uint8Array) expect(Buffer.from(read[key] as Uint8Array).equals(Buffer.from(value as string, 'base64')), key).toBe(true)
      else expect(read[key], key).toEqual(value)
    }
  })

  it('core.wasm is the inlined module', async () => {
    const { WASM_BASE64 } = await import(new URL('core-wasm.js', dist).href)
    expect(readFileSync(new URL('core.wasm', dist)).equals(Buffer.from(WASM_BASE64, 'base64'))).toBe(true)
  })
})

describe('load() in Node', () => {
  // A module hook records every file the process imports.
  const record = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function load(url, context, next) { if (url.includes("/dist/")) console.log("import " + url.slice(url.lastIndexOf("/dist/") + 6)); return next(url, context) }'));`

  it('imports no model chunk and no inlined WebAssembly: it reads the files on first use', () => {
    const out = child(`const l = await litmus.load(); l.pii({ text: 'Call John Smith.' }); l.stability({ responses: ['a b', 'a c'] }); console.log('scored')`, record)
    const imported = out.split('\n').filter((line) => line.startsWith('import '))
    expect(imported[0]).toBe('import litmus.js')
    // The metrics' code, and nothing else.
    for (const line of imported.slice(1)) expect(line).toMatch(/^import (metrics|shared)\/[\w-]+\.js$/)
    expect(imported).toContain('import metrics/pii.js')
    expect(imported).toContain('import metrics/grounded.js')
    expect(out).toContain('scored')
  })

  it("imports only the code of the operations asked for: load({ operations: ['toxicity'] })", () => {
    const out = child(`const l = await litmus.load({ operations: ['toxicity'] }); l.toxicity({ text: 'You are kind.' }); console.log('scored')`, record)
    const imported = out.split('\n').filter((line) => line.startsWith('import '))
    // Its family's code (safety) and the machinery every metric shares; no other family's.
    expect(imported.slice(1).sort()).toEqual(['import metrics/safety.js', 'import shared/machinery.js'])
    expect(out).toContain('scored')
  })

  it('scores every cross-environment case alike from the files and from the chunks', () => {
    const script = `const { runCases } = await import(${JSON.stringify(new URL('browser/cases.mjs', import.meta.url).href)});
console.log(JSON.stringify(runCases(await litmus.load(), ${cases})))`
    const fromFiles = JSON.parse(child(script))
    // Without process.getBuiltinModule (Node before 20.16) the files are not used.
    const fromChunks = JSON.parse(child(script, 'delete process.getBuiltinModule;'))
    expect(fromFiles).toHaveLength(JSON.parse(cases).length)
    expect(fromChunks).toEqual(fromFiles)
    expect(fromFiles.filter((r: string) => !r.startsWith('error:')).length).toBeGreaterThan(50)
  })
})
