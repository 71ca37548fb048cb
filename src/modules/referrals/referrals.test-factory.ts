import type { TestContext } from '../../../test/helpers/test-app.js';
import { defineEvent } from '../events/events.test-factory.js';

/** Test data of the referrals tests, through the admin and public API. */

/** A programme: `purchase` within 30 days pays the referrer 50 and the referee 20; codes within 14 days. */
export const PROGRAMME = {
  status: 'ACTIVE',
  qualifying: { eventId: 'purchase', withinDays: 30 },
  referrerReward: { points: 50 },
  refereeReward: { points: 20 },
  codeDays: 14,
};

/** Defines `purchase` (5 points) and sets the programme (with `overrides`). */
export async function setProgramme(t: TestContext, overrides: Record<string, unknown> = {}) {
  await defineEvent(t, { eventId: 'purchase', reward: { default: 5 } });
  const res = await t.admin('PUT', '/admin/referral-programme', { ...PROGRAMME, ...overrides });
  if (res.statusCode !== 200) throw new Error(`setProgramme: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function referralOf(t: TestContext, userId: string) {
  return t.inject({ method: 'GET', url: `/user/${encodeURIComponent(userId)}/referral`, headers: await t.auth(userId) });
}

/** The user's code (made on first read). */
export async function codeOf(t: TestContext, userId: string): Promise<string> {
  const res = await referralOf(t, userId);
  if (res.statusCode !== 200) throw new Error(`codeOf: ${res.statusCode} ${res.body}`);
  return res.json().code as string;
}

/** POST /user/{userId}/referral with the user's own token. */
export async function join(t: TestContext, userId: string, code: string, fingerprint?: string) {
  return t.inject({
    method: 'POST',
    url: `/user/${encodeURIComponent(userId)}/referral`,
    headers: await t.auth(userId),
    payload: { code, ...(fingerprint === undefined ? {} : { fingerprint }) },
  });
}

export async function referrals(t: TestContext, status?: string) {
  const res = await t.admin('GET', `/admin/referral${status ? `?status=${status}` : ''}`);
  if (res.statusCode !== 200) throw new Error(`referrals: ${res.statusCode} ${res.body}`);
  return res.json().referrals as Array<{
    id: string;
    refereeId: string | null;
    referrerId: string | null;
    status: string;
    referrerState: string;
  }>;
}

/** The user's REFERRAL history entries' points. */
export async function referralEntries(t: TestContext, userId: string): Promise<number[]> {
  const res = await t.inject({ method: 'GET', url: `/user/${encodeURIComponent(userId)}/history`, headers: await t.auth(userId) });
  if (res.statusCode === 204) return []; // no history at all
  return (res.json() as Array<{ type: string; points: number }>).filter((e) => e.type === 'REFERRAL').map((e) => e.points);
}

/** A referrer `rita` with a monthly cap of `perMonth`, and `count` referees (`ref0`, `ref1`, …) who joined with her code. */
export async function cappedReferrer(t: TestContext, perMonth: number, count: number): Promise<string[]> {
  await setProgramme(t, { referrerCap: { perMonth } });
  await t.createUser('rita');
  const code = await codeOf(t, 'rita');
  const referees = Array.from({ length: count }, (_, i) => `ref${i}`);
  for (const u of referees) {
    await t.createUser(u);
    const joined = await join(t, u, code);
    if (joined.statusCode !== 201) throw new Error(`cappedReferrer: ${joined.statusCode} ${joined.body}`);
  }
  return referees;
}
