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
}
