// Lets `npm test` reuse a build made from the same sources (CI builds for `npm run sample` first).
//
//   node scripts/build-stamp.mjs write    after a build: record the inputs' hash in dist/.build-stamp
//   node scripts/build-stamp.mjs check    exit 0 when dist/ was built from exactly the current inputs
//
// The inputs are everything `npm run build` reads: the core, the TypeScript, the build configs and
// scripts, and the installed packages' lock. Any change to one of them, or a missing stamp, means build.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'

const ROOT = new URL('../', import.meta.url)
const STAMP = new URL('dist/.build-stamp', ROOT)
const INPUTS = [
  'assembly',
  'src',
  'asconfig.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'vite.config.ts',
  'vite.rules.config.ts',
  'scripts/inline-wasm.mjs',
  'scripts/model-files.mjs',
  'scripts/dts-entry.mjs',
  'scripts/build-stamp.mjs'
]

/** Relative paths of the files under `path`, sorted. */
function filesOf(path) {
  const url = new URL(path, ROOT)
  if (!existsSync(url)) return []
  if (!statSync(url).isDirectory()) return [path]
  return readdirSync(url, { recursive: true })
    .map((name) => `${path}/${name}`)
    .filter((p) => statSync(new URL(p, ROOT)).isFile())
    .sort()
}

function inputsHash() {
  const hash = createHash('sha256')
  // The inlined core is written by the build itself from assembly/, which is hashed already.
  for (const file of INPUTS.flatMap(filesOf).filter((f) => !f.endsWith('wasm-binary.generated.ts'))) {
    hash.update(`${file}\0`).update(readFileSync(new URL(file, ROOT))).update('\0')
  }
  return hash.digest('hex')
}

const mode = process.argv[2]
if (mode === 'write') writeFileSync(STAMP, `${inputsHash()}\n`)
else if (mode === 'check') {
  // build/ (the core and the rule tables the evals import) is part of the build's output too.
  const outputs = ['build/litmus.wasm', 'build/rules', 'dist/litmus.js'].every((p) => existsSync(new URL(p, ROOT)))
  const fresh = outputs && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === inputsHash()
  console.log(fresh ? 'build-stamp: dist/ is built from the current sources; reusing it' : 'build-stamp: building')
  process.exit(fresh ? 0 : 1)
} else {
  console.error('usage: node scripts/build-stamp.mjs write|check')
  process.exit(2)
}
