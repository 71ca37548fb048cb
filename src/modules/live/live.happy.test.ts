import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { App } from '../../http/app-type.js';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { defineCurrency, earn } from '../leaderboards/leaderboards.test-helpers.js';
import { SseClient } from './live.test-helpers.js';

/** Live streams over a real socket (app.listen on 127.0.0.1, port 0): SSE does not end, so app.inject cannot read it. */
describeBackends('live streams', (t) => {
  const clients: SseClient[] = [];
  const open = async (path: string, headers: Record<string, string> = {}, app: App = t.app) => {
    const c = await SseClient.open(app, path, headers);
    clients.push(c);
    return c;
  };
  beforeEach(async () => {
    t.configure({ liveHeartbeatMs: 100 });
    await t.restart();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await t.createUser('ann');
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  it('sends the user its points the moment an event is applied, with an id and an event name', async () => {
    const s = await open('/v1/user/ann/stream', await t.auth('ann'));
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await s.next('notifications.changed');
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    const [changed] = await s.next('points.changed');
    expect(changed).toEqual({
      currency: 'points',
      delta: 10,
      balance: 10,
      source: { type: 'EVENT', id: 'buy' },
      occurredAt: expect.any(Number),
    });
    const message = s.messages.find((m) => m.event === 'points.changed')!;
    expect(message.id).toMatch(/^\d+-\d+$/);
  });

  it('sends the notification flags when they change: after the user’s points, and when a section is marked seen', async () => {
    const headers = await t.auth('ann');
    const s = await open('/user/ann/stream', headers);
    const [first] = await s.next('notifications.changed');
    expect(first).toMatchObject({ userId: 'ann', hasUnseenRewards: false });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const flags = await s.next('notifications.changed', 2);
    expect(flags[1]).toMatchObject({ hasUnseenRewards: true });
    const seen = await t.inject({ method: 'PUT', url: '/user/ann/notifications/overview', headers, payload: { screenId: 'rewards' } });
    expect(seen.statusCode).toBe(200);
    const after = await s.next('notifications.changed', 3);
    expect(after[2]).toMatchObject({ hasUnseenRewards: false });
  });

  it('sends nothing of other users, and lets a service principal follow any user', async () => {
    await t.createUser('bob');
    const s = await open('/user/ann/stream', await t.serviceAuth());
    expect(s.status).toBe(200);
    await sendEvent(t, 'bob', { eventId: 'buy' });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const changes = await s.next('points.changed', 2);
    expect(changes.map((c) => c.balance)).toEqual([10, 20]);
  });

  it('sends challenge progress and completion, and the streak', async () => {
    expect(
      (await t.admin('POST', '/admin/challenge', { challengeId: 'three', title: { default: 'Three' }, eventId: 'buy', goal: 2, points: 5 }))
        .statusCode,
    ).toBe(201);
    const s = await open('/user/ann/stream', await t.auth('ann'));
    await s.next('notifications.changed');
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const [progress] = await s.next('challenge.progress');
    expect(progress).toMatchObject({ challengeId: 'three', progress: 1, goal: 2 });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const [completed] = await s.next('challenge.completed');
    expect(completed).toMatchObject({ challengeId: 'three', progress: 2, pointsAwarded: 5 });
    expect((await s.next('points.changed', 3)).map((c) => c.balance)).toEqual([10, 20, 25]);
  });

  it('opens with a one-time token in the query, which a second use cannot', async () => {
    const res = await t.inject({ method: 'POST', url: '/user/ann/stream-token', headers: await t.auth('ann') });
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json();
    expect(expiresAt - Date.now()).toBeGreaterThan(55_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
    const s = await open(`/user/ann/stream?token=${token}`);
    expect(s.status).toBe(200);
    const again = await open(`/user/ann/stream?token=${token}`);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({ statusCode: 401, code: 'INVALID_STREAM_TOKEN' });
  });

  it('replays what a reconnect missed after Last-Event-ID, and sends reset for an id it cannot', async () => {
    const headers = await t.auth('ann');
    const first = await open('/user/ann/stream', headers);
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await first.next('points.changed');
    const lastId = first.messages.find((m) => m.event === 'points.changed')!.id!;
    first.close();
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const again = await open('/user/ann/stream', { ...headers, 'last-event-id': lastId });
    expect((await again.next('points.changed', 2)).map((c) => c.balance)).toEqual([20, 30]);
    const lost = await open('/user/ann/stream', { ...headers, 'last-event-id': '1-1' });
    await lost.next('reset');
  });

  it('sends heartbeats, the rank on the boards named, and ends every stream when the app closes', async () => {
    const s = await open('/user/ann/stream?boards=default:7d,default:month', await t.auth('ann'));
    const initial = await s.next('rank.changed', 2);
    expect(initial.map((r) => r.board)).toEqual(['default:7d', 'default:month']);
    expect(initial[0]).toMatchObject({ groupId: 'default', timeframe: '7d', rank: null, points: 0 });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const ranks = await s.next('rank.changed', 4);
    expect(ranks.slice(2).map((r) => [r.board, r.rank, r.points])).toEqual([
      ['default:7d', 1, 10],
      ['default:month', 1, 10],
    ]);
    await s.until(() => s.heartbeats >= 2);
    await t.app.close();
    await s.until(() => s.ended);
  });

  it('reads the ranks again every heartbeat: another user overtaking moves the rank', async () => {
    await t.createUser('bob');
    const s = await open('/user/ann/stream?boards=default:30d', await t.auth('ann'));
    await s.next('rank.changed');
    await sendEvent(t, 'ann', { eventId: 'buy' });
    expect((await s.next('rank.changed', 2))[1]).toMatchObject({ rank: 1, points: 10 });
    await sendEvent(t, 'bob', { eventId: 'buy' });
    await sendEvent(t, 'bob', { eventId: 'buy' });
    expect((await s.next('rank.changed', 3))[2]).toMatchObject({ board: 'default:30d', rank: 2, points: 10 });
  });

  it('limits a user to 5 streams (429) and an instance to its total (503), with Retry-After', async () => {
    const headers = await t.auth('ann');
    for (let i = 0; i < 5; i++) expect((await open('/user/ann/stream', headers)).status).toBe(200);
    const metrics = await t.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^laurel_live_streams 5$/m);
    const sixth = await open('/user/ann/stream', headers);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBe('10');
    expect(JSON.parse(sixth.body)).toMatchObject({ statusCode: 429, code: 'TOO_MANY_STREAMS' });
    clients[0]!.close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await open('/user/ann/stream', headers)).status).toBe(200);
  });

  it('opens a board stream with a user’s stream token too (a screen needs no service credential)', async () => {
    const { token } = (await t.inject({ method: 'POST', url: '/user/ann/stream-token', headers: await t.auth('ann') })).json();
    const s = await open(`/project/${t.projectId}/leaderboard/stream?groupId=default&timeframe=30d&token=${token}`);
    expect(s.status).toBe(200);
    await s.next('leaderboard');
  });

  it('streams a board’s top to a screen when it changes', async () => {
    const s = await open(`/project/${t.projectId}/leaderboard/stream?groupId=default&timeframe=7d&limit=5`, await t.serviceAuth());
    expect(s.status).toBe(200);
    const [first] = await s.next('leaderboard');
    expect(first).toMatchObject({ users: [], groupId: 'default', timeframe: '7d' });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const boards = await s.next('leaderboard', 2);
    expect(boards[1]).toMatchObject({ users: [{ userId: 'ann', points: 10, rank: 1 }] });
  });

  it('streams the board of the currency asked: xp moves it, points do not', async () => {
    await defineCurrency(t, 'xp');
    const s = await open(`/project/${t.projectId}/leaderboard/stream?groupId=default&timeframe=7d&currency=xp`, await t.serviceAuth());
    expect(s.status).toBe(200);
    const [first] = await s.next('leaderboard');
    expect(first).toEqual({ users: [], total: 0, groupId: 'default', currency: 'xp', timeframe: '7d' });
    await sendEvent(t, 'ann', { eventId: 'buy' });
    await earn(t, 'bob', 40, { currency: 'xp' });
    const boards = await s.next('leaderboard', 2);
    expect(boards[1]).toMatchObject({ users: [{ userId: 'bob', points: 40, rank: 1 }], total: 1 });
  });
});

