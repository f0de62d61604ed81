// Per-call cost of small requests: `validate` alone on a one-field request, a whole call whose scorer
// does next to nothing (input_type on one character: validation, the response check and the plumbing),
// and clarity on 100-character Brown slices. With LITMUS_BASE_DIST set to another build's dist directory
// (e.g. main's, copied aside), both builds run alternately in this process and the paired ratios are
// shown (bench/call-ab.mjs does the same from the command line).
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { measure } from './call-ab.mjs'
import { fmt, table } from './util.mjs'

export const title = 'Per-call cost of small requests'

const CASES = [
  ['validate', '`validate` on a one-field clarity request (copy and check)'],
  ['call1', 'whole call, input_type on one character (validation, response check, plumbing)'],
  ['clarity100', 'clarity on a 100-character text']
]

export async function run() {
  const ours = fileURLToPath(new URL('../dist/', import.meta.url))
  const base = process.env.LITMUS_BASE_DIST
  // How to name the previous build in the text (a commit, a branch); its directory otherwise.
  const baseName = process.env.LITMUS_BASE_NAME ?? base
  const load = os.loadavg()[0]
  const results = await measure(base ? [base, ours] : [ours], CASES.map(([name]) => name), 21)
  const rows = results.map(({ name, rows }) => {
    const label = CASES.find(([n]) => n === name)[1]
    const now = rows[rows.length - 1]
    return base ? [label, fmt(rows[0].us, 3), `**${fmt(now.us, 3)}**`, `${fmt(now.paired, 2)}×`] : [label, `**${fmt(now.us, 3)}**`]
  })
  const header = base ? ['work', 'previous build, µs/call', 'this build, µs/call', 'paired speed-up'] : ['work', 'µs/call']
  return `${table(header, rows)}

Medians of 21 alternating repetitions in one process${base ? `; the previous build is ${baseName}` : ''}. Absolute figures move with the
machine's load (load average ${fmt(load, 1)} on ${os.cpus().length} cores during this run); the paired ratio (median of per-repetition ratios) does not. Reproduce:
\`cp -r dist /tmp/base-dist\` on the previous build, then \`LITMUS_BASE_DIST=/tmp/base-dist node --no-liftoff bench/index.mjs per-call\`
or \`node --no-liftoff bench/call-ab.mjs /tmp/base-dist dist validate call1 clarity100 31\`.`
}
