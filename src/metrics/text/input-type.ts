// input_type: encoded segments (base64, hex, binary, ...) in text. The rule that decides what counts
// lives with the scanner in assembly/scan/encodings.ts and in docs/metrics/input-type.md.
import type { Scorer } from '../shared/context.js'
import { defineMetric } from '../shared/metric.js'

import { ENCODING_LABELS } from '../../core/abi.js'

export type EncodingLabel = (typeof ENCODING_LABELS)[number]

const score: Scorer<'input_type'> = (request, ctx) => {
  const { core } = ctx
  const text = request.text
  const ref = core.begin(text)
  const { exports } = core
  const count = exports.encodingsScan(ref.ptr, ref.len)
  if (count === 0) return { encodings: [] }
  const spansPtr = exports.encodingsSpans()
  core.toStringIndices(ref, spansPtr, count * 2)
  const spans = core.u32(spansPtr, count * 2)
  const labels = core.u32(exports.encodingsLabels(), count)
  const encodings = []
  for (let i = 0; i < count; i++) {
    const start = spans[2 * i]
    const end = spans[2 * i + 1]
    encodings.push({ label: ENCODING_LABELS[labels[i]], span: [start, end], string: text.slice(start, end) })
  }
  return { encodings }
}

export const inputType = defineMetric({ name: 'input_type', score, models: [] })
