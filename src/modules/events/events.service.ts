import { assertActsFor, type Principal } from '../../http/auth/principal.js';
import { errorBody, type ErrorBody } from '../../http/error-handler.js';
import { AppError } from '../../http/errors.js';
import type { IdempotencyClaim } from '../../http/idempotency.js';
import { bodyPartValidator } from '../../http/validation.js';
import type { UnitOutcome } from '../../write-path/batch-committer.js';
import { LoopSlice } from '../../platform/loop-slice.js';
import type { Platform } from '../../platform/platform.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { ProjectsService } from '../projects/index.js';
import type { UserGroupsService } from '../usergroups/index.js';
import type { UserDataOwner } from '../users/index.js';
import { conditionsHold } from './conditions.js';
import { checkMetadataFields, checkUserEventAge, eventTime } from './event-input.js';
import { EventDefinitionsService } from './event-definitions.service.js';
import { EventLogService } from './event-log.service.js';
import type { EventUnit, PreparedEvent } from './events-batch.js';
import { PostEventBody, type EventResponse } from './events.schemas.js';
import { EventsRepository, type StoredPageQuery } from './events.repository.js';
import { computeCurrencyRewards, computeReward, userGroupsOf } from './reward.js';
import type { CurrenciesService } from '../currencies/index.js';

/** A stored event that earned its reward, as paid then (EventsService.qualifyingPage). */
export interface StoredEvent {
  row: number;
  eventId: string;
  userId: string;
  occurredAt: number;
  points: number;
  metadata: Record<string, unknown>;
  userGroups: string[];
}

export { LIMIT_MESSAGE, LOGGED_MESSAGE } from './events-batch.js';

/** An item of POST /events, checked with POST /event's body schema. */
const validItem = bodyPartValidator(PostEventBody);

const unitOf = (event: PreparedEvent): EventUnit => ({
  kind: 'event',
  projectId: event.projectId,
  userId: event.userId,
  createUser: event.createUser,
  ...(event.alsoLocks ? { alsoLocks: event.alsoLocks } : {}),
  event,
});

/** The project setting autoCreateUsers (cached by the projects module). */
/**
 * POST /event, the hot path: every rule that needs no database is checked here against the cached
 * definition (403/404/400 before any write); then the event joins the write path, which applies it
 * in a batch with whatever else arrived meanwhile (events-batch.ts) and answers after the commit.
 */
export class EventsService implements UserDataOwner {
  readonly userDataName = 'events';
  readonly definitions: EventDefinitionsService;
  /** What came of every call and bulk item (GET /admin/event-log). */
  readonly log: EventLogService;
  private readonly repo: EventsRepository;
  private locks: ((projectId: string, userId: string, eventId: string) => Promise<string[]>) | null = null;

  constructor(
    private readonly platform: Platform,
    /** The write path, with the events participant among its participants. */
    private readonly writes: WritePath,
    /** Which named user groups take part (ACTIVE and existing); cached, read before any write. */
    private readonly userGroups: Pick<UserGroupsService, 'activeAmong'>,
    /** The project's settings this service reads (cached): userEventMaxAgeHours (offline events of user tokens), autoCreateUsers. */
    private readonly projects: Pick<ProjectsService, 'userEventMaxAgeHours' | 'autoCreateUsers'>,
    /** Checks the currencies definitions name. */
    currencies: Pick<CurrenciesService, 'require'>,
  ) {
    this.definitions = new EventDefinitionsService(platform, currencies);
    this.log = new EventLogService(platform);
    this.repo = new EventsRepository(platform.db.kysely);
  }

  /**
   * POST /event. `claim`: the request's Idempotency-Key; the response is stored in the event's own
   * transaction, so a repeat after a crash finds it exactly when the event committed.
   */
  async ingest(principal: Principal, body: PostEventBody, claim: IdempotencyClaim | null = null): Promise<EventResponse> {
    const event = await this.prepare(principal, body);
    return this.writes.submit(unitOf(event), claim);
  }

  /**
   * POST /events: each item as POST /event would take it, in order, all in one batch (so the
   * request's response, stored for its Idempotency-Key, commits with all its events). An item's
   * refusal (its error body) fails only that item.
   */
  async ingestMany(
    principal: Principal,
    items: readonly unknown[],
    claim: IdempotencyClaim | null = null,
  ): Promise<{ results: Array<EventResponse | ErrorBody> }> {
    // Checked one by one, giving the event loop a turn between slices (decision 217); the first turn
    // at once, since reading, parsing and checking the body (up to 4 MiB) came just before.
    const checked: Array<PreparedEvent | ErrorBody> = [];
    const slice = new LoopSlice();
    await slice.next();
    for (const [i, item] of items.entries()) {
      try {
        const invalid = validItem(item, `events/${i}`);
        if (invalid) throw AppError.of('VALIDATION_ERROR', invalid);
        checked.push(await this.prepare(principal, item as PostEventBody));
      } catch (err) {
        checked.push(this.bodyOf(err, i));
      }
      if (slice.due()) await slice.next();
    }
    const results: Array<EventResponse | ErrorBody | null> = [];
    const units: EventUnit[] = [];
    const slots: number[] = [];
    for (const [i, c] of checked.entries()) {
      if ('statusCode' in c) {
        results.push(c);
        continue;
      }
      results.push(null);
      units.push(unitOf(c));
      slots.push(i);
    }
    const merge = (outcomes: Array<UnitOutcome<unknown>>) => {
      const out = [...results];
      outcomes.forEach((o, k) => (out[slots[k]!] = o.ok ? (o.value as EventResponse) : this.bodyOf(o.error, slots[k]!)));
      return { results: out as Array<EventResponse | ErrorBody> };
    };
    const answer =
      units.length === 0
        ? merge([])
        : merge(await this.writes.submitGroup(units, claim, (outcomes) => ({ statusCode: 200, body: merge(outcomes) })));
    await this.logRejectedItems(principal, items, answer.results);
    return answer;
  }

