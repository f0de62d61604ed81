// Give dist/litmus.js a declaration file beside it, so `import ... from './dist/litmus.js'` is typed
// (tests and local scripts import the bundle directly).
import { writeFileSync } from 'node:fs'

writeFileSync(new URL('../dist/litmus.d.ts', import.meta.url), "export * from './types/index.js'\n")
writeFileSync(new URL('../dist/server.d.ts', import.meta.url), "export * from './types/server/index.js'\n")
writeFileSync(new URL('../dist/client.d.ts', import.meta.url), "export * from './types/client/index.js'\n")
writeFileSync(new URL('../dist/report.d.ts', import.meta.url), "export * from './types/report/index.js'\n")
writeFileSync(new URL('../dist/tokens.d.ts', import.meta.url), "export * from './types/tokens/index.js'\n")
writeFileSync(new URL('../dist/cli.d.ts', import.meta.url), "export * from './types/cli/main.js'\n")
