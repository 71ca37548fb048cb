import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { dayNumber, monthKey } from '../../platform/time.js';
import type { EventStage, PipelineEvent, PipelineOutcome } from '../events/pipeline.js';
import { DEFAULT_GROUP, type UserGroupsService } from '../usergroups/usergroups.service.js';
import type { UserDataOwner } from '../users/user-data.js';
import type { LeaderboardProfile, UsersService } from '../users/users.service.js';
import { WINDOWS, boardRef, isCurrentMonth, parsePeriod, type BoardQuery, type BoardRef, type Timeframe } from './board-ref.js';
import { LeaderboardsRepository, type AddedTotals } from './leaderboards.repository.js';
import { MemoryRankIndex } from './memory-rank-index.js';
import { ProfileCache } from './profile-cache.js';
import type { BoardLife, RankedEntry, RankIndex } from './rank-index.js';
import { BoardNotLoaded, RedisRankIndex } from './redis-rank-index.js';

/**
 * Leaderboards (CONTRACT.md section 4): monthly boards and rolling 7d/30d/365d windows per group,
 * ordered by points, then the earlier time of reaching the total, then userId. Totals live in SQL
 * (updated in the event's transaction); ranks come from the rank index (memory or Redis).
 */
export const TOP_USERS = 3;
const ANONYMOUS = 'Anonymous';

export interface Entry {
  userId: string | null;
  username: string;
  points: number;
  rank: number;
}

interface Pending {
  windowDay: number;
  month: string;
  changes: Array<{ groupId: string; totals: AddedTotals }>;
}

export class LeaderboardsService implements UserDataOwner {
  readonly userDataName = 'leaderboards';
  readonly stage: EventStage;
  private readonly repo: LeaderboardsRepository;
  private readonly index: RankIndex;
  /** Per project: the UTC day this instance knows the windows are rolled to. */
  private readonly rolled = new Map<string, number>();
  private readonly pending = new WeakMap<PipelineOutcome, Pending>();
  private readonly profiles: ProfileCache;

