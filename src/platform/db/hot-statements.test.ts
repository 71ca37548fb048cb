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
});
