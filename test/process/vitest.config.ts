import { defineConfig } from 'vitest/config';

/**
 * The process stage of `.ci/run` (npm run test:process): tests that start the built server or other
 * processes, send them signals or kill them (`*.process.test.ts`). Not part of `npm test`.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['**/*.process.test.ts'],
    exclude: ['**/node_modules/**', 'dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['test/process/global-setup.ts'],
  },
});
