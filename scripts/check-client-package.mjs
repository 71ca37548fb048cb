#!/usr/bin/env node
// Checks @laurel/client as a user gets it: `npm pack` in clients/typescript (its prepack compiles it
// to JavaScript and .d.ts), the tarball installed into a fresh plain Node project (no TypeScript,
// no tsx), and a small ESM script there that talks to a real server (node dist/main.js, started
// here on 127.0.0.1 with its own data folder). .ci/run runs it after the build:
//   node scripts/check-client-package.mjs
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'laurel-client-package-'));
const ADMIN = 'client-package-admin-token-0123456789';
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

/** The script the plain project runs: plain JavaScript, the package by its name. */
const SCRIPT = `
import { createLaurelClient, unwrap, LaurelError } from '@laurel/client';
const baseUrl = process.env.LAUREL_URL;
const admin = createLaurelClient({ baseUrl, auth: { adminToken: process.env.ADMIN_TOKEN } });
await unwrap(admin.POST('/admin/event', { body: { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } } }));
await unwrap(admin.POST('/user', { body: { userId: 'alice' } }));
const logged = await unwrap(admin.POST('/event', { body: { eventId: 'purchase', userId: 'alice' } }));
if (logged.data.pointsAwarded !== 10) throw new Error('expected 10 points, got ' + logged.data.pointsAwarded);
const missing = await unwrap(admin.GET('/user/{userId}', { params: { path: { userId: 'nobody' } } })).catch((e) => e);
if (!(missing instanceof LaurelError) || missing.code !== 'USER_NOT_FOUND') throw new Error('expected a LaurelError USER_NOT_FOUND');
console.log('client package ok: +' + logged.data.pointsAwarded + ' points, errors as LaurelError');
`;

async function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function startServer(port, dataDir) {
  if (!existsSync(join(root, 'dist/main.js'))) throw new Error('dist/main.js is missing: run npm run build first');
  const child = spawn(process.execPath, [join(root, 'dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LAUREL_DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'laurel.db')}`,
      ADMIN_TOKEN: ADMIN,
      JWT_SECRET: 'client-package-jwt-secret-0123456789abcdef',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node dist/main.js exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('node dist/main.js did not answer /health within 60 s');
}

let server = null;
let failed = false;
try {
  // 1. The tarball, as `npm pack` makes it (prepack compiles src/ to dist/).
  const tarball = join(
    work,
    npm(['pack', '--silent', '--pack-destination', work], join(root, 'clients/typescript')).trim().split('\n').pop(),
  );
  const listed = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const sources = listed.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  if (sources.length > 0) throw new Error(`the tarball ships TypeScript sources: ${sources.join(', ')}`);
  for (const f of ['package/dist/index.js', 'package/dist/index.d.ts', 'package/README.md'])
    if (!listed.includes(f)) throw new Error(`the tarball lacks ${f}`);
  console.log(`packed ${tarball.split('/').pop()}: ${listed.length} files, JavaScript and declarations only`);

  // 2. A plain Node project: package.json of type module, the tarball installed, no dev tooling.
  const project = join(work, 'project');
  execFileSync('mkdir', [project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'plain-project', private: true, type: 'module' }));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], project);
  const installed = readdirSync(join(project, 'node_modules'));
  if (installed.includes('typescript') || installed.includes('tsx')) throw new Error('TypeScript tooling was installed');
  writeFileSync(join(project, 'check.mjs'), SCRIPT);

  // 3. The script against a real server.
  const port = await freePort();
  const dataDir = join(work, 'data');
  server = await startServer(port, dataDir);
  execFileSync(process.execPath, ['check.mjs'], {
    cwd: project,
    stdio: 'inherit',
    env: { ...process.env, LAUREL_URL: `http://127.0.0.1:${port}`, ADMIN_TOKEN: ADMIN },
    timeout: 60_000,
  });
} catch (err) {
  failed = true;
  console.error(`client package check FAILED: ${err instanceof Error ? err.message : err}`);
} finally {
  if (server) {
    const exited = new Promise((ok) => server.once('exit', ok));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
}
console.log(failed ? 'client package check failed' : 'client package check passed');
process.exit(failed ? 1 : 0);
