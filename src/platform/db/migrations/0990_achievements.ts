import type { Kysely } from 'kysely';

/** Achievements (decision 275): definitions, each user's progress and unlocked levels, and sharded counts per level. */
export function achievements() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('achievements')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('achievement_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('secret', 'integer', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('criteria', 'text', (c) => c.notNull())
        .addColumn('levels', 'text')
        .addColumn('backfill_points', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('achievements_pk', ['project_id', 'achievement_id'])
        .execute();
      await db.schema
        .createTable('achievement_progress')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('achievement_id', 'text', (c) => c.notNull())
        .addColumn('progress', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('achievement_progress_pk', ['project_id', 'user_id', 'achievement_id'])
        .execute();
      await db.schema
        .createTable('achievement_unlocks')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('achievement_id', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('unlocked_at', 'bigint', (c) => c.notNull())
        .addColumn('backfilled', 'integer', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('achievement_unlocks_pk', ['project_id', 'user_id', 'achievement_id', 'level'])
        .execute();
      await db.schema
        .createIndex('achievement_unlocks_by_achievement')
        .on('achievement_unlocks')
        .columns(['project_id', 'achievement_id'])
        .execute();
      await db.schema
        .createTable('achievement_level_counts')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('achievement_id', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('users', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('achievement_level_counts_pk', ['project_id', 'achievement_id', 'level', 'shard'])
        .execute();
    },
  };
}
