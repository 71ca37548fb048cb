import type { Kysely } from 'kysely';

/** The project setting `autoCreateUsers` (decision 230): 1 lets POST /event create an unknown user; 0 (the default) answers 404. */
export function autoCreateUsers() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('projects')
        .addColumn('auto_create_users', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
