import { sql, type Kysely } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { Statement } from '../../write-path/statement.js';
import { parseUserProgress, type UserProgress } from './achievement-progress.js';
import type { AchievementsTable, AchievementUnlocksTable } from './achievements.tables.js';
import './achievements.tables.js';

// The reads of GET /user/{userId}/achievement and GET /achievement/{id}, compiled once (decision 269):
// building them with Kysely on every request cost more than running them.
type UserArgs = { projectId: string; userId: string };

const levelCountsOf = new Statement<{ projectId: string }, { achievement_id: string; level: number; users: number | string }>(
  'achievement level counts of a project',
  (db, a) =>
    db
      .selectFrom('achievement_level_counts')
      .select(['achievement_id', 'level', sql<number | string>`sum(users)`.as('users')])
      .where('project_id', '=', a.projectId)
      .groupBy(['achievement_id', 'level']),
);

const progressRowOf = new Statement<UserArgs, { progress: string }>('achievement progress row of a user', (db, a) =>
  db.selectFrom('achievement_user_progress').select('progress').where('project_id', '=', a.projectId).where('user_id', '=', a.userId),
);

const unlocksOfUser = new Statement<UserArgs, AchievementUnlocksTable>('achievement unlocks of a user', (db, a) =>
  db
    .selectFrom('achievement_unlocks')
    .selectAll()
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId)
    .orderBy('achievement_id')
    .orderBy('level'),
);

/**
 * When the user last unlocked a level (a backfilled one: when it was met), or null: the achievements flag of
 * the notifications overview (a part of its one statement).
 */
export function lastUnlockQuery(db: Kysely<DB>, a: UserArgs) {
  return db
    .selectFrom('achievement_unlocks')
    .select((eb) => eb.fn.max<number | null>('unlocked_at').as('last'))
    .where('project_id', '=', a.projectId)
    .where('user_id', '=', a.userId);
}

/**
 * SQL of the achievements module; every query filters on project_id. The write path's statements
 * are in achievements.sql.ts.
 */
export class AchievementsRepository {
  async insert(db: Queryable, row: AchievementsTable): Promise<boolean> {
    const r = await db
      .insertInto('achievements')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'achievement_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  list(db: Queryable, projectId: string): Promise<AchievementsTable[]> {
    return this.listQuery(db, projectId).execute();
  }

  listQuery(db: Queryable, projectId: string) {
    return db.selectFrom('achievements').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('achievement_id');
  }

  find(db: Queryable, projectId: string, achievementId: string): Promise<AchievementsTable | undefined> {
    return db
      .selectFrom('achievements')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('achievement_id', '=', achievementId)
      .executeTakeFirst();
  }

  async update(db: Queryable, row: AchievementsTable): Promise<boolean> {
    const { project_id, achievement_id, created_at: _created, ...rest } = row;
    const r = await db
      .updateTable('achievements')
      .set(rest)
      .where('project_id', '=', project_id)
      .where('achievement_id', '=', achievement_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Deletes the achievement with every user's unlocks and the counts of its levels. Users' progress
   * entries of it stay in their rows but are never read again (they name the deleted one's createdAt,
   * decision 289) and go with the row's next write.
   */
  async delete(db: Queryable, projectId: string, achievementId: string, inside: () => void = () => {}): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      inside();
      for (const table of ['achievement_unlocks', 'achievement_level_counts'] as const) {
        await trx.deleteFrom(table).where('project_id', '=', projectId).where('achievement_id', '=', achievementId).execute();
      }
      const r = await trx
        .deleteFrom('achievements')
        .where('project_id', '=', projectId)
        .where('achievement_id', '=', achievementId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /** Users who unlocked each level of the project's achievements (the shards summed). */
  async levelCounts(db: Queryable, projectId: string): Promise<Array<{ achievement_id: string; level: number; users: number }>> {
    const rows = await levelCountsOf.rows(db, { projectId });
    return rows.map((r) => ({ achievement_id: r.achievement_id, level: Number(r.level), users: Number(r.users) }));
  }

  /** The levels the given users still hold (users whose deletion is under way: their rows leave the counts as the job removes them). */
  async levelsOfUsers(
    db: Queryable,
    projectId: string,
    userIds: readonly string[],
  ): Promise<Array<{ achievement_id: string; level: number }>> {
    if (userIds.length === 0) return [];
    const rows = await db
      .selectFrom('achievement_unlocks')
      .select(['achievement_id', 'level'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', userIds)
      .execute();
    return rows.map((r) => ({ achievement_id: r.achievement_id, level: Number(r.level) }));
  }

  /** The user's progress towards every achievement (its one row, decision 289). */
  async progressOf(db: Queryable, projectId: string, userId: string): Promise<UserProgress> {
    const row = await progressRowOf.first(db, { projectId, userId });
    return parseUserProgress(row?.progress);
  }

  unlocksOf(db: Queryable, projectId: string, userId: string): Promise<AchievementUnlocksTable[]> {
    return unlocksOfUser.rows(db, { projectId, userId });
  }

  /**
   * Deletes up to `limit` of the user's unlocks (taking each off the count of its level) or, when
   * none is left, of its progress rows; returns how many rows it deleted.
   */
  async deleteUserData(db: Queryable, projectId: string, userId: string, limit: number, inside: () => void = () => {}): Promise<number> {
    return db.transaction().execute(async (trx) => {
      inside();
      const unlocks = await trx
        .selectFrom('achievement_unlocks')
        .select(['achievement_id', 'level'])
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .limit(limit)
        .execute();
      if (unlocks.length > 0) {
        for (const u of unlocks) {
          const r = await trx
            .deleteFrom('achievement_unlocks')
            .where('project_id', '=', projectId)
            .where('user_id', '=', userId)
            .where('achievement_id', '=', u.achievement_id)
            .where('level', '=', u.level)
            .executeTakeFirst();
          if (Number(r.numDeletedRows) === 0) continue;
          await trx
            .insertInto('achievement_level_counts')
            .values({ project_id: projectId, achievement_id: u.achievement_id, level: u.level, shard: 0, users: -1 })
            .onConflict((oc) =>
              oc
                .columns(['project_id', 'achievement_id', 'level', 'shard'])
                .doUpdateSet({ users: sql<number>`achievement_level_counts.users + excluded.users` }),
            )
            .execute();
        }
        return unlocks.length;
      }
      const r = await trx
        .deleteFrom('achievement_user_progress')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  }
}
