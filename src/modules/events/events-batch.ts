import { AppError } from '../../platform/errors.js';
import { historyText, type HistoryText } from '../points/index.js';
import { ledgerIn } from '../points/index.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { BatchPart, WriteBatch, WriteHooks, WriteUnit } from '../../write-path/write-batch.js';
import { tiersIn, type TiersBatch } from '../tiers/index.js';
import type { EventDefinition, EventResponse } from './events.schemas.js';
import { limitPeriodKey } from './limit-period.js';
import { insertEvents, limitCounters, writeLimitCounts } from './events.repository.js';
import { awardedReason, campaignReason, conditionFailure, limitReason } from './event-log-reason.js';
import { insertEventLog } from './event-log.repository.js';
import type { PipelineEvent, PipelineOutcome } from './pipeline.js';
import { tieredReward, type CurrencyReward } from './reward.js';
import { DAY_MS, startOfDay } from '../../platform/time.js';

export const LOGGED_MESSAGE = 'Event erfolgreich geloggt';
export const LIMIT_MESSAGE = 'Event Limit erreicht';

/** An event that passed every check that needs no database, with its reward decided. */
export interface PreparedEvent {
  definition: EventDefinition;
  projectId: string;
  userId: string;
  occurredAt: number;
  receivedAt: number;
  metadata: Record<string, unknown>;
  userGroups: string[];
  conditionReached: boolean;
  rewardPoints: number;
  /** The reward before maximumReward: a tier's multiplier applies to it, then the cap (reward.ts). */
  uncappedReward: number;
  /** Rewards in the project's other currencies (reward.ts; empty for most events). */
  currencyRewards: readonly CurrencyReward[];
  userGroupId: string;
  /** Whether the event takes a completion of its limit period (a limited event whose conditions held). */
  limited: boolean;
  /** Whether the batch creates the user when it does not exist (the project's autoCreateUsers). */
  createUser: boolean;
  /** Other users the event's batch locks (the referrer its referral may pay, decision 310). */
  alsoLocks?: string[];
}

/** What the 404 of an event for an unknown user adds: how to get past it. */
export const CREATE_USER_HINT = 'create it first with POST /user, or turn on the project setting autoCreateUsers';

export interface EventUnit extends WriteUnit {
  kind: 'event';
  event: PreparedEvent;
}

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    event: { unit: EventUnit; result: EventResponse };
  }
}

interface Counter {
  row: { project_id: string; user_id: string; event_id: string; period_key: string };
  count: number;
  taken: number;
  /** Whether the counter was stored before the batch. */
  stored: boolean;
}

/** The history texts of a definition, made once per definition object (definitions are cached and replaced on change). */
const definitionTexts = new WeakMap<EventDefinition, { title: HistoryText; description: HistoryText }>();
function textsOf(def: EventDefinition): { title: HistoryText; description: HistoryText } {
  let t = definitionTexts.get(def);
  if (t === undefined) definitionTexts.set(def, (t = { title: historyText(def.title), description: historyText(def.description) }));
  return t;
}

const counterKey = (projectId: string, userId: string, eventId: string, periodKey: string) =>
  `${projectId}\u0000${userId}\u0000${eventId}\u0000${periodKey}`;

/**
 * POST /event's part of the write path: the limit slot, the EVENT ledger entry, the stored event,
 * then the stages (the participants answering the hook `event`, in participant order). The event's
 * points take the user's tier multiplier as the tiers part has decided it so far, when there are tiers.
 */
export const eventsParticipant = defineParticipant<EventsBatch>({
  name: 'events',
  kind: 'event',
  after: ['ledger', 'tiers?'],
  begin: (batch) => new EventsBatch(batch),
});

class EventsBatch implements BatchPart<'event'> {
  private readonly counters = new Map<string, Counter>();
  /** The limit period key of each limited event, in the user's local calendar (read with the user's row). */
  private readonly periodKeys = new Map<PreparedEvent, string>();
  private readonly stored: Array<Parameters<typeof insertEvents.run>[1][number]> = [];
  /** The event log's entries of the batch (decision 120): one multi-row insert in `write`. */
  private readonly logged: Array<Parameters<typeof insertEventLog.run>[1][number]> = [];

  /** The stages' answers to the hook `event`, in participant order (every part is open when the batch loads). */
  private stages: Array<WriteHooks['event']> = [];
  private tiers: TiersBatch | undefined;

  constructor(private readonly batch: WriteBatch) {}

