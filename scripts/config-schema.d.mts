/** The JSON Schema of litmus.config.json, built from the verdict table. */
export function configSchema(): Record<string, unknown>
