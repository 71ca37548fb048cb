import { defineConfig } from 'vitest/config';

/** The bad-input run (npm run test:bad-input): one long test per store, outside `npm test`. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/hostile/*.run.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 900_000,
    hookTimeout: 60_000,
  },
});
