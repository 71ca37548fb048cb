import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BatchCommitter, type BatchResult } from './batch-committer.js';
import { openDatabase, type Database } from '../platform/db/database.js';
import { Statement } from './statement.js';

const log = pino({ level: 'silent' });

describe('BatchCommitter: a batch that fails as a whole', () => {
  let db: Database | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
  });

  async function run(error: Error) {
    db = openDatabase('sqlite::memory:');
    let calls = 0;
    const committer = new BatchCommitter<number, number>(
      db,
      async (_session, units): Promise<BatchResult<number>> => {
        calls++;
        if (units.length > 1 || units[0] === 2) throw error;
        return { outcomes: units.map((u) => ({ ok: true as const, value: u * 10 })) };
      },
      log,
    );
    const settled = await Promise.allSettled(committer.submitAll([1, 2, 3]));
    await committer.close();
    return { calls, settled, stats: committer.stats };
  }

  it('is split into its units when the error may belong to one of them: the others still commit', async () => {
    const { calls, settled, stats } = await run(new Error('CHECK constraint failed'));
    expect(calls).toBe(4);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stats.splits).toBe(1);
  });

  it('is not split when the store is unreachable: every caller gets the error at once, with no attempt per unit', async () => {
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { calls, settled, stats } = await run(unreachable);
    expect(calls).toBe(1);
    expect(settled.every((s) => s.status === 'rejected' && s.reason === unreachable)).toBe(true);
    expect(stats.splits).toBe(0);
  });
});

describe('BatchCommitter on SQLite: the next batch after the previous one is durable (decision 349)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'laurel-committer-'));
  let db: Database | null = null;
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts the next batch once the one before is synced and answered, while that is quick', async () => {
    db = openDatabase(`sqlite:${join(dir, 'committer.db')}`);
    const order: string[] = [];
    let release!: () => void;
    const releasing = new Promise<void>((resolve) => (release = resolve));
    let firstStarted!: () => void;
    const first = new Promise<void>((resolve) => (firstStarted = resolve));
    const committer = new BatchCommitter<number, number>(
      db,
      async (_session, units) => {
        order.push(`apply ${units.join(',')}`);
        if (units[0] === 1) {
          firstStarted();
          await releasing;
        }
        return { outcomes: units.map((u) => ({ ok: true as const, value: u })) };
      },
      log,
      { overlapAfterMs: 60_000 },
    );
    const answered = (n: number) => committer.submit(n).then(() => order.push(`answered ${n}`));
    const one = answered(1);
    await first;
    const others = [answered(2), answered(3)];
    release();
    await Promise.all([one, ...others]);
    expect(order).toEqual(['apply 1', 'answered 1', 'apply 2,3', 'answered 2', 'answered 3']);
    await committer.close();
  });

  it('starts the next batch anyway once the one before has taken overlapAfterMs to be answered', async () => {
    db ??= openDatabase(`sqlite:${join(dir, 'committer.db')}`);
    let release!: () => void;
    const releasing = new Promise<void>((resolve) => (release = resolve));
    const applied: number[][] = [];
    let secondApplied!: () => void;
    const second = new Promise<void>((resolve) => (secondApplied = resolve));
    const committer = new BatchCommitter<number, number>(
      db,
      async (_session, units) => {
        applied.push([...units]);
        if (applied.length === 2) secondApplied();
        return {
          outcomes: units.map((u) => ({ ok: true as const, value: u })),
          // The first batch's answering (index updates after the commit) is held.
          afterCommit: units[0] === 1 ? () => releasing : undefined,
        };
      },
      log,
      { overlapAfterMs: 10 },
    );
    const one = committer.submit(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const two = committer.submit(2);
    await second;
    expect(await two).toBe(2);
    release();
    expect(await one).toBe(1);
    expect(applied).toEqual([[1], [2]]);
    await committer.close();
  });
});

const POSTGRES_URL = process.env.LAUREL_TEST_POSTGRES_URL;

