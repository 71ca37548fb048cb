import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, NOW } from '../events/events.test-factory.js';

describeSharedApp('campaigns: simulate refusals', (t) => {
  const campaign = { title: 'Promo', startAt: NOW, endAt: NOW + DAY, effect: { bonus: 5 } };
  const valid = { campaign, from: NOW - 10 * DAY, to: NOW };

  it('refuses a bad period, a period over 366 days and a bad draft with 400 and the error body, and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ ...valid, to: valid.from }, 'INVALID_RANGE'],
      [{ ...valid, to: valid.from - 1 }, 'INVALID_RANGE'],
      [{ ...valid, from: NOW - 367 * DAY }, 'PERIOD_TOO_LONG'],
      [{ ...valid, campaign: { ...campaign, endAt: NOW } }, 'INVALID_DATES'],
      [{ ...valid, campaign: { ...campaign, effect: {} } }, 'INVALID_EFFECT'],
      [{ ...valid, campaign: { ...campaign, effect: { bonus: 5, currency: 'gems' } } }, 'UNKNOWN_CURRENCY'],
      [{ ...valid, campaign: { ...campaign, effect: { multiplier: 0.5 } } }, null],
      [{ ...valid, campaign: { ...campaign, extra: true } }, null],
      [{ ...valid, campaign: { ...campaign, campaignId: 'bad id' } }, null],
      [{ ...valid, from: 'yesterday' }, null],
      [{ ...valid, extra: 1 }, null],
      [{ from: valid.from, to: valid.to }, null],
      [{ campaign, to: valid.to }, null],
    ];
    for (const [body, code] of cases) {
      const res = await t.admin('POST', '/admin/campaign/simulate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.any(String),
        code: code ?? expect.any(String),
      });
    }
    expect((await t.admin('POST', '/admin/campaign/simulate', { ...valid, from: NOW - 366 * DAY })).statusCode).toBe(200);
    expect((await t.admin('GET', '/admin/campaign')).json()).toEqual([]);
  });

  it('refuses a body that is not JSON or no body with 400', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/admin/campaign/simulate',
      headers: { ...t.adminAuth(), 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    expect((await t.admin('POST', '/admin/campaign/simulate')).statusCode).toBe(400);
  });
});
