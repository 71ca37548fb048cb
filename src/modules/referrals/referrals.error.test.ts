import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, NOW, sendEvent } from '../events/events.test-factory.js';
import { codeOf, join, PROGRAMME, referrals, setProgramme } from './referrals.test-factory.js';

describeSharedApp('referrals: errors', (t) => {
  const refused = async (res: { statusCode: number; json: () => { code: string } }, code: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  };

  it('refuses programmes with an unknown event or currency, or outside the schema, and changes nothing', async () => {
    await setProgramme(t);
    const put = (body: unknown) => t.admin('PUT', '/admin/referral-programme', body);
    await refused(await put({ ...PROGRAMME, qualifying: { eventId: 'nope', withinDays: 30 } }), 'UNKNOWN_EVENT');
    await refused(await put({ ...PROGRAMME, referrerReward: { points: 5, currency: 'gems' } }), 'UNKNOWN_CURRENCY');
    for (const body of [
      { ...PROGRAMME, codeDays: 0 },
      { ...PROGRAMME, refereeReward: { points: -1 } },
      { ...PROGRAMME, referrerCap: { perMonth: 'many' } },
      { ...PROGRAMME, status: 'ON' },
      { ...PROGRAMME, extra: true },
      { status: 'ACTIVE' },
    ])
      await refused(await put(body), 'VALIDATION_ERROR');
    const stored = (await t.admin('GET', '/admin/referral-programme')).json();
    expect(stored).toMatchObject({ status: 'ACTIVE', codeDays: 14, referrerCap: { perMonth: null, total: null } });
  });

  it('refuses codes while the programme is inactive (the default), and an unknown code', async () => {
    await t.createUser('ann');
    expect((await t.admin('GET', '/admin/referral-programme')).json()).toMatchObject({ status: 'INACTIVE', updatedAt: null });
    await refused(await join(t, 'ann', 'ABCDEFGH'), 'REFERRAL_PROGRAMME_INACTIVE');
    await setProgramme(t);
    await refused(await join(t, 'ann', 'ABCDEFGH'), 'REFERRAL_CODE_UNKNOWN');
  });

  it('takes one code per user, within codeDays, and not after the qualifying event', async () => {
    await t.setClock(NOW);
    await setProgramme(t);
    for (const u of ['rita', 'sam', 'ann', 'bob', 'old']) await t.createUser(u);
    const code = await codeOf(t, 'rita');
    expect((await join(t, 'ann', code)).statusCode).toBe(201);
    await refused(await join(t, 'ann', await codeOf(t, 'sam')), 'REFERRAL_ALREADY_JOINED');
    await sendEvent(t, 'bob', { eventId: 'purchase' });
    await refused(await join(t, 'bob', code), 'REFERRAL_AFTER_QUALIFYING');
    await t.setClock(NOW + 15 * DAY);
    await refused(await join(t, 'old', code), 'REFERRAL_WINDOW_CLOSED');
    expect((await referrals(t)).map((r) => r.refereeId)).toEqual(['ann']);
  });

  it('pays nothing for a qualifying event after withinDays, nor for a rejected referral', async () => {
    await t.setClock(NOW);
    await setProgramme(t, { qualifying: { eventId: 'purchase', withinDays: 2 } });
    for (const u of ['rita', 'ann', 'bob']) await t.createUser(u);
    const code = await codeOf(t, 'rita');
    await join(t, 'ann', code, 'same');
    await join(t, 'bob', code, 'same');
    const [flagged] = await referrals(t, 'flagged');
    expect((await t.admin('POST', `/admin/referral/${flagged!.id}/reject`)).json()).toMatchObject({ status: 'rejected' });
    await t.setClock(NOW + 3 * DAY);
    await sendEvent(t, 'ann', { eventId: 'purchase' });
    await sendEvent(t, 'bob', { eventId: 'purchase' });
    expect((await t.inject({ method: 'GET', url: '/user/rita/referral', headers: await t.auth('rita') })).json()).toMatchObject({
      invited: 2,
      qualified: 0,
      earned: 0,
    });
  });

  it('answers 404 for an unknown referral, 409 for one that is not flagged, 400 for a bad cursor or status', async () => {
    await t.setClock(NOW);
    await setProgramme(t);
    for (const u of ['rita', 'ann']) await t.createUser(u);
    await join(t, 'ann', await codeOf(t, 'rita'));
    const missing = await t.admin('POST', '/admin/referral/ref_missing/approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('REFERRAL_NOT_FOUND');
    const [pending] = await referrals(t);
    const conflict = await t.admin('POST', `/admin/referral/${pending!.id}/reject`);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('REFERRAL_NOT_FLAGGED');
    expect((await t.admin('GET', '/admin/referral?cursor=zzz')).json().code).toBe('INVALID_CURSOR');
    expect((await t.admin('GET', '/admin/referral?status=done')).statusCode).toBe(400);
    await refused(await join(t, 'ann', ''), 'VALIDATION_ERROR');
    expect((await t.inject({ method: 'GET', url: '/user/ghost/referral', headers: await t.auth('ghost') })).statusCode).toBe(404);
  });
});
