import type { TestContext } from '../../../test/helpers/test-app.js';

/** Test data of the currencies tests, through the admin and public API. */

/** An XP currency: not spendable, levels at 100 (bronze), 250 (silver), 500 (gold). */
export const XP = {
  currencyId: 'xp',
  title: { en: 'Experience' },
  spendable: false,
  levels: [
    { level: 1, threshold: 100, title: { en: 'Bronze' } },
    { level: 2, threshold: 250, title: { en: 'Silver' } },
    { level: 3, threshold: 500, title: { en: 'Gold' } },
  ],
};

export async function defineCurrency(t: TestContext, body: Record<string, unknown> = XP, projectId?: string) {
  const res = await t.admin('POST', '/admin/currency', body, projectId);
  if (res.statusCode !== 201) throw new Error(`defineCurrency: ${res.statusCode} ${res.body}`);
  return res.json();
}

export interface WalletLine {
  currency: string;
  balance: number;
  pending: number;
  expiring: Array<{ points: number; expiresAt: number }>;
  lifetime: number;
  level: number;
  nextLevel: { level: number; threshold: number } | null;
}

export async function wallet(t: TestContext, userId: string): Promise<Record<string, WalletLine>> {
  const res = await t.inject({ method: 'GET', url: `/user/${userId}/wallet`, headers: await t.auth(userId) });
  if (res.statusCode !== 200) throw new Error(`wallet: ${res.statusCode} ${res.body}`);
  const body = res.json() as { userId: string; balances: WalletLine[] };
  return Object.fromEntries(body.balances.map((b) => [b.currency, b]));
}

export async function adjust(t: TestContext, userId: string, points: number, currency?: string) {
  return t.admin('POST', `/admin/user/${userId}/points`, { points, reason: 'test', ...(currency ? { currency } : {}) });
}
