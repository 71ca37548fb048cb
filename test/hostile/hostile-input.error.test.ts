import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { describeSharedApp, type TestContext } from '../helpers/test-app.js';
import { defineEvent, sendEvent } from '../../src/modules/events/events.test-factory.js';
import { balance, createOffer, createShop, userWithPoints } from '../../src/modules/offers/offers.test-factory.js';

/**
 * Findings 6, 7 and 8 of the fault review: Infinity in integer fields, NUL characters and lone
 * surrogates, and deep metadata. Each is a clear 400 that changes nothing, on both stores.
 */
function raw(
  t: TestContext,
  method: 'POST' | 'PUT',
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return t.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
}

function expect400(res: LightMyRequestResponse, code: string | RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    statusCode: 400,
    error: 'Bad Request',
    message: expect.any(String),
    code: expect.stringMatching(code),
  });
}

const OFFER = '{"offerId":"big","type":"LOCAL","points":1,"title":{"de":"Groß"},"validUntil":1e309}';

describeSharedApp('hostile input: numbers beyond range', (t) => {
  it('refuses 1e309 (Infinity) in an integer field, stores nothing, and keeps every list working', async () => {
    const admin = t.adminAuth();
    expect400(await raw(t, 'POST', '/admin/offer', OFFER, admin), /VALIDATION_ERROR|NUMBER_OUT_OF_RANGE/);
    expect400(
      await raw(
        t,
        'POST',
        '/admin/survey',
        '{"surveyId":"s","title":"S","type":"SINGLE","options":[{"optionId":"a","label":"A"}],"validUntil":1e309}',
        admin,
      ),
      /VALIDATION_ERROR|NUMBER_OUT_OF_RANGE/,
    );
    expect400(
      await raw(t, 'POST', '/admin/challenge', '{"challengeId":"c","title":{"de":"C"},"eventId":"e","goal":1,"startDate":1e309}', admin),
      /VALIDATION_ERROR|NUMBER_OUT_OF_RANGE/,
    );
    expect400(await raw(t, 'PUT', '/admin/clock', '{"now":1e309}', admin), /VALIDATION_ERROR|NUMBER_OUT_OF_RANGE/);
    expect((await t.admin('GET', '/admin/offer/big')).statusCode).toBe(404);
    await t.createUser('ann');
    const user = await t.auth('ann');
    for (const url of ['/user/ann/offer/feed', '/user/ann/survey', '/user/ann/challenge', '/user/ann/coupon']) {
      expect((await t.inject({ method: 'GET', url, headers: user })).statusCode, url).toBe(200);
    }
    for (const url of ['/admin/offer', '/admin/survey', '/admin/challenge']) expect((await t.admin('GET', url)).statusCode, url).toBe(200);
  });

  it('refuses 2^63 and times a JavaScript date cannot hold', async () => {
    const admin = t.adminAuth();
    expect400(await raw(t, 'POST', '/admin/offer', OFFER.replace('1e309', '9223372036854775808'), admin), /NUMBER_OUT_OF_RANGE/);
    expect400(await raw(t, 'POST', '/admin/offer', OFFER.replace('1e309', '8640000000000001'), admin), 'VALIDATION_ERROR');
    expect400(await raw(t, 'POST', '/admin/offer', OFFER.replace('1e309', '-1e309'), admin), /VALIDATION_ERROR|NUMBER_OUT_OF_RANGE/);
    expect((await t.admin('GET', '/admin/offer/big')).statusCode).toBe(404);
  });

  it('refuses Infinity in query parameters', async () => {
    await t.createUser('ann');
    const res = await t.inject({
      method: 'GET',
      url: `/project/${t.projectId}/leaderboard?groupId=default&timeframe=7d&limit=Infinity`,
      headers: await t.auth('ann'),
    });
    expect400(res, /VALIDATION_ERROR|NUMBER_OUT_OF_RANGE/);
  });
});

