import { principalKey } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { UserDataOwner } from './user-data.js';
import { UsersRepository } from './users.repository.js';

/**
 * Users are created by the client (POST /user) before their first event. A user whose deletion
 * job is running (deleted_at set) counts as not existing for reads and new writes, and cannot be
 * created again (409) until the job has removed the row.
 */
export class UsersService implements UserDataOwner {
  readonly userDataName = 'user';
  private readonly repo: UsersRepository;

  constructor(private readonly platform: Platform) {
    this.repo = new UsersRepository(platform.db.kysely);
  }

  async create(projectId: string, userId: string): Promise<{ userId: string; createdAt: number }> {
    const createdAt = this.platform.clock.now();
    if (!(await this.repo.insert(projectId, userId, createdAt))) {
      const existing = await this.repo.find(projectId, userId);
      if (existing?.deleted_at != null) {
        throw AppError.conflict(`User ${userId} is being deleted; it can be created again when the deletion is done`, 'USER_BEING_DELETED');
      }
      throw AppError.badRequest(`User ${userId} already exists`, 'USER_EXISTS');
    }
    return { userId, createdAt };
  }

  private async findLive(projectId: string, userId: string) {
    const user = await this.repo.find(projectId, userId);
    return user && user.deleted_at == null ? user : undefined;
  }

  async exists(projectId: string, userId: string): Promise<boolean> {
    return (await this.findLive(projectId, userId)) !== undefined;
  }

  async require(projectId: string, userId: string) {
    const user = await this.findLive(projectId, userId);
    if (!user) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
    return user;
  }

  /** Balance for GET /user/{userId}/points: an unknown user has 0 points and userExists false. */
  async points(projectId: string, userId: string): Promise<{ userId: string; points: number; userExists: boolean }> {
    const user = await this.findLive(projectId, userId);
    return { userId, points: user ? Number(user.points) : 0, userExists: user !== undefined };
  }

  /**
   * The deletion job's last owner: the user's own Idempotency-Keys, then the user row itself
   * (only once it is marked, so a live user is never removed here).
   */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const keys = await this.repo.deleteIdempotencyKeys(projectId, principalKey({ kind: 'user', projectId, userId }), limit);
    if (keys > 0) return keys;
    return this.repo.removeMarked(projectId, userId);
  }

  /**
   * Leaderboard display settings (POST /user/{userId}/leaderboard). Omitted fields keep their value;
   * the username shown defaults to the userId. 404 for an unknown user.
   */
  async setLeaderboardProfile(projectId: string, userId: string, input: { username?: string; anonymous?: boolean }): Promise<LeaderboardProfile> {
    const change: { username?: string; anonymous?: number } = {};
    if (input.username !== undefined) change.username = input.username;
    if (input.anonymous !== undefined) change.anonymous = input.anonymous ? 1 : 0;
    const row = Object.keys(change).length > 0 ? await this.repo.setProfile(projectId, userId, change) : await this.repo.find(projectId, userId);
    if (!row) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
    return { userId, username: row.username ?? userId, anonymous: Number(row.anonymous) === 1 };
  }

  /** Display settings of several users (unknown users are left out of the map). */
  async leaderboardProfiles(projectId: string, userIds: string[]): Promise<Map<string, LeaderboardProfile>> {
    const rows = await this.repo.profiles(projectId, [...new Set(userIds)]);
    return new Map(rows.map((r) => [r.user_id, { userId: r.user_id, username: r.username ?? r.user_id, anonymous: Number(r.anonymous) === 1 }]));
  }
}

export interface LeaderboardProfile {
  userId: string;
  username: string;
  anonymous: boolean;
}
