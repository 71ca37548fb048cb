import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, dropPostgresDatabase } from '../../../test/helpers/test-stores.js';
import { sql } from 'kysely';
import { raw } from '../../write-path/rows-sql.js';
import { Statement } from '../../write-path/statement.js';
import { openDatabase, type Database } from './database.js';
import { readPipelineOf } from './read-pipeline.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

describe.skipIf(!POSTGRES_URL)('ReadPipeline (PostgreSQL)', () => {
  let db: Database;
  let name: string;
  let url: string;
  beforeAll(async () => {
    const created = await createPostgresDatabase(POSTGRES_URL!, null);
    name = created.name;
    url = created.url;
    db = openDatabase(created.url, { poolSize: 8 });
  });
  afterAll(async () => {
    await db.close();
    await dropPostgresDatabase(POSTGRES_URL!, name);
  });

  it('sends the reads of one turn on one client, each answered with its own result or its own error', async () => {
    const pipeline = readPipelineOf(db.kysely)!;
    expect(pipeline).toBeDefined();
    let checkouts = 0;
    db.pool!.on('acquire', () => checkouts++);
    const asked = Array.from({ length: 20 }, (_, i) => i);
    const settled = await Promise.allSettled(
      asked.map((i) => (i === 7 ? pipeline.query('select * from no_such_table', []) : pipeline.query('select $1::int * 2 as v', [i]))),
    );
    expect(checkouts).toBe(1);
    expect(settled[7]).toMatchObject({ status: 'rejected', reason: { code: '42P01' } });
    const values = settled.map((s) => (s.status === 'fulfilled' ? s.value.rows[0].v : null));
    expect(values).toEqual(asked.map((i) => (i === 7 ? null : i * 2)));
    // The client went back to the pool usable: the next turn reads again.
    expect((await pipeline.query('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
    expect(checkouts).toBe(2);
  });

  it('is not used inside a transaction (a transaction has its own connection)', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      expect(readPipelineOf(trx)).toBeUndefined();
    });
  });

  // Decision 336: sent unnamed, every read was parsed and planned again by PostgreSQL.
  it('sends a compiled statement as the named prepared statement, parsed once per connection', async () => {
    const one = openDatabase(url, { poolSize: 1 }); // one connection: the session that prepared is the one asked
    try {
      const doubled = new Statement<{ v: number }, { v: number }>('doubled', (db, a) =>
        raw(db, sql<{ v: number }>`select ${a.v}::int * 2 as v`),
      );
      const statementName = doubled.compile(one.kysely).name!;
      expect(statementName).toMatch(/^s[0-9a-f]{20}$/);
      const prepared = () => readPipelineOf(one.kysely)!.query('select name, statement from pg_prepared_statements order by name', []);
      expect((await prepared()).rows).toEqual([]);
      expect(await doubled.first(one.kysely, { v: 2 })).toEqual({ v: 4 });
      expect(await doubled.first(one.kysely, { v: 3 })).toEqual({ v: 6 });
      expect((await prepared()).rows).toEqual([{ name: statementName, statement: doubled.compile(one.kysely).sql }]);
    } finally {
      await one.close();
    }
  });
});
