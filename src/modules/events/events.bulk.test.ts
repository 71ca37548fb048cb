import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, NOW } from './events.test-factory.js';

/** POST /events: up to 1,000 POST /event bodies in one request, each answered in order. */
describeSharedApp('events: bulk POST /events', (t) => {
  const post = async (events: unknown[], headers?: Record<string, string>) =>
    t.inject({ method: 'POST', url: '/v1/events', headers: headers ?? (await t.serviceAuth()), payload: { events } });

  it('answers each item as POST /event would, in order, one refusal failing only its item', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: 2 });
    await t.createUser('ann');
    await t.createUser('bob');
    const res = await post([
      { eventId: 'buy', userId: 'ann' },
      { eventId: 'buy', userId: 'ghost' },
      { eventId: 'nope', userId: 'ann' },
      { eventId: 'buy', userId: 'ann', metadata: { amount: 'x'.repeat(3000) } },
      { eventId: 'buy', userId: 'ann' },
      { eventId: 'buy', userId: 'ann' },
      { eventId: 'buy', userId: 'bob', extra: true },
      { eventId: 'buy', userId: 'bob' },
    ]);
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results).toHaveLength(8);
    expect(results[0]).toMatchObject({
      statusCode: 200,
      success: true,
      message: 'Event erfolgreich geloggt',
      data: { userId: 'ann', points: 5, limitReached: false },
    });
    expect(results[1]).toEqual({ statusCode: 404, error: 'Not Found', message: 'User ghost not found', code: 'USER_NOT_FOUND' });
    expect(results[2]).toMatchObject({ statusCode: 404, code: 'EVENT_NOT_FOUND' });
    expect(results[3]).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(results[3].message).toContain('events/3/metadata');
    // The limit of 2 per day counts the items before them, in order.
    expect(results[4]).toMatchObject({ statusCode: 200, data: { points: 5, limitReached: false } });
    expect(results[5]).toMatchObject({ statusCode: 200, message: 'Event Limit erreicht', data: { points: 0, limitReached: true } });
    expect(results[6]).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(results[7]).toMatchObject({ statusCode: 200, data: { userId: 'bob', points: 5 } });
    expect(await balance(t, 'ann')).toBe(10);
    expect(await balance(t, 'bob')).toBe(5);
    expect(await t.app.services.events.countEvents(t.projectId, 'ann')).toBe(3);
  });

  it('applies the items of one request in one batch', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    for (const u of ['a', 'b', 'c']) await t.createUser(u);
    const before = t.app.services.writes.stats.batches;
    const res = await post(Array.from({ length: 300 }, (_, i) => ({ eventId: 'buy', userId: ['a', 'b', 'c'][i % 3] })));
    expect(res.statusCode).toBe(200);
    expect(res.json().results.every((r: { statusCode: number }) => r.statusCode === 200)).toBe(true);
    expect(t.app.services.writes.stats.batches - before).toBe(1);
    expect(await balance(t, 'a')).toBe(100);
  });

  it('authorises each item like POST /event: a user token acts only for its own user', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await defineEvent(t, { eventId: 'checkout', reward: { default: 5 }, requiresApiKey: true });
    await t.createUser('ann');
    await t.createUser('bob');
    const res = await post(
      [
        { eventId: 'buy', userId: 'ann' },
        { eventId: 'buy', userId: 'bob' },
        { eventId: 'checkout', userId: 'ann' },
      ],
      await t.auth('ann'),
    );
    const { results } = res.json();
    expect(results[0]).toMatchObject({ statusCode: 200 });
    expect(results[1]).toMatchObject({ statusCode: 403 });
    expect(results[2]).toMatchObject({ statusCode: 403, code: 'API_KEY_REQUIRED' });
    expect(await balance(t, 'bob')).toBe(0);
  });

  it('refuses a request that is not a list of at most 1,000 items, or that has no credentials', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    for (const payload of [
      {},
      { events: [] },
      { events: {} },
      { events: Array.from({ length: 1001 }, () => ({ eventId: 'buy', userId: 'a' })) },
      { events: [], more: 1 },
    ]) {
      const res = await t.inject({ method: 'POST', url: '/events', headers: await t.serviceAuth(), payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const anonymous = await t.inject({ method: 'POST', url: '/events', payload: { events: [{ eventId: 'buy', userId: 'a' }] } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes 1,000 events with metadata in one request (larger than other bodies may be)', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('ann');
    const events = Array.from({ length: 1000 }, (_, i) => ({
      eventId: 'buy',
      userId: 'ann',
      metadata: { order: `order-${i}-${'x'.repeat(300)}`, amount: i },
    }));
    const res = await post(events);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(1000);
    expect(await balance(t, 'ann')).toBe(1000);
  });

  it('replays the whole response for a repeated Idempotency-Key and applies nothing twice', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('ann');
    const headers = { ...(await t.serviceAuth()), 'idempotency-key': 'import-1' };
    const body = [
      { eventId: 'buy', userId: 'ann' },
      { eventId: 'buy', userId: 'ghost' },
      { eventId: 'buy', userId: 'ann' },
    ];
    const first = await post(body, headers);
    const again = await post(body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balance(t, 'ann')).toBe(10);
    expect((await post([{ eventId: 'buy', userId: 'ann' }], headers)).statusCode).toBe(409);
  });
});