  /** The items refused with a 4xx go to the event log, in one insert. */
  private async logRejectedItems(
    principal: Principal,
    items: readonly unknown[],
    results: ReadonlyArray<EventResponse | ErrorBody>,
  ): Promise<void> {
    const logged: Array<Promise<void>> = [];
    results.forEach((r, i) => {
      if (r.statusCode >= 400 && r.statusCode < 500) {
        const e = r as ErrorBody;
        logged.push(this.log.rejected(principal, items[i], e.statusCode, e.code, e.message));
      }
    });
    await Promise.all(logged);
  }

  /**
   * Applies an event that passed `prepare`. Several submitted together may share a batch; each
   * resolves with its own response (or rejects with its own error).
   */
  submit(event: PreparedEvent): Promise<EventResponse> {
    return this.writes.submit(unitOf(event));
  }

  /** The error body an item of POST /events answers with. */
  private bodyOf(err: unknown, item: number): ErrorBody {
    if (err instanceof AppError) return errorBody(err.statusCode, err.code, err.message);
    this.platform.log.error({ err, item }, 'bulk event failed');
    return errorBody(500, 'INTERNAL', 'Internal Server Error');
  }

  /** Every rule that needs no database: 403/404/400 before any write. */
  async prepare(principal: Principal, body: PostEventBody): Promise<PreparedEvent> {
    assertActsFor(principal, body.userId);
    const projectId = principal.projectId;
    const definition = await this.definitions.find(projectId, body.eventId);
    if (!definition) throw AppError.of('EVENT_NOT_FOUND', body.eventId);
    if (definition.status !== 'ACTIVE') throw AppError.of('EVENT_INACTIVE', `Event ${body.eventId} is not active`);
    if (definition.requiresApiKey && principal.kind !== 'apikey') {
      throw AppError.of('API_KEY_REQUIRED', `Event ${body.eventId} requires an API key`);
    }
    const metadata: Record<string, unknown> = body.metadata ?? {};
    checkMetadataFields(definition, metadata);
    const receivedAt = this.platform.clock.now();
    const occurredAt = eventTime(body.timestamp, receivedAt);
    if (principal.kind === 'user' && body.timestamp !== undefined) {
      checkUserEventAge(occurredAt, receivedAt, await this.projects.userEventMaxAgeHours(projectId));
    }
    // Inactive or unknown groups get no group reward and nothing on their boards; `default` always counts.
    const [userGroups, createUser, alsoLocks] = await Promise.all([
      this.userGroups.activeAmong(projectId, userGroupsOf(metadata)),
      this.projects.autoCreateUsers(projectId),
      this.locks ? this.locks(projectId, body.userId, body.eventId) : [],
    ]);
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
      uncappedReward: reward.uncapped,
      currencyRewards: computeCurrencyRewards(definition, metadata, userGroups),
      userGroupId: reward.userGroupId,
      limited: conditionReached && definition.limit !== null,
      createUser,
      ...(alsoLocks.length > 0 ? { alsoLocks } : {}),
    };
  }

  /** Sets who else an event's batch must lock (the referrals module: the referrer an event may pay). */
  useLocks(locks: (projectId: string, userId: string, eventId: string) => Promise<string[]>): void {
    this.locks = locks;
  }

  /**
   * The stored events of one definition of the given users, oldest first, with whether each
   * qualified (its conditions held and it was within its limit): what an achievement's backfill counts.
   */
  async storedOf(
    projectId: string,
    eventId: string,
    userIds: readonly string[],
  ): Promise<Array<{ userId: string; occurredAt: number; metadata: Record<string, unknown>; qualifies: boolean }>> {
    if (userIds.length === 0) return [];
    const rows = await this.repo.storedOf(projectId, eventId, userIds);
    return rows.map((r) => ({
      userId: r.user_id,
      occurredAt: Number(r.occurred_at),
      metadata: JSON.parse(r.metadata) as Record<string, unknown>,
      qualifies: Number(r.condition_reached) === 1 && Number(r.limit_reached) === 0,
    }));
  }

  /** Stored events, limit counters and event log entries of the user (user deletion job). */
  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    const deleted = await this.repo.deleteUserData(projectId, userId, limit);
    return deleted >= limit ? deleted : deleted + (await this.log.deleteUser(projectId, userId, limit - deleted));
  }

  /** The user groups whose boards an event of the user at `occurredAt` counted for (reversals). */
  userGroupsAt(projectId: string, userId: string, eventId: string, occurredAt: number): Promise<string[]> {
    return this.repo.userGroupsAt(projectId, userId, eventId, occurredAt);
  }

  /** A page of the project's stored events that earned their reward, oldest first (campaign simulation and backfill). */
  async qualifyingPage(projectId: string, q: StoredPageQuery): Promise<StoredEvent[]> {
    const rows = await this.repo.qualifyingPage(projectId, q);
    return rows.map((r) => ({
      row: Number(r.row_id),
      eventId: r.event_id,
      userId: r.user_id,
      occurredAt: Number(r.occurred_at),
      points: Number(r.points),
      metadata: JSON.parse(r.metadata) as Record<string, unknown>,
      userGroups: JSON.parse(r.user_groups) as string[],
    }));
  }

  /** Stored events of a user, optionally of one eventId (tests, checks). */
  countEvents(projectId: string, userId: string, eventId?: string): Promise<number> {
    return this.repo.countForUser(projectId, userId, eventId);
  }
}
