import type { InvalidationBus } from '../../platform/bus.js';
import { SharedCache } from '../../platform/shared-cache.js';
import type { LeaderboardProfile, UsersService } from '../users/index.js';

const TOPIC = 'leaderboard-profile';
const MAX_ENTRIES = 200_000;

/**
 * Display names and anonymity of users, cached in front of UsersService so that a board page does
 * not query 100 users per request. A change (POST /user/{userId}/leaderboard, user deletion) is
 * published on the invalidation bus, so every instance drops its copy. Unknown users are not cached.
 */
export class ProfileCache {
  private readonly entries: SharedCache<LeaderboardProfile>;
  private changes = 0;

  constructor(
    private readonly users: UsersService,
    private readonly bus: InvalidationBus,
    ttlMs: number,
  ) {
    this.entries = new SharedCache(bus, TOPIC, ttlMs, MAX_ENTRIES);
    bus.on(TOPIC, () => this.changes++);
    bus.onReset(() => this.changes++);
  }

  /** Raised by every change of a profile this instance heard of: what was built from profiles before is old. */
  get generation(): number {
    return this.changes;
  }

  async get(projectId: string, userIds: string[]): Promise<Map<string, LeaderboardProfile>> {
    const out = new Map<string, LeaderboardProfile>();
    const missing: string[] = [];
    for (const userId of userIds) {
      const hit = this.entries.get(`${projectId}\n${userId}`);
      if (hit) out.set(userId, hit);
      else missing.push(userId);
    }
    if (missing.length === 0) return out;
    const loaded = await this.users.leaderboardProfiles(projectId, missing);
    for (const [userId, profile] of loaded) {
      this.entries.set(`${projectId}\n${userId}`, profile);
      out.set(userId, profile);
    }
    return out;
  }

  /** Drops a user's cached profile here and on every other instance. */
  invalidate(projectId: string, userId: string): Promise<void> {
    return this.bus.publish(TOPIC, `${projectId}\n${userId}`);
  }
}
