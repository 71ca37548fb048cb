import type { Kysely } from 'kysely';

/**
 * Streak freezes (decision 161): a streak's freeze rule (JSON, null = no freezes) and, per user and
 * streak, the banked and used freezes and the periods they covered.
 */
export function streakFreezes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('streaks').addColumn('freezes', 'text').execute();
      await db.schema
        .alterTable('streak_progress')
        .addColumn('freezes_available', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('streak_progress')
        .addColumn('freezes_used', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('streak_progress')
        .addColumn('frozen_periods', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  };
}
