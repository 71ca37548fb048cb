import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, sendEvent } from '../events/events.test-factory.js';

type Entry = { action: string; resource: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

async function entries(t: TestContext, query = ''): Promise<Entry[]> {
  const res = await t.admin('GET', `/admin/audit-log${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().entries as Entry[];
}

describeBackends('audit log: adjustments', (t) => {
  it('records nothing for a bulk dry run, and a real bulk run as the action bulk', async () => {
    await t.createUser('ann');
    const rows = [{ userId: 'ann', points: 10, reason: 'welcome' }];
    const dry = await t.admin('POST', '/admin/adjustments/bulk', { rows, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(await entries(t)).toEqual([]);
    const real = await t.admin('POST', '/admin/adjustments/bulk', { rows, dryRun: false });
    expect(real.statusCode).toBe(200);
    const [entry, ...rest] = await entries(t);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ resource: 'adjustments', action: 'bulk' });
  });

  it('records each adjustment with the balance it changed, even while events of the user commit', async () => {
    await defineEvent(t, { eventId: 'tap', reward: { default: 3 }, limit: null });
    await t.createUser('ann');
    await Promise.all([
      ...Array.from({ length: 10 }, () => sendEvent(t, 'ann', { eventId: 'tap' })),
      t.admin('POST', '/admin/user/ann/points', { points: 7, reason: 'bonus' }),
      ...Array.from({ length: 10 }, () => sendEvent(t, 'ann', { eventId: 'tap' })),
      t.admin('POST', '/admin/user/ann/points', { points: -5, reason: 'fix' }),
    ]);
    const adjustments = await entries(t, '?resource=user&resourceId=ann');
    expect(adjustments).toHaveLength(2);
    for (const e of adjustments) {
      expect(Number(e.after!.balance) - Number(e.before!.balance)).toBe(e.after!.points);
    }
  });
});
