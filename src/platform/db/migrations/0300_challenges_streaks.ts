import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/** Challenges and per-user progress; streaks, per-user state and the streak analytics aggregates. */
export function challengesStreaks(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('challenges')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('challenge_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('conditions', 'text')
        .addColumn('value_field', 'text')
        .addColumn('goal', 'double precision', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('series_id', 'text')
        .addColumn('step', 'integer')
        .addColumn('is_last_step', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('start_date', 'bigint')
        .addColumn('end_date', 'bigint')
        .addColumn('image', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('activated_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('challenges_pk', ['project_id', 'challenge_id'])
        .execute();

      await db.schema
        .createTable('challenge_progress')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('challenge_id', 'text', (c) => c.notNull())
        .addColumn('progress', 'double precision', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('challenge_progress_pk', ['project_id', 'user_id', 'challenge_id'])
        .execute();

      await db.schema
        .createTable('streaks')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('streak_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('time_frame', 'text', (c) => c.notNull())
        .addColumn('event_ids', 'text', (c) => c.notNull())
        .addColumn('milestones', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('streaks_pk', ['project_id', 'streak_id'])
        .execute();

      await db.schema
        .createTable('streak_progress')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('streak_id', 'text', (c) => c.notNull())
        .addColumn('periods', 'text', (c) => c.notNull())
        .addColumn('current_count', 'integer', (c) => c.notNull())
        .addColumn('current_start', 'integer', (c) => c.notNull())
        .addColumn('last_period', 'integer', (c) => c.notNull())
        .addColumn('longest_streak', 'integer', (c) => c.notNull())
        .addColumn('missed_count', 'integer', (c) => c.notNull())
        .addColumn('milestones_claimed', 'text', (c) => c.notNull())
        .addColumn('last_completed_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('streak_progress_pk', ['project_id', 'user_id', 'streak_id'])
        .execute();

      await db.schema
        .createTable('streak_stats')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('streak_id', 'text', (c) => c.notNull())
        .addColumn('participants', 'integer', (c) => c.notNull())
        .addColumn('longest_streak', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('streak_stats_pk', ['project_id', 'streak_id'])
        .execute();

      await db.schema
        .createTable('streak_period_stats')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('streak_id', 'text', (c) => c.notNull())
        .addColumn('period', 'integer', (c) => c.notNull())
        .addColumn('users', 'integer', (c) => c.notNull())
        .addColumn('count_sum', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('streak_period_stats_pk', ['project_id', 'streak_id', 'period'])
        .execute();
    },
  };
}
