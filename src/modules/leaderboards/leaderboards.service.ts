import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { dayNumber } from '../../platform/time.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { UserGroupsService } from '../usergroups/index.js';
import type { UserDataOwner } from '../users/index.js';
import type { ProjectDataOwner } from '../projects/index.js';
import type { LeaderboardProfile, UsersService } from '../users/index.js';
import {
  WINDOWS,
  boardGroup,
  boardKey,
  boardRef,
  isCurrentMonth,
  parsePeriod,
  type BoardQuery,
  type BoardRef,
  type Timeframe,
} from './board-ref.js';
import { BoundedMap } from './bounded-map.js';
import { archivedBoard, archivedPersonal, ClosedMonths } from './closed-months.js';
import { displayName } from './display-name.js';
import { LeaderboardsBatch, type BoardPointsUnit } from './leaderboards-batch.js';
import { LeaderboardsRepository } from './leaderboards.repository.js';
import { MemoryRankIndex } from './memory-rank-index.js';
import { ProfileCache } from './profile-cache.js';
import type { RankedEntry, RankIndex } from './rank-index.js';
import { BoardNotLoaded, RedisRankIndex } from './redis-rank-index.js';

/**
 * Leaderboards (docs/api.md, Leaderboards): monthly boards and rolling 7d/30d/365d windows per group, ordered by points, then
 * the earlier time of reaching the total, then userId. A board ranks the points users earned in
 * its period: every ledger entry but spending. Totals live in SQL (written by the write path in
 * the same transaction as the entries, leaderboards-batch.ts); ranks come from the rank index
 * (memory or Redis).
 */
export const TOP_USERS = 3;
/** Full board pages kept (each at most a page of JSON; a board change or expiry builds it again). */
const PAGE_CACHE_ENTRIES = 2_000;

const ANONYMOUS = 'Anonymous';

/** A board request's currency (absent: `points`, decision 297). */
interface CurrencyQuery {
  currency?: string;
}

/** What a response says of its board: the group, and the currency when the request named one. */
function shownBoard(groupId: string, currency: string | undefined): { groupId: string; currency?: string } {
  return currency === undefined ? { groupId } : { groupId, currency };
}

export interface Entry {
  userId: string | null;
  username: string;
  points: number;
  rank: number;
}

export class LeaderboardsService implements UserDataOwner, ProjectDataOwner {
  readonly userDataName = 'leaderboards';
  readonly projectDataName = 'leaderboards';
  private readonly repo: LeaderboardsRepository;
  private readonly index: RankIndex;
  /** Per project: the UTC day this instance knows the windows are rolled to. */
  private readonly rolled = new Map<string, number>();
  private readonly profiles: ProfileCache;
  /** Which months are closed, and their archived boards (decision 199). */
  readonly closedMonths: ClosedMonths;
  /** Full board pages as served (see `board`), per board, offset and limit. */
  private readonly pages = new BoundedMap<string, { version: string; generation: number; body: string; until: number }>(PAGE_CACHE_ENTRIES);

  /** The leaderboards' part of every write batch (and the decider of `board-points` units). */
  readonly participant = defineParticipant<LeaderboardsBatch>({
    name: 'leaderboards',
    kind: 'board-points',
    /** It ranks the batch's ledger entries (every entry but spending). */
    after: ['ledger'],
    /** It share-locks the project's roll-over row, which every batch of the project shares: after the per-user parts. */
    sharedRows: true,
    begin: (batch) =>
      new LeaderboardsBatch(batch, {
        set: (board, life, entries) => this.index.set(board, life, entries),
        failed: (err) => this.platform.log.error({ err }, 'leaderboard index update failed'),
      }),
  });

