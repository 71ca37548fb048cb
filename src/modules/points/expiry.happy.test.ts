import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeBackends, type TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent, history, sendEvent } from '../events/events.test-factory.js';
import { getJson } from '../leaderboards/leaderboards.test-helpers.js';
import { createOffer, redeem } from '../offers/offers.test-factory.js';
import { createTier, userTier } from '../tiers/tiers.test-factory.js';
import { allowPrivateWebhooks, createWebhook, startReceiver, type Receiver } from '../webhooks/webhooks.test-helpers.js';

/** 1 March 2026, 10:00 UTC. */
const MARCH_1 = Date.UTC(2026, 2, 1, 10);
const at = (day: number, hour = 10) => Date.UTC(2026, 2, 1 + day, hour);
const endOf = (day: number) => Date.UTC(2026, 2, 2 + day) - 1;

const setExpiry = (t: TestContext, pointsExpiry: { afterDays: number } | null) =>
  t.admin('PUT', '/admin/project/default', { name: 'Default project', pointsExpiry });
const adjust = async (t: TestContext, userId: string, points: number) => {
  const res = await t.admin('POST', `/admin/user/${userId}/points`, { points, reason: 'test' });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const points = async (t: TestContext, userId: string) =>
  (await t.inject({ method: 'GET', url: `/user/${userId}/points`, headers: await t.auth(userId) })).json();
const entries = async (t: TestContext, userId: string, query = '?sort=asc') =>
  (await history(t, userId, query)).json() as Array<Record<string, unknown>>;
const runJobs = (t: TestContext) => t.app.services.jobs.runUntilIdle();
const expiries = async (t: TestContext, userId: string) => (await entries(t, userId)).filter((e) => e.type === 'EXPIRY');
/** The ledger adds up to the balance, and so do the stored lots while expiry is on; with it off none are stored (decision 350). */
const ledgerMatches = async (t: TestContext, userId: string) => {
  const balance = (await t.app.services.users.points('default', userId)).points;
  expect(await t.app.services.points.ledgerSum('default', userId)).toBe(balance);
  const lots = await t.app.platform.db.kysely.selectFrom('point_lots').select('remaining').where('user_id', '=', userId).execute();
  const expiryOn = (await t.admin('GET', '/admin/project/default')).json().pointsExpiry !== null;
  expect(lots.reduce((s, r) => s + Number(r.remaining), 0)).toBe(expiryOn ? balance : 0);
};

describeBackends('points expiry', (t) => {
  it('pointsExpiry is a project setting: shown, kept when omitted, switched off with null, refused when invalid', async () => {
    await t.setClock(MARCH_1);
    expect((await t.admin('GET', '/admin/project/default')).json()).toMatchObject({ pointsExpiry: null });
    expect((await setExpiry(t, { afterDays: 30 })).json()).toMatchObject({ pointsExpiry: { afterDays: 30 }, tierWindow: { months: 12 } });
    expect((await t.admin('PUT', '/admin/project/default', { name: 'Renamed', tierGraceMonths: 2 })).json()).toMatchObject({
      name: 'Renamed',
      pointsExpiry: { afterDays: 30 },
      tierGraceMonths: 2,
    });
    for (const bad of [{ afterDays: 0 }, { afterDays: 1.5 }, { days: 3 }, 30]) {
      const res = await t.admin('PUT', '/admin/project/default', { name: 'Renamed', pointsExpiry: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await t.admin('GET', '/admin/project/default')).json()).toMatchObject({ pointsExpiry: { afterDays: 30 } });
    expect((await setExpiry(t, null)).json()).toMatchObject({ pointsExpiry: null });
  });

  it(
    'each credit expires at the end of the UTC day afterDays after it was earned; spending takes the first to expire; the daily job ' +
      'writes EXPIRY',
    async () => {
      await t.setClock(MARCH_1);
      await setExpiry(t, { afterDays: 30 });
      await t.createUser('alice');
      await adjust(t, 'alice', 100);
      await t.setClock(at(10));
      await adjust(t, 'alice', 50);
      expect(await points(t, 'alice')).toEqual({
        userId: 'alice',
        points: 150,
        userExists: true,
        pending: 0,
        expiring: [
          { points: 100, expiresAt: endOf(30) },
          { points: 50, expiresAt: endOf(40) },
        ],
      });
      await adjust(t, 'alice', -30);
      expect((await points(t, 'alice')).expiring).toEqual([
        { points: 70, expiresAt: endOf(30) },
        { points: 50, expiresAt: endOf(40) },
      ]);
      // The last minute of the day (the test clock runs on): still spendable, nothing expires.
      await t.setClock(endOf(30) - 60_000);
      await runJobs(t);
      expect(await expiries(t, 'alice')).toHaveLength(0);
      await t.setClock(at(31, 0));
      await runJobs(t);
      const [expiry] = await expiries(t, 'alice');
      expect(expiry).toMatchObject({ type: 'EXPIRY', points: -70, title: { en: 'Points expired' } });
      expect(await points(t, 'alice')).toMatchObject({ points: 50, expiring: [{ points: 50, expiresAt: endOf(40) }] });
      await runJobs(t);
      if (t.backend === 'postgres') {
        // A restart on the same store (an in-memory SQLite store does not survive one).
        await t.restart();
        await runJobs(t);
      }
      expect(await t.app.services.expiry.settleAll(t.app.platform.clock.now())).toBeGreaterThanOrEqual(0);
      expect(await expiries(t, 'alice')).toHaveLength(1);
      await ledgerMatches(t, 'alice');
    },
  );

  it('a redemption racing the expiry job never spends expired points', async () => {
    await t.setClock(MARCH_1);
    await setExpiry(t, { afterDays: 5 });
    await createOffer(t, { points: 80 });
    await t.createUser('alice');
    await adjust(t, 'alice', 100);
    await t.setClock(at(4));
    await adjust(t, 'alice', 30);
    await t.setClock(at(6, 0)); // the 100 ended with day 5; the job has not run yet
    const [redeemed] = await Promise.all([redeem(t, 'alice', 'coffee'), runJobs(t), t.app.services.expiry.settleAll(at(6, 0))]);
    expect(redeemed.statusCode).toBe(400);
    expect(redeemed.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    expect(await expiries(t, 'alice')).toMatchObject([{ points: -100 }]);
    expect((await points(t, 'alice')).points).toBe(30);
    await ledgerMatches(t, 'alice');
  });

  it('two job runs and two instances expire each user once', async () => {
    await t.setClock(MARCH_1);
    await setExpiry(t, { afterDays: 2 });
    for (const u of ['ann', 'bob', 'cy']) {
      await t.createUser(u);
      await adjust(t, u, 10);
    }
    await t.setClock(at(3, 1));
    const second = t.backend === 'postgres' ? await buildApp({ config: t.config(), logger: false }) : null;
    try {
      const now = t.app.platform.clock.now();
      await Promise.all([
        runJobs(t),
        t.app.services.expiry.settleAll(now),
        t.app.services.expiry.settleAll(now),
        ...(second ? [second.services.jobs.runUntilIdle(), second.services.expiry.settleAll(now)] : []),
      ]);
    } finally {
      await second?.close();
    }
    for (const u of ['ann', 'bob', 'cy']) {
      expect(await expiries(t, u)).toMatchObject([{ points: -10 }]);
      expect((await points(t, u)).points).toBe(0);
      await ledgerMatches(t, u);
    }
  });

  it("switching expiry on starts the clock of existing balances that day; a user's own write settles what is due", async () => {
    await t.setClock(MARCH_1);
    await t.createUser('alice');
    await adjust(t, 'alice', 100);
    expect((await points(t, 'alice')).expiring).toEqual([]);
    await t.setClock(at(20));
    await setExpiry(t, { afterDays: 10 });
    expect((await points(t, 'alice')).expiring).toEqual([{ points: 100, expiresAt: endOf(30) }]);
    await t.setClock(at(31, 8));
    await adjust(t, 'alice', 5); // no job: the write itself expires the 100 first
    expect(await expiries(t, 'alice')).toMatchObject([{ points: -100 }]);
    expect((await points(t, 'alice')).points).toBe(5);
    await ledgerMatches(t, 'alice');
  });

  it('points earned while expiry is off keep no lots; once it is on, the daily job expires them with no write of the user', async () => {
    await t.setClock(MARCH_1);
    await t.createUser('alice');
    await t.createUser('bob');
    await adjust(t, 'alice', 70);
    await adjust(t, 'bob', 20);
    await adjust(t, 'bob', -20);
    const stored = await t.app.platform.db.kysely.selectFrom('point_lots').select('user_id').execute();
    expect(stored).toEqual([]);
    await t.setClock(at(2));
    await setExpiry(t, { afterDays: 10 });
    expect((await points(t, 'alice')).expiring).toEqual([{ points: 70, expiresAt: endOf(12) }]);
    expect((await points(t, 'bob')).expiring).toEqual([]);
    await t.setClock(at(13, 1));
    await runJobs(t);
    expect(await expiries(t, 'alice')).toMatchObject([{ points: -70 }]);
    expect(await expiries(t, 'bob')).toEqual([]);
    expect((await points(t, 'alice')).points).toBe(0);
    await ledgerMatches(t, 'alice');
  });

  it('lots left as they were while expiry was off count up to the balance when it is on again, and expire together', async () => {
    await t.setClock(MARCH_1);
    await setExpiry(t, { afterDays: 10 });
    await t.createUser('alice');
    await adjust(t, 'alice', 50);
    await t.setClock(at(1));
    await setExpiry(t, null);
    await adjust(t, 'alice', -30);
    await adjust(t, 'alice', 40);
    await t.setClock(at(3));
    await setExpiry(t, { afterDays: 10 });
    // The stored lot of 50 and the 10 it misses were all earned before the new `since`: one day.
    expect((await points(t, 'alice')).expiring).toEqual([{ points: 60, expiresAt: endOf(13) }]);
    await t.setClock(at(5));
    await adjust(t, 'alice', 5);
    expect((await points(t, 'alice')).expiring).toEqual([
      { points: 60, expiresAt: endOf(13) },
      { points: 5, expiresAt: endOf(15) },
    ]);
    await ledgerMatches(t, 'alice');
    await t.setClock(at(14, 1));
    await runJobs(t);
    expect(await expiries(t, 'alice')).toMatchObject([{ points: -60 }]);
    expect((await points(t, 'alice')).points).toBe(5);
    await ledgerMatches(t, 'alice');
  });

  it('reversing a credit takes its own lot first; a credit whose lot expired has nothing left to take back', async () => {
    await t.setClock(MARCH_1);
    await setExpiry(t, { afterDays: 5 });
    await t.createUser('alice');
    await adjust(t, 'alice', 40);
    await t.setClock(at(3));
    await adjust(t, 'alice', 60);
    const credits = (await entries(t, 'alice')).filter((e) => e.type === 'ADJUSTMENT');
    const reversed = await t.admin('POST', '/admin/user/alice/reversal', { historyId: credits[1]!.id, reason: 'refund' });
    expect(reversed.json()).toMatchObject({ points: -60, unrecovered: 0, balance: 40 });
    expect((await points(t, 'alice')).expiring).toEqual([{ points: 40, expiresAt: endOf(5) }]);
    await t.setClock(at(6, 1));
    await runJobs(t);
    const late = await t.admin('POST', '/admin/user/alice/reversal', { historyId: credits[0]!.id, reason: 'refund' });
    expect(late.json()).toMatchObject({ points: 0, unrecovered: 40, balance: 0 });
    await ledgerMatches(t, 'alice');
  });
});

describeBackends('pending points', (t) => {
  it('an event with pendingDays is credited pending: not spendable, not on boards; the job makes it available once', async () => {
    await t.setClock(MARCH_1);
    const def = await t.admin('POST', '/admin/event', {
      eventId: 'buy',
      title: 'Purchase',
      type: 'FIXED',
      reward: { default: 40 },
      limit: null,
      pendingDays: 14,
    });
    expect(def.json()).toMatchObject({ pendingDays: 14 });
    await createOffer(t, { points: 40 });
    await t.createUser('alice');
    expect((await sendEvent(t, 'alice', { eventId: 'buy' })).statusCode).toBe(200);
    expect(await points(t, 'alice')).toMatchObject({ points: 0, pending: 40 });
    expect(await entries(t, 'alice')).toMatchObject([{ type: 'EVENT', points: 40, status: 'PENDING', availableAt: Date.UTC(2026, 2, 16) }]);
    expect((await redeem(t, 'alice', 'coffee')).json()).toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    const board = async () =>
      (
        (await getJson(t, '/project/default/leaderboard?groupId=default&month=2026-03', 'service')).body.users as Array<{
          userId: string;
          points: number;
        }>
      ).find((u) => u.userId === 'alice')?.points ?? 0;
    expect(await board()).toBe(0);
    await t.setClock(endOf(14) - 60_000);
    await runJobs(t);
    expect(await points(t, 'alice')).toMatchObject({ points: 0, pending: 40 });
    await t.setClock(at(15, 0));
    await runJobs(t);
    await runJobs(t);
    expect(await points(t, 'alice')).toMatchObject({ points: 40, pending: 0 });
    expect(await entries(t, 'alice')).toMatchObject([{ type: 'EVENT', points: 40, status: 'AVAILABLE' }]);
    expect(await entries(t, 'alice')).toHaveLength(1);
    expect(await board()).toBe(40);
    await ledgerMatches(t, 'alice');
  });

  it('pending points are not in the tier window until they are available', async () => {
    await t.setClock(MARCH_1);
    await createTier(t, 'gold', 30, 2);
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 40 }, limit: null, pendingDays: 2 });
    await t.createUser('alice');
    await sendEvent(t, 'alice', { eventId: 'buy' });
    expect(await userTier(t, 'alice')).toMatchObject({ tierId: null, earnedInWindow: 0 });
    await t.setClock(at(3, 1));
    await runJobs(t);
    expect(await userTier(t, 'alice')).toMatchObject({ tierId: 'gold', earnedInWindow: 40 });
  });

  it('reversing a pending credit cancels it: nothing is taken, it never becomes available', async () => {
    await t.setClock(MARCH_1);
    await defineEvent(t, { eventId: 'buy', type: 'FIXED', reward: { default: 40 }, limit: null, pendingDays: 3 });
    await t.createUser('alice');
    await adjust(t, 'alice', 10);
    await sendEvent(t, 'alice', { eventId: 'buy' });
    const pending = (await entries(t, 'alice')).find((e) => e.type === 'EVENT')!;
    const res = await t.admin('POST', '/admin/user/alice/reversal', { historyId: pending.id, reason: 'returned' });
    expect(res.json()).toMatchObject({ points: 0, unrecovered: 0, balance: 10 });
    expect((await t.admin('POST', '/admin/user/alice/reversal', { historyId: pending.id, reason: 'again' })).statusCode).toBe(409);
    await t.setClock(at(10));
    await runJobs(t);
    expect(await points(t, 'alice')).toMatchObject({ points: 10, pending: 0 });
    expect((await entries(t, 'alice')).find((e) => e.type === 'EVENT')).toMatchObject({ points: 0, status: 'CANCELLED' });
    await ledgerMatches(t, 'alice');
  });

  it('refuses a pendingDays out of range with 400 and stores nothing', async () => {
    for (const pendingDays of [-1, 366, 2.5, 'x']) {
      const res = await t.admin('POST', '/admin/event', {
        eventId: 'buy',
        title: 'Purchase',
        type: 'FIXED',
        reward: { default: 40 },
        pendingDays,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await t.admin('GET', '/admin/event/buy')).statusCode).toBe(404);
  });
});

describeBackends('points.expiring', (t) => {
  let receiver: Receiver;
  beforeEach(async () => {
    await allowPrivateWebhooks(t);
    receiver = await startReceiver();
  });
  afterEach(() => receiver.close());

  it('is sent by the daily job 7 days before points expire, once per user and day', async () => {
    await t.setClock(MARCH_1);
    await setExpiry(t, { afterDays: 10 });
    await createWebhook(t, { url: receiver.url, events: ['points.expiring'] });
    await t.createUser('alice');
    await adjust(t, 'alice', 25);
    await t.setClock(at(2, 1));
    await runJobs(t);
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    expect(receiver.ofType('points.expiring')).toHaveLength(0);
    await t.setClock(at(3, 1)); // the 25 expire at the end of day 10: 7 days from now
    await runJobs(t);
    await t.app.services.expiry.settleAll(at(3, 2));
    await t.setClock(at(4, 1));
    await runJobs(t);
    await t.app.services.webhooks.dispatcher.runUntilIdle();
    const sent = receiver.ofType('points.expiring').map((r) => r.json.data);
    expect(sent).toEqual([
      { projectId: 'default', userId: 'alice', points: 25, expiresOn: '2026-03-11', expiresAt: endOf(10), balance: 25 },
    ]);
  });
});
