import { sql, type Kysely } from 'kysely';

/**
 * The daily freeze job (decision 163) looks for the users of a streak with banked freezes, in
 * userId order: a partial index holds only those rows, so the pass does not read every state.
 */
export function streakFreezeBanks() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('streak_progress_banked')
        .on('streak_progress')
        .columns(['project_id', 'streak_id', 'user_id'])
        .where(sql<boolean>`freezes_available > 0`)
        .execute();
    },
  };
}
