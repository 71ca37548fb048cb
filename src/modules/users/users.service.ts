import { principalKey } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { BatchedLookup } from '../../write-path/batched-lookup.js';
import { KyselySession } from '../../write-path/session.js';
import type { DB } from '../../platform/db/schema.js';
import type { Platform } from '../../platform/platform.js';
import { SharedCache } from '../../platform/shared-cache.js';
import { canonicalTimeZone, UTC } from '../../platform/time-zone.js';
import { attributesOf, mergeAttributes, type Attributes, type AttributesChange } from './user-attributes.js';
import type { UserDataOwner } from './user-data.js';
import { listUsers, type UserListPage, type UserListQuery } from './user-list.js';
import { lockUserRows, userRowsByKey, UsersRepository } from './users.repository.js';

/**
 * Users are created by the client (POST /user) before their first event. A user whose deletion
 * job is running (deleted_at set) counts as not existing for reads (404, decision 215) and new
 * writes, and cannot be created again (409) until the job has removed the row. This module is the one owner of "this
 * user is live": every writer of user data asks `lockLive`/`requireLive` inside its transaction
 * (decision 080). Only this module and the points module (the balance column) read `users`.
 */
export class UsersService implements UserDataOwner, LiveUsers {
  readonly userDataName = 'user';
  private readonly repo: UsersRepository;

  /** Live-user lookups of concurrent requests, one query per turn of the event loop on PostgreSQL. */
  private readonly rows: BatchedLookup<'users', { project_id: 'text'; user_id: 'text' }, DB['users']>;
  /** The ids of each project's users whose deletion is under way. */
  private readonly deleting: SharedCache<Promise<Set<string>>>;

  constructor(private readonly platform: Platform) {
    this.repo = new UsersRepository(platform.db.kysely);
    this.deleting = new SharedCache(platform.bus, DELETIONS_TOPIC, platform.config.cacheTtlMs, 10_000);
    this.rows = new BatchedLookup(userRowsByKey, platform.db.kysely, platform.db.dialect, (r) => `${r.project_id}\u0000${r.user_id}`);
  }

  /** GET /admin/user: a page of the project's users. */
  list(projectId: string, query: UserListQuery): Promise<UserListPage> {
    return listUsers(this.repo, projectId, query);
  }

  async create(
    projectId: string,
    userId: string,
    timeZone: string = UTC,
  ): Promise<{ userId: string; createdAt: number; timeZone: string }> {
    const zone = validTimeZone(timeZone);
    const createdAt = this.platform.clock.now();
    // The row and the project's live-user count change together (decision 287).
    const inserted = await this.platform.db.kysely.transaction().execute(async (trx) => {
      const repo = new UsersRepository(trx);
      if (!(await repo.insert(projectId, userId, createdAt, zone))) return false;
      await repo.addLive(projectId, 1);
      return true;
    });
    if (!inserted) {
      const existing = await this.repo.find(projectId, userId);
      if (existing?.deleted_at != null) {
        throw AppError.of(
          'USER_BEING_DELETED',
          `User ${userId} is being deleted; it can be created again when the deletion is done ` +
            `(a failed deletion is retried by DELETE /user/${userId})`,
        );
      }
      throw AppError.of('USER_EXISTS', `User ${userId} already exists`);
    }
    return { userId, createdAt, timeZone: zone };
  }

  /**
   * PATCH /user/{userId}: the user's time zone and attributes. Periods already completed or counted
   * keep their local dates; events from now on fall into the new zone's calendar (decision 160).
   * Attributes merge into those stored (user-attributes.ts); the row is updated only if they are
   * still those read, so two PATCHes at once never lose each other's keys (decision 315).
   */
  async update(
    projectId: string,
    userId: string,
    change: { timeZone?: string; attributes?: AttributesChange },
  ): Promise<{ userId: string; timeZone: string; attributes: Attributes }> {
    const zone = change.timeZone === undefined ? undefined : validTimeZone(change.timeZone);
    for (;;) {
      const row = await this.repo.find(projectId, userId);
      if (!row || row.deleted_at != null) throw AppError.of('USER_NOT_FOUND', userId);
      const stored = row.attributes ?? '{}';
      const attributes = change.attributes ? mergeAttributes(attributesOf(stored), change.attributes) : attributesOf(stored);
      const next = change.attributes ? JSON.stringify(attributes) : stored;
      const updated = await this.repo.update(projectId, userId, { ...(zone ? { time_zone: zone } : {}), attributes: next }, stored);
      if (updated) return { userId, timeZone: updated.time_zone ?? UTC, attributes };
    }
  }

