// One definition of a model's canonical name, shared by scripts/build-carbon-cost.mjs (which keys the
// shipped host prices, through the built build/rules.js) and src/metrics/estimates/cost.ts (which looks them up).

/**
 * Canonical name of an open-weights model across hosts: `meta-llama/Llama-3.1-70B-Instruct-Turbo`
 * and `llama-3.1-70b-instruct` give the same key.
 */
export function openWeightsKey(id: string): string {
  return id
    .toLowerCase()
    .trim()
    .split('/')
    .pop()!
    .replace(/:.*$/, '')
    .replace(/[._\s]+/g, '-')
    .split('-')
    .filter((t) => !['turbo', 'fp8', 'fp16', 'tput', 'lite', 'hf', 'nvfp4', 'free', 'maas', 'serverless'].includes(t))
    .join('-')
    .replace(/([a-z])(\d)/g, '$1-$2')
    .replace(/^meta-llama-/, 'llama-')
}
