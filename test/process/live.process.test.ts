import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

const SECRET = 'process-test-secret-0123456789abcdefghijklmnop';

/** Live streams and SIGTERM: open streams end at once, so they do not hold the shutdown for its grace period. */
describe('live streams of the server process', { timeout: 120_000 }, () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('ends every stream on SIGTERM and exits 0 long before LAUREL_SHUTDOWN_GRACE_MS', async () => {
    const server = await startServer({ JWT_SECRET: SECRET, LAUREL_SHUTDOWN_GRACE_MS: '30000' });
    started.push(server);
    const token = await new SignJWT({ sub: 'shop', role: 'service' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(SECRET));
    const url = new URL(server.baseUrl);
    const streams = await Promise.all(
      ['ann', 'bob', 'ann'].map(
        (user) =>
          new Promise<{ status: number; ended: Promise<void> }>((resolve, reject) => {
            const req = request(
              { host: url.hostname, port: url.port, path: `/user/${user}/stream`, headers: { authorization: `Bearer ${token}` } },
              (res) => {
                res.resume();
                resolve({ status: res.statusCode!, ended: new Promise<void>((done) => res.on('close', () => done())) });
              },
            );
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const sent = performance.now();
    server.child.kill('SIGTERM');
    await Promise.all(streams.map((s) => s.ended));
    expect(await server.exited).toBe(0);
    expect(performance.now() - sent).toBeLessThan(10_000);
  });
});
