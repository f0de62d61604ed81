// Render docs/api.md from the schema table, so the reference can never disagree with validation.
// `node scripts/api-docs.mjs` writes it; test/docs.test.ts fails when the committed file is stale.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase())

function fieldRows(fields, describeType, prefix = '') {
  const rows = []
  for (const [name, field] of Object.entries(fields)) {
    const type = describeType(field).replace(/\|/g, '\\|')
    rows.push(`| \`${prefix}${name}\` | ${type} | ${field.optional ? 'no' : 'yes'} | ${field.description} |`)
    const nested = field.type === 'object' ? field : field.type === 'array' && field.items.type === 'object' ? field.items : null
    if (nested) rows.push(...fieldRows(nested.fields, describeType, `${prefix}${name}${field.type === 'array' ? '[]' : ''}.`))
  }
  return rows
}

function table(fields, describeType) {
  return ['| field | type | required | description |', '| --- | --- | --- | --- |', ...fieldRows(fields, describeType)].join('\n')
}

export function renderApiDocs({ OPERATIONS, describeType }, implemented) {
  const done = new Set(implemented)
  const sections = Object.values(OPERATIONS).map((op) => {
    const call = op.name.startsWith('v3.') ? `litmus.v3.${camel(op.name.slice(3))}` : `litmus.${camel(op.name)}`
    const status = done.has(op.name) ? `Call: \`${call}(request)\` or \`litmus.evaluate('${op.name}', request)\`` : 'Not implemented yet: declared, so validation and types exist, but not on the Evaluator'
    const rules = (op.rules ?? []).map((r) => `- Rule: ${r.description}.`).join('\n')
    const response = op.response ? `Response:\n\n${table(op.response, describeType)}` : 'Response: not shown by the service for this v3 operation.'
    return `## ${op.name} (${op.version})

${op.summary} Request type \`${op.requestType}\`. ${status}.

Request:

${table(op.request, describeType)}
${rules ? `\n${rules}\n` : ''}
${response}
`
  })
  return `# API reference: operations

Generated from the schema table (\`src/schema/operations.ts\`) by \`node scripts/api-docs.mjs\`; the same table
drives the TypeScript types and request validation. Field names are the service's JSON names. Every response
also carries the request's \`metadata\` when one was given. Spans are \`[start, end)\` in JavaScript string
indices (UTF-16 code units).

## Rules for every operation

- **Errors.** A body missing a required field is a \`MissingArgumentError\` (message \`Error in '<RequestType>':
  Missing required arguments: ...\`); a field of the wrong type or value, or a field the table does not
  declare, is an \`InvalidArgumentError\` (\`Error in '<RequestType>': Invalid arguments: ...\`). Both are
  \`ValidationError\`s and carry every issue as data. The client runs the same checks before sending. Options
  of \`load()\` and of the client that cannot work are a \`ConfigurationError\` (an \`InvalidArgumentError\`).
- <a id="text-with-no-words"></a>**Text with no words.** Every text field accepts any string, the empty one
  included. A text with no word (no letter or digit: \`""\`, \`"   "\`, \`"!!!"\`) scores as a text where there
  is nothing to find: nothing detected (toxicity, prompt manipulation, sensitivity 0; no PII, no encodings,
  no tones), nothing hard (clarity and simplicity 100), nothing to judge (formality 50), no claim to check
  (faithfulness 100), nothing that breaks the policy (adherence 100), nothing answered (answer relevancy,
  completion, helpfulness, refusal 0).
- **Numbers.** Scores (0..100) are rounded to 2 decimals (clarity to 3, as Flesch's constants and its card), probabilities (0..1) to 4, other amounts (USD,
  kg CO2e) to 12 significant digits; Stability's \`min\` and \`avg\` are integers.
- **v3 responses.** The spec shows no v3 response body: each v3 operation answers with the v4 response of
  the scorer it is adapted onto, as its "Response" table says.
- **Versions.** \`VERSIONS\` (and \`litmus.versions\`, \`client.versions\`, \`GET /versions\`) is the spec's metrics
  version list: each metric and the versions it is served at (\`{ clarity: ['v3', 'v4'], cost: ['v3'], ... }\`).

${sections.join('\n')}`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lib = await import('../dist/litmus.js')
  const litmus = await lib.load()
  writeFileSync(new URL('../docs/api.md', import.meta.url), renderApiDocs(lib, litmus.operations))
  console.log('wrote docs/api.md')
}
