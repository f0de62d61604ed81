import { defineConfig } from 'vite'

// The rule tables and feature code the metrics share with the training scripts and evals, built as plain
// ES modules into build/rules/ (not shipped: build/ is outside the package's files), so that
// scripts/train-*.mjs and eval/*.eval.mjs run the very code the metrics run, from its TypeScript source.
// Code two of them share (de-obfuscation, distinct words, refusal phrases) lands in a chunk of its own.
const RULES = {
  'toxicity-rules': 'src/metrics/safety/toxicity-rules.ts',
  'prompt-manipulation-rules': 'src/metrics/safety/prompt-manipulation-rules.ts',
  'refusal-rules': 'src/metrics/safety/refusal-rules.ts',
  'refusal-cues': 'src/metrics/safety/refusal-cues.ts',
  deobfuscate: 'src/metrics/safety/deobfuscate.ts',
  'formality-features': 'src/metrics/style/formality-features.ts',
  'helpfulness-rules': 'src/metrics/style/helpfulness-rules.ts',
  'tone-lexicon': 'src/metrics/style/tone-lexicon.ts',
  'distinct-words': 'src/metrics/shared/distinct-words.ts',
  'sentence-length': 'src/metrics/text/sentence-length.ts',
  'model-key': 'src/metrics/estimates/model-key.ts'
}

export default defineConfig({
  logLevel: 'warn',
  build: {
    outDir: 'build/rules',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: false,
    lib: { entry: RULES, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    rollupOptions: { output: { chunkFileNames: 'shared/[name].js' } }
  }
})
