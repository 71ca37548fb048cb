import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../platform/db/database.js';
import { SqliteStatements } from '../../platform/db/sqlite-statements.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import type { EventStage, PipelineEvent, PipelineOutcome } from '../events/pipeline.js';
import { historyText } from '../points/ledger.js';
import type { PointsService } from '../points/points.service.js';
import type { UserDataOwner } from '../users/user-data.js';
import { isUnlocked, lastChallengeActivity, predecessors, progressIncrement, userChallenges, type Challenge, type ProgressMap } from './challenge-view.js';
import { ChallengesRepository } from './challenges.repository.js';
import type { ChallengeBody, ChallengeDefinition, UserChallenge } from './challenges.schemas.js';
import type { ChallengeProgressTable, ChallengesTable } from './challenges.tables.js';

/**
 * Challenges advance with qualifying events inside the event transaction: FIXED counts events,
 * SUM adds a metadata value. Completion happens once (a conditional update), pays `points` once
 * with a CHALLENGE history entry and opens the next step of a series. Definitions are cached per
 * project and dropped on every admin change (on every instance, through the bus).
 */
const BUS_TOPIC = 'challenges';

function toChallenge(r: ChallengesTable): Challenge {
  return {
    challengeId: r.challenge_id,
    title: JSON.parse(r.title),
    description: JSON.parse(r.description),
    type: r.type,
    eventId: r.event_id,
    conditions: r.conditions === null ? null : JSON.parse(r.conditions),
    valueField: r.value_field,
    goal: Number(r.goal),
    points: Number(r.points),
    seriesId: r.series_id,
    step: r.step === null ? null : Number(r.step),
    isLastStep: Number(r.is_last_step) === 1,
    startDate: r.start_date === null ? null : Number(r.start_date),
    endDate: r.end_date === null ? null : Number(r.end_date),
    image: r.image,
    status: r.status,
    activatedAt: r.activated_at === null ? null : Number(r.activated_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function toDefinition(c: Challenge): ChallengeDefinition {
  const { activatedAt: _activatedAt, ...definition } = c;
  return definition;
}

function progressMap(rows: ChallengeProgressTable[]): ProgressMap {
  return new Map(rows.map((r) => [r.challenge_id, { progress: Number(r.progress), completedAt: r.completed_at === null ? null : Number(r.completed_at) }]));
}

function validate(body: ChallengeBody): void {
  const type = body.type ?? 'FIXED';
  if (type === 'SUM' && !body.valueField) throw AppError.badRequest('A SUM challenge needs valueField', 'VALUE_FIELD_REQUIRED');
  if ((body.seriesId == null) !== (body.step == null)) throw AppError.badRequest('seriesId and step go together', 'SERIES_STEP_REQUIRED');
  if (body.startDate != null && body.endDate != null && body.endDate <= body.startDate) {
    throw AppError.badRequest('endDate must be after startDate', 'INVALID_DATES');
  }
  if (body.title.de === undefined && body.title.en === undefined && body.title.default === undefined) {
    throw AppError.badRequest('title needs at least one of de, en or default', 'INVALID_TITLE');
  }
}

export class ChallengesService implements UserDataOwner {
  readonly userDataName = 'challenge progress';
  private readonly repo: ChallengesRepository;
  private readonly cache = new Map<string, Promise<Challenge[]>>();

  /** The POST /event stage (runs second, after the event's own points). */
  readonly stage: EventStage = { name: 'challenges', apply: (trx, event, outcome) => this.advance(trx, event, outcome) };

  constructor(
    private readonly platform: Platform,
    private readonly points: PointsService,
  ) {
    this.repo = new ChallengesRepository(SqliteStatements.of(platform.db));
    platform.bus.on(BUS_TOPIC, (projectId) => this.cache.delete(projectId));
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /** The project's challenges, from the cache; `db` is the caller's transaction on a miss. */
  private definitions(db: Queryable, projectId: string): Promise<Challenge[]> {
    let entry = this.cache.get(projectId);
    if (!entry) {
      entry = this.repo.list(db, projectId).then((rows) => rows.map(toChallenge));
      entry.catch(() => this.cache.delete(projectId));
      this.cache.set(projectId, entry);
    }
    return entry;
  }

  private changed(projectId: string): Promise<void> {
    return this.platform.bus.publish(BUS_TOPIC, projectId);
  }

  private toRow(projectId: string, challengeId: string, body: ChallengeBody, createdAt: number, activatedAt: number | null): ChallengesTable {
    const now = this.platform.clock.now();
    const status = body.status ?? 'ACTIVE';
    return {
      project_id: projectId,
      challenge_id: challengeId,
      title: JSON.stringify(body.title),
      description: JSON.stringify(body.description ?? {}),
      type: body.type ?? 'FIXED',
      event_id: body.eventId,
      conditions: body.conditions ? JSON.stringify(body.conditions) : null,
      value_field: body.valueField ?? null,
      goal: body.goal,
      points: body.points ?? 0,
      series_id: body.seriesId ?? null,
      step: body.step ?? null,
      is_last_step: body.seriesId != null && body.isLastStep ? 1 : 0,
      start_date: body.startDate ?? null,
      end_date: body.endDate ?? null,
      image: body.image ?? null,
      status,
      activated_at: status === 'ACTIVE' ? (activatedAt ?? now) : null,
      created_at: createdAt,
      updated_at: now,
    };
  }

  async create(projectId: string, body: ChallengeBody): Promise<ChallengeDefinition> {
    validate(body);
    const row = this.toRow(projectId, body.challengeId ?? generateId('ch'), body, this.platform.clock.now(), null);
    if (!(await this.repo.insert(this.db, row))) throw AppError.conflict(`Challenge ${row.challenge_id} already exists`, 'CHALLENGE_EXISTS');
    await this.changed(projectId);
    return toDefinition(toChallenge(row));
  }

  async list(projectId: string): Promise<ChallengeDefinition[]> {
    return (await this.repo.list(this.db, projectId)).map((r) => toDefinition(toChallenge(r)));
  }

  async get(projectId: string, challengeId: string): Promise<ChallengeDefinition> {
    const row = await this.repo.find(this.db, projectId, challengeId);
    if (!row) throw AppError.notFound(`Challenge ${challengeId} not found`, 'CHALLENGE_NOT_FOUND');
    return toDefinition(toChallenge(row));
  }

  async update(projectId: string, challengeId: string, body: ChallengeBody): Promise<ChallengeDefinition> {
    if (body.challengeId !== undefined && body.challengeId !== challengeId) {
      throw AppError.badRequest('challengeId in the body must match the path', 'ID_MISMATCH');
    }
    validate(body);
    const existing = await this.repo.find(this.db, projectId, challengeId);
    if (!existing) throw AppError.notFound(`Challenge ${challengeId} not found`, 'CHALLENGE_NOT_FOUND');
    const row = this.toRow(projectId, challengeId, body, Number(existing.created_at), existing.activated_at === null ? null : Number(existing.activated_at));
    await this.repo.update(this.db, row);
    await this.changed(projectId);
    return toDefinition(toChallenge(row));
  }

  async delete(projectId: string, challengeId: string): Promise<void> {
    if (!(await this.repo.delete(this.db, projectId, challengeId))) throw AppError.notFound(`Challenge ${challengeId} not found`, 'CHALLENGE_NOT_FOUND');
    await this.changed(projectId);
  }

  /** GET /user/{userId}/challenge: `completed` true → completed ones, false → not completed, absent → all. */
  async listForUser(projectId: string, userId: string, completed?: boolean): Promise<{ challenges: UserChallenge[]; lastEvaluatedKey: null }> {
    const all = await this.forUser(projectId, userId);
    return { challenges: completed === undefined ? all : all.filter((c) => c.completed === completed), lastEvaluatedKey: null };
  }

  async getForUser(projectId: string, userId: string, challengeId: string): Promise<{ challenge: UserChallenge }> {
    const challenge = (await this.forUser(projectId, userId)).find((c) => c.challengeId === challengeId);
    if (!challenge) throw AppError.notFound(`Challenge ${challengeId} not found`, 'CHALLENGE_NOT_FOUND');
    return { challenge };
  }

  private async forUser(projectId: string, userId: string): Promise<UserChallenge[]> {
    const [defs, rows] = await Promise.all([this.definitions(this.db, projectId), this.repo.progressOf(this.db, projectId, userId)]);
    return userChallenges(defs, progressMap(rows), this.platform.clock.now());
  }

  /**
   * The latest time a challenge opened for the user (activated, started, or unlocked by the step
   * before) or was completed by the user; null when none. Read by the notification flags.
   */
  async lastActivityAt(projectId: string, userId: string): Promise<number | null> {
    const [defs, rows] = await Promise.all([this.definitions(this.db, projectId), this.repo.progressOf(this.db, projectId, userId)]);
    return lastChallengeActivity(defs, progressMap(rows), this.platform.clock.now());
  }

  deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteUserProgress(this.db, projectId, userId, limit);
  }

  private async advance(trx: Queryable, event: PipelineEvent, outcome: PipelineOutcome): Promise<void> {
    if (!event.qualifies) return;
    const defs = await this.definitions(trx, event.projectId);
    const matching = defs.filter((c) => c.status === 'ACTIVE' && c.eventId === event.eventId);
    if (matching.length === 0) return;
    const increments = matching
      .map((c) => ({ c, by: progressIncrement(c, event.metadata, event.occurredAt, event.receivedAt) }))
      .filter((x) => x.by > 0 && (x.c.startDate === null || event.receivedAt >= x.c.startDate));
    if (increments.length === 0) return;
    // Only series steps need a read (is the step before completed?); a completed challenge is
    // skipped by the conditional upsert itself.
    const preds = predecessors(defs);
    const needed = [...new Set(increments.map(({ c }) => preds.get(c.challengeId)).filter((id): id is string => id !== undefined))];
    const progress = needed.length === 0 ? new Map() : progressMap(await this.repo.progressOf(trx, event.projectId, event.userId, needed));
    for (const { c, by } of increments) {
      if (!isUnlocked(c.challengeId, preds, progress)) continue;
      await this.addTo(trx, c, by, event, outcome);
    }
  }

  private async addTo(trx: Queryable, c: Challenge, by: number, event: PipelineEvent, outcome: PipelineOutcome): Promise<void> {
    const { projectId, userId } = event;
    const total = await this.repo.addProgress(trx, projectId, userId, c.challengeId, by, event.receivedAt);
    if (total === undefined) return;
    let completed = false;
    let pointsAwarded = 0;
    if (total >= c.goal && (await this.repo.markCompleted(trx, projectId, userId, c.challengeId, event.receivedAt))) {
      completed = true;
      const paid = await this.points.record(trx, {
        projectId,
        userId,
        type: 'CHALLENGE',
        sourceId: c.challengeId,
        points: c.points,
        occurredAt: event.occurredAt,
        title: historyText(c.title),
        description: historyText(c.description),
        image: c.image,
        metadata: { challengeId: c.challengeId, eventId: event.eventId },
      });
      pointsAwarded = paid.points;
      outcome.pointsEarned += paid.points;
    }
    outcome.challenges.push({ challengeId: c.challengeId, progress: total, goal: c.goal, completed, pointsAwarded });
  }
}
