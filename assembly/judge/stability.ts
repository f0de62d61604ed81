// Stability: similarity of meaning between every pair of N responses. One row per response
// (vec/vectors.ts), then one pass of SIMD dot products over the pairs (vec/cosine.ts); each cosine is
// mapped to 0..100 by the model's fixed map: 0 at ZERO (the median cosine of unrelated texts), 100 at
// cosine 1.
import { arenaAlloc } from '../arena'
import { cosineMatrix } from '../vec/cosine'
import { rowFloats, vectorsEmbed } from '../vec/vectors'

let zero: f64 = 0

/** Set the cosine that scores 0 (the model's ZERO). */
export function stabilityZero(z: f64): void {
  zero = z
}

const RESULT: usize = memory.data(24, 16)

/**
 * `texts`: n pairs of u32 (ptr, len) of UTF-8 responses already in memory. Writes the n x n f32
 * matrix of pair scores (0..100; diagonal 100) in the call's arena. Returns a pointer to: min (f64),
 * mean over pairs i < j (f64), matrix pointer (u32), 0 (u32).
 */
export function stability(texts: usize, n: u32): usize {
  const count = <usize>n
  const rowBytes = rowFloats << 2
  const rows = arenaAlloc(count * rowBytes)
  const empty = arenaAlloc(count)
  for (let i: usize = 0; i < count; i++) {
    const ptr = <usize>load<u32>(texts + (i << 3))
    const len = <usize>load<u32>(texts + (i << 3), 4)
    store<u8>(empty + i, vectorsEmbed(ptr, len, rows + i * rowBytes) == 0 ? 1 : 0)
  }
  const matrix = arenaAlloc(count * count * 4)
  cosineMatrix(rows, count, rowFloats, matrix)
  const span = 1 - zero
  let min: f64 = 100
  let sum: f64 = 0
  for (let i: usize = 0; i < count; i++) {
    const ea = load<u8>(empty + i)
    store<f32>(matrix + (i * count + i) * 4, 100)
    for (let j = i + 1; j < count; j++) {
      let s: f64
      const eb = load<u8>(empty + j)
      if (ea | eb) {
        // Texts without words: alike only to each other.
        s = ea & eb ? 100 : 0
      } else {
        s = (<f64>load<f32>(matrix + (i * count + j) * 4) - zero) / span
        s = s < 0 ? 0 : s > 1 ? 100 : s * 100
      }
      store<f32>(matrix + (i * count + j) * 4, <f32>s)
      store<f32>(matrix + (j * count + i) * 4, <f32>s)
      if (s < min) min = s
      sum += s
    }
  }
  const pairs = <f64>n * <f64>(n - 1) / 2
  store<f64>(RESULT, min)
  store<f64>(RESULT, pairs > 0 ? sum / pairs : 100, 8)
  store<u32>(RESULT, <u32>matrix, 16)
  store<u32>(RESULT, 0, 20)
  return RESULT
}
