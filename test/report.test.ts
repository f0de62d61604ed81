import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  buildReport,
  compare,
  diffStripSvg,
  escapeHtml,
  escapeMarkdown,
  histogram,
  quantile,
  readRun,
  renderHtml,
  renderMarkdown,
  summarise
} from '../dist/report.js'

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n'

describe('quantile (linear between ranks, R type 7)', () => {
  // [sorted values, p, expected]
  const cases: [number[], number, number][] = [
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0, 1],
    [[1, 2, 3, 4], 1, 4],
    [[1, 2, 3, 4], 0.9, 3.7],
    [[5], 0.99, 5],
    [[0, 100], 0.99, 99],
    [Array.from({ length: 101 }, (_, i) => i), 0.9, 90],
    [Array.from({ length: 101 }, (_, i) => i), 0.99, 99],
    [[], 0.5, NaN]
  ]
  for (const [values, p, expected] of cases) {
    it(`p${p * 100} of [${values.length > 6 ? `0..${values.length - 1}` : values.join(', ')}] = ${expected}`, () => {
      if (Number.isNaN(expected)) expect(quantile(values, p)).toBeNaN()
      else expect(quantile(values, p)).toBeCloseTo(expected, 10)
    })
  }
})

// A records-mode run (`litmus records.jsonl`): toxicity flags at >= 50, clarity below 30, pii at one entity.
const runA = jsonl([
  { line: 1, id: 'a', results: { toxicity: { score: 10 }, clarity: { score: 80 }, pii: { pii: [] } } },
  { line: 2, id: 'b', results: { toxicity: { score: 60 }, clarity: { score: 20 }, pii: { pii: [{ category: 'EMAIL', string: 'x@y.z', interval: [0, 5] }] } } },
  { line: 3, id: 'c', results: { toxicity: { score: 50 }, clarity: { score: 30 }, pii: { pii: [] } } },
  { line: 4, id: 'd', results: { toxicity: { score: 0 }, clarity: { error: "Error in 'ClarityRequest': ..." }, pii: { pii: [] } } },
  { line: 5, error: 'not valid JSON' }
])
// The same rows scored by another build, in another order.
const runB = jsonl([
  { line: 1, id: 'c', results: { toxicity: { score: 40 }, clarity: { score: 35 } } },
  { line: 2, id: 'b', results: { toxicity: { score: 70 }, clarity: { score: 25 } } },
  { line: 3, id: 'a', results: { toxicity: { score: 20 }, clarity: { score: 81 } } },
  { line: 4, id: 'd', results: { toxicity: { score: 55 }, clarity: { score: 50 } } }
])

describe('summaries', () => {
  const a = readRun('a', runA)
  // [metric, thresholds, count, errors, mean, p50, min, max, flagged]
  const cases: [string, Record<string, number | null>, number, number, number, number, number, number, number][] = [
    ['toxicity', {}, 4, 0, 30, 30, 0, 60, 2],
    ['toxicity', { toxicity: 55 }, 4, 0, 30, 30, 0, 60, 1],
    ['toxicity', { toxicity: null }, 4, 0, 30, 30, 0, 60, 0],
    ['clarity', {}, 3, 1, 130 / 3, 30, 20, 80, 1],
    ['clarity', { clarity: 31 }, 3, 1, 130 / 3, 30, 20, 80, 2],
    ['pii', {}, 4, 0, 0.25, 0, 0, 1, 1]
  ]
  for (const [metric, thresholds, count, errors, mean, p50, min, max, flagged] of cases) {
    it(`${metric} ${JSON.stringify(thresholds)}: ${count} rows, ${flagged} flagged`, () => {
      const s = summarise(readRun('a', runA, { thresholds }), metric)
      expect([s.count, s.errors, s.p50, s.min, s.max, s.flagged]).toEqual([count, errors, p50, min, max, flagged])
      expect(s.mean).toBeCloseTo(mean, 10)
      expect(s.flaggedShare).toBeCloseTo(flagged / count, 10)
    })
  }

  it('reads metrics in order, and a line that failed as a whole', () => {
    expect(a.metrics).toEqual(['toxicity', 'clarity', 'pii'])
    expect(a.rows.map((r) => r.error ?? null)).toEqual([null, null, null, null, 'not valid JSON'])
    expect(buildReport([a]).runs[0].failedLines).toBe(1)
  })

  it('reads plain per-operation lines given --operation, or known by their shape', () => {
    const plain = readRun('p', jsonl([{ line: 1, score: 40 }, { line: 2, error: 'bad' }, { line: 3, id: 7, score: 20 }]), { operation: 'clarity' })
    const s = summarise(plain, 'clarity')
    expect([s.count, s.errors, s.flagged]).toEqual([2, 1, 1])
    expect(plain.rows[2].id).toBe('7')
    expect(readRun('s', jsonl([{ line: 1, min: 20, avg: 60 }])).metrics).toEqual(['stability'])
    expect(readRun('c', jsonl([{ line: 1, encodings: [] }])).metrics).toEqual(['input_type'])
    expect(() => readRun('q', jsonl([{ line: 1, score: 40 }]))).toThrow(/give it with --operation NAME/)
  })

  it('names the line of input that is not batch output', () => {
    expect(() => readRun('bad.jsonl', '{"line":1,"results":{}}\nnope\n')).toThrow(/bad\.jsonl: line 2: expected a JSON object/)
    expect(() => readRun('bad.jsonl', '[1]\n')).toThrow(/line 1: .* got an array/)
  })

  it('bins scores 0..100 in tens, small counts one per value, both runs on the same bins', () => {
    const bins = histogram('toxicity', [[0, 9.9, 10, 100], [55]])
    expect(bins.length).toBe(10)
    expect(bins[0].counts).toEqual([2, 0])
    expect(bins[1].counts).toEqual([1, 0])
    expect(bins[9].counts).toEqual([1, 0])
    expect(bins[5].counts).toEqual([0, 1])
    expect(histogram('pii', [[0, 0, 3]]).map((b) => b.counts[0])).toEqual([2, 0, 0, 1])
  })
})

