import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/http/app-type.js';
import { defineEvent } from '../../src/modules/events/events.test-factory.js';
import { cappedReferrer, referralEntries, referrals } from '../../src/modules/referrals/referrals.test-factory.js';
import { describeBackends } from '../helpers/test-app.js';

/**
 * Scale mode: two instances on one PostgreSQL and one Redis (each with its own write path,
 * batching on its own) keep every limit exact, as one instance does. The same requests are spread
 * over both instances at once.
 */
describeBackends('two instances on one store', (t) => {
  if (t.backend !== 'postgres') {
    it.skip('runs in scale mode only (PostgreSQL + Redis)', () => undefined);
    return;
  }
  let second: App;
  beforeEach(async () => {
    second = await buildApp({ config: t.config(), logger: false });
  });
  afterEach(async () => {
    await second?.close();
  });

  /** Sends the requests alternately to the two instances, all at once. */
  const spread = (requests: InjectOptions[]) => Promise.all(requests.map((r, i) => (i % 2 === 0 ? t.app : second).inject(r)));

  it('take exactly `limit` completions of a limited event between them', async () => {
    await defineEvent(t, { eventId: 'buy', reward: { default: 5 }, limit: 7 });
    await t.createUser('ann');
    const headers = await t.auth('ann');
    const results = await spread(
      Array.from({ length: 40 }, () => ({ method: 'POST' as const, url: '/event', headers, payload: { userId: 'ann', eventId: 'buy' } })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => !r.json().data.limitReached)).toHaveLength(7);
    expect((await t.app.services.users.points('default', 'ann')).points).toBe(35);
    expect(await t.app.services.points.ledgerSum('default', 'ann')).toBe(35);
    expect(await t.app.services.events.countEvents('default', 'ann')).toBe(40);
  });

  it('accept one answer of a survey per user between them', async () => {
    expect(
      (
        await t.admin('POST', '/admin/survey', {
          surveyId: 'poll',
          title: 'Poll',
          type: 'SINGLE',
          options: [{ optionId: 'a', label: 'A' }],
          points: 4,
        })
      ).statusCode,
    ).toBe(201);
    await t.createUser('ann');
    const headers = await t.auth('ann');
    const results = await spread(
      Array.from({ length: 20 }, () => ({
        method: 'PUT' as const,
        url: '/user/ann/survey/poll',
        headers,
        payload: { userId: 'ann', surveyId: 'poll', responses: ['a'] },
      })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400).every((r) => r.json().code === 'SURVEY_ALREADY_ANSWERED')).toBe(true);
    expect((await t.app.services.users.points('default', 'ann')).points).toBe(4);
    const survey = await t.admin('GET', '/admin/survey/poll');
    expect(survey.json().statistics).toMatchObject({ answered: 1, options: { a: 1 } });
  });

  it('keep an offer within its total limit and each balance exact between them', async () => {
    expect((await t.admin('POST', '/admin/shop', { shopId: 'cafe', name: 'Café' })).statusCode).toBe(201);
    expect(
      (
        await t.admin('POST', '/admin/offer', {
          offerId: 'coffee',
          type: 'LOCAL',
          points: 10,
          title: { en: 'Coffee' },
          description: { en: 'A coffee' },
          shopId: 'cafe',
          totalLimit: 6,
        })
      ).statusCode,
    ).toBe(201);
    const users = Array.from({ length: 16 }, (_, i) => `u${i}`);
    for (const u of users) {
      await t.createUser(u);
      expect((await t.admin('POST', `/admin/user/${u}/points`, { points: 25, reason: 'seed' })).statusCode).toBe(201);
    }
    const requests = await Promise.all(
      users.flatMap((u) =>
        [0, 1].map(async () => ({ method: 'POST' as const, url: `/user/${u}/offer/coffee/redeem`, headers: await t.auth(u), payload: {} })),
      ),
    );
    const results = await spread(requests);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(6);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 400 && r.json().code === 'TOTAL_LIMIT_REACHED')).toBe(
      true,
    );
    let spent = 0;
    for (const u of users) {
      const points = (await t.app.services.users.points('default', u)).points;
      expect(await t.app.services.points.ledgerSum('default', u)).toBe(points);
      spent += 25 - points;
    }
    expect(spent).toBe(60);
  });

  it('let a coupon be used once between them', async () => {
    await t.createUser('ann');
    const issued = await t.admin('POST', '/admin/coupon', { userId: 'ann', title: 'Gift', validUntil: Date.now() + 86_400_000 });
    expect(issued.statusCode).toBe(201);
    const sk = issued.json().SK as string;
    const headers = await t.auth('ann');
    const results = await spread(
      Array.from({ length: 12 }, () => ({
        method: 'PUT' as const,
        url: `/user/ann/coupon/${encodeURIComponent(sk)}`,
        headers,
        payload: { userId: 'ann', SK: sk },
      })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it("hold a referrer's monthly cap when 20 referees qualify at both instances", async () => {
    const referees = await cappedReferrer(t, 3, 20);
    const requests: InjectOptions[] = [];
    for (const u of referees)
      requests.push({ method: 'POST', url: '/event', headers: await t.auth(u), payload: { userId: u, eventId: 'purchase' } });
    const results = await spread(requests);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await referralEntries(t, 'rita')).toEqual([50, 50, 50]);
    for (const u of referees) expect(await referralEntries(t, u)).toEqual([20]);
    const all = await referrals(t, 'qualified');
    expect(all.filter((r) => r.referrerState === 'paid')).toHaveLength(3);
    expect(all.filter((r) => r.referrerState === 'capped')).toHaveLength(17);
  });
});
