import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeBackends } from '../../../test/helpers/test-app.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from '../webhooks/webhooks.test-helpers.js';
import { adjust, MARCH, silverAndGold } from './tiers.test-factory.js';

describeBackends('tiers: webhooks and OpenAPI', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    await t.setClock(MARCH);
    receiver = await startReceiver();
  });
  afterEach(() => receiver.close());

  it('sends tier.changed for an upgrade at once, and for a downgrade when the user next changes', async () => {
    await silverAndGold(t);
    await t.admin('PUT', '/admin/project/default', { name: 'Default project', tierWindow: { months: 1 }, tierGraceMonths: 0 });
    await createWebhook(t, { url: receiver.url, events: ['tier.changed'] });
    await t.createUser('ann');
    await adjust(t, 'ann', 50);
    await adjust(t, 'ann', 520);
    await t.setClock(Date.UTC(2026, 4, 3)); // the check of 1 May looks at April: nothing earned
    await adjust(t, 'ann', 1);
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    const data = receiver.ofType('tier.changed').map((r) => r.json.data);
    // Deliveries may arrive in any order.
    const up = data.find((d) => d.tierId === 'gold');
    const down = data.find((d) => d.tierId === null);
    expect(data).toHaveLength(2);
    expect(up).toMatchObject({ projectId: 'default', userId: 'ann', previousTierId: null, earnedInWindow: 570, since: expect.any(Number) });
    expect(down).toMatchObject({ userId: 'ann', previousTierId: 'gold', since: null, earnedInWindow: 0 });
  });

  it('the daily job stores and reports a downgrade on the first day of the month, once, without any change of points', async () => {
    await silverAndGold(t);
    await t.admin('PUT', '/admin/project/default', { name: 'Default project', tierWindow: { months: 1 }, tierGraceMonths: 0 });
    await createWebhook(t, { url: receiver.url, events: ['tier.changed'] });
    await t.createUser('ann');
    await t.createUser('bob');
    await adjust(t, 'ann', 150);
    await adjust(t, 'bob', 600);
    await t.app.services.jobs.runUntilIdle();
    await t.setClock(Date.UTC(2026, 4, 1, 0, 5)); // 1 May: the check looks at April, where nothing was earned
    await t.app.services.jobs.runUntilIdle();
    await t.app.services.jobs.runUntilIdle();
    const rows = await t.app.platform.db.kysely.selectFrom('user_tiers').selectAll().orderBy('user_id').execute();
    expect(rows.map((r) => [r.user_id, r.tier_id, r.checked_month])).toEqual([
      ['ann', null, '2026-05'],
      ['bob', null, '2026-05'],
    ]);
    // A second instance's run (another runner on the same store) finds nothing more to do.
    expect(await t.app.services.tiers.runMonthlyChecks(t.app.platform.clock.now())).toBe(0);
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    const data = receiver.ofType('tier.changed').map((r) => r.json.data);
    expect(data.map((d) => [d.userId, d.previousTierId, d.tierId]).sort()).toEqual([
      ['ann', null, 'silver'],
      ['ann', 'silver', null],
      ['bob', null, 'gold'],
      ['bob', 'gold', null],
    ]);
  });

  it('documents the tier and reversal routes', async () => {
    const paths = (await t.inject({ method: 'GET', url: '/openapi.json' })).json().paths;
    for (const path of ['/admin/tier', '/admin/tier/{tierId}', '/user/{userId}/tier', '/admin/user/{userId}/reversal']) {
      expect(Object.keys(paths), path).toContain(path);
      for (const op of Object.values(paths[path]) as Array<{ summary?: string; tags?: string[]; responses: Record<string, unknown> }>) {
        expect(op.summary, path).toBeTruthy();
        expect(op.tags?.length, path).toBeGreaterThan(0);
        expect(
          Object.keys(op.responses).some((s) => s.startsWith('4')),
          path,
        ).toBe(true);
      }
    }
  });
});
