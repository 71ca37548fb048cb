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
}
