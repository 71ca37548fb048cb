#!/usr/bin/env node
// Smoke test of a production tree (what the Dockerfile's build stage leaves: dist/, dashboard/dist,
// node_modules without dev dependencies): `node dist/main.js` in that folder must serve the API,
// /openapi.json, /docs and /dashboard on a fresh SQLite store, and stop cleanly on SIGTERM.
// .ci/run builds such a tree and runs: node scripts/smoke-production.mjs <folder>
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const tree = resolve(process.argv[2] ?? '.');
const dataDir = mkdtempSync(join(tmpdir(), 'laurel-smoke-'));
const SECRET = 'smoke-test-secret-0123456789abcdefghijklmnop';
const ADMIN = 'smoke-test-admin-token-0123456789';

const port = await new Promise((ok, fail) => {
  const srv = createServer();
  srv.once('error', fail);
  srv.listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => ok(p));
  });
});

/** A HS256 JWT by hand: the smoke test needs nothing from the tree it checks. */
function token(claims) {
  const enc = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ iat, exp: iat + 600, ...claims })}`;
  return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
}

let output = '';
const child = spawn(process.execPath, ['dist/main.js'], {
  cwd: tree,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LAUREL_DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${join(dataDir, 'laurel.db')}`,
    JWT_SECRET: SECRET,
    ADMIN_TOKEN: ADMIN,
    REDIS_URL: '',
    LAUREL_TEST_CLOCK: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const exited = new Promise((ok) => child.on('exit', (code) => ok(code)));

const base = `http://127.0.0.1:${port}`;
let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node dist/main.js exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('node dist/main.js did not answer /health within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  check(true, 'node dist/main.js answers GET /health');

  const spec = await fetch(`${base}/openapi.json`);
  check(spec.ok && typeof (await spec.json()).openapi === 'string', 'GET /openapi.json is an OpenAPI document');
  const docs = await fetch(`${base}/docs/`);
  check(docs.ok && (await docs.text()).includes('<html'), 'GET /docs/ serves the docs UI');
  const dashboard = await fetch(`${base}/dashboard/`);
  check(dashboard.ok && (await dashboard.text()).includes('<div id="root"'), 'GET /dashboard/ serves the built dashboard');

  const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
  const service = { authorization: `Bearer ${token({ sub: 'smoke', role: 'service' })}`, 'content-type': 'application/json' };
  const defined = await fetch(`${base}/admin/event`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ eventId: 'tap', title: 'Tap', reward: { default: 5 } }),
  });
  check(defined.status === 201, 'POST /admin/event creates a definition');
  const user = await fetch(`${base}/v1/user`, { method: 'POST', headers: service, body: JSON.stringify({ userId: 'ann' }) });
  check(user.status === 201, 'POST /v1/user creates a user');
  const event = await fetch(`${base}/event`, { method: 'POST', headers: service, body: JSON.stringify({ eventId: 'tap', userId: 'ann' }) });
  check(event.status === 200 && (await event.json()).data.points === 5, 'POST /event awards the points');
} catch (err) {
  check(false, err.message);
} finally {
  child.kill('SIGTERM');
  const code = await exited;
  check(code === 0, `SIGTERM: exit code ${code}`);
  if (failures > 0) console.log(`server output:\n${output}`);
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(failures === 0 ? 'production smoke test passed' : `production smoke test: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
