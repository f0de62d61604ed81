import { defineConfig } from 'vite'

// One ES module with the WASM inlined as base64: the same file runs in Node 20+ and in browsers. Each
// model chunk (src/models/*.generated.ts, reached only by a dynamic import) becomes its own file under
// dist/models/, fetched only when `load()` needs it.
export default defineConfig({
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
      entry: { litmus: 'src/index.ts', cli: 'src/cli/main.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`
    },
    rollupOptions: {
      external: [/^node:/, 'litmus-metrics'],
      output: {
        chunkFileNames: (chunk) => `models/${chunk.name.replace(/\.generated$/, '')}.js`
      }
    }
  }
})
