import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { DAY, defineEvent, NOW, sendEvent } from './events.test-factory.js';

async function eventLog(t: TestContext, query = '', projectId?: string) {
  const res = await t.admin('GET', `/admin/event-log${query}`, undefined, projectId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Array<Record<string, unknown>>; nextCursor: string | null };
}

/** Seconds after NOW an entry was received (the test clock runs on after it is set). */
const secondOf = (e: Record<string, unknown>) => Math.floor(((e.at as number) - NOW) / 1000);

describeBackends('event log: what came of each event', (t) => {
  it('logs awarded, condition-failed and over-limit events with their reasons, newest first', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'checkin', title: 'Store check-in', reward: { default: 5 }, limit: 1, limitPeriod: 'daily' });
    await defineEvent(t, {
      eventId: 'buy',
      reward: { default: 3 },
      conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than_or_equal', value: 50 }] },
    });
    await t.createUser('uma');
    expect((await sendEvent(t, 'uma', { eventId: 'checkin' })).statusCode).toBe(200);
    await t.setClock(NOW + 1000);
    expect((await sendEvent(t, 'uma', { eventId: 'checkin' })).json().data.limitReached).toBe(true);
    await t.setClock(NOW + 2000);
    expect((await sendEvent(t, 'uma', { eventId: 'buy', metadata: { amount: 10 } })).json().data.conditionReached).toBe(false);

    const { entries, nextCursor } = await eventLog(t);
    expect(nextCursor).toBeNull();
    expect(entries.map(secondOf)).toEqual([2, 1, 0]);
    expect(entries.map((e) => ({ ...e, at: 0 }))).toEqual([
      {
        at: 0,
        userId: 'uma',
        eventId: 'buy',
        outcome: 'CONDITION_FAILED',
        reason: 'condition amount ≥ 50 failed: got 10',
        points: 0,
        metadata: { amount: 10 },
        status: 200,
        code: null,
      },
      {
        at: 0,
        userId: 'uma',
        eventId: 'checkin',
        outcome: 'LIMIT_REACHED',
        reason: 'limit 1 per day reached',
        points: 0,
        metadata: {},
        status: 200,
        code: null,
      },
      {
        at: 0,
        userId: 'uma',
        eventId: 'checkin',
        outcome: 'AWARDED',
        reason: '5 points awarded',
        points: 5,
        metadata: {},
        status: 200,
        code: null,
      },
    ]);
  });

  it('logs calls refused with a 4xx as REJECTED with their status, code and message, changing nothing else', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'order', reward: { default: 5 }, metadataFields: [{ key: 'amount', type: 'number', required: true }] });
    await t.createUser('uma');
    expect((await sendEvent(t, 'uma', { eventId: 'order', metadata: { shop: 'cafe' } })).statusCode).toBe(400);
    expect((await sendEvent(t, 'uma', { eventId: 'nope' })).statusCode).toBe(404);
    expect((await sendEvent(t, 'ghost', { eventId: 'order', metadata: { amount: 1 } })).statusCode).toBe(404);
    expect((await sendEvent(t, 'uma', { eventId: 'order', extra: true })).statusCode).toBe(400);
    // Another user's token: 403, logged under the userId the call named.
    expect((await sendEvent(t, 'uma', { eventId: 'order', metadata: { amount: 1 } }, await t.auth('eve'))).statusCode).toBe(403);

    const { entries } = await eventLog(t, '?outcome=REJECTED');
    expect(entries.map((e) => [e.userId, e.eventId, e.status, e.code])).toEqual([
      ['uma', 'order', 403, 'FORBIDDEN_USER'],
      ['uma', 'order', 400, 'VALIDATION_ERROR'],
      ['ghost', 'order', 404, 'USER_NOT_FOUND'],
      ['uma', 'nope', 404, 'EVENT_NOT_FOUND'],
      ['uma', 'order', 400, 'INVALID_METADATA'],
    ]);
    expect(entries[4]).toMatchObject({ outcome: 'REJECTED', reason: 'metadata.amount is required', points: 0, metadata: { shop: 'cafe' } });
    expect(await t.app.services.points.ledgerSum('default', 'uma')).toBe(0);
  });

  it('does not log anonymous calls (they name no project)', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    const res = await t.inject({ method: 'POST', url: '/event', payload: { userId: 'uma', eventId: 'buy' } });
    expect(res.statusCode).toBe(401);
    expect((await eventLog(t)).entries).toEqual([]);
  });

  it('logs each item of POST /events, accepted and refused', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 2 } });
    await t.createUser('uma');
    const res = await t.inject({
      method: 'POST',
      url: '/events',
      headers: await t.serviceAuth(),
      payload: {
        events: [
          { userId: 'uma', eventId: 'buy' },
          { userId: 'uma', eventId: 'gone' },
          { userId: 'uma' },
          { userId: 'nobody', eventId: 'buy' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const { entries } = await eventLog(t);
    expect(entries.map((e) => [e.outcome, e.userId, e.eventId, e.code]).sort()).toEqual(
      [
        ['AWARDED', 'uma', 'buy', null],
        ['REJECTED', 'uma', 'gone', 'EVENT_NOT_FOUND'],
        ['REJECTED', 'uma', null, 'VALIDATION_ERROR'],
        ['REJECTED', 'nobody', 'buy', 'USER_NOT_FOUND'],
      ].sort(),
    );
  });

  it('filters by user, event, outcome and time, and pages newest first with a cursor', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await defineEvent(t, { eventId: 'visit', reward: { default: 1 } });
    await t.createUser('uma');
    await t.createUser('ben');
    for (let i = 0; i < 5; i++) {
      await t.setClock(NOW + i * 1000);
      await sendEvent(t, i % 2 === 0 ? 'uma' : 'ben', { eventId: i < 3 ? 'buy' : 'visit' });
    }
    expect((await eventLog(t, '?userId=uma')).entries.map(secondOf)).toEqual([4, 2, 0]);
    expect((await eventLog(t, '?eventId=visit')).entries.map(secondOf)).toEqual([4, 3]);
    expect((await eventLog(t, `?from=${NOW + 1000}&to=${NOW + 3000}`)).entries.map(secondOf)).toEqual([2, 1]);
    expect((await eventLog(t, '?outcome=LIMIT_REACHED')).entries).toEqual([]);

    const first = await eventLog(t, '?limit=2');
    expect(first.entries.map(secondOf)).toEqual([4, 3]);
    const second = await eventLog(t, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map(secondOf)).toEqual([2, 1]);
    const third = await eventLog(t, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.entries.map(secondOf)).toEqual([0]);
    expect(third.nextCursor).toBeNull();
  });

  it('keeps each project to its own entries', async () => {
    await t.admin('POST', '/admin/project', { projectId: 'shop-eu', name: 'Shop EU' });
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } }, 'shop-eu');
    await t.createUser('uma', 'shop-eu');
    expect((await sendEvent(t, 'uma', { eventId: 'buy' }, await t.auth('uma', { projectId: 'shop-eu' }))).statusCode).toBe(200);
    expect((await eventLog(t, '', 'shop-eu')).entries).toHaveLength(1);
    expect((await eventLog(t)).entries).toEqual([]);
  });

  it('forgets entries older than EVENT_LOG_DAYS at the daily clean-up', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('uma');
    await sendEvent(t, 'uma', { eventId: 'buy' });
    await t.setClock(NOW + 6 * DAY);
    await sendEvent(t, 'uma', { eventId: 'buy' });
    await t.setClock(NOW + 7 * DAY + 1000);
    await t.app.services.jobs.runUntilIdle();
    expect((await eventLog(t)).entries.map((e) => Math.floor(((e.at as number) - NOW) / DAY))).toEqual([6]);
  });

  it('keeps at most EVENT_LOG_MAX_ENTRIES per project, the newest', async () => {
    t.configure({ eventLogMaxEntries: 2 });
    await t.restart();
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('uma');
    for (let i = 0; i < 4; i++) {
      await t.setClock(NOW + i * 1000);
      await sendEvent(t, 'uma', { eventId: 'buy' });
    }
    await t.app.services.jobs.runUntilIdle();
    expect((await eventLog(t)).entries.map(secondOf)).toEqual([3, 2]);
  });

  it("forgets a deleted user's entries with the rest of its data", async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('uma');
    await t.createUser('ben');
    await sendEvent(t, 'uma', { eventId: 'buy' });
    await sendEvent(t, 'ben', { eventId: 'buy' });
    const res = await t.inject({ method: 'DELETE', url: '/user/uma', headers: await t.auth('uma') });
    expect(res.statusCode).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    expect((await eventLog(t)).entries.map((e) => e.userId)).toEqual(['ben']);
  });
});
