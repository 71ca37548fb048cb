import type { Queryable } from '../../platform/db/database.js';

/**
 * The seam between POST /event and the modules it feeds (DESIGN.md: the event pipeline).
 * The events module validates the event, decides its reward and records it in the ledger; then
 * every stage runs, in order, inside the SAME transaction: challenges, streaks, leaderboards,
 * analytics. After the commit each stage's `afterCommit` runs (in-memory or Redis indexes).
 * On SQLite several events may share one transaction (group commit); each still sees its own
 * PipelineEvent and PipelineOutcome.
 */

/** An event that passed validation, with its own reward decided. */
export interface PipelineEvent {
  projectId: string;
  userId: string;
  eventId: string;
  /** Effective time in ms: the offline `timestamp`, else the clock's now. */
  occurredAt: number;
  /** Time the service received it, ms. */
  receivedAt: number;
  metadata: Record<string, unknown>;
  /** User groups named in metadata.usergroup (never includes `default`, which always applies). */
  userGroups: string[];
  /** Points awarded by the event definition's reward (0 when the condition failed or the limit was reached). */
  points: number;
  conditionReached: boolean;
  limitReached: boolean;
  /**
   * Whether the event counts for challenges and streaks: its conditions held and it was within
   * its completion limit. Events that do not qualify are still logged, stored and counted by analytics.
   */
  qualifies: boolean;
}

/** A streak changed by the event (the `data.streaks` items of the POST /event response). */
export interface StreakProgress {
  streakId: string;
  currentCount: number;
  /** ISO 8601 time of the event that updated the streak. */
  lastUpdate: string;
  milestoneReached: boolean;
  pointsAwarded: number;
}

/** A challenge whose progress changed (the `data.challenges` items of the POST /event response). */
export interface ChallengeProgress {
  challengeId: string;
  progress: number;
  goal: number;
  completed: boolean;
  pointsAwarded: number;
}

/** What the stages produce; filled in as the stages run. */
export interface PipelineOutcome {
  streaks: StreakProgress[];
  challenges: ChallengeProgress[];
  /**
   * Points earned through this event: the event's own points plus the bonuses that stages award
   * (challenge completions, streak milestones). Leaderboards rank by this.
   */
  pointsEarned: number;
}

export interface EventStage {
  readonly name: string;
  /**
   * Runs inside the event's transaction. May write its own tables and award points with
   * PointsService.record(trx, …) — then it adds them to `outcome.pointsEarned`. Throwing aborts
   * the event (nothing of it is kept).
   */
  apply(trx: Queryable, event: PipelineEvent, outcome: PipelineOutcome): Promise<void>;
  /** After the commit. Must not throw; a crash before it runs is repaired by a rebuild from SQL. */
  afterCommit?(event: PipelineEvent, outcome: PipelineOutcome): void | Promise<void>;
}
