import type { Queryable } from '../../platform/db/database.js';
import { Statement } from '../../write-path/statement.js';
import type { TiersTable, UserTiersTable } from './tiers.tables.js';
import './tiers.tables.js';

/** One user's stored tier state (GET /user/{userId}/tier, the redeemable check): compiled once (decision 269). */
const stateOfUser = new Statement<{ projectId: string; userId: string }, UserTiersTable>('a user tier state', (db, a) =>
  db.selectFrom('user_tiers').selectAll().where('project_id', '=', a.projectId).where('user_id', '=', a.userId),
);

/** SQL of tiers and users' tier states. */
export class TiersRepository {
  constructor(private readonly db: Queryable) {}

  list(projectId: string): Promise<TiersTable[]> {
    return this.listQuery(projectId).execute();
  }

  /** The query of a project's tiers by threshold (run alone or in a batch). */
  listQuery(projectId: string) {
    return this.db.selectFrom('tiers').selectAll().where('project_id', '=', projectId).orderBy('threshold').orderBy('tier_id');
  }

  async get(projectId: string, tierId: string): Promise<TiersTable | null> {
    return (
      (await this.db
        .selectFrom('tiers')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('tier_id', '=', tierId)
        .executeTakeFirst()) ?? null
    );
  }

  /** Inserts unless the id is taken; returns whether it was inserted. */
  async insert(row: TiersTable): Promise<boolean> {
    const r = await this.db
      .insertInto('tiers')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'tier_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(row: Omit<TiersTable, 'created_at'>): Promise<boolean> {
    const { project_id, tier_id, ...set } = row;
    const r = await this.db
      .updateTable('tiers')
      .set(set)
      .where('project_id', '=', project_id)
      .where('tier_id', '=', tier_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async delete(projectId: string, tierId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('tiers').where('project_id', '=', projectId).where('tier_id', '=', tierId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** One user's stored tier state, if any. */
  state(projectId: string, userId: string): Promise<UserTiersTable | undefined> {
    return stateOfUser.first(this.db, { projectId, userId });
  }

  /** The query of the stored tier states of some users of a project (run alone or in a batch). */
  statesQuery(projectId: string, userIds: readonly string[]) {
    return this.db
      .selectFrom('user_tiers')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', 'in', [...userIds]);
  }

  /** Projects that have tiers (the monthly checks). */
  projectsWithTiers(): Promise<Array<{ project_id: string }>> {
    return this.db.selectFrom('tiers').select('project_id').distinct().orderBy('project_id').execute();
  }

  /** Users of a project (after `after`, by id) whose tier state was last checked before `month`. */
  async statesDue(projectId: string, month: string, after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_tiers')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('checked_month', '<', month)
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.user_id);
  }

  async deleteUserData(projectId: string, userId: string): Promise<number> {
    const r = await this.db.deleteFrom('user_tiers').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

export type UserTierRow = UserTiersTable;
