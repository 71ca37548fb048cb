import { sql, type SelectQueryBuilder } from 'kysely';
import type { DialectName, Queryable } from './database.js';

/**
 * What differs between the two engines, for code outside src/platform/db: the row locks of a SELECT
 * (PostgreSQL takes them; SQLite has one writer, so its transaction is the lock), a lock of a name for
 * the rest of a transaction, the physical row id,
 * that one process alone owns a SQLite store, and an instance's write lane. Nothing else compares a dialect (an ESLint rule says so).
 */

/** The query with `FOR UPDATE` on PostgreSQL; as it is on SQLite. */
export function forUpdateOnPostgres<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, dialect: DialectName) {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/** The query with `FOR SHARE` on PostgreSQL; as it is on SQLite. */
export function forShareOnPostgres<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, dialect: DialectName) {
  return dialect === 'postgres' ? query.forShare() : query;
}

/**
 * The query with `FOR UPDATE SKIP LOCKED` on PostgreSQL (instances claim different rows at once); as it
 * is on SQLite.
 */
export function claimOnPostgres<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, dialect: DialectName) {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * Makes transactions that name the same `key` wait for each other until the one holding it ends: a
 * transaction-scoped advisory lock on PostgreSQL; nothing on SQLite, whose one writer already does.
 * For a check over rows that do not exist yet (a cap on how many a project may create).
 */
export async function lockNameInTransaction(trx: Queryable, dialect: DialectName, key: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}::text))`.execute(trx);
}

/** The column naming a row physically, for a `DELETE … LIMIT` through a subquery: `ctid` or `rowid`. */
export function rowIdColumn(dialect: DialectName): 'ctid' | 'rowid' {
  return dialect === 'postgres' ? 'ctid' : 'rowid';
}

/**
 * Whether one process alone uses the store (SQLite): then what a claim of an earlier process still holds
 * at start was abandoned by it, and can be handed back at once instead of after its lease.
 */
export function storeOwnedByOneProcess(dialect: DialectName): boolean {
  return dialect === 'sqlite';
}

/**
 * The write lane of this instance (decision 357): the next of the cycling sequence `write_lanes` on
 * PostgreSQL, so the instances of one store take different lanes while there are no more of them than
 * lanes; 0 on SQLite, whose one writer needs no lane of its own.
 */
export async function claimWriteLane(db: Queryable, dialect: DialectName): Promise<number> {
  if (storeOwnedByOneProcess(dialect)) return 0;
  return (await sql<{ lane: number }>`select nextval('write_lanes')::int4 as lane`.execute(db)).rows[0]!.lane;
}
