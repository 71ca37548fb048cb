import type { Kysely } from 'kysely';

/**
 * Offers of type STREAK_FREEZE name the streak whose bank a redemption adds a freeze to
 * (decision 164); null for every other offer.
 */
export function offerStreakFreeze() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('offers').addColumn('streak_id', 'text').execute();
    },
  };
}
