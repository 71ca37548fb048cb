import type SqliteDatabase from 'better-sqlite3';

/**
 * Prepared statements of the embedded store, prepared once and reused. For the hot path of
 * POST /event only: Kysely compiles and better-sqlite3 prepares every query anew, which costs more
 * than running a small indexed statement. There is one connection, so a statement run inside a
 * Kysely transaction (or savepoint) belongs to it.
 *
 *   const row = statements.get('select x from t where id = ?').get(id);
 */
export class SqliteStatements {
  private readonly cache = new Map<string, SqliteDatabase.Statement>();

  constructor(private readonly raw: SqliteDatabase.Database) {}

  get(sql: string): SqliteDatabase.Statement {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }
}
