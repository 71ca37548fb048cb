import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The admin dashboard, served by Laurel at /dashboard/ (src/modules/dashboard/dashboard.routes.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    // `npm run dev:dashboard` proxies the API to a Laurel on :3000.
    proxy: Object.fromEntries(
      ['/admin', '/user', '/project', '/stats', '/analytics', '/event', '/health'].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
});
