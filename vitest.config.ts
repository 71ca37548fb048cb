import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
        // Process tests run the built server (dist/main.js); the global setup compiles it when stale.
        test: {
          name: 'service',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'clients/**/*.test.ts'],
          globalSetup: ['test/helpers/global-setup.ts'],
        },
      },
      {
        // The dashboard's component tests: React in jsdom, no server.
        extends: true,
        plugins: [react()],
        test: {
          name: 'dashboard',
          include: ['dashboard/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['dashboard/test/setup.ts'],
        },
      },
    ],
  },
});
