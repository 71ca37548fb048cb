import type { BoardRef } from './board-ref.js';

/**
 * Where ranks, pages and neighbours come from (never count(*) or OFFSET over a board):
 * `MemoryRankIndex` (embedded: an order-statistic list per board in this process) or
 * `RedisRankIndex` (scale mode: sorted sets shared by every instance). Both are mirrors of the SQL
 * aggregates: values are absolute and versioned, so applying an older value than the one held is a
 * no-op, and a board that is missing is loaded from SQL by `ensure`.
 */
export interface BoardEntry {
  userId: string;
  points: number;
  /** Latest occurredAt that added to the total: the tie-break, earlier first. */
  reachedAt: number;
  /** Version of the SQL row; only a newer version replaces what the index holds. */
  version: number;
}

export interface RankedEntry {
  userId: string;
  points: number;
  /** 1-based, unique. */
  rank: number;
}

/**
 * Streams the rows of one or more boards from SQL in batches: each batch holds one array of
 * entries per board, in the order of the boards given to `ensure` (the three windows of a group
 * come from one scan).
 */
export type BoardLoader = () => AsyncIterable<BoardEntry[][]>;

/**
 * `live`: a board that events keep current (this month, today's windows) — always written and kept.
 * `cached`: a past month, loaded on demand, written only while present, evicted first.
 */
export type BoardLife = 'live' | 'cached';

export interface Neighbourhood {
  total: number;
  top: RankedEntry[];
  /** The user's own entry, or null when the user has no points on the board. */
  me: RankedEntry | null;
  before: RankedEntry[];
  after: RankedEntry[];
}

/**
 * A page of a board with the board's version: a page read at one version stays the page while the
 * version is the same. `page` is null when the reader already held that version (`known`).
 */
export interface VersionedPage {
  version: string;
  page: { total: number; entries: RankedEntry[] } | null;
}

export interface RankIndex {
  /** Makes sure the boards are present and complete, loading them with `load` when one is not. */
  ensure(boards: BoardRef[], life: BoardLife, load: BoardLoader): Promise<void>;
  /** Applies absolute values from SQL (points 0 removes the user). */
  set(board: BoardRef, life: BoardLife, entries: BoardEntry[]): Promise<void>;
  /** The entries from `offset`, with the board's version; only the version when it is `known`. */
  page(board: BoardRef, offset: number, limit: number, known?: string | null): Promise<VersionedPage>;
  /** Top `top`, and `around` entries before and after the user (the last `around` when the user is not ranked). */
  neighbourhood(board: BoardRef, userId: string, top: number, around: number): Promise<Neighbourhood>;
  rank(board: BoardRef, userId: string): Promise<RankedEntry | null>;
  /** `rank` of several boards (the three windows of a group), in one call where the index can. */
  ranks(boards: BoardRef[], userId: string): Promise<Array<RankedEntry | null>>;
  /**
   * Forgets the window boards of a project built for `day` (every group and timeframe): called when
   * the SQL windows were just rolled to that day, so a board of that day held from an earlier visit
   * (the clock went back, then forward again) is stale and loads afresh.
   */
  dropWindows(projectId: string, day: number): Promise<void>;
  /** Removes a user from every board of the project this index holds; returns how many boards held the user. */
  deleteUser(projectId: string, userId: string): Promise<number>;
  /** Forgets every board of a project (it is being deleted): its keys in Redis, its boards in memory. */
  deleteProject(projectId: string): Promise<void>;
}
