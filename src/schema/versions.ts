// The spec's metrics version list: "a mapping from metrics to a list of version strings". Derived from
// the schema table, so the library, the client and the server's GET /versions cannot disagree.
import { OPERATIONS } from './operations.js'

/** Metric name (the service's snake_case, `v3.` dropped) -> the versions it is served at, sorted. */
export type Versions = Record<string, string[]>

/** The mapping for the operations named (`cost` is `v3`; `v3.pii` and `pii` make `pii: ['v3', 'v4']`). */
export function versionsOf(names: Iterable<string>): Versions {
  const ops = OPERATIONS as Record<string, { name: string; version: string }>
  const out: Versions = {}
  for (const name of names) {
    const op = ops[name]
    if (!op) continue
    const metric = op.name.replace(/^v3\./, '')
    ;(out[metric] ??= []).push(op.version)
  }
  const sorted: Versions = {}
  for (const metric of Object.keys(out).sort()) sorted[metric] = [...new Set(out[metric])].sort()
  return sorted
}

/** Every metric of the schema table and its versions. */
export const VERSIONS: Readonly<Versions> = versionsOf(Object.keys(OPERATIONS))
