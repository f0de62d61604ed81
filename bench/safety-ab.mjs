// A/B timing of the safety metrics (toxicity, prompt_manipulation, refusal) between two builds of the
// package, run alternately rep by rep in one process: Brown prose as one text (MB/s) and as 100-character
// texts (calls/s). Build the previous commit aside and pass its dist/litmus.js first.
//   node --no-liftoff bench/safety-ab.mjs /tmp/prev/dist/litmus.js dist/litmus.js [reps=15]
import { opsAB } from './util.mjs'

await opsAB(
  {
    toxicity: (l, text) => l.evaluate('toxicity', { text }),
    prompt_manipulation: (l, text) => l.evaluate('prompt_manipulation', { text }),
    refusal: (l, text) => l.evaluate('refusal', { query: 'q', response: text })
  },
  process.argv.slice(2)
)
