import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inShard, workersPay } from '../dist/cli.js'
import { unbuiltOperation } from './helpers.js'

const bin = new URL('../bin/litmus.js', import.meta.url).pathname
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))

function litmus(args: string[], input = '', env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const out = spawnSync('node', [bin, ...args], { input, encoding: 'utf8', env: { ...process.env, ...env } })
  return { code: out.status ?? -1, stdout: out.stdout, stderr: out.stderr }
}

const unbuilt = await unbuiltOperation()
const dir = mkdtempSync(join(tmpdir(), 'litmus-batch-'))
function file(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
const parse = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l))

// Fields the operation does not take are carried through; the request gets only the operation's fields.
// [arguments (the input file last), file content, exit code, expected output lines (compared whole)]
const passThrough: [string[], string, number, Record<string, unknown>[]][] = [
  [['input_type'], '{"id":"a","label":1,"text":"plain words"}\n', 0, [{ line: 1, id: 'a', label: 1, encodings: [] }]],
  [['input_type'], '{"text":"plain words","tags":["x"],"meta":{"k":null}}\n', 0, [{ line: 1, tags: ['x'], meta: { k: null }, encodings: [] }]],
  // An input field named like the line number or a result field is replaced by it.
  [['input_type'], '{"line":99,"encodings":"mine","text":"plain words"}\n', 0, [{ line: 1, encodings: [] }]],
  // A refused line keeps its ids beside the error.
  [['input_type'], '{"id":7,"text":5}\n', 1, [{ line: 1, id: 7, error: expect.stringMatching(/Invalid arguments: 'text'/) }]],
  [['input_type'], '{"id":7}\n', 1, [{ line: 1, id: 7, error: expect.stringMatching(/Missing required arguments: 'text'/) }]],
  // Records naming their operation, and records run on every operation they have the fields for.
  [
    [],
    '{"id":"c1","operation":"cost","model_name":"gpt-4o","model_type":"LLM","model_provider":"openai","number_of_queries":1,"total_prompt_tokens":1000,"total_completion_tokens":500}\n',
    0,
    [{ line: 1, id: 'c1', results: { cost: expect.objectContaining({ cost_estimate_per_run: 0.0075 }) } }]
  ],
  [[], '{"id":"r1","gold":"pos","text":"plain words"}\n', 0, [{ line: 1, id: 'r1', gold: 'pos', results: expect.objectContaining({ input_type: { encodings: [] } }) }]]
]

describe('litmus batch: fields the operation does not take pass through', () => {
  passThrough.forEach(([args, content, code, expected], i) => {
    it(`${args.join(' ') || 'records'} ${content.trim()} -> ${code}`, () => {
      const out = litmus([...args, file(`pass-${i}.jsonl`, content)])
      expect(out.code).toBe(code)
      expect(parse(out.stdout)).toEqual(expected)
    })
  })
})

const mixed = ['{"id":0,"text":"The cat sat."}', '', 'not json', '{"id":3,"text":5}', '[1]', '{"id":5,"text":"Mail a@b.co now."}']
const mixedFile = file('mixed.jsonl', mixed.join('\n') + '\n')

