// Token counts from text (litmus-metrics/tokens): exact against the encoder for ordinary text, linear
// for long runs without spaces, and cost from strings.
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base'
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, load } from '../dist/litmus.js'
import { costOfText, MAX_PIECE, tokenizer } from '../dist/tokens.js'

const TEXTS = [
  'Hello, world!',
  'The committee will review the proposal next week.',
  'Café au lait, s’il vous plaît. Der Übergang war schwierig. 東京は日本の首都です。',
  'function add(a, b) {\n  return a + b\n}\n',
  '  leading and trailing spaces  \n\n\n',
  ''
]

describe('tokenizer', () => {
  it.each(TEXTS)('counts %j as the encoder does (o200k_base and cl100k_base)', async (text) => {
    expect((await tokenizer()).count(text)).toBe(o200k(text))
    expect((await tokenizer('cl100k_base')).count(text)).toBe(cl100k(text))
  })
  it('counts a long run without spaces in parts, close to the encoder', async () => {
    const hash = 'f3a9c2'.repeat(100) // 600 characters, cut into parts of MAX_PIECE
    const whole = o200k(hash)
    const counted = (await tokenizer()).count(hash)
    expect(Math.abs(counted - whole)).toBeLessThanOrEqual(Math.ceil(hash.length / MAX_PIECE))
  })
  it('counts 100,000 letters in a row without the encoder’s quadratic merge (which takes ~45 s)', async () => {
    expect((await tokenizer()).count('a'.repeat(100_000))).toBeGreaterThan(12_000)
  }, 60_000)
  it('refuses a bad encoding and a text that is not a string', async () => {
    await expect(tokenizer('p50k' as never)).rejects.toThrow(/'encoding'.*one of o200k_base, cl100k_base/)
    await expect(tokenizer().then((t) => t.count(5 as never))).rejects.toThrow(InvalidArgumentError)
  })
})

describe('costOfText', () => {
  it('prices the calls from their texts', async () => {
    const litmus = await load({ operations: ['cost'] })
    const prompts = ['What is the capital of France?', 'Summarise this: the cat sat on the mat.']
    const completions = ['Paris.', 'A cat sat on a mat.']
    const out = await costOfText(litmus as never, { model_name: 'gpt-4o', model_type: 'LLM', model_provider: 'openai', prompts, completions })
    const total_prompt_tokens = prompts.reduce((n, t) => n + o200k(t), 0)
    const total_completion_tokens = completions.reduce((n, t) => n + o200k(t), 0)
    expect(out).toEqual({
      ...litmus.cost({ model_name: 'gpt-4o', model_type: 'LLM', model_provider: 'openai', number_of_queries: 2, total_prompt_tokens, total_completion_tokens }),
      total_prompt_tokens,
      total_completion_tokens
    })
  })
  it('names a prompt or completion that is not a string', async () => {
    const litmus = await load({ operations: ['cost'] })
    const request = { model_name: 'gpt-4o', model_type: 'LLM', model_provider: 'openai', prompts: ['a', 5], completions: ['b', 'c'] }
    await expect(costOfText(litmus as never, request as never)).rejects.toThrow(/'prompts\[1\]' \(invalid argument, expected type: string/)
  })
  it('needs one completion per prompt', async () => {
    const litmus = await load({ operations: ['cost'] })
    await expect(costOfText(litmus as never, { model_name: 'gpt-4o', model_type: 'LLM', model_provider: 'openai', prompts: ['a', 'b'], completions: ['c'] })).rejects.toThrow(/'completions'/)
  })
})
