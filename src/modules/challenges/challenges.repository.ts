import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import type { ChallengeProgressTable, ChallengesTable } from './challenges.tables.js';
import './challenges.tables.js';

/**
 * SQL of the challenges module; every query filters on project_id. The per-event statements run as
 * cached prepared statements on the embedded store (`statements`), through Kysely otherwise.
 */
export class ChallengesRepository {
  constructor(private readonly statements: SqliteStatements | null) {}

  async insert(db: Queryable, row: ChallengesTable): Promise<boolean> {
    const r = await db
      .insertInto('challenges')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'challenge_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  list(db: Queryable, projectId: string): Promise<ChallengesTable[]> {
    return db.selectFrom('challenges').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('challenge_id').execute();
  }

  find(db: Queryable, projectId: string, challengeId: string): Promise<ChallengesTable | undefined> {
    return db.selectFrom('challenges').selectAll().where('project_id', '=', projectId).where('challenge_id', '=', challengeId).executeTakeFirst();
  }

  async update(db: Queryable, row: ChallengesTable): Promise<boolean> {
    const { project_id, challenge_id, created_at: _created, ...rest } = row;
    const r = await db.updateTable('challenges').set(rest).where('project_id', '=', project_id).where('challenge_id', '=', challenge_id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes the challenge and every user's progress on it. */
  async delete(db: Queryable, projectId: string, challengeId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      await trx.deleteFrom('challenge_progress').where('project_id', '=', projectId).where('challenge_id', '=', challengeId).execute();
      const r = await trx.deleteFrom('challenges').where('project_id', '=', projectId).where('challenge_id', '=', challengeId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /** The user's progress rows, all of them or those of `challengeIds`. */
  async progressOf(db: Queryable, projectId: string, userId: string, challengeIds?: string[]): Promise<ChallengeProgressTable[]> {
    if (this.statements?.usable(db) && challengeIds?.length === 1) {
      const row = this.statements
        .statement('select * from challenge_progress where project_id = ? and user_id = ? and challenge_id = ?')
        .get(projectId, userId, challengeIds[0]) as ChallengeProgressTable | undefined;
      return row ? [row] : [];
    }
    let q = db.selectFrom('challenge_progress').selectAll().where('project_id', '=', projectId).where('user_id', '=', userId);
    if (challengeIds) q = q.where('challenge_id', 'in', challengeIds);
    return q.execute();
  }

  /** Adds to an open challenge's progress; undefined when it is already completed. */
  async addProgress(db: Queryable, projectId: string, userId: string, challengeId: string, increment: number, now: number): Promise<number | undefined> {
    if (this.statements?.usable(db)) {
      const hit = this.statements
        .statement(
          `insert into challenge_progress (project_id, user_id, challenge_id, progress, completed_at, updated_at) values (?, ?, ?, ?, null, ?)
           on conflict (project_id, user_id, challenge_id) do update set progress = challenge_progress.progress + excluded.progress, updated_at = excluded.updated_at
           where challenge_progress.completed_at is null returning progress`,
        )
        .get(projectId, userId, challengeId, increment, now) as { progress: number } | undefined;
      return hit?.progress;
    }
    const row = await db
      .insertInto('challenge_progress')
      .values({ project_id: projectId, user_id: userId, challenge_id: challengeId, progress: increment, completed_at: null, updated_at: now })
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'user_id', 'challenge_id'])
          .doUpdateSet({ progress: sql<number>`challenge_progress.progress + ${increment}`, updated_at: now })
          .where('challenge_progress.completed_at', 'is', null),
      )
      .returning('progress')
      .executeTakeFirst();
    return row ? Number(row.progress) : undefined;
  }

  /** Marks the challenge completed unless it already is; true for the one call that completed it. */
  async markCompleted(db: Queryable, projectId: string, userId: string, challengeId: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('challenge_progress')
      .set({ completed_at: now, updated_at: now })
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('challenge_id', '=', challengeId)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
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
