import type { Queryable } from '../../platform/db/database.js';

export class UsersRepository {
  constructor(private readonly db: Queryable) {}

  /** Inserts the user unless it exists; returns whether it was inserted. */
  async insert(projectId: string, userId: string, createdAt: number): Promise<boolean> {
    const r = await this.db
      .insertInto('users')
      .values({ project_id: projectId, user_id: userId, created_at: createdAt, points: 0, username: null, anonymous: 0 })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The user's row, including one whose deletion is running (deleted_at set). */
  async find(projectId: string, userId: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async setProfile(projectId: string, userId: string, profile: { username?: string | null; anonymous?: number }) {
    return this.db
      .updateTable('users')
      .set(profile)
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .returning(['user_id', 'username', 'anonymous'])
      .executeTakeFirst();
  }

  async profiles(projectId: string, userIds: string[]) {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['user_id', 'username', 'anonymous'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  /** Marks a live user as being deleted; false when there is no live user. */
  async markDeleted(projectId: string, userId: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('users')
      .set({ deleted_at: at })
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Removes a user row that is marked as being deleted (the last step of the deletion job). */
  async removeMarked(projectId: string, userId: string): Promise<number> {
    const r = await this.db
      .deleteFrom('users')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Deletes up to `limit` Idempotency-Keys stored for the user's own principal. */
  async deleteIdempotencyKeys(projectId: string, principal: string, limit: number): Promise<number> {
    const keys = await this.db
      .selectFrom('idempotency_keys')
      .select('idem_key')
      .where('project_id', '=', projectId)
      .where('principal', '=', principal)
      .limit(limit)
      .execute();
    if (keys.length === 0) return 0;
    await this.db
      .deleteFrom('idempotency_keys')
      .where('project_id', '=', projectId)
      .where('principal', '=', principal)
      .where(
        'idem_key',
        'in',
        keys.map((k) => k.idem_key),
      )
      .execute();
    return keys.length;
  }
}
