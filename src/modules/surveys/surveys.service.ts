import { AppError } from '../../http/errors.js';
import { generateId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { historyText } from '../points/ledger.js';
import type { PointsService } from '../points/points.service.js';
import type { UserDataOwner } from '../users/user-data.js';
import { answerRefusal } from './survey-answer.js';
import type { AdminSurvey, Survey, SurveyBody, SurveyOption } from './surveys.schemas.js';
import { SurveysRepository } from './surveys.repository.js';
import type { SurveysTable } from './surveys.tables.js';

/**
 * Surveys are answered once per user: the answer row's primary key decides, inside the one
 * transaction that also counts the options and pays the points (a SURVEY history entry), so
 * concurrent answers give exactly one 201 and one payout.
 */
function toSurvey(r: SurveysTable): Survey {
  return {
    surveyId: r.survey_id,
    title: r.title,
    description: r.description,
    type: r.type,
    validFrom: Number(r.valid_from),
    validUntil: r.valid_until === null ? null : Number(r.valid_until),
    options: JSON.parse(r.options) as SurveyOption[],
    points: Number(r.points),
  };
}

export class SurveysService implements UserDataOwner {
  readonly userDataName = 'survey answers';
  private readonly repo = new SurveysRepository();

  constructor(
    private readonly platform: Platform,
    private readonly points: PointsService,
  ) {}

  private get db() {
    return this.platform.db.kysely;
  }

  private fields(projectId: string, surveyId: string, input: SurveyBody, now: number, createdAt: number) {
    const ids = input.options.map((o) => o.optionId);
    if (new Set(ids).size !== ids.length) throw AppError.badRequest('optionIds must be unique', 'DUPLICATE_OPTION');
    const validFrom = input.validFrom ?? createdAt;
    const validUntil = input.validUntil ?? null;
    if (validUntil !== null && validUntil <= validFrom) throw AppError.badRequest('validUntil must be later than validFrom', 'INVALID_VALIDITY');
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
      status: input.status ?? 'ACTIVE',
      updated_at: now,
    };
  }

  async create(projectId: string, input: SurveyBody): Promise<AdminSurvey> {
    const now = this.platform.clock.now();
    const row: SurveysTable = { ...this.fields(projectId, input.surveyId ?? generateId('survey'), input, now, now), answered_total: 0, activated_at: now, created_at: now };
    if (!(await this.repo.insert(this.db, row))) throw AppError.conflict(`Survey ${row.survey_id} already exists`, 'SURVEY_EXISTS');
    return this.get(projectId, row.survey_id);
  }

  async update(projectId: string, surveyId: string, input: SurveyBody): Promise<AdminSurvey> {
    if (input.surveyId !== undefined && input.surveyId !== surveyId) throw AppError.badRequest('surveyId in the body must match the path', 'ID_MISMATCH');
    const existing = await this.require(projectId, surveyId);
    const now = this.platform.clock.now();
    const fields = this.fields(projectId, surveyId, input, now, Number(existing.created_at));
    const reactivated = existing.status !== 'ACTIVE' && fields.status === 'ACTIVE';
    await this.repo.update(this.db, { ...fields, activated_at: reactivated ? now : Number(existing.activated_at) });
    return this.get(projectId, surveyId);
  }

  async delete(projectId: string, surveyId: string): Promise<void> {
    const deleted = await this.db.transaction().execute((trx) => this.repo.delete(trx, projectId, surveyId));
    if (!deleted) throw AppError.notFound(`Survey ${surveyId} not found`, 'SURVEY_NOT_FOUND');
  }

  private async require(projectId: string, surveyId: string): Promise<SurveysTable> {
    const row = await this.repo.find(this.db, projectId, surveyId);
    if (!row) throw AppError.notFound(`Survey ${surveyId} not found`, 'SURVEY_NOT_FOUND');
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

  /**
   * When the newest of the user's available, unanswered surveys became available (the later of
   * validFrom and the time it became ACTIVE), or null when there is none: the surveys notification flag.
   */
  async lastAvailableAt(projectId: string, userId: string): Promise<number | null> {
    const rows = await this.repo.available(this.db, projectId, userId, this.platform.clock.now());
    if (rows.length === 0) return null;
    return Math.max(...rows.map((r) => Math.max(Number(r.valid_from), Number(r.activated_at))));
  }

  /** PUT /user/{userId}/survey/{surveyId}. Returns the points awarded. */
  async answer(projectId: string, userId: string, surveyId: string, responses: string[]): Promise<number> {
    const now = this.platform.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await this.repo.find(trx, projectId, surveyId);
      if (!row) throw AppError.notFound(`Survey ${surveyId} not found`, 'SURVEY_NOT_FOUND');
      const survey = toSurvey(row);
      const open = row.status === 'ACTIVE' && survey.validFrom <= now && (survey.validUntil === null || now < survey.validUntil);
      if (!open) throw AppError.badRequest('The survey is not open', 'SURVEY_NOT_AVAILABLE');
      const refusal = answerRefusal(survey.type, survey.options.map((o) => o.optionId), responses);
      if (refusal) throw AppError.badRequest(refusal.message, refusal.code);
      const user = await trx.selectFrom('users').select('user_id').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
      if (!user) throw AppError.notFound(`User ${userId} not found`, 'USER_NOT_FOUND');
      if (!(await this.repo.insertAnswer(trx, projectId, surveyId, userId, responses, survey.points, now))) {
        throw AppError.badRequest('The survey has already been answered', 'SURVEY_ALREADY_ANSWERED');
      }
      await this.repo.countAnswer(trx, projectId, surveyId, responses);
      if (survey.points > 0) {
        await this.points.record(trx, {
          projectId,
          userId,
          type: 'SURVEY',
          sourceId: surveyId,
          points: survey.points,
          occurredAt: now,
          title: historyText(survey.title),
          description: historyText(survey.description),
          metadata: { responses },
        });
      }
      return survey.points;
    });
  }

  async deleteUserData(projectId: string, userId: string, limit: number): Promise<number> {
    return this.repo.deleteAnswersOf(this.db, projectId, userId, limit);
  }
}
