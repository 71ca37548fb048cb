import { afterEach, expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { NOW, sendEvent } from '../events/events.test-factory.js';
import { codeOf, join, referralEntries, referrals, setProgramme } from './referrals.test-factory.js';

describeSharedApp('referrals: a referral the event batch saw without its referrer locked', (t) => {
  afterEach(() => t.app.services.events.useLocks((p, u, e) => t.app.services.referrals.locksFor(p, u, e)));

  it('pays the referee in the batch and the referrer once, by a payout unit after the commit (decision 310)', async () => {
    await t.setClock(NOW);
    await setProgramme(t, { referrerCap: { perMonth: 1 } });
    for (const u of ['rita', 'ann', 'bob']) await t.createUser(u);
    const code = await codeOf(t, 'rita');
    await join(t, 'ann', code);
    await join(t, 'bob', code);
    // As when the referral was entered between the event's lookup and its batch: nothing is locked beside the referee.
    t.app.services.events.useLocks(async () => []);
    await Promise.all([sendEvent(t, 'ann', { eventId: 'purchase' }), sendEvent(t, 'bob', { eventId: 'purchase' })]);
    expect(await referralEntries(t, 'ann')).toEqual([20]);
    expect(await referralEntries(t, 'bob')).toEqual([20]);
    expect(await referralEntries(t, 'rita')).toEqual([50]);
    const states = (await referrals(t, 'qualified')).map((r) => r.referrerState).sort();
    expect(states).toEqual(['capped', 'paid']);
  });

  it('pays a reward left due by a stopped process in the daily sweep, once however often it runs', async () => {
    await t.setClock(NOW);
    await setProgramme(t);
    for (const u of ['rita', 'ann']) await t.createUser(u);
    await join(t, 'ann', await codeOf(t, 'rita'));
    t.app.services.events.useLocks(async () => []);
    // As when the process stopped after the batch's commit, before its payout unit was submitted.
    const submit = t.app.services.writes.submit.bind(t.app.services.writes);
    const writes = t.app.services.writes as unknown as { submit: (...args: unknown[]) => Promise<unknown> };
    writes.submit = (...args) => {
      const unit = args[0] as { kind: string; action?: string };
      return unit.kind === 'referral' && unit.action === 'payout'
        ? Promise.resolve(undefined)
        : submit(...(args as Parameters<typeof submit>));
    };
    try {
      await sendEvent(t, 'ann', { eventId: 'purchase' });
    } finally {
      writes.submit = submit as never;
    }
    expect(await referralEntries(t, 'rita')).toEqual([]);
    expect((await referrals(t, 'qualified')).map((r) => r.referrerState)).toEqual(['due']);
    expect(await t.app.services.referrals.payDueRewards()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.referrals.payDueRewards()).toBe(0);
    expect(await referralEntries(t, 'rita')).toEqual([50]);
    expect((await referrals(t, 'qualified')).map((r) => r.referrerState)).toEqual(['paid']);
  });
});
