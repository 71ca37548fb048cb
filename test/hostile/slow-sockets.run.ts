import { expect, it } from 'vitest';
import { median, SlowSocketFlood, timedHealth } from '../helpers/slow-sockets.js';
import { describeBackends, signToken } from '../helpers/test-app.js';

/**
 * Slow and idle clients with the default timeouts (npm run test:bad-input; decision 213): 500
 * sockets that send nothing, half their headers, a header byte every 250 ms, half a body, or idle
 * after a keep-alive request. /health must answer within 100 ms meanwhile, and the server must close
 * each socket by its timeout: keep-alive idle after 5 s, headers after 10 s, the whole request after
 * 30 s (plus Node's check interval of 1 s). About 35 s per store.
 */
describeBackends('slow and idle sockets, default timeouts', (t) => {
  it('cannot hold the server', { timeout: 90_000 }, async () => {
    const config = t.config();
    expect(config).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const token = `Bearer ${await signToken({ sub: 'svc', role: 'service' })}`;
    const flood = await SlowSocketFlood.open(port, { idle: 150, halfHeaders: 100, trickle: 50, halfBody: 100, keepAlive: 100 }, token);
    try {
      expect(flood.open()).toBe(500);
      const health = [];
      for (let i = 0; i < 10; i++) health.push(await timedHealth(port));
      expect(health.every((h) => h.status === 200)).toBe(true);
      expect(median(health.map((h) => h.ms))).toBeLessThan(100);

      expect(await flood.closedWithin(6_500, ['keepAlive'])).toMatchObject({ keepAlive: 0 });
      expect(flood.slowestClose('keepAlive')).toBeGreaterThanOrEqual(4_900);
      expect(flood.open('halfHeaders') + flood.open('trickle') + flood.open('idle')).toBe(300);
      expect(await flood.closedWithin(8_000, ['idle', 'halfHeaders', 'trickle'])).toMatchObject({ idle: 0, halfHeaders: 0, trickle: 0 });
      expect(flood.slowestClose('trickle')).toBeGreaterThanOrEqual(9_900);
      expect(flood.open('halfBody')).toBe(100);
      // The slow bodies hold nothing: /health still answers at once.
      expect((await timedHealth(port)).ms).toBeLessThan(1_000);
      expect(await flood.closedWithin(21_000)).toEqual({ idle: 0, halfHeaders: 0, trickle: 0, halfBody: 0, keepAlive: 0 });
      expect(flood.slowestClose('halfBody')).toBeGreaterThanOrEqual(29_900);
    } finally {
      flood.destroy();
    }
  });
});
