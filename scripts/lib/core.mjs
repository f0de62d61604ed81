// The built core (build/litmus.wasm) for training scripts: the features a model is trained on are
// computed by the same code that computes them at run time, so training and scoring cannot drift.
import { readFileSync } from 'node:fs'

const encoder = new TextEncoder()

/** Instantiate build/litmus.wasm; `write(text)` starts a call and returns [ptr, byteLength]. */
export async function loadCore() {
  const bytes = readFileSync(new URL('../../build/litmus.wasm', import.meta.url))
  const { instance } = await WebAssembly.instantiate(bytes, { env: { abort: () => { throw new Error('core abort') } } })
  const x = instance.exports
  const write = (text) => {
    x.reset()
    const cap = text.length * 3
    const ptr = x.alloc(cap)
    const { written } = encoder.encodeInto(text, new Uint8Array(x.memory.buffer, ptr, cap))
    return [ptr, written]
  }
  const f64 = (ptr, n) => new Float64Array(x.memory.buffer, ptr, n)
  // What every load() does first: the tokeniser's memo, and the syllable corrections clarity uses.
  x.tokeniseInit()
  const syllables = readFileSync(new URL('../../src/models/syllables.generated.ts', import.meta.url), 'utf8')
  const list = JSON.parse(syllables.slice(syllables.indexOf('= "') + 2).trim())
  const at = x.syllablesReserve(list.length)
  encoder.encodeInto(list, new Uint8Array(x.memory.buffer, at, list.length))
  x.syllablesLoad(at, list.length)
  return { exports: x, write, f64 }
}
