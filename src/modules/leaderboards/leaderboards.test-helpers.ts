import type { TestContext } from '../../../test/helpers/test-app.js';

/** Factories for the leaderboard tests. */
export const JAN_15 = Date.UTC(2026, 0, 15, 12);
export const DAY = 86_400_000;

/**
 * Creates the user (when new) and gives it points through the leaderboard stage, at `at` (default
 * now), on the boards of `currency` (default `points`).
 */
export async function earn(
  t: TestContext,
  userId: string,
  points: number,
  options: { at?: number; groups?: string[]; currency?: string } = {},
): Promise<void> {
  if (!(await t.app.services.users.exists(t.projectId, userId))) await t.createUser(userId);
  await t.app.services.leaderboards.recordPoints({
    projectId: t.projectId,
    userId,
    points,
    occurredAt: options.at,
    userGroups: options.groups,
    currency: options.currency,
  });
}

/** Creates a currency of the project through the admin API (`xp`: not spendable, the usual XP). */
export async function defineCurrency(t: TestContext, currencyId: string, fields: Record<string, unknown> = {}) {
  const body = { currencyId, title: { en: currencyId.toUpperCase() }, spendable: false, ...fields };
  const res = await t.admin('POST', '/admin/currency', body);
  if (res.statusCode !== 201) throw new Error(`defineCurrency: ${res.statusCode} ${res.body}`);
}

export async function getJson(t: TestContext, url: string, as = 'reader'): Promise<{ status: number; body: any }> {
  const headers = as === 'service' ? await t.serviceAuth() : await t.auth(as);
  const res = await t.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

export const ids = (users: Array<{ userId: string | null }>) => users.map((u) => u.userId);

/**
 * Restarts need a store that outlives the app: on SQLite the test switches to a fresh file (the
 * default in-memory store would be new after a restart). Call first in a test.
 */
export async function useDurableStore(t: TestContext): Promise<void> {
  if (t.backend !== 'sqlite') return;
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  t.configure({ databaseUrl: `sqlite:${join(mkdtempSync(join(tmpdir(), 'laurel-lb-')), 'test.db')}` });
  await t.restart();
}

/** A restart keeps the store; the embedded test clock starts again, so it is set again. */
export async function restartAt(t: TestContext, now: number): Promise<void> {
  await t.restart();
  await t.setClock(now);
}