describe('litmus batch: inputs', () => {
  // [arguments, stdin, exit code, pattern stdout must match, pattern stderr must match]
  const cases: [string[], string, number, RegExp, RegExp][] = [
    [['clarity', file('a.ndjson', '{"text":"The cat sat."}\n')], '', 0, /^\{"line":1,"score":[\d.]+\}\n$/, /^litmus: 1 lines, 1 scored, 0 failed in [\d.]+ s \(\d+ lines\/s\)\n$/],
    [['clarity', file('a.txt', '{"text":"The cat sat."}')], '', 0, /^\{"line":1,"score"/, /1 scored, 0 failed/],
    [[file('records.data', '{"text":"The cat sat."}\n')], '', 0, /"results":\{/, /1 scored/],
    [['clarity', '-'], '{"text":"The cat sat."}\n', 0, /^\{"line":1,"score"/, /1 lines, 1 scored/],
    [['batch', 'clarity'], '{"text":"The cat sat."}\n', 0, /^\{"line":1,"score"/, /1 lines, 1 scored/],
    [['batch'], '{"text":"The cat sat."}\n', 0, /^\{"line":1,"results"/, /1 lines, 1 scored/],
    // Piped with no path: two JSON lines are a batch, one JSON value (even pretty-printed) one request.
    [['clarity'], '{"text":"The cat sat."}\n{"text":"A dog ran."}\n', 0, /^\{"line":1,"score":[\d.]+\}\n\{"line":2,"score"/, /2 lines, 2 scored/],
    [['clarity'], '{"text":"The cat sat."}\n', 0, /^\{\n {2}"score"/, /^$/],
    [['clarity'], '{\n  "text": "The cat sat."\n}\n', 0, /^\{\n {2}"score"/, /^$/],
    [['clarity', mixedFile], '', 1, /^(\{"line":[13456],[^\n]*\}\n){5}$/, /^litmus: line 3: not valid JSON\nlitmus: line 4: .*'text'.*\nlitmus: line 5: .*\nlitmus: 5 lines, 2 scored, 3 failed in/],
    // A file that cannot be read: one line, exit 2.
    [['clarity', join(dir, 'missing.jsonl')], '', 2, /^$/, /^litmus: cannot read \S+missing.jsonl: no such file\n$/],
    [[join(dir, 'missing.ndjson')], '', 2, /^$/, /^litmus: cannot read \S+missing.ndjson: no such file\n$/],
    [['batch', 'clarity', dir], '', 2, /^$/, /^litmus: cannot read \S+: is a directory\n$/],
    // Batch flags out of range are usage errors.
    [['clarity', mixedFile, '--shard', '3/3'], '', 2, /^$/, /--shard 3\/3: the index must be from 0 to COUNT - 1/],
    [['clarity', mixedFile, '--shard', '1'], '', 2, /^$/, /--shard expects INDEX\/COUNT/],
    [['clarity', mixedFile, '--concurrency', '0'], '', 2, /^$/, /--concurrency expects 1 to 256/],
    [['batch', 'clarity', mixedFile, '--text', 'x'], '', 2, /^$/, /batch: unknown flag --text/],
    [['--version'], '', 0, new RegExp(`^${version.replace(/\./g, '\\.')}\\n$`), /^$/],
    [['toxicity', '--help'], '', 0, /--text\s+required\s+string\s+the text to score\n--severity\s+optional\s+number from 0 to 1\s.*\n--metadata\s+optional/, /^$/]
  ]
  // Refusing a declared operation that is not built yet, while one remains.
  if (unbuilt) {
    cases.push([['batch', unbuilt, mixedFile], '', 2, /^$/, new RegExp(`'${unbuilt}' is not implemented yet`)])
    cases.push([[unbuilt, '--help'], '', 0, new RegExp(`required[\\s\\S]*'${unbuilt}' is declared by the service but not implemented yet`), /^$/])
  }
  for (const [args, input, code, stdout, stderr] of cases) {
    it(`litmus ${args.map((a) => a.replace(dir, '<tmp>')).join(' ')}${input ? ` < ${JSON.stringify(input)}` : ''} -> ${code}`, () => {
      const out = litmus(args, input)
      expect(out.code).toBe(code)
      expect(out.stdout).toMatch(stdout)
      expect(out.stderr).toMatch(stderr)
    })
  }
})

describe('litmus batch --shard: every line exactly once over the shards', () => {
  // Blank lines, invalid lines and valid ones: 23 lines, so most N do not divide the count.
  const lines = Array.from({ length: 23 }, (_, i) => (i % 7 === 3 ? '' : i % 5 === 4 ? '{oops' : JSON.stringify({ id: i, text: `Line ${i} is here.` })))
  const path = file('shards.jsonl', lines.join('\n') + '\n')
  const nonBlank = lines.flatMap((l, i) => (l === '' ? [] : [i + 1]))
  for (const n of [1, 3, 7]) {
    it(`the CLI, N = ${n}`, () => {
      const seen: number[] = []
      for (let i = 0; i < n; i++) {
        const out = litmus(['batch', 'input_type', path, '--shard', `${i}/${n}`])
        const got = parse(out.stdout).map((o) => o.line as number)
        // Shard i holds the lines whose 0-based index mod N is i, in input order.
        expect(got).toEqual(nonBlank.filter((line) => (line - 1) % n === i))
        expect(out.stderr).toMatch(new RegExp(`${got.length} lines \\(shard ${i}/${n}\\)`))
        seen.push(...got)
      }
      expect(seen.sort((a, b) => a - b)).toEqual(nonBlank)
    })
  }
})

describe('inShard: every index in exactly one shard', () => {
  // Line counts below, at and above N, N up to more shards than lines.
  const table: [lines: number, shards: number[]][] = [
    [0, [1, 2]],
    [1, [1, 2, 5]],
    [23, [1, 2, 3, 7, 22, 23, 24, 40]],
    [1000, [1, 2, 8, 16, 999, 1000, 1001]]
  ]
  for (const [lines, shards] of table) {
    it.each(shards)(`${lines} lines over %i shards`, (n) => {
      const hits = new Array(lines).fill(0)
      const sizes: number[] = []
      for (let i = 0; i < n; i++) {
        let size = 0
        for (let index = 0; index < lines; index++) if (inShard(index, [i, n])) (hits[index]++, size++)
        sizes.push(size)
      }
      expect(hits.every((h) => h === 1)).toBe(true)
      // Interleaved shards differ in size by at most one line.
      if (lines > 0) expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    })
  }
})

describe('litmus batch --concurrency: when workers start', () => {
  // [ms elapsed, bytes read, input bytes (undefined: stdin), workers start, pace measured since [ms, bytes]]
  it.each<[number, number, number | undefined, boolean, [number, number]?]>([
    [100, 1_000_000, 100_000_000, false], // too early, however much is left
    [499, 1_000, undefined, false],
    [500, 1_000, undefined, true], // stdin may always bring more
    [500, 600_000, 1_000_000, false], // 333 ms left: a worker would not earn back its start
    [500, 300_000, 1_000_000, true], // 1.17 s left
    [600, 375_000, 1_000_000, true], // 1.0 s left
    [600, 380_000, 1_000_000, false],
    [600, 1_000_000, 1_000_000, false], // all read
    [600, 0, 1_000_000, true], // nothing read yet (a first line still arriving)
    [500, 300_000, 1_000_000, false, [300, 100_000]], // 0.7 s at the pace since 300 ms: the start was warm-up
    [500, 300_000, 1_000_000, true, [300, 200_000]] // 1.4 s at the pace since 300 ms
  ])('after %i ms with %i of %s bytes read: %s (pace since %j)', (elapsed, read, size, start, since) => {
    expect(workersPay(elapsed, read, size, since)).toBe(start)
  })
})

describe('litmus batch --concurrency: worker threads, input order', () => {
  // 700 lines span three chunks of 256 sent to the pool; failures are spread among them.
  const many = Array.from({ length: 700 }, (_, i) => (i % 97 === 5 ? 'nope' : JSON.stringify({ id: i, text: i % 89 === 0 ? 5 : `Sentence number ${i}. It is short.` })))
  const path = file('many.jsonl', many.join('\n'))
  const one = litmus(['clarity', path])

  // [threads, every chunk to the workers]
  it.each([[2, false], [3, false], [2, true], [3, true]])('--concurrency %i writes the same lines, errors and exit code as one thread (workers only: %s)', (n, workersOnly) => {
    const out = litmus(['clarity', path, '--concurrency', String(n)], '', workersOnly ? { LITMUS_BATCH_WORKERS_ONLY: '1' } : {})
    expect(one.code).toBe(1)
    expect(out.code).toBe(1)
    expect(out.stdout).toBe(one.stdout)
    // More threads than cores (3 on a 2-core machine) adds a warning line first.
    expect(out.stderr.replace(/^litmus: warning: .*\n/, '').replace(/in [\d.]+ s \(\d+/, '')).toBe(one.stderr.replace(/in [\d.]+ s \(\d+/, ''))
    expect(parse(out.stdout).map((o) => o.line)).toEqual(many.map((_, i) => i + 1))
  })

  // Each form a batch is written in, on two threads (every chunk to the workers with LITMUS_BATCH_WORKERS_ONLY).
  it.each([
    [['batch', 'clarity', 'PATH', '--concurrency', '2']],
    [['clarity', '--concurrency', '2', 'PATH']],
    [['batch', 'PATH', '--concurrency=2']] // records: every operation their fields allow
  ])('%j writes what one thread writes', (argv) => {
    const args = argv.map((a) => (a === 'PATH' ? path : a))
    const out = litmus(args, '', { LITMUS_BATCH_WORKERS_ONLY: '1' })
    const single = litmus(args.filter((a) => !a.startsWith('--concurrency') && a !== '2'))
    expect(out.code).toBe(single.code)
    expect(out.stdout).toBe(single.stdout)
  })

  it('a missing --config with --concurrency is a usage error, not a defect', () => {
    const out = litmus(['clarity', path, '--concurrency', '2', '--config', 'no-such-config.mjs'])
    expect(out.code).toBe(2)
    expect(out.stderr).toMatch(/no-such-config\.mjs: no such file/)
  })

  it('the summary counts lines, scored and failed', () => {
    const failed = many.filter((l, i) => l === 'nope' || i % 89 === 0).length
    expect(one.stderr).toMatch(new RegExp(`litmus: 700 lines, ${700 - failed} scored, ${failed} failed in [\\d.]+ s \\(\\d+ lines/s\\)\\n$`))
  })
})
