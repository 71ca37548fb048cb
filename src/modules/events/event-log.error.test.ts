import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from './events.test-factory.js';

describeSharedApp('event log: errors and security', (t) => {
  async function expectRefused(query: string, code: string) {
    const res = await t.admin('GET', `/admin/event-log${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code });
  }

  it('refuses a bad cursor, an unknown outcome, a reversed range and an out-of-range limit', async () => {
    await expectRefused('?cursor=bm9wZQ', 'INVALID_CURSOR');
    await expectRefused('?outcome=LOST', 'VALIDATION_ERROR');
    await expectRefused('?from=2000&to=1000', 'INVALID_RANGE');
    await expectRefused('?limit=0', 'VALIDATION_ERROR');
    await expectRefused('?limit=1001', 'VALIDATION_ERROR');
    await expectRefused('?color=red', 'VALIDATION_ERROR');
  });

  it('answers 401 to user tokens and API keys, and to no token', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('uma');
    await sendEvent(t, 'uma', { eventId: 'buy' });
    for (const headers of [await t.auth('uma'), await t.serviceAuth(), {}]) {
      const res = await t.inject({ method: 'GET', url: '/admin/event-log', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toEqual(expect.any(String));
    }
  });

  // Found by the hostile-input run: metadata nested 10,000 levels deep overflowed the stack while
  // the refusal was being logged, and the caller got a 500 instead of its 400.
  it('logs a refusal whose metadata is too deep to store without it, and the caller keeps its 400', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await t.createUser('uma');
    const payload = `{"eventId":"buy","userId":"uma","metadata":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const res = await t.inject({
      method: 'POST',
      url: '/event',
      headers: { ...(await t.auth('uma')), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.any(String) });
    const log = (await t.admin('GET', '/admin/event-log?userId=uma&outcome=REJECTED')).json();
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ outcome: 'REJECTED', status: 400, metadata: null });
  });
});
