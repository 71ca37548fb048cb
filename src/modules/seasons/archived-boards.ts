import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { boardGroup, type ArchivedEntry, type MonthArchive } from '../leaderboards/index.js';
import type { ClosedBoard } from '../leaderboards/index.js';
import { ArchivePages } from './archive-pages.js';
import { SeasonsRepository } from './seasons.repository.js';
import type { ArchivedBoard, ArchiveQuery } from './seasons.schemas.js';
import type { LeaderboardArchiveTable } from './seasons.tables.js';

export const ARCHIVE_LIMIT = 1_000_000;

const archivedEntry = (r: LeaderboardArchiveTable): ArchivedEntry => ({
  userId: r.user_id,
  username: r.username,
  points: Number(r.points),
  rank: Number(r.rank),
});

/** What the archived boards need from other modules. */
export interface ArchiveSources {
  /** 400 UNKNOWN_CURRENCY unless the project has the currency (absent: `points`). */
  requireCurrency(projectId: string, currency: string | undefined): Promise<void>;
  /** A month board (of `currency`) in its order with display names, read from SQL. */
  monthTop(
    projectId: string,
    groupId: string,
    month: string,
    n: number,
    currency: string,
  ): Promise<Array<{ rank: number; userId: string; username: string; points: number }>>;
}

/**
 * The archived boards of closed months (decision 162): the month-close step that takes a board's
 * snapshot, and its reads (the archive's pages, kept as text, and the closed months of the leaderboards).
 */
export class ArchivedBoards {
  private readonly repo: SeasonsRepository;
  /** Archived board pages as text, by page and board version (decision 335). */
  private readonly archivePages = new ArchivePages();

  constructor(
    private readonly platform: Platform,
    private readonly sources: ArchiveSources,
  ) {
    this.repo = new SeasonsRepository(platform.db.kysely);
  }

  /**
   * GET /project/{projectId}/leaderboard/archive: a page of a closed month's snapshot, as the JSON text of the response. A page is
   * built once per version of its board (its size and archive time) and served as text while it stands (decision 335).
   */
  async archive(callerProjectId: string, projectId: string, q: ArchiveQuery): Promise<string> {
    if (projectId !== callerProjectId) throw AppError.of('PROJECT_NOT_FOUND', projectId);
    await this.sources.requireCurrency(projectId, q.currency);
    // A currency's boards are archived under their own group key (decision 297).
    const group = boardGroup(q.groupId, q.currency);
    const size = await this.repo.archiveSize(projectId, group, q.month);
    if (!size)
      throw AppError.of(
        'ARCHIVE_NOT_FOUND',
        `No archived board of group ${q.groupId} for ${q.month}: the month is not closed or nobody had points`,
      );
    const offset = q.offset ?? 0;
    const limit = q.limit ?? 100;
    // The body names the currency only when the request did: `currency` is part of the page's key.
    const key = `${projectId}\u0000${q.groupId}\u0000${q.currency ?? ''}\u0000${q.month}\u0000${offset}\u0000${limit}`;
    const version = `${size.total}:${size.archivedAt}`;
    const kept = this.archivePages.get(key, version);
    if (kept !== undefined) return kept;
    // Read after the size: a deletion committed in between lowers the size, so this text is never kept under a newer version.
    const rows = await this.repo.archivePage(projectId, group, q.month, offset, limit);
    const board: ArchivedBoard = {
      month: q.month,
      groupId: q.groupId,
      ...(q.currency === undefined ? {} : { currency: q.currency }),
      archivedAt: size.archivedAt,
      total: size.total,
      users: rows.map((r) => ({ userId: r.user_id, username: r.username, points: Number(r.points), rank: Number(r.rank) })),
    };
    const body = JSON.stringify(board);
    this.archivePages.set(key, version, body);
    return body;
  }

  /** The archived boards, as the leaderboards answer a closed month from them (decision 199). */
  readonly monthArchive: MonthArchive = {
    page: async (projectId, groupId, month, offset, limit) => {
      const [size, rows] = await Promise.all([
        this.repo.archiveSize(projectId, groupId, month),
        this.repo.archivePage(projectId, groupId, month, offset, limit),
      ]);
      return { total: size?.total ?? 0, entries: rows.map(archivedEntry) };
    },
    ranks: async (projectId, groupId, month, fromRank, toRank) =>
      (await this.repo.archivedRanks(projectId, groupId, month, fromRank, toRank)).map(archivedEntry),
    user: async (projectId, groupId, month, userId) => {
      const row = await this.repo.archivedUser(projectId, groupId, month, userId);
      return row ? archivedEntry(row) : null;
    },
  };

  /** The month-close step `archive` (SeasonsService.closeSteps): the board's snapshot, every currency's under its own group key. */
  async archiveBoard(board: ClosedBoard): Promise<void> {
    const entries = await this.sources.monthTop(board.projectId, board.groupId, board.month, ARCHIVE_LIMIT, board.currency);
    const archivedAt = this.platform.clock.now();
    const group = boardGroup(board.groupId, board.currency);
    await this.repo.archiveOnce(
      board.projectId,
      group,
      board.month,
      entries.map((e) => ({
        project_id: board.projectId,
        group_id: group,
        month: board.month,
        rank: e.rank,
        user_id: e.userId,
        username: e.username,
        points: e.points,
        archived_at: archivedAt,
      })),
    );
  }
}
