// The package as a user gets it: `npm pack`, installed into an empty project, runs the README's Use
// examples (each `// =>` checked), the CLI and the report. Catches files missing from "files", exports
// that point nowhere, and README examples that no longer say what the package does.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { PRELUDE, toModule, useBlocks } from './readme-examples.mjs'

const root = new URL('..', import.meta.url).pathname
const project = mkdtempSync(join(tmpdir(), 'litmus-pack-'))
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 })

beforeAll(() => {
  npm(['pack', '--silent', '--pack-destination', project], root)
  const tarball = readdirSync(project).find((f) => f.endsWith('.tgz'))!
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-litmus', private: true, type: 'module' }))
  // The dependencies come from npm's cache when `npm ci` put them there; the registry otherwise.
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(project, tarball)], project)
}, 300_000)

describe('the package installed from npm pack', () => {
  it('runs the README Use examples and gives what each says', () => {
    writeFileSync(join(project, 'readme.mjs'), PRELUDE + toModule(useBlocks(readFileSync(join(root, 'README.md'), 'utf8'))))
    const run = spawnSync('node', ['readme.mjs'], { cwd: project, encoding: 'utf8', timeout: 120_000 })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  }, 180_000)
  it('runs the CLI: a batch with a verdict, and its report', () => {
    const bin = join(project, 'node_modules', '.bin', 'litmus')
    writeFileSync(join(project, 'replies.jsonl'), '{"id":1,"text":"Thanks, that helped."}\n{"id":2,"text":"You are an idiot."}\n')
    const batch = spawnSync(bin, ['toxicity', 'replies.jsonl', '--threshold', 'toxicity=50'], { cwd: project, encoding: 'utf8', timeout: 120_000 })
    expect(batch.status).toBe(1) // one reply is flagged
    writeFileSync(join(project, 'run.jsonl'), batch.stdout)
    const report = spawnSync(bin, ['report', 'run.jsonl', '--operation', 'toxicity', '--input', 'replies.jsonl', '-o', 'report.html'], { cwd: project, encoding: 'utf8', timeout: 120_000 })
    expect(report.stderr).toMatch(/wrote report.html \(1 metric, 2 lines\)/)
    expect(report.status).toBe(0)
    expect(readFileSync(join(project, 'report.html'), 'utf8')).toMatch(/toxicity/)
  }, 180_000)
})