describe('large runs', () => {
  it('bins and draws 300,000 values without spreading them onto the stack, in at most 1,000 ticks', () => {
    const values = Array.from({ length: 300_000 }, (_, i) => i % 7)
    expect(histogram('pii', [values]).map((b) => b.counts[0])).toEqual([42858, 42857, 42857, 42857, 42857, 42857, 42857])
    const svg = diffStripSvg(values, 'diffs')
    expect(svg.match(/<line /g)!.length).toBe(1000 + 1)
  })
})

describe('comparison of two runs', () => {
  const c = compare(readRun('a', runA), readRun('b', runB))
  it('pairs rows by id when every row has a unique one', () => expect(c.pairedBy).toBe('id'))
  // [metric, mean delta, flagged-share delta, pairs, paired mean diff, rows whose verdict changed]
  const cases: [string, number, number, number, number, string[]][] = [
    ['toxicity', 46.25 - 30, 0.5 - 0.5, 4, (10 + 10 - 10 + 55) / 4, ['c', 'd']],
    ['clarity', 191 / 4 - 130 / 3, 0.25 - 1 / 3, 3, (1 + 5 + 5) / 3, []]
  ]
  for (const [metric, meanDelta, shareDelta, pairs, paired, changed] of cases) {
    it(`${metric}: Δ mean ${meanDelta.toFixed(2)}, ${pairs} pairs, changed ${changed.join(', ') || 'none'}`, () => {
      const m = c.metrics.find((x) => x.metric === metric)!
      expect(m.meanDelta).toBeCloseTo(meanDelta, 10)
      expect(m.flaggedShareDelta).toBeCloseTo(shareDelta, 10)
      expect(m.pairs.length).toBe(pairs)
      expect(m.pairedMeanDiff).toBeCloseTo(paired, 10)
      expect(m.changed.map((p) => p.key).sort()).toEqual(changed)
    })
  }
  it('lists the metrics of one run only', () => expect([c.onlyA, c.onlyB]).toEqual([['pii'], []]))
  it('pairs by line when ids are missing or repeated', () => {
    const x = readRun('x', jsonl([{ line: 1, score: 10 }, { line: 2, score: 90 }]), { operation: 'toxicity' })
    const y = readRun('y', jsonl([{ line: 2, score: 10 }, { line: 1, score: 10 }]), { operation: 'toxicity' })
    const m = compare(x, y)
    expect(m.pairedBy).toBe('line')
    expect(m.metrics[0].pairs.map((p) => [p.key, p.diff])).toEqual([['1', 0], ['2', -80]])
    expect(m.metrics[0].changed.map((p) => p.key)).toEqual(['2'])
  })
})

