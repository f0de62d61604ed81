import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests import the built bundle (dist/), the artefact users get; `npm test` builds first unless dist/
    // was built from the current sources (scripts/build-stamp.mjs).
    testTimeout: 30_000
  }
})
