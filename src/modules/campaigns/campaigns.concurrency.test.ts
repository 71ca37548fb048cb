import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeSharedApp } from '../../../test/helpers/test-app.js';
import { balance, defineEvent, NOW } from '../events/events.test-factory.js';
import { defineCampaign } from './campaigns.test-factory.js';

/** A campaign's budgets are decided under its spend row's lock: simultaneous events cannot overshoot them (decision 317). */
describeSharedApp('campaigns: budgets under concurrency', (t) => {
  const send = async (userId: string, app = t.app) =>
    app.inject({ method: 'POST', url: '/event', headers: await t.serviceAuth(), payload: { eventId: 'buy', userId } });

  it('a bonus for the first 5: 20 simultaneous events of 20 users pay exactly 5, and the spend is exact', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await defineCampaign(t, { campaignId: 'first5', effect: { bonus: 10 }, budget: { total: 50 } });
    const users = Array.from({ length: 20 }, (_, i) => `u${i}`);
    for (const u of users) await t.createUser(u);
    const results = await Promise.all(users.map((u) => send(u)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const paid = results.map((r) => r.json().data.campaigns?.[0]?.points ?? 0);
    expect(paid.filter((p) => p === 10)).toHaveLength(5);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(50);
    let total = 0;
    for (const u of users) total += await balance(t, u);
    expect(total).toBe(20 + 50);
    expect((await t.admin('GET', '/admin/campaign/first5')).json()).toMatchObject({ spent: 50, remaining: 0 });
  });

  it('a per-user budget holds under 12 simultaneous events of one user', async () => {
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await defineCampaign(t, { campaignId: 'each', effect: { bonus: 7 }, budget: { perUser: 30 } });
    await t.createUser('ann');
    const results = await Promise.all(Array.from({ length: 12 }, () => send('ann')));
    const paid = results.map((r) => r.json().data.campaigns?.[0]?.points ?? 0);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(30);
    expect(await balance(t, 'ann')).toBe(12 + 30);
  });

  it('holds across two instances on one store (scale mode)', async () => {
    if (t.backend !== 'postgres') return; // two SQLite apps would be two stores
    await t.setClock(NOW);
    await defineEvent(t, { eventId: 'buy', reward: { default: 1 } });
    await defineCampaign(t, { campaignId: 'shared', effect: { bonus: 10 }, budget: { total: 70 } });
    const users = Array.from({ length: 20 }, (_, i) => `v${i}`);
    for (const u of users) await t.createUser(u);
    const other = await buildApp({ config: t.config(), logger: false });
    try {
      await other.ready();
      const results = await Promise.all(users.map((u, i) => send(u, i % 2 === 0 ? t.app : other)));
      const paid = results.map((r) => r.json().data.campaigns?.[0]?.points ?? 0);
      expect(paid.reduce((a, b) => a + b, 0)).toBe(70);
      expect((await t.admin('GET', '/admin/campaign/shared')).json()).toMatchObject({ spent: 70, remaining: 0 });
    } finally {
      await other.close();
    }
  });
});
