import type { Platform } from '../../platform/platform.js';
import { dayNumber } from '../../platform/time.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { UserGroupsService } from '../usergroups/index.js';
import type { UserDataOwner } from '../users/index.js';
import type { ProjectDataOwner } from '../projects/index.js';
import type { LeaderboardProfile, UsersService } from '../users/index.js';
import { boardGroup } from './board-ref.js';
import { BoardReads } from './board-reads.js';
import { ClosedMonths } from './closed-months.js';
import { displayName } from './display-name.js';
import { LeaderboardsBatch, type BoardPointsUnit } from './leaderboards-batch.js';
import { LeaderboardsRepository } from './leaderboards.repository.js';
import { MemoryRankIndex } from './memory-rank-index.js';
import { ProfileCache } from './profile-cache.js';
import type { RankIndex } from './rank-index.js';
import { RedisRankIndex } from './redis-rank-index.js';

/**
 * Leaderboards (docs/api.md, Leaderboards): monthly boards and rolling 7d/30d/365d windows per group, ordered by points, then
 * the earlier time of reaching the total, then userId. A board ranks the points users earned in
 * its period: every ledger entry but spending. Totals live in SQL (written by the write path in
 * the same transaction as the entries, leaderboards-batch.ts); ranks come from the rank index
 * (memory or Redis).
 */
export class LeaderboardsService implements UserDataOwner, ProjectDataOwner {
  readonly userDataName = 'leaderboards';
  readonly projectDataName = 'leaderboards';
  private readonly repo: LeaderboardsRepository;
  private readonly index: RankIndex;
  /** Per project: the UTC day this instance knows the windows are rolled to (board-reads.ts rolls them lazily too). */
  private readonly rolled = new Map<string, number>();
  private readonly profiles: ProfileCache;
  /** Which months are closed, and their archived boards (decision 199). */
  readonly closedMonths: ClosedMonths;
  /** The user-facing reads of the boards and their page cache (board-reads.ts). */
  private readonly reads: BoardReads;

  /** The projects whose roll-over row the write path has read (leaderboards-batch.ts). */
  private readonly rollovers = new Set<string>();

  /** The leaderboards' part of every write batch (and the decider of `board-points` units). */
  readonly participant = defineParticipant<LeaderboardsBatch>({
    name: 'leaderboards',
    kind: 'board-points',
    /** It ranks the batch's ledger entries (every entry but spending). */
    after: ['ledger'],
    /** It share-locks the project's roll-over row, which every batch of the project shares: after the per-user parts. */
    sharedRows: true,
    begin: (batch) =>
      new LeaderboardsBatch(
        batch,
        {
          set: (board, life, entries) => this.index.set(board, life, entries),
          failed: (err) => this.platform.log.error({ err }, 'leaderboard index update failed'),
        },
        this.rollovers,
      ),
  });

  constructor(
    private readonly platform: Platform,
    private readonly users: UsersService,
    userGroups: UserGroupsService,
    private readonly writes: WritePath,
    currencies: Pick<CurrenciesService, 'require'>,
  ) {
    this.repo = new LeaderboardsRepository(platform.db);
    this.profiles = new ProfileCache(users, platform.bus, platform.config.cacheTtlMs);
    this.index = platform.redis ? new RedisRankIndex(platform.redis) : new MemoryRankIndex();
    this.closedMonths = new ClosedMonths(platform);
    this.reads = new BoardReads(platform, this.repo, this.index, this.profiles, this.closedMonths, { userGroups, currencies }, this.rolled);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /** GET /project/{projectId}/leaderboard, as the JSON text of the response (board-reads.ts). */
  board(...args: Parameters<BoardReads['board']>): Promise<string> {
    return this.reads.board(...args);
  }

  /** GET /user/{userId}/leaderboard: top 3, the user, `around` neighbours each side (board-reads.ts). */
  personal(...args: Parameters<BoardReads['personal']>) {
    return this.reads.personal(...args);
  }

  /** GET /user/{userId}/rank: rank and points in all three windows (board-reads.ts). */
  ranks(...args: Parameters<BoardReads['ranks']>) {
    return this.reads.ranks(...args);
  }

  /** A user's rank and points on one board now (live streams' rank.changed; board-reads.ts). */
  rankOf(...args: Parameters<BoardReads['rankOf']>): Promise<{ rank: number | null; points: number }> {
    return this.reads.rankOf(...args);
  }

  /** POST /user/{userId}/leaderboard */
  async setProfile(projectId: string, userId: string, input: { username?: string; anonymous?: boolean }): Promise<LeaderboardProfile> {
    const username = input.username === undefined ? undefined : displayName(input.username);
    const profile = await this.users.setLeaderboardProfile(projectId, userId, { ...input, username });
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
      if (await this.repo.rollOver(this.db, projectId, today)) await this.index.dropWindows(projectId, today);
      this.rolled.set(projectId, today);
    }
  }

