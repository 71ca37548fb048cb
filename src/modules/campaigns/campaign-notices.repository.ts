import type { Queryable } from '../../platform/db/database.js';
import './campaign-tools.tables.js';
import './campaigns.tables.js';

/** A campaign whose `campaign.started` or `campaign.ended` is due. */
export interface DueNotice {
  project_id: string;
  campaign_id: string;
  title: string;
  start_at: number;
  end_at: number;
  effect: string;
}

const COLUMNS = ['c.project_id', 'c.campaign_id', 'c.title', 'c.start_at', 'c.end_at', 'c.effect'] as const;

/** SQL of the campaigns' start and end notices (campaign-schedule.ts, decision 323); across projects, as the clock drives them. */
export const campaignNoticesRepository = {
  /**
   * ACTIVE campaigns whose window has started, that were live at some time (their window ends after
   * they were made) and whose `started` is not sent yet.
   */
  dueStarted(db: Queryable, now: number, limit: number): Promise<DueNotice[]> {
    return db
      .selectFrom('campaigns as c')
      .select(COLUMNS)
      .where('c.status', '=', 'ACTIVE')
      .where('c.start_at', '<=', now)
      .whereRef('c.end_at', '>', 'c.created_at')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('campaign_notices as n')
              .select('n.kind')
              .whereRef('n.project_id', '=', 'c.project_id')
              .whereRef('n.campaign_id', '=', 'c.campaign_id')
              .where('n.kind', '=', 'started'),
          ),
        ),
      )
      .orderBy('c.start_at')
      .limit(limit)
      .execute();
  },

  /** Campaigns whose window has ended, whose `started` was sent and whose `ended` is not. */
  dueEnded(db: Queryable, now: number, limit: number): Promise<DueNotice[]> {
    return db
      .selectFrom('campaigns as c')
      .innerJoin('campaign_notices as s', (j) =>
        j.onRef('s.project_id', '=', 'c.project_id').onRef('s.campaign_id', '=', 'c.campaign_id').on('s.kind', '=', 'started'),
      )
      .select(COLUMNS)
      .where('c.end_at', '<=', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('campaign_notices as n')
              .select('n.kind')
              .whereRef('n.project_id', '=', 'c.project_id')
              .whereRef('n.campaign_id', '=', 'c.campaign_id')
              .where('n.kind', '=', 'ended'),
          ),
        ),
      )
      .orderBy('c.end_at')
      .limit(limit)
      .execute();
  },

  /** Claims a notice: true for the one caller (on any instance) whose row went in. */
  async claim(db: Queryable, row: { project_id: string; campaign_id: string; kind: string; sent_at: number }): Promise<boolean> {
    const r = await db
      .insertInto('campaign_notices')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'campaign_id', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async spent(db: Queryable, projectId: string, campaignId: string): Promise<number> {
    const row = await db
      .selectFrom('campaign_spend')
      .select('spent')
      .where('project_id', '=', projectId)
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
    return Number(row?.spent ?? 0);
  },
};
