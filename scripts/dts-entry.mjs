// Give dist/litmus.js a declaration file beside it, so `import ... from './dist/litmus.js'` is typed
// (tests and local scripts import the bundle directly).
import { writeFileSync } from 'node:fs'

writeFileSync(new URL('../dist/litmus.d.ts', import.meta.url), "export * from './types/index.js'\n")
