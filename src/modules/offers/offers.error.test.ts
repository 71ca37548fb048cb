import { expect, it } from 'vitest';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { balance, createOffer, redeem, userWithPoints } from './offers.test-factory.js';

const JAN = Date.UTC(2026, 0, 15, 12);

/** Reads everything a refused redemption must leave alone. */
async function snapshot(t: TestContext, userId: string) {
  const db = t.app.platform.db.kysely;
  const count = async (table: 'coupons' | 'redemptions' | 'ledger' | 'offer_month_counts' | 'offer_user_counts') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const offers = await db.selectFrom('offers').select(['offer_id', 'redeemed_total']).orderBy('offer_id').execute();
  return {
    balance: await balance(t, userId),
    coupons: await count('coupons'),
    redemptions: await count('redemptions'),
    ledger: await count('ledger'),
    months: await count('offer_month_counts'),
    perUser: await count('offer_user_counts'),
    offers: offers.map((o) => [o.offer_id, Number(o.redeemed_total)]),
  };
}

async function expectRefusal(t: TestContext, userId: string, offerId: string, code: string) {
  const check = await t.inject({ method: 'GET', url: `/user/${userId}/offer/${offerId}/redeemable`, headers: await t.auth(userId) });
  expect(check.statusCode).toBe(200);
  expect(check.json()).toMatchObject({ redeemable: false, reason: code });
  const before = await snapshot(t, userId);
  const res = await redeem(t, userId, offerId);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code });
  expect(await snapshot(t, userId)).toEqual(before);
}