describeSharedApp('hostile input: NUL characters and lone surrogates', (t) => {
  it('refuses a NUL character in a body string, a body key, a path and a query with 400', async () => {
    await t.createUser('ann');
    const user = await t.auth('ann');
    expect400(
      await t.inject({ method: 'POST', url: '/user/ann/leaderboard', headers: user, payload: { username: 'an\u0000n' } }),
      'INVALID_CHARACTER',
    );
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 } });
    expect400(await sendEvent(t, 'ann', { eventId: 'buy', metadata: { 'k\u0000': 1 } }), 'INVALID_CHARACTER');
    expect400(await t.inject({ method: 'GET', url: '/user/ann/offer/feed?type=%00', headers: user }), 'INVALID_CHARACTER');
    expect400(
      await t.inject({ method: 'GET', url: `/project/${t.projectId}/leaderboard?groupId=%00&timeframe=7d`, headers: user }),
      'INVALID_CHARACTER',
    );
    expect400(await t.inject({ method: 'GET', url: '/offer/a%00b', headers: user }), /INVALID_CHARACTER|VALIDATION_ERROR/);
    expect400(
      await t.inject({ method: 'POST', url: '/admin/event', headers: t.adminAuth(), payload: { title: 'x\u0000y' } }),
      'INVALID_CHARACTER',
    );
    // Nothing changed: the name is still the default, no event was stored.
    const board = await t.inject({ method: 'POST', url: '/user/ann/leaderboard', headers: user, payload: {} });
    expect(board.json()).toMatchObject({ username: 'ann' });
    expect(await t.app.services.events.countEvents(t.projectId, 'ann')).toBe(0);
  });

  it('refuses a NUL character in the Idempotency-Key header', async () => {
    await t.createUser('ann');
    const res = await t.inject({
      method: 'POST',
      url: '/user/ann/leaderboard',
      headers: { ...(await t.auth('ann')), 'idempotency-key': 'k\u0000' },
      payload: {},
    });
    expect400(res, 'INVALID_CHARACTER');
  });

  it('refuses a lone surrogate instead of storing a replacement character', async () => {
    await t.createUser('ann');
    const res = await raw(t, 'POST', '/user/ann/leaderboard', '{"username":"ann\\ud800"}', await t.auth('ann'));
    expect400(res, 'INVALID_CHARACTER');
    // A surrogate pair (an emoji) is fine.
    const ok = await raw(t, 'POST', '/user/ann/leaderboard', '{"username":"ann \\ud83c\\udf3f"}', await t.auth('ann'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe('ann 🌿');
  });
});

describeSharedApp('hostile input: deep and large metadata', (t) => {
  const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it('refuses 10,000 levels of metadata on redeem and on an admin coupon with 400, changing nothing', async () => {
    await createShop(t);
    await createOffer(t, { shopId: 'cafe' });
    await userWithPoints(t, 'ann', 100);
    expect400(await raw(t, 'POST', '/user/ann/offer/coffee/redeem', `{"metadata":${deep(10_000)}}`, await t.auth('ann')), 'TOO_DEEP');
    expect400(
      await raw(
        t,
        'POST',
        '/admin/coupon',
        `{"userId":"ann","title":"T","validUntil":4102444800000,"metadata":${deep(10_000)}}`,
        t.adminAuth(),
      ),
      'TOO_DEEP',
    );
    expect(await balance(t, 'ann')).toBe(100);
    expect((await t.inject({ method: 'GET', url: '/user/ann/coupon', headers: await t.auth('ann') })).json()).toEqual([]);
  });

  it('caps metadata at 5 levels and 8 KB with a message naming the rule', async () => {
    await createShop(t);
    await createOffer(t, { shopId: 'cafe' });
    await userWithPoints(t, 'ann', 100);
    const tooDeep = await raw(t, 'POST', '/user/ann/offer/coffee/redeem', `{"metadata":${deep(7)}}`, await t.auth('ann'));
    expect400(tooDeep, 'VALIDATION_ERROR');
    expect(tooDeep.json().message).toMatch(/nested more than 5 levels/);
    const tooLarge = await t.admin('POST', '/admin/coupon', {
      userId: 'ann',
      title: 'T',
      validUntil: 4102444800000,
      metadata: { note: 'x'.repeat(9000) },
    });
    expect400(tooLarge, 'VALIDATION_ERROR');
    expect(tooLarge.json().message).toMatch(/8192 bytes/);
    const fine = await raw(t, 'POST', '/user/ann/offer/coffee/redeem', `{"metadata":${deep(5)}}`, await t.auth('ann'));
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
