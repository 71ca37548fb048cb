import type { Queryable } from '../../platform/db/database.js';
import type { SqlSession } from '../../write-path/session.js';
import { levelsCrossed, type CurrencyCatalog, type Level } from '../currencies/index.js';
import { moveLots } from './ledger-lots.js';
import type { BatchEntry, DebitMode, Purse, Purses } from './ledger-types.js';
import { balanceOutOfRange, fittedChange, highestBalanceFor } from './points-range.js';
import { currencyLotsOfUsers, deleteCurrencyLots, EARNING_TYPES, pursesOfUsers, upsertCurrencyLots, upsertPurses } from './points.sql.js';

const EARNING = new Set<string>(EARNING_TYPES);

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

/**
 * Moves a purse for an entry in its currency (decision 302). An INACTIVE currency earns nothing (its
 * credits are written with 0); a debit that does not fit is refused or cut (`mode`); credits of the
 * earning types add to the lifetime earnings, as points' lifetimeEarned counts them. Returns the
 * points applied, the lot they went to or came from first, and the levels the lifetime crossed.
 */
export function movePurse(
  purse: Purse,
  entry: BatchEntry,
  mode: DebitMode,
  now: number,
): { points: number; lot: string | null; crossed: Level[] } {
  const asked = !purse.def.active && entry.points > 0 && EARNING.has(entry.type) ? 0 : entry.points;
  const points = fittedChange(purse.balance, asked, mode, purse.def.currencyId);
  if (points > 0 && purse.lifetime > highestBalanceFor(points)) throw balanceOutOfRange();
  purse.balance += points;
  purse.changed = true;
  const lot = moveLots(purse, points, purse.def.expiry, now, entry.lotFirst ?? null);
  if (points <= 0 || !EARNING.has(entry.type)) return { points, lot, crossed: [] };
  const before = purse.lifetime;
  purse.lifetime += points;
  return { points, lot, crossed: levelsCrossed(purse.def.levels, before, purse.lifetime) };
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
