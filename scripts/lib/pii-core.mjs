// A bare PII core for scripts and benches: a built wasm file instantiated on its own, with the gazetteer and
// organisation tables installed as the library installs them, and the name tagger's weights when given (the module src/models/pii-tagger.generated.ts)
// (and when the build has the tagger). `put` writes bytes into a fresh call arena and returns their pointer.
import { PII_GAZETTEER } from '../../dist/models/pii-gazetteer.js'
import { PII_ORGS } from '../../dist/models/pii-orgs.js'
import { PII_CLUSTERS } from '../../dist/models/pii-clusters.js'

const enc = new TextEncoder()

export async function piiCore(wasm, { tagger } = {}) {
  const { instance } = await WebAssembly.instantiate(wasm, { env: { abort() { throw new Error('abort') } } })
  const ex = instance.exports
  const put = (bytes) => {
    ex.reset()
    const p = ex.alloc(bytes.length + 1)
    new Uint8Array(ex.memory.buffer).set(bytes, p)
    return p
  }
  const gaz = enc.encode(PII_GAZETTEER)
  ex.piiGazetteerReserve(PII_GAZETTEER.split('\n').length)
  ex.piiGazetteerBuild(put(gaz), gaz.length)
  const orgs = enc.encode(PII_ORGS)
  ex.piiOrgsInstall(ex.lexiconBuild(put(orgs), orgs.length))
  // The tagger's word clusters (features of the tagger; installed whether or not weights are given).
  if (ex.piiClustersInstall) {
    const cl = enc.encode(PII_CLUSTERS)
    ex.piiClustersInstall(put(cl), cl.length)
  }
  if (tagger && ex.piiTaggerReserve) {
    const w = Buffer.from(tagger.PII_TAGGER_WEIGHTS, 'base64')
    // Reserve first: it may grow memory, which detaches any view taken before.
    const at = ex.piiTaggerReserve(tagger.PII_TAGGER_BITS, tagger.PII_TAGGER_SCALE)
    new Uint8Array(ex.memory.buffer).set(w, at)
    ex.piiTaggerThreshold(tagger.PII_TAGGER_THRESHOLD / tagger.PII_TAGGER_SCALE)
  }
  return { ex, put }
}
