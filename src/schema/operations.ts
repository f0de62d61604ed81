// THE table of operations. Everything else (types, validation, errors, the Evaluator's methods, the
// API docs) is derived from it. Field names are the service's JSON names, exactly.
import { arr, bool, int, metadata, num, obj, opt, score, str, type Field } from './fields.js'
import { MAX_TOPIC_CHARS, MAX_TOPICS } from './limits.js'

/** A cross-field rule the field table cannot express; returns the offending field and why. */
export interface Rule {
  description: string
  /** `kind: 'missing'` when the rule makes an absent optional field required. */
  check(request: any): { field: string; expected: string; received?: unknown; kind?: 'missing' | 'invalid' } | undefined
}

export interface Operation {
  /** The service's snake_case endpoint name (or `v3.<name>` for a v3 operation). */
  name: string
  version: 'v3' | 'v4'
  /** Type name used in error messages, as the hosted service's client names it. */
  requestType: string
  summary: string
  request: Record<string, Field>
  /** Response fields; the v3 listing does not show response bodies for most operations. */
  response?: Record<string, Field>
  rules?: readonly Rule[]
}

const text = str('the text to score')
const query = str('the user query or prompt')
const response = str('the response from the model')
const severity = opt(num('how strict the metric is, from 0 (lenient) to 1 (strict)', { min: 0, max: 1 }))
const topics = arr(str('a topic name: a word or a short phrase', { nonEmpty: true, maxLength: MAX_TOPIC_CHARS }), 'topics to look for in the text', {
  minItems: 1,
  maxItems: MAX_TOPICS
})
const objectScore = obj('ObjectStyleScore', 'a labelled score', {
  label: str('label of the score'),
  score: score('score from 0 to 100')
})
const scores = (description: string) => arr(objectScore, description)
const contextChunk = obj('ContextChunk', 'one chunk of retrieved context', {
  chunk_text: str('text of the chunk'),
  chunk_id: opt(str('unique identifier; required for every chunk when citations are requested', { nonEmpty: true }))
})
const context = arr(contextChunk, 'retrieved context chunks', { minItems: 1 })
const span = arr(int('string index', { min: 0 }), '[start, end) in string indices (UTF-16 code units)', {
  minItems: 2
})
const statement = obj('Statement', 'an atomic claim of the response and its verdict', {
  statement: str('atomic fact extracted from the response'),
  label: str('verdict on the statement', {
    oneOf: ['Safe', 'Unsafe', 'Intrinsic Hallucination', 'Extrinsic Hallucination']
  }),
  probability: num('probability of the label, 0 to 1', { min: 0, max: 1 }),
  sentence_span: span,
  // Litmus: present only when include_citations is true and some context sentence shares a term with
  // the statement (docs/metrics/faithfulness.md).
  chunk_id: opt(str('chunk_id (v3: node_id) of the context chunk whose sentence decided the label; only with include_citations'))
})
const carbonValue = obj('CarbonValue', 'an amount of carbon', {
  value: num('carbon value', { min: 0 }),
  unit: str('unit of measurement', { oneOf: ['kg_co2e'] })
})
const carbonComponent = obj('CarbonComponent', 'carbon of one component', {
  component: str('component name', { oneOf: ['operational_cpu', 'operational_gpu', 'embodied_cpu'] }),
  carbon: carbonValue
})
const v3Node = obj('ContextNode', 'one v3 context node: a retrieved passage with its retrieval score', {
  node_id: str('identifier of the node'),
  node_score: num('score attached to the node'),
  node_text: str('text of the node')
})
// Counts above 2^53 - 1 are not exact in JSON numbers (IEEE doubles).
const positiveInt = (description: string) => int(description, { above: 0, max: Number.MAX_SAFE_INTEGER })
const piiEntities = arr(
  obj('PIIEntity', 'one detected entity', {
    interval: span,
    string: str('the detected PII string'),
    category: str('PII category')
  }),
  'detected entities'
)

