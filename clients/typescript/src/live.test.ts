import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { defineEvent, sendEvent } from '../../../src/modules/events/events.test-factory.js';
import { describeBackends, signToken } from '../../../test/helpers/test-app.js';
import { subscribe, type LiveEvents } from './index.js';

describeBackends('@laurel/client subscribe()', (t) => {
  it('follows a user’s stream, typed, and after the stream ends reconnects with a new token and replays what was missed', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await t.createUser('ann');
    const changes: Array<LiveEvents['points.changed']> = [];
    const ranks: Array<LiveEvents['rank.changed']> = [];
    let opened = 0;
    const live = subscribe(
      {
        baseUrl: `http://127.0.0.1:${port}`,
        auth: { token: () => signToken({ sub: 'ann' }) },
        userId: 'ann',
        boards: ['default:7d'],
        minDelayMs: 50,
      },
      {
        open: () => opened++,
        'points.changed': (data) => changes.push(data),
        'rank.changed': (data) => ranks.push(data),
      },
    );
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 30));
      expect(done()).toBe(true);
    };
    try {
      await until(() => ranks.length === 1);
      await sendEvent(t, 'ann', { eventId: 'buy' });
      await until(() => changes.length === 1);
      expect(changes[0]).toMatchObject({ delta: 10, balance: 10, source: { type: 'EVENT', id: 'buy' } });
      // The instance ends its streams (as on SIGTERM); events meanwhile are replayed on the reconnect.
      t.app.services.live.endStreams();
      await sendEvent(t, 'ann', { eventId: 'buy' });
      await until(() => changes.length === 2);
      expect(changes.map((c) => c.balance)).toEqual([10, 20]);
      expect(opened).toBe(2);
      expect(live.lastEventId).toMatch(/^\d+-\d+$/);
    } finally {
      live.close();
    }
  });
});