  /** GET /user/{userId}: the user's own record (404 USER_NOT_FOUND when unknown or being deleted). */
  async get(projectId: string, userId: string): Promise<{ userId: string; createdAt: number; timeZone: string; attributes: Attributes }> {
    const user = await this.require(projectId, userId);
    return { userId, createdAt: Number(user.created_at), timeZone: user.time_zone ?? UTC, attributes: attributesOf(user.attributes) };
  }

  /** The user's time zone (UTC for an unknown user): the calendar of its streaks' periods. */
  async timeZone(projectId: string, userId: string): Promise<string> {
    return (await this.findLive(projectId, userId))?.time_zone ?? UTC;
  }

  private async findLive(projectId: string, userId: string) {
    const user = await this.rows.find({ project_id: projectId, user_id: userId });
    return user && user.deleted_at == null ? user : undefined;
  }

  /** Whether the user's deletion is under way (marked, row not yet removed). */
  async beingDeleted(projectId: string, userId: string): Promise<boolean> {
    // Every GET of a user asks this: the project's few users under deletion are kept in memory
    // (decision 268), loaded by one indexed query and dropped on every instance when a deletion
    // starts or ends (deletionsChanged), so the answer costs no round trip to the store.
    const deleting = await this.deleting.getOrLoad(projectId, () => this.repo.deletingUserIds(projectId).then((ids) => new Set(ids)));
    return deleting.has(userId);
  }

  /** The project's users whose deletion is under way (the same cached set as `beingDeleted`). */
  async beingDeletedIds(projectId: string): Promise<readonly string[]> {
    const deleting = await this.deleting.getOrLoad(projectId, () => this.repo.deletingUserIds(projectId).then((ids) => new Set(ids)));
    return [...deleting];
  }

  /** A deletion of a user of the project started or ended: every instance reloads the project's set. */
  async deletionsChanged(projectId: string): Promise<void> {
    await this.platform.bus.publish(DELETIONS_TOPIC, projectId);
  }

  /** Ids of the project's live users after `after`, in id order (jobs that walk every user). */
  liveIdsAfter(projectId: string, after: string | null, limit: number): Promise<string[]> {
    return this.repo.liveIdsAfter(projectId, after, limit);
  }

  /**
   * How many live users the project has (the denominator of achievement rarity), read from the
   * count kept with every creation and deletion (decision 287): a few rows, whatever the project's size.
   */
  liveCount(projectId: string): Promise<number> {
    return this.repo.liveCount(projectId);
  }

  async exists(projectId: string, userId: string): Promise<boolean> {
    return (await this.findLive(projectId, userId)) !== undefined;
  }

  async require(projectId: string, userId: string) {
    const user = await this.findLive(projectId, userId);
    if (!user) throw AppError.of('USER_NOT_FOUND', userId);
    return user;
  }

