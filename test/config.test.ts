// Config files and custom metrics: litmus.config.json / .mjs for the CLI and the server, and defineMetric.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigurationError, defineMetric, load } from '../dist/litmus.js'
import { createServer, type LitmusServer } from '../dist/server.js'
import { configSchema } from '../scripts/config-schema.mjs'
import { expectIssue } from './helpers.js'

const bin = new URL('../bin/litmus.js', import.meta.url).pathname
const library = pathToFileURL(new URL('../dist/litmus.js', import.meta.url).pathname).href

/** A directory holding `files`, for a CLI run with it as the working directory. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'litmus-config-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}
// Batches on several threads score every chunk in the workers, so that the workers' reading of the config is what is tested.
const cli = (cwd: string, args: string[]) => spawnSync('node', [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, LITMUS_BATCH_WORKERS_ONLY: '1' } })

const LINES = '{"text":"I am so sorry, I apologise."}\n{"text":"Here is the answer."}\n'
// A metric of the user's own: the share of apology words, as a score.
const APOLOGY = `import { defineMetric } from '${library}'
export default {
  thresholds: { apology: 10 },
  metrics: [defineMetric({
    name: 'apology',
    summary: 'apology words per 100 words',
    request: { text: { type: 'string', description: 'the reply' } },
    score: ({ text }) => {
      const words = text.split(/\\s+/).filter(Boolean)
      const sorry = words.filter((w) => /^(sorry|apologi[sz]e)/i.test(w)).length
      return Math.min(100, (100 * sorry) / Math.max(1, words.length))
    },
    flag: 'above'
  })]
}
`

describe('config.schema.json', () => {
  it('is what scripts/config-schema.mjs writes (run it after changing the verdict table)', () => {
    expect(JSON.parse(readFileSync(new URL('../config.schema.json', import.meta.url), 'utf8'))).toEqual(configSchema())
  })
})

describe('litmus.config.json', () => {
  it('sets thresholds for --fail-under, under the --threshold flags', () => {
    const dir = project({ 'litmus.config.json': '{"$schema":"./config.schema.json","thresholds":{"clarity":101}}', 'lines.jsonl': LINES })
    expect(cli(dir, ['clarity', 'lines.jsonl', '--fail-under', '100']).status).toBe(1)
    expect(cli(dir, ['clarity', 'lines.jsonl', '--fail-under', '100', '--threshold', 'clarity=0']).status).toBe(0)
    expect(cli(dir, ['clarity', 'lines.jsonl', '--config', 'missing.json']).stderr).toMatch(/config file missing.json: no such file/)
  })
  // [config text, pattern of the message]
  const BAD: [string, RegExp][] = [
    ['{"threshold":{}}', /litmus.config.json: unknown key 'threshold'/],
    ['{"thresholds":{"clarity":"high"}}', /litmus.config.json: .*'thresholds.clarity'.*finite number or null/],
    ['{"operations":["clarty"]}', /litmus.config.json: .*'operations\[0\]'/],
    ['[1]', /litmus.config.json: expected an object/],
    ['{"thresholds":', /litmus.config.json: not valid JSON/],
    ['{"metrics":[]}', /custom metrics are functions; define them in litmus.config.mjs/]
  ]
  it.each(BAD)('refuses %s, naming the file', (text, pattern) => {
    const run = cli(project({ 'litmus.config.json': text, 'lines.jsonl': LINES }), ['clarity', 'lines.jsonl'])
    expect(run.stderr).toMatch(pattern)
    expect(run.status).toBe(2)
  })
})

describe('custom metrics', () => {
  it('run, judge and scan like built-in ones', async () => {
    const { default: config } = await import(`data:text/javascript,${encodeURIComponent(APOLOGY)}`)
    const litmus = await load({ ...config, operations: ['toxicity', 'pii'] })
    expect(litmus.operations).toContain('apology')
    expect(litmus.evaluate('apology' as never, { text: 'Sorry about that.' })).toEqual({ score: 33.33 })
    expect(litmus.check('apology' as never, { text: 'Sorry, sorry.' } as never)).toMatchObject({ score: 100, flagged: true, threshold: 10 })
    expect(() => litmus.evaluate('apology' as never, { txt: 'x' })).toThrow(/'text' \(missing required argument/)
    const scan = litmus.scanOutput('Can you help?', 'Sorry, I cannot.', { metrics: ['apology', 'toxicity'] })
    expect(scan.results.apology).toMatchObject({ flagged: true })
    expect(scan.valid).toBe(false)
  })
  // [what, definition, field named]
  const BAD: [string, unknown, string][] = [
    ['a name with capitals', { name: 'Apology', summary: 's', request: { text: { type: 'string', description: 'd' } }, score: () => 1 }, 'name'],
    ['no summary', { name: 'a', request: { text: { type: 'string', description: 'd' } }, score: () => 1 }, 'summary'],
    ['no fields', { name: 'a', summary: 's', request: {}, score: () => 1 }, 'request'],
    ['a field without a type', { name: 'a', summary: 's', request: { text: { description: 'd' } }, score: () => 1 }, 'request.text'],
    ['no score function', { name: 'a', summary: 's', request: { text: { type: 'string', description: 'd' } } }, 'score'],
    ['a bad flag side', { name: 'a', summary: 's', request: { text: { type: 'string', description: 'd' } }, score: () => 1, flag: 'over' }, 'flag']
  ]
  it.each(BAD)('defineMetric refuses %s', (_, definition, field) => {
    expect(expectIssue(() => defineMetric(definition as never), ConfigurationError, field).issues[0]!.field).toBe(field)
  })
  it('load refuses a built-in name, a repeated name and a plain object', async () => {
    const metric = (name: string) => defineMetric({ name, summary: 's', request: { text: { type: 'string', description: 'd' } }, score: () => 1 })
    await expect(load({ metrics: [metric('clarity')] })).rejects.toThrow(/'metrics\[0\].name'/)
    await expect(load({ metrics: [metric('a'), metric('a')] })).rejects.toThrow(/'metrics\[1\].name'/)
    await expect(load({ metrics: [{ name: 'a' }] as never })).rejects.toThrow(/'metrics\[0\]'.*defineMetric/)
  })
  it('never lets a score outside 0..100 out, and says whose it was', async () => {
    const litmus = await load({
      operations: [],
      metrics: [defineMetric({ name: 'broken', summary: 's', request: { text: { type: 'string', description: 'd' } }, score: () => 150 })]
    })
    expect(() => litmus.evaluate('broken' as never, { text: 'x' })).toThrow(/custom metric 'broken' returned 150; a score is a number from 0 to 100/)
  })
  it('come from litmus.config.mjs on the CLI, on one thread or several', () => {
    const dir = project({ 'litmus.config.mjs': APOLOGY, 'lines.jsonl': LINES })
    for (const extra of [[], ['--concurrency', '2']]) {
      const run = cli(dir, ['apology', 'lines.jsonl', '--fail-under', '100', ...extra])
      expect(run.stdout.trim().split('\n').map((l) => JSON.parse(l).verdict.flagged)).toEqual([true, false])
      expect(run.status).toBe(1)
    }
    const records = cli(dir, ['lines.jsonl'])
    expect(records.stdout).toMatch(/"apology":\{"score":33.33\}/)
    // The report reads the same config: the custom metric is judged with its rule and threshold.
    writeFileSync(join(dir, 'run.jsonl'), records.stdout)
    const report = cli(dir, ['report', 'run.jsonl', '--markdown'])
    expect(report.status).toBe(0)
    expect(report.stdout).toMatch(/`apology` \| 2 \|[^\n]*\| ≥ 10 \| 50.0% \(1\)/)
  })
})

describe('the server with a config file', () => {
  let server: LitmusServer
  let base: string
  const KEY = 'config-test-key-0123456789'
  beforeAll(async () => {
    const dir = project({ 'litmus.config.mjs': APOLOGY })
    server = createServer({ keys: [KEY], threads: 1, config: join(dir, 'litmus.config.mjs') })
    base = (await server.listen({ port: 0, host: '127.0.0.1' })).url
  })
  afterAll(() => server.close())
  const post = (path: string, body: unknown) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', API_KEY: KEY }, body: JSON.stringify(body) })

  it('routes custom metrics and uses the config thresholds in scans', async () => {
    expect(await (await post('/v4/metrics/apology', { text: 'Sorry.' })).json()).toEqual({ score: 100 })
    const scan = await (await post('/v4/scan', { prompt: 'Sorry for asking, but how?', metrics: ['apology'] })).json()
    expect(scan).toMatchObject({ valid: false, results: { apology: { threshold: 10, flagged: true } } })
    expect((await post('/v4/metrics/apology', { text: 5 })).status).toBe(400)
  })
})
