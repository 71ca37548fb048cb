import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import { eventStage } from '../events/index.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import type { UserDataOwner } from '../users/index.js';
import { periodDateKey, periodOf, periodStart, type TimeFrame } from './streak-periods.js';
import { streakAsOf, type FreezeRule } from './streak-freezes.js';
import { freezesOf, stateOf, STREAKS, StreaksBatch, type Streak } from './streaks-batch.js';
import { StreakFreezeBank } from './streak-freeze-bank.js';
import { StreaksRepository } from './streaks.repository.js';
import type { StreakAnalytics, StreakBody, StreakDefinition, UserStreak } from './streaks.schemas.js';
import type { LiveUsers } from '../users/index.js';
import type { StreakProgressTable, StreaksTable } from './streaks.tables.js';

/**
 * Streaks advance in the write path (streaks-batch.ts): the first qualifying event of a period
 * completes it (streak-state.ts decides the rest, late events included); milestones pay once per
 * run with a STREAK history entry. The analytics aggregates move in the same transaction, only when
 * a state changes, so GET /analytics/streak reads a handful of rows.
 */
const BUS_TOPIC = 'streaks';

function toStreak(r: StreaksTable): Streak {
  return {
    streakId: r.streak_id,
    title: JSON.parse(r.title),
    description: JSON.parse(r.description),
    timeFrame: r.time_frame as TimeFrame,
    eventIds: JSON.parse(r.event_ids),
    milestones: JSON.parse(r.milestones),
    freezes: r.freezes ? { earnEveryMilestone: false, ...(JSON.parse(r.freezes) as FreezeRule) } : null,
    status: r.status,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** A user's streak as of `now` in the user's zone (decision 197: a lapsed run reads as broken). */
function toUserStreak(s: Streak, r: StreakProgressTable, timeZone: string, now: number): UserStreak {
  const { state, freezes } = streakAsOf(stateOf(r), freezesOf(r), periodOf(s.timeFrame, now, timeZone), s.freezes);
  const frozen = new Set(freezes.frozen);
  return {
    userId: r.user_id,
    streakId: s.streakId,
    title: s.title,
    currentStartDate: periodStart(s.timeFrame, state.currentStart!, timeZone),
    timeFrame: s.timeFrame,
    currentCount: state.currentCount,
    longestStreak: state.longestStreak,
    lastCompletedAt: new Date(Number(r.last_completed_at)).toISOString(),
    missedCount: state.missedCount,
    completedDates: state.periods.filter((p) => !frozen.has(p)).map((p) => periodDateKey(s.timeFrame, p)),
    milestonesClaimed: state.milestonesClaimed,
    freezes: { available: freezes.available, used: freezes.used },
    frozenDates: freezes.frozen.map((p) => periodDateKey(s.timeFrame, p)),
  };
}

/** What the streaks need from the users module: the calendar of a user's periods, and liveness for admin grants. */
export interface StreakUsers extends Pick<LiveUsers, 'requireLive'> {
  timeZone(projectId: string, userId: string): Promise<string>;
}

export class StreaksService implements UserDataOwner {
  readonly userDataName = 'streaks';
  private readonly repo: StreaksRepository;
  private readonly cache: SettledCache<Streak[]>;
  /** The users' banks of freezes: the operator's grant, the offers' checks, the daily job. */
  readonly freezes: StreakFreezeBank;

  /** The POST /event stage (runs after challenges). */
  readonly stage = eventStage<StreaksBatch>({
    name: STREAKS.name,
    kind: 'streak-cover',
    /**
     * It takes the batch's events (the hook of the events participant), after challenges: an event's
     * challenge bonus is recorded before its streak bonus.
     */
    after: ['events', 'challenges?'],
    provides: ['notices'],
    begin: (batch) => new StreaksBatch(batch, (b, projectId) => this.definitions(projectId, b)),
  });

  constructor(
    private readonly platform: Platform,
    private readonly users: StreakUsers,
    /** Checks the currencies milestones pay in (400 UNKNOWN_CURRENCY). */
    private readonly currencies: Pick<CurrenciesService, 'require'> | null = null,
  ) {
    this.repo = new StreaksRepository();
    this.cache = new SettledCache(platform.bus, BUS_TOPIC, platform.config.cacheTtlMs);
    this.freezes = new StreakFreezeBank(platform, this.repo, users, (projectId) => this.definitions(projectId));
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /**
   * The project's streaks (cached). In a batch a miss reads them on the batch's transaction, and nobody
   * else waits for that load while it runs (decision 355).
   */
  private definitions(projectId: string, batch?: WriteBatch): Promise<Streak[]> {
    return this.cache.rowsOf(
      projectId,
      () => this.repo.listQuery(this.db, projectId),
      (rows) => rows.map(toStreak),
      batch && ((q) => batch.session.execute(q)),
    );
  }

  private toRow(projectId: string, streakId: string, body: StreakBody, createdAt: number): StreaksTable {
    return {
      project_id: projectId,
      streak_id: streakId,
      title: JSON.stringify(body.title),
      description: JSON.stringify(body.description ?? {}),
      time_frame: body.timeFrame,
      event_ids: JSON.stringify(body.eventIds),
      milestones: JSON.stringify(
        [...(body.milestones ?? [])]
          .map((m) => (m.currency === 'points' ? { count: m.count, points: m.points } : m))
          .sort((a, b) => a.count - b.count),
      ),
      freezes: body.freezes
        ? JSON.stringify({ max: body.freezes.max, earnEveryMilestone: body.freezes.earnEveryMilestone ?? false })
        : null,
      status: body.status ?? 'ACTIVE',
      created_at: createdAt,
      updated_at: this.platform.clock.now(),
    };
  }

  async create(projectId: string, body: StreakBody): Promise<StreakDefinition> {
    await this.checkCurrencies(projectId, body);
    const row = this.toRow(projectId, body.streakId ?? generateId('st'), body, this.platform.clock.now());
    if (!(await this.repo.insert(this.db, row))) throw AppError.of('STREAK_EXISTS', `Streak ${row.streak_id} already exists`);
    await this.platform.bus.publish(BUS_TOPIC, projectId);
    return toStreak(row);
  }

  private async checkCurrencies(projectId: string, body: StreakBody): Promise<void> {
    for (const m of body.milestones ?? []) await this.currencies?.require(projectId, m.currency);
  }

  async list(projectId: string): Promise<StreakDefinition[]> {
    return (await this.repo.list(this.db, projectId)).map(toStreak);
  }

  async get(projectId: string, streakId: string): Promise<StreakDefinition> {
    const row = await this.repo.find(this.db, projectId, streakId);
    if (!row) throw AppError.of('STREAK_NOT_FOUND', streakId);
    return toStreak(row);
  }

  /** Full update. The timeFrame cannot change: the stored periods of every user are of the old one. */
  async update(projectId: string, streakId: string, body: StreakBody): Promise<StreakDefinition> {
    if (body.streakId !== undefined && body.streakId !== streakId)
      throw AppError.of('ID_MISMATCH', 'streakId in the body must match the path');
    const existing = await this.repo.find(this.db, projectId, streakId);
    if (!existing) throw AppError.of('STREAK_NOT_FOUND', streakId);
    if (existing.time_frame !== body.timeFrame) {
      throw AppError.of('TIMEFRAME_IMMUTABLE', 'timeFrame cannot change; create a new streak instead');
    }
    await this.checkCurrencies(projectId, body);
    const row = this.toRow(projectId, streakId, body, Number(existing.created_at));
    await this.repo.update(this.db, row);
    await this.platform.bus.publish(BUS_TOPIC, projectId);
    return toStreak(row);
  }

  async delete(projectId: string, streakId: string): Promise<void> {
    if (!(await this.repo.delete(this.db, projectId, streakId))) throw AppError.of('STREAK_NOT_FOUND', streakId);
    await this.platform.bus.publish(BUS_TOPIC, projectId);
  }

  /** The user's streaks: those of ACTIVE streaks in which the user completed a period. */
  async listForUser(projectId: string, userId: string): Promise<{ streaks: UserStreak[]; count: number }> {
    const [defs, rows, timeZone] = await Promise.all([
      this.definitions(projectId),
      this.repo.progressOf(this.db, projectId, userId),
      this.users.timeZone(projectId, userId),
    ]);
    // A row without periods holds only freezes granted before the user's first period.
    const byId = new Map(rows.filter((r) => r.periods !== '[]').map((r) => [r.streak_id, r]));
    const streaks = defs
      .filter((s) => s.status === 'ACTIVE' && byId.has(s.streakId))
      .map((s) => toUserStreak(s, byId.get(s.streakId)!, timeZone, this.platform.clock.now()));
    return { streaks, count: streaks.length };
  }

  async getForUser(projectId: string, userId: string, streakId: string): Promise<{ streak: UserStreak }> {
    const streak = (await this.listForUser(projectId, userId)).streaks.find((s) => s.streakId === streakId);
    if (!streak) throw AppError.of('STREAK_NOT_FOUND', streakId);
    return { streak };
  }

  /** GET /analytics/streak, from the aggregates; null before the first participant. */
  async analytics(projectId: string, streakId: string): Promise<StreakAnalytics | null> {
    const [defs, totals] = await Promise.all([this.definitions(projectId), this.repo.stats(this.db, projectId, streakId)]);
    const streak = defs.find((s) => s.streakId === streakId);
    if (!streak || !totals || Number(totals.participants) <= 0) return null;
    const current = periodOf(streak.timeFrame, this.platform.clock.now());
    // Users' periods are of their local calendars (decision 160): a user east of UTC may already be
    // in the next period, so it counts with the current one.
    const buckets = await this.repo.periodStats(this.db, projectId, streakId, [current + 1, current, current - 1]);
    const users = (p: number) => Number(buckets.find((b) => Number(b.period) === p)?.users ?? 0);
    const active = users(current + 1) + users(current) + users(current - 1);
    const countSum = buckets.reduce((sum, b) => sum + Number(b.count_sum), 0);
    const participants = Number(totals.participants);
    return {
      streakId,
      totalParticipants: participants,
      activeParticipants: active,
      averageStreakLength: active === 0 ? 0 : countSum / active,
      longestUserStreak: Number(totals.longest_streak),
      completionRate: (users(current + 1) + users(current)) / participants,
    };
  }

  /** userId → the longest run of the streak, for the given users that have one (an achievement's backfill). */
  async longestRuns(projectId: string, streakId: string, userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.repo.longestOf(this.db, projectId, streakId, userIds);
    return new Map(rows.map((r) => [r.user_id, Number(r.longest_streak)]));
  }

  deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteUserProgress(this.db, projectId, userId, limit);
  }
}
