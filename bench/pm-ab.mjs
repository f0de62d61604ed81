// A/B timing of prompt_manipulation alone between two builds, alternating rep by rep in one process:
// 2 MB of Brown prose as one text (MB/s) and 20,000 100-character texts (calls/s).
//   node --no-liftoff bench/pm-ab.mjs /tmp/prev/dist/litmus.js dist/litmus.js [reps=9]
import { opsAB } from './util.mjs'

await opsAB({ prompt_manipulation: (l, text) => l.evaluate('prompt_manipulation', { text }) }, process.argv.slice(2), 9)
