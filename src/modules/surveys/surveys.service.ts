import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { Platform } from '../../platform/platform.js';
import type { WritePath } from '../../write-path/write-path.js';
import type { UserDataOwner } from '../users/index.js';
import { toSurvey, type SurveyAnswerUnit } from './surveys-batch.js';
import type { AdminSurvey, Survey, SurveyBody } from './surveys.schemas.js';
import { SurveysRepository } from './surveys.repository.js';
import type { SurveysTable } from './surveys.tables.js';

/**
 * Surveys are answered once per user: the write path decides (surveys-batch.ts), under the
 * survey's row lock, in the transaction that also counts the options and pays the points (a
 * SURVEY history entry), so concurrent answers give exactly one 201 and one payout.
 */
export class SurveysService implements UserDataOwner {
  readonly userDataName = 'survey answers';
  private readonly repo = new SurveysRepository();

  constructor(
    private readonly platform: Platform,
    private readonly writes: WritePath,
    /** Checks the currency a survey pays in (400 UNKNOWN_CURRENCY). */
    private readonly currencies: Pick<CurrenciesService, 'require'> | null = null,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  private fields(projectId: string, surveyId: string, input: SurveyBody, now: number, createdAt: number) {
    const ids = input.options.map((o) => o.optionId);
    if (new Set(ids).size !== ids.length) throw AppError.of('DUPLICATE_OPTION', 'optionIds must be unique');
    const validFrom = input.validFrom ?? createdAt;
    const validUntil = input.validUntil ?? null;
    if (validUntil !== null && validUntil <= validFrom) throw AppError.of('INVALID_VALIDITY', 'validUntil must be later than validFrom');
    return {
      project_id: projectId,
      survey_id: surveyId,
      title: input.title,
      description: input.description ?? '',
      type: input.type,
      options: JSON.stringify(input.options.map((o) => ({ optionId: o.optionId, label: o.label }))),
      valid_from: validFrom,
      valid_until: validUntil,
      points: input.points ?? 0,
      currency: input.currency === undefined || input.currency === 'points' ? null : input.currency,
      status: input.status ?? 'ACTIVE',
      updated_at: now,
    };
  }

  async create(projectId: string, input: SurveyBody): Promise<AdminSurvey> {
    await this.currencies?.require(projectId, input.currency);
    const now = this.platform.clock.now();
    const row: SurveysTable = {
      ...this.fields(projectId, input.surveyId ?? generateId('survey'), input, now, now),
      answered_total: 0,
      activated_at: now,
      created_at: now,
    };
    if (!(await this.repo.insert(this.db, row))) throw AppError.of('SURVEY_EXISTS', `Survey ${row.survey_id} already exists`);
    return this.get(projectId, row.survey_id);
  }

  async update(projectId: string, surveyId: string, input: SurveyBody): Promise<AdminSurvey> {
    if (input.surveyId !== undefined && input.surveyId !== surveyId)
      throw AppError.of('ID_MISMATCH', 'surveyId in the body must match the path');
    const existing = await this.require(projectId, surveyId);
    await this.currencies?.require(projectId, input.currency);
    const now = this.platform.clock.now();
    const fields = this.fields(projectId, surveyId, input, now, Number(existing.created_at));
    const reactivated = existing.status !== 'ACTIVE' && fields.status === 'ACTIVE';
    await this.repo.update(this.db, { ...fields, activated_at: reactivated ? now : Number(existing.activated_at) });
    return this.get(projectId, surveyId);
  }

  async delete(projectId: string, surveyId: string): Promise<void> {
    const deleted = await this.db.transaction().execute((trx) => this.repo.delete(trx, projectId, surveyId));
    if (!deleted) throw AppError.of('SURVEY_NOT_FOUND', surveyId);
  }

  private async require(projectId: string, surveyId: string): Promise<SurveysTable> {
    const row = await this.repo.find(this.db, projectId, surveyId);
    if (!row) throw AppError.of('SURVEY_NOT_FOUND', surveyId);
    return row;
  }

  private async toAdmin(projectId: string, row: SurveysTable): Promise<AdminSurvey> {
    const options = await this.repo.optionCounts(this.db, projectId, row.survey_id);
    const survey = toSurvey(row);
    for (const o of survey.options) options[o.optionId] ??= 0;
    return {
      ...survey,
      status: row.status,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      statistics: { answered: Number(row.answered_total), options },
    };
  }

  /** GET /admin/survey/{surveyId}: with the answers counted per option. */
  async get(projectId: string, surveyId: string): Promise<AdminSurvey> {
    return this.toAdmin(projectId, await this.require(projectId, surveyId));
  }

  async list(projectId: string): Promise<AdminSurvey[]> {
    const rows = await this.repo.list(this.db, projectId);
    return Promise.all(rows.map((r) => this.toAdmin(projectId, r)));
  }

  /** GET /user/{userId}/survey: ACTIVE surveys valid now that the user has not answered. */
  async available(projectId: string, userId: string): Promise<Survey[]> {
    return (await this.repo.available(this.db, projectId, userId, this.platform.clock.now())).map(toSurvey);
  }

  /** PUT /user/{userId}/survey/{surveyId}, through the write path. Returns the points awarded. */
  answer(projectId: string, userId: string, surveyId: string, responses: string[]): Promise<number> {
    const unit: SurveyAnswerUnit = { kind: 'survey-answer', projectId, userId, surveyId, responses, now: this.platform.clock.now() };
    return this.writes.submit(unit);
  }

  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteAnswersOf(this.db, projectId, userId, limit);
  }
}
