import { defineConfig } from 'vite'

// One ES module with the WASM inlined as base64: the same file runs in Node 20+ and in browsers.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    lib: {
      // The CLI imports the library by its package name (Node resolves the self-reference to
      // dist/litmus.js), so the library stays one self-contained file.
      entry: { litmus: 'src/index.ts', cli: 'src/cli/main.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`
    },
    rollupOptions: {
      external: [/^node:/, 'litmus-metrics']
    }
  }
})
