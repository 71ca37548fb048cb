import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { ChallengeProgressTable, ChallengesTable } from './challenges.tables.js';
import './challenges.tables.js';
import { Statement } from '../../write-path/statement.js';

/** A user's progress rows (challenge list, notifications overview; compiled once, decision 269). */
const progressOfUser = new Statement<{ projectId: string; userId: string }, ChallengeProgressTable>('progress of a user', (db, a) =>
  db.selectFrom('challenge_progress').selectAll().where('project_id', '=', a.projectId).where('user_id', '=', a.userId),
);

/**
 * SQL of the challenges module; every query filters on project_id. The write path's statements
 * are in challenges-batch.ts.
 */
export class ChallengesRepository {
  async insert(db: Queryable, row: ChallengesTable): Promise<boolean> {
    const r = await db
      .insertInto('challenges')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'challenge_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Per challenge: users who completed it, and how many of them at or after `since`. */
  async completions(db: Queryable, projectId: string, since: number): Promise<Map<string, { total: number; last30Days: number }>> {
    const rows = await db
      .selectFrom('challenge_progress')
      .select((eb) => [
        'challenge_id',
        eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when completed_at >= ${since} then 1 else 0 end)`.as('recent'),
      ])
      .where('project_id', '=', projectId)
      .where('completed_at', 'is not', null)
      .groupBy('challenge_id')
      .execute();
    return new Map(rows.map((r) => [r.challenge_id, { total: Number(r.total), last30Days: Number(r.recent ?? 0) }]));
  }

  list(db: Queryable, projectId: string): Promise<ChallengesTable[]> {
    return this.listQuery(db, projectId).execute();
  }

  listQuery(db: Queryable, projectId: string) {
    return db.selectFrom('challenges').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('challenge_id');
  }

  find(db: Queryable, projectId: string, challengeId: string): Promise<ChallengesTable | undefined> {
    return db
      .selectFrom('challenges')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('challenge_id', '=', challengeId)
      .executeTakeFirst();
  }

  async update(db: Queryable, row: ChallengesTable): Promise<boolean> {
    const { project_id, challenge_id, created_at: _created, ...rest } = row;
    const r = await db
      .updateTable('challenges')
      .set(rest)
      .where('project_id', '=', project_id)
      .where('challenge_id', '=', challenge_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes the challenge and every user's progress on it. */
  async delete(db: Queryable, projectId: string, challengeId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      await trx.deleteFrom('challenge_progress').where('project_id', '=', projectId).where('challenge_id', '=', challengeId).execute();
      const r = await trx
        .deleteFrom('challenges')
        .where('project_id', '=', projectId)
        .where('challenge_id', '=', challengeId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /** The completed challenges of the given users. */
  completedOf(db: Queryable, projectId: string, userIds: readonly string[]) {
    return db
      .selectFrom('challenge_progress')
      .select(['user_id', 'challenge_id', 'completed_at'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', [...userIds])
      .where('completed_at', 'is not', null)
      .execute();
  }

  /** The user's progress rows. */
  progressOf(db: Queryable, projectId: string, userId: string): Promise<ChallengeProgressTable[]> {
    return progressOfUser.rows(db, { projectId, userId });
  }

  /** Deletes up to `limit` progress rows of the user; returns how many. */
  async deleteUserProgress(db: Queryable, projectId: string, userId: string, limit: number): Promise<number> {
    const ids = await db
      .selectFrom('challenge_progress')
      .select('challenge_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit)
      .execute();
    if (ids.length === 0) return 0;
    const r = await db
      .deleteFrom('challenge_progress')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where(
        'challenge_id',
        'in',
        ids.map((i) => i.challenge_id),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
