import { sql, type Selectable } from 'kysely';
import type { Queryable } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { KeyedSelect, RowsInsert } from '../../write-path/rows.js';
import { Statement } from '../../write-path/statement.js';
import './users.tables.js';

/**
 * The rows of users a writer is about to write for, locked until its transaction ends
 * (PostgreSQL `FOR NO KEY UPDATE`, in key order; SQLite has one writer): the one test of "this
 * user is live" (decision 080). A user is live when its row exists without `deleted_at`. The
 * write path runs it for all users of a batch; `UsersService.lockLive` for other writers.
 */
export const lockUserRows = new KeyedSelect({
  description: 'lock the users a writer writes for',
  table: 'users',
  keys: { project_id: 'text', user_id: 'text' },
  // created_at and attributes: what segment rules read at event time (decision 320), at no query more.
  select: ['project_id', 'user_id', 'points', 'deleted_at', 'time_zone', 'last_active_at', 'created_at', 'attributes', 'rewards_at'],
  lock: 'no key update',
});

/**
 * Users a batch creates before it locks them (autoCreateUsers, decision 230): inserted unless the
 * row exists, with the defaults of POST /user. A row of a user being deleted stays as it is, so
 * that user is still not live.
 */
export const insertMissingUsers = new RowsInsert<
  'users',
  { project_id: 'text'; user_id: 'text'; created_at: 'int8'; points: 'int8'; anonymous: 'int4'; time_zone: 'text' },
  { project_id: string; user_id: string }
>({
  description: 'users created by their first event',
  table: 'users',
  columns: { project_id: 'text', user_id: 'text', created_at: 'int8', points: 'int8', anonymous: 'int4', time_zone: 'text' },
  conflict: (oc) => oc.columns(['project_id', 'user_id']).doNothing(),
  returning: ['project_id', 'user_id'],
});

/** Shards of a project's live-user count (user_counts, decision 287): a writer adds to one it picks at random. */
export const LIVE_COUNT_SHARDS = 8;

/** A shard of the live-user count to add to: concurrent writers rarely meet on one row. */
export function liveCountShard(): number {
  return Math.floor(Math.random() * LIVE_COUNT_SHARDS);
}

/** Adds to one shard of each project's live-user count (users a batch created: autoCreateUsers). */
export const addLiveUsers = new RowsInsert({
  description: 'live users added to a shard of the count',
  table: 'user_counts',
  columns: { project_id: 'text', shard: 'int4', users: 'int8' },
  conflict: (oc) => oc.columns(['project_id', 'shard']).doUpdateSet({ users: sql<number>`user_counts.users + excluded.users` }),
});

/** Users' rows by key, for lookups of concurrent requests answered together (users.service.ts, decision 285). */
export const userRowsByKey = new KeyedSelect({
  description: 'user rows by key',
  table: 'users',
  keys: { project_id: 'text', user_id: 'text' },
});

/** A user's row (read on every user route: compiled once, decision 269). */
const userRow = new Statement<{ projectId: string; userId: string }, Selectable<DB['users']>>('a user row', (db, a) =>
  db.selectFrom('users').selectAll().where('project_id', '=', a.projectId).where('user_id', '=', a.userId),
);

/** Rows a batch inserted for users that no unit went on to create (removed before the batch commits). */
/** The project's live users, the shards of its count summed (rarity reads it on every request; decision 269). */
const liveCountOf = new Statement<{ projectId: string }, { users: number | string | null }>('live users of a project', (db, a) =>
  db
    .selectFrom('user_counts')
    .select((eb) => eb.fn.sum<number | string | null>('users').as('users'))
    .where('project_id', '=', a.projectId),
);

export const deleteUnusedNewUser = new Statement<{ projectId: string; userId: string }>(
  'a user inserted by a batch but not created',
  (db, a) => db.deleteFrom('users').where('project_id', '=', a.projectId).where('user_id', '=', a.userId),
);

/** Orders of the users list: each a number, descending, then the userId. */
export type UserSort = 'points' | 'lastActive' | 'createdAt';

const SORT_KEYS = {
  points: sql<number>`points`,
  createdAt: sql<number>`created_at`,
  // Never active sorts last.
  lastActive: sql<number>`coalesce(last_active_at, -1)`,
};

export interface UserListFilter {
  prefix?: string;
  sort: UserSort;
  /** The sort key and userId of the last user of the previous page. */
  after?: { key: number; userId: string };
  limit: number;
}

