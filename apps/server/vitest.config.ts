import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = process.env.HRPAY_TEST_DB === 'postgres';

/**
 * Files that never open a database (file readers, the export writer, the lint rules, pure helpers): the run on
 * PostgreSQL would repeat them unchanged, some 45 s of CI's 20 minutes, so it leaves them to the PGlite run.
 */
const WITHOUT_DATABASE = [
  'src/**/*.test.ts',
  'test/employee-import-files.test.ts',
  'test/lint-boundaries.test.ts',
  'test/payroll-documents.test.ts',
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(onPostgres ? WITHOUT_DATABASE : [])],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker runs its files in one module graph: each file importing the whole app afresh was about a fifth
    // of the suite's time. Tests keep their state in their own app and database; one that sets an environment
    // variable for the app removes it in afterAll.
    isolate: false,
    globalSetup: ['test/db-templates.ts'],
    // Every core: vitest's default leaves one free, which on CI's two cores ran one test file at a time (a file's
    // PGlite work is single-threaded); CI must stay under 20 minutes. On PostgreSQL too since 2026-12-02 (173 s
    // against 207 s): the crash test's minute of killed and restarted servers runs beside the other files. (Once,
    // long before, a rate-file preview beside it was refused as not a workbook; not reproduced since.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
