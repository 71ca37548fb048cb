import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../platform/db/schema.js';
import { KeyedSelect, KeyedUpdate, RowsAdd, RowsInsert, RowsUpsert } from './rows.js';
import { Statement } from './statement.js';

/**
 * The SQL the statement builders compile to, per store (like Kysely's own `testSql`): each
 * builder's statements as text, for review. A change of a builder shows here first. `many` is the
 * statement PostgreSQL runs; `one`, `find`, `update` and `insert` are those SQLite runs (both are
 * compiled for both stores here, so the text of each is visible).
 */

const sqlite = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const postgres = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** The statements a builder holds, compiled for both stores: `{ name: { sqlite, postgres, params } }`. */
function compiled(builder: object): Record<string, { sqlite: string; postgres: string; params: string[] }> {
  const out: Record<string, { sqlite: string; postgres: string; params: string[] }> = {};
  for (const [name, value] of Object.entries(builder)) {
    if (!(value instanceof Statement)) continue;
    const lite = value.compile(sqlite);
    const pg = value.compile(postgres);
    out[name] = {
      sqlite: squash(lite.sql),
      postgres: squash(pg.sql),
      params: pg.params.map((p) => (typeof p === 'object' && p !== null && 'name' in p ? String(p.name) : JSON.stringify(p))),
    };
  }
  return out;
}

/** Expected SQL written over several lines of code (one space between the parts). */
const sqlText = (...parts: string[]) => parts.join(' ');

