import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { SseClient } from './live.test-helpers.js';

/** The streams of one user share what is read for them (decision 292): each still gets what it asked for, and every change. */
describeBackends('live streams of one user', (t) => {
  const clients: SseClient[] = [];
  const open = async (path: string, headers: Record<string, string>) => {
    const c = await SseClient.open(t.app, path, headers);
    clients.push(c);
    expect(c.status).toBe(200);
    return c;
  };
  beforeEach(async () => {
    t.configure({ liveHeartbeatMs: 60_000 });
    await t.restart();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await t.createUser('ann');
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  it('sends every stream the messages and the flags; the ranks only to the stream that follows the board', async () => {
    const headers = await t.auth('ann');
    const plain = await open('/user/ann/stream', headers);
    const ranked = await open('/user/ann/stream?boards=default:30d', headers);
    await plain.next('notifications.changed');
    await ranked.next('rank.changed');
    await sendEvent(t, 'ann', { eventId: 'buy' });
    for (const s of [plain, ranked]) {
      expect((await s.next('points.changed'))[0]).toMatchObject({ delta: 10, balance: 10 });
      expect((await s.next('notifications.changed', 2))[1]).toMatchObject({ hasUnseenRewards: true });
    }
    expect((await ranked.next('rank.changed', 2))[1]).toMatchObject({ board: 'default:30d', rank: 1, points: 10 });
    expect(plain.of('rank.changed')).toEqual([]);
    expect(plain.messages.find((m) => m.event === 'points.changed')!.id).toBe(
      ranked.messages.find((m) => m.event === 'points.changed')!.id,
    );
  });

  it('sets a flag again after it was marked seen: a flag that is down is read again after the next event', async () => {
    const headers = await t.auth('ann');
    const s = await open('/user/ann/stream', headers);
    await s.next('notifications.changed');
    await sendEvent(t, 'ann', { eventId: 'buy' });
    expect((await s.next('notifications.changed', 2))[1]).toMatchObject({ hasUnseenRewards: true });
    // Up already: more points change nothing, and nothing is sent.
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await s.next('points.changed', 2);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(s.of('notifications.changed')).toHaveLength(2);
    const seen = await t.inject({ method: 'PUT', url: '/user/ann/notifications/overview', headers, payload: { screenId: 'rewards' } });
    expect(seen.statusCode).toBe(200);
    expect((await s.next('notifications.changed', 3))[2]).toMatchObject({ hasUnseenRewards: false });
    await new Promise((r) => setTimeout(r, 5));
    await sendEvent(t, 'ann', { eventId: 'buy' });
    expect((await s.next('notifications.changed', 4))[3]).toMatchObject({ hasUnseenRewards: true });
  });
});
