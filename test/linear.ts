// Shared by the linear-time suites (test/linear-time*.test.ts): every text operation runs in time linear in
// its text. Each operation is run on adversarial repetitions of short units (1-5 bytes over punctuation,
// digits, letters, separators and a few non-ASCII characters) at 16, 32 and 64 KB, and the growth of its
// CPU time is fitted (log time on log size): the exponent of a linear operation is about 1, of a quadratic
// one 2. A unit over the limit is measured again before it fails, so one pause of the collector on a
// shared machine cannot fail CI. The suites are two files so that the two cores run them side by side.
//
// CI runs a deterministic sample of units plus the units known to have been quadratic. The full
// sweep is a long run: LITMUS_LINEAR_UNITS=2000 npx vitest run test/linear-time
// (see docs/limits.md).
import v8 from 'node:v8'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { OPERATIONS, load } from '../dist/litmus.js'
import { cpuOf, exponentFit, requestFor } from './helpers.js'

export const litmus = await load()

const ALPHABET = ' \n\t.,;:!?-_=+*/\\|()[]{}<>@#$%&\'"~^`0123456789aAkKxXzZ\u00e9\u03a9\u4e2d'
// Units once quadratic somewhere outside PII (answer_relevancy, toxicity, prompt_manipulation, the clause
// splitter of the grounded metrics), or close to it.
const KNOWN = ['\u03a98|A', '4[,K', '|(Xa', 'Mail maria@example.com now. ', 'a\n', '5 ', '=\u00e9', 'a b ', 'you idiot ', 'we sat by the river and ']
// Units once quadratic in the PII core (keys and fields, key blocks), and obfuscated forms that reach code only
// PII has (assembly/pii/obfuscated.ts, src/metrics/pii/pii-normalise.ts): only the PII calls get them, the
// other operations would spend minutes of CI on units they read as any text.
const PII_ONLY = ['a=', 'k1=', 'key:', '(x=', 'a_:', '-;', '0|', ';9k|_', '1;', '|\u03a94', '-----BEGIN A PRIVATE KEY----- ',
  '5 - ', '1-\n', 'a dot ', 'x at ', ' [at] ', '\u200b5', '\u0430a', '\uff15 ', 'dot', '(555) 123-4567/', '[1.1.1.1]']

function units(count: number, seed: number): string[] {
  let s = seed
  const r = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32
  const out: string[] = []
  for (let k = 0; k < count; k++) {
    const n = 1 + Math.floor(r() * 5)
    let u = ''
    for (let j = 0; j < n; j++) u += ALPHABET[Math.floor(r() * ALPHABET.length)]
    out.push(u)
  }
  return out
}

const SAMPLE = Number(process.env.LITMUS_LINEAR_UNITS ?? 8)
const UNITS = [...KNOWN, ...units(SAMPLE, 20261123)]

export type Call = (text: string) => unknown

/**
 * Every operation by its name, through `evaluate` with each free string field set to the text. A v3 name
 * that adapts a v4 operation's scorer (`v3.tone` onto `tone`) runs the same code on the same text, so only
 * v3 operations of their own (`v3.summarization`) are timed.
 */
export function operationCalls(filter: (name: string) => boolean): [string, Call][] {
  const v4 = new Set<string>(litmus.operations.filter((n) => !n.startsWith('v3.')))
  return litmus.operations
    .filter((name) => !(name.startsWith('v3.') && (v4.has(name.slice(3)) || name === 'v3.prompt_injection')) && filter(name))
    .map((name): [string, Call] => [name, (text) => litmus.evaluate(name, requestFor((OPERATIONS as any)[name], text))])
}

// Garbage of an earlier measure must not be collected inside a later one.
v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

const SIZES = [16_384, 32_768, 65_536]

/** A unit repeated to `n` characters. */
const repeat = (u: string, n: number) => u.repeat(Math.ceil(n / u.length)).slice(0, n)

/**
 * The fitted exponent of `call` over `sizes` for unit `u`: best CPU time of `reps` alternating rounds per
 * size, then a least-squares fit of log time on log size. Times under FLOOR_MS count as FLOOR_MS.
 */
function exponentOf(call: Call, u: string, sizes: number[], reps: number, best = sizes.map(() => Infinity)): { exponent: number; best: number[] } {
  const texts = sizes.map((n) => repeat(u, n))
  gc()
  for (let r = 0; r < reps; r++) for (let i = 0; i < sizes.length; i++) best[i] = Math.min(best[i], cpuOf(() => call(texts[i])))
  return { exponent: exponentFit(sizes, best, FLOOR_MS), best }
}

// Linear is 1, quadratic 2 (x4 over x2 of size): the limit leaves room for the collector, whose work
// grows with the heap.
const LIMIT = 1.5

// Below this a time is mostly timer and collector noise.
const FLOOR_MS = 2

/** One test per call: its time grows linearly on every unit (PII calls get the PII units too). */
export function linearSuite(calls: [string, Call][]): void {
  describe('time is linear in the text', () => {
    for (const [name, call] of calls) {
      const units = /pii|redact/.test(name) ? [...UNITS, ...PII_ONLY] : UNITS
      it(`${name}: time grows linearly from 16 KB to 64 KB, on every unit`, () => {
        const bad: string[] = []
        for (const u of units) {
          cpuOf(() => call(repeat(u, SIZES[0]))) // compile and tier up first
          let { exponent, best } = exponentOf(call, u, SIZES, 1)
          // A suspect unit is measured again, keeping each size's best, unless it is plainly slow (then
          // noise cannot explain it, and retries would only make CI crawl).
          for (let retry = 0; retry < 3 && exponent > LIMIT && best[best.length - 1] < 1000; retry++) ({ exponent } = exponentOf(call, u, SIZES, 2, best))
          // Responses of hundreds of thousands of small arrays (a span per two characters) cross V8's
          // young generation in this range: plain JS building the same arrays takes 1 ms for 64K pairs and
          // 57 ms for 256K, then 221 ms for 1M. A unit still suspect, and fast enough to try, is measured
          // at 256 KB to 1 MB, above that step: linear is 1 there too, quadratic 2.
          if (exponent > LIMIT && best[best.length - 1] < 250) ({ exponent } = exponentOf(call, u, [262_144, 524_288, 1_048_576], 2))
          if (exponent > LIMIT) bad.push(`${JSON.stringify(u)}: exponent ${exponent.toFixed(2)}`)
        }
        expect(bad).toEqual([])
      }, 240_000)
    }
  })
}
