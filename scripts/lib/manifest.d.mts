// Types of manifest.mjs for the tests that import it.
export declare const sha256: (data: string | Uint8Array) => string
export declare function input(url: URL): { path: string; sha256: string }
export declare const payloadHash: (payload: Record<string, unknown>) => string
export declare function generatedModule(options: {
  script: string
  header: string
  inputs: { path: string; sha256: string }[]
  settings: Record<string, unknown>
  payload: Record<string, unknown>
  types?: Record<string, string>
}): string
