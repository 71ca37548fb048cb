import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { openStreams, pushLatencies, rssBytes } from '../../bench/live/idle-streams.js';
import { percentile } from '../../bench/lib/measure.js';
import { defineEvent, sendEvent } from '../../src/modules/events/events.test-factory.js';
import { describeBackends } from '../helpers/test-app.js';

/** The live benchmark's parts (bench/live/idle-streams.ts) with a few streams against an app in this process. */
describeBackends('bench:live with a few streams', (t) => {
  it('opens idle streams that get heartbeats, and measures the push latency on one of them', async () => {
    t.configure({ liveHeartbeatMs: 50 });
    await t.restart();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('u0');
    const service = await t.serviceAuth();
    const streams = await openStreams(
      base,
      6,
      (i) => `/user/u${i}/stream`,
      () => service,
      2,
    );
    try {
      expect(streams).toMatchObject({ open: 6, failed: 0 });
      await new Promise((r) => setTimeout(r, 200));
      expect(streams.heartbeats).toBeGreaterThanOrEqual(6);
      const latencies = await pushLatencies(streams, 0, 3, async () => {
        expect((await sendEvent(t, 'u0', { eventId: 'buy' })).statusCode).toBe(200);
      });
      expect(latencies).toHaveLength(3);
      expect(percentile(latencies, 99)).toBeGreaterThan(0);
      expect(rssBytes(process.pid)).toBeGreaterThan(1e6);
    } finally {
      streams.close();
    }
  });
});