  /**
   * The live users among `userIds`, inside the writer's transaction `trx`: those that exist and are
   * not being deleted. On PostgreSQL their rows stay locked until `trx` ends, so a DELETE /user
   * that starts meanwhile (its mark is an UPDATE of the row) waits for the writer's commit, and its
   * job then finds what the writer wrote; a writer that comes after the mark finds the user gone.
   * The lock is FOR NO KEY UPDATE, not FOR SHARE: most writers move the balance of the same row
   * later in the transaction, and two writers that both hold a share lock and then both update
   * deadlock (decision 080). Locks are taken in user_id order, so batches cannot deadlock on them.
   * SQLite has one writer, so the transactions never interleave. Takes a whole batch at once (the
   * event committer asks for all users of a batch) and returns the live ones as a Set.
   */
  async lockLive(trx: Queryable, projectId: string, userIds: readonly string[]): Promise<Set<string>> {
    const keys = [...new Set(userIds)].map((userId) => ({ project_id: projectId, user_id: userId }));
    const rows = await lockUserRows.run(new KyselySession(this.platform.db.dialect, this.platform.db.kysely, trx), keys);
    return new Set(rows.filter((r) => r.deleted_at === null).map((r) => r.user_id));
  }

  /** `lockLive` for one user: 404 USER_NOT_FOUND when it does not exist or is being deleted. */
  async requireLive(trx: Queryable, projectId: string, userId: string): Promise<void> {
    if (!(await this.lockLive(trx, projectId, [userId])).has(userId)) throw AppError.of('USER_NOT_FOUND', userId);
  }

  /** Balance for GET /user/{userId}/points: an unknown user has 0 points and userExists false. */
  async points(projectId: string, userId: string): Promise<{ userId: string; points: number; userExists: boolean }> {
    const user = await this.findLive(projectId, userId);
    return { userId, points: user ? Number(user.points) : 0, userExists: user !== undefined };
  }

  /**
   * Leaderboard display settings (POST /user/{userId}/leaderboard). Omitted fields keep their value;
   * the username shown defaults to the userId. 404 for an unknown user.
   */
  async setLeaderboardProfile(
    projectId: string,
    userId: string,
    input: { username?: string; anonymous?: boolean },
  ): Promise<LeaderboardProfile> {
    const change: { username?: string; anonymous?: number } = {};
    if (input.username !== undefined) change.username = input.username;
    if (input.anonymous !== undefined) change.anonymous = input.anonymous ? 1 : 0;
    const row =
      Object.keys(change).length > 0 ? await this.repo.setProfile(projectId, userId, change) : await this.findLive(projectId, userId);
    if (!row) throw AppError.of('USER_NOT_FOUND', userId);
    return { userId, username: row.username ?? userId, anonymous: Number(row.anonymous) === 1 };
  }

  /** Display settings of several users (unknown users and users being deleted are left out of the map). */
  async leaderboardProfiles(projectId: string, userIds: string[]): Promise<Map<string, LeaderboardProfile>> {
    const rows = await this.repo.profiles(projectId, [...new Set(userIds)]);
    return new Map(
      rows.map((r) => [r.user_id, { userId: r.user_id, username: r.username ?? r.user_id, anonymous: Number(r.anonymous) === 1 }]),
    );
  }

  /**
   * The deletion job's last owner: the user's own Idempotency-Keys, then the user row itself
   * (only once it is marked, so a live user is never removed here).
   */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const keys = await this.repo.deleteIdempotencyKeys(projectId, principalKey({ kind: 'user', projectId, userId }), limit);
    if (keys > 0) return keys;
    const removed = await this.repo.removeMarked(projectId, userId);
    if (removed > 0) await this.deletionsChanged(projectId);
    return removed;
  }
}

/** The bus topic of the users under deletion (payload: the project). */
export const DELETIONS_TOPIC = 'user-deletions';

/** The canonical name of an IANA time zone; 400 INVALID_TIME_ZONE for a name Intl does not know. */
function validTimeZone(name: string): string {
  const zone = canonicalTimeZone(name);
  if (zone === null) throw AppError.of('INVALID_TIME_ZONE', `Unknown time zone ${name}: use an IANA name such as Europe/Berlin`);
  return zone;
}

/** What writers of user data need from the users module (decision 080). */
export interface LiveUsers {
  lockLive(trx: Queryable, projectId: string, userIds: readonly string[]): Promise<Set<string>>;
  requireLive(trx: Queryable, projectId: string, userId: string): Promise<void>;
}

export interface LeaderboardProfile {
  userId: string;
  username: string;
  anonymous: boolean;
}
