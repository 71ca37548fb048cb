import { createHash } from 'node:crypto';
import { AppError } from '../../http/errors.js';
import { DAY_MS } from '../../platform/time.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { POINTS_CURRENCY } from '../leaderboards/index.js';
import type { ClosedBoard, MonthCloseStep } from '../leaderboards/index.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { UserDataOwner } from '../users/index.js';
import type { SeasonPayoutUnit } from './season-payouts-batch.js';
import type { ArchivedBoards } from './archived-boards.js';
import { SeasonsRepository } from './seasons.repository.js';
import type { Band, SeasonPayouts, SeasonReward, SeasonRewardBody } from './seasons.schemas.js';
import type { SeasonRewardsTable } from './seasons.tables.js';

/**
 * Seasons (decision 162): when a month closes (month-close.ts), every monthly board is archived as an
 * immutable snapshot, then the season rewards of its group pay their rank bands from that snapshot,
 * each prize exactly once (a SEASON history entry). Late offline events still change the live board,
 * never the snapshot or the prizes.
 */
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
  /** The offer's coupon texts and validity, or null when there is no such offer. */
  offerCoupon(projectId: string, offerId: string): Promise<{ title: string; description: string; validityDays: number } | null>;
  /** Issues a coupon to a live user (409 COUPON_EXISTS when the key is taken, 404 USER_NOT_FOUND). */
  issueCoupon(
    projectId: string,
    coupon: { userId: string; couponKey: string; title: string; description: string; validUntil: number; metadata: Record<string, string> },
  ): Promise<unknown>;
}

export class SeasonsService implements UserDataOwner {
  readonly userDataName = 'seasons';
  private readonly repo: SeasonsRepository;

  constructor(
    private readonly platform: Platform,
    private readonly writes: WritePath,
    private readonly archivedBoards: ArchivedBoards,
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
   * The month-close steps, in order: archive the board (every currency's, each under its own group
   * key), then pay its group's bands from the archive (points boards only: season prizes rank points).
   */
  readonly closeSteps: readonly MonthCloseStep[] = [
    { name: 'archive', closed: (board) => this.archivedBoards.archiveBoard(board) },
    { name: 'season-payouts', closed: (board) => this.payBoard(board) },
  ];

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
