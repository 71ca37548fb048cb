import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { UserGroupsTable } from '../../platform/db/schema.js';
import type { CreateUserGroupBody, UpdateUserGroupBody, UserGroup } from './usergroups.schemas.js';
import { UserGroupsRepository } from './usergroups.repository.js';

/**
 * User groups segment users for group rewards, leaderboards and analytics. The id `default` is the
 * system group every user belongs to: it always exists and cannot be created, changed or deleted.
 * Only ACTIVE groups take part in events (group reward, boards). Each project's groups and their
 * status are cached for the event path; a change publishes 'usergroups' on the invalidation bus,
 * which drops the project's cache on every instance.
 */
export const DEFAULT_GROUP = 'default';
const BUS_TOPIC = 'usergroups';

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
  /** Per project: userGroupId → status. */
  private readonly cache = new Map<string, Promise<Map<string, string>>>();
  private readonly repository = new UserGroupsRepository();

  constructor(private readonly platform: Platform) {
    platform.bus.on(BUS_TOPIC, (projectId) => {
      if (projectId) this.cache.delete(projectId);
      else this.cache.clear();
    });
  }

  private get db() {
    return this.platform.db.kysely;
  }

  async create(projectId: string, input: CreateUserGroupBody): Promise<UserGroup> {
    if (input.userGroupId === DEFAULT_GROUP) {
      throw AppError.of('RESERVED_ID', 'userGroupId "default" is reserved for the system default group');
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
    const r = await this.repository.insert(this.db, row);
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw AppError.of('USERGROUP_EXISTS', `User group ${row.user_group_id} already exists`);
    }
    await this.changed(projectId);
    return toGroup(row);
  }

  async list(projectId: string): Promise<UserGroup[]> {
    const rows = await this.repository.list(this.db, projectId);
    return rows.map(toGroup);
  }

  async get(projectId: string, userGroupId: string): Promise<UserGroup> {
    const row = await this.repository.find(this.db, projectId, userGroupId);
    if (!row) throw AppError.of('USERGROUP_NOT_FOUND', userGroupId);
    return toGroup(row);
  }

  /** True for `default` and for every stored group of the project, active or not (cached). */
  async exists(projectId: string, userGroupId: string): Promise<boolean> {
    if (userGroupId === DEFAULT_GROUP) return true;
    return (await this.statuses(projectId)).has(userGroupId);
  }

  /**
   * The groups among `userGroupIds` that exist in the project and are ACTIVE, in their order
   * (cached; POST /event reads it for the group reward and the boards). `default` is never among them.
   */
  async activeAmong(projectId: string, userGroupIds: readonly string[]): Promise<string[]> {
    if (userGroupIds.length === 0) return [];
    const statuses = await this.statuses(projectId);
    return userGroupIds.filter((id) => statuses.get(id) === 'ACTIVE');
  }

  private statuses(projectId: string): Promise<Map<string, string>> {
    let entry = this.cache.get(projectId);
    if (!entry) {
      entry = this.repository.statuses(this.db, projectId).then((rows) => new Map(rows.map((r) => [r.user_group_id, r.status])));
      entry.catch(() => this.cache.delete(projectId));
      this.cache.set(projectId, entry);
    }
    return entry;
  }

  private changed(projectId: string): Promise<void> {
    return this.platform.bus.publish(BUS_TOPIC, projectId);
  }

  async update(projectId: string, userGroupId: string, input: UpdateUserGroupBody): Promise<UserGroup> {
    if (input.userGroupId !== undefined && input.userGroupId !== userGroupId) {
      throw AppError.of('ID_MISMATCH', 'userGroupId in the body must match the path');
    }
    const r = await this.repository.update(this.db, projectId, userGroupId, {
      title: JSON.stringify(input.title),
      description: JSON.stringify(description(input.description)),
      status: input.status ?? 'ACTIVE',
      updated_at: this.platform.clock.now(),
    });
    if (Number(r.numUpdatedRows) === 0) throw AppError.of('USERGROUP_NOT_FOUND', userGroupId);
    await this.changed(projectId);
    return this.get(projectId, userGroupId);
  }

  async delete(projectId: string, userGroupId: string): Promise<void> {
    const r = await this.repository.delete(this.db, projectId, userGroupId);
    if (Number(r.numDeletedRows) === 0) throw AppError.of('USERGROUP_NOT_FOUND', userGroupId);
    await this.changed(projectId);
  }
}
