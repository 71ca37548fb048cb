import type { Kysely } from 'kysely';

/**
 * Segments (issue 28 part 2, decisions 318–320): named audiences, a list of rules on what Laurel
 * knows of a user, evaluated when asked and when a campaign that names one pays an event.
 */
export function segments() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('segments')
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('segment_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('match', 'text', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('segments_pk', ['project_id', 'segment_id'])
        .execute();
      // DELETE of a segment asks whether a campaign names it.
      await db.schema.createIndex('campaigns_segment').on('campaigns').columns(['project_id', 'segment_id']).execute();
    },
  };
}
