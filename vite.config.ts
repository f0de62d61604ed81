import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))

// One ES module with the WASM inlined as base64: the same file runs in Node 20+ and in browsers. Each
// model chunk (src/models/*.generated.ts, reached only by a dynamic import) becomes its own file under
// dist/models/, fetched only when `load()` needs it.
export default defineConfig({
  define: { __LITMUS_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    // The package ships no source maps: they would double its size and carry the model tables again.
    sourcemap: false,
    lib: {
      // The CLI imports the library by its package name (Node resolves the self-reference to
      // dist/litmus.js), so the library stays one self-contained file.
      // The CLI's batch worker (`--concurrency`) and its progress bar (cli-progress, external) stay out of it.
      // The server, its pool worker and the client are entries of their own that import the library by
      // name too, so dist/litmus.js (the browser bundle) does not grow with them.
      entry: {
        litmus: 'src/index.ts',
        cli: 'src/cli/main.ts',
        'cli-worker': 'src/cli/worker.ts',
        server: 'src/server/index.ts',
        'server-worker': 'src/server/worker.ts',
        client: 'src/client/index.ts'
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`
    },
    rollupOptions: {
      external: [/^node:/, /^litmus-metrics(\/|$)/, /^hono(\/|$)/, /^@hono\//, 'piscina', 'cli-progress'],
      output: {
        // Model chunks under models/; code the server and its worker share under shared/.
        chunkFileNames: (chunk) =>
          chunk.name.endsWith('.generated') ? `models/${chunk.name.replace(/\.generated$/, '')}.js` : `shared/${chunk.name}.js`
      }
    }
  }
})