describe.skipIf(!POSTGRES_URL)('BatchCommitter on PostgreSQL: statements of a batch are pipelined', () => {
  const name = `laurel_committer_${process.pid}_${Date.now()}`;
  const admin = () => openDatabase(POSTGRES_URL!);
  let db: Database | null = null;
  const statement = (text: string) => ({ compile: () => CompiledQuery.raw(text) });

  beforeAll(async () => {
    const a = admin();
    await a.pool!.query(`create database ${name}`);
    await a.close();
    db = openDatabase(POSTGRES_URL!.replace(/\/[^/]*$/, `/${name}`));
    await db.pool!.query('create table t (id int primary key)');
  });
  afterAll(async () => {
    await db?.close();
    const a = admin();
    await a.pool!.query(`drop database if exists ${name} with (force)`);
    await a.close();
  });

  it('sends statements without waiting for the ones before them, in order, in one transaction', async () => {
    await db!.pool!.query('truncate t');
    const committer = new BatchCommitter<number, number>(
      db!,
      async (session, units) => {
        const sent = [1, 2, 3].map((id) => session.execute(statement(`insert into t values (${id})`)));
        await Promise.all(sent);
        const [row] = await session.execute<{ n: string }>(statement('select count(*)::text as n from t'));
        return { outcomes: units.map(() => ({ ok: true as const, value: Number(row!.n) })) };
      },
      log,
    );
    expect(await committer.submit(0)).toBe(3);
    await committer.close();
  });

  it('lets no statement run after the ROLLBACK of a failed batch (it would run outside the transaction)', async () => {
    await db!.pool!.query('truncate t');
    let late: Promise<unknown> = Promise.resolve();
    const committer = new BatchCommitter<number, number>(
      db!,
      async (session, units) => {
        const first = session.execute(statement('insert into t values (1)'));
        const failing = session.execute(statement('select 1 / 0'));
        // A part that goes on writing after another part's statement failed, once the batch has ended.
        late = failing.catch(() =>
          new Promise((resolve) => setTimeout(resolve, 100)).then(() => session.execute(statement('insert into t values (2)'))),
        );
        late.catch(() => undefined);
        await Promise.all([first, failing]);
        return { outcomes: units.map(() => ({ ok: true as const, value: 0 })) };
      },
      log,
    );
    await expect(committer.submit(0)).rejects.toThrow(/division by zero/);
    await expect(late).rejects.toThrow(/write batch has ended/);
    await committer.close();
    const { rows } = await db!.pool!.query('select id from t');
    expect(rows).toEqual([]);
  });

  // During a rolling upgrade a newer instance's migration adds a column under a running one: the
  // statements its connections prepared for `select *` of that table are refused from then on.
  it('commits a batch that met a prepared statement made stale by a column added under it, on a new connection', async () => {
    const one = openDatabase(POSTGRES_URL!.replace(/\/[^/]*$/, `/${name}`), { poolSize: 1 });
    try {
      await one.pool!.query('create table shape (a int)');
      await one.pool!.query('insert into shape values (1)');
      const all = new Statement<Record<string, never>, Record<string, number | null>>('every row of shape', (k) =>
        k.selectFrom('shape' as never).selectAll(),
      );
      const committer = new BatchCommitter<number, Array<Record<string, number | null>>>(
        one,
        async (session, units) => {
          const rows = await session.all(all, {});
          return { outcomes: units.map(() => ({ ok: true as const, value: rows })) };
        },
        log,
      );
      expect(await committer.submit(0)).toEqual([{ a: 1 }]);
      expect(await committer.submit(0)).toEqual([{ a: 1 }]);
      await db!.pool!.query('alter table shape add column b int');
      expect(await committer.submit(0)).toEqual([{ a: 1, b: null }]);
      expect(await committer.submit(0)).toEqual([{ a: 1, b: null }]);
      expect(committer.stats.retries).toBe(1);
      await committer.close();
    } finally {
      await one.pool!.query('drop table if exists shape');
      await one.close();
    }
  });
});

describe.skipIf(!POSTGRES_URL)('BatchCommitter on PostgreSQL: a second batch only beside a slow one (decision 349)', () => {
  let db: Database | null = null;
  beforeAll(() => {
    db = openDatabase(POSTGRES_URL!);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** A committer whose first batch is held until `release` is called; records each batch's units. */
  function held(overlapAfterMs: number) {
    const batches: number[][] = [];
    let release!: () => void;
    const releasing = new Promise<void>((resolve) => (release = resolve));
    let secondStarted!: () => void;
    const second = new Promise<void>((resolve) => (secondStarted = resolve));
    let firstStarted!: () => void;
    const first = new Promise<void>((resolve) => (firstStarted = resolve));
    const committer = new BatchCommitter<number, number>(
      db!,
      async (_session, units) => {
        batches.push([...units]);
        if (batches.length === 1) {
          firstStarted();
          await releasing;
        } else if (batches.length === 2) secondStarted();
        return { outcomes: units.map((u) => ({ ok: true as const, value: u })) };
      },
      log,
      { overlapAfterMs },
    );
    return { committer, batches, release, first, second };
  }

  it('gathers the units that arrive while a quick batch is in flight into one next batch', async () => {
    const { committer, batches, release, first } = held(60_000);
    const answers = [committer.submit(1)];
    await first;
    answers.push(committer.submit(2), committer.submit(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all(answers)).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
    await committer.close();
  });

  it('starts a second batch beside one that has been held past overlapAfterMs, so its callers are not held with it', async () => {
    const { committer, batches, release, first, second } = held(10);
    const answers = [committer.submit(1)];
    await first;
    const next = committer.submit(2);
    // The second batch commits while the first is still held.
    await second;
    expect(await next).toBe(2);
    expect(batches).toEqual([[1], [2]]);
    release();
    expect(await Promise.all(answers)).toEqual([1]);
    await committer.close();
  });
});