describeBackends('live streams: the slow-client timeouts', (t) => {
  it('keep a stream open past LAUREL_REQUEST_TIMEOUT_MS and LAUREL_KEEP_ALIVE_TIMEOUT_MS (the request was complete at once)', async () => {
    t.configure({ headersTimeoutMs: 100, requestTimeoutMs: 200, keepAliveTimeoutMs: 100, liveHeartbeatMs: 100 });
    await t.restart();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const s = await SseClient.open(t.app, '/user/ann/stream', await t.auth('ann'));
    expect(s.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(s.ended).toBe(false);
    expect(s.heartbeats).toBeGreaterThanOrEqual(5);
    s.close();
  });
});

describeBackends('live streams: the instance total', (t) => {
  it('answers 503 with Retry-After beyond LAUREL_LIVE_MAX_STREAMS', async () => {
    t.configure({ liveMaxStreams: 1 });
    await t.restart();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await t.createUser('ann');
    const headers = await t.auth('ann');
    const one = await SseClient.open(t.app, '/user/ann/stream', headers);
    expect(one.status).toBe(200);
    const two = await SseClient.open(t.app, '/user/ann/stream', headers);
    expect(two.status).toBe(503);
    expect(two.headers['retry-after']).toBe('5');
    expect(JSON.parse(two.body)).toMatchObject({ code: 'STREAMS_FULL' });
    one.close();
  });
});

describeBackends('live streams across instances', (t) => {
  if (t.backend !== 'postgres') {
    it.skip('runs in scale mode only (PostgreSQL + Redis)', () => undefined);
    return;
  }
  let second: App;
  beforeEach(async () => {
    second = await buildApp({ config: t.config(), logger: false });
    await second.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    await second?.close();
  });

  it('brings an event applied on one instance to a stream held by the other, in order, and replays it there', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 10 } });
    await t.createUser('ann');
    const headers = await t.auth('ann');
    const s = await SseClient.open(second, '/user/ann/stream', headers);
    await s.next('notifications.changed');
    // The first instance hears of the stream through Redis.
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 5; i++) await sendEvent(t, 'ann', { eventId: 'buy' });
    const changes = await s.next('points.changed', 5);
    expect(changes.map((c) => c.balance)).toEqual([10, 20, 30, 40, 50]);
    const ids = s.messages.filter((m) => m.event === 'points.changed').map((m) => m.id!);
    s.close();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const again = await SseClient.open(t.app, '/user/ann/stream', { ...headers, 'last-event-id': ids[2]! });
    expect((await again.next('points.changed', 2)).map((c) => c.balance)).toEqual([40, 50]);
    again.close();
  });

  it('count the streams of a user on every instance together: the 6th is refused on either', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const headers = await t.auth('ann');
    const open: SseClient[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const s = await SseClient.open(i % 2 === 0 ? t.app : second, '/user/ann/stream', headers);
        expect(s.status).toBe(200);
        open.push(s);
      }
      for (const app of [t.app, second]) expect((await SseClient.open(app, '/user/ann/stream', headers)).status).toBe(429);
    } finally {
      for (const s of open) s.close();
    }
  });
});