describeBackends('offers: refusals', (t) => {
  it('refuses INSUFFICIENT_POINTS and changes nothing', async () => {
    await createOffer(t, { points: 30 });
    await userWithPoints(t, 'alice', 29);
    await expectRefusal(t, 'alice', 'coffee', 'INSUFFICIENT_POINTS');
    const check = await t.inject({ method: 'GET', url: '/user/alice/offer/coffee/redeemable', headers: await t.auth('alice') });
    expect(check.json()).toEqual({ redeemable: false, reason: 'INSUFFICIENT_POINTS', points: 29, cost: 30 });
  });

  it('refuses OFFER_INACTIVE for an inactive offer and for one not yet valid', async () => {
    await t.setClock(JAN);
    await createOffer(t, { status: 'INACTIVE' });
    await createOffer(t, { offerId: 'later', validFrom: JAN + 60_000 });
    await userWithPoints(t, 'bob', 100);
    await expectRefusal(t, 'bob', 'coffee', 'OFFER_INACTIVE');
    await expectRefusal(t, 'bob', 'later', 'OFFER_INACTIVE');
    await t.setClock(JAN + 120_000);
    expect((await redeem(t, 'bob', 'later')).statusCode).toBe(200);
  });

  it('refuses OFFER_EXPIRED once validUntil has passed', async () => {
    await t.setClock(JAN);
    await createOffer(t, { validUntil: JAN + 60_000 });
    await userWithPoints(t, 'carol', 100);
    expect((await redeem(t, 'carol', 'coffee')).statusCode).toBe(200);
    await t.setClock(JAN + 60_000);
    await expectRefusal(t, 'carol', 'coffee', 'OFFER_EXPIRED');
  });

  it('refuses TOTAL_LIMIT_REACHED, MONTHLY_LIMIT_REACHED and USER_LIMIT_REACHED', async () => {
    await t.setClock(JAN);
    await createOffer(t, { offerId: 'total', points: 1, totalLimit: 1 });
    await createOffer(t, { offerId: 'monthly', points: 1, monthlyLimit: 1 });
    await createOffer(t, { offerId: 'peruser', points: 1, perUserLimit: 1 });
    await createOffer(t, { offerId: 'zero', points: 1, monthlyLimit: 0 });
    await userWithPoints(t, 'dan', 100);
    await userWithPoints(t, 'eve', 100);
    for (const id of ['total', 'monthly', 'peruser']) expect((await redeem(t, 'dan', id)).statusCode).toBe(200);
    await expectRefusal(t, 'eve', 'total', 'TOTAL_LIMIT_REACHED');
    await expectRefusal(t, 'eve', 'monthly', 'MONTHLY_LIMIT_REACHED');
    await expectRefusal(t, 'dan', 'peruser', 'USER_LIMIT_REACHED');
    await expectRefusal(t, 'dan', 'zero', 'MONTHLY_LIMIT_REACHED');
    expect((await redeem(t, 'eve', 'peruser')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown offer and for an unknown user', async () => {
    await createOffer(t);
    await userWithPoints(t, 'frank', 100);
    const noOffer = await redeem(t, 'frank', 'nope');
    expect(noOffer.statusCode).toBe(404);
    expect(noOffer.json().code).toBe('OFFER_NOT_FOUND');
    const noUser = await redeem(t, 'ghost', 'coffee');
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().code).toBe('USER_NOT_FOUND');
    const check = await t.inject({ method: 'GET', url: '/user/ghost/offer/coffee/redeemable', headers: await t.auth('ghost') });
    expect(check.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/offer/nope', headers: await t.auth('frank') })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/offer/shop/nope', headers: await t.auth('frank') })).statusCode).toBe(404);
  });

  it('answers 400 for malformed ids and flags', async () => {
    const headers = await t.auth('x');
    expect((await t.inject({ method: 'GET', url: '/offer/bad%20id', headers })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/offer/shop/bad%20id', headers })).statusCode).toBe(400);
  });

  it('refuses bad admin bodies with 400 and taken ids with 409, changing nothing', async () => {
    await createOffer(t);
    const cases: object[] = [
      { points: 10 },
      { points: -1, title: { en: 'x' } },
      { points: 1, title: {} },
      { points: 1, title: { en: 'x' }, monthlyLimit: -1 },
      { points: 1, title: { en: 'x' }, status: 'PAUSED' },
      { points: 1, title: { en: 'x' }, validFrom: 200, validUntil: 100 },
      { points: 1, title: { en: 'x' }, offerId: 'has space' },
      { points: 1, title: { en: 'x' }, unknown: true },
      { points: '5', title: { en: 'x' } },
    ];
    for (const body of cases) {
      const res = await t.admin('POST', '/admin/offer', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().statusCode).toBe(400);
    }
    const taken = await t.admin('POST', '/admin/offer', { offerId: 'coffee', points: 1, title: { en: 'x' } });
    expect(taken.statusCode).toBe(409);
    expect((await t.admin('GET', '/admin/offer')).json()).toHaveLength(1);
    expect((await t.admin('PUT', '/admin/offer/coffee', { offerId: 'other', points: 1, title: { en: 'x' } })).statusCode).toBe(400);
    expect((await t.admin('PUT', '/admin/offer/nope', { points: 1, title: { en: 'x' } })).statusCode).toBe(404);
    expect((await t.admin('DELETE', '/admin/offer/nope')).statusCode).toBe(404);
    expect((await t.admin('POST', '/admin/shop', {})).statusCode).toBe(400);
    expect((await t.admin('POST', '/admin/shop', { shopId: 's', name: 'a' })).statusCode).toBe(201);
    expect((await t.admin('POST', '/admin/shop', { shopId: 's', name: 'b' })).statusCode).toBe(409);
  });

  it('refuses a redeem body that is not an object', async () => {
    await createOffer(t);
    await userWithPoints(t, 'hana', 100);
    const res = await t.inject({
      method: 'POST',
      url: '/user/hana/offer/coffee/redeem',
      headers: { ...(await t.auth('hana')), 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(res.statusCode).toBe(400);
    const bad = await redeem(t, 'hana', 'coffee', { metadata: 'not an object' });
    expect(bad.statusCode).toBe(400);
    expect(await balance(t, 'hana')).toBe(100);
  });
});
