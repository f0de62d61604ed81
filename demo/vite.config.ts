import { defineConfig } from 'vite'

// A static site: `npm run demo` writes demo/dist, which works from any file server, offline.
export default defineConfig({
  root: __dirname,
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1200 }
})
