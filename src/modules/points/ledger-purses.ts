import type { Queryable } from '../../platform/db/database.js';
import type { SqlSession } from '../../write-path/session.js';
import type { CurrencyCatalog, CurrencyDef } from '../currencies/index.js';
import type { HeldLots } from './ledger-lots.js';
import { currencyLotsOfUsers, deleteCurrencyLots, pursesOfUsers, upsertCurrencyLots, upsertPurses } from './points.sql.js';

/**
 * A batch user's holding of one currency other than `points` (decision 302): its balance, its lifetime
 * earnings (levels) and its lots (expiry), read with the user's lock and written once per batch. The
 * points balance stays on the users row; a project without other currencies opens no purses and
 * sends none of these statements.
 */
export interface Purse extends HeldLots {
  def: CurrencyDef;
  balance: number;
  lifetime: number;
  /** Whether the row exists (update) or not (insert). */
  stored: boolean;
  changed: boolean;
}

/** A user's purses by currency id (null: the project has no other currencies). */
export type Purses = Map<string, Purse> | null;

/** One empty purse per currency of the catalog. */
export function openPurses(catalog: CurrencyCatalog): Purses {
  if (catalog.size === 0) return null;
  const purses = new Map<string, Purse>();
  for (const def of catalog.values()) {
    purses.set(def.currencyId, {
      def,
      balance: 0,
      lifetime: 0,
      stored: false,
      changed: false,
      lots: new Map(),
      storedLots: new Set(),
      lotsChanged: false,
    });
  }
  return purses;
}

type UserKey = { project_id: string; user_id: string };

/** Reads the purses and their lots of some users (behind their lock) into `purseOf(userId)`. */
export async function loadPurses(
  session: SqlSession,
  keys: UserKey[],
  purseOf: (projectId: string, userId: string, currencyId: string) => Purse | undefined,
): Promise<void> {
  const [balances, lots] = await Promise.all([pursesOfUsers.run(session, keys), currencyLotsOfUsers.run(session, keys)]);
  for (const r of balances) {
    const p = purseOf(r.project_id, r.user_id, r.currency_id);
    if (!p) continue; // a currency that no longer exists keeps its row as it is
    p.balance = Number(r.balance);
    p.lifetime = Number(r.lifetime);
    p.stored = true;
  }
  for (const r of lots) {
    const p = purseOf(r.project_id, r.user_id, r.currency_id);
    if (!p) continue;
    p.lots.set(r.earned_on, Number(r.remaining));
    p.storedLots.add(r.earned_on);
  }
}

/** Every changed purse and its lots (sent at once). */
export async function writePurses(
  session: SqlSession,
  db: Queryable,
  users: Iterable<{ projectId: string; userId: string; purses: Purses }>,
): Promise<void> {
  const rows: Parameters<typeof upsertPurses.run>[1][number][] = [];
  const lots: Parameters<typeof upsertCurrencyLots.run>[1][number][] = [];
  const deletes: Array<Promise<unknown>> = [];
  for (const u of users) {
    if (!u.purses) continue;
    for (const [currencyId, p] of u.purses) {
      const key = { project_id: u.projectId, user_id: u.userId, currency_id: currencyId };
      if (p.changed) rows.push({ row: { ...key, balance: p.balance, lifetime: p.lifetime }, exists: p.stored });
      if (!p.lotsChanged) continue;
      for (const [earnedOn, remaining] of p.lots)
        lots.push({ row: { ...key, earned_on: earnedOn, remaining }, exists: p.storedLots.has(earnedOn) });
      const gone = [...p.storedLots].filter((k) => !p.lots.has(k));
      if (gone.length > 0) deletes.push(session.execute(deleteCurrencyLots(db, u.projectId, u.userId, currencyId, gone)));
    }
  }
  await Promise.all([...deletes, upsertPurses.run(session, rows), upsertCurrencyLots.run(session, lots)]);
}
