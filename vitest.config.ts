import { defineConfig } from 'vitest/config'

// Suites that fit how time grows with input size: they run last and alone, so no other suite's work lands
// in their measurements. Everything else runs two files at a time (the CI machine has two cores; many
// suites wait on child processes, servers and the browser).
const TIMING = ['test/linear-time.test.ts', 'test/linear-time-grounded.test.ts', 'test/reliability-three.test.ts']

export default defineConfig({
  test: {
    // Tests import the built bundle (dist/), the artefact users get; `npm test` builds first unless dist/
    // was built from the current sources (scripts/build-stamp.mjs).
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'suites', include: ['test/**/*.test.ts'], exclude: TIMING, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'timing', include: TIMING, maxWorkers: 1, sequence: { groupOrder: 1 } } }
    ]
  }
})
