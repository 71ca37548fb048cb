import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, NOW } from '../events/events.test-factory.js';

describeSharedApp('campaigns: refusals', (t) => {
  const valid = { campaignId: 'promo', title: 'Promo', startAt: NOW, endAt: NOW + DAY, effect: { bonus: 5 } };

  it('refuses invalid bodies with 400 and the error body, and creates nothing', async () => {
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ ...valid, endAt: NOW }, 'INVALID_DATES'],
      [{ ...valid, endAt: NOW - 1 }, 'INVALID_DATES'],
      [{ ...valid, effect: {} }, 'INVALID_EFFECT'],
      [{ ...valid, effect: { multiplier: 1, bonus: 0 } }, 'INVALID_EFFECT'],
      [{ ...valid, effect: { bonus: 5, currency: 'gems' } }, 'UNKNOWN_CURRENCY'],
      [{ ...valid, effect: { multiplier: 0.5 } }, null],
      [{ ...valid, effect: { bonus: -1 } }, null],
      [{ ...valid, effect: { bonus: 1.5 } }, null],
      [{ ...valid, stacking: 'both' }, null],
      [{ ...valid, budget: { total: 0 } }, null],
      [{ ...valid, budget: { perUser: -5 } }, null],
      [{ ...valid, eventIds: [] }, null],
      [{ ...valid, campaignId: 'bad id' }, null],
      [{ ...valid, title: '' }, null],
      [{ ...valid, startAt: 'tomorrow' }, null],
      [{ ...valid, extra: true }, null],
      [{ ...valid, conditions: { type: 'XOR', conditions: [] } }, null],
    ];
    for (const [body, code] of cases) {
      const res = await t.admin('POST', '/admin/campaign', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code: code ?? expect.any(String) });
    }
    expect((await t.admin('GET', '/admin/campaign')).json()).toEqual([]);
  });

  it('answers 409 CAMPAIGN_EXISTS on a taken id, 404 CAMPAIGN_NOT_FOUND on an unknown one, 400 ID_MISMATCH', async () => {
    expect((await t.admin('POST', '/admin/campaign', valid)).statusCode).toBe(201);
    const taken = await t.admin('POST', '/admin/campaign', { ...valid, title: 'Other' });
    expect(taken.json()).toMatchObject({ statusCode: 409, code: 'CAMPAIGN_EXISTS' });
    expect((await t.admin('GET', '/admin/campaign/promo')).json().title).toBe('Promo');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', valid],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.admin(method, '/admin/campaign/nope', body && { ...body, campaignId: undefined });
      expect(res.json(), method).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'CAMPAIGN_NOT_FOUND' });
    }
    const mismatch = await t.admin('PUT', '/admin/campaign/promo', { ...valid, campaignId: 'other' });
    expect(mismatch.json()).toMatchObject({ statusCode: 400, code: 'ID_MISMATCH' });
    const badPut = await t.admin('PUT', '/admin/campaign/promo', { ...valid, endAt: NOW });
    expect(badPut.json()).toMatchObject({ statusCode: 400, code: 'INVALID_DATES' });
    expect((await t.admin('GET', '/admin/campaign/promo')).json()).toMatchObject({ endAt: NOW + DAY });
  });
});
