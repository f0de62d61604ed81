import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import * as lib from '../dist/litmus.js'
// @ts-expect-error plain ESM script without types
import { renderApiDocs } from '../scripts/api-docs.mjs'

it('docs/api.md is generated from the current schema table (run `node scripts/api-docs.mjs`)', async () => {
  const litmus = await lib.load()
  const committed = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8')
  expect(committed).toBe(renderApiDocs(lib, litmus.operations))
})

it('docs/limits.md states every limit of src/schema/limits.ts with its value', () => {
  const source = readFileSync(new URL('../src/schema/limits.ts', import.meta.url), 'utf8')
  const doc = readFileSync(new URL('../docs/limits.md', import.meta.url), 'utf8')
  const limits = [...source.matchAll(/export const (\w+) = ([\d_]+)/g)].map(([, name, value]) => [name, Number(value.replace(/_/g, ''))] as const)
  expect(limits.length).toBeGreaterThanOrEqual(7)
  for (const [name, value] of limits) {
    expect(doc, `${name} = ${value}`).toMatch(new RegExp(`\\b${value.toLocaleString('en-US').replace(/,/g, ',')}\\b`))
  }
})

it('src/schema/methods.generated.ts is generated from the current schema table (run `node scripts/api-types.mjs`)', async () => {
  const { renderMethods } = await import('../scripts/api-types.mjs')
  expect(readFileSync(new URL('../src/schema/methods.generated.ts', import.meta.url), 'utf8')).toBe(renderMethods())
})
