import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchCommitter, type BatchResult } from './batch-committer.js';
import { openDatabase, type Database } from './database.js';

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
