import type { Kysely } from 'kysely';

/**
 * The user's IANA time zone (decision 160): its local calendar drives streak periods and event
 * limits. Existing users keep UTC, the calendar they had before.
 */
export function userTimeZones() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
        .execute();
    },
  };
}
