import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';

const NOW = Date.UTC(2026, 0, 15, 12); // a Thursday

async function defineEvent(t: TestContext, body: Record<string, unknown>) {
  const res = await t.admin('POST', '/admin/event', { title: 'Purchase', ...body });
  if (res.statusCode !== 201) throw new Error(`defineEvent: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function send(t: TestContext, userId: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return t.inject({ method: 'POST', url: '/v1/event', headers: headers ?? (await t.auth(userId)), payload: { userId, ...body } });
}

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
      image: null,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    const got = await t.admin('GET', '/admin/event/purchase');
    expect(got.json()).toEqual(created);
  });

  it('awards a FIXED reward and answers the merged response', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'purchase', reward: { default: 10 }, limit: 5 });
    await t.createUser('alice');
    const res = await send(t, 'alice', { eventId: 'purchase', metadata: { shop: 'berlin' } });
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
      },
    });
    expect(Math.abs(body.data.timestamp - NOW)).toBeLessThan(5_000);
    const points = await t.inject({ method: 'GET', url: '/user/alice/points', headers: await t.auth('alice') });
    expect(points.json()).toEqual({ userId: 'alice', points: 10, userExists: true });
    expect(await t.app.services.points.ledgerSum('default', 'alice')).toBe(10);
    expect(await t.app.services.events.countEvents('default', 'alice', 'purchase')).toBe(1);
  });
});
