/** The statements of the points module's write-path parts (ledger-batch.ts, reversals.ts, expiry.ts), for review (docs/sql.md). */
import { sql, type Kysely } from 'kysely';
import { KeyedSelect, KeyedUpdate, RowsInsert, RowsUpsert } from '../../write-path/rows.js';
import { Statement } from '../../write-path/statement.js';
import type { Queryable } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import './lots.tables.js';
import './reversals.tables.js';
import './purses.tables.js';

export const setBalances = new KeyedUpdate({
  description: 'user balances',
  table: 'users',
  keys: { project_id: 'text', user_id: 'text' },
  set: { points: 'int8', last_active_at: 'int8', rewards_at: 'int8' },
});

export const insertEntries = new RowsInsert({
  description: 'ledger entries',
  table: 'ledger',
  columns: {
    project_id: 'text',
    user_id: 'text',
    type: 'text',
    source_id: 'text',
    points: 'int8',
    occurred_at: 'int8',
    date_key: 'text',
    title: 'text',
    description: 'text',
    image: 'text',
    metadata: 'text',
    created_at: 'int8',
    pending_points: 'int8',
    available_at: 'int8',
    lot: 'text',
    currency: 'text',
  },
});

/** A pending credit that became available, or was cancelled by a reversal (its row shows its state). */
export const settlePending = new KeyedUpdate({
  description: 'pending ledger entries',
  table: 'ledger',
  keys: { project_id: 'text', user_id: 'text', entry_id: 'int8' },
  set: { points: 'int8', pending_points: 'int8', lot: 'text' },
});

export const lotsOfUsers = new KeyedSelect({
  description: 'point lots of users',
  table: 'point_lots',
  keys: { project_id: 'text', user_id: 'text' },
  select: ['user_id', 'earned_on', 'remaining'],
});

export const pendingOfUsers = new KeyedSelect({
  description: 'pending credits of users',
  table: 'ledger',
  keys: { project_id: 'text', user_id: 'text' },
  select: ['entry_id', 'user_id', 'type', 'source_id', 'pending_points', 'occurred_at', 'available_at', 'metadata', 'currency'],
  where: sql<boolean>`t.pending_points > 0`,
  orderBy: ['entry_id'],
});

export const upsertLots = new RowsUpsert({
  description: 'point lots',
  table: 'point_lots',
  keys: { project_id: 'text', user_id: 'text', earned_on: 'text' },
  columns: { remaining: 'int8' },
});

/** The balances and lifetime earnings of the batch users in currencies other than points (decision 302). */
export const pursesOfUsers = new KeyedSelect({
  description: 'other currency balances of users',
  table: 'user_balances',
  keys: { project_id: 'text', user_id: 'text' },
  select: ['project_id', 'user_id', 'currency_id', 'balance', 'lifetime'],
});

export const upsertPurses = new RowsUpsert({
  description: 'other currency balances',
  table: 'user_balances',
  keys: { project_id: 'text', user_id: 'text', currency_id: 'text' },
  columns: { balance: 'int8', lifetime: 'int8' },
});

export const currencyLotsOfUsers = new KeyedSelect({
  description: 'other currency lots of users',
  table: 'currency_lots',
  keys: { project_id: 'text', user_id: 'text' },
  select: ['project_id', 'user_id', 'currency_id', 'earned_on', 'remaining'],
});

export const upsertCurrencyLots = new RowsUpsert({
  description: 'other currency lots',
  table: 'currency_lots',
  keys: { project_id: 'text', user_id: 'text', currency_id: 'text', earned_on: 'text' },
  columns: { remaining: 'int8' },
});

export const reversedEntries = new KeyedSelect({
  description: 'reversed ledger entries',
  table: 'reversals',
  keys: { project_id: 'text', user_id: 'text', entry_id: 'int8' },
  select: ['project_id', 'user_id', 'entry_id'],
});

export const insertReversals = new RowsInsert({
  description: 'reversals',
  table: 'reversals',
  columns: {
    project_id: 'text',
    user_id: 'text',
    entry_id: 'int8',
    reversal_id: 'text',
    points: 'int8',
    unrecovered: 'int8',
    reason: 'text',
    created_at: 'int8',
  },
});

/** The reversed entries as they are under the user's lock (a pending credit may have become available meanwhile). */
export const entryStates = new KeyedSelect({
  description: 'reversed ledger entries now',
  table: 'ledger',
  keys: { project_id: 'text', user_id: 'text', entry_id: 'int8' },
  select: ['project_id', 'user_id', 'entry_id', 'points', 'pending_points', 'available_at', 'lot'],
});

export const insertNotices = new RowsInsert({
  description: 'points expiring notices',
  table: 'expiry_notices',
  columns: { project_id: 'text', user_id: 'text', expires_on: 'text', points: 'int8', created_at: 'int8' },
  conflict: (oc) => oc.columns(['project_id', 'user_id', 'expires_on']).doNothing(),
});

/** A user's lots that went to 0, deleted when the ledger writes its lots (ledger-lots.ts). */
export function deleteLots(db: Queryable, projectId: string, userId: string, earnedOn: readonly string[]) {
  return db.deleteFrom('point_lots').where('project_id', '=', projectId).where('user_id', '=', userId).where('earned_on', 'in', earnedOn);
}

/** A user's lots of another currency that went to 0. */
export function deleteCurrencyLots(db: Queryable, projectId: string, userId: string, currencyId: string, earnedOn: readonly string[]) {
  return db
    .deleteFrom('currency_lots')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('earned_on', 'in', earnedOn);
}

/** The ledger types whose credits count as points earned (achievements of kind lifetimeEarned, decision 276). */
export const EARNING_TYPES = ['EVENT', 'CHALLENGE', 'STREAK', 'SURVEY', 'SEASON', 'ACHIEVEMENT', 'REFERRAL', 'CAMPAIGN'] as const;

/** The points a user has earned in all: the credits of the earning types (one user; the write path runs it per user). */
export const lifetimeEarned = new Statement<{ projectId: string; userId: string }, { earned: number | string }>(
  'points a user earned in all',
  (db, a) => lifetimeEarnedQuery(db, a),
);

/** The query of `lifetimeEarned`, also a part of the wallet's one statement (user-reads.sql.ts). */
export function lifetimeEarnedQuery(db: Kysely<DB>, a: { projectId: string; userId: string }) {
  return db
    .selectFrom('ledger')
    .select(sql<number | string>`coalesce(sum(points), 0)`.as('earned'))
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId)
    .where('points', '>', 0)
    .where('currency', '=', 'points')
    .where('type', 'in', [...EARNING_TYPES]);
}
