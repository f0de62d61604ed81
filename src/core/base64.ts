// Base64 to bytes, for the inlined WASM and the binary model chunks (int8 weights, word vectors).

/** The value of each base64 character (standard alphabet), 255 for any other code unit below 128. */
const VALUE = new Uint8Array(128).fill(255)
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
for (let i = 0; i < 64; i++) VALUE[ALPHABET.charCodeAt(i)] = i

const bad = (at: number) => new Error(`litmus: invalid base64 in a model chunk at character ${at}`)

/**
 * Table-driven decoder: four characters to three bytes, written straight into the result. For browsers
 * without Uint8Array.fromBase64 it is 2-3x faster than atob, whose binary string then had to be copied
 * byte by byte (2.8 MB name-tagger table in Node 20 on a loaded machine: 12-37 ms against 36-67 ms).
 */
export function decodeBase64Table(text: string): Uint8Array {
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 61) end-- // '=' padding
  const out = new Uint8Array((end * 3) >> 2)
  const whole = end & ~3
  let o = 0
  for (let i = 0; i < whole; i += 4) {
    const a = text.charCodeAt(i)
    const b = text.charCodeAt(i + 1)
    const c = text.charCodeAt(i + 2)
    const d = text.charCodeAt(i + 3)
    // A code unit of 128 or more reads as undefined | 0 = 0 in the table, so check the range too.
    if ((a | b | c | d) >= 128) throw bad(i)
    const n = (VALUE[a] << 18) | (VALUE[b] << 12) | (VALUE[c] << 6) | VALUE[d]
    if ((VALUE[a] | VALUE[b] | VALUE[c] | VALUE[d]) === 255) throw bad(i)
    out[o++] = n >>> 16
    out[o++] = (n >>> 8) & 255
    out[o++] = n & 255
  }
  // The last 2 or 3 characters before the padding carry 1 or 2 bytes.
  const rest = end - whole
  if (rest === 1) throw bad(whole)
  if (rest > 1) {
    let n = 0
    for (let i = whole; i < end; i++) {
      const v = text.charCodeAt(i) < 128 ? VALUE[text.charCodeAt(i)] : 255
      if (v === 255) throw bad(i)
      n = (n << 6) | v
    }
    n <<= 6 * (4 - rest)
    out[o++] = n >>> 16
    if (rest === 3) out[o++] = (n >>> 8) & 255
  }
  return out
}

type NodeBuffer = { from(text: string, encoding: string): Uint8Array }
type FromBase64 = { fromBase64?: (text: string) => Uint8Array }

/** Bytes of a base64 string: a native decoder where there is one, the table decoder elsewhere. */
export function decodeBase64(text: string): Uint8Array {
  // Node's Buffer decodes natively (about 4 ms for 2.8 MB), which matters for the word vectors and the
  // name tagger; recent browsers have Uint8Array.fromBase64; older ones take the table decoder.
  const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer
  if (buffer !== undefined) return new Uint8Array(buffer.from(text, 'base64'))
  const typed = Uint8Array as unknown as FromBase64
  if (typed.fromBase64 !== undefined) return typed.fromBase64(text)
  return decodeBase64Table(text)
}

/** A model's weights: base64 in a JS chunk, or the bytes themselves when read from a model file (core/files.ts). */
export function weightBytes(field: string | Uint8Array): Uint8Array {
  return typeof field === 'string' ? decodeBase64(field) : field
}
