import { assertActsFor, type Principal } from '../../http/auth/principal.js';
import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import type { Platform } from '../../platform/platform.js';
import { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import { WalSync } from '../../platform/db/wal-sync.js';
import { historyText } from '../points/ledger.js';
import type { PointsService } from '../points/points.service.js';
import type { UserDataOwner } from '../users/user-data.js';
import { conditionsHold } from './conditions.js';
import { checkMetadataFields, eventTime } from './event-input.js';
import { EventDefinitionsService } from './event-definitions.service.js';
import type { EventDefinition, EventResponse, PostEventBody } from './events.schemas.js';
import { EventsRepository } from './events.repository.js';
import { GroupCommitter, PerUnitTransactions, type TransactionRunner } from './group-commit.js';
import { limitPeriodKey } from './limit-period.js';
import type { EventStage, PipelineEvent, PipelineOutcome } from './pipeline.js';
import { computeReward, userGroupsOf } from './reward.js';

export const LOGGED_MESSAGE = 'Event erfolgreich geloggt';
export const LIMIT_MESSAGE = 'Event Limit erreicht';

export interface EventsDependencies {
  points: PointsService;
  /** Run in this order inside the event's transaction: challenges, streaks, leaderboards, analytics. */
  stages: EventStage[];
}

/** An event that passed every check that needs no database, with its reward decided. */
interface PreparedEvent {
  definition: EventDefinition;
  projectId: string;
  userId: string;
  occurredAt: number;
  receivedAt: number;
  metadata: Record<string, unknown>;
  userGroups: string[];
  conditionReached: boolean;
  rewardPoints: number;
  userGroupId: string;
}

/**
 * POST /event, the hot path: validate against the cached definition, then in ONE transaction take
 * a completion slot (limited events), append the ledger entry and move the balance, store the
 * event, and run the stages. The caller is answered after the commit; stages' afterCommit run then.
 * On SQLite concurrent events share a transaction (group commit), each in its own savepoint.
 */
export class EventsService implements UserDataOwner {
  readonly userDataName = 'events';
  readonly definitions: EventDefinitionsService;
  private readonly repo: EventsRepository;
  private readonly runner: TransactionRunner;
  private readonly walSync: WalSync | null;

  constructor(
    private readonly platform: Platform,
    private readonly deps: EventsDependencies,
  ) {
    this.definitions = new EventDefinitionsService(platform);
    const sqlite = SqliteStatements.of(platform.db);
    this.repo = new EventsRepository(platform.db.kysely, sqlite);
    this.walSync = platform.db.sqlite ? new WalSync(platform.db.sqlite) : null;
    this.runner = sqlite && this.walSync ? new GroupCommitter(platform.db.kysely, sqlite, this.walSync) : new PerUnitTransactions(platform.db.kysely);
  }

  async ingest(principal: Principal, body: PostEventBody): Promise<EventResponse> {
    const prepared = await this.prepare(principal, body);
    const { event, outcome } = await this.runner.run((trx) => this.apply(trx, prepared));
    for (const stage of this.deps.stages) {
      if (!stage.afterCommit) continue;
      try {
        await stage.afterCommit(event, outcome);
      } catch (err) {
        this.platform.log.error({ err, stage: stage.name }, 'event stage afterCommit failed');
      }
    }
    const def = prepared.definition;
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
        userGroupId: prepared.userGroupId,
        timestamp: event.occurredAt,
        streaks: outcome.streaks,
        challenges: outcome.challenges,
      },
    };
  }

  /** Every rule that needs no database: 403/404/400 before any write. */
  private async prepare(principal: Principal, body: PostEventBody): Promise<PreparedEvent> {
    assertActsFor(principal, body.userId);
    const projectId = principal.projectId;
    const definition = await this.definitions.find(projectId, body.eventId);
    if (!definition) throw AppError.notFound(`Event ${body.eventId} not found`, 'EVENT_NOT_FOUND');
    if (definition.status !== 'ACTIVE') throw AppError.badRequest(`Event ${body.eventId} is not active`, 'EVENT_INACTIVE');
    if (definition.requiresApiKey && principal.kind !== 'apikey') {
      throw AppError.forbidden(`Event ${body.eventId} requires an API key`, 'API_KEY_REQUIRED');
    }
    const metadata: Record<string, unknown> = body.metadata ?? {};
    checkMetadataFields(definition, metadata);
    const receivedAt = this.platform.clock.now();
    const occurredAt = eventTime(body.timestamp, receivedAt);
    const userGroups = userGroupsOf(metadata);
    const conditionReached = conditionsHold(definition.conditions, metadata);
    const reward = computeReward(definition, metadata, userGroups);
    return {
      definition,
      projectId,
      userId: body.userId,
      occurredAt,
      receivedAt,
      metadata,
      userGroups,
      conditionReached,
      rewardPoints: reward.points,
      userGroupId: reward.userGroupId,
    };
  }

  /** The transactional part; throws USER_NOT_FOUND (404) when the user does not exist. */
  private async apply(trx: Queryable, p: PreparedEvent): Promise<{ event: PipelineEvent; outcome: PipelineOutcome }> {
    const def = p.definition;
    let limitReached = false;
    if (p.conditionReached && def.limit !== null) {
      const key = { projectId: p.projectId, userId: p.userId, eventId: def.eventId, periodKey: limitPeriodKey(def.limitPeriod, p.occurredAt) };
      limitReached = !(await this.repo.takeLimitSlot(trx, key, def.limit));
    }
    const points = p.conditionReached && !limitReached ? p.rewardPoints : 0;
    await this.deps.points.record(trx, {
      projectId: p.projectId,
      userId: p.userId,
      type: 'EVENT',
      sourceId: def.eventId,
      points,
      occurredAt: p.occurredAt,
      title: historyText(def.title),
      description: historyText(def.description),
      image: def.image,
    });
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
    };
    await this.repo.insertEvent(trx, event);
    const outcome: PipelineOutcome = { streaks: [], challenges: [], pointsEarned: points };
    for (const stage of this.deps.stages) await stage.apply(trx, event, outcome);
    return { event, outcome };
  }

  /** Releases the WAL file handle (app close). */
  async close(): Promise<void> {
    await this.walSync?.close();
  }

  /** Stored events and limit counters of the user (user deletion job). */
  deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteUserData(projectId, userId, limit);
  }

  /** Stored events of a user, optionally of one eventId (tests, checks). */
  countEvents(projectId: string, userId: string, eventId?: string): Promise<number> {
    return this.repo.countForUser(projectId, userId, eventId);
  }
}
