import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import { Statement } from '../../write-path/statement.js';
import type { LeaderboardArchiveTable, SeasonRewardsTable } from './seasons.tables.js';
import './seasons.tables.js';

// The reads of GET /project/{projectId}/leaderboard/archive, compiled once (decision 269).
type BoardArgs = { projectId: string; groupId: string; month: string };

type SizeRow = { total: number | string; archived_at: number | string };

const archiveSizeOf = new Statement<BoardArgs, SizeRow>('size of an archived board', (db, a) =>
  db
    .selectFrom('leaderboard_archive_totals')
    .select(['total', 'archived_at'])
    .where('project_id', '=', a.projectId)
    .where('group_id', '=', a.groupId)
    .where('month', '=', a.month),
);

const archivePageOf = new Statement<BoardArgs & { offset: number; limit: number }, LeaderboardArchiveTable>(
  'page of an archived board',
  (db, a) =>
    db
      .selectFrom('leaderboard_archive')
      .selectAll()
      .where('project_id', '=', a.projectId)
      .where('group_id', '=', a.groupId)
      .where('month', '=', a.month)
      .orderBy('rank')
      .offset(a.offset)
      .limit(a.limit),
);

/** SQL of the seasons module; every query filters on project_id. The payouts' statements are in season-payouts-batch.ts. */
/** At most this many payouts are listed for one month (the dashboard's view). */
export const PAYOUTS_LISTED = 10_000;

export class SeasonsRepository {
  constructor(private readonly db: Queryable) {}

  async insertReward(row: SeasonRewardsTable): Promise<boolean> {
    const r = await this.db
      .insertInto('season_rewards')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'season_reward_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  rewards(projectId: string, groupId?: string): Promise<SeasonRewardsTable[]> {
    let q = this.db.selectFrom('season_rewards').selectAll().where('project_id', '=', projectId);
    if (groupId !== undefined) q = q.where('group_id', '=', groupId);
    return q.orderBy('created_at').orderBy('season_reward_id').execute();
  }

  reward(projectId: string, seasonRewardId: string): Promise<SeasonRewardsTable | undefined> {
    return this.db
      .selectFrom('season_rewards')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('season_reward_id', '=', seasonRewardId)
      .executeTakeFirst();
  }

  async updateReward(row: SeasonRewardsTable): Promise<boolean> {
    const r = await this.db
      .updateTable('season_rewards')
      .set({ group_id: row.group_id, bands: row.bands, updated_at: row.updated_at })
      .where('project_id', '=', row.project_id)
      .where('season_reward_id', '=', row.season_reward_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteReward(projectId: string, seasonRewardId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('season_rewards')
      .where('project_id', '=', projectId)
      .where('season_reward_id', '=', seasonRewardId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Writes a board's snapshot unless one exists, in one transaction: a snapshot is all or nothing,
   * and the first one written stays (a close that runs again after a crash finds it).
   */
  async archiveOnce(projectId: string, groupId: string, month: string, rows: LeaderboardArchiveTable[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('leaderboard_archive')
        .select('rank')
        .where('project_id', '=', projectId)
        .where('group_id', '=', groupId)
        .where('month', '=', month)
        .limit(1)
        .executeTakeFirst();
      if (existing) return;
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('leaderboard_archive')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      // Its size, kept beside it (decision 332); nobody with points: no archive, no size.
      if (rows.length > 0) {
        await trx
          .insertInto('leaderboard_archive_totals')
          .values({ project_id: projectId, group_id: groupId, month, total: rows.length, archived_at: rows[0]!.archived_at })
          .onConflict((oc) => oc.columns(['project_id', 'group_id', 'month']).doNothing())
          .execute();
      }
    });
  }

  /** A page of an archived board, in rank order. */
  archivePage(projectId: string, groupId: string, month: string, offset: number, limit: number): Promise<LeaderboardArchiveTable[]> {
    return archivePageOf.rows(this.db, { projectId, groupId, month, offset, limit });
  }

  /** The archived board's size and when it was archived (decision 332); undefined: no such board, or nobody left on it. */
  async archiveSize(projectId: string, groupId: string, month: string): Promise<{ total: number; archivedAt: number } | undefined> {
    const row = await archiveSizeOf.first(this.db, { projectId, groupId, month });
    if (!row || Number(row.total) === 0) return undefined;
    return { total: Number(row.total), archivedAt: Number(row.archived_at) };
  }

  /** The user's archived entry of a board, if the user was ranked on it. */
  archivedUser(projectId: string, groupId: string, month: string, userId: string): Promise<LeaderboardArchiveTable | undefined> {
    return this.db
      .selectFrom('leaderboard_archive')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('group_id', '=', groupId)
      .where('month', '=', month)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The archived entries ranked between `fromRank` and `toRank`. */
  archivedRanks(projectId: string, groupId: string, month: string, fromRank: number, toRank: number): Promise<LeaderboardArchiveTable[]> {
    return this.db
      .selectFrom('leaderboard_archive')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('group_id', '=', groupId)
      .where('month', '=', month)
      .where('rank', '>=', fromRank)
      .where('rank', '<=', toRank)
      .orderBy('rank')
      .execute();
  }

  /** The points prizes paid for a closed month, by group, rank and user. */
  payouts(projectId: string, month: string) {
    return this.db
      .selectFrom('season_payouts')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('month', '=', month)
      .orderBy('group_id')
      .orderBy('season_reward_id')
      .orderBy('rank')
      .orderBy('user_id')
      .limit(PAYOUTS_LISTED)
      .execute();
  }

  /**
   * Deletes up to `limit` of the user's archive entries and payout records (user deletion); returns how
   * many. Each archived board the user leaves is one smaller, in the same transaction (decision 332).
   */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const payouts = await this.db
      .deleteFrom('season_payouts')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    let removed = Number(payouts.numDeletedRows);
    if (removed >= limit) return removed;
    removed += await this.db.transaction().execute(async (trx) => {
      const boards = await trx
        .deleteFrom('leaderboard_archive')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .returning(['group_id', 'month'])
        .execute();
      for (const b of boards) {
        await trx
          .updateTable('leaderboard_archive_totals')
          .set({ total: sql<number>`total - 1` })
          .where('project_id', '=', projectId)
          .where('group_id', '=', b.group_id)
          .where('month', '=', b.month)
          .execute();
      }
      return boards.length;
    });
    return removed;
  }
}
