import { expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, defineGroups, NOW, sendEvent } from './events.test-factory.js';

describeBackends('events: happy path', (t) => {
  it('creates a definition with defaults and reads it back', async () => {
    const created = await defineEvent(t, { eventId: 'purchase', reward: { default: 10 } });
    expect(created).toEqual({
      eventId: 'purchase',
      title: 'Purchase',
      description: '',
      status: 'ACTIVE',
      type: 'FIXED',
      reward: { default: 10 },
      rewardValueField: null,
      limit: null,
      limitPeriod: 'daily',
      maximumReward: null,
      conditions: null,
      metadataFields: [],
      requiresApiKey: false,
      pendingDays: 0,
      image: null,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect((await t.admin('GET', '/admin/event/purchase')).json()).toEqual(created);
    expect((await t.admin('GET', '/admin/event')).json()).toEqual([created]);
  });

  it('generates an eventId when omitted', async () => {
    const created = await defineEvent(t, { reward: { default: 1 } });
    expect(created.eventId).toMatch(/^ev_[a-z0-9]{10}$/);
  });

  it('awards a FIXED reward and answers the merged response', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 }, limit: 5 });
    await t.createUser('alice');
    const res = await sendEvent(t, 'alice', { eventId: 'purchase', metadata: { shop: 'berlin' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      statusCode: 200,
      success: true,
      message: 'Event erfolgreich geloggt',
      data: {
        userId: 'alice',
        eventId: 'purchase',
        points: 10,
        pointsAwarded: 10,
        type: 'FIXED',
        title: 'Purchase',
        limit: 5,
        maximumReward: null,
        metadata: { shop: 'berlin' },
        conditionReached: true,
        limitReached: false,
        userGroupId: 'default',
        timestamp: expect.any(Number),
        streaks: [],
        challenges: [],
        achievements: [],
        rewards: [{ currency: 'points', points: 10 }],
        levelUps: [],
      },
    });
    expect(Math.abs(body.data.timestamp - NOW)).toBeLessThan(5_000);
    const points = await t.inject({ method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') });
    expect(points.json()).toEqual({ userId: 'alice', points: 10, userExists: true, pending: 0, expiring: [] });
    expect(await t.app.services.points.ledgerSum('default', 'alice')).toBe(10);
    expect(await t.app.services.events.countEvents('default', 'alice', 'purchase')).toBe(1);
  });

  it('pays floor(amount × reward) for a TRANSACTION event, capped by maximumReward', async () => {
    await defineEvent(t, {
      eventId: 'spend',
      type: 'TRANSACTION',
      rewardValueField: 'amount',
      reward: { default: 1.5 },
      maximumReward: 100,
    });
    await t.createUser('bob');
    const small = await sendEvent(t, 'bob', { eventId: 'spend', metadata: { amount: 25.7 } });
    expect(small.json().data).toMatchObject({ points: 38, pointsAwarded: 38, type: 'TRANSACTION' });
    const big = await sendEvent(t, 'bob', { eventId: 'spend', metadata: { amount: 1000 } });
    expect(big.json().data).toMatchObject({ points: 100, maximumReward: 100 });
    expect(await balance(t, 'bob')).toBe(138);
  });

  it('caps a FIXED reward at maximumReward', async () => {
    await defineEvent(t, { eventId: 'big', reward: { default: 500 }, maximumReward: 50 });
    await t.createUser('bob');
    expect((await sendEvent(t, 'bob', { eventId: 'big' })).json().data.points).toBe(50);
  });

  it('logs a CONDITIONAL event whose condition fails with 0 points and conditionReached false', async () => {
    await defineEvent(t, {
      eventId: 'steps',
      type: 'CONDITIONAL',
      reward: { default: 20 },
      conditions: { type: 'AND', conditions: [{ field: 'steps', operator: 'greater_than', value: 10000 }] },
    });
    await t.createUser('carol');
    const miss = await sendEvent(t, 'carol', { eventId: 'steps', metadata: { steps: 5000 } });
    expect(miss.statusCode).toBe(200);
    expect(miss.json()).toMatchObject({
      message: 'Event erfolgreich geloggt',
      data: { points: 0, conditionReached: false, limitReached: false },
    });
    const hit = await sendEvent(t, 'carol', { eventId: 'steps', metadata: { steps: 12000 } });
    expect(hit.json().data).toMatchObject({ points: 20, conditionReached: true });
    expect(await balance(t, 'carol')).toBe(20);
    expect(await t.app.services.events.countEvents('default', 'carol', 'steps')).toBe(2);
  });

  it('applies OR conditions to a FIXED event', async () => {
    await defineEvent(t, {
      eventId: 'visit',
      reward: { default: 5 },
      conditions: {
        type: 'OR',
        conditions: [
          { field: 'city', operator: 'in', value: ['Berlin', 'Hamburg'] },
          { field: 'vip', operator: 'equals', value: true },
        ],
      },
    });
    await t.createUser('dan');
    expect((await sendEvent(t, 'dan', { eventId: 'visit', metadata: { city: 'Hamburg' } })).json().data.points).toBe(5);
    expect((await sendEvent(t, 'dan', { eventId: 'visit', metadata: { city: 'Köln', vip: true } })).json().data.points).toBe(5);
    expect((await sendEvent(t, 'dan', { eventId: 'visit', metadata: { city: 'Köln' } })).json().data).toMatchObject({
      points: 0,
      conditionReached: false,
    });
  });

  it('pays the highest reward among the user groups named in metadata.usergroup', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 10, gold: 30, silver: 20 } });
    await defineGroups(t, 'gold', 'silver');
    await t.createUser('erin');
    const both = await sendEvent(t, 'erin', { eventId: 'buy', metadata: { usergroup: ['silver', 'gold'] } });
    expect(both.json().data).toMatchObject({ points: 30, userGroupId: 'gold', metadata: { usergroup: ['silver', 'gold'] } });
    const one = await sendEvent(t, 'erin', { eventId: 'buy', metadata: { usergroup: 'silver' } });
    expect(one.json().data).toMatchObject({ points: 20, userGroupId: 'silver' });
    const none = await sendEvent(t, 'erin', { eventId: 'buy', metadata: { usergroup: ['bronze'] } });
    expect(none.json().data).toMatchObject({ points: 10, userGroupId: 'default' });
  });

  it('logs events over the daily limit with 0 points, limitReached and "Event Limit erreicht"; the next day counts anew', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 }, limit: 2 });
    await t.createUser('finn');
    for (let i = 0; i < 2; i++) {
      const ok = await sendEvent(t, 'finn', { eventId: 'checkin' });
      expect(ok.json()).toMatchObject({ message: 'Event erfolgreich geloggt', data: { points: 10, limitReached: false } });
    }
    const over = await sendEvent(t, 'finn', { eventId: 'checkin' });
    expect(over.statusCode).toBe(200);
    expect(over.json()).toMatchObject({
      statusCode: 200,
      message: 'Event Limit erreicht',
      data: { points: 0, pointsAwarded: 0, limitReached: true, conditionReached: true },
    });
    expect(await balance(t, 'finn')).toBe(20);
    expect(await t.app.services.events.countEvents('default', 'finn', 'checkin')).toBe(3);
    await t.setClock(NOW + DAY);
    expect((await sendEvent(t, 'finn', { eventId: 'checkin' })).json().data).toMatchObject({ points: 10, limitReached: false });
  });

  it('counts a weekly limit from Monday 00:00 UTC', async () => {
    await t.setClock(Date.UTC(2026, 0, 18, 23)); // Sunday
    await defineEvent(t, { eventId: 'weekly', reward: { default: 1 }, limit: 1, limitPeriod: 'weekly' });
    await t.createUser('gus');
    expect((await sendEvent(t, 'gus', { eventId: 'weekly' })).json().data.limitReached).toBe(false);
    expect((await sendEvent(t, 'gus', { eventId: 'weekly' })).json().data.limitReached).toBe(true);
    await t.setClock(Date.UTC(2026, 0, 19, 0, 30)); // Monday
    expect((await sendEvent(t, 'gus', { eventId: 'weekly' })).json().data.limitReached).toBe(false);
  });

  it('counts monthly and lifetime limits', async () => {
    await t.setClock(Date.UTC(2026, 0, 31, 12));
    await defineEvent(t, { eventId: 'monthly', reward: { default: 1 }, limit: 1, limitPeriod: 'monthly' });
    await defineEvent(t, { eventId: 'once', reward: { default: 1 }, limit: 1, limitPeriod: 'lifetime' });
    await t.createUser('hal');
    expect((await sendEvent(t, 'hal', { eventId: 'monthly' })).json().data.limitReached).toBe(false);
    expect((await sendEvent(t, 'hal', { eventId: 'once' })).json().data.limitReached).toBe(false);
    await t.setClock(Date.UTC(2026, 1, 1, 1));
    expect((await sendEvent(t, 'hal', { eventId: 'monthly' })).json().data.limitReached).toBe(false);
    expect((await sendEvent(t, 'hal', { eventId: 'once' })).json().data.limitReached).toBe(true);
  });

  it('does not count events whose condition failed against the limit', async () => {
    await defineEvent(t, {
      eventId: 'run',
      reward: { default: 5 },
      limit: 1,
      conditions: { type: 'AND', conditions: [{ field: 'km', operator: 'greater_than_or_equal', value: 5 }] },
    });
    await t.createUser('ivy');
    expect((await sendEvent(t, 'ivy', { eventId: 'run', metadata: { km: 2 } })).json().data).toMatchObject({
      points: 0,
      limitReached: false,
    });
    expect((await sendEvent(t, 'ivy', { eventId: 'run', metadata: { km: 6 } })).json().data).toMatchObject({
      points: 5,
      limitReached: false,
    });
  });

  it('counts an offline event for the day of its timestamp and returns that time', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'checkin', reward: { default: 10 }, limit: 1 });
    await t.createUser('jay');
    const yesterday = new Date(NOW - DAY).toISOString();
    const offline = await sendEvent(t, 'jay', { eventId: 'checkin', timestamp: yesterday });
    expect(offline.json().data).toMatchObject({ timestamp: NOW - DAY, points: 10, limitReached: false });
    expect((await sendEvent(t, 'jay', { eventId: 'checkin' })).json().data.limitReached).toBe(false);
    expect((await sendEvent(t, 'jay', { eventId: 'checkin', timestamp: yesterday })).json().data.limitReached).toBe(true);
  });

  it('awards exactly `limit` times when 30 events arrive at once against a daily limit of 3', async () => {
    await defineEvent(t, { eventId: 'rush', reward: { default: 7 }, limit: 3 });
    await t.createUser('kim');
    const headers = await t.auth('kim');
    const results = await Promise.all(Array.from({ length: 30 }, () => sendEvent(t, 'kim', { eventId: 'rush' }, headers)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().data.limitReached === false)).toHaveLength(3);
    expect(results.filter((r) => r.json().message === 'Event Limit erreicht')).toHaveLength(27);
    expect(await balance(t, 'kim')).toBe(21);
    expect(await t.app.services.points.ledgerSum('default', 'kim')).toBe(21);
    expect(await t.app.services.events.countEvents('default', 'kim', 'rush')).toBe(30);
  });

  it('uses the changed reward at once after an admin update, and stops listing a deleted event', async () => {
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 } });
    await t.createUser('lea');
    expect((await sendEvent(t, 'lea', { eventId: 'purchase' })).json().data.points).toBe(10);
    const put = await t.admin('PUT', '/admin/event/purchase', { title: 'Purchase+', reward: { default: 25 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ eventId: 'purchase', title: 'Purchase+', reward: { default: 25 } });
    expect((await sendEvent(t, 'lea', { eventId: 'purchase' })).json().data).toMatchObject({ points: 25, title: 'Purchase+' });
    expect((await t.admin('DELETE', '/admin/event/purchase')).statusCode).toBe(204);
    expect((await sendEvent(t, 'lea', { eventId: 'purchase' })).statusCode).toBe(404);
  });

  it('lists definitions on GET /event (all by default, ACTIVE only with showAll=false) and 204 when none', async () => {
    const headers = await t.auth('reader');
    expect((await t.inject({ method: 'GET', url: '/event', headers })).statusCode).toBe(204);
    await defineEvent(t, { eventId: 'a', reward: { default: 1 } });
    await defineEvent(t, { eventId: 'b', reward: { default: 1 }, status: 'INACTIVE' });
    const all = await t.inject({ method: 'GET', url: '/v1/event', headers });
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .map((e: { eventId: string }) => e.eventId)
        .sort(),
    ).toEqual(['a', 'b']);
    const active = await t.inject({ method: 'GET', url: '/event?showAll=false', headers });
    expect(active.json().map((e: { eventId: string }) => e.eventId)).toEqual(['a']);
    const one = await t.inject({ method: 'GET', url: '/event/b', headers });
    expect(one.json()).toMatchObject({ eventId: 'b', status: 'INACTIVE' });
  });

  it('stores each event with its metadata and user groups', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 3 } });
    await defineGroups(t, 'gold');
    await t.createUser('max');
    await sendEvent(t, 'max', { eventId: 'buy', metadata: { amount: 12.5, usergroup: ['gold'], online: true } });
    const rows = await t.app.platform.db.kysely.selectFrom('events').selectAll().where('project_id', '=', 'default').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_id: 'buy', user_id: 'max', condition_reached: 1, limit_reached: 0 });
    expect(Number(rows[0]!.points)).toBe(3);
    expect(JSON.parse(rows[0]!.metadata)).toEqual({ amount: 12.5, usergroup: ['gold'], online: true });
    expect(JSON.parse(rows[0]!.user_groups)).toEqual(['gold']);
  });
});
