import type { Queryable } from '../../platform/db/database.js';
import type { CampaignsTable } from './campaigns.tables.js';
import './campaigns.tables.js';
import './campaign-tools.tables.js';

/** SQL of the campaign definitions and their spend (admin routes); every query filters on project_id. */
export const campaignsRepository = {
  listQuery(db: Queryable, projectId: string) {
    return db.selectFrom('campaigns').selectAll().where('project_id', '=', projectId).orderBy('campaign_id');
  },

  find(db: Queryable, projectId: string, campaignId: string): Promise<CampaignsTable | undefined> {
    return db
      .selectFrom('campaigns')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
  },

  /** What each campaign of the project (or the one named) has paid. */
  async spent(db: Queryable, projectId: string, campaignId?: string): Promise<Map<string, number>> {
    let q = db.selectFrom('campaign_spend').select(['campaign_id', 'spent']).where('project_id', '=', projectId);
    if (campaignId !== undefined) q = q.where('campaign_id', '=', campaignId);
    return new Map((await q.execute()).map((r) => [r.campaign_id, Number(r.spent)]));
  },

  /** Inserts the campaign and its spend row (0) unless the id is taken; returns whether it was inserted. */
  async insert(db: Queryable, row: CampaignsTable): Promise<boolean> {
    const r = await db
      .insertInto('campaigns')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'campaign_id']).doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await db
      .insertInto('campaign_spend')
      .values({ project_id: row.project_id, campaign_id: row.campaign_id, spent: 0 })
      .onConflict((oc) => oc.columns(['project_id', 'campaign_id']).doNothing())
      .execute();
    return true;
  },

  async update(db: Queryable, row: CampaignsTable): Promise<boolean> {
    const { project_id, campaign_id, created_at: _created, ...set } = row;
    const r = await db
      .updateTable('campaigns')
      .set(set)
      .where('project_id', '=', project_id)
      .where('campaign_id', '=', campaign_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Removes the campaign and what it paid per user and in all (its ledger entries stay). */
  async remove(db: Queryable, projectId: string, campaignId: string): Promise<boolean> {
    const r = await db.deleteFrom('campaigns').where('project_id', '=', projectId).where('campaign_id', '=', campaignId).executeTakeFirst();
    await db.deleteFrom('campaign_spend').where('project_id', '=', projectId).where('campaign_id', '=', campaignId).execute();
    await db.deleteFrom('campaign_user_spend').where('project_id', '=', projectId).where('campaign_id', '=', campaignId).execute();
    // Its notices and backfilled events go with it: a new campaign of that id starts afresh (decisions 322–323).
    await db.deleteFrom('campaign_notices').where('project_id', '=', projectId).where('campaign_id', '=', campaignId).execute();
    await db.deleteFrom('campaign_backfill_paid').where('project_id', '=', projectId).where('campaign_id', '=', campaignId).execute();
    return Number(r.numDeletedRows) > 0;
  },

  /** Deletes up to `limit` of the user's per-user spend rows (user deletion). */
  async deleteUserSpend(db: Queryable, projectId: string, userId: string, limit: number): Promise<number> {
    const rows = await db
      .selectFrom('campaign_user_spend')
      .select('campaign_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit)
      .execute();
    if (rows.length === 0) return 0;
    await db
      .deleteFrom('campaign_user_spend')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where(
        'campaign_id',
        'in',
        rows.map((r) => r.campaign_id),
      )
      .execute();
    return rows.length;
  },
};
