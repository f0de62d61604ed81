import { readFileSync } from 'node:fs'
import { defineConfig, type Plugin } from 'vite'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))

// One ES module with the WASM inlined as base64: the same file runs in Node 20+ and in browsers. Each
// model chunk (src/models/*.generated.ts, reached only by a dynamic import) becomes its own file under
// dist/models/, fetched only when `load()` needs it.
/** Generated data modules: tables and base64, which a stack trace never points into. */
const generated = (source: string) => /\.generated\.ts$/.test(source)

/** No maps for model chunks; no copy of generated sources inside the maps of the code bundles. */
function sourceMaps(): Plugin {
  return {
    name: 'litmus-source-maps',
    generateBundle(_options, bundle) {
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type === 'asset' && /^models\/.*\.map$/.test(fileName)) delete bundle[fileName]
        else if (item.type === 'chunk' && fileName.startsWith('models/')) {
          item.code = item.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n')
          item.map = null
        } else if (item.type === 'asset' && fileName.endsWith('.map')) {
          const map = JSON.parse(String(item.source))
          map.sourcesContent = map.sourcesContent?.map((text: string | null, i: number) => (generated(map.sources[i]) ? null : text))
          item.source = JSON.stringify(map)
        }
      }
    }
  }
}

/** Modules of the shared chunk (dist/shared/machinery.js), and those under its folders that stay out. */
const MACHINERY = /[\\/]src[\\/](schema[\\/]|core[\\/]|metrics[\\/]shared[\\/]|errors\.ts$|metrics[\\/]safety[\\/]refusal-rules\.ts$)/
const NOT_MACHINERY = /(\.generated|[\\/]openapi|[\\/]examples|[\\/]paths|[\\/]files)\.ts$/

export default defineConfig({
  plugins: [sourceMaps()],
  define: { __LITMUS_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    // A separate .map per bundle, so a stack trace (node --enable-source-maps, the CLI, a browser's
    // devtools) names the real function, file and line. The model chunks get none, and the maps carry no
    // generated data (model tables, the inlined WASM): `sourceMaps()` below drops them.
    sourcemap: true,
    lib: {
      // The CLI imports the library by its package name (Node resolves the self-reference to
      // dist/litmus.js), so the library stays one self-contained file.
      // The CLI's batch worker (`--concurrency`) and its progress bar (cli-progress, external) stay out of it.
      // The server, its pool worker and the client are entries of their own that import the library by
      // name too, so dist/litmus.js (the browser bundle) does not grow with them; so is the report
      // (summaries, HTML and Markdown of batch outputs), which the CLI imports by name.
      entry: {
        litmus: 'src/index.ts',
        cli: 'src/cli/main.ts',
        'cli-worker': 'src/cli/worker.ts',
        server: 'src/server/index.ts',
        'server-worker': 'src/server/worker.ts',
        client: 'src/client/index.ts',
        report: 'src/report/index.ts',
        // Token counts (OpenAI byte-pair encodings, gpt-tokenizer) for cost from strings: their own entry,
        // so the tables load only for those who count tokens.
        tokens: 'src/tokens/index.ts'
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`
    },
    rollupOptions: {
      external: [/^node:/, /^litmus-metrics(\/|$)/, /^hono(\/|$)/, /^@hono\//, 'piscina', 'cli-progress', /^gpt-tokenizer(\/|$)/],
      output: {
        // The machinery every metric and litmus.js share (schema, errors, core loader, tokeniser) is one
        // chunk, not one file per module: Node reads, resolves and links each imported file on its own.
        // core/files.ts stays in litmus.js: it finds dist/models/ and dist/core.wasm beside its own URL.
        // The refusal phrases (safety's refusal, style's helpfulness) join it rather than be a file of
        // their own; each family is then one file.
        codeSplitting: {
          groups: [{ name: 'machinery', test: (id) => MACHINERY.test(id) && !NOT_MACHINERY.test(id) }]
        },
        // Model chunks under models/, the families' code under metrics/; code the server and its worker
        // share under shared/. The core's WebAssembly (base64) is a chunk of its own too, beside litmus.js.
        chunkFileNames: (chunk) =>
          chunk.name === 'wasm-binary.generated'
            ? 'core-wasm.js'
            : chunk.name.endsWith('.generated')
              ? `models/${chunk.name.replace(/\.generated$/, '')}.js`
              : chunk.moduleIds.every((id) => id.includes('/src/metrics/'))
                ? `metrics/${chunk.name}.js`
                : `shared/${chunk.name}.js`,
        // Class names survive minification, so an error prints as `[ConfigurationError: ...]` with its
        // class, not `o [ConfigurationError]`, and `err.constructor.name` is what the docs say.
        minify: { compress: { keepNames: { function: false, class: true } }, mangle: { keepNames: { function: false, class: true } }, codegen: { removeWhitespace: true } }
      }
    }
  }
})
