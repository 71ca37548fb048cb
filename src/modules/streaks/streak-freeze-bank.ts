import { AppError } from '../../http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { LiveUsers } from '../users/index.js';
import { periodOf, type TimeFrame } from './streak-periods.js';
import { freezesOf, type Streak, type StreakCoverUnit } from './streaks-batch.js';
import type { StreaksRepository } from './streaks.repository.js';

/** Users per write-path group of the daily freeze job. */
const COVER_PAGE = 500;

/**
 * A user's bank of freezes, outside an event: the operator's grant, the checks of a STREAK_FREEZE
 * offer, and the daily job that spends banked freezes on missed periods (decision 163). A freeze
 * spent at the user's next event is the write path's (streaks-batch.ts).
 */
export class StreakFreezeBank {
  private writes: WritePath | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly repo: StreaksRepository,
    private readonly users: Pick<LiveUsers, 'requireLive'>,
    /** The project's streaks, from the streaks' cache. */
    private readonly definitions: (projectId: string) => Promise<Streak[]>,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  /** The project's streak `streakId`, or undefined. */
  private async streak(projectId: string, streakId: string): Promise<Streak | undefined> {
    return (await this.definitions(projectId)).find((s) => s.streakId === streakId);
  }

  /** Set once when the services are wired (the daily freeze job goes through the write path). */
  useWritePath(writes: WritePath): void {
    this.writes = writes;
  }

  /**
   * POST /admin/user/{userId}/streak/{streakId}/freeze: banks `count` freezes, cut at the streak's
   * max. The user's row is locked first, as the write path does, so a grant and an event of the
   * same user never overwrite each other's freezes. A user with no period yet gets a row that holds
   * only the freezes.
   */
  async grant(projectId: string, userId: string, streakId: string, count: number) {
    const streak = await this.streak(projectId, streakId);
    if (!streak) throw AppError.of('STREAK_NOT_FOUND', streakId);
    if (!streak.freezes) throw AppError.of('FREEZES_NOT_ENABLED', `Streak ${streakId} has no freezes; set freezes.max on the streak first`);
    const max = streak.freezes.max;
    const now = this.platform.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await this.users.requireLive(trx, projectId, userId);
      const row = await this.repo.progressRow(trx, projectId, userId, streakId);
      const before = freezesOf(row);
      const available = Math.max(before.available, Math.min(max, before.available + count)); // a lowered max takes nothing away here
      if (row) await this.repo.setFreezesAvailable(trx, projectId, userId, streakId, available);
      else
        await this.repo.insertFreezesOnly(trx, {
          project_id: projectId,
          user_id: userId,
          streak_id: streakId,
          freezes_available: available,
          updated_at: now,
        });
      return { userId, streakId, granted: available - before.available, freezes: { available, used: before.used, max } };
    });
  }

  /** Whether the streak exists and has a freeze rule (a STREAK_FREEZE offer may name it). */
  async hasFreezes(projectId: string, streakId: string): Promise<boolean> {
    return ((await this.streak(projectId, streakId))?.freezes ?? null) !== null;
  }

  /**
   * The redeemable check of a STREAK_FREEZE offer: why the user's bank cannot take one more (a read;
   * the redeem decides again under the lock).
   */
  async freezeBankRefusal(projectId: string, userId: string, streakId: string): Promise<'FREEZE_BANK_FULL' | 'STREAK_UNAVAILABLE' | null> {
    const streak = await this.streak(projectId, streakId);
    if (!streak || streak.status !== 'ACTIVE' || !streak.freezes) return 'STREAK_UNAVAILABLE';
    const available = freezesOf(await this.repo.progressRow(this.db, projectId, userId, streakId)).available;
    return available >= streak.freezes.max ? 'FREEZE_BANK_FULL' : null;
  }

  /**
   * The daily freeze job (decision 163): for every active streak with a freeze rule, each user with
   * banked freezes whose latest period may lie before a period that has ended gets a
   * `streak-cover` unit, decided in the write path under the user's lock, in the user's zone.
   * The SQL filter is loose by one period (a zone east of UTC may be a period ahead); the unit
   * decides exactly. Idempotent: a rerun finds nothing more to cover.
   */
  async coverMissedPeriods(now: number): Promise<number> {
    let covered = 0;
    for (const streak of await this.repo.streaksWithFreezes(this.db)) {
      const before = periodOf(streak.time_frame as TimeFrame, now) + 1;
      let after = '';
      for (;;) {
        const userIds = await this.repo.usersToCover(this.db, streak.project_id, streak.streak_id, before, after, COVER_PAGE);
        if (userIds.length === 0) break;
        const units = userIds.map((userId): StreakCoverUnit => ({
          kind: 'streak-cover',
          projectId: streak.project_id,
          userId,
          streakId: streak.streak_id,
          now,
        }));
        for (const o of await this.writes!.submitGroup(units)) if (o.ok && o.value.covered.length > 0) covered++;
        after = userIds[userIds.length - 1]!;
      }
    }
    return covered;
  }
}
