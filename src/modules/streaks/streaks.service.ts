import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { EventStage, PipelineEvent, PipelineOutcome } from '../events/pipeline.js';
import { historyText } from '../points/ledger.js';
import type { PointsService } from '../points/points.service.js';
import type { UserDataOwner } from '../users/user-data.js';
import { periodDateKey, periodOf, periodStart, type TimeFrame } from './streak-periods.js';
import { EMPTY_STREAK, streakAfterPeriod, type StreakState } from './streak-state.js';
import { StreaksRepository } from './streaks.repository.js';
import type { StreakAnalytics, StreakBody, StreakDefinition, UserStreak } from './streaks.schemas.js';
import type { StreakProgressTable, StreaksTable } from './streaks.tables.js';

/**
 * Streaks advance inside the event transaction: the first qualifying event of a period completes it
 * (streak-state.ts decides the rest, late events included); milestones pay once per run with a
 * STREAK history entry. The analytics aggregates move in the same transaction, only when a state
 * changes, so GET /analytics/streak reads a handful of rows.
 */
const BUS_TOPIC = 'streaks';

type Streak = StreakDefinition & { timeFrame: TimeFrame };

function toStreak(r: StreaksTable): Streak {
  return {
    streakId: r.streak_id,
    title: JSON.parse(r.title),
    description: JSON.parse(r.description),
    timeFrame: r.time_frame as TimeFrame,
    eventIds: JSON.parse(r.event_ids),
    milestones: JSON.parse(r.milestones),
    status: r.status,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toState(r: StreakProgressTable | undefined): StreakState {
  if (!r) return EMPTY_STREAK;
  return {
    periods: JSON.parse(r.periods),
    currentCount: Number(r.current_count),
    currentStart: Number(r.current_start),
    longestStreak: Number(r.longest_streak),
    missedCount: Number(r.missed_count),
    milestonesClaimed: JSON.parse(r.milestones_claimed),
  };
}

function toUserStreak(s: Streak, r: StreakProgressTable): UserStreak {
  const state = toState(r);
  return {
    userId: r.user_id,
    streakId: s.streakId,
    title: s.title,
    currentStartDate: periodStart(s.timeFrame, state.currentStart!),
    timeFrame: s.timeFrame,
    currentCount: state.currentCount,
    longestStreak: state.longestStreak,
    lastCompletedAt: new Date(Number(r.last_completed_at)).toISOString(),
    missedCount: state.missedCount,
    completedDates: state.periods.map((p) => periodDateKey(s.timeFrame, p)),
    milestonesClaimed: state.milestonesClaimed,
  };
}

export class StreaksService implements UserDataOwner {
  readonly userDataName = 'streaks';
  private readonly repo: StreaksRepository;
  private readonly cache = new Map<string, Promise<Streak[]>>();

  /** The POST /event stage (runs after challenges). */
  readonly stage: EventStage = { name: 'streaks', apply: (trx, event, outcome) => this.advance(trx, event, outcome) };

  constructor(
    private readonly platform: Platform,
    private readonly points: PointsService,
  ) {
    this.repo = new StreaksRepository(SqliteStatements.of(platform.db));
    platform.bus.on(BUS_TOPIC, (projectId) => this.cache.delete(projectId));
  }

  private get db() {
    return this.platform.db.kysely;
  }

  private definitions(db: Queryable, projectId: string): Promise<Streak[]> {
    let entry = this.cache.get(projectId);
    if (!entry) {
      entry = this.repo.list(db, projectId).then((rows) => rows.map(toStreak));
      entry.catch(() => this.cache.delete(projectId));
      this.cache.set(projectId, entry);
    }
    return entry;
  }

  private toRow(projectId: string, streakId: string, body: StreakBody, createdAt: number): StreaksTable {
    return {
      project_id: projectId,
      streak_id: streakId,
      title: JSON.stringify(body.title),
      description: JSON.stringify(body.description ?? {}),
      time_frame: body.timeFrame,
      event_ids: JSON.stringify(body.eventIds),
      milestones: JSON.stringify([...(body.milestones ?? [])].sort((a, b) => a.count - b.count)),
      status: body.status ?? 'ACTIVE',
      created_at: createdAt,
      updated_at: this.platform.clock.now(),
    };
  }

  async create(projectId: string, body: StreakBody): Promise<StreakDefinition> {
    const row = this.toRow(projectId, body.streakId ?? generateId('st'), body, this.platform.clock.now());
    if (!(await this.repo.insert(this.db, row))) throw AppError.conflict(`Streak ${row.streak_id} already exists`, 'STREAK_EXISTS');
    await this.platform.bus.publish(BUS_TOPIC, projectId);
    return toStreak(row);
  }

  async list(projectId: string): Promise<StreakDefinition[]> {
    return (await this.repo.list(this.db, projectId)).map(toStreak);
  }

  async get(projectId: string, streakId: string): Promise<StreakDefinition> {
    const row = await this.repo.find(this.db, projectId, streakId);
    if (!row) throw AppError.notFound(`Streak ${streakId} not found`, 'STREAK_NOT_FOUND');
    return toStreak(row);
  }

  /** Full update. The timeFrame cannot change: the stored periods of every user are of the old one. */
  async update(projectId: string, streakId: string, body: StreakBody): Promise<StreakDefinition> {
    if (body.streakId !== undefined && body.streakId !== streakId) throw AppError.badRequest('streakId in the body must match the path', 'ID_MISMATCH');
    const existing = await this.repo.find(this.db, projectId, streakId);
    if (!existing) throw AppError.notFound(`Streak ${streakId} not found`, 'STREAK_NOT_FOUND');
    if (existing.time_frame !== body.timeFrame) {
      throw AppError.badRequest('timeFrame cannot change; create a new streak instead', 'TIMEFRAME_IMMUTABLE');
    }
    const row = this.toRow(projectId, streakId, body, Number(existing.created_at));
    await this.repo.update(this.db, row);
    await this.platform.bus.publish(BUS_TOPIC, projectId);
    return toStreak(row);
  }

  async delete(projectId: string, streakId: string): Promise<void> {
    if (!(await this.repo.delete(this.db, projectId, streakId))) throw AppError.notFound(`Streak ${streakId} not found`, 'STREAK_NOT_FOUND');
    await this.platform.bus.publish(BUS_TOPIC, projectId);
  }

  /** The user's streaks: those of ACTIVE streaks in which the user completed a period. */
  async listForUser(projectId: string, userId: string): Promise<{ streaks: UserStreak[]; count: number }> {
    const [defs, rows] = await Promise.all([this.definitions(this.db, projectId), this.repo.progressOf(this.db, projectId, userId)]);
    const byId = new Map(rows.map((r) => [r.streak_id, r]));
    const streaks = defs.filter((s) => s.status === 'ACTIVE' && byId.has(s.streakId)).map((s) => toUserStreak(s, byId.get(s.streakId)!));
    return { streaks, count: streaks.length };
  }

  async getForUser(projectId: string, userId: string, streakId: string): Promise<{ streak: UserStreak }> {
    const streak = (await this.listForUser(projectId, userId)).streaks.find((s) => s.streakId === streakId);
    if (!streak) throw AppError.notFound(`Streak ${streakId} not found for user ${userId}`, 'STREAK_NOT_FOUND');
    return { streak };
  }

  /** GET /analytics/streak, from the aggregates; null before the first participant. */
  async analytics(projectId: string, streakId: string): Promise<StreakAnalytics | null> {
    const [defs, totals] = await Promise.all([this.definitions(this.db, projectId), this.repo.stats(this.db, projectId, streakId)]);
    const streak = defs.find((s) => s.streakId === streakId);
    if (!streak || !totals || Number(totals.participants) <= 0) return null;
    const current = periodOf(streak.timeFrame, this.platform.clock.now());
    const buckets = await this.repo.periodStats(this.db, projectId, streakId, [current, current - 1]);
    const users = (p: number) => Number(buckets.find((b) => Number(b.period) === p)?.users ?? 0);
    const active = users(current) + users(current - 1);
    const countSum = buckets.reduce((sum, b) => sum + Number(b.count_sum), 0);
    const participants = Number(totals.participants);
    return {
      streakId,
      totalParticipants: participants,
      activeParticipants: active,
      averageStreakLength: active === 0 ? 0 : countSum / active,
      longestUserStreak: Number(totals.longest_streak),
      completionRate: users(current) / participants,
    };
  }

  deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteUserProgress(this.db, projectId, userId, limit);
  }

  private async advance(trx: Queryable, event: PipelineEvent, outcome: PipelineOutcome): Promise<void> {
    if (!event.qualifies) return;
    const defs = await this.definitions(trx, event.projectId);
    for (const streak of defs) {
      if (streak.status !== 'ACTIVE' || !streak.eventIds.includes(event.eventId)) continue;
      outcome.streaks.push(await this.advanceOne(trx, streak, event, outcome));
    }
  }

  private async advanceOne(trx: Queryable, streak: Streak, event: PipelineEvent, outcome: PipelineOutcome) {
    const { projectId, userId } = event;
    const period = periodOf(streak.timeFrame, event.occurredAt);
    const forUpdate = this.platform.db.dialect === 'postgres';
    for (;;) {
      const before = await this.repo.lockProgress(trx, forUpdate, projectId, userId, streak.streakId);
      const step = streakAfterPeriod(toState(before), period, streak.milestones.map((m) => m.count));
      const result = { streakId: streak.streakId, currentCount: step.state.currentCount, lastUpdate: new Date(event.occurredAt).toISOString() };
      if (!step.changed) return { ...result, milestoneReached: false, pointsAwarded: 0 };
      const row: StreakProgressTable = {
        project_id: projectId,
        user_id: userId,
        streak_id: streak.streakId,
        periods: JSON.stringify(step.state.periods),
        current_count: step.state.currentCount,
        current_start: step.state.currentStart!,
        last_period: step.state.periods[step.state.periods.length - 1]!,
        longest_streak: step.state.longestStreak,
        missed_count: step.state.missedCount,
        milestones_claimed: JSON.stringify(step.state.milestonesClaimed),
        last_completed_at: step.latest || !before ? event.occurredAt : Number(before.last_completed_at),
        updated_at: event.receivedAt,
      };
      if (before) await this.repo.updateProgress(trx, row);
      else if (!(await this.repo.insertProgress(trx, row))) continue; // a concurrent first event won: read its state
      await this.moveAggregates(trx, streak.streakId, before, row, projectId);
      const pointsAwarded = await this.payMilestones(trx, streak, step.newlyClaimed, event);
      outcome.pointsEarned += pointsAwarded;
      return { ...result, milestoneReached: step.newlyClaimed.length > 0, pointsAwarded };
    }
  }

  private async moveAggregates(trx: Queryable, streakId: string, before: StreakProgressTable | undefined, after: StreakProgressTable, projectId: string) {
    const raised = !before || after.longest_streak > Number(before.longest_streak);
    if (raised) await this.repo.bumpStats(trx, projectId, streakId, before ? 0 : 1, after.longest_streak);
    if (before && Number(before.last_period) === after.last_period) {
      const delta = after.current_count - Number(before.current_count);
      if (delta !== 0) await this.repo.bumpPeriod(trx, projectId, streakId, after.last_period, 0, delta);
      return;
    }
    if (before) await this.repo.bumpPeriod(trx, projectId, streakId, Number(before.last_period), -1, -Number(before.current_count));
    await this.repo.bumpPeriod(trx, projectId, streakId, after.last_period, 1, after.current_count);
  }

  /** One STREAK history entry with the points of every milestone reached by the event. */
  private async payMilestones(trx: Queryable, streak: Streak, counts: number[], event: PipelineEvent): Promise<number> {
    if (counts.length === 0) return 0;
    const points = streak.milestones.filter((m) => counts.includes(m.count)).reduce((sum, m) => sum + m.points, 0);
    const paid = await this.points.record(trx, {
      projectId: event.projectId,
      userId: event.userId,
      type: 'STREAK',
      sourceId: streak.streakId,
      points,
      occurredAt: event.occurredAt,
      title: historyText(streak.title),
      description: historyText(streak.description),
      metadata: { streakId: streak.streakId, milestones: counts },
    });
    return paid.points;
  }
}
