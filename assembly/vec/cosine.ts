// Cosine similarity of N vectors as one matrix: rows of f32, unit length, 16-byte aligned, a multiple
// of 16 floats long, so the cosine of two rows is their dot product. Shared by every judgement that
// compares texts (stability first).

/** Dot product of two f32 arrays of n floats (n a multiple of 16), four lanes of four at a time. */
export function dotF32(a: usize, b: usize, n: usize): f32 {
  // Four independent accumulators keep the adds from waiting on each other.
  let s0 = f32x4.splat(0)
  let s1 = f32x4.splat(0)
  let s2 = f32x4.splat(0)
  let s3 = f32x4.splat(0)
  const end = n << 2
  for (let o: usize = 0; o < end; o += 64) {
    s0 = f32x4.add(s0, f32x4.mul(v128.load(a + o), v128.load(b + o)))
    s1 = f32x4.add(s1, f32x4.mul(v128.load(a + o, 16), v128.load(b + o, 16)))
    s2 = f32x4.add(s2, f32x4.mul(v128.load(a + o, 32), v128.load(b + o, 32)))
    s3 = f32x4.add(s3, f32x4.mul(v128.load(a + o, 48), v128.load(b + o, 48)))
  }
  const s = f32x4.add(f32x4.add(s0, s1), f32x4.add(s2, s3))
  return f32x4.extract_lane(s, 0) + f32x4.extract_lane(s, 1) + f32x4.extract_lane(s, 2) + f32x4.extract_lane(s, 3)
}

/**
 * The n x n matrix of dot products of `n` rows of `floats` f32 each (row i at rows + i * floats * 4)
 * into `out` (n * n f32). Each pair is computed once, for i < j, and written to both halves; the
 * diagonal is 1 (rows are unit, or all zero: callers decide what an empty row means).
 */
export function cosineMatrix(rows: usize, n: usize, floats: usize, out: usize): void {
  const rowBytes = floats << 2
  for (let i: usize = 0; i < n; i++) {
    const a = rows + i * rowBytes
    store<f32>(out + (i * n + i) * 4, 1)
    for (let j = i + 1; j < n; j++) {
      const c = dotF32(a, rows + j * rowBytes, floats)
      store<f32>(out + (i * n + j) * 4, c)
      store<f32>(out + (j * n + i) * 4, c)
    }
  }
}

/**
 * For each of `n` rows at `a`, the row of the `m` rows at `b` with the largest dot product (rows of
 * `floats` f32, a multiple of 16): writes (best f32, index u32) pairs to `out` (n * 8 bytes); index
 * 0xffffffff and best 0 when m is 0. Word-to-word matching (answer relevancy, completion) runs here so
 * comparing two 1 KB texts costs one SIMD pass instead of a scalar loop per pair.
 */
export function cosineBest(a: usize, n: usize, b: usize, m: usize, floats: usize, out: usize): void {
  const rowBytes = floats << 2
  for (let i: usize = 0; i < n; i++) {
    const row = a + i * rowBytes
    let best: f32 = 0
    let at: u32 = 0xffffffff
    for (let j: usize = 0; j < m; j++) {
      const c = dotF32(row, b + j * rowBytes, floats)
      if (c > best) {
        best = c
        at = <u32>j
      }
    }
    store<f32>(out + (i << 3), best)
    store<u32>(out + (i << 3), at, 4)
  }
}