describe('rendering hostile text', () => {
  const hostile = '<script>window.pwned=1</script><img src=x onerror="alert(1)"> | **bold** [link](http://x) `code`'
  const run = readRun('<b>run</b>.jsonl', jsonl([{ line: 1, text: hostile, results: { toxicity: { score: 99 } } }]))
  const report = buildReport([run], 'Report </title><script>x</script>')
  const html = renderHtml(report)
  const md = renderMarkdown(report)

  it('escapes text, run names and the title in HTML', () => {
    expect(html).not.toMatch(/<script|<img|<b>run/i)
    expect(html).toContain('&lt;script&gt;window.pwned=1&lt;/script&gt;')
    expect(html).toContain('&lt;b&gt;run&lt;/b&gt;.jsonl')
    expect(escapeHtml(`"'&<>`)).toBe('&quot;&#39;&amp;&lt;&gt;')
  })
  it('is one file: no script, no external reference', () => {
    expect(html).not.toMatch(/<script|<link|src=["']?http|@import|url\(/i)
  })
  it('escapes text in Markdown: no HTML, no markup, no broken table', () => {
    expect(md).not.toMatch(/<script|<img/i)
    const row = md.split('\n').find((l) => l.includes('pwned'))!
    expect(row.split(/(?<!\\)\|/).length).toBe(5)
    expect(escapeMarkdown('a|b *c* <d>\n[e](f) e-mail +1')).toBe('a\\|b \\*c\\* &lt;d> \\[e\\]\\(f\\) e-mail +1')
  })
})

describe('litmus report (CLI)', () => {
  const bin = new URL('../bin/litmus.js', import.meta.url).pathname
  const dir = mkdtempSync(join(tmpdir(), 'litmus-report-'))
  const cli = (args: string[]) => {
    const out = spawnSync('node', [bin, ...args], { encoding: 'utf8', cwd: dir })
    return { code: out.status, stdout: out.stdout, stderr: out.stderr }
  }
  const input = join(dir, 'requests.jsonl')
  writeFileSync(input, jsonl([{ id: 'r1', text: 'The cat sat on the mat. It was happy.' }, { id: 'r2', text: 'You are an idiot <script>x</script>' }]))

  it('scores a batch, then reports it as HTML and Markdown, and compares two runs', () => {
    const run = cli([input])
    expect(run.code).toBe(0)
    writeFileSync(join(dir, 'a.jsonl'), run.stdout)
    const out = cli(['report', 'a.jsonl', '-o', 'report.html', '--input', 'requests.jsonl', '--threshold', 'toxicity=1'])
    expect(out.code, out.stderr).toBe(0)
    expect(out.stderr).toMatch(/wrote report\.html \(\d+ metrics, 2 lines\)/)
    const html = readFileSync(join(dir, 'report.html'), 'utf8')
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('id="m-toxicity"')
    expect(html).toContain('<code>toxicity=1</code>')
    expect(html).toContain('You are an idiot &lt;script&gt;x&lt;/script&gt;')
    const md = cli(['report', 'a.jsonl', 'a.jsonl', '--markdown'])
    expect(md.code).toBe(0)
    expect(md.stdout).toMatch(/## Comparison/)
    expect(md.stdout).toMatch(/Rows paired by `id`/)
  })

  // [arguments, exit code, stderr pattern]
  const errors: [string[], number, RegExp][] = [
    [['report'], 2, /report expects one or two batch outputs/],
    [['report', 'a', 'b', 'c'], 2, /got 3/],
    [['report', 'missing.jsonl'], 2, /cannot read missing\.jsonl: no such file/],
    [['report', 'requests.jsonl', '--threshold', 'toxicity'], 2, /--threshold expects METRIC=NUMBER/],
    [['report', 'requests.jsonl', '--threshold', 'colour=3'], 2, /'colour' is not a metric with a verdict/],
    [['report', 'requests.jsonl', '--threshold', 'toxicity=high'], 2, /--threshold expects METRIC=NUMBER \(or METRIC=off\)/],
    [['report', 'requests.jsonl', '--frobnicate'], 2, /unknown flag --frobnicate/],
    [['report', 'requests.jsonl'], 2, /line 1: plain lines .* --operation NAME/]
  ]
  for (const [args, code, pattern] of errors) {
    it(`${args.join(' ')} -> exit ${code}`, () => {
      const out = cli(args)
      expect(out.code).toBe(code)
      expect(out.stderr).toMatch(pattern)
    })
  }

  it('--help prints the report usage on stdout', () => {
    const out = cli(['report', '--help'])
    expect(out.code).toBe(0)
    expect(out.stdout).toMatch(/^Usage:\n {2}litmus report run\.jsonl/)
  })
})
