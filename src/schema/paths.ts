// URL paths of the HTTP service, shared by the server and the client.

/**
 * The path of an operation: `/v4/metrics/<name>` for v4 operations, `/v3/metrics/<name>` for v3 ones
 * (`v3.pii` is `/v3/metrics/pii`; `cost`, typed as v3 by the service, is `/v3/metrics/cost`).
 */
export function operationPath(op: { name: string; version: string }): string {
  return `/${op.version}/metrics/${op.name.replace(/^v3\./, '')}`
}
