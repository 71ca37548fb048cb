import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { SqliteSession } from '../../write-path/session.js';
import { sqliteImage } from '../../../test/helpers/test-stores.js';
import { pendingOfUsers } from './points.sql.js';

/**
 * The ledger's per-user reads of every batch on the migrated SQLite schema. SQLite runs them without
 * ORDER BY (a sorter costs more than the lookup; rows.ts): the order the write path relies on must
 * come from the statement builder, whatever order the index walked gives.
 */
describe('points: the write path reads of the ledger on SQLite', () => {
  let db: Database;
  beforeAll(async () => {
    db = openDatabase('sqlite::memory:', { sqliteImage: await sqliteImage() });
    const insert = db.sqlite!.prepare(
      `insert into ledger (project_id, user_id, type, source_id, points, occurred_at, date_key, title, description, created_at,
        pending_points, available_at) values ('p', ?, 'EVENT', 'purchase', 0, ?, '2026-11-26', '{}', '{}', ?, ?, ?)`,
    );
    // Later entries become available earlier: the partial index of pending entries (by available_at)
    // walks them in the reverse of their entry order.
    for (let i = 0; i < 60; i++) {
      const pending = i % 3 !== 0;
      insert.run(`user${i % 2}`, i, i, pending ? 10 : 0, pending ? 1_000_000 - i : null);
    }
  });
  afterAll(() => db.close());

  it("reads each user's pending credits in entry order, users in the order asked", async () => {
    const session = new SqliteSession(db.kysely, db.statements!);
    const rows = await pendingOfUsers.run(session, [
      { project_id: 'p', user_id: 'user1' },
      { project_id: 'p', user_id: 'user0' },
    ]);
    const ids = rows.map((r) => Number(r.entry_id));
    expect(rows.map((r) => r.user_id)).toEqual([...Array(20).fill('user1'), ...Array(20).fill('user0')]);
    expect(ids.slice(0, 20)).toEqual([...ids.slice(0, 20)].sort((a, b) => a - b));
    expect(ids.slice(20)).toEqual([...ids.slice(20)].sort((a, b) => a - b));
    expect(rows.every((r) => Number(r.pending_points) > 0)).toBe(true);
  });
});
