/**
 * The project of the read benchmark, built through the server's own API (admin token, a service
 * token, user tokens): a group, two events, two challenges, a daily streak, a survey, a shop with
 * three offers, a tier, a season reward; BENCH_USERS users with BENCH_HISTORY events each, half of
 * them last month (that month closed, so its board is archived) and half this month; a third of the
 * users redeemed an offer, a quarter got a coupon, a fifth answered the survey, every tenth set a
 * leaderboard name. Last month is reached with the test clock (LAUREL_TEST_CLOCK=1), which also puts a
 * second between a user's events (BENCH_SAME_MS=1: one millisecond for all of a month's).
 */
import { eachLimited } from '../lib/bench-store.js';

export const IDS = {
  event: 'purchase',
  challenge: 'buy-five',
  streak: 'daily',
  shop: 'cafe',
  offer: 'coffee',
  group: 'default',
  achievement: 'purchases',
};

export interface SeedOptions {
  base: string;
  admin: Record<string, string>;
  service: Record<string, string>;
  userIds: string[];
  history: number;
  /** YYYY-MM of last month (closed and archived by the seed). */
  lastMonth: string;
  /** Each user's events of a month all in one millisecond (BENCH_SAME_MS=1), not a second apart. */
  sameMs?: boolean;
}

async function send(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`seed: ${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

export async function seedReads(o: SeedOptions): Promise<void> {
  const admin = (method: string, path: string, body?: unknown) => send(o.base, method, path, o.admin, body);
  const service = (method: string, path: string, body?: unknown) => send(o.base, method, path, o.service, body);

  await admin('POST', '/admin/usergroup', { userGroupId: 'vip', title: { default: 'VIP', de: 'VIP' } });
  await admin('POST', '/admin/event', { eventId: IDS.event, title: 'Purchase', reward: { default: 10, vip: 12 } });
  await admin('POST', '/admin/achievement', {
    achievementId: IDS.achievement,
    title: { en: 'Purchases' },
    description: { en: 'Buy, buy, buy' },
    status: 'ACTIVE',
    secret: false,
    criteria: { kind: 'eventCount', eventId: IDS.event },
    levels: [
      { level: 1, threshold: 5, title: { en: 'bronze' } },
      { level: 2, threshold: 15, title: { en: 'silver' } },
      { level: 3, threshold: 100, title: { en: 'gold' } },
    ],
  });
  await admin('POST', '/admin/event', { eventId: 'visit', title: 'Visit', reward: { default: 1 }, limit: 5, limitPeriod: 'daily' });
  await admin('POST', '/admin/challenge', {
    challengeId: IDS.challenge,
    title: { de: 'Fünf Käufe', en: 'Five purchases' },
    type: 'FIXED',
    eventId: IDS.event,
    goal: 5,
    points: 50,
  });
  await admin('POST', '/admin/challenge', {
    challengeId: 'many-visits',
    title: { de: 'Viele Besuche', en: 'Many visits' },
    type: 'FIXED',
    eventId: 'visit',
    goal: 1000,
    points: 500,
  });
  await admin('POST', '/admin/streak', {
    streakId: IDS.streak,
    title: { de: 'Täglich', en: 'Daily' },
    timeFrame: 'daily',
    eventIds: [IDS.event],
    milestones: [
      { count: 1, points: 1 },
      { count: 7, points: 70 },
    ],
  });
  await admin('POST', '/admin/survey', {
    surveyId: 'fruit',
    title: 'Favourite fruit?',
    type: 'SINGLE',
    options: [
      { optionId: 'apple', label: 'Apple' },
      { optionId: 'pear', label: 'Pear' },
    ],
    points: 5,
  });
  await admin('POST', '/admin/shop', { shopId: IDS.shop, name: 'Café Laurel' });
  for (const [offerId, points] of [
    [IDS.offer, 20],
    ['mug', 60],
    ['cake', 35],
  ] as const) {
    await admin('POST', '/admin/offer', { offerId, type: 'LOCAL', points, title: { de: offerId, en: offerId }, shopId: IDS.shop });
  }
  await admin('POST', '/admin/tier', { tierId: 'silver', title: { de: 'Silber', en: 'Silver' }, threshold: 50, multiplier: 1 });
  await admin('POST', '/admin/season-reward', {
    seasonRewardId: 'prizes',
    groupId: IDS.group,
    bands: [{ fromRank: 1, toRank: 3, points: 7 }],
  });

  /**
   * `count` events per user from `start` on. Each user's i-th event is sent at `start` + i seconds (the
   * test clock moved between rounds), as a user's events arrive in live traffic; with BENCH_SAME_MS=1
   * all of them share `start`'s millisecond, which makes every history entry count its siblings there
   * (decision 082), the worst case of the history's id numbering.
   */
  const events = async (count: number, start: number) => {
    for (let i = 0; i < count; i++) {
      if (i === 0 || !o.sameMs) await admin('PUT', '/admin/clock', { now: start + (o.sameMs ? 0 : i * 1000) });
      const all = o.userIds.map((userId, u) => ({
        eventId: i % 4 === 3 ? 'visit' : IDS.event,
        userId,
        metadata: { shop: 'berlin', amount: 5 + ((u + i) % 40), ...(u % 5 === 0 ? { usergroup: ['vip'] } : {}) },
      }));
      const chunks = Array.from({ length: Math.ceil(all.length / 100) }, (_, c) => all.slice(c * 100, c * 100 + 100));
      await eachLimited(chunks, 4, async (chunk) => void (await service('POST', '/events', { events: chunk })));
    }
  };

  // Last month: the users arrive and send half their history; then the month is closed (archived).
  const [year, month] = o.lastMonth.split('-').map(Number) as [number, number];
  await admin('PUT', '/admin/clock', { now: Date.UTC(year, month - 1, 12, 10) });
  await eachLimited(o.userIds, 20, async (userId) => void (await service('POST', '/user', { userId })));
  await events(Math.ceil(o.history / 2), Date.UTC(year, month - 1, 12, 10));
  await admin('PUT', '/admin/clock', { now: Date.now() });
  await admin('POST', `/admin/season/${o.lastMonth}/close`, {});

  // This month: the other half, then redemptions, coupons, answers, names, a seen notification screen.
  await events(Math.floor(o.history / 2), Date.now());
  await eachLimited(o.userIds, 20, async (userId) => {
    const u = Number(userId.replace(/\D/g, ''));
    if (u % 3 === 0) await service('POST', `/user/${userId}/offer/${IDS.offer}/redeem`, {});
    if (u % 4 === 0)
      await admin('POST', '/admin/coupon', { userId, title: 'Gift', description: 'A present', validUntil: Date.UTC(2030, 0, 1) });
    if (u % 5 === 0) await service('PUT', `/user/${userId}/survey/fruit`, { userId, surveyId: 'fruit', responses: ['apple'] });
    if (u % 10 === 0) await service('POST', `/user/${userId}/leaderboard`, { username: `Player ${u}` });
    if (u % 2 === 0) await service('PUT', `/user/${userId}/notifications/overview`, { screenId: 'rewards' });
  });
}
