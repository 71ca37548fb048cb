import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';
import { SseClient } from './live.test-helpers.js';

/** GET /admin/event-log/stream: the operator's live event log (decision 293). */
describeBackends('the event log stream', (t) => {
  const clients: SseClient[] = [];
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

  it('sends the newest entry when it opens, then each newer one logged: an awarded event and a refused call', async () => {
    const s = await SseClient.open(t.app, '/admin/event-log/stream', t.adminAuth());
    clients.push(s);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const [first] = await s.next('event-log');
    expect(first).toEqual({ entries: [], nextCursor: null });
    expect((await sendEvent(t, 'ann', { eventId: 'buy' })).statusCode).toBe(200);
    const pages = await s.next('event-log', 2);
    expect(pages[1]).toMatchObject({ entries: [{ userId: 'ann', eventId: 'buy', outcome: 'AWARDED', points: 10 }], nextCursor: null });
    expect((await sendEvent(t, 'ann', { eventId: 'no-such-event' })).statusCode).toBe(404);
    const after = await s.next('event-log', 3);
    expect(after[2]).toMatchObject({ entries: [{ userId: 'ann', eventId: 'no-such-event', outcome: 'REJECTED', status: 404 }] });
    expect(after[2]!.nextCursor).toEqual(expect.any(String));
    // The same body as GET /admin/event-log?limit=1.
    const read = await t.admin('GET', '/admin/event-log?limit=1');
    expect(read.json()).toEqual(after[2]);
  });

  it('shares one feed between the streams of a project, and sends nothing while nothing is logged', async () => {
    const [a, b] = [
      await SseClient.open(t.app, '/admin/event-log/stream', t.adminAuth()),
      await SseClient.open(t.app, '/admin/event-log/stream', t.adminAuth()),
    ];
    clients.push(a, b);
    await a.next('event-log');
    await b.next('event-log');
    await new Promise((r) => setTimeout(r, 1_300));
    expect(a.of('event-log')).toHaveLength(1);
    await sendEvent(t, 'ann', { eventId: 'buy' });
    const [pa, pb] = [await a.next('event-log', 2), await b.next('event-log', 2)];
    expect(pa[1]).toEqual(pb[1]);
    expect(a.messages[1]!.id).toBe(b.messages[1]!.id);
  });

  it('is for the admin token only (401 otherwise), of a known project (404), without parameters (400)', async () => {
    const none = await t.inject({ method: 'GET', url: '/admin/event-log/stream' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ statusCode: 401, code: 'ADMIN_TOKEN_REQUIRED' });
    expect((await t.inject({ method: 'GET', url: '/admin/event-log/stream', headers: await t.auth('ann') })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/admin/event-log/stream', headers: await t.serviceAuth() })).statusCode).toBe(401);
    const unknown = await t.inject({ method: 'GET', url: '/admin/event-log/stream', headers: t.adminAuth('no-such-project') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    // It takes no filter: an unknown parameter is refused before the stream opens.
    const filtered = await t.inject({ method: 'GET', url: '/admin/event-log/stream?userId=ann', headers: t.adminAuth() });
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });
});
