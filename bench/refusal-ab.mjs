// A/B timing of refusal alone between two builds (see bench/safety-ab.mjs), with the same call on
// toxicity's unchanged code as a control of how noisy the shared machine is in the same rounds.
//   node --no-liftoff bench/refusal-ab.mjs /tmp/prev/dist/litmus.js dist/litmus.js [reps=15]
import { opsAB } from './util.mjs'

await opsAB(
  {
    refusal: (l, text) => l.evaluate('refusal', { query: 'q', response: text }),
    'toxicity (control)': (l, text) => l.evaluate('toxicity', { text })
  },
  process.argv.slice(2)
)
