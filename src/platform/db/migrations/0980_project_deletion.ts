import type { Kysely } from 'kysely';

/**
 * A project being deleted is marked (decision 216): from the mark on it counts as not existing,
 * its id cannot be taken again, and its row goes last, when the deletion job has removed its data.
 */
export function projectDeletion() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('projects').addColumn('deleted_at', 'bigint').execute();
    },
  };
}
