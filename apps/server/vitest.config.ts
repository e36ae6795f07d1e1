import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/pglite-templates.ts'],
    // Every core: vitest's default leaves one free, which on CI's two cores ran one test file at a time (a file's
    // work, PGlite or the server's side of a PostgreSQL test, is single-threaded); CI must stay under 20 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