export class UsersRepository {
  constructor(private readonly db: Queryable) {}

  /** A page of a project's live users (GET /admin/user), with each one's sort key. */
  list(projectId: string, f: UserListFilter) {
    const key = SORT_KEYS[f.sort];
    let q = this.db
      .selectFrom('users')
      .select(['user_id', 'points', 'created_at', 'last_active_at', 'time_zone', 'attributes', key.as('sort_key')])
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null);
    // substr, not LIKE: exact on both stores (SQLite's LIKE ignores case) and no wildcard to escape.
    if (f.prefix !== undefined) q = q.where(sql`substr(user_id, 1, ${[...f.prefix].length})`, '=', f.prefix);
    const after = f.after;
    if (after) q = q.where((eb) => eb.or([eb(key, '<', after.key), eb.and([eb(key, '=', after.key), eb('user_id', '>', after.userId)])]));
    return q.orderBy(key, 'desc').orderBy('user_id', 'asc').limit(f.limit).execute();
  }

  /** Inserts the user unless it exists; returns whether it was inserted. */
  async insert(projectId: string, userId: string, createdAt: number, timeZone: string): Promise<boolean> {
    const r = await this.db
      .insertInto('users')
      .values({
        project_id: projectId,
        user_id: userId,
        created_at: createdAt,
        points: 0,
        username: null,
        anonymous: 0,
        time_zone: timeZone,
      })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Ids of live users after `after` (in id order), at most `limit`. */
  async liveIdsAfter(projectId: string, after: string | null, limit: number): Promise<string[]> {
    let q = this.db.selectFrom('users').select('user_id').where('project_id', '=', projectId).where('deleted_at', 'is', null);
    if (after !== null) q = q.where('user_id', '>', after);
    const rows = await q.orderBy('user_id').limit(limit).execute();
    return rows.map((r) => r.user_id);
  }

  /** How many live users the project has: the sum of its shards of the count (decision 287), not a count of rows. */
  async liveCount(projectId: string): Promise<number> {
    const r = await liveCountOf.first(this.db, { projectId });
    return Number(r?.users ?? 0);
  }

  /** Adds `delta` to a shard of the project's live-user count; run in the transaction that makes a user live or not. */
  async addLive(projectId: string, delta: number): Promise<void> {
    await this.db
      .insertInto('user_counts')
      .values({ project_id: projectId, shard: liveCountShard(), users: delta })
      .onConflict((oc) => oc.columns(['project_id', 'shard']).doUpdateSet({ users: sql<number>`user_counts.users + excluded.users` }))
      .execute();
  }

  /** The user's row, including one whose deletion is running (deleted_at set). */
  async find(projectId: string, userId: string) {
    return userRow.first(this.db, { projectId, userId });
  }

  /** The ids of the project's users whose deletion is under way (index users_deleting: only those rows). */
  async deletingUserIds(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is not', null)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /**
   * Sets a live user's time zone and attributes, unless its attributes are no longer `expected`
   * (another PATCH changed them since they were read): undefined then, or when there is no live user.
   */
  async update(projectId: string, userId: string, change: { time_zone?: string; attributes: string }, expected: string) {
    return this.db
      .updateTable('users')
      .set(change)
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('attributes', '=', expected)
      .returning(['user_id', 'time_zone', 'attributes'])
      .executeTakeFirst();
  }

  async setProfile(projectId: string, userId: string, profile: { username?: string | null; anonymous?: number }) {
    return this.db
      .updateTable('users')
      .set(profile)
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .returning(['user_id', 'username', 'anonymous'])
      .executeTakeFirst();
  }

  /** Display settings of the live users among `userIds` (a user being deleted has none). */
  async profiles(projectId: string, userIds: string[]) {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['user_id', 'username', 'anonymous'])
      .where('project_id', '=', projectId)
      .where('user_id', 'in', userIds)
      .where('deleted_at', 'is', null)
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

/**
 * Live users' join time, last activity, attributes and points balance: what segment rules read of the
 * user row when they are evaluated now (the segments module; decision 080 keeps the table's SQL here).
 */
export function userFactsQuery(db: Queryable, projectId: string, userIds: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['user_id', 'created_at', 'last_active_at', 'attributes', 'points'])
    .where('project_id', '=', projectId)
    .where('user_id', 'in', [...userIds])
    .where('deleted_at', 'is', null);
}
