import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { Platform } from '../../platform/platform.js';
import { SettledCache } from '../../platform/shared-cache.js';
import { decimalNumber } from '../events/index.js';
import { eventStage } from '../events/index.js';
import type { WriteBatch } from '../../write-path/write-batch.js';
import type { UserDataOwner } from '../users/index.js';
import { ChallengesBatch } from './challenges-batch.js';
import { lastChallengeActivity, storedProgress, userChallenges, type Challenge, type ProgressMap } from './challenge-view.js';
import { ChallengesRepository } from './challenges.repository.js';
import type { ChallengeBody, ChallengeDefinition, UserChallenge } from './challenges.schemas.js';
import type { ChallengeProgressTable, ChallengesTable } from './challenges.tables.js';

/**
 * Challenges advance with qualifying events in the write path (challenges-batch.ts): FIXED counts
 * events, SUM adds a metadata value. Completion happens once, pays `points` once with a CHALLENGE
 * history entry and opens the next step of a series. Definitions are cached per project and
 * dropped on every admin change (on every instance, through the bus).
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
    ...(r.currency ? { currency: r.currency } : {}),
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
  return new Map(
    rows.map((r) => [
      r.challenge_id,
      {
        progress: decimalNumber(storedProgress(r.progress_exact, r.progress)),
        completedAt: r.completed_at === null ? null : Number(r.completed_at),
      },
    ]),
  );
}

function validate(body: ChallengeBody): void {
  const type = body.type ?? 'FIXED';
  if (type === 'SUM' && !body.valueField) throw AppError.of('VALUE_FIELD_REQUIRED', 'A SUM challenge needs valueField');
  if ((body.seriesId == null) !== (body.step == null)) throw AppError.of('SERIES_STEP_REQUIRED', 'seriesId and step go together');
  if (body.startDate != null && body.endDate != null && body.endDate <= body.startDate) {
    throw AppError.of('INVALID_DATES', 'endDate must be after startDate');
  }
  if (body.title.de === undefined && body.title.en === undefined && body.title.default === undefined) {
    throw AppError.of('INVALID_TITLE', 'title needs at least one of de, en or default');
  }
}

export class ChallengesService implements UserDataOwner {
  readonly userDataName = 'challenge progress';
  private readonly repo: ChallengesRepository;
  private readonly cache: SettledCache<Challenge[]>;

  /** The POST /event stage (the first stage, after the event's own points). */
  readonly stage = eventStage<ChallengesBatch>({
    name: 'challenges',
    /** It takes the batch's events (the hook of the events participant). */
    after: ['events'],
    provides: ['notices'],
    begin: (batch) => new ChallengesBatch(batch, (b, projectId) => this.definitions(projectId, b)),
  });

  constructor(
    private readonly platform: Platform,
    /** Checks the currency a challenge pays in (400 UNKNOWN_CURRENCY). */
    private readonly currencies: Pick<CurrenciesService, 'require'> | null = null,
  ) {
    this.repo = new ChallengesRepository();
    this.cache = new SettledCache(platform.bus, BUS_TOPIC, platform.config.cacheTtlMs);
  }

  private get db() {
    return this.platform.db.kysely;
  }

  /**
   * The project's challenges (cached). In a batch a miss reads them on the batch's transaction, and nobody
   * else waits for that load while it runs (decision 355).
   */
  private definitions(projectId: string, batch?: WriteBatch): Promise<Challenge[]> {
    return this.cache.rowsOf(
      projectId,
      () => this.repo.listQuery(this.db, projectId),
      (rows) => rows.map(toChallenge),
      batch && ((q) => batch.session.execute(q)),
    );
  }

  /** Challenge → its series, for a write batch (achievements count the completed steps of a series). */
  async seriesIn(batch: WriteBatch, projectId: string): Promise<Map<string, string>> {
    const defs = await this.definitions(projectId, batch);
    return new Map(defs.filter((c) => c.seriesId !== null).map((c) => [c.challengeId, c.seriesId!]));
  }

  /**
   * The challenges the given users completed, with when and the challenge's series (an
   * achievement's backfill), oldest first.
   */
  async completionsOf(
    projectId: string,
    userIds: readonly string[],
  ): Promise<Array<{ userId: string; challengeId: string; seriesId: string | null; completedAt: number }>> {
    if (userIds.length === 0) return [];
    const [defs, rows] = await Promise.all([this.definitions(projectId), this.repo.completedOf(this.db, projectId, userIds)]);
    const series = new Map(defs.map((c) => [c.challengeId, c.seriesId]));
    return rows
      .map((r) => ({
        userId: r.user_id,
        challengeId: r.challenge_id,
        seriesId: series.get(r.challenge_id) ?? null,
        completedAt: Number(r.completed_at),
      }))
      .sort((a, b) => a.completedAt - b.completedAt);
  }

  private changed(projectId: string): Promise<void> {
    return this.platform.bus.publish(BUS_TOPIC, projectId);
  }

  private toRow(
    projectId: string,
    challengeId: string,
    body: ChallengeBody,
    createdAt: number,
    activatedAt: number | null,
  ): ChallengesTable {
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
      currency: body.currency === undefined || body.currency === 'points' ? null : body.currency,
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
    await this.currencies?.require(projectId, body.currency);
    const row = this.toRow(projectId, body.challengeId ?? generateId('ch'), body, this.platform.clock.now(), null);
    if (!(await this.repo.insert(this.db, row))) throw AppError.of('CHALLENGE_EXISTS', `Challenge ${row.challenge_id} already exists`);
    await this.changed(projectId);
    return toDefinition(toChallenge(row));
  }

  /** The project's challenges with how many users completed each (the operator's view). */
  async list(projectId: string): Promise<ChallengeDefinition[]> {
    const [rows, done] = await Promise.all([this.repo.list(this.db, projectId), this.completions(projectId)]);
    return rows.map((r) => ({ ...toDefinition(toChallenge(r)), completions: done.get(r.challenge_id) ?? { total: 0, last30Days: 0 } }));
  }

  async get(projectId: string, challengeId: string): Promise<ChallengeDefinition> {
    const row = await this.repo.find(this.db, projectId, challengeId);
    if (!row) throw AppError.of('CHALLENGE_NOT_FOUND', challengeId);
    return toDefinition(toChallenge(row));
  }

  private completions(projectId: string) {
    return this.repo.completions(this.db, projectId, this.platform.clock.now() - 30 * 86_400_000);
  }

  async update(projectId: string, challengeId: string, body: ChallengeBody): Promise<ChallengeDefinition> {
    if (body.challengeId !== undefined && body.challengeId !== challengeId) {
      throw AppError.of('ID_MISMATCH', 'challengeId in the body must match the path');
    }
    validate(body);
    await this.currencies?.require(projectId, body.currency);
    const existing = await this.repo.find(this.db, projectId, challengeId);
    if (!existing) throw AppError.of('CHALLENGE_NOT_FOUND', challengeId);
    const row = this.toRow(
      projectId,
      challengeId,
      body,
      Number(existing.created_at),
      existing.activated_at === null ? null : Number(existing.activated_at),
    );
    await this.repo.update(this.db, row);
    await this.changed(projectId);
    return toDefinition(toChallenge(row));
  }

  async delete(projectId: string, challengeId: string): Promise<void> {
    if (!(await this.repo.delete(this.db, projectId, challengeId))) throw AppError.of('CHALLENGE_NOT_FOUND', challengeId);
    await this.changed(projectId);
  }

  /** GET /user/{userId}/challenge: `completed` true → completed ones, false → not completed, absent → all. */
  async listForUser(
    projectId: string,
    userId: string,
    completed?: boolean,
  ): Promise<{ challenges: UserChallenge[]; lastEvaluatedKey: null }> {
    const all = await this.forUser(projectId, userId);
    return { challenges: completed === undefined ? all : all.filter((c) => c.completed === completed), lastEvaluatedKey: null };
  }

  async getForUser(projectId: string, userId: string, challengeId: string): Promise<{ challenge: UserChallenge }> {
    const challenge = (await this.forUser(projectId, userId)).find((c) => c.challengeId === challengeId);
    if (!challenge) throw AppError.of('CHALLENGE_NOT_FOUND', challengeId);
    return { challenge };
  }

  private async forUser(projectId: string, userId: string): Promise<UserChallenge[]> {
    const [defs, rows] = await Promise.all([this.definitions(projectId), this.repo.progressOf(this.db, projectId, userId)]);
    return userChallenges(defs, progressMap(rows), this.platform.clock.now());
  }

  /**
   * The latest time a challenge opened for the user (activated, started, or unlocked by the step
   * before) or was completed by the user; null when none. Read by the notification flags.
   */
  async lastActivityAt(projectId: string, userId: string): Promise<number | null> {
    const [defs, rows] = await Promise.all([this.definitions(projectId), this.repo.progressOf(this.db, projectId, userId)]);
    return lastChallengeActivity(defs, progressMap(rows), this.platform.clock.now());
  }

  deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteUserProgress(this.db, projectId, userId, limit);
  }
}
