/**
 * What a row, an index and a statement cost PostgreSQL on the event's path (npm run bench:pg-rows). Needs
 * DATABASE_URL=postgres://…; creates a database of its own and drops it after.
 *
 * The event's batch runs about 17 statements of ~15 rows each, one per table the event touches (bench/README.md).
 * Whether the ×5 target needs fewer statements or fewer rows depends on what each costs, so this measures
 * PostgreSQL's own CPU (its backend process, from /proc) for transactions of the write path's shape, on
 * three tables shaped like the monthly board (a four-column key, points, a time, a version), each filled with
 * PG_ROWS_USERS users first so that every upsert updates a row, as a returning user's event does:
 *
 * - `3 statements × R rows`: one `INSERT … SELECT FROM unnest(…) ON CONFLICT DO UPDATE` per table, as the write
 *   path sends them (prepared by name, arrays as parameters);
 * - `1 statement × 3R rows`: the same three upserts in one statement (writable CTEs);
 * - the same with R = 1 (what a statement and a transaction cost with almost no rows);
 * - `3 statements × R rows, 3 indexes`: each table with two more indexes, as leaderboard_daily has;
 * - `3 appends × R rows`: plain inserts into three tables with three indexes (events, event_log, ledger).
 *
 * Each shape runs in a transaction (BEGIN, statements, COMMIT) from one connection for PG_ROWS_SECONDS, with the
 * users drawn at random. Printed per transaction: PostgreSQL CPU µs, and per row of the shape.
 *
 * Env: PG_ROWS_SECONDS (5 per shape), PG_ROWS_USERS (10000), PG_ROWS_R (15: rows per statement, the batch's mean),
 * PG_ROWS_PLAN (unset: the server's plan_cache_mode, `auto`; else the mode the connection sets, e.g. force_generic_plan).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createBenchStore, scaleUrl } from '../lib/bench-store.js';

const SECONDS = Number(process.env.PG_ROWS_SECONDS ?? 5);
const USERS = Number(process.env.PG_ROWS_USERS ?? 10_000);
const R = Number(process.env.PG_ROWS_R ?? 15);
const TABLES = ['t1', 't2', 't3'];

if (!scaleUrl) {
  console.error('bench:pg-rows needs DATABASE_URL=postgres://…');
  process.exit(1);
}

const store = await createBenchStore('pg-rows', {});
const client = new pg.Client({ connectionString: store.env.DATABASE_URL });
await client.connect();
if (process.env.PG_ROWS_PLAN) await client.query(`SET plan_cache_mode = ${process.env.PG_ROWS_PLAN}`);

const TICK_US = 1e6 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second.

/** The backend's CPU so far (user + system), in µs. */
function backendCpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

async function createTables(extraIndexes: boolean, append: boolean): Promise<void> {
  for (const t of TABLES) {
    await client.query(`DROP TABLE IF EXISTS ${t}`);
    await client.query(
      append
        ? `CREATE TABLE ${t} (row_id bigserial PRIMARY KEY, project_id text, group_id text, key text, user_id text,
           points int8, reached_at int8, metadata text)`
        : `CREATE TABLE ${t} (project_id text, group_id text, key text, user_id text, points int8, reached_at int8, version int4,
           PRIMARY KEY (project_id, group_id, key, user_id))`,
    );
    if (extraIndexes || append) {
      await client.query(`CREATE INDEX ${t}_user ON ${t} (project_id, user_id)`);
      await client.query(`CREATE INDEX ${t}_key ON ${t} (project_id, key)`);
    }
    if (!append) {
      await client.query(`INSERT INTO ${t} SELECT 'p', 'default', '2026-11', 'user-' || i, 1, 1, 1 FROM generate_series(1, ${USERS}) AS i`);
    }
  }
  await client.query('ANALYZE');
}

const UNNEST = `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int8[], $6::int8[])
  AS v(project_id, group_id, key, user_id, points, reached_at)`;
