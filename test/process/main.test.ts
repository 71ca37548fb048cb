import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server-process.js';

describe('the server process', { timeout: 120_000 }, () => {
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

  it('refuses to start with a bad value and names the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});
