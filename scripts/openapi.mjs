// Write docs/openapi.json: the OpenAPI 3.1 document of the HTTP service, from the schema table and the
// operations the built library implements. `node scripts/openapi.mjs` writes it; test/openapi.test.ts
// fails when the committed file is stale, and the server serves the same document at GET /openapi.json.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export async function renderOpenApi() {
  const { OPERATIONS, load } = await import('../dist/litmus.js')
  const { openapiDocument, version } = await import('../dist/server.js')
  const litmus = await load()
  return JSON.stringify(openapiDocument(OPERATIONS, litmus.operations, { version }), null, 2) + '\n'
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('../docs/openapi.json', import.meta.url), await renderOpenApi())
  console.log('wrote docs/openapi.json')
}
