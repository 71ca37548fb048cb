#!/usr/bin/env node
// npm run cluster: two Laurel instances (node dist/main.js) on one PostgreSQL and one Redis, on two
// ports of 127.0.0.1 — scale mode on one machine, without containers (deploy/compose.yaml is the
// same with containers and a proxy in front).
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster [-- --ports 3001,3002]
//
// Both instances share JWT_SECRET and ADMIN_TOKEN: taken from the environment, else from the data
// folder (generated there once, before either instance starts). Output lines are prefixed [a]/[b].
// SIGINT or SIGTERM stops both gracefully; the exit code is 0 when both stopped cleanly.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'main.js');

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({ options: { ports: { type: 'string' }, host: { type: 'string' } }, strict: true });
const ports = (values.ports ?? process.env.CLUSTER_PORTS ?? '3001,3002').split(',').map((p) => Number(p.trim()));
if (ports.length !== 2 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535) || ports[0] === ports[1]) {
  fail(`--ports takes two different port numbers, like 3001,3002; got "${values.ports ?? process.env.CLUSTER_PORTS}"`);
}
const host = values.host ?? '127.0.0.1';
if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? ''))
  fail('DATABASE_URL must be a postgres:// URL: the instances share one PostgreSQL');
if (!/^rediss?:\/\//.test(process.env.REDIS_URL ?? '')) fail('REDIS_URL must be a redis:// URL: the instances share one Redis');
if (!existsSync(entry)) fail('dist/main.js does not exist: run npm run build');

// The secrets both instances must share, resolved once here by the service's own code.
const { loadConfig, ConfigError } = await import(pathToFileURL(join(root, 'dist', 'config.js')).href);
const { resolveSecrets } = await import(pathToFileURL(join(root, 'dist', 'secrets.js')).href);
let resolved;
try {
  resolved = resolveSecrets(loadConfig(process.env));
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
for (const s of resolved.secrets) {
  if (s.generated) console.log(`\n  ${s.variable} was not set, so one was generated and kept in ${s.file}:\n\n    ${s.value}\n`);
}
const shared = { JWT_SECRET: resolved.config.jwtSecret ?? '', ADMIN_TOKEN: resolved.config.adminToken };

function prefixLines(stream, name, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
}

const instances = ports.map((port, i) => {
  const name = 'ab'[i];
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, ...shared, PORT: String(port), HOST: host },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixLines(child.stdout, name, process.stdout);
  prefixLines(child.stderr, name, process.stderr);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { name, port, child, exited, base: `http://${host.includes(':') ? `[${host}]` : host}:${port}` };
});

let stopping = false;
async function stopAll(reason) {
  if (stopping) return;
  stopping = true;
  console.log(`cluster: ${reason}; stopping both instances`);
  for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGTERM');
  const codes = await Promise.all(instances.map((i) => i.exited));
  console.log(`cluster: stopped (${instances.map((i, n) => `${i.name} exit ${codes[n]}`).join(', ')})`);
  process.exit(codes.every((c) => c === 0) ? 0 : 1);
}
process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));
for (const i of instances) void i.exited.then((code) => stopAll(`instance ${i.name} exited with ${code}`));

const deadline = Date.now() + 120_000;
for (const i of instances) {
  for (;;) {
    if (stopping) await new Promise(() => {}); // stopAll exits
    try {
      if ((await fetch(`${i.base}/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) await stopAll(`instance ${i.name} did not answer /health within 120 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
console.log(`cluster ready: ${instances.map((i) => i.base).join(' ')}`);