const upsert = (t: string, source: string) =>
  `INSERT INTO ${t} AS t (project_id, group_id, key, user_id, points, reached_at, version)
   SELECT project_id, group_id, key, user_id, points, reached_at, 1 FROM ${source}
   ON CONFLICT (project_id, group_id, key, user_id) DO UPDATE SET points = t.points + excluded.points,
   reached_at = GREATEST(t.reached_at, excluded.reached_at), version = t.version + 1 RETURNING t.points, t.version`;
const append = (t: string) =>
  `INSERT INTO ${t} (project_id, group_id, key, user_id, points, reached_at, metadata)
   SELECT project_id, group_id, key, user_id, points, reached_at, '{"plan":"gold"}' FROM ${UNNEST}`;
const cte = `WITH v AS MATERIALIZED (SELECT * FROM ${UNNEST}),
  a AS (${upsert('t1', 'v')}), b AS (${upsert('t2', 'v')}), c AS (${upsert('t3', 'v')})
  SELECT (SELECT count(*) FROM a) + (SELECT count(*) FROM b) + (SELECT count(*) FROM c) AS n`;

function params(rows: number): unknown[] {
  const users = new Set<string>();
  while (users.size < rows) users.add(`user-${1 + Math.floor(Math.random() * USERS)}`);
  const u = [...users];
  const now = Date.now();
  return [u.map(() => 'p'), u.map(() => 'default'), u.map(() => '2026-11'), u, u.map(() => 5), u.map(() => now)];
}

interface Shape {
  name: string;
  rows: number;
  tables: { extraIndexes: boolean; append: boolean };
  run(rows: number): Promise<void>;
}

/** Each shape prepares statements of its own names: the tables were made again for it. */
const separate = (kind: string, shape: number) => async (rows: number) => {
  const values = params(rows);
  for (const t of TABLES) {
    const text = kind === 'append' ? append(t) : upsert(t, UNNEST);
    await client.query({ name: `${kind}-${shape}-${t}`, text, values });
  }
};

const shapes: Shape[] = [
  { name: `3 statements × ${R} rows`, rows: R, tables: { extraIndexes: false, append: false }, run: separate('upsert', 0) },
  {
    name: `1 statement × ${3 * R} rows (writable CTEs)`,
    rows: R,
    tables: { extraIndexes: false, append: false },
    run: async (rows) => void (await client.query({ name: 'cte', text: cte, values: params(rows) })),
  },
  { name: '3 statements × 1 row', rows: 1, tables: { extraIndexes: false, append: false }, run: separate('upsert', 2) },
  { name: `3 statements × ${R} rows, 3 indexes each`, rows: R, tables: { extraIndexes: true, append: false }, run: separate('upsert', 3) },
  { name: `3 appends × ${R} rows, 3 indexes each`, rows: R, tables: { extraIndexes: true, append: true }, run: separate('append', 4) },
];

const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
const results: string[] = [];
try {
  for (const shape of shapes) {
    await createTables(shape.tables.extraIndexes, shape.tables.append);
    for (let i = 0; i < 200; i++) await transaction(shape); // warm-up: plans cached, pages in memory
    const cpu0 = backendCpuUs(pid);
    const end = performance.now() + SECONDS * 1000;
    let count = 0;
    while (performance.now() < end) {
      await transaction(shape);
      count++;
    }
    const cpu = (backendCpuUs(pid) - cpu0) / count;
    const rows = 3 * shape.rows;
    results.push(`| ${shape.name} | ${count} | ${cpu.toFixed(0)} | ${rows} | ${(cpu / rows).toFixed(1)} |`);
  }
} finally {
  await client.end();
  await store.cleanup();
}

async function transaction(shape: Shape): Promise<void> {
  await client.query('BEGIN');
  await shape.run(shape.rows);
  await client.query('COMMIT');
}

console.log(`\nPostgreSQL's CPU per transaction, ${new Date().toISOString()} (${SECONDS} s per shape, ${USERS} users per table)`);
console.log('| shape | transactions | PostgreSQL CPU µs per transaction | rows | µs per row |');
console.log('|---|---|---|---|---|');
for (const line of results) console.log(line);
