import type { EventStagePart, PipelineEvent, PipelineOutcome, StreakProgress } from '../events/index.js';
import { historyText } from '../points/index.js';
import { ledgerIn } from '../points/index.js';
import { partKey, userKey, type WriteBatch, type WriteUnit } from '../../write-path/write-batch.js';
import { periodDateKey, periodOf, type TimeFrame } from './streak-periods.js';
import { coverMissedPeriods, NO_FREEZES, streakAfterPeriodWithFreezes, type FreezeRule, type Freezes } from './streak-freezes.js';
import { EMPTY_STREAK, type StreakState } from './streak-state.js';
import type { StreakDefinition } from './streaks.schemas.js';
import type { StreakProgressTable } from './streaks.tables.js';
import { progressOfUsers, writeProgress } from './streaks.sql.js';
import { StreakTotals } from './streak-totals.js';

export type Streak = Omit<StreakDefinition, 'freezes'> & { timeFrame: TimeFrame; freezes: Required<FreezeRule> | null };

/**
 * The daily freeze job's unit (decision 163): cover the periods of one user's streak that have
 * ended in the user's calendar at `now` with banked freezes, as the next event would.
 */
export interface StreakCoverUnit extends WriteUnit {
  kind: 'streak-cover';
  streakId: string;
  now: number;
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    'streak-cover': { unit: StreakCoverUnit; result: { covered: string[] } };
  }
}

/** The streaks' part of each batch. */
export const STREAKS = partKey<StreaksBatch>('streaks');

/**
 * The streaks part of a batch, when the write path has streaks: the banks of freezes as decided so
 * far (a STREAK_FREEZE offer adds one to the redeeming user's bank of its streak, decision 164).
 */
export function streaksIn(batch: WriteBatch): StreaksBatch | undefined {
  return batch.find(STREAKS);
}

