import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** What production runs: `node dist/main.js` (npm start, the Dockerfile). */
export const SERVER_ENTRY = join(ROOT, 'dist', 'main.js');

/** Compiles the server when dist/ is missing or older than src/ (`scripts/build.mjs --server --if-stale`). */
export function buildServerIfStale(): void {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--server', '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The server build failed (npm run build:server)');
}

/** dist/main.js, which must exist: tests build it once in their global setup, tools with buildServerIfStale(). */
export function serverEntry(): string {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} does not exist: run npm run build`);
  return SERVER_ENTRY;
}
