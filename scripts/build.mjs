#!/usr/bin/env node
// Builds what `node dist/main.js` runs: the server (src/ → dist/, tsc) and the dashboard
// (dashboard/ → dashboard/dist, Vite). `npm install` runs it (prepare), `npm run build` too.
//
//   node scripts/build.mjs               both
//   node scripts/build.mjs --server      the server only
//   node scripts/build.mjs --dashboard   the dashboard only
//   --if-stale                           only what is missing or older than its sources (npm start, tests)
// Progress goes to stderr, so a script's stdout stays its own (TOKEN=$(npm run -s token …)).
//
// Without the dev dependencies (a production install) nothing can be built: an existing build is
// kept; a missing server build is an error, a missing dashboard only a warning (the API still runs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const only = args.includes('--server') ? 'server' : args.includes('--dashboard') ? 'dashboard' : null;
const require = createRequire(import.meta.url);

/** Tests and their factories live beside the code but are not part of the build. */
const NOT_BUILT = /\.test(-factory|-helpers)?\.tsx?$/;

/** Newest modification time (ms) of the built sources under the given paths; 0 when none exists. */
function newest(paths) {
  let max = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) max = Math.max(max, newest([join(path, entry)]));
    } else if (!NOT_BUILT.test(path)) {
      max = Math.max(max, stat.mtimeMs);
    }
  }
  return max;
}

function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

function resolveOrNull(id) {
  try {
    return require.resolve(id);
  } catch {
    return null;
  }
}

function buildServer() {
  const output = join(root, 'dist', 'main.js');
  const sources = [join(root, 'src'), join(root, 'tsconfig.json'), join(root, 'tsconfig.build.json')];
  if (ifStale && !isStale(output, sources)) return;
  const tsc = resolveOrNull('typescript/bin/tsc');
  if (!tsc) {
    if (existsSync(output)) {
      console.warn('build: typescript is not installed (dev dependencies omitted?); keeping the existing dist/.');
      return;
    }
    console.error(
      'build: typescript is not installed and dist/ does not exist: run `npm ci` (with dev dependencies), then `npm run build`.',
    );
    process.exit(1);
  }
  const started = performance.now();
  // A clean build: a source file that was deleted must not live on in dist/.
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) {
    console.error('build: the server did not compile (see the errors above).');
    process.exit(result.status ?? 1);
  }
  console.error(`build: server compiled into dist/ in ${Math.round(performance.now() - started)} ms`);
}

async function buildDashboard() {
  const dir = join(root, 'dashboard');
  const output = join(dir, 'dist', 'index.html');
  const sources = [join(dir, 'src'), join(dir, 'index.html'), join(dir, 'vite.config.ts')];
  if (ifStale && !isStale(output, sources)) return;
  let vite;
  try {
    vite = await import('vite');
  } catch {
    const state = existsSync(output) ? 'keeping the existing dashboard/dist' : '/dashboard will say it is not built';
    console.warn(`build: vite is not installed (dev dependencies omitted?); ${state}.`);
    return;
  }
  const started = performance.now();
  await vite.build({ configFile: join(dir, 'vite.config.ts'), logLevel: 'warn' });
  console.error(`build: dashboard built into dashboard/dist in ${Math.round(performance.now() - started)} ms`);
}

if (only !== 'dashboard') buildServer();
if (only !== 'server') await buildDashboard();