  constructor(
    private readonly platform: Platform,
    private readonly users: UsersService,
    private readonly userGroups: UserGroupsService,
    private readonly writes: WritePath,
    private readonly currencies: Pick<CurrenciesService, 'require'>,
  ) {
    this.repo = new LeaderboardsRepository(platform.db);
    this.profiles = new ProfileCache(users, platform.bus, platform.config.cacheTtlMs);
    this.index = platform.redis ? new RedisRankIndex(platform.redis) : new MemoryRankIndex();
    this.closedMonths = new ClosedMonths(platform);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /**
   * GET /project/{projectId}/leaderboard, as the JSON text of the response. A page is built once per
   * version of its board (every change of the board, on any instance, gives a new version) and of
   * the display names, and served as text until either changes (decision 072).
   */
  async board(
    callerProjectId: string,
    projectId: string,
    q: BoardQuery & CurrencyQuery & { groupId: string; limit?: number; offset?: number },
  ): Promise<string> {
    if (projectId !== callerProjectId) throw AppError.of('PROJECT_NOT_FOUND', projectId);
    const period = parsePeriod(q);
    await this.requireBoard(projectId, q.groupId, q.currency);
    const group = boardGroup(q.groupId, q.currency);
    const named = shownBoard(q.groupId, q.currency);
    const offset = q.offset ?? 0;
    const limit = q.limit ?? 100;
    const month = 'month' in period ? period.month : null;
    const archive = month === null ? null : await this.closedMonths.archiveOf(projectId, month);
    if (archive && month !== null) return archivedBoard(archive, { projectId, groupId: group, month, offset, limit }, named);
    const ref = await this.open(boardRef(projectId, group, period, this.platform.clock.now()));
    // The body names the currency only when the request did: `currency` is part of the page's key.
    const key = `${boardKey(ref)}|${offset}|${limit}|${q.currency ?? ''}`;
    const generation = this.profiles.generation;
    const cached = this.pages.get(key);
    const fresh = cached && cached.generation === generation && cached.until > performance.now() ? cached : undefined;
    const { version, page } = await this.read(ref, () => this.index.page(ref, offset, limit, fresh?.version ?? null));
    if (!page) return fresh!.body;
    const profiles = await this.profiles.get(
      projectId,
      page.entries.map((e) => e.userId),
    );
    const users = page.entries.map((e) => ({
      userId: e.userId,
      username: profiles.get(e.userId)?.username ?? e.userId,
      points: e.points,
      rank: e.rank,
    }));
    const body = JSON.stringify({ users, total: page.total, ...named, ...period });
    this.pages.set(key, { version, generation, body, until: performance.now() + this.platform.config.cacheTtlMs });
    return body;
  }

  /** GET /user/{userId}/leaderboard: top 3, the user, `around` neighbours each side. */
  async personal(projectId: string, userId: string, q: BoardQuery & CurrencyQuery & { groupId: string; around?: number }) {
    const period = parsePeriod(q);
    await this.requireBoard(projectId, q.groupId, q.currency);
    await this.requireUser(projectId, userId);
    const group = boardGroup(q.groupId, q.currency);
    const named = shownBoard(q.groupId, q.currency);
    const around = q.around ?? 2;
    const month = 'month' in period ? period.month : null;
    const archive = month === null ? null : await this.closedMonths.archiveOf(projectId, month);
    if (archive && month !== null) {
      const view = { projectId, groupId: group, month, userId, around, top: TOP_USERS };
      return archivedPersonal(archive, view, await this.profiles.get(projectId, [userId]), named);
    }
    const ref = await this.open(boardRef(projectId, group, period, this.platform.clock.now()));
    const n = await this.read(ref, () => this.index.neighbourhood(ref, userId, TOP_USERS, around));
    const all = [...n.top, ...n.before, ...n.after];
    const profiles = await this.profiles.get(projectId, [userId, ...all.map((e) => e.userId)]);
    const show = (e: RankedEntry): Entry => shown(e, profiles.get(e.userId), e.userId === userId);
    const me = profiles.get(userId);
    return {
      topUsers: n.top.map(show),
      usersBefore: n.before.map(show),
      // An unranked user (a total of 0 or below, decision 191) is shown with its total, read from SQL.
      currentUser: {
        userId,
        username: me?.username ?? userId,
        points: n.me?.points ?? (await this.repo.userTotal(this.db, ref, userId)),
        rank: n.me?.rank ?? null,
      },
      usersAfter: n.after.map(show),
      total: n.total,
      ...named,
      ...period,
    };
  }

  /**
   * GET /user/{userId}/rank: rank and points in all three windows. `month` or `timeframe` would be
   * ignored (the answer is always the three windows), so they are refused, as GET /stats/event does.
   */
  async ranks(projectId: string, userId: string, query: CurrencyQuery & { groupId?: string; month?: unknown; timeframe?: unknown }) {
    for (const name of ['month', 'timeframe'] as const) {
      if (query[name] !== undefined)
        throw AppError.of('INVALID_PARAMETER', `querystring/${name} is not accepted: the ranks of all three windows are always returned`);
    }
    const groupId = query.groupId ?? 'default';
    await this.requireBoard(projectId, groupId, query.currency);
    await this.requireUser(projectId, userId);
    const group = boardGroup(groupId, query.currency);
    const now = this.platform.clock.now();
    // The three windows load together (ensure) and are read in one call of the index.
    const refs = await Promise.all(WINDOWS.map((timeframe) => this.open(boardRef(projectId, group, { timeframe }, now))));
    const found = await this.read(refs[0]!, () => this.index.ranks(refs, userId));
    const ranks = {} as Record<Timeframe, { rank: number | null; points: number }>;
    WINDOWS.forEach((timeframe, i) => {
      const r = found[i];
      ranks[timeframe] = r ? { rank: r.rank, points: r.points } : { rank: null, points: 0 };
    });
    const { currency } = shownBoard(groupId, query.currency);
    return { userId, groupId, ...(currency ? { currency } : {}), ranks: { '7d': ranks['7d'], '30d': ranks['30d'], '365d': ranks['365d'] } };
  }

  /** A user's rank and points on one board now (live streams' rank.changed); an unranked or unknown user: rank null. */
  async rankOf(
    projectId: string,
    userId: string,
    groupId: string,
    period: BoardQuery & CurrencyQuery,
  ): Promise<{ rank: number | null; points: number }> {
    const parsed = parsePeriod(period);
    await this.requireBoard(projectId, groupId, period.currency);
    const ref = await this.open(boardRef(projectId, boardGroup(groupId, period.currency), parsed, this.platform.clock.now()));
    const r = await this.read(ref, () => this.index.rank(ref, userId));
    return r ? { rank: r.rank, points: r.points } : { rank: null, points: 0 };
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
    for (const key of this.pages.keys()) if (key.startsWith(`${projectId}|`)) this.pages.delete(key);
  }

  /** 404 for an unknown user (the cached profile says the user exists). */
  private async requireUser(projectId: string, userId: string): Promise<void> {
    if (!(await this.profiles.get(projectId, [userId])).has(userId)) throw AppError.of('USER_NOT_FOUND', userId);
  }

  /** 404 for an unknown group, then 400 UNKNOWN_CURRENCY for a currency the project does not have. */
  private async requireBoard(projectId: string, groupId: string, currency: string | undefined): Promise<void> {
    if (!(await this.userGroups.exists(projectId, groupId))) throw AppError.of('USERGROUP_NOT_FOUND', groupId);
    await this.currencies.require(projectId, currency, 'read');
  }

  /** Rolls the windows lazily when the UTC day changed, and makes sure the board is in the index. */
  private async open(ref: BoardRef): Promise<BoardRef> {
    if (ref.kind === 'window' && this.rolled.get(ref.projectId) !== ref.day) {
      // Boards of this day held from an earlier visit (the clock went back) were built from other totals.
      if (await this.repo.rollOver(this.db, ref.projectId, ref.day)) await this.index.dropWindows(ref.projectId, ref.day);
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