/** One line: the builders' templates are indented for reading the code, not the SQL. */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('write path: the SQL of the statement builders, per store', () => {
  it('RowsInsert: unnest of one array per column on PostgreSQL (in the given order), one row on SQLite', () => {
    const insert = new RowsInsert({
      description: 'notices',
      table: 'expiry_notices',
      columns: { project_id: 'text', user_id: 'text', expires_on: 'text', points: 'int8', created_at: 'int8' },
      conflict: (oc) => oc.columns(['project_id', 'user_id', 'expires_on']).doNothing(),
    });
    expect(compiled(insert)).toEqual({
      many: {
        sqlite: sqlText(
          'insert into "expiry_notices" ("project_id", "user_id", "expires_on", "points", "created_at") select',
          '"project_id", "user_id", "expires_on", "points", "created_at" from unnest(?::text[], ?::text[],',
          '?::text[], ?::int8[], ?::int8[]) with ordinality as v("project_id", "user_id", "expires_on",',
          '"points", "created_at", ord) order by ord on conflict ("project_id", "user_id", "expires_on") do',
          'nothing',
        ),
        postgres: sqlText(
          'insert into "expiry_notices" ("project_id", "user_id", "expires_on", "points", "created_at") select',
          '"project_id", "user_id", "expires_on", "points", "created_at" from unnest($1::text[], $2::text[],',
          '$3::text[], $4::int8[], $5::int8[]) with ordinality as v("project_id", "user_id", "expires_on",',
          '"points", "created_at", ord) order by ord on conflict ("project_id", "user_id", "expires_on") do',
          'nothing',
        ),
        params: ['project_id', 'user_id', 'expires_on', 'points', 'created_at'],
      },
      one: {
        sqlite: sqlText(
          'insert into "expiry_notices" ("project_id", "user_id", "expires_on", "points", "created_at") values',
          '(?, ?, ?, ?, ?) on conflict ("project_id", "user_id", "expires_on") do nothing',
        ),
        postgres: sqlText(
          'insert into "expiry_notices" ("project_id", "user_id", "expires_on", "points", "created_at") values',
          '($1, $2, $3, $4, $5) on conflict ("project_id", "user_id", "expires_on") do nothing',
        ),
        params: ['project_id', 'user_id', 'expires_on', 'points', 'created_at'],
      },
    });
  });

  it('KeyedSelect: rows by key in key order, locked on PostgreSQL; one lookup per key on SQLite', () => {
    const select = new KeyedSelect({
      description: 'pending credits',
      table: 'ledger',
      keys: { project_id: 'text', user_id: 'text' },
      select: ['entry_id', 'pending_points'],
      where: sql<boolean>`t.pending_points > 0`,
      orderBy: ['entry_id'],
      lock: 'update',
    });
    expect(compiled(select)).toEqual({
      many: {
        sqlite: sqlText(
          'select "t"."entry_id", "t"."pending_points" from "ledger" as t where ("t"."project_id",',
          '"t"."user_id") in (select "project_id", "user_id" from unnest(?::text[], ?::text[]) with ordinality',
          'as v("project_id", "user_id", ord)) and t.pending_points > 0 order by "t"."project_id",',
          '"t"."user_id", "t"."entry_id" for update of t',
        ),
        postgres: sqlText(
          'select "t"."entry_id", "t"."pending_points" from "ledger" as t where ("t"."project_id",',
          '"t"."user_id") in (select "project_id", "user_id" from unnest($1::text[], $2::text[]) with',
          'ordinality as v("project_id", "user_id", ord)) and t.pending_points > 0 order by "t"."project_id",',
          '"t"."user_id", "t"."entry_id" for update of t',
        ),
        params: ['project_id', 'user_id'],
      },
      one: {
        sqlite: sqlText(
          'select "t"."entry_id", "t"."pending_points" from "ledger" as t where "t"."project_id" = ? and',
          '"t"."user_id" = ? and t.pending_points > 0',
        ),
        postgres: sqlText(
          'select "t"."entry_id", "t"."pending_points" from "ledger" as t where "t"."project_id" = $1 and',
          '"t"."user_id" = $2 and t.pending_points > 0',
        ),
        params: ['project_id', 'user_id'],
      },
      onePg: {
        sqlite: sqlText(
          'select "t"."entry_id", "t"."pending_points" from "ledger" as t where "t"."project_id" = ? and',
          '"t"."user_id" = ? and t.pending_points > 0 order by "t"."entry_id" for update of t',
        ),
        postgres: sqlText(
          'select "t"."entry_id", "t"."pending_points" from "ledger" as t where "t"."project_id" = $1 and',
          '"t"."user_id" = $2 and t.pending_points > 0 order by "t"."entry_id" for update of t',
        ),
        params: ['project_id', 'user_id'],
      },
    });
  });

  it('KeyedUpdate: one update from unnest on PostgreSQL, one row at a time on SQLite', () => {
    const update = new KeyedUpdate({
      description: 'balances',
      table: 'users',
      keys: { project_id: 'text', user_id: 'text' },
      set: { points: 'int8', last_active_at: 'int8' },
    });
    expect(compiled(update)).toEqual({
      many: {
        sqlite: sqlText(
          'update "users" as t set "points" = "v"."points", "last_active_at" = "v"."last_active_at" from',
          'unnest(?::text[], ?::text[], ?::int8[], ?::int8[]) with ordinality as v("project_id", "user_id",',
          '"points", "last_active_at", ord) where "t"."project_id" = "v"."project_id" and "t"."user_id" =',
          '"v"."user_id"',
        ),
        postgres: sqlText(
          'update "users" as t set "points" = "v"."points", "last_active_at" = "v"."last_active_at" from',
          'unnest($1::text[], $2::text[], $3::int8[], $4::int8[]) with ordinality as v("project_id", "user_id",',
          '"points", "last_active_at", ord) where "t"."project_id" = "v"."project_id" and "t"."user_id" =',
          '"v"."user_id"',
        ),
        params: ['project_id', 'user_id', 'points', 'last_active_at'],
      },
      one: {
        sqlite: 'update "users" set "points" = ?, "last_active_at" = ? where "project_id" = ? and "user_id" = ?',
        postgres: 'update "users" set "points" = $1, "last_active_at" = $2 where "project_id" = $3 and "user_id" = $4',
        params: ['points', 'last_active_at', 'project_id', 'user_id'],
      },
    });
  });

  it('RowsAdd: an upsert that adds and returns (or, unanswered, does not) on PostgreSQL; find, then update or insert on SQLite', () => {
    const add = new RowsAdd({
      description: 'daily buckets',
      table: 'leaderboard_daily',
      keys: { project_id: 'text', group_id: 'text', day: 'int4', user_id: 'text' },
      sums: { points: 'int8' },
      latest: { reached_at: 'int8' },
    });
    expect(compiled(add)).toEqual({
      many: {
        sqlite: sqlText(
          'insert into "leaderboard_daily" as t ("project_id", "group_id", "day", "user_id", "points",',
          '"reached_at") select "project_id", "group_id", "day", "user_id", "points", "reached_at" from',
          'unnest(?::text[], ?::text[], ?::int4[], ?::text[], ?::int8[], ?::int8[]) with ordinality as',
          'v("project_id", "group_id", "day", "user_id", "points", "reached_at", ord) order by ord on conflict',
          '("project_id", "group_id", "day", "user_id") do update set "points" = "t"."points" +',
          '"excluded"."points", "reached_at" = case when "excluded"."reached_at" > "t"."reached_at" then',
          '"excluded"."reached_at" else "t"."reached_at" end returning "t"."project_id", "t"."group_id",',
          '"t"."day", "t"."user_id", "t"."points", "t"."reached_at"',
        ),
        postgres: sqlText(
          'insert into "leaderboard_daily" as t ("project_id", "group_id", "day", "user_id", "points",',
          '"reached_at") select "project_id", "group_id", "day", "user_id", "points", "reached_at" from',
          'unnest($1::text[], $2::text[], $3::int4[], $4::text[], $5::int8[], $6::int8[]) with ordinality as',
          'v("project_id", "group_id", "day", "user_id", "points", "reached_at", ord) order by ord on conflict',
          '("project_id", "group_id", "day", "user_id") do update set "points" = "t"."points" +',
          '"excluded"."points", "reached_at" = case when "excluded"."reached_at" > "t"."reached_at" then',
          '"excluded"."reached_at" else "t"."reached_at" end returning "t"."project_id", "t"."group_id",',
          '"t"."day", "t"."user_id", "t"."points", "t"."reached_at"',
        ),
        params: ['project_id', 'group_id', 'day', 'user_id', 'points', 'reached_at'],
      },
      quietPg: {
        sqlite: sqlText(
          'insert into "leaderboard_daily" as t ("project_id", "group_id", "day", "user_id", "points",',
          '"reached_at") select "project_id", "group_id", "day", "user_id", "points", "reached_at" from',
          'unnest(?::text[], ?::text[], ?::int4[], ?::text[], ?::int8[], ?::int8[]) with ordinality as',
          'v("project_id", "group_id", "day", "user_id", "points", "reached_at", ord) order by ord on conflict',
          '("project_id", "group_id", "day", "user_id") do update set "points" = "t"."points" +',
          '"excluded"."points", "reached_at" = case when "excluded"."reached_at" > "t"."reached_at" then',
          '"excluded"."reached_at" else "t"."reached_at" end',
        ),
        postgres: sqlText(
          'insert into "leaderboard_daily" as t ("project_id", "group_id", "day", "user_id", "points",',
          '"reached_at") select "project_id", "group_id", "day", "user_id", "points", "reached_at" from',
          'unnest($1::text[], $2::text[], $3::int4[], $4::text[], $5::int8[], $6::int8[]) with ordinality as',
          'v("project_id", "group_id", "day", "user_id", "points", "reached_at", ord) order by ord on conflict',
          '("project_id", "group_id", "day", "user_id") do update set "points" = "t"."points" +',
          '"excluded"."points", "reached_at" = case when "excluded"."reached_at" > "t"."reached_at" then',
          '"excluded"."reached_at" else "t"."reached_at" end',
        ),
        params: ['project_id', 'group_id', 'day', 'user_id', 'points', 'reached_at'],
      },
      find: {
        sqlite: sqlText(
          'select "points", "reached_at" from "leaderboard_daily" where "project_id" = ? and "group_id" = ? and',
          '"day" = ? and "user_id" = ?',
        ),
        postgres: sqlText(
          'select "points", "reached_at" from "leaderboard_daily" where "project_id" = $1 and "group_id" = $2',
          'and "day" = $3 and "user_id" = $4',
        ),
        params: ['project_id', 'group_id', 'day', 'user_id'],
      },
      update: {
        sqlite: sqlText(
          'update "leaderboard_daily" set "points" = ?, "reached_at" = ? where "project_id" = ? and "group_id"',
          '= ? and "day" = ? and "user_id" = ?',
        ),
        postgres: sqlText(
          'update "leaderboard_daily" set "points" = $1, "reached_at" = $2 where "project_id" = $3 and',
          '"group_id" = $4 and "day" = $5 and "user_id" = $6',
        ),
        params: ['points', 'reached_at', 'project_id', 'group_id', 'day', 'user_id'],
      },
      insert: {
        sqlite: sqlText(
          'insert into "leaderboard_daily" ("project_id", "group_id", "day", "user_id", "points", "reached_at")',
          'values (?, ?, ?, ?, ?, ?)',
        ),
        postgres: sqlText(
          'insert into "leaderboard_daily" ("project_id", "group_id", "day", "user_id", "points", "reached_at")',
          'values ($1, $2, $3, $4, $5, $6)',
        ),
        params: ['project_id', 'group_id', 'day', 'user_id', 'points', 'reached_at'],
      },
    });
  });

  it('RowsAdd with `answers`: PostgreSQL returns only those columns; what SQLite runs does not change', () => {
    const definition = {
      description: 'daily buckets',
      table: 'leaderboard_daily',
      keys: { project_id: 'text', group_id: 'text', day: 'int4', user_id: 'text' },
      sums: { points: 'int8' },
    } as const;
    const narrow = compiled(new RowsAdd({ ...definition, answers: ['user_id', 'points'] }));
    const whole = compiled(new RowsAdd(definition));
    expect(narrow.many!.postgres).toMatch(/ returning "t"\."user_id", "t"\."points"$/);
    expect(whole.many!.postgres).toMatch(/ returning "t"\."project_id", "t"\."group_id", "t"\."day", "t"\."user_id", "t"\."points"$/);
    for (const name of ['quietPg', 'find', 'update', 'insert']) expect(narrow[name]).toEqual(whole[name]);
  });

  it('RowsUpsert: one upsert from unnest on PostgreSQL; update or insert per row on SQLite', () => {
    const upsert = new RowsUpsert({
      description: 'point lots',
      table: 'point_lots',
      keys: { project_id: 'text', user_id: 'text', earned_on: 'text' },
      columns: { remaining: 'int8' },
    });
    expect(compiled(upsert)).toEqual({
      many: {
        sqlite: sqlText(
          'insert into "point_lots" ("project_id", "user_id", "earned_on", "remaining") select "project_id",',
          '"user_id", "earned_on", "remaining" from unnest(?::text[], ?::text[], ?::text[], ?::int8[]) with',
          'ordinality as v("project_id", "user_id", "earned_on", "remaining", ord) order by ord on conflict',
          '("project_id", "user_id", "earned_on") do update set "remaining" = "excluded"."remaining"',
        ),
        postgres: sqlText(
          'insert into "point_lots" ("project_id", "user_id", "earned_on", "remaining") select "project_id",',
          '"user_id", "earned_on", "remaining" from unnest($1::text[], $2::text[], $3::text[], $4::int8[]) with',
          'ordinality as v("project_id", "user_id", "earned_on", "remaining", ord) order by ord on conflict',
          '("project_id", "user_id", "earned_on") do update set "remaining" = "excluded"."remaining"',
        ),
        params: ['project_id', 'user_id', 'earned_on', 'remaining'],
      },
      update: {
        sqlite: sqlText('update "point_lots" set "remaining" = ? where "project_id" = ? and "user_id" = ? and "earned_on" = ?'),
        postgres: sqlText('update "point_lots" set "remaining" = $1 where "project_id" = $2 and "user_id" = $3 and "earned_on"', '= $4'),
        params: ['remaining', 'project_id', 'user_id', 'earned_on'],
      },
      insert: {
        sqlite: 'insert into "point_lots" ("project_id", "user_id", "earned_on", "remaining") values (?, ?, ?, ?)',
        postgres: sqlText('insert into "point_lots" ("project_id", "user_id", "earned_on", "remaining") values ($1, $2, $3, $4)'),
        params: ['project_id', 'user_id', 'earned_on', 'remaining'],
      },
    });
  });
});

describe('write path: a Statement compiled per store', () => {
  const count = new Statement<{ projectId: string; surveyId: string }>('count an answer', (db, a) =>
    db
      .updateTable('surveys')
      .set({ answered_total: sql`answered_total + 1` })
      .where('project_id', '=', a.projectId)
      .where('survey_id', '=', a.surveyId),
  );

  it('compiles to each store’s placeholders, named by the hash of its SQL, and binds arguments by name', () => {
    const lite = count.compile(sqlite);
    const pg = count.compile(postgres);
    expect(lite.sql).toBe('update "surveys" set "answered_total" = answered_total + 1 where "project_id" = ? and "survey_id" = ?');
    expect(pg.sql).toBe('update "surveys" set "answered_total" = answered_total + 1 where "project_id" = $1 and "survey_id" = $2');
    expect(pg.name).toMatch(/^s[0-9a-f]{20}$/);
    expect(pg.name).not.toBe(lite.name);
    expect(count.compile(postgres)).toBe(pg); // compiled once per store
    expect(pg.bind({ surveyId: 's', projectId: 'p' })).toEqual(['p', 's']);
    expect(() => pg.bind({ projectId: 'p' })).toThrow('statement argument "surveyId" is missing');
  });
});
