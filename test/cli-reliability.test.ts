// Batches that once lost lines or scored the wrong text: bytes that are not UTF-8, a record nested too
// deep to write (which took its whole 256-line chunk with it under --concurrency), and a line longer than
// V8 can hold as a string (a stack trace, and the lines after it lost).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_LINE_BYTES, readLines } from '../dist/cli.js'

const bin = new URL('../bin/litmus.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'litmus-cli-rel-'))

function litmus(args: string[], input: string | Buffer = '', env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const out = spawnSync('node', [bin, ...args], { input, encoding: 'utf8', env: { ...process.env, ...env } })
  return { code: out.status ?? -1, stdout: out.stdout, stderr: out.stderr }
}
function file(name: string, content: string | Buffer): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
const parse = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l))
const b = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))))

async function lines(chunks: Buffer[], limit?: number): Promise<unknown[]> {
  const out: unknown[] = []
  for await (const line of readLines((async function* () { yield* chunks })(), limit)) out.push(line)
  return out
}

const NOT_UTF8 = { error: 'the line is not valid UTF-8' }
const tooLong = (limit: number) => ({ error: `the line is longer than the limit of ${limit} bytes` })

describe('readLines: bytes to lines', () => {
  // [name, chunks as read from the stream, line limit in bytes, expected lines]
  const table: [string, Buffer[], number | undefined, unknown[]][] = [
    ['nothing', [], undefined, []],
    ['a last line without a newline', [b('a\nb')], undefined, ['a', 'b']],
    ['blank lines kept, no empty line after the last newline', [b('a\n\n\nb\n')], undefined, ['a', '', '', 'b']],
    ['CRLF endings; a lone CR is not an ending', [b('a\r\nb\rc\r\n')], undefined, ['a', 'b\rc']],
    ['a line across chunks', [b('{"te'), b('xt":'), b('1}\n')], undefined, ['{"text":1}']],
    ['a character split across chunks is whole', [b([0xc3]), b([0xa9], '\n')], undefined, ['é']],
    ['a CR and its LF in different chunks', [b('a\r'), b('\nb')], undefined, ['a', 'b']],
    ['a byte-order mark stays for the JSON reader to drop on line 1', [b([0xef, 0xbb, 0xbf], 'x\n')], undefined, ['\ufeffx']],
    ['invalid UTF-8 is refused, the next line read', [b('ok\n', [0x7b, 0xff, 0x7d], '\nnext\n')], undefined, ['ok', NOT_UTF8, 'next']],
    ['an overlong encoding and a lone surrogate are refused', [b([0xc0, 0xaf], '\n', [0xed, 0xa0, 0x80], '\n')], undefined, [NOT_UTF8, NOT_UTF8]],
    ['a truncated character at the end of input', [b('a\n', [0xe2, 0x82])], undefined, ['a', NOT_UTF8]],
    ['a line at the limit is read', [b('12345\n')], 5, ['12345']],
    ['a line one byte over is refused, the lines around it read', [b('1\n123456\n2\n')], 5, ['1', tooLong(5), '2']],
    ['an overlong line across many chunks, then more', [b('1\n12'), b('3456'), b('7890'), b('1\n2')], 5, ['1', tooLong(5), '2']],
    ['an overlong last line without a newline', [b('1\n'), b('1234567')], 5, ['1', tooLong(5)]],
    ['the CR of a CRLF counts toward the limit', [b('12345\r\n')], 5, [tooLong(5)]]
  ]
  for (const [name, chunks, limit, expected] of table) {
    it(name, async () => {
      expect(await lines(chunks, limit)).toEqual(expected)
    })
  }

  it('the default limit is 256 MB, below V8 strings of about 512 MB', () => {
    expect(MAX_LINE_BYTES).toBe(256 * 1024 * 1024)
  })

  it('an overlong line is skipped as it arrives, not gathered: 64 MB through a 1 KB limit', async () => {
    const mb = Buffer.alloc(1 << 20, 0x61)
    async function* stream() {
      yield b('{"a":1}\n')
      for (let i = 0; i < 64; i++) yield mb
      yield b('\n{"b":2}\n')
    }
    const before = process.memoryUsage().arrayBuffers
    const out: unknown[] = []
    let peak = 0
    for await (const line of readLines(stream(), 1024)) {
      out.push(line)
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - before)
    }
    expect(out).toEqual(['{"a":1}', tooLong(1024), '{"b":2}'])
    // The stream's own 1 MB chunk is the only large buffer alive; 64 MB would mean the line was kept.
    expect(peak).toBeLessThan(16 << 20)
  })
})

