import type SqliteDatabase from 'better-sqlite3';
import { stablePlan } from './stable-plan.js';

const DEFAULT_SIZE = 2_000;

/**
 * The one prepared-statement cache of the embedded store (decision 019), shared by Kysely's driver
 * and the write path's statements: the same SQL text gets the same better-sqlite3 statement, least
 * recently used evicted. Preparing costs more than running most of Laurel's statements. Safe because
 * better-sqlite3 runs a statement to completion synchronously; only a streamed (`iterate`) query
 * keeps one busy, and Laurel streams none — a busy statement is prepared afresh rather than shared.
 * Every statement is prepared with its plan blind to its bound values (`stablePlan`, decision 330), so
 * that SQLite does not prepare it again on each run.
 */
export class StatementCache {
  private readonly cache = new Map<string, SqliteDatabase.Statement>();
  /** The write path's statements (statement.ts): a set fixed by the code, prepared once and kept. */
  private readonly kept = new Map<object, SqliteDatabase.Statement>();

  constructor(
    private readonly connection: SqliteDatabase.Database,
    private readonly size = DEFAULT_SIZE,
  ) {}

  /**
   * The statement of `key` (a compiled write-path statement), prepared on first use and never evicted.
   * Not asked whether it is busy: the write path only runs its statements to completion (`all`, `get`,
   * `run`, synchronously), so none is ever mid-run when the next asks for it, and `busy` is a call into
   * the native binding that cost ~150 ns, a third of a small lookup, on every statement of every event.
   */
  keep(key: object, sqlText: string): SqliteDatabase.Statement {
    let stmt = this.kept.get(key);
    if (stmt === undefined) {
      stmt = this.connection.prepare(stablePlan(sqlText));
      this.kept.set(key, stmt);
    }
    return stmt;
  }

  prepare(sqlText: string): SqliteDatabase.Statement {
    const hit = this.cache.get(sqlText);
    if (hit && !hit.busy) {
      this.cache.delete(sqlText);
      this.cache.set(sqlText, hit);
      return hit;
    }
    const stmt = this.connection.prepare(stablePlan(sqlText));
    if (!hit) {
      if (this.cache.size >= this.size) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(sqlText, stmt);
    }
    return stmt;
  }
}
