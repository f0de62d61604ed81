import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests import the built bundle (dist/), the artefact users get; `npm test` builds first.
    testTimeout: 30_000
  }
})
