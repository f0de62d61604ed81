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
  // Records every file of dist/ the process reads as code: imported (a module hook) or required (a family
  // read on first use, core/files.ts familyFile).
  const record = `import { register } from 'node:module';
import Module from 'node:module';
register('data:text/javascript,' + encodeURIComponent('export async function load(url, context, next) { if (url.includes("/dist/")) console.log("read " + url.slice(url.lastIndexOf("/dist/") + 6)); return next(url, context) }'));
const required = Module._load;
Module._load = function (request, ...rest) { if (request.includes('/dist/')) console.log('read ' + request.slice(request.lastIndexOf('/dist/') + 6)); return required.call(this, request, ...rest) };`
  // Each file once: load() also requires the machinery, to check that require finds the copy it imported.
  const read = (out: string) => [...new Set(out.split('\n').filter((line) => line.startsWith('read ')))]
  const families = ['estimates', 'grounded', 'pii', 'safety', 'style', 'text', 'toxicity']

  it('imports no model chunk and no inlined WebAssembly: it reads the files on first use', () => {
    const out = child(`const l = await litmus.load(); l.pii({ text: 'Call John Smith.' }); l.stability({ responses: ['a b', 'a c'] }); console.log('scored')`, record)
    const files = read(out)
    expect(files[0]).toBe('read litmus.js')
    // The metrics' code, and nothing else.
    for (const line of files.slice(1)) expect(line).toMatch(/^read (metrics|shared)\/[\w-]+\.js$/)
    expect(out).toContain('scored')
  })

  it('reads a family the first time one of its methods is called, not inside load()', () => {
    const out = child(`const l = await litmus.load(); console.log('loaded'); l.pii({ text: 'Call John Smith.' }); l.stability({ responses: ['a b', 'a c'] }); l.pii({ text: 'Again.' }); console.log('scored')`, record)
    const [before, after] = out.split('loaded\n')
    expect(read(before!)).toEqual(['read litmus.js', 'read shared/machinery.js'])
    expect(read(after!)).toEqual(['read metrics/pii.js', 'read metrics/grounded.js'])
  })

  it("reads only the code of the operations asked for: load({ operations: ['toxicity'] })", () => {
    const out = child(`const l = await litmus.load({ operations: ['toxicity'] }); l.toxicity({ text: 'You are kind.' }); console.log('scored')`, record)
    // Its family's code (toxicity; the de-obfuscation it shares with prompt_manipulation comes in as that
    // file's own import) and the machinery every metric shares; no other family's.
    expect(read(out).slice(1).sort()).toEqual(['read metrics/toxicity.js', 'read shared/machinery.js'])
    expect(out).toContain('scored')
  })

  it('reads the cost family inside load() when load({ prices }) has prices to check', () => {
    const prices = { models: [{ provider: 'acme', model: 'a', model_type: 'LLM', input_usd_per_mtok: 1, output_usd_per_mtok: 2 }] }
    const out = child(`const l = await litmus.load({ prices: ${JSON.stringify(prices)} }); console.log('loaded')`, record)
    expect(read(out.split('loaded\n')[0]!)).toContain('read metrics/estimates.js')
  })

  it.each(families)('dist/metrics/%s.js can be required (no top-level await), so a method can read it', (family) => {
    const out = child(`const { createRequire } = await import('node:module'); const path = ${JSON.stringify(new URL(`metrics/${family}.js`, dist).pathname)}; console.log(Object.keys(createRequire(path)(path)).length)`)
    expect(Number(out.trim())).toBeGreaterThan(0)
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