  constructor(
    private readonly platform: Platform,
    private readonly users: UsersService,
    private readonly userGroups: UserGroupsService,
  ) {
    this.repo = new LeaderboardsRepository(platform.db.dialect, platform.db.sqlite);
    this.profiles = new ProfileCache(users, platform.bus);
    this.index = platform.redis ? new RedisRankIndex(platform.redis) : new MemoryRankIndex();
    this.stage = {
      name: 'leaderboards',
      apply: (trx, event, outcome) => this.applyEvent(trx, event, outcome),
      afterCommit: (event, outcome) => this.afterCommit(event, outcome),
    };
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /** GET /project/{projectId}/leaderboard */
  async board(callerProjectId: string, projectId: string, q: BoardQuery & { groupId: string; limit?: number; offset?: number }) {
    if (projectId !== callerProjectId) throw AppError.notFound(`Project ${projectId} not found`, 'PROJECT_NOT_FOUND');
    const period = parsePeriod(q);
    await this.requireGroup(projectId, q.groupId);
    const ref = await this.open(boardRef(projectId, q.groupId, period, this.platform.clock.now()));
    const { total, entries } = await this.read(ref, () => this.index.page(ref, q.offset ?? 0, q.limit ?? 100));
    const profiles = await this.profiles.get(projectId, entries.map((e) => e.userId));
    const users = entries.map((e) => ({ ...e, username: profiles.get(e.userId)?.username ?? e.userId }));
    return { users, total, groupId: q.groupId, ...period };
  }

  /** GET /user/{userId}/leaderboard: top 3, the user, `around` neighbours each side. */
  async personal(projectId: string, userId: string, q: BoardQuery & { groupId: string; around?: number }) {
    const period = parsePeriod(q);
    await this.requireGroup(projectId, q.groupId);
    await this.requireUser(projectId, userId);
    const around = q.around ?? 2;
    const ref = await this.open(boardRef(projectId, q.groupId, period, this.platform.clock.now()));
    const n = await this.read(ref, () => this.index.neighbourhood(ref, userId, TOP_USERS, around));
    const all = [...n.top, ...n.before, ...n.after];
    const profiles = await this.profiles.get(projectId, [userId, ...all.map((e) => e.userId)]);
    const show = (e: RankedEntry): Entry => shown(e, profiles.get(e.userId), e.userId === userId);
    const me = profiles.get(userId);
    return {
      topUsers: n.top.map(show),
      usersBefore: n.before.map(show),
      currentUser: { userId, username: me?.username ?? userId, points: n.me?.points ?? 0, rank: n.me?.rank ?? null },
      usersAfter: n.after.map(show),
      total: n.total,
      groupId: q.groupId,
      ...period,
    };
  }

  /** GET /user/{userId}/rank: rank and points in all three windows. */
  async ranks(projectId: string, userId: string, groupId: string) {
    await this.requireGroup(projectId, groupId);
    await this.requireUser(projectId, userId);
    const now = this.platform.clock.now();
    const ranks = {} as Record<Timeframe, { rank: number | null; points: number }>;
    await Promise.all(
      WINDOWS.map(async (timeframe) => {
        const ref = await this.open(boardRef(projectId, groupId, { timeframe }, now));
        const r = await this.read(ref, () => this.index.rank(ref, userId));
        ranks[timeframe] = r ? { rank: r.rank, points: r.points } : { rank: null, points: 0 };
      }),
    );
    return { userId, groupId, ranks: { '7d': ranks['7d'], '30d': ranks['30d'], '365d': ranks['365d'] } };
  }

  /** POST /user/{userId}/leaderboard */
  async setProfile(projectId: string, userId: string, input: { username?: string; anonymous?: boolean }): Promise<LeaderboardProfile> {
    const profile = await this.users.setLeaderboardProfile(projectId, userId, input);
    await this.profiles.invalidate(projectId, userId);
    return profile;
  }

  /**
   * Moves every project's rolling windows to the UTC day of `now` (the daily job). Idempotent: a
   * project already on that day is left alone; each project moves in one transaction.
   */
  async rollOver(now: number = this.platform.clock.now()): Promise<void> {
    const today = dayNumber(now);
    for (const projectId of await this.repo.projectsBehind(this.db, today)) {
      await this.repo.rollOver(this.db, projectId, today);
      this.rolled.set(projectId, today);
    }
  }

  /**
   * Adds points to the boards outside POST /event, through the same stage (the benchmark seeds
   * and tests use it). `occurredAt` defaults to now.
   */
  async recordPoints(input: { projectId: string; userId: string; points: number; occurredAt?: number; userGroups?: string[] }): Promise<void> {
    const now = this.platform.clock.now();
    const event: PipelineEvent = {
      projectId: input.projectId,
      userId: input.userId,
      eventId: 'leaderboard-points',
      occurredAt: input.occurredAt ?? now,
      receivedAt: now,
      metadata: {},
      userGroups: input.userGroups ?? [],
      points: input.points,
      conditionReached: true,
      limitReached: false,
      qualifies: true,
    };
    const outcome: PipelineOutcome = { streaks: [], challenges: [], pointsEarned: input.points };
    await this.db.transaction().execute((trx) => this.applyEvent(trx, event, outcome));
    await this.afterCommit(event, outcome);
  }

  /** Removes the user's aggregates (at most `limit` rows per call), then the user's index entries. */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    await this.profiles.invalidate(projectId, userId);
    const rows = await this.repo.deleteUser(this.db, projectId, userId, limit);
    if (rows > 0) return rows;
    return this.index.deleteUser(projectId, userId);
  }

