import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, DAY, NOW, sendEvent } from '../events/events.test-factory.js';
import { cappedReferrer, codeOf, join, referralEntries, referralOf, referrals, setProgramme } from './referrals.test-factory.js';

describeSharedApp('referrals: done when', (t) => {
  it('a referrer brings three referees: two qualify and pay both sides once, one is flagged and paid after approval', async () => {
    await t.setClock(NOW);
    await setProgramme(t);
    for (const u of ['rita', 'ann', 'ben', 'cat']) await t.createUser(u);
    const code = await codeOf(t, 'rita');
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(await codeOf(t, 'rita')).toBe(code);
    expect((await join(t, 'ann', code.toLowerCase(), 'fp-ann')).statusCode).toBe(201);
    expect((await join(t, 'ben', code, 'fp-ben')).json()).toMatchObject({ status: 'pending', referrerId: 'rita', refereeId: 'ben' });
    const flagged = await join(t, 'cat', code, 'fp-ann');
    expect(flagged.json()).toMatchObject({ status: 'flagged' });

    await t.setClock(NOW + 3 * DAY);
    for (const u of ['ann', 'ben', 'cat']) expect((await sendEvent(t, u, { eventId: 'purchase' })).statusCode).toBe(200);
    // A second qualifying event pays nothing more.
    await sendEvent(t, 'ann', { eventId: 'purchase' });
    expect(await referralEntries(t, 'ann')).toEqual([20]);
    expect(await referralEntries(t, 'ben')).toEqual([20]);
    expect(await referralEntries(t, 'cat')).toEqual([]);
    expect(await referralEntries(t, 'rita')).toEqual([50, 50]);
    expect(await balance(t, 'rita')).toBe(100);
    expect((await referralOf(t, 'rita')).json()).toEqual({ code, referredBy: null, invited: 3, qualified: 2, earned: 100 });
    expect((await referralOf(t, 'ann')).json()).toMatchObject({ referredBy: 'rita', invited: 0 });

    const [waiting] = await referrals(t, 'flagged');
    expect(waiting).toMatchObject({ refereeId: 'cat', status: 'flagged' });
    const approved = await t.admin('POST', `/admin/referral/${waiting!.id}/approve`);
    expect(approved.json()).toMatchObject({ status: 'qualified', refereePoints: 20, referrerPoints: 50, referrerState: 'paid' });
    expect((await t.admin('POST', `/admin/referral/${waiting!.id}/approve`)).statusCode).toBe(409);
    expect(await referralEntries(t, 'cat')).toEqual([20]);
    expect(await referralEntries(t, 'rita')).toEqual([50, 50, 50]);
    expect((await referrals(t, 'qualified')).length).toBe(3);
  });

  it('refuses self-referral and a cycle', async () => {
    await t.setClock(NOW);
    await setProgramme(t);
    for (const u of ['rita', 'ann']) await t.createUser(u);
    const own = await join(t, 'rita', await codeOf(t, 'rita'));
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('REFERRAL_OWN_CODE');
    expect((await join(t, 'ann', await codeOf(t, 'rita'))).statusCode).toBe(201);
    const cycle = await join(t, 'rita', await codeOf(t, 'ann'));
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().code).toBe('REFERRAL_CYCLE');
  });

  it("holds the referrer's monthly cap under 20 concurrent qualifying events; referees are still paid", async () => {
    await t.setClock(NOW);
    const referees = await cappedReferrer(t, 3, 20);
    const sent = await Promise.all(referees.map((u) => sendEvent(t, u, { eventId: 'purchase' })));
    expect(sent.every((r) => r.statusCode === 200)).toBe(true);
    expect(await referralEntries(t, 'rita')).toEqual([50, 50, 50]);
    expect(await balance(t, 'rita')).toBe(150);
    for (const u of referees) expect(await referralEntries(t, u)).toEqual([20]);
    const all = await referrals(t, 'qualified');
    expect(all.length).toBe(20);
    expect(all.filter((r) => r.referrerState === 'paid').length).toBe(3);
    expect(all.filter((r) => r.referrerState === 'capped').length).toBe(17);
    const log = await t.admin('GET', '/admin/event-log?limit=50');
    const reasons = (log.json().entries as Array<{ reason: string }>).map((e) => e.reason);
    expect(reasons.filter((r) => r.includes('over its monthly cap 3')).length).toBe(17);
  });
});
