import type { Compilable } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { Needs } from './segment-rules.js';
import { userFactsQuery } from '../users/index.js';
import { segmentsRepository as repo } from './segments.repository.js';

const DAY_MS = 86_400_000;

/** What segment rules read of one user, as loaded (segment-rules.ts UserFacts, mutable). */
export interface LoadedFacts {
  tierId: string | null;
  groups: Set<string>;
  balance: Map<string, number>;
  lifetime: Map<string, number>;
  createdAt: number;
  lastActiveAt: number | null;
  eventTimes: Map<string, number[]>;
  attributes: Record<string, unknown>;
}

/** Runs a query: on the store, or in a write batch's session. */
export type Run = <R>(query: Compilable<R>) => Promise<R[]>;

function parseAttributes(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Loads what `needs` names for the users (one project), one query per kind of data. `fromStore`
 * says whether balances and tiers come from the tables (evaluated now) or are filled in by the
 * caller (a write batch has them: the ledger and the tiers part). Events are read from
 * `earliest` − the longest window on.
 */
export async function loadFacts(
  db: Queryable,
  run: Run,
  projectId: string,
  userIds: readonly string[],
  needs: Needs,
  earliest: number,
  fromStore: boolean,
  /** In a write batch: the user rows the ledger locked (then the users table is not read again). */
  userRows?: (userId: string) => { createdAt: number; lastActiveAt: number | null; attributes: string | null } | undefined,
): Promise<Map<string, LoadedFacts>> {
  const out = new Map<string, LoadedFacts>();
  for (const u of userIds) {
    out.set(u, {
      tierId: null,
      groups: new Set(),
      balance: new Map(),
      lifetime: new Map(),
      createdAt: 0,
      lastActiveAt: null,
      eventTimes: new Map(),
      attributes: {},
    });
  }
  if (userIds.length === 0) return out;
  const others = (set: Set<string>) => [...set].filter((c) => c !== 'points');
  const currencies = fromStore ? [...new Set([...others(needs.balances), ...others(needs.lifetimes)])] : [];
  const longest = Math.max(0, ...needs.events.values());
  const [users, tiers, balances, lifetimes, groups, events] = await Promise.all([
    (needs.user && !userRows) || (fromStore && needs.balances.has('points')) ? run(userFactsQuery(db, projectId, userIds)) : [],
    fromStore && needs.tier ? run(repo.tiersQuery(db, projectId, userIds)) : [],
    currencies.length > 0 ? run(repo.balancesQuery(db, projectId, userIds, currencies)) : [],
    needs.lifetimes.has('points') ? run(repo.pointsLifetimeQuery(db, projectId, userIds)) : [],
    needs.groups ? run(repo.groupsQuery(db, projectId, userIds)) : [],
    needs.events.size > 0 ? run(repo.eventTimesQuery(db, projectId, userIds, [...needs.events.keys()], earliest - longest * DAY_MS)) : [],
  ]);
  for (const r of users) {
    const f = out.get(r.user_id)!;
    f.createdAt = Number(r.created_at);
    f.lastActiveAt = r.last_active_at == null ? null : Number(r.last_active_at);
    f.attributes = parseAttributes(r.attributes);
    f.balance.set('points', Number(r.points));
  }
  if (userRows && needs.user) {
    for (const [userId, f] of out) {
      const r = userRows(userId);
      if (!r) continue;
      f.createdAt = r.createdAt;
      f.lastActiveAt = r.lastActiveAt;
      f.attributes = parseAttributes(r.attributes);
    }
  }
  for (const r of tiers) out.get(r.user_id)!.tierId = r.tier_id;
  for (const r of balances) {
    const f = out.get(r.user_id)!;
    f.balance.set(r.currency_id, Number(r.balance));
    f.lifetime.set(r.currency_id, Number(r.lifetime));
  }
  for (const r of lifetimes) out.get(r.user_id)!.lifetime.set('points', Number(r.earned));
  for (const r of groups) {
    const f = out.get(r.user_id)!;
    for (const g of JSON.parse(r.user_groups) as string[]) f.groups.add(g);
  }
  for (const r of events) {
    const f = out.get(r.user_id)!;
    const list = f.eventTimes.get(r.event_id);
    if (list) list.push(Number(r.occurred_at));
    else f.eventTimes.set(r.event_id, [Number(r.occurred_at)]);
  }
  return out;
}
