import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance } from '../events/events.test-factory.js';

describeSharedApp('bulk adjustments: bad input', (t) => {
  it.each([
    ['no rows', { rows: [] }, 'body/rows'],
    ['points 0', { rows: [{ userId: 'alice', points: 0, reason: 'x' }] }, 'body/rows/1/points'],
    ['points not an integer', { rows: [{ userId: 'alice', points: 1.5, reason: 'x' }] }, 'body/rows/1/points'],
    ['an empty reason', { rows: [{ userId: 'alice', points: 1, reason: '' }] }, 'body/rows/1/reason'],
    ['a bad userId', { rows: [{ userId: 'no spaces', points: 1, reason: 'x' }] }, 'body/rows/1/userId'],
  ])('refuses %s with 400 and changes nothing, not even the good rows', async (_name, body, field) => {
    await t.createUser('alice');
    const rows = (body as { rows: unknown[] }).rows;
    const withGoodFirst = rows.length ? { rows: [{ userId: 'alice', points: 7, reason: 'ok' }, ...rows] } : body;
    const res = await t.admin('POST', '/admin/adjustments/bulk', withGoodFirst);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR' });
    expect(res.json().message).toContain(field);
    expect(await balance(t, 'alice')).toBe(0);
  });

  it('refuses more than 1000 rows', async () => {
    const rows = Array.from({ length: 1001 }, () => ({ userId: 'alice', points: 1, reason: 'x' }));
    expect((await t.admin('POST', '/admin/adjustments/bulk', { rows })).statusCode).toBe(400);
  });

  it('needs the admin token', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/admin/adjustments/bulk',
      payload: { rows: [{ userId: 'alice', points: 1, reason: 'x' }] },
    });
    expect(res.statusCode).toBe(401);
  });
});
