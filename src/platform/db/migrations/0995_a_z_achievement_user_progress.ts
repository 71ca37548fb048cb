import { sql, type Kysely } from 'kysely';

/**
 * A user's progress towards every achievement in one row (decision 289), instead of a row per user
 * and achievement: an event that moves 20 achievements writes one row. The rows of
 * `achievement_progress` are carried over (each entry names its achievement's createdAt), then the
 * table is dropped.
 */
export function achievementUserProgress() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('achievement_user_progress')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('progress', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('achievement_user_progress_pk', ['project_id', 'user_id'])
        .execute();
      const rows = await sql<{
        project_id: string;
        user_id: string;
        achievement_id: string;
        progress: string;
        updated_at: number | string;
        created_at: number | string;
      }>`select p.project_id, p.user_id, p.achievement_id, p.progress, p.updated_at, a.created_at
        from achievement_progress p join achievements a
          on a.project_id = p.project_id and a.achievement_id = p.achievement_id
        order by p.project_id, p.user_id`.execute(db);
      const users = new Map<string, { project_id: string; user_id: string; entries: Map<string, unknown>; updated_at: number }>();
      for (const r of rows.rows) {
        const key = `${r.project_id}\u0000${r.user_id}`;
        let u = users.get(key);
        if (!u) users.set(key, (u = { project_id: r.project_id, user_id: r.user_id, entries: new Map(), updated_at: 0 }));
        u.entries.set(r.achievement_id, { p: r.progress, c: Number(r.created_at), at: Number(r.updated_at) });
        u.updated_at = Math.max(u.updated_at, Number(r.updated_at));
      }
      for (const u of users.values()) {
        await sql`insert into achievement_user_progress (project_id, user_id, progress, updated_at)
          values (${u.project_id}, ${u.user_id}, ${JSON.stringify(Object.fromEntries(u.entries))}, ${u.updated_at})`.execute(db);
      }
      await db.schema.dropTable('achievement_progress').execute();
    },
  };
}