/** The state of a stored row (or of no row). */
export function stateOf(r: StreakProgressTable | undefined): StreakState {
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

/** The freezes of a stored row (or of no row). */
export function freezesOf(r: StreakProgressTable | undefined): Freezes {
  if (!r) return NO_FREEZES;
  return { available: Number(r.freezes_available ?? 0), used: Number(r.freezes_used ?? 0), frozen: JSON.parse(r.frozen_periods ?? '[]') };
}

/** A user's state of one streak in the batch: as stored, then as decided. */
interface Held {
  projectId: string;
  userId: string;
  streakId: string;
  state: StreakState;
  freezes: Freezes;
  /** Time of the event that completed the latest period, ms. */
  lastCompletedAt: number;
  updatedAt: number;
  changed: boolean;
  /** Whether the row was stored before the batch. */
  stored: boolean;
}

/** Where the stage reads the project's streaks (the service's cache; a miss reads on the batch's transaction). */
export type StreakDefinitions = (batch: WriteBatch, projectId: string) => Promise<Streak[]>;

/**
 * The streaks stage's part of a batch: the states of the batch's users are read once, the first
 * qualifying event of a period completes it in memory (streak-state.ts decides the rest, late
 * events included), milestones pay once per run with a STREAK entry, and each changed state is
 * written once. The analytics totals move by the batch's sums, into one shard chosen per batch.
 */
export class StreaksBatch implements EventStagePart<'streak-cover'> {
  private readonly defs = new Map<string, Streak[]>();
  private readonly held = new Map<string, Held>();
  /** The analytics totals the batch moves (streak-totals.ts). */
  private readonly totals = new StreakTotals();

  constructor(
    private readonly batch: WriteBatch,
    private readonly definitions: StreakDefinitions,
  ) {}

  async load(): Promise<void> {
    const keys = new Map<string, { project_id: string; user_id: string }>();
    for (const { event: e } of this.batch.unitsOf('event')) {
      let defs = this.defs.get(e.projectId);
      if (!defs) this.defs.set(e.projectId, (defs = await this.definitions(this.batch, e.projectId)));
      if (!e.conditionReached || !defs.some((s) => s.status === 'ACTIVE' && s.eventIds.includes(e.definition.eventId))) continue;
      keys.set(userKey(e.projectId, e.userId), { project_id: e.projectId, user_id: e.userId });
    }
    for (const u of this.batch.unitsOf('streak-cover')) {
      if (!this.defs.has(u.projectId)) this.defs.set(u.projectId, await this.definitions(this.batch, u.projectId));
      keys.set(userKey(u.projectId, u.userId), { project_id: u.projectId, user_id: u.userId });
    }
    await this.hold([...keys.values()]);
  }

  applyEvent(event: PipelineEvent, outcome: PipelineOutcome): void {
    if (!event.qualifies) return;
    for (const streak of this.defs.get(event.projectId)!) {
      if (streak.status !== 'ACTIVE' || !streak.eventIds.includes(event.eventId)) continue;
      outcome.streaks.push(this.advance(streak, event, outcome));
    }
  }

  /**
   * A `streak-cover` unit: the ended periods after the latest completed one are covered with banked
   * freezes, in the user's zone at the unit's time. Changes nothing when nothing has ended, the bank
   * is empty, the streak is inactive or has no freeze rule, or the user has no period yet.
   */
  apply(u: StreakCoverUnit): { covered: string[] } {
    const ledger = ledgerIn(this.batch);
    ledger.requireLive(u.projectId, u.userId);
    const streak = this.defs.get(u.projectId)?.find((s) => s.streakId === u.streakId);
    const key = heldKey(u.projectId, u.userId, u.streakId);
    const held = this.held.get(key);
    if (!streak || streak.status !== 'ACTIVE' || !held || held.state.periods.length === 0) return { covered: [] };
    const current = periodOf(streak.timeFrame, u.now, ledger.timeZone(u.projectId, u.userId));
    const cover = coverMissedPeriods(held.state, held.freezes, current, streak.freezes);
    if (cover.covered.length === 0) return { covered: [] };
    this.held.set(key, { ...held, state: cover.state, freezes: cover.freezes, updatedAt: u.now, changed: true });
    this.totals.move(u.projectId, u.streakId, held.state, cover.state);
    return { covered: cover.covered.map((p) => periodDateKey(streak.timeFrame, p)) };
  }

  /** Reads the stored states of these users' streaks, unless the batch holds them already (a redemption banking a freeze). */
  async loadBanks(keys: Array<{ projectId: string; userId: string; streakId: string }>): Promise<void> {
    for (const { projectId } of keys)
      if (!this.defs.has(projectId)) this.defs.set(projectId, await this.definitions(this.batch, projectId));
    const users = new Map(
      keys
        .filter((x) => !this.held.has(heldKey(x.projectId, x.userId, x.streakId)))
        .map((x) => [userKey(x.projectId, x.userId), { project_id: x.projectId, user_id: x.userId }]),
    );
    if (users.size === 0) return;
    await this.hold([...users.values()]);
  }

  /** Reads the stored streak states of these users into the batch, keeping any the batch holds already. */
  private async hold(users: Array<{ project_id: string; user_id: string }>): Promise<void> {
    for (const r of await progressOfUsers.run(this.batch.session, users)) {
      const key = heldKey(r.project_id, r.user_id, r.streak_id);
      if (this.held.has(key)) continue;
      this.held.set(key, {
        projectId: r.project_id,
        userId: r.user_id,
        streakId: r.streak_id,
        state: stateOf(r),
        freezes: freezesOf(r),
        lastCompletedAt: Number(r.last_completed_at),
        updatedAt: Number(r.updated_at),
        changed: false,
        stored: true,
      });
    }
  }

  /** Why one more freeze cannot be banked on the user's streak now (the streak inactive or without a rule, or the bank at max). */
  bankRefusal(projectId: string, userId: string, streakId: string): 'FREEZE_BANK_FULL' | 'STREAK_UNAVAILABLE' | null {
    const streak = this.defs.get(projectId)?.find((s) => s.streakId === streakId);
    if (!streak || streak.status !== 'ACTIVE' || !streak.freezes) return 'STREAK_UNAVAILABLE';
    const available = this.held.get(heldKey(projectId, userId, streakId))?.freezes.available ?? 0;
    return available >= streak.freezes.max ? 'FREEZE_BANK_FULL' : null;
  }

  /** Banks one freeze (after `bankRefusal` said null); a user with no state gets a row holding only the bank. */
  bankFreeze(projectId: string, userId: string, streakId: string, now: number): { available: number; used: number } {
    const key = heldKey(projectId, userId, streakId);
    const held = this.held.get(key) ?? {
      projectId,
      userId,
      streakId,
      state: EMPTY_STREAK,
      freezes: NO_FREEZES,
      lastCompletedAt: 0,
      updatedAt: now,
      changed: false,
      stored: false,
    };
    const freezes = { ...held.freezes, available: held.freezes.available + 1 };
    this.held.set(key, { ...held, freezes, updatedAt: now, changed: true });
    return { available: freezes.available, used: freezes.used };
  }

  private advance(streak: Streak, event: PipelineEvent, outcome: PipelineOutcome): StreakProgress {
    const key = heldKey(event.projectId, event.userId, streak.streakId);
    const held = this.held.get(key);
    const before = held?.state ?? EMPTY_STREAK;
    const zone = ledgerIn(this.batch).timeZone(event.projectId, event.userId);
    const period = periodOf(streak.timeFrame, event.occurredAt, zone);
    const step = streakAfterPeriodWithFreezes(
      before,
      held?.freezes ?? NO_FREEZES,
      period,
      streak.milestones.map((m) => m.count),
      streak.freezes,
    );
    const result = {
      streakId: streak.streakId,
      currentCount: step.state.currentCount,
      lastUpdate: new Date(event.occurredAt).toISOString(),
    };
    if (!step.changed) return { ...result, milestoneReached: false, pointsAwarded: 0 };
    const pointsAwarded = this.payMilestones(streak, step.newlyClaimed, event);
    this.held.set(key, {
      projectId: event.projectId,
      userId: event.userId,
      streakId: streak.streakId,
      state: step.state,
      freezes: step.freezes,
      lastCompletedAt: step.latest || !held ? event.occurredAt : held.lastCompletedAt,
      updatedAt: event.receivedAt,
      changed: true,
      stored: held?.stored ?? false,
    });
    // A row may exist with no period yet (freezes granted before the first event).
    this.totals.move(event.projectId, streak.streakId, held && before.periods.length > 0 ? before : null, step.state);
    outcome.pointsEarned += pointsAwarded;
    if (step.newlyClaimed.length > 0) {
      this.batch.notify({
        type: 'streak.milestone_reached',
        projectId: event.projectId,
        userId: event.userId,
        occurredAt: event.occurredAt,
        data: {
          userId: event.userId,
          streakId: streak.streakId,
          milestones: step.newlyClaimed,
          currentCount: step.state.currentCount,
          pointsAwarded,
        },
      });
    }
    return { ...result, milestoneReached: step.newlyClaimed.length > 0, pointsAwarded };
  }

  /**
   * One STREAK history entry with the points of every milestone reached by the event, and one per
   * other currency a reached milestone pays in (decision 302). Returns the points paid.
   */
  private payMilestones(streak: Streak, counts: number[], event: PipelineEvent): number {
    if (counts.length === 0) return 0;
    const byCurrency = new Map<string, number>([['points', 0]]);
    for (const m of streak.milestones) {
      if (!counts.includes(m.count)) continue;
      const currency = m.currency ?? 'points';
      byCurrency.set(currency, (byCurrency.get(currency) ?? 0) + m.points);
    }
    let paid = 0;
    for (const [currency, points] of byCurrency) {
      if (currency !== 'points' && points === 0) continue;
      const entry = ledgerIn(this.batch).record({
        projectId: event.projectId,
        userId: event.userId,
        type: 'STREAK',
        sourceId: streak.streakId,
        ...(currency === 'points' ? {} : { currency }),
        points,
        occurredAt: event.occurredAt,
        title: historyText(streak.title),
        description: historyText(streak.description),
        metadata: { streakId: streak.streakId, milestones: counts },
        boardGroups: event.userGroups,
      });
      if (currency === 'points') paid = entry.points;
    }
    return paid;
  }

  async write(): Promise<void> {
    const session = this.batch.session;
    const rows: Array<Parameters<typeof writeProgress.run>[1][number]> = [];
    for (const h of this.held.values()) {
      if (!h.changed) continue;
      rows.push({
        exists: h.stored,
        row: {
          project_id: h.projectId,
          user_id: h.userId,
          streak_id: h.streakId,
          periods: JSON.stringify(h.state.periods),
          current_count: h.state.currentCount,
          current_start: h.state.currentStart ?? 0, // 0: a row holding only banked freezes
          last_period: h.state.periods[h.state.periods.length - 1] ?? 0,
          longest_streak: h.state.longestStreak,
          missed_count: h.state.missedCount,
          milestones_claimed: JSON.stringify(h.state.milestonesClaimed),
          last_completed_at: h.lastCompletedAt,
          updated_at: h.updatedAt,
          freezes_available: h.freezes.available,
          freezes_used: h.freezes.used,
          frozen_periods: JSON.stringify(h.freezes.frozen),
        },
      });
    }
    // All go out at once (pipelined on PostgreSQL, in this order), unanswered. The rows every batch of a
    // streak shares (the totals) come last, so they stay locked only until the commit.
    const progress = writeProgress.later(session, rows);
    const totals = this.totals.write(session);
    await Promise.all([progress, totals]);
  }
}

function heldKey(projectId: string, userId: string, streakId: string): string {
  return `${projectId}\u0000${userId}\u0000${streakId}`;
}
