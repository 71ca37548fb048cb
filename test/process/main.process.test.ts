import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEntry } from '../helpers/built-server.js';
import { startServer as startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const SECRET = 'process-test-secret-0123456789abcdefghijklmnop';
const ADMIN = 'process-test-admin-token-0123456789';

function serviceToken(): Promise<string> {
  return new SignJWT({ sub: 'shop', role: 'service' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));
}

describe('the server process', { timeout: 120_000 }, () => {
  const started: ServerProcess[] = [];
  const startServer = async (...args: Parameters<typeof startServerProcess>) => {
    const server = await startServerProcess(...args);
    started.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('starts with no configuration, generates and prints the secrets once, and exits 0 on SIGTERM', async () => {
    const server = await startServer({ JWT_SECRET: '', ADMIN_TOKEN: '' });
    const adminToken = readFileSync(join(server.dataDir, 'admin-token'), 'utf8').trim();
    expect(server.output()).toContain(adminToken);
    expect(existsSync(join(server.dataDir, 'jwt-secret'))).toBe(true);
    const groups = await fetch(`${server.baseUrl}/v1/admin/usergroup`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(groups.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const again = await startServer({ JWT_SECRET: '', ADMIN_TOKEN: '' }, server.dataDir);
    expect(again.output()).not.toContain(adminToken);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('finishes a request in flight before closing on SIGTERM', async () => {
    const server = await startServer();
    const token = readFileSync(join(server.dataDir, 'admin-token'), 'utf8').trim();
    const body = JSON.stringify({ title: { default: 'A', de: 'A' } });
    // Send the headers and half of the body, so the request is surely in flight when SIGTERM lands.
    const status = new Promise<number>((resolve, reject) => {
      const req = request(`${server.baseUrl}/admin/usergroup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await status).toBe(201);
    expect(await server.exited).toBe(0);
  });

  it(
    'on SIGTERM during a burst of events answers or refuses each, keeps every acknowledged one, closes the store ' + 'cleanly and exits 0',
    async () => {
      const server = await startServer({ JWT_SECRET: SECRET, ADMIN_TOKEN: ADMIN });
      const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
      expect(
        (
          await fetch(`${server.baseUrl}/admin/event`, {
            method: 'POST',
            headers: admin,
            body: JSON.stringify({ eventId: 'tap', title: 'Tap', reward: { default: 1 }, limit: null }),
          })
        ).status,
      ).toBe(201);
      const user = { authorization: `Bearer ${await serviceToken()}`, 'content-type': 'application/json' };
      expect(
        (await fetch(`${server.baseUrl}/user`, { method: 'POST', headers: user, body: JSON.stringify({ userId: 'ann' }) })).status,
      ).toBe(201);

      const send = () =>
        fetch(`${server.baseUrl}/event`, { method: 'POST', headers: user, body: JSON.stringify({ eventId: 'tap', userId: 'ann' }) }).then(
          (res) => res.status,
          () => 0, // connection refused or closed: not acknowledged
        );
      const first = Array.from({ length: 20 }, send);
      await Promise.race(first);
      server.child.kill('SIGTERM');
      const rest = Array.from({ length: 20 }, send);
      const statuses = await Promise.all([...first, ...rest]);
      expect(await server.exited).toBe(0);

      for (const status of statuses) expect([200, 503, 0]).toContain(status);
      const acknowledged = statuses.filter((s) => s === 200).length;
      expect(acknowledged).toBeGreaterThanOrEqual(1);
      // A cleanly closed SQLite store has folded its write-ahead log back into the database file.
      expect(existsSync(join(server.dataDir, 'laurel.db-wal'))).toBe(false);
      const db = new Database(join(server.dataDir, 'laurel.db'), { readonly: true });
      try {
        const stored = db.prepare("select count(*) as n from events where user_id = 'ann'").get() as { n: number };
        expect(stored.n).toBe(acknowledged);
      } finally {
        db.close();
      }
    },
  );

  it('waits for requests in flight at most LAUREL_SHUTDOWN_GRACE_MS, then cuts them and still exits 0', async () => {
    const server = await startServer({ LAUREL_SHUTDOWN_GRACE_MS: '300' });
    const token = readFileSync(join(server.dataDir, 'admin-token'), 'utf8').trim();
    // A client that sends half its body and then nothing: the request never completes by itself.
    const outcome = new Promise<string>((resolve) => {
      const req = request(`${server.baseUrl}/admin/usergroup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': 100 },
      });
      req.on('response', (res) => resolve(`status ${res.statusCode}`));
      req.on('error', () => resolve('connection closed'));
      req.write('{"title":');
    });
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(await outcome).toBe('connection closed');
    expect(server.output()).toContain('requests still in flight after 300 ms');
  });

  it('refuses to start with a bad value and names the variable', () => {
    const result = spawnSync(process.execPath, [serverEntry()], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});
