import type { Queryable } from '../../platform/db/database.js';
import { Statement } from '../../write-path/statement.js';
import type { Section } from './unseen-flags.js';
import './notifications.tables.js';

/** A user's markers (every overview reads them; compiled once, decision 269). */
const markersOf = new Statement<{ projectId: string; userId: string }, { section: string; seen_at: number }>('user markers', (db, a) =>
  db
    .selectFrom('notification_markers')
    .select(['section', 'seen_at'])
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId),
);

/** SQL of the notification markers (notifications.service.ts): per user and section, when it was last seen. */
export class NotificationsRepository {
  markers(db: Queryable, projectId: string, userId: string) {
    return markersOf.rows(db, { projectId, userId });
  }

  /** Sets the section's marker to `seenAt` (inserting it if there is none). */
  markSeen(db: Queryable, projectId: string, userId: string, section: Section, seenAt: number) {
    return db
      .insertInto('notification_markers')
      .values({ project_id: projectId, user_id: userId, section, seen_at: seenAt })
      .onConflict((oc) => oc.columns(['project_id', 'user_id', 'section']).doUpdateSet({ seen_at: seenAt }))
      .execute();
  }

  deleteSections(db: Queryable, projectId: string, userId: string, sections: string[]) {
    return db
      .deleteFrom('notification_markers')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('section', 'in', sections)
      .executeTakeFirst();
  }

  /** Up to `limit` of the user's marked sections (deleted in slices). */
  userSections(db: Queryable, projectId: string, userId: string, limit: number) {
    return db
      .selectFrom('notification_markers')
      .select('section')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit)
      .execute();
  }
}