  /** Reads the completion counters the batch's limited events need. */
  async load(): Promise<void> {
    this.stages = this.batch.hooks('event');
    this.tiers = tiersIn(this.batch);
    const ledger = ledgerIn(this.batch);
    const events = this.batch.unitsOf('event');
    // A limit's period is in the user's time zone, read with the user's lock (decision 354).
    if (events.some(({ event: e }) => e.limited)) await ledger.load();
    for (const { event: e } of events) {
      if (!e.limited) continue;
      const periodKey = limitPeriodKey(e.definition.limitPeriod, e.occurredAt, ledger.timeZone(e.projectId, e.userId));
      this.periodKeys.set(e, periodKey);
      const key = counterKey(e.projectId, e.userId, e.definition.eventId, periodKey);
      if (!this.counters.has(key)) {
        this.counters.set(key, {
          row: { project_id: e.projectId, user_id: e.userId, event_id: e.definition.eventId, period_key: periodKey },
          count: 0,
          taken: 0,
          stored: false,
        });
      }
    }
    const rows = await limitCounters.run(
      this.batch.session,
      [...this.counters.values()].map((c) => c.row),
    );
    for (const r of rows) {
      const counter = this.counters.get(counterKey(r.project_id, r.user_id, r.event_id, r.period_key))!;
      counter.count = Number(r.count);
      counter.stored = true;
    }
  }

  apply(unit: EventUnit): EventResponse {
    const p = unit.event;
    const def = p.definition;
    const ledger = ledgerIn(this.batch);
    if (p.createUser) ledger.createIfWanted(p.projectId, p.userId);
    if (!ledger.isLive(p.projectId, p.userId)) throw AppError.of('USER_NOT_FOUND', p.userId).explained(CREATE_USER_HINT);
    // A limited event takes one completion of its period while the counter is below the limit.
    const periodKey = this.periodKeys.get(p);
    const counter = periodKey === undefined ? undefined : this.counters.get(counterKey(p.projectId, p.userId, def.eventId, periodKey));
    const limitReached = counter !== undefined && (def.limit! <= 0 || counter.count >= def.limit!);
    const qualifies = p.conditionReached && !limitReached;
    const points = qualifies ? this.reward(p) : 0;
    // With pendingDays the points wait until the end of the UTC day that many days after the event
    // (decision 148); an offline event whose wait is over is credited at once.
    const availableAt = startOfDay(p.occurredAt) + (def.pendingDays + 1) * DAY_MS;
    const waits = def.pendingDays > 0 && availableAt > this.batch.now;
    const pending = points > 0 && waits;
    const levelMark = ledger.levelUps.length;
    const ledgerMark = ledger.entries.length;
    ledger.record({
      projectId: p.projectId,
      userId: p.userId,
      type: 'EVENT',
      sourceId: def.eventId,
      points: pending ? 0 : points,
      occurredAt: p.occurredAt,
      ...textsOf(def),
      image: def.image,
      boardGroups: p.userGroups,
      ...(pending ? { pending: { points, availableAt } } : {}),
    });
    const rewards = points > 0 ? [{ currency: 'points', points }] : [];
    if (qualifies && p.currencyRewards.length > 0) {
      const catalog = ledger.catalogOf(p.projectId);
      for (const r of p.currencyRewards) {
        // An INACTIVE currency earns nothing (decision 302).
        if (catalog.get(r.currency)?.active !== true) continue;
        const paid = this.currencyReward(p, r);
        if (paid <= 0) continue;
        ledger.record({
          projectId: p.projectId,
          userId: p.userId,
          type: 'EVENT',
          sourceId: def.eventId,
          currency: r.currency,
          points: waits ? 0 : paid,
          occurredAt: p.occurredAt,
          ...textsOf(def),
          image: def.image,
          boardGroups: p.userGroups,
          ...(waits ? { pending: { points: paid, availableAt } } : {}),
        });
        rewards.push({ currency: r.currency, points: paid });
      }
    }
    if (counter && !limitReached) {
      counter.count++;
      counter.taken++;
    }
    const event: PipelineEvent = {
      projectId: p.projectId,
      userId: p.userId,
      eventId: def.eventId,
      occurredAt: p.occurredAt,
      receivedAt: p.receivedAt,
      metadata: p.metadata,
      userGroups: p.userGroups,
      points,
      conditionReached: p.conditionReached,
      limitReached,
      qualifies: p.conditionReached && !limitReached,
      rewards,
      ledgerMark,
    };
    const metadata = JSON.stringify(event.metadata);
    this.stored.push({
      project_id: event.projectId,
      event_id: event.eventId,
      user_id: event.userId,
      occurred_at: event.occurredAt,
      received_at: event.receivedAt,
      points,
      condition_reached: event.conditionReached ? 1 : 0,
      limit_reached: limitReached ? 1 : 0,
      metadata,
      user_groups: JSON.stringify(event.userGroups),
    });
    // Only an event that earned nothing gets a reason now; an awarded one's is made when read.
    const logRow: (typeof this.logged)[number] = {
      project_id: event.projectId,
      at: event.receivedAt,
      user_id: event.userId,
      event_id: event.eventId,
      outcome: !event.conditionReached ? 'CONDITION_FAILED' : limitReached ? 'LIMIT_REACHED' : 'AWARDED',
      reason: !event.conditionReached ? conditionFailure(def.conditions, event.metadata) : limitReached ? limitReason(def) : null,
      points,
      metadata,
      status: 200,
      code: null,
    };
    this.logged.push(logRow);
    const outcome: PipelineOutcome = {
      streaks: [],
      challenges: [],
      achievements: [],
      pointsEarned: points,
      notes: [],
      campaigns: [],
      campaignMisses: [],
    };
    for (const stage of this.stages) stage(event, outcome);
    // An awarded event's reason is made when read, unless campaigns paid or nearly paid it (decision 316)
    // or a stage noted something (a referral qualified, decision 310).
    const campaigned = outcome.campaigns.length > 0 || outcome.campaignMisses.length > 0;
    if (campaigned || outcome.notes.length > 0) {
      const base = campaigned ? campaignReason(points, outcome) : (logRow.reason ?? awardedReason(points));
      logRow.reason = [base, ...outcome.notes].join('; ');
    }
    const levelUps = ledger.levelUps.length === levelMark ? [] : levelUpsOf(ledger.levelUps.slice(levelMark), p);
    return response(p, event, outcome, rewards, levelUps);
  }

