import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { UsersRepository } from './users.repository.js';

/** Users are created by the client (POST /user) before their first event. */
export class UsersService {
  private readonly repo: UsersRepository;

  constructor(private readonly platform: Platform) {
    this.repo = new UsersRepository(platform.db.kysely);
  }

  async create(projectId: string, userId: string): Promise<{ userId: string; createdAt: number }> {
    const createdAt = this.platform.clock.now();
    if (!(await this.repo.insert(projectId, userId, createdAt))) {
      throw AppError.badRequest(`User ${userId} already exists`, 'USER_EXISTS');
    }
    return { userId, createdAt };
  }

  async exists(projectId: string, userId: string): Promise<boolean> {
    return (await this.repo.find(projectId, userId)) !== undefined;
  }

  async require(projectId: string, userId: string) {
    const user = await this.repo.find(projectId, userId);
    if (!user) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
    return user;
  }

  /** Balance for GET /user/{userId}/points: an unknown user has 0 points and userExists false. */
  async points(projectId: string, userId: string): Promise<{ userId: string; points: number; userExists: boolean }> {
    const user = await this.repo.find(projectId, userId);
    return { userId, points: user ? Number(user.points) : 0, userExists: user !== undefined };
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
