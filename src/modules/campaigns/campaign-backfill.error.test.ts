import { expect, it } from 'vitest';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { DAY, NOW } from '../events/events.test-factory.js';
import { defineCampaign } from './campaigns.test-factory.js';

describeSharedApp('campaigns: backfill refusals', (t) => {
  it('refuses an unknown campaign with 404, a bad or too long period with 400, and queues nothing', async () => {
    await t.setClock(NOW);
    await defineCampaign(t, { campaignId: 'promo', effect: { bonus: 5 } });
    const cases: Array<[string, Record<string, unknown> | undefined, number, string | null]> = [
      ['nope', { from: NOW - DAY, to: NOW }, 404, 'CAMPAIGN_NOT_FOUND'],
      ['promo', { from: NOW, to: NOW }, 400, 'INVALID_RANGE'],
      ['promo', { from: NOW - 400 * DAY, to: NOW }, 400, 'PERIOD_TOO_LONG'],
      ['promo', { from: NOW - DAY }, 400, null],
      ['promo', { from: -1, to: NOW }, 400, null],
      ['promo', { from: NOW - DAY, to: NOW, extra: 1 }, 400, null],
      ['promo', undefined, 400, null],
      ['bad%20id', { from: NOW - DAY, to: NOW }, 400, null],
    ];
    for (const [id, body, status, code] of cases) {
      const res = await t.admin('POST', `/admin/campaign/${id}/backfill`, body);
      expect(res.statusCode, `${id} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status, message: expect.any(String), code: code ?? expect.any(String) });
    }
    expect(await t.app.services.jobs.store.findLatest(t.projectId, 'campaign-backfill', 'promo')).toBeNull();
  });
});
