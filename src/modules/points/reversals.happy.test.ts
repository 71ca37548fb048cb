import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, defineGroups, history, sendEvent } from '../events/events.test-factory.js';
import { createOffer } from '../offers/offers.test-factory.js';
import { getJson } from '../leaderboards/leaderboards.test-helpers.js';

const FEB = Date.UTC(2026, 1, 10, 12);
const MARCH = Date.UTC(2026, 2, 5, 12);

const reverse = (t: Parameters<Parameters<typeof describeSharedApp>[1]>[0], userId: string, historyId: string, reason = 'refund') =>
  t.admin('POST', `/admin/user/${encodeURIComponent(userId)}/reversal`, { historyId, reason });

const boardPoints = async (t: Parameters<Parameters<typeof describeSharedApp>[1]>[0], query: string, userId: string) => {
  const res = await getJson(t, `/project/${t.projectId}/leaderboard?${query}`, 'service');
  return (res.body.users as Array<{ userId: string; points: number }>).find((u) => u.userId === userId)?.points ?? 0;
};

describeSharedApp('reversals', (t) => {
  it('reverses an event: a REVERSAL entry of the opposite sign, shown in the history; the balance follows the ledger', async () => {
    await t.setClock(FEB);
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 40 }, limit: null });
    await t.createUser('alice');
    await sendEvent(t, 'alice', { eventId: 'buy' });
    const [entry] = (await history(t, 'alice')).json();
    const res = await reverse(t, 'alice', entry.id, 'order 17 returned');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: 'alice',
      historyId: entry.id,
      points: -40,
      unrecovered: 0,
      balance: 0,
      reason: 'order 17 returned',
    });
    const shown = (await history(t, 'alice')).json();
    expect(shown[0]).toMatchObject({
      type: 'REVERSAL',
      points: -40,
      title: { en: 'Reversal: Purchase' },
      description: { en: 'order 17 returned' },
    });
    expect(shown[0].id).toMatch(/^REVERSAL#rev_/);
    expect(await balance(t, 'alice')).toBe(0);
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice')).toBe(0);
  });

  it("takes the points off the boards of the reversed entry's period (its month and its groups), not of today", async () => {
    await t.setClock(FEB);
    await defineGroups(t, 'vip');
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 40 }, limit: null });
    await t.createUser('alice');
    await sendEvent(t, 'alice', { eventId: 'buy', metadata: { usergroup: 'vip' } });
    await sendEvent(t, 'alice', { eventId: 'buy', timestamp: FEB + 1000 });
    await t.setClock(MARCH);
    await sendEvent(t, 'alice', { eventId: 'buy' });
    // February's totals are read from SQL: once the month close has run (the daily tasks, whenever
    // the app's jobs run), February's board answers its archive, which a reversal does not change
    // (decision 199); the totals that tiers read do change.
    const february = async (groupId: string) =>
      Number(
        (
          await t.app.platform.db.kysely
            .selectFrom('leaderboard_monthly')
            .select('points')
            .where('project_id', '=', t.projectId)
            .where('group_id', '=', groupId)
            .where('month', '=', '2026-02')
            .where('user_id', '=', 'alice')
            .executeTakeFirst()
        )?.points ?? 0,
      );
    const feb = (await history(t, 'alice', '?sort=asc')).json()[0];
    expect(await february('default')).toBe(80);
    expect(await february('vip')).toBe(40);
    expect((await reverse(t, 'alice', feb.id)).statusCode).toBe(201);
    expect(await february('default')).toBe(40);
    expect(await february('vip')).toBe(0);
    expect(await boardPoints(t, 'groupId=default&month=2026-03', 'alice')).toBe(40);
    expect(await boardPoints(t, 'groupId=default&timeframe=30d', 'alice')).toBe(80);
    expect(await balance(t, 'alice')).toBe(80);
  });

  it('when part was spent, the balance goes to 0 and the answer says how much was not recovered', async () => {
    await t.setClock(FEB);
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 50 }, limit: null });
    await createOffer(t, { points: 30 });
    await t.createUser('alice');
    await sendEvent(t, 'alice', { eventId: 'buy' });
    const redeemed = await t.inject({
      method: 'POST',
      url: '/user/alice/offer/coffee/redeem',
      headers: await t.auth('alice'),
      payload: {},
    });
    expect(redeemed.statusCode).toBe(200);
    const earning = (await history(t, 'alice')).json().find((e: { type: string }) => e.type === 'EVENT');
    const res = await reverse(t, 'alice', earning.id);
    expect(res.json()).toMatchObject({ points: -20, unrecovered: 30, balance: 0 });
    expect(await t.app.services.points.ledgerSum(t.projectId, 'alice')).toBe(0);
  });

  it('reversing the same entry twice is 409 and changes nothing; two at once: exactly one wins', async () => {
    await t.setClock(FEB);
    await t.createUser('alice');
    await t.admin('POST', '/admin/user/alice/points', { points: 100, reason: 'welcome' });
    const [entry] = (await history(t, 'alice')).json();
    const [a, b] = await Promise.all([reverse(t, 'alice', entry.id), reverse(t, 'alice', entry.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const again = await reverse(t, 'alice', entry.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'ALREADY_REVERSED' });
    expect(await balance(t, 'alice')).toBe(0);
    expect((await history(t, 'alice', '?showAll=true')).json()).toHaveLength(2);
  });

  it('refuses what cannot be reversed with 4xx and changes nothing', async () => {
    await t.setClock(FEB);
    await createOffer(t, { points: 30 });
    await t.createUser('alice');
    await t.admin('POST', '/admin/user/alice/points', { points: 100, reason: 'welcome' });
    await t.inject({ method: 'POST', url: '/user/alice/offer/coffee/redeem', headers: await t.auth('alice'), payload: {} });
    const spent = (await history(t, 'alice')).json().find((e: { type: string }) => e.type === 'REDEMPTION');
    expect((await reverse(t, 'alice', spent.id)).json()).toMatchObject({ statusCode: 400, code: 'NOT_REVERSIBLE' });
    expect((await reverse(t, 'alice', 'not an id')).json()).toMatchObject({ statusCode: 400, code: 'INVALID_HISTORY_ID' });
    expect((await reverse(t, 'alice', 'EVENT#buy#123')).json()).toMatchObject({ statusCode: 404, code: 'HISTORY_NOT_FOUND' });
    expect((await reverse(t, 'ghost', 'EVENT#buy#123')).json()).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    expect((await t.admin('POST', '/admin/user/alice/reversal', { historyId: spent.id })).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
    });
    const asUser = await t.inject({
      method: 'POST',
      url: '/admin/user/alice/reversal',
      headers: await t.auth('alice'),
      payload: { historyId: spent.id, reason: 'x' },
    });
    expect(asUser.statusCode).toBe(401);
    expect(await balance(t, 'alice')).toBe(70);
    expect((await history(t, 'alice')).json()).toHaveLength(2);
  });
});
