/**
 * The client's CPU per read with pg's `Query` and with `queryPrepared` (decision 343), in one process,
 * alternating (npm run bench:statement-runner). The request-level benchmark (bench:reads) cannot resolve
 * a change of this size: its bare route moves by ± 25 % between runs on this machine. Here both ways
 * run the same reads on the same pool in rounds, A B A B …, and the figure is the process's own CPU
 * (user + system, `process.cpuUsage`) per read, which includes the socket writes and the parsing of
 * the answers, but not PostgreSQL's work.
 *
 * The reads are shaped like a user route's: `BENCH_TURN` (50) reads per turn on one client of the pool
 * (as the read pipeline sends a turn's reads, socket corked), each a named statement of a user's rows
 * (8 columns: text, bigint, numeric, boolean, jsonb; `BENCH_ROWS_PER_READ` rows, default 3). Needs
 * DATABASE_URL=postgres://…; a database is created for the run and dropped after.
 *
 * Env: BENCH_ROUNDS (5 per way), BENCH_READS (20,000 per round), BENCH_TURN (50), BENCH_ROWS_PER_READ (3).
 */
import { openDatabase } from '../../src/platform/db/database.js';
import { queryPrepared } from '../../src/platform/db/prepared-query.js';
import { socketOf } from '../../src/platform/db/read-pipeline.js';
import { createPostgresDatabase, dropPostgresDatabase } from '../../test/helpers/test-stores.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const READS = Number(process.env.BENCH_READS ?? 20_000);
const TURN = Number(process.env.BENCH_TURN ?? 50);
const ROWS = Number(process.env.BENCH_ROWS_PER_READ ?? 3);
const USERS = 1000;
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('DATABASE_URL=postgres://… is required');

const TEXT = 'select user_id, item, label, total, amount, flag, doc, created_at from bench_rows where user_id = $1 order by item';
type Way = 'pg Query' | 'queryPrepared';

async function main(): Promise<void> {
  const created = await createPostgresDatabase(url!, null);
  const db = openDatabase(created.url, { poolSize: 4 });
  try {
    const pool = db.pool!;
    await pool.query(
      'create table bench_rows (user_id text, item int, label text, total bigint, amount numeric, flag boolean, doc jsonb, ' +
        'created_at bigint, primary key (user_id, item))',
    );
    await pool.query(
      `insert into bench_rows select 'user-' || u, i, 'label ' || i, u * 1000 + i, (i * 1.25)::numeric, i % 2 = 0,
         jsonb_build_object('k', i, 'v', 'x'), 1764000000000 + i from generate_series(1, ${USERS}) u, generate_series(1, ${ROWS}) i`,
    );
    await pool.query('analyze bench_rows');
    const run = async (way: Way): Promise<number> => {
      const before = process.cpuUsage();
      let sent = 0;
      while (sent < READS) {
        const client = await pool.connect();
        const socket = socketOf(client);
        socket?.cork();
        const reads: Array<Promise<unknown>> = [];
        for (let i = 0; i < TURN; i++, sent++) {
          const values = [`user-${(sent % USERS) + 1}`];
          reads.push(
            way === 'pg Query'
              ? client.query({ name: 'bench_read', text: TEXT, values })
              : queryPrepared(client, 'bench_read', TEXT, values),
          );
        }
        socket?.uncork();
        const results = (await Promise.all(reads)) as Array<{ rows: unknown[] }>;
        if (results[0]!.rows.length !== ROWS) throw new Error(`expected ${ROWS} rows, got ${results[0]!.rows.length}`);
        client.release();
      }
      const used = process.cpuUsage(before);
      return (used.user + used.system) / READS;
    };
    await run('pg Query');
    await run('queryPrepared');
    const figures: Record<Way, number[]> = { 'pg Query': [], queryPrepared: [] };
    for (let r = 0; r < ROUNDS; r++) for (const way of ['pg Query', 'queryPrepared'] as const) figures[way].push(await run(way));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `\nClient CPU per read, ${ROUNDS} rounds × ${READS} reads, ${TURN} per turn, ${ROWS} rows of 8 columns each ` +
        `(${new Date().toISOString()})`,
    );
    console.log('| way | µs per read, each round | median |');
    console.log('|---|---|---|');
    for (const way of ['pg Query', 'queryPrepared'] as const)
      console.log(`| ${way} | ${figures[way].map((x) => x.toFixed(1)).join(', ')} | **${median(figures[way]).toFixed(1)}** |`);
  } finally {
    await db.close();
    await dropPostgresDatabase(url!, created.name);
  }
}

await main();
