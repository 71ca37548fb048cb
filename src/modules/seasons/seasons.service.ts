import { createHash } from 'node:crypto';
import { AppError } from '../../http/errors.js';
import { DAY_MS } from '../../platform/time.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { boardGroup, POINTS_CURRENCY, type ArchivedEntry, type MonthArchive } from '../leaderboards/index.js';
import type { ClosedBoard, MonthCloseStep } from '../leaderboards/index.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { UserDataOwner } from '../users/index.js';
import type { SeasonPayoutUnit } from './season-payouts-batch.js';
import { ArchivePages } from './archive-pages.js';
import { SeasonsRepository } from './seasons.repository.js';
import type { ArchivedBoard, ArchiveQuery, Band, SeasonPayouts, SeasonReward, SeasonRewardBody } from './seasons.schemas.js';
import type { LeaderboardArchiveTable, SeasonRewardsTable } from './seasons.tables.js';

/**
 * Seasons (decision 162): when a month closes (month-close.ts), every monthly board is archived as an
 * immutable snapshot, then the season rewards of its group pay their rank bands from that snapshot,
 * each prize exactly once (a SEASON history entry). Late offline events still change the live board,
 * never the snapshot or the prizes.
 */
export const ARCHIVE_LIMIT = 1_000_000;
const PAYOUT_CHUNK = 500;