// Litmus, beyond the spec: custom PII recognizers per call (docs/metrics/pii.md, "Custom recognizers").
const piiRecognizer = obj('PiiRecognizer', 'a custom recognizer (Litmus, beyond the spec; docs/metrics/pii.md)', {
  category: str('category its entities are reported under: letters, digits and _, not a built-in category or alias', { nonEmpty: true }),
  name: opt(str('recognizer name shown by explain (default: the category)', { nonEmpty: true })),
  patterns: opt(arr(str('a string (found as written) or /pattern/flags (linear-time engine)'), 'what the recognizer finds')),
  context: opt(arr(str('a word or phrase', { nonEmpty: true }), 'words that confirm a match among the five words before it')),
  context_required: opt(bool('report a pattern match only when a context word is found (default false: context raises confidence)')),
  validator: opt(str('a checksum every pattern match must pass', { oneOf: ['luhn', 'mod97', 'aba', 'verhoeff'] })),
  denylist: opt(arr(str('a word or phrase', { nonEmpty: true }), 'words always reported under the category (whole words, any case)'))
})

/** With include_citations, each context entry's `key` (v4 chunk_id, v3 node_id) must be present and unique. */
const citationsNeed = (key: 'chunk_id' | 'node_id', what: string): Rule => ({
  description: `when include_citations is true, every context ${what} needs a unique ${key}`,
  check(request) {
    if (request.include_citations !== true) return undefined
    const seen = new Set<string>()
    for (const [i, chunk] of request.context.entries()) {
      const id = chunk[key]
      if (id === undefined) {
        return { field: `context[${i}].${key}`, expected: `a ${key} (include_citations is true)` }
      }
      if (seen.has(id)) {
        return { field: `context[${i}].${key}`, expected: `a unique ${key} (include_citations is true)`, received: id }
      }
      seen.add(id)
    }
    return undefined
  }
})
const citationsNeedIds = citationsNeed('chunk_id', 'chunk')
const citationsNeedNodeIds = citationsNeed('node_id', 'node')

const isHuggingFace = (provider: unknown) =>
  typeof provider === 'string' && ['huggingface', 'hf'].includes(provider.toLowerCase().replace(/[\s_.\-]+/g, ''))

// Hugging Face Inference Endpoints bill an instance by the hour, so the cost of a call needs the instance and
// how long the call holds it.
const huggingFaceNeedsInstance: Rule = {
  description: 'instance_type is required when model_provider is huggingface (endpoints are billed per instance hour)',
  check: (r) =>
    isHuggingFace(r.model_provider) && r.instance_type === undefined
      ? { field: 'instance_type', expected: 'non-empty string (required for huggingface)', kind: 'missing' }
      : undefined
}
const huggingFaceNeedsLatency: Rule = {
  description: 'average_latency is required when model_provider is huggingface (endpoints are billed per instance hour)',
  check: (r) =>
    isHuggingFace(r.model_provider) && r.average_latency === undefined
      ? { field: 'average_latency', expected: 'number > 0 (required for huggingface)', kind: 'missing' }
      : undefined
}

// How an allowlist or blocklist entry is read (docs/metrics/pii.md, "Allowlist and blocklist").
const ENTRY = 'a regular expression (linear-time engine; /pattern/flags for flags), also matched as written'
const ALLOW_ENTRY = `${ENTRY}; an entity wholly inside a match is not reported`
const BLOCK_ENTRY = `${ENTRY}; every match is reported (category blocklist)`

/** The tones of the tone model (GoEmotions' 27 emotions and neutral; a test keeps this list and the model's in step). */
export const TONES = [
  'admiration', 'amusement', 'anger', 'annoyance', 'approval', 'caring', 'confusion', 'curiosity', 'desire', 'disappointment',
  'disapproval', 'disgust', 'embarrassment', 'excitement', 'fear', 'gratitude', 'grief', 'joy', 'love', 'nervousness',
  'optimism', 'pride', 'realization', 'relief', 'remorse', 'sadness', 'surprise', 'neutral'
] as const

/** Cloud providers of the carbon tables (the scorer also takes aliases such as amazon or google, in any case). */
const CLOUDS = ['aws', 'gcp', 'azure'] as const

const textOnly = { text, metadata }
const queryResponse = { query, response, metadata }

/** The constructor of one version's operations; a v3 operation's name is `v3.<name>`. */
function ofVersion<const V extends 'v3' | 'v4'>(version: V) {
  return <const R extends Record<string, Field>, const S extends Record<string, Field>>(
    name: string,
    requestType: string,
    summary: string,
    request: R,
    response: S,
    rules?: readonly Rule[]
  ) => ({ name: version === 'v3' ? `v3.${name}` : name, version, requestType, summary, request, response, rules }) as const
}

