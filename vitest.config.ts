import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` (docs/testing.md): unit and HTTP tests of the service, the client and the dashboard.
 * Tests that start or kill processes (`*.process.test.ts`) run in `.ci/run`'s process stage
 * (`npm run test:process`, test/process/vitest.config.ts), never here.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'service',
          // Files of a worker share one module graph: the app's ~400 modules are imported once per
          // worker, and the compiled schemas are shared by every app it builds. Tests keep their
          // state in their apps and stores, never in modules (test/helpers/test-app.ts).
          isolate: false,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'clients/**/*.test.ts'],
          exclude: ['**/*.process.test.ts', '**/node_modules/**'],
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      },
      {
        // The dashboard's component tests: React in jsdom, no server.
        extends: true,
        plugins: [react()],
        test: {
          name: 'dashboard',
          isolate: false,
          include: ['dashboard/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['dashboard/test/setup.ts'],
        },
      },
    ],
  },
});
