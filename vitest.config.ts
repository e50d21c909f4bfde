import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // dist/ is built from the current source before any file runs: a stale build can never pass
    globalSetup: ['./test/helpers/global-build.ts'],
    setupFiles: ['./test/helpers/fast-check-seed.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
})
