#!/usr/bin/env node
// Builds the dashboard (dashboard/ → dashboard/dist) with Vite's JS API.
// `--if-missing`: only when dashboard/dist/index.html does not exist (npm start).
// Without Vite (a production install with --omit=dev) it says so and leaves the API running fine.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dashboard');
const index = join(root, 'dist', 'index.html');

if (process.argv.includes('--if-missing') && existsSync(index)) process.exit(0);

let vite;
try {
  vite = await import('vite');
} catch {
  console.warn('dashboard: vite is not installed (dev dependencies omitted?); /dashboard will say it is not built.');
  process.exit(0);
}
const started = performance.now();
await vite.build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
console.log(`dashboard: built into dashboard/dist in ${Math.round(performance.now() - started)} ms`);
