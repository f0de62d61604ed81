/**
 * Litmus: local, offline text metrics for AI systems, implementing the operations of the Metrics
 * Evaluation Service over a WebAssembly core. Every span is `[start, end)` in JavaScript string
 * indices (UTF-16 code units): `text.slice(start, end)` is the matched string.
 * @packageDocumentation
 */
export { load, compiledCore, useCompiledCore, type Evaluator } from './evaluator.js'
export type { LoadOptions } from './metrics/shared/context.js'
export { ValidationError, MissingArgumentError, InvalidArgumentError, ConfigurationError, NotLoadedError, invalidArgument, type Issue } from './errors.js'
export { MAX_TEXT_CHARS } from './schema/limits.js'
export { OPERATIONS, type OperationName, type Operation, type Rule } from './schema/operations.js'
export { VERSIONS, versionsOf, type Versions } from './schema/versions.js'
export type { Field } from './schema/fields.js'
export type { Implemented as ImplementedOperation, Explained as ExplainedOperation, ExplanationOf } from './metrics/index.js'
export type { Explanation, Evidence } from './metrics/shared/metric.js'
export type { PiiRecognizer, PiiValidatorName } from './metrics/pii/pii-recognizers.js'
export type { PiiExplanation, PiiExplainedEntity, PiiEvidence, PiiEvidenceKind } from './metrics/pii/pii-explain.js'
export type { RequestOf, ResponseOf } from './schema/types.js'
export { validate, expected as describeType } from './schema/validate.js'
export type { PriceTable, ModelPrice, InstancePrice, CostBreakdown } from './metrics/estimates/cost.js'
export type { CarbonBreakdown } from './metrics/estimates/carbon.js'
export { VERDICTS, HOSTILE_TONES, verdictOf, ruleOf, type Verdict, type VerdictRule, type Direction, type Thresholds } from './verdict.js'
export { DEFAULT_INPUT_METRICS, DEFAULT_OUTPUT_METRICS, type ScanOptions, type ScanResult, type ScanVerdict } from './scan.js'
export type { CheckOptions } from './evaluator.js'
export type { RedactOptions, RedactResult, RedactStyle } from './metrics/pii/pii.js'
export { defineMetric, type MetricDefinition, type CustomMetric } from './custom.js'
export type * from './schema/methods.generated.js'
export type { ExtraMethods } from './evaluator.js'
export type { StringField, NumberField, BooleanField, ArrayField, ObjectField, MetadataField } from './schema/fields.js'
export type { PiiEntity } from './metrics/pii/entities.js'
export type { ModelType } from './metrics/estimates/prices.js'
export type { TextStats } from './metrics/text/clarity.js'
