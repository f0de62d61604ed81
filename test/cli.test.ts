import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unbuiltOperation } from './helpers.js'

const bin = new URL('../bin/litmus.js', import.meta.url).pathname

function litmus(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync('node', [bin, ...args], { input: input ?? '', encoding: 'utf8', stdio: 'pipe' })
    return { code: 0, stdout, stderr: '' }
  } catch (e: any) {
    return { code: e.status, stdout: e.stdout, stderr: e.stderr }
  }
}

const dir = mkdtempSync(join(tmpdir(), 'litmus-cli-'))
const requests = join(dir, 'requests.jsonl')
writeFileSync(requests, '{"text":"The cat sat. It was happy."}\n\n{"text":5}\nnot json\n')
const records = join(dir, 'records.jsonl')
writeFileSync(records, '{"text":"Hello there, friend."}\n{"operation":"cost","model_name":"gpt-4o","model_type":"LLM","model_provider":"openai","number_of_queries":1,"total_prompt_tokens":1000,"total_completion_tokens":500}\n')

// [arguments, stdin, exit code, pattern the output (stdout for 0, stderr otherwise) must match]
const cases: [string[], string | undefined, number, RegExp][] = [
  [['clarity', '--text', 'The cat sat on the mat.'], undefined, 0, /"score": \d/],
  [['clarity', '--text=The cat sat on the mat.', '--metadata', '{"id":3}'], undefined, 0, /"id": 3/],
  [['input_type', '--text', 'x aGVsbG8gd29ybGQsIHRoaXMgaXMgYSB0ZXN0'], undefined, 0, /"label": "base64"/],
  [['clarity'], '{"text":"Short words help."}', 0, /"score"/],
  [['carbon', '--provider', 'aws', '--region', 'us-east-1', '--instance-type', 'm5.xlarge', '--latency', '1000'], undefined, 0, /"kg_co2e"/],
  // Text with no words is scored, as everywhere (docs/api.md): the error case is a wrong type.
  [['clarity', '--text', ''], undefined, 0, /"score": 100/],
  [['clarity'], '{"text":5}', 1, /Error in 'ClarityRequest': Invalid arguments: 'text'/],
  [['clarity'], '{}', 1, /Missing required arguments: 'text'/],
  [['carbon', '--latency', 'soon'], undefined, 2, /--latency expects a number/],
  [['clarity', '--colour', 'red'], undefined, 2, /unknown flag --colour; this operation takes: --text, --metadata/],
  [['clarity'], 'not json', 2, /stdin is not a JSON request/],
  [['nonsense'], undefined, 2, /'nonsense' is not an operation \('litmus --help' lists them\)\nRun 'litmus --help' for usage\.\n$/],
  [['serve', '--help'], undefined, 0, /^Usage:\n {2}litmus serve/],
  [['clarity', requests], undefined, 1, /^litmus: line 3: Error in 'ClarityRequest'.*\nlitmus: line 4: not valid JSON\nlitmus: 3 lines, 1 scored, 2 failed in [\d.]+ s \(\d+ lines\/s\)\n\{"line":1,"score":[\d.]+\}\n\{"line":3,"error":"Error in 'ClarityRequest'.*\n\{"line":4,"error":"not valid JSON"\}\n$/],
  [[records], undefined, 0, /"line":1,"results":\{(?=[^\n]*"clarity":\{"score")(?=[^\n]*"input_type":\{"encodings":\[\]\}).*\n.*"line":2,"results":\{"cost":\{"cost_estimate_per_run":0.0075/],
  [['operations'], undefined, 0, /^clarity\s+text \[metadata\]$/m],
  [['sample'], undefined, 0, /encoded payload\s+input_type\s+encodings \[base64/],
  [['--help'], undefined, 0, /Usage:/],
  [[], undefined, 2, /Usage:/]
]

const unbuilt = await unbuiltOperation()
if (unbuilt) cases.push([[unbuilt, '--text', 'x'], undefined, 2, new RegExp(`'${unbuilt}' is not implemented yet`)])

describe('litmus CLI', () => {
  for (const [args, input, code, pattern] of cases) {
    it(`litmus ${args.map((a) => a.replace(dir, '<tmp>')).join(' ')}${input ? ` < ${input}` : ''} -> ${code}`, () => {
      const out = litmus(args, input)
      expect(out.code).toBe(code)
      expect(code === 0 ? out.stdout : out.stderr + out.stdout).toMatch(pattern)
    })
  }
})

describe('litmus CLI batches never lose a line', () => {
  const file = (name: string, content: string) => {
    const path = join(dir, name)
    writeFileSync(path, content)
    return path
  }

  it('a null line, a number, an array: reported with their numbers, the batch goes on, exit 1', () => {
    const path = file('hostile.jsonl', 'null\n42\n[1]\n{"text":"The cat sat."}\n')
    const out = litmus([path])
    expect(out.code).toBe(1)
    expect(out.stderr).toMatch(/line 1: a record must be a JSON object\n.*line 2: .*\n.*line 3: .*\n.*4 lines, 1 scored, 3 failed/)
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l))
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3, 4])
    expect(lines[3].results.clarity.score).toBeGreaterThan(0)
  })

  it('a line of 50,000 keys (once a stack overflow that ended the batch) and the lines after it', () => {
    const path = file('keys.jsonl', JSON.stringify({ text: 'a='.repeat(50_000) }) + '\n{"text":"Mail a@b.co now."}\n')
    const out = litmus(['pii', path])
    expect(out.code).toBe(0)
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l))
    expect(lines.map((l) => l.line)).toEqual([1, 2])
    expect(lines[1].pii[0].string).toBe('a@b.co')
  })

  it('an operation named __proto__ is an unknown operation, reported as such', () => {
    const path = file('proto.jsonl', '{"operation":"__proto__","text":"x"}\n{"operation":"constructor","text":"x"}\n')
    const out = litmus([path])
    expect(out.code).toBe(1)
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l))
    expect(Object.hasOwn(lines[0].results, '__proto__')).toBe(true)
    expect(lines[0].results.__proto__.error).toMatch(/unknown operation/)
    expect(lines[1].results.constructor.error).toMatch(/unknown operation/)
  })

  it('a UTF-8 byte-order mark before line 1 (and before a stdin request) is ignored', () => {
    const path = file('bom.jsonl', '\ufeff{"text":"The cat sat."}\n')
    const out = litmus(['clarity', path])
    expect(out.code).toBe(0)
    expect(JSON.parse(out.stdout).score).toBeGreaterThan(0)
    expect(litmus(['clarity'], '\ufeff{"text":"The cat sat."}').code).toBe(0)
  })

  it.each(['--constructor', '--__proto__', '--toString'])('the flag %s is an unknown flag', (flag) => {
    const out = litmus(['clarity', flag, 'x'])
    expect(out.code).toBe(2)
    expect(out.stderr).toMatch(/unknown flag/)
  })

  it('a batch on stdin answers each line as it arrives, before the input ends', async () => {
    // Output is gathered for fewer writes; a line's answer must still not wait for the next line.
    const child = spawn('node', [bin, 'batch', 'clarity', '-'], { stdio: ['pipe', 'pipe', 'pipe'] })
    let out = ''
    const waiting: [number, () => void][] = []
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      for (const [n, resolve] of waiting) if (out.split('\n').length > n) resolve()
    })
    const exited = once(child, 'exit')
    // Settles once n answers are out; fails the test if the process ends first.
    const answered = (n: number) => Promise.race([new Promise<void>((resolve) => waiting.push([n, resolve])), exited.then(() => Promise.reject(new Error(`ended with only: ${out}`)))])
    child.stdin.write('{"text":"The cat sat on the mat."}\n')
    await answered(1)
    child.stdin.write('{"text":"It was happy."}\n')
    await answered(2)
    child.stdin.end()
    await exited
    expect(out.split('\n').filter(Boolean).map((l) => JSON.parse(l).line)).toEqual([1, 2])
  })

  it('a reader that closes the pipe early ends the batch quietly', () => {
    const path = file('many.jsonl', '{"text":"The cat sat on the mat."}\n'.repeat(20_000))
    const out = spawnSync('sh', ['-c', `node ${bin} clarity ${path} | head -n 1`], { encoding: 'utf8' })
    expect(out.stdout).toMatch(/^\{"line":1,"score"/)
    expect(out.stderr).toBe('')
  })
})
