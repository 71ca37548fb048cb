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
        test: { name: 'service', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        // The dashboard's component tests: React in jsdom, no server.
        extends: true,
        plugins: [react()],
        test: { name: 'dashboard', include: ['dashboard/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['dashboard/test/setup.ts'] },
      },
    ],
  },
});
