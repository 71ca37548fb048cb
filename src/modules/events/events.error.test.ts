import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, defineEvent, NOW, sendEvent } from './events.test-factory.js';

describeSharedApp('events: errors', (t) => {
  async function expectRefused(body: Record<string, unknown>, status: number, code: string, userId = 'uma') {
    const res = await sendEvent(t, userId, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String), code });
  }

  it('answers 404 for an unknown event and for an unknown user, storing nothing', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('uma');
    await expectRefused({ eventId: 'nope' }, 404, 'EVENT_NOT_FOUND');
    await expectRefused({ eventId: 'buy' }, 404, 'USER_NOT_FOUND', 'ghost');
    expect(await t.app.services.events.countEvents(t.projectId, 'ghost')).toBe(0);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'ghost')).toBe(0);
  });

  it('answers 400 EVENT_INACTIVE for an inactive event', async () => {
    await defineEvent(t, { eventId: 'old', reward: { default: 5 }, status: 'INACTIVE' });
    await t.createUser('uma');
    await expectRefused({ eventId: 'old' }, 400, 'EVENT_INACTIVE');
    expect(await balance(t, 'uma')).toBe(0);
  });

  it('refuses more than 10 metadata keys and values of other types', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('uma');
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    await expectRefused({ eventId: 'buy', metadata: eleven }, 400, 'VALIDATION_ERROR');
    await expectRefused({ eventId: 'buy', metadata: { nested: { a: 1 } } }, 400, 'VALIDATION_ERROR');
    await expectRefused({ eventId: 'buy', metadata: { list: [1, 2] } }, 400, 'VALIDATION_ERROR');
    await expectRefused({ eventId: 'buy', metadata: { nothing: null } }, 400, 'VALIDATION_ERROR');
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
    expect((await sendEvent(t, 'uma', { eventId: 'buy', metadata: ten })).statusCode).toBe(200);
  });

  it('refuses missing or mistyped metadataFields', async () => {
    await defineEvent(t, {
      eventId: 'order',
      reward: { default: 5 },
      metadataFields: [
        { key: 'orderId', type: 'string', required: true },
        { key: 'amount', type: 'number' },
      ],
    });
    await t.createUser('uma');
    await expectRefused({ eventId: 'order', metadata: {} }, 400, 'INVALID_METADATA');
    await expectRefused({ eventId: 'order', metadata: { orderId: 42 } }, 400, 'INVALID_METADATA');
    await expectRefused({ eventId: 'order', metadata: { orderId: 'A1', amount: '12' } }, 400, 'INVALID_METADATA');
    expect((await sendEvent(t, 'uma', { eventId: 'order', metadata: { orderId: 'A1' } })).statusCode).toBe(200);
    expect(await balance(t, 'uma')).toBe(5);
  });

  it('refuses an offline timestamp in the future (beyond 5 min), older than 30 days, or malformed', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('uma');
    await expectRefused({ eventId: 'buy', timestamp: new Date(NOW + 10 * 60_000).toISOString() }, 400, 'INVALID_TIMESTAMP');
    await expectRefused({ eventId: 'buy', timestamp: new Date(NOW - 31 * DAY).toISOString() }, 400, 'INVALID_TIMESTAMP');
    await expectRefused({ eventId: 'buy', timestamp: 'yesterday' }, 400, 'INVALID_TIMESTAMP');
    expect((await sendEvent(t, 'uma', { eventId: 'buy', timestamp: new Date(NOW + 2 * 60_000).toISOString() })).statusCode).toBe(200);
    expect((await sendEvent(t, 'uma', { eventId: 'buy', timestamp: new Date(NOW - 29 * DAY).toISOString() })).statusCode).toBe(200);
    expect(await t.app.services.events.countEvents(t.projectId, 'uma')).toBe(2);
  });

  it('refuses a TRANSACTION event without a usable value field', async () => {
    await defineEvent(t, { eventId: 'spend', type: 'TRANSACTION', rewardValueField: 'amount', reward: { default: 1 } });
    await t.createUser('uma');
    await expectRefused({ eventId: 'spend', metadata: {} }, 400, 'INVALID_METADATA');
    await expectRefused({ eventId: 'spend', metadata: { amount: 'lots' } }, 400, 'INVALID_METADATA');
    await expectRefused({ eventId: 'spend', metadata: { amount: -5 } }, 400, 'INVALID_METADATA');
  });

  it('refuses bodies without eventId or userId, with unknown fields, or not JSON', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    const headers = await t.auth('uma');
    const post = (payload: string) =>
      t.inject({ method: 'POST', url: '/event', headers: { ...headers, 'content-type': 'application/json' }, payload });
    expect((await post(JSON.stringify({ userId: 'uma' }))).statusCode).toBe(400);
    expect((await post(JSON.stringify({ eventId: 'buy' }))).statusCode).toBe(400);
    expect((await post(JSON.stringify({ eventId: 'buy', userId: 'uma', extra: 1 }))).statusCode).toBe(400);
    const bad = await post('{"eventId":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
  });

  it(
    'validates definitions: TRANSACTION needs rewardValueField, rewards are non-negative, operators known, CONDITIONAL needs ' +
      'conditions',
    async () => {
      const refused = async (body: Record<string, unknown>, code: string) => {
        const res = await t.admin('POST', '/admin/event', { title: 'X', ...body });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(code);
      };
      await refused({ type: 'TRANSACTION', reward: { default: 1 } }, 'REWARD_VALUE_FIELD_REQUIRED');
      await refused({ reward: { default: -1 } }, 'VALIDATION_ERROR');
      await refused({ reward: { default: 1, gold: -2 } }, 'VALIDATION_ERROR');
      await refused({ reward: { default: 1, 'bad group!': 2 } }, 'INVALID_REWARD');
      await refused({ conditions: { type: 'AND', conditions: [{ field: 'a', operator: 'like', value: 1 }] } }, 'VALIDATION_ERROR');
      await refused({ conditions: { type: 'XOR', conditions: [] } }, 'VALIDATION_ERROR');
      await refused({ conditions: { type: 'AND', conditions: [{ field: 'a', operator: 'equals' }] } }, 'INVALID_CONDITION');
      await refused({ type: 'CONDITIONAL', reward: { default: 1 } }, 'CONDITIONS_REQUIRED');
      await refused({ limitPeriod: 'hourly' }, 'VALIDATION_ERROR');
      await refused({ eventId: 'bad id' }, 'VALIDATION_ERROR');
      await refused({ type: 'FANCY' }, 'VALIDATION_ERROR');
      expect((await t.admin('GET', '/admin/event')).json()).toEqual([]);
    },
  );

  it('answers 409 for a taken eventId, 404 for PUT/DELETE/GET of an unknown one, 400 for a mismatched body id', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    const dup = await t.admin('POST', '/admin/event', { eventId: 'buy', title: 'Again', reward: { default: 9 } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EVENT_EXISTS');
    expect((await t.admin('GET', '/admin/event/buy')).json().reward).toEqual({ default: 5 });
    expect((await t.admin('PUT', '/admin/event/nope', { title: 'X' })).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/event/nope')).statusCode).toBe(404);
    expect((await t.admin('GET', '/admin/event/nope')).statusCode).toBe(404);
    expect((await t.admin('PUT', '/admin/event/buy', { eventId: 'other', title: 'X' })).statusCode).toBe(400);
    const res = await t.inject({ method: 'GET', url: '/event/nope', headers: await t.auth('uma') });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('EVENT_NOT_FOUND');
  });

  it('keeps other events of a concurrent batch when one of them fails', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    await t.createUser('uma');
    const headers = await t.serviceAuth();
    const results = await Promise.all([
      sendEvent(t, 'uma', { eventId: 'buy' }, headers),
      sendEvent(t, 'ghost', { eventId: 'buy' }, headers),
      sendEvent(t, 'uma', { eventId: 'buy' }, headers),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 404, 200]);
    expect(await balance(t, 'uma')).toBe(10);
    expect(await t.app.services.events.countEvents(t.projectId, 'uma')).toBe(2);
  });
});
