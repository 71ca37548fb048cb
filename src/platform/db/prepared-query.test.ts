import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, dropPostgresDatabase } from '../../../test/helpers/test-stores.js';
import { openDatabase, type Database } from './database.js';
import { queryPrepared } from './prepared-query.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

/** One client of the store's pool (pipeline mode, as the read pipeline and the write path use them). */
async function withClient<T>(db: Database, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.pool!.connect();
  try {
    return await use(client);
  } finally {
    client.release();
  }
}

/** Counts the row descriptions PostgreSQL sends on the client's connection. */
function descriptions(client: pg.PoolClient): () => number {
  let n = 0;
  (client as unknown as { connection: { on(event: string, f: () => void): void } }).connection.on('rowDescription', () => n++);
  return () => n;
}

describe.skipIf(!POSTGRES_URL)('queryPrepared (PostgreSQL, decision 343)', () => {
  let db: Database;
  let name: string;
  beforeAll(async () => {
    const created = await createPostgresDatabase(POSTGRES_URL!, null);
    name = created.name;
    db = openDatabase(created.url, { poolSize: 2 });
    await withClient(db, (c) =>
      c.query(
        'create table pq_sample (id int primary key, label text, total bigint, amount numeric, flag boolean, doc jsonb, ' +
          'created timestamptz)',
      ),
    );
  });
  afterAll(async () => {
    await db.close();
    await dropPostgresDatabase(POSTGRES_URL!, name);
  });

  it("answers what pg's own query answers: values parsed by type, NULLs, command and row count", async () => {
    await withClient(db, async (c) => {
      const insert = 'insert into pq_sample values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14)';
      const values = [1, 'a "quoted" \\ text', 9007199254740991, '12.50', true, { k: [1, 'x'] }, new Date(0)];
      const nulls = [2, null, null, null, null, null, null];
      const inserted = await queryPrepared(c, 'pq_insert', insert, [...values, ...nulls]);
      expect(inserted).toMatchObject({ command: 'INSERT', rowCount: 2, rows: [] });
      const select = 'select id, label, total, amount, flag, doc, created, id + 1 as next from pq_sample order by id';
      const ours = await queryPrepared(c, 'pq_select', select, []);
      const theirs = await c.query({ text: select });
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.rows[0]).toEqual({
        id: 1,
        label: 'a "quoted" \\ text',
        total: 9007199254740991,
        amount: 12.5,
        flag: true,
        doc: { k: [1, 'x'] },
        created: new Date(0),
        next: 2,
      });
      expect(ours).toMatchObject({ command: 'SELECT', rowCount: 2 });
      const updated = await queryPrepared(c, 'pq_update', 'update pq_sample set label = $1 where id > $2', ['b', 0]);
      expect(updated).toMatchObject({ command: 'UPDATE', rowCount: 2 });
      // Run again: a statement without result columns, learned as such, still counts its rows.
      expect(await queryPrepared(c, 'pq_update', 'update pq_sample set label = $1 where id > $2', ['c', 1])).toMatchObject({
        command: 'UPDATE',
        rowCount: 1,
      });
    });
  });

  it('asks PostgreSQL for a named statement’s columns once per connection (pg’s query asks on every run)', async () => {
    await withClient(db, async (c) => {
      const count = descriptions(c);
      const text = 'select id, label from pq_sample where id = $1';
      const runs = await Promise.all([1, 2, 1, 2].map((id) => queryPrepared(c, 'pq_by_id', text, [id])));
      // Sent together, before the first answer came: each run of the turn asked.
      expect(runs.map((r) => r.rows[0]?.id)).toEqual([1, 2, 1, 2]);
      const asked = count();
      expect(asked).toBeGreaterThanOrEqual(1);
      for (const id of [1, 2, 1])
        expect((await queryPrepared(c, 'pq_by_id', text, [id])).rows).toEqual([{ id, label: expect.any(String) }]);
      expect(count()).toBe(asked);
      // An unnamed statement is described every time.
      await queryPrepared(c, undefined, text, [1]);
      await queryPrepared(c, undefined, text, [1]);
      expect(count()).toBe(asked + 2);
    });
  });

  it('fails alone on a statement error or a value pg cannot send, and the connection answers after', async () => {
    await withClient(db, async (c) => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const results = await Promise.allSettled([
        queryPrepared(c, 'pq_bad_table', 'select * from no_such_table', []),
        queryPrepared(c, 'pq_cast', 'select $1::jsonb as v', [circular]),
        queryPrepared(c, 'pq_one', 'select $1::int as v', [7]),
      ]);
      expect(results[0]).toMatchObject({ status: 'rejected', reason: { code: '42P01' } });
      expect(results[1]).toMatchObject({ status: 'rejected', reason: expect.any(TypeError) });
      expect(results[2]).toMatchObject({ status: 'fulfilled', value: { rows: [{ v: 7 }] } });
      expect((await queryPrepared(c, 'pq_cast', 'select $1::jsonb as v', [{ a: 1 }])).rows).toEqual([{ v: { a: 1 } }]);
    });
  });
});
