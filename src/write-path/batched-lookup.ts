import type { Kysely } from 'kysely';
import type { DialectName } from '../platform/db/database.js';
import type { DB } from '../platform/db/schema.js';
import type { Columns, KeyedSelect, RowOf } from './rows.js';
import { KyselySession } from './session.js';

type Table = keyof DB & string;

/**
 * Lookups by key from concurrent requests, answered together (decision 285). On PostgreSQL every
 * lookup is a round trip, and a round trip costs the server more CPU (socket write, wake-up,
 * result parsing) than the query costs PostgreSQL; requests that arrive together look up at
 * nearly the same time. So lookups asked in one turn of the event loop wait for the turn to end
 * and go out as one `KeyedSelect` (`… where (keys) in (select … from unnest(…))`); each caller gets
 * its row. On SQLite a lookup is a function call on the one connection: it runs at once, alone.
 *
 * @example
 * const users = new BatchedLookup(selectUsers, db.kysely, db.dialect, (r) => `${r.project_id}\0${r.user_id}`);
 * const row = await users.find({ project_id: 'p', user_id: 'u' });
 */
export class BatchedLookup<T extends Table, K extends Columns<T>, R> {
  private waiting: Array<{ key: RowOf<T, K>; resolve: (row: R | undefined) => void; reject: (err: unknown) => void }> = [];
  private readonly session: KyselySession;

  constructor(
    private readonly select: KeyedSelect<T, K, R>,
    db: Kysely<DB>,
    private readonly dialect: DialectName,
    /** The identity of a key, the same for a row and for the key it answers. */
    private readonly identity: (keyOrRow: RowOf<T, K> | R) => string,
  ) {
    this.session = new KyselySession(dialect, db, db);
  }

  async find(key: RowOf<T, K>): Promise<R | undefined> {
    if (this.dialect === 'sqlite') return (await this.select.run(this.session, [key]))[0];
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ key, resolve, reject }) === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    const keys = new Map<string, RowOf<T, K>>();
    for (const w of batch) keys.set(this.identity(w.key), w.key);
    try {
      const rows = await this.select.run(this.session, [...keys.values()]);
      const byKey = new Map(rows.map((r) => [this.identity(r), r]));
      for (const w of batch) w.resolve(byKey.get(this.identity(w.key)));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
