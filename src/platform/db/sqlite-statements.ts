import type SqliteDatabase from 'better-sqlite3';
import type { Database, Queryable } from './database.js';

/**
 * Prepared statements on the embedded connection, for the few hot paths where Kysely's per-query
 * building and re-preparing cost more than the SQL itself (the event path). Statements are
 * prepared once and kept.
 *
 * Only use `inTransaction(trx)` statements while holding a Kysely transaction on SQLite: there is
 * one connection, and the holder of the transaction owns it, so a synchronous statement run from
 * inside the transaction callback is part of that transaction. Outside a transaction it could run
 * inside someone else's; `usable(trx)` says when it is safe.
 */
export class SqliteStatements {
  private readonly cache = new Map<string, SqliteDatabase.Statement>();

  constructor(private readonly db: SqliteDatabase.Database) {}

  /** The statements of the embedded store, or null in scale mode. */
  static of(database: Database): SqliteStatements | null {
    return database.sqlite ? new SqliteStatements(database.sqlite) : null;
  }

  /** True when `trx` is a Kysely transaction (so this connection is ours right now). */
  usable(trx: Queryable): boolean {
    return trx.isTransaction;
  }

  statement(sql: string): SqliteDatabase.Statement {
    let stmt = this.cache.get(sql);
    if (!stmt) this.cache.set(sql, (stmt = this.db.prepare(sql)));
    return stmt;
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }
}
