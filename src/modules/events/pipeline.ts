import { defineParticipant, type WriteParticipant } from '../../write-path/participant.js';
import type { BatchPart, UnitKind } from '../../write-path/write-batch.js';

/**
 * The seam between POST /event and the modules it feeds (decision 070, docs/architecture.md). The events module
 * validates an event, decides its reward and records it in the ledger; then every stage takes the
 * event, in participant order: challenges, streaks, analytics. Stages are write participants with
 * the hook `event`: each has a part in every batch that loads the state the batch's events need,
 * decides each event in memory, and writes once per batch. Leaderboards are not a stage: they rank the batch's ledger entries
 * (every entry but spending counts), so bonuses, survey answers and adjustments reach them too.
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
  /** ACTIVE existing user groups named in metadata.usergroup (never includes `default`, which always applies). */
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
  /** What the definition paid per currency (non-zero only; `points` included): the base of campaign multipliers. */
  rewards: ReadonlyArray<{ currency: string; points: number }>;
  /**
   * How many entries the batch's ledger held before the event's own: the entries from here on are the
   * event's and what stages paid for it, so a stage can read a balance as it was before the event (segments).
   */
  ledgerMark: number;
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

/** An achievement level unlocked by the event (the `data.achievements` items of the POST /event response). */
export interface AchievementUnlock {
  achievementId: string;
  level: number;
}

/** What the stages produce; filled in as the stages run. */
export interface PipelineOutcome {
  streaks: StreakProgress[];
  challenges: ChallengeProgress[];
  achievements: AchievementUnlock[];
  /** Points earned through this event: its own points plus the bonuses stages awarded. */
  pointsEarned: number;
  /** What stages add to the event's reason in the event log (a referral qualified, a referrer over its cap). */
  notes: string[];
  /** What campaigns paid for the event (the `data.campaigns` items, decision 316). */
  campaigns: Array<{ campaignId: string; points: number; currency: string }>;
  /** Campaigns that matched the event but did not pay it, and why (the event log's near misses). */
  campaignMisses: Array<{ campaignId: string; reason: 'window' | 'budget' | 'audience' }>;
}

declare module '../../write-path/write-batch.js' {
  interface WriteHooks {
    /** Each event the batch logs, in arrival order, after the event's own ledger entry (events-batch.ts). */
    event: (event: PipelineEvent, outcome: PipelineOutcome) => void;
  }
}

/** A stage's part of one batch. */
export interface EventStagePart<K extends UnitKind = never> extends BatchPart<K> {
  /**
   * Takes one event the batch logs, in arrival order, after the event's own ledger entry. May award
   * points through the batch's ledger (`ledgerIn(batch).record`, with the event's user groups as
   * `boardGroups`) and add them to `outcome.pointsEarned`. Synchronous: the state it needs was read
   * by `load`. Throwing fails the batch (see BatchPart.apply).
   */
  applyEvent(event: PipelineEvent, outcome: PipelineOutcome): void;
}

/** A stage as its module declares it: a participant whose part takes the batch's events. */
export type EventStage<P extends EventStagePart<UnitKind> = EventStagePart> = Omit<WriteParticipant<P>, 'hooks'>;

/** The participant of a stage: its part answers the hook `event` with `applyEvent`. */
export function eventStage<P extends EventStagePart<UnitKind>>(stage: EventStage<P>) {
  return defineParticipant<P>({
    ...stage,
    hooks: { event: (part) => (event, outcome) => part.applyEvent(event, outcome) },
  });
}
