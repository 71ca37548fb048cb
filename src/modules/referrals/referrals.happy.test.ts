import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { defineCurrency, wallet } from '../currencies/currencies.test-factory.js';
import { NOW, sendEvent } from '../events/events.test-factory.js';
import { codeOf, join, referralEntries, referralOf, referrals, setProgramme } from './referrals.test-factory.js';

describeSharedApp('referrals: happy path', (t) => {
  it('stores the programme as set, with defaults for what was left out', async () => {
    const set = await setProgramme(t, { referrerCap: { total: 10 } });
    expect(set).toEqual({
      status: 'ACTIVE',
      qualifying: { eventId: 'purchase', conditions: null, withinDays: 30 },
      referrerReward: { points: 50, currency: 'points' },
      refereeReward: { points: 20, currency: 'points' },
      referrerCap: { perMonth: null, total: 10 },
      codeDays: 14,
      updatedAt: expect.any(Number),
    });
    expect((await t.admin('GET', '/admin/referral-programme')).json()).toEqual(set);
  });

  it('pays in another currency and only for an event whose metadata meets the conditions', async () => {
    await t.setClock(NOW);
    await defineCurrency(t, { currencyId: 'gems', title: { en: 'Gems' }, spendable: true });
    await setProgramme(t, {
      qualifying: {
        eventId: 'purchase',
        withinDays: 30,
        conditions: { type: 'AND', conditions: [{ field: 'amount', operator: 'greater_than_or_equal', value: 50 }] },
      },
      referrerReward: { points: 7, currency: 'gems' },
      refereeReward: { points: 3, currency: 'gems' },
    });
    for (const u of ['rita', 'ann']) await t.createUser(u);
    await join(t, 'ann', await codeOf(t, 'rita'));
    await sendEvent(t, 'ann', { eventId: 'purchase', metadata: { amount: 10 } });
    expect((await wallet(t, 'ann')).gems?.balance ?? 0).toBe(0);
    await sendEvent(t, 'ann', { eventId: 'purchase', metadata: { amount: 60 } });
    expect((await wallet(t, 'ann')).gems!.balance).toBe(3);
    expect((await wallet(t, 'rita')).gems!.balance).toBe(7);
    expect((await referralOf(t, 'rita')).json()).toMatchObject({ invited: 1, qualified: 1, earned: 7 });
  });

  it('holds the total cap: the referral qualifies, the referee is paid, the referrer is not, and the event log says so', async () => {
    await t.setClock(NOW);
    await setProgramme(t, { referrerCap: { total: 1 } });
    for (const u of ['rita', 'ann', 'bob']) await t.createUser(u);
    const code = await codeOf(t, 'rita');
    await join(t, 'ann', code);
    await join(t, 'bob', code);
    await sendEvent(t, 'ann', { eventId: 'purchase' });
    await sendEvent(t, 'bob', { eventId: 'purchase' });
    expect(await referralEntries(t, 'rita')).toEqual([50]);
    expect(await referralEntries(t, 'bob')).toEqual([20]);
    const log = (await t.admin('GET', '/admin/event-log?limit=10')).json().entries as Array<{ userId: string; reason: string }>;
    expect(log.find((e) => e.userId === 'bob')!.reason).toMatch(
      /^5 points awarded; referral ref_\w+ qualified; referrer rita is over its total cap 1: not paid$/,
    );
  });

  it('pages the referral log newest first and filters it by status', async () => {
    await t.setClock(NOW);
    await setProgramme(t);
    await t.createUser('rita');
    const code = await codeOf(t, 'rita');
    for (let i = 0; i < 3; i++) {
      await t.setClock(NOW + i * 1000);
      await t.createUser(`r${i}`);
      await join(t, `r${i}`, code);
    }
    const first = (await t.admin('GET', '/admin/referral?limit=2')).json();
    expect(first.referrals.map((r: { refereeId: string }) => r.refereeId)).toEqual(['r2', 'r1']);
    const second = (await t.admin('GET', `/admin/referral?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ referrals: [{ refereeId: 'r0', status: 'pending' }], nextCursor: null });
    expect(await referrals(t, 'qualified')).toEqual([]);
  });

  it("a user's deletion removes its links and fingerprint but keeps the other side's counts", async () => {
    await t.setClock(NOW);
    await setProgramme(t);
    for (const u of ['rita', 'ann', 'bob']) await t.createUser(u);
    await join(t, 'ann', await codeOf(t, 'rita'), 'fp-ann');
    await sendEvent(t, 'ann', { eventId: 'purchase' });
    await join(t, 'bob', await codeOf(t, 'ann'), 'fp-bob');
    await t.inject({ method: 'DELETE', url: '/user/ann', headers: await t.serviceAuth() });
    await t.app.services.jobs.runUntilIdle();
    expect((await referralOf(t, 'rita')).json()).toMatchObject({ invited: 1, qualified: 1, earned: 50 });
    expect((await referralOf(t, 'bob')).json()).toMatchObject({ referredBy: null });
    const rows = await t.app.platform.db.kysely.selectFrom('referrals').selectAll().where('project_id', '=', t.projectId).execute();
    expect(rows.map((r) => [r.referrer_id, r.referee_id, r.fingerprint]).sort()).toEqual([
      [null, 'bob', 'fp-bob'],
      ['rita', null, null],
    ]);
  });
});
