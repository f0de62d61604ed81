// `litmus-metrics/report`: batch summaries and static reports. An entry of its own (dist/report.js), so
// the browser library does not grow with it; it reads strings and writes strings, and runs in a page too.
export {
  buildReport,
  compare,
  flaggedRows,
  histogram,
  inferOperation,
  pairing,
  quantile,
  readRun,
  ReportInputError,
  summarise,
  TEXT_FIELDS,
  textOf,
  thresholdOf,
  type Bin,
  type Comparison,
  type MetricComparison,
  type MetricSummary,
  type Pair,
  type ReadOptions,
  type Reading,
  type Report,
  type Row,
  type Run
} from './summary.js'
export { escapeMarkdown, formatDelta, formatNumber, formatShare, plural, renderHtml, renderMarkdown, sparkline, type RenderOptions } from './html.js'
export { diffStripSvg, escapeHtml, histogramSvg } from './svg.js'
