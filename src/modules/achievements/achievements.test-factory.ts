import type { TestContext } from '../../../test/helpers/test-app.js';

/** Factories of the achievements tests. */
export async function defineAchievement(t: TestContext, body: Record<string, unknown>, projectId?: string) {
  const res = await t.admin('POST', '/admin/achievement', { title: { de: 'Abzeichen', en: 'Badge' }, ...body }, projectId);
  if (res.statusCode !== 201) throw new Error(`defineAchievement: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

export async function userAchievements(t: TestContext, userId: string) {
  const res = await t.inject({ method: 'GET', url: `/user/${encodeURIComponent(userId)}/achievement`, headers: await t.auth(userId) });
  if (res.statusCode !== 200) throw new Error(`userAchievements: ${res.statusCode} ${res.body}`);
  return (res.json() as { achievements: Array<Record<string, unknown>> }).achievements;
}

export async function userAchievement(t: TestContext, userId: string, achievementId: string) {
  return t.inject({
    method: 'GET',
    url: `/user/${encodeURIComponent(userId)}/achievement/${achievementId}`,
    headers: await t.auth(userId),
  });
}

/** 100 purchases: bronze 10, silver 50, gold 100 (the example), with the given thresholds. */
export function purchaseLevels(bronze = 10, silver = 50, gold = 100) {
  return [
    { level: 1, threshold: bronze, title: { en: 'bronze' }, points: 10 },
    { level: 2, threshold: silver, title: { en: 'silver' }, points: 50 },
    { level: 3, threshold: gold, title: { en: 'gold' }, points: 100 },
  ];
}