  /**
   * The boards with points in a month after `after`, in key order (the month close, month-close.ts);
   * `groupId` is the stored group key (`boardGroup`: a currency's boards are boards of their own).
   */
  boardsOfMonth(month: string, after: { projectId: string; groupId: string } | null, limit: number) {
    return this.repo.boardsOfMonth(this.db, month, after, limit);
  }

  /** The first `n` of a month board (of `currency`, default `points`) with display names, read from SQL (the month close). */
  async monthTop(
    projectId: string,
    groupId: string,
    month: string,
    n: number,
    currency?: string,
  ): Promise<Array<{ rank: number; userId: string; username: string; points: number }>> {
    const top = await this.repo.monthTop(this.db, projectId, boardGroup(groupId, currency), month, n);
    const profiles = await this.profiles.get(
      projectId,
      top.map((e) => e.userId),
    );
    return top.map((e, i) => ({ rank: i + 1, userId: e.userId, username: profiles.get(e.userId)?.username ?? e.userId, points: e.points }));
  }

  /** One user's monthly earnings (of `currency`, default `points`) from `fromMonth` on (the tier route). */
  monthlyEarningsOf(projectId: string, userId: string, fromMonth: string, currency?: string) {
    return this.repo.monthlyEarningsOf(this.platform.db.kysely, projectId, userId, fromMonth, boardGroup('default', currency));
  }

  /**
   * The query of the points users earned per month in a currency (default `points`) on its `default`
   * board (every ledger entry but spending), from `fromMonth` (YYYY-MM) on: tiers read it, in the
   * write path's transaction or alone.
   */
  monthlyEarningsQuery(projectId: string, userIds: readonly string[], fromMonth: string, currency?: string) {
    return this.repo.monthlyEarningsQuery(this.platform.db.kysely, projectId, userIds, fromMonth, boardGroup('default', currency));
  }

  /**
   * Adds points to the boards (of `currency`, default `points`) without a ledger entry (the benchmark
   * seeds and tests use it), through the write path like every other change. `occurredAt` defaults to now.
   */
  async recordPoints(input: {
    projectId: string;
    userId: string;
    points: number;
    occurredAt?: number;
    userGroups?: string[];
    currency?: string;
  }): Promise<void> {
    const unit: BoardPointsUnit = {
      kind: 'board-points',
      projectId: input.projectId,
      userId: input.userId,
      points: input.points,
      occurredAt: input.occurredAt ?? this.platform.clock.now(),
      userGroups: input.userGroups ?? [],
      ...(input.currency === undefined ? {} : { currency: input.currency }),
    };
    await this.writes.submit(unit);
  }

  /** Removes the user's aggregates (at most `limit` rows per call), then the user's index entries. */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    await this.profiles.invalidate(projectId, userId);
    const rows = await this.repo.deleteUser(this.db, projectId, userId, limit);
    if (rows > 0) return rows;
    return this.index.deleteUser(projectId, userId);
  }

  /** A project being deleted (decision 216): its boards leave the rank index, its pages this instance's memory. */
  async deleteProjectData(projectId: string): Promise<void> {
    await this.index.deleteProject(projectId);
    this.rolled.delete(projectId);
    this.reads.forgetProject(projectId);
  }
}