const v4 = ofVersion('v4')
// The spec shows no v3 response body: each v3 operation answers with the v4 response of the scorer it
// is adapted onto, and the table says which, so the types, the checks and the OpenAPI document have it.
const v3 = ofVersion('v3')

const v3QueryResponse = { query, response, metadata }
const v3WithContext = { query, context: arr(v3Node, 'context nodes'), response, metadata }

const V4 = {
  clarity: v4('clarity', 'ClarityRequest', 'Ease of reading (Flesch Reading Ease). Higher = easier to read.', textOnly, {
    // Flesch's constants have three decimals, and so has the clarity card (59.745).
    score: score('Flesch Reading Ease clamped to 0..100', 3)
  }),
  formality: v4('formality', 'FormalityRequest', 'Higher = more formal, lower = more informal.', textOnly, {
    score: score('formality from 0 (informal) to 100 (formal)')
  }),
  simplicity: v4('simplicity', 'SimplicityRequest', 'Ease of reading: familiar words in short sentences; jargon and long sentences lower it.', textOnly, {
    score: score('ease of reading (words and words per sentence), 0..100')
  }),
  helpfulness: v4('helpfulness', 'HelpfulnessRequest', 'How useful, detailed and unambiguous a response is.', textOnly, {
    score: score('helpfulness, 0..100')
  }),
  sensitivity: v4(
    'sensitivity',
    'SensitivityRequest',
    'Presence of each requested topic in the text.',
    { text, topics, metadata },
    { scores: scores('one score per requested topic') }
  ),
  tone: v4(
    'tone',
    'ToneRequest',
    'Identifies the tones of the text.',
    { text, tones: opt(arr(str('a tone name (any case)', { nonEmpty: true, known: TONES }), 'tones to evaluate')), metadata },
    { scores: scores('detected tones, 0..100') }
  ),
  toxicity: v4(
    'toxicity',
    'ToxicityRequest',
    'Obscenities, threats, insults. Higher = more toxic.',
    { text, severity, metadata },
    { score: score('overall toxicity, 0..100'), scores: scores('toxicity by category') }
  ),
  pii: v4(
    'pii',
    'PIIRequest',
    'Detects personally identifiable information, with optional allowlist and blocklist.',
    {
      text,
      allowlist: opt(arr(str(ALLOW_ENTRY), 'entries whose matches are never reported (an entity wholly inside a match)')),
      blocklist: opt(arr(str(BLOCK_ENTRY), 'entries whose matches are always reported, anywhere in the text')),
      categories: opt(arr(str('a PII category name', { nonEmpty: true }), 'categories to detect (default: all)')),
      recognizers: opt(arr(piiRecognizer, 'Litmus, beyond the spec: custom recognizers for this call, besides those given to load()')),
      metadata
    },
    { pii: piiEntities }
  ),
  prompt_manipulation: v4(
    'prompt_manipulation',
    'PromptManipulationRequest',
    'Detects attempts to bypass the safety measures of language models.',
    { text, severity, metadata },
    { score: score('likelihood of a manipulation attempt, 0..100'), scores: scores('score by attack type') }
  ),
  answer_relevancy: v4(
    'answer_relevancy',
    'AnswerRelevancyRequest',
    'Whether the response attempted to answer the right query.',
    queryResponse,
    { score: score('relevancy, 0..100'), generated_question: str('a query generated from the response') }
  ),
  context_relevancy: v4(
    'context_relevancy',
    'ContextRelevancyRequest',
    'Whether the supplied context is useful for the query.',
    {
      query,
      context,
      severity,
      include_chunk_scores: opt(bool('also return a score per chunk, after the aspects, labelled chunk:<chunk_id> (chunk:<index> without one)')),
      metadata
    },
    { score: score('relevancy of the context, 0..100'), scores: scores('score by aspect') }
  ),
  faithfulness: v4(
    'faithfulness',
    'FaithfulnessRequest',
    'Whether the response is supported by the context.',
    {
      query,
      response,
      context,
      severity,
      include_citations: opt(bool('include the context chunk behind each statement label')),
      metadata
    },
    { score: score('faithfulness, 0..100'), statements: arr(statement, 'atomic claims with verdicts') },
    [citationsNeedIds]
  ),
  refusal: v4('refusal', 'RefusalRequest', 'Degree (firmness) of refusal of the response.', queryResponse, {
    score: score('firmness of refusal, 0..100')
  }),
  completion: v4('completion', 'CompletionRequest', 'Whether the agent completes the requested task.', queryResponse, {
    score: score('task completion, 0..100')
  }),
  adherence: v4(
    'adherence',
    'AdherenceRequest',
    'Whether the agent strictly follows a defined policy.',
    { policy: str('the policy the response must follow'), response, metadata },
    { score: score('adherence to the policy, 0..100') }
  ),
  stability: v4(
    'stability',
    'StabilityRequest',
    'Consistency of several responses to reworded prompts.',
    { responses: arr(str('a response'), 'responses to paraphrased prompts', { minItems: 2 }), metadata },
    {
      min: int('lowest similarity between any pair, 0..100', { min: 0, max: 100 }),
      avg: int('average similarity over all pairs, 0..100', { min: 0, max: 100 })
    }
  ),
  input_type: v4('input_type', 'InputTypeRequest', 'Detects encoded segments (base64, hex, binary, ...) in text.', textOnly, {
    encodings: arr(
      obj('DetectedEncoding', 'one encoded segment', {
        label: str('encoding label', {
          oneOf: ['base64', 'base32', 'hex', 'binary', 'decimal', 'percent', 'unicode_escape']
        }),
        span,
        string: str('the substring detected as encoded')
      }),
      'encoded segments; empty when none found'
    )
  }),
  carbon: v4(
    'carbon',
    'CarbonRequest',
    'Estimates the carbon emissions of a model call.',
    {
      provider: str('cloud provider (aws, gcp, azure)', { nonEmpty: true, known: CLOUDS }),
      region: str('cloud region, as the provider writes it', { nonEmpty: true }),
      instance_type: str('instance type, as the provider writes it', { nonEmpty: true }),
      latency: num('duration of the call in milliseconds', { above: 0 }),
      metadata
    },
    {
      carbon: carbonValue,
      components: arr(carbonComponent, 'carbon by component')
    }
  ),
} as const

