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
      entry: 'src/index.ts',
      formats: ['es'],
      fileName: () => 'litmus.js'
    },
    rollupOptions: {
      external: [/^node:/]
    }
  }
})
