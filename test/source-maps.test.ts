import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mapStack } from '../dist/cli.js'

const dist = new URL('../dist/', import.meta.url)
const bundles = [
  ...readdirSync(dist).filter((f) => f.endsWith('.js')),
  ...readdirSync(new URL('shared/', dist)).map((f) => `shared/${f}`).filter((f) => f.endsWith('.js'))
]
const models = readdirSync(new URL('models/', dist)).filter((f) => f.endsWith('.js'))

describe('source maps', () => {
  it('finds the bundles', () => expect(bundles).toContain('litmus.js'))
  for (const file of bundles) {
    it(`${file} points to its own .map, which maps to src/ and carries no generated data`, () => {
      expect(readFileSync(new URL(file, dist), 'utf8')).toMatch(new RegExp(`\\n//# sourceMappingURL=${file.split('/').pop()}\\.map\\s*$`))
      const map = JSON.parse(readFileSync(new URL(`${file}.map`, dist), 'utf8'))
      expect(map.sources.some((s: string) => s.includes('src/'))).toBe(true)
      map.sources.forEach((source: string, i: number) => {
        if (source.endsWith('.generated.ts')) expect(map.sourcesContent?.[i] ?? null, source).toBeNull()
      })
    })
  }
  it('ships no map for a model chunk', () => {
    for (const file of models) {
      expect(existsSync(new URL(`models/${file}.map`, dist)), file).toBe(false)
      expect(readFileSync(new URL(`models/${file}`, dist), 'utf8'), file).not.toContain('sourceMappingURL')
    }
  })
  it("maps an error's stack to the source's function, file and line", () => {
    // In a plain Node process: the test runner maps stacks itself.
    const script = `
      const { load } = await import(${JSON.stringify(new URL('litmus.js', dist).href)})
      const { mapStack } = await import(${JSON.stringify(new URL('cli.js', dist).href)})
      const litmus = await load({ operations: ['clarity'] })
      try { litmus.evaluate('clarity', {}) } catch (e) { console.log(JSON.stringify([e.stack, mapStack(e.stack)])) }`
    const [stack, mapped] = JSON.parse(execFileSync('node', ['--input-type=module', '-e', script], { encoding: 'utf8' }))
    expect(stack).toMatch(/dist\/litmus\.js:\d+:\d+/)
    expect(mapped.split('\n')[0]).toBe(stack.split('\n')[0])
    expect(mapped).toMatch(/^ {4}at validate \(.*src\/schema\/validate\.ts:\d+:\d+\)$/m)
    expect(mapped).toMatch(/src\/evaluator\.ts:\d+:\d+/)
    expect(mapStack('Error: x\n    at foo (node:internal/x:1:2)')).toBe('Error: x\n    at foo (node:internal/x:1:2)')
  })
})
