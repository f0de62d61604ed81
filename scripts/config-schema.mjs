// Writes config.schema.json, the JSON Schema of litmus.config.json, from the built library: threshold
// names come from the verdict table, so the schema lists exactly the metrics a threshold may name.
// Run after `npm run build`; test/config.test.ts checks the file is current.
import { writeFileSync } from 'node:fs'
import { OPERATIONS, VERDICTS } from '../dist/litmus.js'

const text = { type: 'string' }
const strings = { type: 'array', items: text }
const money = { type: 'number', minimum: 0 }

export function configSchema() {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'litmus.config.json',
    description: 'Options of load() for the Litmus CLI and server (docs/guardrails.md). Custom metrics need litmus.config.mjs.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'this schema, for editors' },
      operations: {
        description: 'operations to load models for (default: all)',
        type: 'array',
        items: { enum: Object.keys(OPERATIONS) }
      },
      thresholds: {
        description: 'verdict threshold per metric; null turns flagging off (defaults: docs/guardrails.md)',
        type: 'object',
        propertyNames: { enum: [...Object.keys(VERDICTS), ...Object.keys(OPERATIONS).filter((n) => n.startsWith('v3.'))] },
        additionalProperties: { type: ['number', 'null'] }
      },
      recognizers: {
        description: 'custom PII recognizers (docs/metrics/pii.md, "Custom recognizers")',
        type: 'array',
        items: {
          type: 'object',
          required: ['category'],
          additionalProperties: false,
          properties: {
            category: text,
            name: text,
            patterns: { ...strings, description: 'strings found as written, or /pattern/flags' },
            context: strings,
            context_required: { type: 'boolean' },
            validator: text,
            denylist: strings
          }
        }
      },
      prices: {
        description: 'prices used ahead of the shipped tables by cost (docs/carbon-cost.md)',
        type: 'object',
        additionalProperties: false,
        properties: {
          models: {
            type: 'array',
            items: {
              type: 'object',
              required: ['provider', 'model'],
              additionalProperties: false,
              properties: {
                provider: text,
                model: text,
                model_type: text,
                input_usd_per_mtok: money,
                output_usd_per_mtok: money,
                usd_per_query: money,
                source: text,
                as_of: text
              }
            }
          },
          instances: {
            type: 'array',
            items: {
              type: 'object',
              required: ['instance_type', 'usd_per_hour'],
              additionalProperties: false,
              properties: { provider: text, instance_type: text, usd_per_hour: money, source: text, as_of: text }
            }
          }
        }
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../config.schema.json', import.meta.url), JSON.stringify(configSchema(), null, 2) + '\n')
}
