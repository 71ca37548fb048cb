import { sql } from 'kysely';
import type { App } from '../../src/http/app-type.js';
import { principalKey } from '../../src/http/auth/principal.js';

/**
 * Every stored row that still belongs to a user: each table with a `user_id` column (found in the
 * store's catalogue, so a table added later is covered without touching this) and the user's own
 * Idempotency-Keys. Returns only the tables that hold something: `{}` means nothing is left.
 * (The leaderboard index, in memory or Redis, is checked through the board reads.)
 */
export async function userRowsLeft(app: App, userId: string, projectId = 'default'): Promise<Record<string, number>> {
  const db = app.platform.db.kysely;
  const left: Record<string, number> = {};
  for (const table of await tablesWithUserId(app)) {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)} where project_id = ${projectId} and user_id = ${userId}`.execute(db);
    const n = Number(r.rows[0]?.n ?? 0);
    if (n > 0) left[table] = n;
  }
  const keys = await db
    .selectFrom('idempotency_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('principal', '=', principalKey({ kind: 'user', projectId, userId }))
    .executeTakeFirstOrThrow();
  if (Number(keys.n) > 0) left.idempotency_keys = Number(keys.n);
  return left;
}

async function tablesWithUserId(app: App): Promise<string[]> {
  const db = app.platform.db.kysely;
  if (app.platform.db.dialect === 'postgres') {
    const r = await sql<{
      table_name: string;
    }>`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id'`.execute(db);
    return r.rows.map((row) => row.table_name).sort();
  }
  const r = await sql<{
    name: string;
  }>`select m.name from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table' and c.name = 'user_id'`.execute(db);
  return r.rows.map((row) => row.name).sort();
}
