import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { Statement } from '../../write-path/statement.js';
import { SECTIONS, type Section } from './unseen-flags.js';
import './notifications.tables.js';

/** What the overview's one statement is asked with. */
export type OverviewArgs = { projectId: string; userId: string; now: number };

/**
 * A module's newest activity of a user as a query of one row and one column, `last` (a time or null),
 * built by the module that owns the table (points, coupons, surveys, achievements) and run as a scalar
 * subquery of the overview's one statement.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ActivityQuery = (db: Kysely<DB>, a: OverviewArgs) => SelectQueryBuilder<DB, any, { last: number | null }>;

/** The activity queries of the flags that are read in SQL (the challenges' flag is worked out from their definitions). */
export interface OverviewParts {
  /** Newest reward activity (ledger entry, coupon): the flag takes the latest of them. */
  rewards: readonly ActivityQuery[];
  surveys: ActivityQuery;
  achievements: ActivityQuery;
}

/** The overview's row: each section's marker (`seen_<section>`) and each activity time, null when none. */
export type OverviewRow = Record<string, number | string | null>;

/** SQL of the notification markers (notifications.service.ts): per user and section, when it was last seen. */
export class NotificationsRepository {
  /**
   * GET /user/{userId}/notifications/overview in one statement (compiled once, decision 269): the four
   * markers and the activity times, each a scalar subquery, instead of a statement per module.
   */
  private readonly overviewOf: Statement<OverviewArgs, OverviewRow>;

  constructor(parts: OverviewParts) {
    this.overviewOf = new Statement<OverviewArgs, OverviewRow>('notification overview of a user', (db, a) =>
      db.selectNoFrom([
        ...SECTIONS.map((section) =>
          db
            .selectFrom('notification_markers')
            .select('seen_at')
            .where('project_id', '=', a.projectId)
            .where('user_id', '=', a.userId)
            .where('section', '=', section)
            .as(`seen_${section}`),
        ),
        ...parts.rewards.map((q, i) => q(db, a).as(`rewards_${i}`)),
        parts.surveys(db, a).as('surveys'),
        parts.achievements(db, a).as('achievements'),
      ]),
    );
  }

  overview(db: Queryable, projectId: string, userId: string, now: number): Promise<OverviewRow | undefined> {
    return this.overviewOf.first(db, { projectId, userId, now });
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
