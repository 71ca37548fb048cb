import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { UserGroupsTable } from '../../platform/db/schema.js';
import type { CreateUserGroupBody, UpdateUserGroupBody, UserGroup } from './usergroups.schemas.js';

/**
 * User groups segment users for group rewards, leaderboards and analytics. The id `default` is the
 * system group every user belongs to: it always exists and cannot be created, changed or deleted.
 */
export const DEFAULT_GROUP = 'default';

const toGroup = (r: UserGroupsTable): UserGroup => ({
  userGroupId: r.user_group_id,
  title: JSON.parse(r.title),
  description: JSON.parse(r.description),
  status: r.status,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

function description(input: CreateUserGroupBody['description']) {
  return { default: input?.default ?? '', de: input?.de ?? '', en: input?.en ?? '' };
}

export class UserGroupsService {
  constructor(private readonly platform: Platform) {}

  private get db() {
    return this.platform.db.kysely;
  }

  async create(projectId: string, input: CreateUserGroupBody): Promise<UserGroup> {
    if (input.userGroupId === DEFAULT_GROUP) {
      throw AppError.badRequest('userGroupId "default" is reserved for the system default group', 'RESERVED_ID');
    }
    const now = this.platform.clock.now();
    const row: UserGroupsTable = {
      project_id: projectId,
      user_group_id: input.userGroupId ?? generateId('ug'),
      title: JSON.stringify(input.title),
      description: JSON.stringify(description(input.description)),
      status: 'ACTIVE',
      created_at: now,
      updated_at: now,
    };
    const r = await this.db
      .insertInto('user_groups')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'user_group_id']).doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw AppError.conflict(`User group ${row.user_group_id} already exists`, 'USERGROUP_EXISTS');
    }
    return toGroup(row);
  }

  async list(projectId: string): Promise<UserGroup[]> {
    const rows = await this.db.selectFrom('user_groups').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('user_group_id').execute();
    return rows.map(toGroup);
  }

  async get(projectId: string, userGroupId: string): Promise<UserGroup> {
    const row = await this.db
      .selectFrom('user_groups')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_group_id', '=', userGroupId)
      .executeTakeFirst();
    if (!row) throw AppError.notFound(`User group ${userGroupId} not found`, 'USERGROUP_NOT_FOUND');
    return toGroup(row);
  }

  /** True for `default` and for every stored group of the project. */
  async exists(projectId: string, userGroupId: string): Promise<boolean> {
    if (userGroupId === DEFAULT_GROUP) return true;
    const row = await this.db
      .selectFrom('user_groups')
      .select('user_group_id')
      .where('project_id', '=', projectId)
      .where('user_group_id', '=', userGroupId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async update(projectId: string, userGroupId: string, input: UpdateUserGroupBody): Promise<UserGroup> {
    if (input.userGroupId !== undefined && input.userGroupId !== userGroupId) {
      throw AppError.badRequest('userGroupId in the body must match the path', 'ID_MISMATCH');
    }
    const r = await this.db
      .updateTable('user_groups')
      .set({
        title: JSON.stringify(input.title),
        description: JSON.stringify(description(input.description)),
        status: input.status ?? 'ACTIVE',
        updated_at: this.platform.clock.now(),
      })
      .where('project_id', '=', projectId)
      .where('user_group_id', '=', userGroupId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw AppError.notFound(`User group ${userGroupId} not found`, 'USERGROUP_NOT_FOUND');
    return this.get(projectId, userGroupId);
  }

  async delete(projectId: string, userGroupId: string): Promise<void> {
    const r = await this.db.deleteFrom('user_groups').where('project_id', '=', projectId).where('user_group_id', '=', userGroupId).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw AppError.notFound(`User group ${userGroupId} not found`, 'USERGROUP_NOT_FOUND');
  }
}
