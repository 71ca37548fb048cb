import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, dropPostgresDatabase } from '../../test/helpers/test-stores.js';
import { openDatabase, type Database } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { BatchedLookup } from './batched-lookup.js';
import { KeyedSelect } from './rows.js';
import { KyselySession } from './session.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;
const users = new KeyedSelect({ description: 'users by key', table: 'users', keys: { project_id: 'text', user_id: 'text' } });

for (const store of ['sqlite', 'postgres'] as const) {
  describe.skipIf(store === 'postgres' && !POSTGRES_URL)(`BatchedLookup (${store})`, () => {
    let db: Database;
    let name: string | null = null;
    beforeAll(async () => {
      if (store === 'postgres') {
        const created = await createPostgresDatabase(POSTGRES_URL!, null);
        name = created.name;
        db = openDatabase(created.url, { poolSize: 4 });
      } else db = openDatabase('sqlite::memory:');
      await migrateToLatest(db);
      await db.kysely
        .insertInto('users')
        .values(['a', 'b', 'c'].map((u, i) => ({ project_id: 'p', user_id: u, created_at: 0, points: i * 10, anonymous: 0 })))
        .execute();
    });
    afterAll(async () => {
      await db.close();
      if (name) await dropPostgresDatabase(POSTGRES_URL!, name);
    });

    it('answers each caller its own row (or undefined), with one query for the lookups of one turn on PostgreSQL', async () => {
      const lookup = new BatchedLookup(users, db.kysely, db.dialect, (r) => `${r.project_id}\u0000${r.user_id}`);
      const statements: unknown[] = [];
      const counted = (proto: object, method: string) => {
        const target = proto as Record<string, (...a: unknown[]) => unknown>;
        const original = target[method]!;
        target[method] = function (this: unknown, ...args: unknown[]) {
          statements.push(args[0]);
          return original.apply(this, args);
        };
        return () => (target[method] = original);
      };
      const restore = counted(KyselySession.prototype, 'all');
      try {
        const asked = ['a', 'b', 'nobody', 'c', 'a', 'b'];
        const rows = await Promise.all(asked.map((u) => lookup.find({ project_id: 'p', user_id: u })));
        expect(rows.map((r) => (r ? [r.user_id, Number(r.points)] : null))).toEqual([
          ['a', 0],
          ['b', 10],
          null,
          ['c', 20],
          ['a', 0],
          ['b', 10],
        ]);
        expect(statements.length).toBe(store === 'postgres' ? 1 : asked.length);
        // A later turn asks again.
        expect((await lookup.find({ project_id: 'p', user_id: 'c' }))?.user_id).toBe('c');
        expect(statements.length).toBe(store === 'postgres' ? 2 : asked.length + 1);
      } finally {
        restore();
      }
    });

    it("rejects every caller of the turn when the query fails, and answers the next turn's callers", async () => {
      const broken = new KeyedSelect({ description: 'no such table', table: 'users', keys: { project_id: 'text', nope: 'text' } as never });
      const lookup = new BatchedLookup(broken, db.kysely, db.dialect, () => 'k');
      const settled = await Promise.allSettled([lookup.find({ project_id: 'p' } as never), lookup.find({ project_id: 'q' } as never)]);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
      const good = new BatchedLookup(users, db.kysely, db.dialect, (r) => `${r.project_id}\u0000${r.user_id}`);
      expect((await good.find({ project_id: 'p', user_id: 'a' }))?.user_id).toBe('a');
    });
  });
}