function toReward(r: SeasonRewardsTable): SeasonReward {
  return {
    seasonRewardId: r.season_reward_id,
    groupId: r.group_id,
    bands: JSON.parse(r.bands),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

const archivedEntry = (r: LeaderboardArchiveTable): ArchivedEntry => ({
  userId: r.user_id,
  username: r.username,
  points: Number(r.points),
  rank: Number(r.rank),
});

/** Bands sorted by rank; 400 INVALID_BANDS when one is reversed or two overlap. */
function checkedBands(bands: Band[]): Band[] {
  const sorted = [...bands].sort((a, b) => a.fromRank - b.fromRank);
  for (const [i, b] of sorted.entries()) {
    if (b.points === undefined && b.offerId === undefined)
      throw AppError.of('INVALID_BANDS', `Band ${b.fromRank}–${b.toRank} pays nothing: give points, offerId or both`);
    if (b.fromRank > b.toRank) throw AppError.of('INVALID_BANDS', `Band ${b.fromRank}–${b.toRank}: fromRank is after toRank`);
    const prev = sorted[i - 1];
    if (prev && b.fromRank <= prev.toRank)
      throw AppError.of('INVALID_BANDS', `Bands ${prev.fromRank}–${prev.toRank} and ${b.fromRank}–${b.toRank} overlap`);
  }
  return sorted.map((b) => ({
    fromRank: b.fromRank,
    toRank: b.toRank,
    ...(b.points !== undefined ? { points: b.points } : {}),
    ...(b.offerId !== undefined ? { offerId: b.offerId } : {}),
  }));
}

/** What the seasons need from other modules. */
export interface SeasonSources {
  groupExists(projectId: string, groupId: string): Promise<boolean>;
  /** 400 UNKNOWN_CURRENCY unless the project has the currency (absent: `points`). */
  requireCurrency(projectId: string, currency: string | undefined): Promise<void>;
  /** The offer's coupon texts and validity, or null when there is no such offer. */
  offerCoupon(projectId: string, offerId: string): Promise<{ title: string; description: string; validityDays: number } | null>;
  /** Issues a coupon to a live user (409 COUPON_EXISTS when the key is taken, 404 USER_NOT_FOUND). */
  issueCoupon(
    projectId: string,
    coupon: { userId: string; couponKey: string; title: string; description: string; validUntil: number; metadata: Record<string, string> },
  ): Promise<unknown>;
  /** A month board (of `currency`) in its order with display names, read from SQL. */
  monthTop(
    projectId: string,
    groupId: string,
    month: string,
    n: number,
    currency: string,
  ): Promise<Array<{ rank: number; userId: string; username: string; points: number }>>;
}

export class SeasonsService implements UserDataOwner {
  readonly userDataName = 'seasons';
  private readonly repo: SeasonsRepository;
  /** Archived board pages as text, by page and board version (decision 335). */
  private readonly archivePages = new ArchivePages();

  constructor(
    private readonly platform: Platform,
    private readonly writes: WritePath,
    private readonly sources: SeasonSources,
  ) {
    this.repo = new SeasonsRepository(platform.db.kysely);
  }

  private async row(projectId: string, seasonRewardId: string, body: SeasonRewardBody, createdAt: number): Promise<SeasonRewardsTable> {
    const bands = checkedBands(body.bands);
    for (const offerId of new Set(bands.flatMap((b) => (b.offerId ? [b.offerId] : [])))) {
      if (!(await this.sources.offerCoupon(projectId, offerId)))
        throw AppError.of('UNKNOWN_OFFER', `body/bands: there is no offer ${offerId}`);
    }
    if (!(await this.sources.groupExists(projectId, body.groupId)))
      throw AppError.of('UNKNOWN_GROUP', `body/groupId: there is no user group ${body.groupId}`);
    const now = this.platform.clock.now();
    return {
      project_id: projectId,
      season_reward_id: seasonRewardId,
      group_id: body.groupId,
      bands: JSON.stringify(bands),
      created_at: createdAt,
      updated_at: now,
    };
  }

  async create(projectId: string, body: SeasonRewardBody): Promise<SeasonReward> {
    const row = await this.row(projectId, body.seasonRewardId ?? generateId('sr'), body, this.platform.clock.now());
    if (!(await this.repo.insertReward(row)))
      throw AppError.of('SEASON_REWARD_EXISTS', `Season reward ${row.season_reward_id} already exists`);
    return toReward(row);
  }

  async list(projectId: string): Promise<SeasonReward[]> {
    return (await this.repo.rewards(projectId)).map(toReward);
  }

  async get(projectId: string, seasonRewardId: string): Promise<SeasonReward> {
    const row = await this.repo.reward(projectId, seasonRewardId);
    if (!row) throw AppError.of('SEASON_REWARD_NOT_FOUND', seasonRewardId);
    return toReward(row);
  }

  async update(projectId: string, seasonRewardId: string, body: SeasonRewardBody): Promise<SeasonReward> {
    if (body.seasonRewardId !== undefined && body.seasonRewardId !== seasonRewardId)
      throw AppError.of('ID_MISMATCH', 'seasonRewardId in the body must match the path');
    const existing = await this.get(projectId, seasonRewardId);
    const row = await this.row(projectId, seasonRewardId, body, existing.createdAt);
    if (!(await this.repo.updateReward(row))) throw AppError.of('SEASON_REWARD_NOT_FOUND', seasonRewardId);
    return toReward(row);
  }

  async delete(projectId: string, seasonRewardId: string): Promise<void> {
    if (!(await this.repo.deleteReward(projectId, seasonRewardId))) throw AppError.of('SEASON_REWARD_NOT_FOUND', seasonRewardId);
  }

  /** GET /project/{projectId}/leaderboard/archive: a page of a closed month's snapshot. */
  /** GET /admin/season/{month}/payouts: the points prizes paid for the month (coupon prizes are coupons of their users, not listed). */
  async payouts(projectId: string, month: string): Promise<SeasonPayouts> {
    const rows = await this.repo.payouts(projectId, month);
    return {
      month,
      payouts: rows.map((r) => ({
        groupId: r.group_id,
        seasonRewardId: r.season_reward_id,
        userId: r.user_id,
        rank: Number(r.rank),
        points: Number(r.points),
        paidAt: Number(r.paid_at),
      })),
    };
  }

  /**
   * GET /project/{projectId}/leaderboard/archive, as the JSON text of the response: a page is built
   * once per version of its board (its size and archive time) and served as text while it stands (decision 335).
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

  /**
   * The month-close steps, in order: archive the board (every currency's, each under its own group
   * key), then pay its group's bands from the archive (points boards only: season prizes rank points).
   */
  readonly closeSteps: readonly MonthCloseStep[] = [
    { name: 'archive', closed: (board) => this.archiveBoard(board) },
    { name: 'season-payouts', closed: (board) => this.payBoard(board) },
  ];

  private async archiveBoard(board: ClosedBoard): Promise<void> {
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

  private async payBoard(board: ClosedBoard): Promise<void> {
    // Season rewards are set per group and pay from its points board (decision 297).
    if (board.currency !== POINTS_CURRENCY) return;
    const units: SeasonPayoutUnit[] = [];
    for (const reward of (await this.repo.rewards(board.projectId, board.groupId)).map(toReward)) {
      for (const band of reward.bands) {
        const ranked = await this.repo.archivedRanks(board.projectId, board.groupId, board.month, band.fromRank, band.toRank);
        if (band.offerId) await this.issuePrizeCoupons(board, reward.seasonRewardId, band.offerId, ranked);
        if (band.points === undefined) continue;
        for (const e of ranked) {
          units.push({
            kind: 'season-payout',
            projectId: board.projectId,
            userId: e.user_id,
            month: board.month,
            groupId: board.groupId,
            seasonRewardId: reward.seasonRewardId,
            rank: Number(e.rank),
            points: band.points,
          });
        }
      }
    }
    // A user deleted since the archive is refused (USER_NOT_FOUND) and simply not paid.
    for (let i = 0; i < units.length; i += PAYOUT_CHUNK) await this.writes.submitGroup(units.slice(i, i + PAYOUT_CHUNK));
  }

  /**
   * One coupon of the offer per ranked user. Its key is derived from project, month, group, reward
   * and user, so a rerun finds it taken (409) and issues nothing: exactly once without a table of its
   * own. A prize coupon is not a redemption (no offer limits, no offer statistics). An offer deleted
   * since the reward was set issues nothing.
   */
  private async issuePrizeCoupons(
    board: ClosedBoard,
    seasonRewardId: string,
    offerId: string,
    ranked: Array<{ user_id: string; rank: number }>,
  ): Promise<void> {
    const offer = await this.sources.offerCoupon(board.projectId, offerId);
    if (!offer) {
      this.platform.log.warn({ projectId: board.projectId, offerId, seasonRewardId }, 'season prize offer not found; no coupons issued');
      return;
    }
    const now = this.platform.clock.now();
    for (const e of ranked) {
      const seed = [board.projectId, board.month, board.groupId, seasonRewardId, e.user_id].join('\u0000');
      const couponKey = `season-${createHash('sha256').update(seed).digest('hex').slice(0, 32)}`;
      try {
        await this.sources.issueCoupon(board.projectId, {
          userId: e.user_id,
          couponKey,
          title: offer.title,
          description: offer.description,
          validUntil: now + offer.validityDays * DAY_MS,
          metadata: { offerId, seasonRewardId, month: board.month, groupId: board.groupId, rank: String(e.rank) },
        });
      } catch (err) {
        if (err instanceof AppError && (err.code === 'COUPON_EXISTS' || err.code === 'USER_NOT_FOUND')) continue;
        throw err;
      }
    }
  }

  /**
   * User deletion: the user leaves the archived boards (its rank stays empty, the others keep theirs)
   * and its payout records go; the SEASON ledger entries go with the ledger.
   */
  deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteUserData(projectId, userId, limit);
  }
}