export const OPERATIONS = {
  ...V4,
  cost: {
    name: 'cost',
    version: 'v3',
    requestType: 'CostRequest',
    summary: 'Estimates the expense of model calls, per run and for 10,000 calls.',
    request: {
      model_name: str('name of the model', { nonEmpty: true }),
      model_type: str('kind of model (the v3 listing writes RERANKER and EMBEDDING: compared ignoring case)', {
        oneOf: ['LLM', 'Reranker', 'Embedding'],
        ignoreCase: true
      }),
      model_provider: str('provider (openai, togetherai, huggingface, nvidia, azure)', { nonEmpty: true }),
      number_of_queries: positiveInt('number of model calls the token totals cover'),
      total_prompt_tokens: positiveInt('prompt tokens summed over number_of_queries calls'),
      total_completion_tokens: positiveInt('completion tokens summed over number_of_queries calls'),
      total_tokens: opt(positiveInt('total tokens over the calls; accepted, not used for pricing')),
      instance_type: opt(str('instance type; needed for Hugging Face Inference Endpoints', { nonEmpty: true })),
      average_latency: opt(num('average latency of one call in milliseconds; needed for Hugging Face', { above: 0 })),
      metadata
    },
    response: {
      cost_estimate_per_run: num('cost of one model call in USD', { min: 0 }),
      total_project_cost_estimate: num('cost of 10,000 calls in USD', { min: 0 })
    },
    rules: [huggingFaceNeedsInstance, huggingFaceNeedsLatency]
  },
  'v3.clarity': v3('clarity', 'V3ClarityRequest', 'Clarity (v3): the v4 clarity of the response.', v3QueryResponse, V4.clarity.response),
  'v3.formality': v3('formality', 'V3FormalityRequest', 'Formality (v3): the v4 formality of the response.', v3QueryResponse, V4.formality.response),
  'v3.helpfulness': v3('helpfulness', 'V3HelpfulnessRequest', 'Helpfulness (v3): the helpfulness of the response to the query (does it take up what was asked), with the v4 text-only score breaking near-ties.', v3QueryResponse, V4.helpfulness.response),
  'v3.simplicity': v3('simplicity', 'V3SimplicityRequest', 'Simplicity (v3): the v4 simplicity of the response.', v3QueryResponse, V4.simplicity.response),
  'v3.tone': v3('tone', 'V3ToneRequest', 'Tone (v3): the three highest-scoring tones of the response.', v3QueryResponse, {
    scores: scores('the three highest-scoring tones, 0..100')
  }),
  'v3.toxicity': v3('toxicity', 'V3ToxicityRequest', 'Toxicity (v3): the v4 toxicity of the response.', v3QueryResponse, V4.toxicity.response),
  'v3.sensitivity': v3(
    'sensitivity',
    'V3SensitivityRequest',
    'Sensitivity (v3): presence of each topic in the response.',
    { query, response, topics, metadata },
    { scores: scores('one score per requested topic, for the response') }
  ),
  'v3.answer_relevancy': v3(
    'answer_relevancy',
    'V3AnswerRelevancyRequest',
    'Answer Relevancy (v3): the v4 answer relevancy of the response to the query (the context nodes are not used).',
    v3WithContext,
    V4.answer_relevancy.response
  ),
  'v3.context_relevancy': v3(
    'context_relevancy',
    'V3ContextRelevancyRequest',
    'Context Relevancy (v3): the v4 context relevancy of the node texts to the query.',
    v3WithContext,
    V4.context_relevancy.response
  ),
  'v3.prompt_injection': v3(
    'prompt_injection',
    'V3PromptInjectionRequest',
    'Prompt Injection (v3): the query scored as v4 prompt_manipulation.',
    v3WithContext,
    { score: score('likelihood that the query is a manipulation attempt, 0..100'), scores: scores('score by attack type') }
  ),
  'v3.summarization': v3(
    'summarization',
    'V3SummarizationRequest',
    'Summarization (v3): each sentence of the response (the summary) checked against the context nodes.',
    v3WithContext,
    V4.faithfulness.response
  ),
  'v3.faithfulness': v3(
    'faithfulness',
    'V3FaithfulnessRequest',
    'Faithfulness (v3): the v4 faithfulness of the response to the context nodes.',
    { ...v3WithContext, include_citations: opt(bool('include the node_id of the context node behind each statement label (as chunk_id)')) },
    V4.faithfulness.response,
    [citationsNeedNodeIds]
  ),
  'v3.pii': v3(
    'pii',
    'V3PIIRequest',
    'PII (v3): the v4 entities, every category, with the required allowlist and blocklist.',
    {
      text,
      allowlist: arr(str(ALLOW_ENTRY), 'entries whose matches are never reported (an entity wholly inside a match)'),
      blocklist: arr(str(BLOCK_ENTRY), 'entries whose matches are always reported, anywhere in the text'),
      metadata
    },
    V4.pii.response
  ),
  // The spec shows no v3 Carbon response; Litmus defines one mirroring Cost's per-run / 10,000-call pair.
  'v3.carbon': v3(
    'carbon',
    'V3CarbonRequest',
    'Carbon (v3): per-query and 10,000-call figures.',
    {
      processor_name: str('processor (CPU microarchitecture or GPU model) whose power figures to use', { nonEmpty: true }),
      provider_name: str('cloud provider (aws, gcp, azure)', { nonEmpty: true, known: CLOUDS }),
      provider_region: str('cloud region, as the provider writes it', { nonEmpty: true }),
      instance_type: str('instance type, as the provider writes it', { nonEmpty: true }),
      average_latency: num('average latency in milliseconds', { above: 0 }),
      metadata
    },
    {
      carbon_estimate_per_query: obj('CarbonValue', 'carbon of one call', carbonValue.fields),
      total_project_carbon_estimate: obj('CarbonValue', 'carbon of 10,000 calls', carbonValue.fields),
      components: arr(carbonComponent, 'carbon of one call by component')
    }
  ),
  'v3.stability': v3(
    'stability',
    'V3StabilityRequest',
    'Stability (v3): the v4 stability of the responses.',
    { responses: arr(str('a response'), 'responses to paraphrased prompts', { minItems: 2 }), metadata },
    V4.stability.response
  ),
  'v3.completion': v3('completion', 'V3CompletionRequest', 'Completion (v3): the v4 completion of the query by the response.', v3QueryResponse, V4.completion.response),
  'v3.refusal': v3('refusal', 'V3RefusalRequest', 'Refusal (v3): the v4 firmness of refusal of the response.', v3QueryResponse, V4.refusal.response),
  'v3.adherence': v3(
    'adherence',
    'V3AdherenceRequest',
    'Adherence (v3): the v4 adherence of the response to the policy (optional here: without one, 100).',
    { policy: opt(str('the policy the response must follow')), response, metadata },
    V4.adherence.response
  )
} as const satisfies Record<string, Operation>

export type OperationName = keyof typeof OPERATIONS
