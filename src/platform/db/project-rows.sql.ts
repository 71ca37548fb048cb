import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * What deleting a project needs from the store, whatever its tables (decision 216): the tables that
 * have a `project_id` column, read from the store's own catalogue (so a module's new table is
 * covered without being named), and a batch delete of one project's rows that needs no key columns:
 * by `rowid` on SQLite, by `ctid` on PostgreSQL.
 */
export async function tablesWithProjectId(db: Database): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables();
  return tables
    .filter((t) => !t.isView && t.columns.some((c) => c.name === 'project_id'))
    .map((t) => t.name)
    .sort();
}

/** Deletes at most `limit` rows of `projectId` from `table`; returns how many it deleted. */
export async function deleteProjectRows(db: Database, table: string, projectId: string, limit: number): Promise<number> {
  const t = sql.table(table);
  const row = sql.raw(db.dialect === 'sqlite' ? 'rowid' : 'ctid');
  const result =
    await sql`delete from ${t} where ${row} in (select ${row} from ${t} where project_id = ${projectId} limit ${limit})`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0);
}
