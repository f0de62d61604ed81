// A/B timing of the style metrics (tone, formality, simplicity, helpfulness and v3.helpfulness with a
// query) between two builds of the package, run alternately rep by rep in one process: Brown prose as one
// text (MB/s) and as 100-character texts (calls/s). Build the previous commit aside and pass its
// dist/litmus.js first; OPS=tone,helpfulness limits the operations.
//   node --no-liftoff bench/style-ab.mjs /tmp/style-prev/dist/litmus.js dist/litmus.js [reps=15]
import { opsAB } from './util.mjs'

const OPS = {
  tone: (l, text) => l.evaluate('tone', { text }),
  formality: (l, text) => l.evaluate('formality', { text }),
  simplicity: (l, text) => l.evaluate('simplicity', { text }),
  helpfulness: (l, text) => l.evaluate('helpfulness', { text }),
  'v3.helpfulness': (l, text) => l.evaluate('v3.helpfulness', { query: 'How do I reset the router in the hallway?', response: text }),
  // A query asking for a form: the response's form is read too (one more pass).
  'v3.helpfulness form asked': (l, text) => l.evaluate('v3.helpfulness', { query: 'In two sentences, how many times should I reset the router?', response: text })
}
const only = process.env.OPS?.split(',')
await opsAB(Object.fromEntries(Object.entries(OPS).filter(([op]) => !only || only.includes(op))), process.argv.slice(2))
