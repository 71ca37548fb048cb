import type { Platform } from '../../platform/platform.js';
import { SharedCache } from '../../platform/shared-cache.js';
import type { LeaderboardProfile } from '../users/index.js';
import './leaderboards.tables.js';
import { ClosedMonthsRepository } from './leaderboards.repository.js';

const closedMonthsRepository = new ClosedMonthsRepository();

/** One archived entry of a closed month's board. */
export interface ArchivedEntry {
  userId: string;
  /** The display name as it was when the month closed. */
  username: string;
  points: number;
  rank: number;
}

/** Reads the snapshots of closed months (the seasons module writes and owns them). */
export interface MonthArchive {
  /** Entries from `offset` in rank order, and how many the snapshot holds. */
  page(
    projectId: string,
    groupId: string,
    month: string,
    offset: number,
    limit: number,
  ): Promise<{ total: number; entries: ArchivedEntry[] }>;
  /** Entries ranked fromRank…toRank. */
  ranks(projectId: string, groupId: string, month: string, fromRank: number, toRank: number): Promise<ArchivedEntry[]>;
  user(projectId: string, groupId: string, month: string, userId: string): Promise<ArchivedEntry | null>;
}

const TOPIC = 'month-closes';
const ANONYMOUS = 'Anonymous';

/**
 * Closed months (decision 199). When the month close has walked a project's boards (the automatic
 * close of every project, `*`, or an early close of one), the month is recorded as closed; from then
 * on its boards are answered from the archived snapshot, so a late offline event dated into the
 * month still credits its points but changes neither the board people see nor the payouts (which
 * are paid from the same snapshot). Whether a month is closed is cached per project and month;
 * recording a close drops every instance's copy.
 */
export class ClosedMonths {
  private readonly cache: SharedCache<Promise<boolean>>;
  private archive: MonthArchive | null = null;

  constructor(private readonly platform: Platform) {
    this.cache = new SharedCache(platform.bus, TOPIC, platform.config.cacheTtlMs);
  }

  /** Set once when the services are wired (the seasons module holds the snapshots). */
  useArchive(archive: MonthArchive): void {
    this.archive = archive;
  }

  /** Records that `month` is closed for `projectId` (`*`: every project). Idempotent. */
  async markClosed(projectId: string, month: string): Promise<void> {
    await closedMonthsRepository.markClosed(this.platform.db.kysely, projectId, month, this.platform.clock.now());
    await this.platform.bus.publish(TOPIC);
  }

  /** The archive to answer `month` from, or null while the month is open (or no archive is wired). */
  async archiveOf(projectId: string, month: string): Promise<MonthArchive | null> {
    if (!this.archive) return null;
    const closed = await this.cache.getOrLoad(`${projectId}|${month}`, async () => {
      const row = await closedMonthsRepository.closeOf(this.platform.db.kysely, projectId, month);
      return row !== undefined;
    });
    return closed ? this.archive : null;
  }
}

/** What a response says of its board (the group, and the currency when the request named one). */
type ShownBoard = { groupId: string; currency?: string };

/**
 * The full board of a closed month, as the live board answers it (archived names). `groupId` is the
 * board's stored group key (a currency's board is archived under it); `shown` what the answer names.
 */
export async function archivedBoard(
  archive: MonthArchive,
  q: { projectId: string; groupId: string; month: string; offset: number; limit: number },
  shown: ShownBoard,
): Promise<string> {
  const { total, entries } = await archive.page(q.projectId, q.groupId, q.month, q.offset, q.limit);
  const users = entries.map((e) => ({ userId: e.userId, username: e.username, points: e.points, rank: e.rank }));
  return JSON.stringify({ users, total, ...shown, month: q.month });
}

/** The personalized view of a closed month: the user's archived rank and neighbours (anonymous users as on live boards). */
export async function archivedPersonal(
  archive: MonthArchive,
  q: { projectId: string; groupId: string; month: string; userId: string; around: number; top: number },
  profiles: ReadonlyMap<string, LeaderboardProfile>,
  shown: ShownBoard,
) {
  const { projectId, groupId, month, userId, around } = q;
  const [me, first] = await Promise.all([
    archive.user(projectId, groupId, month, userId),
    archive.page(projectId, groupId, month, 0, q.top),
  ]);
  const before = me
    ? around > 0 && me.rank > 1
      ? await archive.ranks(projectId, groupId, month, Math.max(1, me.rank - around), me.rank - 1)
      : []
    : around > 0
      ? (await archive.page(projectId, groupId, month, Math.max(0, first.total - around), around)).entries
      : [];
  const after = me && around > 0 ? await archive.ranks(projectId, groupId, month, me.rank + 1, me.rank + around) : [];
  const show = (e: ArchivedEntry) =>
    profiles.get(e.userId)?.anonymous && e.userId !== userId
      ? { userId: null, username: ANONYMOUS, points: e.points, rank: e.rank }
      : { userId: e.userId, username: e.username, points: e.points, rank: e.rank };
  return {
    topUsers: first.entries.map(show),
    usersBefore: before.map(show),
    currentUser: { userId, username: profiles.get(userId)?.username ?? userId, points: me?.points ?? 0, rank: me?.rank ?? null },
    usersAfter: after.map(show),
    total: first.total,
    ...shown,
    month,
  };
}
