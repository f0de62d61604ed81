// Calls per second of the table-driven estimators. There is no text here, so MB/s does not apply, and no npm
// package implements the same operations (CO2.js estimates per byte transferred), so no peer column.
import { fmt, medianMs, table } from './util.mjs'

export const title = 'Carbon and Cost (calls per second)'

export async function run({ litmus }) {
  const n = 20_000
  const requests = {
    'carbon (v4), AWS m5.xlarge': () => litmus.carbon({ provider: 'aws', region: 'us-east-1', instance_type: 'm5.xlarge', latency: 1000 }),
    'v3.carbon, Azure Standard_NC6s_v3': () =>
      litmus.v3.carbon({ processor_name: 'V100', provider_name: 'azure', provider_region: 'East US', instance_type: 'Standard_NC6s_v3', average_latency: 250 }),
    'cost, openai gpt-4o': () =>
      litmus.cost({ model_name: 'gpt-4o', model_type: 'LLM', model_provider: 'openai', number_of_queries: 1, total_prompt_tokens: 1000, total_completion_tokens: 500 }),
    'cost, nvidia (open-weights median)': () =>
      litmus.cost({ model_name: 'meta/llama-3.1-70b-instruct', model_type: 'LLM', model_provider: 'nvidia', number_of_queries: 1, total_prompt_tokens: 1000, total_completion_tokens: 500 })
  }
  const rows = Object.entries(requests).map(([name, call]) => {
    const ms = medianMs(() => {
      for (let i = 0; i < n; i++) call()
    })
    return [name, fmt((n / ms) * 1000, 0), fmt((ms * 1000) / n, 2)]
  })
  return `Median of 5 runs of ${n.toLocaleString('en-US')} calls each, validation included.
Reproduce: \`npm run build && node bench/index.mjs carbon-cost\`.

${table(['request', 'calls/s', 'µs per call'], rows)}`
}
