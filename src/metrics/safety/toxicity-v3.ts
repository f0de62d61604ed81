// v3 Toxicity: the v4 toxicity of the response, with the default severity. A record of its own (as
// v3 Summarization is) so the toxicity module, its model and its scorer stay as they are.
import type { Scorer } from '../shared/context.js'
import { defineMetric } from '../shared/metric.js'
import { toxicity } from './toxicity.js'

const score: Scorer<'v3.toxicity'> = (request, ctx) => toxicity.score({ text: request.response }, ctx)

export const v3Toxicity = defineMetric({ name: 'v3.toxicity', score, models: toxicity.models })
