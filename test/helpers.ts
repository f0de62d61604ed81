import { expect } from 'vitest'

/**
 * Run `fn`, require it to throw an instance of `Type` whose issues name `field`, and return the error
 * for further checks.
 */
export function expectIssue<E extends Error & { issues: { field: string }[] }>(
  fn: () => unknown,
  Type: abstract new (...args: any[]) => E,
  field: string
): E {
  let caught: unknown
  try {
    fn()
  } catch (e) {
    caught = e
  }
  expect(caught).toBeInstanceOf(Type)
  const error = caught as E
  expect(error.issues.map((i) => i.field)).toContain(field)
  return error
}

/**
 * A request for operation `op` (an entry of OPERATIONS) with every required field filled from the
 * schema: `text` in every free string field, the first allowed value of a closed one, the smallest
 * allowed number. Names (provider, model) get `text` too, so they may be refused as unknown.
 */
export function requestFor(op: { request: Record<string, any> }, text: string): Record<string, unknown> {
  const fill = (field: any): unknown => {
    switch (field.type) {
      case 'string':
        return field.oneOf ? field.oneOf[0] : text
      case 'number':
        return field.above !== undefined ? field.above + 1 : (field.min ?? 1)
      case 'boolean':
        return false
      case 'array':
        return Array.from({ length: Math.max(field.minItems ?? 1, 1) }, () => fill(field.items))
      case 'object':
        return Object.fromEntries(Object.entries(field.fields).filter(([, f]: any) => !f.optional).map(([k, f]) => [k, fill(f)]))
      default:
        return undefined
    }
  }
  const body: Record<string, unknown> = {}
  for (const [k, f] of Object.entries(op.request)) if (!f.optional) body[k] = fill(f)
  return body
}

/**
 * A v4 operation the service declares and Litmus does not implement yet, for the tests of how such a
 * name is refused; undefined once every operation is built (those tests are then skipped).
 */
export async function unbuiltOperation(): Promise<string | undefined> {
  const { OPERATIONS, load } = await import('../dist/litmus.js')
  const built = (await load()).operations as readonly string[]
  return Object.keys(OPERATIONS).find((name) => !name.startsWith('v3.') && !built.includes(name))
}

/** CPU milliseconds of one call (not wall time: the machine may be shared, and waiting is not work). */
export function cpuOf(call: () => unknown): number {
  const t0 = process.cpuUsage()
  try {
    call()
  } catch (e) {
    if (!(e instanceof Error) || !('issues' in e)) throw e // a ValidationError is an answer; anything else is not
  }
  const t = process.cpuUsage(t0)
  return (t.user + t.system) / 1000
}

/** Below this a time is mostly timer and collector noise: shorter times count as this. */
const FLOOR_MS = 1

/** Slope of the least-squares fit of log time on log size: 1 for linear growth, 2 for quadratic. */
export function exponentFit(sizes: number[], times: number[], floorMs = FLOOR_MS): number {
  const xs = sizes.map(Math.log)
  const ys = times.map((t) => Math.log(Math.max(t, floorMs)))
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length
  const my = ys.reduce((a, b) => a + b, 0) / ys.length
  let num = 0
  let den = 0
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my)
    den += (xs[i] - mx) ** 2
  }
  return num / den
}

/**
 * How the CPU time of `call(n)` grows over `sizes`: the exponent of the least-squares fit of log time
 * on log size (linear 1, quadratic 2), from the best of several runs per size, sizes measured in
 * alternating rounds so that a busy moment of a shared machine touches every size alike. A fit over
 * `limit` is measured again (up to `retries` more rounds, keeping each size's best) before it is
 * returned: one pause of the collector cannot fail a test, a real quadratic path fails every round.
 */
export function growth(
  call: (n: number) => unknown,
  sizes: number[],
  { limit = 1.5, rounds = 2, retries = 3, equalWork = false }: { limit?: number; rounds?: number; retries?: number; equalWork?: boolean } = {}
): { exponent: number; detail: string } {
  const best = sizes.map(() => Infinity)
  // equalWork: each size is called as many times as fit in the largest (a 16 KB call 8 times beside one
  // of 128 KB), and its time is the mean. A call that allocates much then pays its share of the
  // collector's work at every size alike, instead of one size catching a collection and another not.
  // No forced collection before a size: after one, V8 shrinks its young generation and marks
  // concurrently for a while, and a faithfulness call on 128 KB of "and" chains then took 17-74 ms
  // where it takes 9 ms unforced (fits of 1.2-1.8 against 1.0 in five of five unforced runs).
  const largest = Math.max(...sizes)
  const repeats = (n: number) => (equalWork ? Math.max(1, Math.round(largest / n)) : 1)
  const round = () => {
    for (let i = 0; i < sizes.length; i++) {
      const k = repeats(sizes[i])
      best[i] = Math.min(
        best[i],
        cpuOf(() => {
          for (let r = 0; r < k; r++) call(sizes[i])
        }) / k
      )
    }
  }
  call(sizes[0]) // warm-up: compile and tier up before anything is timed
  for (let r = 0; r < rounds; r++) round()
  const fit = () => exponentFit(sizes, best)
  let exponent = fit()
  for (let r = 0; r < retries && exponent > limit; r++) {
    round()
    exponent = fit()
  }
  const detail = `exponent ${exponent.toFixed(2)} over ${sizes.map((n, i) => `${n}: ${best[i].toFixed(1)} ms`).join(', ')}`
  return { exponent, detail }
}
