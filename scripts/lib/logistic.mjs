// Small deterministic learners shared by the judgement-model scripts: logistic regression over hashed
// features (AdaGrad, fixed-seed shuffles), int8 quantisation, and a dense logistic fit (Newton) for
// combining a few features. No clock and no randomness beyond the seed: reruns give the same bytes.

export const sigmoid = (z) => 1 / (1 + Math.exp(-z))

/** mulberry32: the fixed-seed generator of the shuffles. */
export function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Input scale of a text with `n` features: 1/sqrt(n) (`sqrt`, the default), 1/n (`mean`), or
 * sqrt(share / n) (`distinct`, `share` = distinct words / words, src/metrics/shared/distinct-words.ts
 * distinctShare). The last two give a text repeated k times the inputs of the text once; `distinct`
 * stays close to 1/sqrt(n) on ordinary text, where few words repeat.
 */
/** The model files' NORM field for each normalisation. */
export const NORM_CODE = { sqrt: 0, mean: 1, distinct: 2 }

export const normOf = (norm, n, share = 1) =>
  n > 0 ? (norm === 'mean' ? 1 / n : norm === 'distinct' ? Math.sqrt(share / n) : 1 / Math.sqrt(n)) : 0

/**
 * Logistic regression over hashed features `{ feats: bucket ids, y: 0 | 1, weight?, share? }`, inputs scaled by
 * 1/sqrt(feature count) (or 1/count with `norm: 'mean'`: a text repeated n times then has the inputs of
 * the text once; or `norm: 'distinct'`), balanced class weights times each example's own weight. Returns float weights and the bias.
 */
export function trainHashed(examples, size, { epochs, learningRate, l2, seed, norm = 'sqrt' }) {
  const w = new Float64Array(size)
  const g2 = new Float64Array(size)
  let bias = 0
  let gb = 0
  let pos = 0
  let all = 0
  for (const e of examples) {
    all += e.weight ?? 1
    if (e.y === 1) pos += e.weight ?? 1
  }
  const neg = all - pos
  const cw = [all / (2 * neg), all / (2 * pos)]
  const order = examples.map((_, i) => i)
  const next = rng(seed)
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[order[i], order[j]] = [order[j], order[i]]
    }
    for (const k of order) {
      const e = examples[k]
      const scale = normOf(norm, e.n ?? e.feats.length, e.share)
      let z = bias
      for (const b of e.feats) z += w[b] * scale
      const d = (sigmoid(z) - e.y) * cw[e.y] * (e.weight ?? 1)
      for (const b of e.feats) {
        const g = d * scale + l2 * w[b]
        g2[b] += g * g
        w[b] -= (learningRate * g) / Math.sqrt(g2[b] + 1e-12)
      }
      gb += d * d
      bias -= (learningRate * d) / Math.sqrt(gb + 1e-12)
    }
  }
  return { w, bias }
}

/** int8 weights and the scale that maps them back. */
export function quantize(w) {
  let max = 0
  for (const v of w) max = Math.max(max, Math.abs(v))
  const scale = max / 127
  const q = new Int8Array(w.length)
  for (let i = 0; i < w.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round(w[i] / scale)))
  return { q, scale }
}

/**
 * Platt scaling p = sigmoid(a z + c + r) by Newton steps, over rows `{ z, y: 0 | 1, r?, w? }` with the
 * offset r (the rules' logit) held fixed; classes weighted to balance (or to `prior`) unless `balanced`
 * is false.
 */
