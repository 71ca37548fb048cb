import type { Kysely } from 'kysely';

/**
 * User attributes (issue 28, decision 315): a JSON object of at most 20 keys that a service principal
 * or the admin sets with PATCH /user/{userId}, read by segments. Existing users have none (`{}`).
 */
export function userAttributes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  };
}
