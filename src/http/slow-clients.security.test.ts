import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from './app-type.js';
import { median, SlowSocketFlood, timedHealth } from '../../test/helpers/slow-sockets.js';
import { signToken, TestContext } from '../../test/helpers/test-app.js';

/**
 * Slow clients cannot hold the server (decision 213), in-process on 127.0.0.1 with short timeouts:
 * 500 idle and half-sent sockets are open, /health still answers at once, and the server closes
 * every one of them when its timeout has passed. (The bad-input run does the same with the default
 * timeouts: test/hostile/slow-sockets.run.ts.)
 */
const HEADERS_MS = 1_500;
const REQUEST_MS = 2_500;
const KEEP_ALIVE_MS = 1_000;

describe('slow and idle clients', () => {
  let app: App | null = null;
  let flood: SlowSocketFlood | null = null;
  afterEach(async () => {
    flood?.destroy();
    await app?.close();
  });

  it('cannot hold the server: /health answers while 500 sockets wait, and each is closed after its timeout', async () => {
    const config = {
      ...new TestContext('sqlite').config(),
      jobPollMs: 0,
      headersTimeoutMs: HEADERS_MS,
      requestTimeoutMs: REQUEST_MS,
      keepAliveTimeoutMs: KEEP_ALIVE_MS,
    };
    app = await buildApp({ config, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;

    const token = `Bearer ${await signToken({ sub: 'svc', role: 'service' })}`;
    flood = await SlowSocketFlood.open(port, { idle: 150, halfHeaders: 100, trickle: 50, halfBody: 100, keepAlive: 100 }, token);
    expect(flood.open()).toBe(500);
    const health = [];
    for (let i = 0; i < 5; i++) health.push(await timedHealth(port));
    expect(health.every((h) => h.status === 200)).toBe(true);
    expect(median(health.map((h) => h.ms))).toBeLessThan(100);

    const stillOpen = await flood.closedWithin(REQUEST_MS + 2_000);
    expect(stillOpen).toEqual({ idle: 0, halfHeaders: 0, trickle: 0, halfBody: 0, keepAlive: 0 });
    // Each kind went when its own timeout passed (plus Node's check interval), not before; a kept-alive
    // connection's idle clock starts at its answer.
    expect(flood.slowestCloseAfterAnswer('keepAlive')).toBeLessThan(HEADERS_MS);
    expect(flood.slowestClose('halfHeaders')).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(flood.slowestClose('halfHeaders')).toBeLessThan(REQUEST_MS);
    // A byte every 250 ms does not keep the headers' clock from running.
    expect(flood.slowestClose('trickle')).toBeLessThan(REQUEST_MS);
    expect(flood.slowestClose('halfBody')).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    // A client that sent part of a request is told why.
    for (const s of flood.sockets.filter((x) => x.kind !== 'idle' && x.kind !== 'keepAlive')) {
      expect(s.received).toMatch(/^HTTP\/1\.1 408 /);
    }
  });
});