describe('litmus batch: a line that is not UTF-8 is a line error, as the server refuses it', () => {
  const content = b('{"id":1,"text":"The cat sat."}\n{"id":2,"text":"caf', [0xe9], '"}\n{"id":3,"text":"A dog ran."}\n')
  const path = file('latin1.jsonl', content)
  const expected = [
    { line: 1, id: 1, score: expect.any(Number) },
    { line: 2, error: 'the line is not valid UTF-8' },
    { line: 3, id: 3, score: expect.any(Number) }
  ]
  // [arguments, stdin]: a file on one thread and on two, piped stdin, and records without an operation.
  const runs: [string[], string | Buffer][] = [
    [['clarity', path], ''],
    [['clarity', path, '--concurrency', '2'], ''],
    [['clarity'], content],
    [['batch', 'clarity'], content]
  ]
  for (const [args, input] of runs) {
    it(`litmus ${args.map((a) => a.replace(dir, '<tmp>')).join(' ')}${input.length ? ' < stdin' : ''} -> 1`, () => {
      const out = litmus(args, input)
      expect(out.code).toBe(1)
      expect(parse(out.stdout)).toEqual(expected)
      expect(out.stderr).toMatch(/^(litmus: warning: [^\n]*\n)?litmus: line 2: the line is not valid UTF-8\nlitmus: 3 lines, 2 scored, 1 failed in/)
    })
  }

  it('records run on every operation: the bad line is one error, not a result per operation', () => {
    const out = litmus([path])
    expect(out.code).toBe(1)
    expect(parse(out.stdout)[1]).toEqual({ line: 2, error: 'the line is not valid UTF-8' })
  })

  it('a single request on stdin that is not UTF-8 is refused, exit 2', () => {
    const out = litmus(['clarity'], b('{"text":"caf', [0xe9], '"}'))
    expect(out.code).toBe(2)
    expect(out.stderr).toMatch(/^litmus: stdin is not a JSON request: line 1: the line is not valid UTF-8/)
  })
})

describe('litmus batch: a record nested 1e5 deep fails alone', () => {
  // 300 lines: the deep one is in the first 256-line chunk sent to a worker.
  const deep = '['.repeat(1e5) + ']'.repeat(1e5)
  const many = Array.from({ length: 300 }, (_, i) => (i === 10 ? `{"text":"Deep.","meta":${deep}}` : JSON.stringify({ id: i, text: `Line ${i} is here.` })))
  const path = file('deep.jsonl', many.join('\n') + '\n')
  const one = litmus(['clarity', path])

  it('on one thread', () => {
    expect(one.code).toBe(1)
    const out = parse(one.stdout)
    expect(out.map((o) => o.line)).toEqual(many.map((_, i) => i + 1))
    expect(out[10]).toEqual({ line: 11, error: 'the record is nested too deeply to score or write' })
    expect(out.filter((o) => 'score' in o)).toHaveLength(299)
    expect(one.stderr).toMatch(/^litmus: line 11: the record is nested too deeply to score or write\nlitmus: 300 lines, 299 scored, 1 failed in/)
  })

  it('--concurrency 2 writes the same lines (it once lost the whole chunk)', () => {
    // Every chunk in a worker: the chunk with the deep record is scored there.
    const two = litmus(['clarity', path, '--concurrency', '2'], '', { LITMUS_BATCH_WORKERS_ONLY: '1' })
    expect(two.code).toBe(1)
    expect(two.stdout).toBe(one.stdout)
    expect(two.stderr.replace(/^litmus: warning: .*\n/, '').replace(/in [\d.]+ s \(\d+/, '')).toBe(one.stderr.replace(/in [\d.]+ s \(\d+/, ''))
  })
})

describe('litmus batch --concurrency above the core count', () => {
  const path = file('two.jsonl', '{"text":"The cat sat."}\n{"text":"A dog ran."}\n')
  const cores = availableParallelism()

  it(`${cores + 1} threads on ${cores} cores: a warning on stderr, the same output`, () => {
    const out = litmus(['clarity', path, '--concurrency', String(cores + 1)])
    expect(out.code).toBe(0)
    expect(out.stderr).toMatch(new RegExp(`^litmus: warning: --concurrency ${cores + 1} is more than the ${cores} cores of this machine`))
    expect(parse(out.stdout).map((o) => o.line)).toEqual([1, 2])
  })

  it(`${cores} threads (or auto): no warning`, () => {
    for (const n of [String(cores), 'auto']) expect(litmus(['clarity', path, '--concurrency', n]).stderr).toMatch(/^litmus: 2 lines/)
  })
})
