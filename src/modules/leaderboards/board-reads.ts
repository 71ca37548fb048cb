import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { UserGroupsService } from '../usergroups/index.js';
import type { LeaderboardProfile } from '../users/index.js';
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
import { archivedBoard, archivedPersonal, type ClosedMonths } from './closed-months.js';
import type { LeaderboardsRepository } from './leaderboards.repository.js';
import type { ProfileCache } from './profile-cache.js';
import type { RankedEntry, RankIndex } from './rank-index.js';
import { BoardNotLoaded } from './redis-rank-index.js';

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

/** What the reads need of other modules: whether a group exists, and the project's currencies. */
export interface BoardReadSources {
  userGroups: Pick<UserGroupsService, 'exists'>;
  currencies: Pick<CurrenciesService, 'require'>;
}

/**
 * The user-facing reads of the boards (the full board, the personalized view, the ranks, a user's
 * rank for live streams) and the cache of full board pages. A board is loaded into the rank index
 * when it is first read; the windows are rolled lazily to the day being read.
 */
/** The query of a user's personalized board (GET /user/{userId}/leaderboard). */
type PersonalQuery = BoardQuery & CurrencyQuery & { groupId: string; around?: number };

export class BoardReads {
  /** Full board pages as served (see `board`), per board, offset and limit. */
  private readonly pages = new BoundedMap<string, { version: string; generation: number; body: string; until: number }>(PAGE_CACHE_ENTRIES);

  constructor(
    private readonly platform: Platform,
    private readonly repo: LeaderboardsRepository,
    private readonly index: RankIndex,
    private readonly profiles: ProfileCache,
    private readonly closedMonths: ClosedMonths,
    private readonly sources: BoardReadSources,
    /** Per project: the UTC day this instance knows the windows are rolled to (the service's, which the daily roll-over sets). */
    private readonly rolled: Map<string, number>,
  ) {}

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
  async personal(projectId: string, userId: string, q: PersonalQuery) {
    const period = parsePeriod(q);
    await this.requireBoard(projectId, q.groupId, q.currency);
    // The user check (a store read) goes out with the board's reads; an unknown user's view is not answered.
    const [, view] = await Promise.all([this.requireUser(projectId, userId), this.personalView(projectId, userId, q, period)]);
    return view;
  }

  private async personalView(projectId: string, userId: string, q: PersonalQuery, period: ReturnType<typeof parsePeriod>) {
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
    const group = boardGroup(groupId, query.currency);
    const now = this.platform.clock.now();
    // The three windows load together (ensure) and are read in one call of the index, while the user
    // check (a store read) is under way.
    const [, found] = await Promise.all([
      this.requireUser(projectId, userId),
      Promise.all(WINDOWS.map((timeframe) => this.open(boardRef(projectId, group, { timeframe }, now)))).then((refs) =>
        this.read(refs[0]!, () => this.index.ranks(refs, userId)),
      ),
    ]);
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

  /** A project being deleted (decision 216): its pages leave this instance's memory. */
  forgetProject(projectId: string): void {
    for (const key of this.pages.keys()) if (key.startsWith(`${projectId}|`)) this.pages.delete(key);
  }

  /** 404 for an unknown user (the cached profile says the user exists). */
  private async requireUser(projectId: string, userId: string): Promise<void> {
    if (!(await this.profiles.get(projectId, [userId])).has(userId)) throw AppError.of('USER_NOT_FOUND', userId);
  }

  /** 404 for an unknown group, then 400 UNKNOWN_CURRENCY for a currency the project does not have. */
  private async requireBoard(projectId: string, groupId: string, currency: string | undefined): Promise<void> {
    if (!(await this.sources.userGroups.exists(projectId, groupId))) throw AppError.of('USERGROUP_NOT_FOUND', groupId);
    await this.sources.currencies.require(projectId, currency, 'read');
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
