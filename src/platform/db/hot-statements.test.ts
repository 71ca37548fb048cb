import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, dropPostgresDatabase } from '../../../test/helpers/test-stores.js';
import { openDatabase, type Database } from './database.js';
import { HotStatements } from './hot-statements.js';

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

describe('HotStatements', () => {
  it('names a text from its second run on, always with the same name', () => {
    const names = new HotStatements();
    expect(names.nameOf('select 1')).toBeUndefined();
    const name = names.nameOf('select 1');
    expect(name).toMatch(/^k[0-9a-f]{20}$/);
    expect(names.nameOf('select 1')).toBe(name);
    expect(names.nameOf('select 2')).toBeUndefined();
    expect(names.nameOf('select 2')).not.toBe(name);
  });

  it('names at most its bound of texts, and counts at most its bound', () => {
    const names = new HotStatements(2, 3);
    for (const text of ['a', 'b', 'c']) names.nameOf(text);
    expect(['a', 'b', 'c'].map((t) => names.nameOf(t) !== undefined)).toEqual([true, true, false]);
    expect(names.nameOf('c')).toBeUndefined();
    names.nameOf('d'); // a fourth text is not counted: it stays unnamed
    expect(names.nameOf('d')).toBeUndefined();
  });
});

describe.skipIf(!POSTGRES_URL)('Kysely queries on PostgreSQL (decision 337)', () => {
  let name: string;
  let url: string;
  beforeAll(async () => {
    ({ name, url } = await createPostgresDatabase(POSTGRES_URL!, null));
  });
  afterAll(async () => {
    await dropPostgresDatabase(POSTGRES_URL!, name);
  });

  const prepared = async (db: Database) =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db.kysely)).rows;

  it('are prepared by name from their second run on', async () => {
    const db = openDatabase(url, { poolSize: 1 }); // one connection: the session that prepared is the one asked
    try {
      const read = () => sql<{ v: number }>`select ${21}::int * 2 as v`.execute(db.kysely);
      expect((await read()).rows).toEqual([{ v: 42 }]);
      expect((await prepared(db)).filter((p) => p.statement.includes('* 2 as v'))).toEqual([]);
      expect((await read()).rows).toEqual([{ v: 42 }]);
      expect((await read()).rows).toEqual([{ v: 42 }]);
      const named = (await prepared(db)).filter((p) => p.statement.includes('* 2 as v'));
      expect(named).toEqual([{ name: expect.stringMatching(/^k[0-9a-f]{20}$/), statement: 'select $1::int * 2 as v' }]);
    } finally {
      await db.close();
    }
  });

  it('are never named behind a pooler in transaction pooling', async () => {
    const db = openDatabase(url, { poolSize: 1, pooler: 'transaction' });
    try {
      for (let i = 0; i < 3; i++) await sql`select ${i}::int + 1 as v`.execute(db.kysely);
      expect((await prepared(db)).filter((p) => p.statement.includes('+ 1 as v'))).toEqual([]);
    } finally {
      await db.close();
    }
  });

  // Decision 338: outside a transaction a Kysely query is a read of the pipeline.
  it('go out together on one connection when sent in one turn, and a transaction keeps its own connection', async () => {
    const db = openDatabase(url, { poolSize: 4 });
    try {
      let checkouts = 0;
      db.pool!.on('acquire', () => checkouts++);
      const values = await Promise.all(
        Array.from({ length: 12 }, (_, i) => sql<{ v: number }>`select ${i}::int + 100 as v`.execute(db.kysely)),
      );
      expect(values.map((r) => r.rows[0]!.v)).toEqual(Array.from({ length: 12 }, (_, i) => i + 100));
      expect(checkouts).toBe(1);
      const pids = await db.kysely.transaction().execute(async (trx) => {
        const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
        return [await pid(), await pid(), await pid()];
      });
      expect(new Set(pids).size).toBe(1);
      expect(checkouts).toBe(2);
      // A failed query outside a transaction fails alone, and the next one is answered.
      await expect(sql`select * from no_such_table`.execute(db.kysely)).rejects.toMatchObject({ code: '42P01' });
      expect((await sql<{ one: number }>`select 1 as one`.execute(db.kysely)).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  // A newer instance's migration may add a column under a running one: its prepared `select *` is stale.
  it('survive a column added under them: a read is sent again, a transaction fails once, the connection is replaced', async () => {
    const db = openDatabase(url, { poolSize: 1 });
    try {
      await sql`create table shape_change (a int)`.execute(db.kysely);
      await sql`insert into shape_change values (1)`.execute(db.kysely);
      const read = (on: typeof db.kysely | Parameters<Parameters<ReturnType<typeof db.kysely.transaction>['execute']>[0]>[0]) =>
        sql<Record<string, number | null>>`select * from shape_change`.execute(on);
      for (let i = 0; i < 3; i++) expect((await read(db.kysely)).rows).toEqual([{ a: 1 }]);
      await sql`alter table shape_change add column b int`.execute(db.kysely);
      expect((await read(db.kysely)).rows).toEqual([{ a: 1, b: null }]);
      expect((await read(db.kysely)).rows).toEqual([{ a: 1, b: null }]);

      for (let i = 0; i < 2; i++) await db.kysely.transaction().execute(async (trx) => void (await read(trx)));
      await sql`alter table shape_change add column c int`.execute(db.kysely);
      const inTransaction = () => db.kysely.transaction().execute(async (trx) => (await read(trx)).rows);
      await expect(inTransaction()).rejects.toMatchObject({ code: '0A000' });
      expect(await inTransaction()).toEqual([{ a: 1, b: null, c: null }]);
    } finally {
      await sql`drop table if exists shape_change`.execute(db.kysely);
      await db.close();
    }
  });
});