export function platt(rows, { balanced = true, prior = 0.5 } = {}) {
  // Rows may carry a weight `w` (their source's share); classes are balanced over those weights.
  let pos = 0
  let all = 0
  for (const r of rows) {
    all += r.w ?? 1
    if (r.y === 1) pos += r.w ?? 1
  }
  // Balanced: the classes weigh `1 - prior` and `prior` of the total (a half each by default), so 50 means
  // the odds of a text drawn where that share is positive.
  const cw = balanced ? [(all * (1 - prior)) / (all - pos), (all * prior) / pos] : [1, 1]
  let a = 1
  let c = 0
  for (let it = 0; it < 50; it++) {
    let ga = 0, gc = 0, haa = 0, hac = 0, hcc = 0
    for (const r of rows) {
      const p = sigmoid(a * r.z + c + (r.r ?? 0))
      const d = (p - r.y) * cw[r.y] * (r.w ?? 1)
      const h = p * (1 - p) * cw[r.y] * (r.w ?? 1)
      ga += d * r.z
      gc += d
      haa += h * r.z * r.z
      hac += h * r.z
      hcc += h
    }
    haa += 1e-9
    hcc += 1e-9
    const det = haa * hcc - hac * hac
    const da = (hcc * ga - hac * gc) / det
    const dc = (haa * gc - hac * ga) / det
    a -= da
    c -= dc
    if (Math.abs(da) + Math.abs(dc) < 1e-12) break
  }
  return { a, c }
}

/**
 * Platt's map with a second input: p = sigmoid(a z + b x + c + r) over rows `{ z, x, y, w, r }` (x: how
 * short the text is, for the safety heads), the classes weighted to `prior` over the rows' weights.
 * Returns [a, b, c].
 */
export function plattWith(rows, prior) {
  let pos = 0
  let all = 0
  for (const r of rows) {
    all += r.w
    if (r.y === 1) pos += r.w
  }
  const cw = [(all * (1 - prior)) / (all - pos), (all * prior) / pos]
  return fitDense(rows.map((r) => ({ x: [r.z, r.x], y: r.y, weight: r.w * cw[r.y], offset: r.r })), 1e-4)
}

/**
 * Dense logistic regression `p = sigmoid(w . x + b)` by Newton steps with a small L2 penalty on w;
 * rows `{ x: number[], y: 0 | 1, weight?, offset? }` (a fixed logit added to the row). Returns [...w, b].
 */
export function fitDense(rows, l2 = 1e-3, iterations = 50) {
  const d = rows[0].x.length + 1
  const beta = new Float64Array(d)
  for (let it = 0; it < iterations; it++) {
    const g = new Float64Array(d)
    const h = Array.from({ length: d }, () => new Float64Array(d))
    for (const r of rows) {
      const x = [...r.x, 1]
      let z = r.offset ?? 0
      for (let j = 0; j < d; j++) z += beta[j] * x[j]
      const p = sigmoid(z)
      const wt = r.weight ?? 1
      for (let j = 0; j < d; j++) {
        g[j] += (p - r.y) * wt * x[j]
        for (let k = 0; k < d; k++) h[j][k] += p * (1 - p) * wt * x[j] * x[k]
      }
    }
    for (let j = 0; j < d - 1; j++) {
      g[j] += l2 * rows.length * beta[j]
      h[j][j] += l2 * rows.length
    }
    for (let j = 0; j < d; j++) h[j][j] += 1e-9
    const step = solve(h, g)
    let moved = 0
    for (let j = 0; j < d; j++) {
      beta[j] -= step[j]
      moved += Math.abs(step[j])
    }
    if (moved < 1e-10) break
  }
  return Array.from(beta)
}

/** Gaussian elimination with partial pivoting. */
function solve(a, b) {
  const n = b.length
  const m = a.map((row, i) => [...row, b[i]])
  for (let c = 0; c < n; c++) {
    let p = c
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r
    ;[m[c], m[p]] = [m[p], m[c]]
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c]
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k]
    }
  }
  const x = new Array(n).fill(0)
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n]
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k]
    x[r] = s / m[r][r]
  }
  return x
}

/** Area under the ROC curve (ties count half). */
export function auc(scores, labels) {
  const idx = scores.map((_, i) => i).sort((i, j) => scores[i] - scores[j])
  let sumPos = 0
  let nPos = 0
  for (let i = 0; i < idx.length; ) {
    let j = i
    while (j < idx.length && scores[idx[j]] === scores[idx[i]]) j++
    const mid = (i + j + 1) / 2
    for (let k = i; k < j; k++) if (labels[idx[k]] === 1) {
      sumPos += mid
      nPos++
    }
    i = j
  }
  const nNeg = idx.length - nPos
  return (sumPos - (nPos * (nPos + 1)) / 2) / (nPos * nNeg)
}
