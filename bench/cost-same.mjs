// Cost through two builds: every shipped model name under each provider and type (most are errors: the
// type or provider does not match), explainCost and cost compared as JSON, and a user price table through
// costWithPrices (per query and per token). Usage: node bench/cost-same.mjs <previous dist/litmus.js> <new dist/litmus.js>
const [a, b] = process.argv.slice(2)
const A = await (await import(new URL(a, 'file://' + process.cwd() + '/').href)).load({ operations: ['cost'] })
const B = await (await import(new URL(b, 'file://' + process.cwd() + '/').href)).load({ operations: ['cost'] })
const { readFileSync } = await import('node:fs')
const names = new Set()
for (const m of readFileSync(new URL('../src/models/prices.generated.ts', import.meta.url), 'utf8').matchAll(/"model":\s*"([^"]+)"|\["([a-z0-9][\w.\-/:]+)",/g)) names.add(m[1] ?? m[2])
const providers = ['openai', 'azure', 'togetherai', 'huggingface', 'nvidia', 'anthropic', 'google', 'bedrock', 'mistral', 'nosuch', 'OpenAI', 'Together AI']
const types = ['LLM', 'Embedding', 'Reranker', 'RERANKER', 'llm']
const reqs = []
const list = [...names].slice(0, 400)
for (const p of providers) for (const t of types) for (const m of list.length ? list : ['gpt-4o']) {
  reqs.push({ model_provider: p, model_name: m, model_type: t, number_of_queries: 7, total_prompt_tokens: 12345, total_completion_tokens: 678, ...(p === 'huggingface' ? { instance_type: m, average_latency: 250 } : {}) })
}
reqs.push({ model_provider: 'huggingface', model_name: 'x', model_type: 'LLM', number_of_queries: 1, total_prompt_tokens: 1, total_completion_tokens: 1, instance_type: 'aws-nvidia-a10g-x1', average_latency: 1e308 })
reqs.push({ model_provider: 'openai', model_name: 'gpt-4o', model_type: 'LLM', number_of_queries: 2 ** 60, total_prompt_tokens: 1, total_completion_tokens: 1 })
const run = (l, r) => { try { return JSON.stringify([l.explainCost(r), l.cost(r)]) } catch (e) { return 'ERR ' + e.constructor.name + ' ' + e.message } }
let same = 0, diff = 0, errs = 0; const methods = {}
for (const r of reqs) { const x = run(A, r), y = run(B, r); if (x === y) { same++; if (x.startsWith("ERR")) errs++; else { const m = JSON.parse(x)[0].method; methods[m] = (methods[m] ?? 0) + 1 } } else { diff++; if (diff < 4) console.log('DIFF', JSON.stringify(r), '\n', x.slice(0, 300), '\n', y.slice(0, 300)) } }
console.log(JSON.stringify(methods)); console.log(`requests ${reqs.length}: identical ${same} (${errs} the same error), different ${diff}`)
// A user price table: a per-query reranker and a per-token model, through costWithPrices.
const prices = { models: [{ provider: 'nvidia', model: 'nv-rerank', model_type: 'Reranker', usd_per_query: 0.0005 }, { provider: 'acme', model: 'acme-1', model_type: 'LLM', input_usd_per_mtok: 1, output_usd_per_mtok: 2 }] }
let s2 = 0, d2 = 0
for (const [p, m, t] of [['nvidia', 'nv-rerank', 'Reranker'], ['acme', 'acme-1', 'LLM'], ['acme', 'acme-2', 'LLM'], ['nvidia', 'nv-rerank', 'LLM']]) {
  const r = { model_provider: p, model_name: m, model_type: t, number_of_queries: 3, total_prompt_tokens: 100, total_completion_tokens: 10 }
  const f = (l) => { try { return JSON.stringify([l.explainCost(r, prices), l.costWithPrices(r, prices)]) } catch (e) { return 'ERR ' + e.message } }
  const x = f(A), y = f(B); if (x === y) s2++; else d2++
  console.log(x.slice(0, 120))
}
console.log(`user price table: identical ${s2}, different ${d2}`)
