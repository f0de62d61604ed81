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