  private async applyEvent(trx: Parameters<EventStage['apply']>[0], event: PipelineEvent, outcome: PipelineOutcome): Promise<void> {
    const points = outcome.pointsEarned;
    if (!(points > 0)) return;
    const windowDay = await this.repo.windowDay(trx, event.projectId, dayNumber(this.platform.clock.now()));
    const day = dayNumber(event.occurredAt);
    const month = monthKey(event.occurredAt);
    const groups = [DEFAULT_GROUP, ...new Set(event.userGroups.filter((g) => g !== DEFAULT_GROUP))];
    const changes: Pending['changes'] = [];
    for (const groupId of groups) {
      const totals = await this.repo.add(trx, { projectId: event.projectId, groupId, userId: event.userId, day, month, points, occurredAt: event.occurredAt }, windowDay);
      changes.push({ groupId, totals });
    }
    this.pending.set(outcome, { windowDay, month, changes });
  }

  private async afterCommit(event: PipelineEvent, outcome: PipelineOutcome): Promise<void> {
    const pending = this.pending.get(outcome);
    if (!pending) return;
    this.pending.delete(outcome);
    const { projectId } = event;
    const monthLife: BoardLife = pending.month === monthKey(this.platform.clock.now()) ? 'live' : 'cached';
    try {
      for (const { groupId, totals } of pending.changes) {
        await this.index.set({ projectId, groupId, kind: 'month', month: pending.month }, monthLife, [totals.month]);
        if (!totals.windows) continue;
        for (const timeframe of WINDOWS) {
          await this.index.set({ projectId, groupId, kind: 'window', timeframe, day: pending.windowDay }, 'live', [totals.windows[timeframe]]);
        }
      }
    } catch (err) {
      // The totals are committed; a board that missed them is repaired when it is next loaded.
      this.platform.log.error({ err, projectId, userId: event.userId }, 'leaderboard index update failed');
    }
  }

  /** 404 for an unknown user (the cached profile says the user exists). */
  private async requireUser(projectId: string, userId: string): Promise<void> {
    if (!(await this.profiles.get(projectId, [userId])).has(userId)) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
  }

  private async requireGroup(projectId: string, groupId: string): Promise<void> {
    if (!(await this.userGroups.exists(projectId, groupId))) throw AppError.notFound(`User group ${groupId} not found`, 'USERGROUP_NOT_FOUND');
  }

  /** Rolls the windows lazily when the UTC day changed, and makes sure the board is in the index. */
  private async open(ref: BoardRef): Promise<BoardRef> {
    if (ref.kind === 'window' && this.rolled.get(ref.projectId) !== ref.day) {
      await this.repo.rollOver(this.db, ref.projectId, ref.day);
      this.rolled.set(ref.projectId, ref.day);
    }
    await this.ensure(ref);
    return ref;
  }

  /** Loads a board into the index when missing; the three windows of a group load together, from one scan. */
  private ensure(ref: BoardRef): Promise<void> {
    if (ref.kind === 'window') {
      const refs = WINDOWS.map((timeframe): BoardRef => ({ ...ref, timeframe }));
      return this.index.ensure(refs, 'live', () => this.repo.windowRows(this.db, ref.projectId, ref.groupId));
    }
    const life = isCurrentMonth(ref, this.platform.clock.now()) ? 'live' : 'cached';
    return this.index.ensure([ref], life, () => this.repo.monthRows(this.db, ref.projectId, ref.groupId, ref.month));
  }

  /** A read of the index; a Redis board that vanished since `open` is loaded again and read once more. */
  private async read<T>(ref: BoardRef, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof BoardNotLoaded)) throw err;
      await this.ensure(ref);
      return run();
    }
  }
}

/** How an entry is shown: anonymous users appear as `null` / "Anonymous" to everyone but themselves. */
function shown(e: RankedEntry, profile: LeaderboardProfile | undefined, self: boolean): Entry {
  if (profile?.anonymous && !self) return { userId: null, username: ANONYMOUS, points: e.points, rank: e.rank };
  return { userId: e.userId, username: profile?.username ?? e.userId, points: e.points, rank: e.rank };
}
