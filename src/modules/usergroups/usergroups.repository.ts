import type { Queryable } from '../../platform/db/database.js';
import type { UserGroupsTable } from '../../platform/db/schema.js';

/** The fields of a group an operator may change. */
export type UserGroupChanges = Pick<UserGroupsTable, 'title' | 'description' | 'status' | 'updated_at'>;

/** SQL of user groups (usergroups.service.ts). */
export class UserGroupsRepository {
  /** Inserts a group unless its id is taken. */
  insert(db: Queryable, row: UserGroupsTable) {
    return db
      .insertInto('user_groups')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'user_group_id']).doNothing())
      .executeTakeFirst();
  }

  list(db: Queryable, projectId: string) {
    return db
      .selectFrom('user_groups')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('user_group_id')
      .execute();
  }

  find(db: Queryable, projectId: string, userGroupId: string) {
    return db
      .selectFrom('user_groups')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_group_id', '=', userGroupId)
      .executeTakeFirst();
  }

  /** Every group of the project with its status (the cache of the event path). */
  statuses(db: Queryable, projectId: string) {
    return db.selectFrom('user_groups').select(['user_group_id', 'status']).where('project_id', '=', projectId).execute();
  }

  update(db: Queryable, projectId: string, userGroupId: string, changes: UserGroupChanges) {
    return db
      .updateTable('user_groups')
      .set(changes)
      .where('project_id', '=', projectId)
      .where('user_group_id', '=', userGroupId)
      .executeTakeFirst();
  }

  delete(db: Queryable, projectId: string, userGroupId: string) {
    return db.deleteFrom('user_groups').where('project_id', '=', projectId).where('user_group_id', '=', userGroupId).executeTakeFirst();
  }
}
