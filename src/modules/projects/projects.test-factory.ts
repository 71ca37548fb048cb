import type { InjectOptions } from 'fastify';
import { signToken, type TestContext } from '../../../test/helpers/test-app.js';

/** Factories of the projects tests: a project with data in every area, through the APIs. */

/** Calls the API and fails on a status of 400 or more. */
async function call(t: TestContext, options: InjectOptions): Promise<Record<string, unknown>> {
  const res = await t.inject(options);
  if (res.statusCode >= 400) throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
  return res.body ? (res.json() as Record<string, unknown>) : {};
}

/**
 * A project `projectId` with a programme (event, challenge, streak, survey, shop, offer, group, tier,
 * season reward, API key, webhook to `webhookUrl`) and two users who sent events, redeemed, answered,
 * got coupons and adjustments, with Idempotency-Keys, audit and event log entries, analytics and boards.
 * The month is closed, so archived boards exist too.
 */
export async function seedProject(t: TestContext, projectId: string, webhookUrl: string): Promise<void> {
  const admin = (method: InjectOptions['method'], url: string, payload?: object) =>
    call(t, { method, url, headers: t.adminAuth(projectId), ...(payload ? { payload } : {}) });
  await call(t, { method: 'POST', url: '/admin/project', headers: t.adminAuth(), payload: { projectId, name: projectId } });
  await admin('POST', '/admin/usergroup', { userGroupId: 'vip', title: { default: 'VIP', de: 'VIP' } });
  await admin('POST', '/admin/event', { eventId: 'tap', title: 'Tap', reward: { default: 50, vip: 60 }, limit: 100 });
  await admin('POST', '/admin/challenge', { challengeId: 'c1', title: { de: 'C' }, type: 'FIXED', eventId: 'tap', goal: 2, points: 5 });
  await admin('POST', '/admin/streak', {
    streakId: 'st1',
    title: { de: 'S' },
    timeFrame: 'daily',
    eventIds: ['tap'],
    milestones: [{ count: 1, points: 3 }],
  });
  await admin('POST', '/admin/survey', { surveyId: 's1', title: 'S', type: 'SINGLE', options: [{ optionId: 'a', label: 'A' }], points: 2 });
  await admin('POST', '/admin/shop', { shopId: 'cafe', name: 'Café' });
  await admin('POST', '/admin/offer', { offerId: 'coffee', type: 'LOCAL', points: 5, title: { de: 'Kaffee' }, shopId: 'cafe' });
  await admin('POST', '/admin/tier', { tierId: 'silver', title: { de: 'Silber', en: 'Silver' }, threshold: 10, multiplier: 1 });
  await admin('POST', '/admin/season-reward', {
    seasonRewardId: 'prizes',
    groupId: 'default',
    bands: [{ fromRank: 1, toRank: 3, points: 7 }],
  });
  const { key } = await admin('POST', '/admin/apikey', { name: 'backend' });
  await admin('POST', '/admin/webhook', { webhookId: 'crm', url: webhookUrl, events: ['*'], status: 'ACTIVE' });

  for (const userId of ['ann', 'bob']) {
    const headers = { authorization: `Bearer ${await signToken({ sub: userId, projectId })}` };
    await call(t, { method: 'POST', url: '/user', headers, payload: { userId } });
    for (let i = 0; i < 3; i++) {
      await call(t, {
        method: 'POST',
        url: '/event',
        headers: { ...headers, 'idempotency-key': `${userId}-${i}` },
        payload: { eventId: 'tap', userId, metadata: { usergroup: ['vip'], amount: i, store: 'berlin' } },
      });
    }
    await call(t, {
      method: 'POST',
      url: '/events',
      headers: { 'x-api-key': String(key) },
      payload: { events: [{ eventId: 'tap', userId }] },
    });
    await call(t, { method: 'POST', url: `/user/${userId}/offer/coffee/redeem`, headers, payload: {} });
    await call(t, { method: 'PUT', url: `/user/${userId}/survey/s1`, headers, payload: { userId, surveyId: 's1', responses: ['a'] } });
    await call(t, { method: 'PUT', url: `/user/${userId}/notifications/overview`, headers, payload: { screenId: 'rewards' } });
    await call(t, { method: 'POST', url: `/user/${userId}/leaderboard`, headers, payload: { username: `${userId}!` } });
    await admin('POST', `/admin/user/${userId}/points`, { points: 4, reason: 'welcome' });
    await admin('POST', '/admin/coupon', { userId, title: 'Gift', validUntil: 4_102_444_800_000 });
    for (const url of [
      `/user/${userId}/points`,
      `/user/${userId}/history`,
      `/user/${userId}/leaderboard?groupId=default&timeframe=7d`,
      `/user/${userId}/leaderboard?groupId=vip&timeframe=30d`,
      `/user/${userId}/rank?groupId=default`,
      `/user/${userId}/tier`,
    ]) {
      await call(t, { method: 'GET', url, headers });
    }
  }
  await call(t, {
    method: 'POST',
    url: '/usergroup',
    headers: { 'x-api-key': String(key) },
    payload: { title: { default: 'G', de: 'G' } },
  });
  await admin('POST', '/admin/webhook/crm/test');
  // A refused event goes to the event log; the boards are read (loaded into the rank index).
  await t.inject({ method: 'POST', url: '/event', headers: { 'x-api-key': String(key) }, payload: { eventId: 'nope', userId: 'ann' } });
  const month = new Date(t.app.platform.clock.now()).toISOString().slice(0, 7);
  await admin('GET', `/project/${projectId}/leaderboard?groupId=default&month=${month}`);
  await admin('POST', `/admin/season/${month}/close`);
  await t.app.services.jobs.runUntilIdle();
  await t.app.services.webhooks.dispatcher.runUntilIdle();
}

/** Rows per table that carry `project_id = projectId`, for every table of the store that has that column. */
export async function projectRows(t: TestContext, projectId: string): Promise<Record<string, number>> {
  const db = t.app.platform.db;
  const tables =
    db.dialect === 'sqlite'
      ? (db.sqlite!.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>)
          .map((r) => r.name)
          .filter((name) =>
            (db.sqlite!.prepare(`pragma table_info("${name}")`).all() as Array<{ name: string }>).some((c) => c.name === 'project_id'),
          )
      : (
          await db.pool!.query<{ table_name: string }>(
            "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'project_id'",
          )
        ).rows.map((r) => r.table_name);
  const counts: Record<string, number> = {};
  for (const table of tables.sort()) {
    const sql = `select count(*) as n from "${table}" where project_id = ${db.dialect === 'sqlite' ? '?' : '$1'}`;
    counts[table] =
      db.dialect === 'sqlite'
        ? Number((db.sqlite!.prepare(sql).get(projectId) as { n: number }).n)
        : Number((await db.pool!.query<{ n: string }>(sql, [projectId])).rows[0]!.n);
  }
  return counts;
}