  /** The event's points: the prepared reward, times the user's tier multiplier (the tier before this event). */
  private reward(p: PreparedEvent): number {
    const tier = this.tiers?.tierOf(p.projectId, p.userId) ?? null;
    if (tier === null || tier.multiplier === 1) return p.rewardPoints;
    return tieredReward(p.uncappedReward, tier.multiplier, p.definition.maximumReward);
  }

  /** A reward in another currency, times the user's tier multiplier, then its cap. */
  private currencyReward(p: PreparedEvent, r: CurrencyReward): number {
    const tier = this.tiers?.tierOf(p.projectId, p.userId) ?? null;
    if (tier === null || tier.multiplier === 1) return r.points;
    return tieredReward(r.uncapped, tier.multiplier, p.definition.maximumRewards?.[r.currency] ?? null);
  }

  async write(): Promise<void> {
    await Promise.all([
      insertEvents.later(this.batch.session, this.stored),
      insertEventLog.later(this.batch.session, this.logged),
      writeLimitCounts.later(
        this.batch.session,
        [...this.counters.values()].filter((c) => c.taken > 0).map((c) => ({ exists: c.stored, row: { ...c.row, count: c.count } })),
      ),
    ]);
  }
}

type Rewards = EventResponse['data']['rewards'];
type LevelUps = EventResponse['data']['levelUps'];

/** The levels the event's user reached (the batch's list holds every user's). */
function levelUpsOf(ups: ReturnType<typeof ledgerIn>['levelUps'], p: PreparedEvent): LevelUps {
  return ups
    .filter((u) => u.userId === p.userId && u.projectId === p.projectId)
    .map((u) => ({ currency: u.currency, level: u.level, threshold: u.threshold, title: u.title }));
}

/** The merged response of POST /event (the interface's two shapes in one object). */
function response(p: PreparedEvent, event: PipelineEvent, outcome: PipelineOutcome, rewards: Rewards, levelUps: LevelUps): EventResponse {
  const def = p.definition;
  return {
    statusCode: 200,
    success: true,
    message: event.limitReached ? LIMIT_MESSAGE : LOGGED_MESSAGE,
    data: {
      userId: event.userId,
      eventId: event.eventId,
      points: event.points,
      pointsAwarded: event.points,
      type: def.type,
      title: def.title,
      limit: def.limit,
      maximumReward: def.maximumReward,
      metadata: event.metadata,
      conditionReached: event.conditionReached,
      limitReached: event.limitReached,
      userGroupId: p.userGroupId,
      timestamp: event.occurredAt,
      streaks: outcome.streaks,
      challenges: outcome.challenges,
      achievements: outcome.achievements,
      rewards,
      levelUps,
      ...(outcome.campaigns.length > 0 ? { campaigns: outcome.campaigns } : {}),
    },
  };
}
