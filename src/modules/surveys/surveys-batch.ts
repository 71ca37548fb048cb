import { AppError } from '../../http/errors.js';
import { historyText } from '../points/index.js';
import { ledgerIn } from '../points/index.js';
import { defineParticipant } from '../../write-path/participant.js';
import type { BatchPart, WriteBatch, WriteUnit } from '../../write-path/write-batch.js';
import { answerRefusal } from './survey-answer.js';
import type { Survey, SurveyOption } from './surveys.schemas.js';
import type { SurveyAnswersTable, SurveysTable } from './surveys.tables.js';
import { addOptionCounts, existingAnswers, insertAnswers, lockSurveys, setAnsweredTotals } from './surveys.sql.js';

declare module '../../write-path/write-batch.js' {
  interface WriteKinds {
    /** Answers the points awarded. */
    'survey-answer': { unit: SurveyAnswerUnit; result: number };
  }
}

export interface SurveyAnswerUnit extends WriteUnit {
  kind: 'survey-answer';
  surveyId: string;
  responses: string[];
  /** When the answer arrived (the survey must be open then). */
  now: number;
}

export function toSurvey(r: SurveysTable): Survey {
  return {
    surveyId: r.survey_id,
    title: r.title,
    description: r.description,
    type: r.type,
    validFrom: Number(r.valid_from),
    validUntil: r.valid_until === null ? null : Number(r.valid_until),
    options: JSON.parse(r.options) as SurveyOption[],
    points: Number(r.points),
    ...(r.currency ? { currency: r.currency } : {}),
  };
}

const k = (...parts: string[]) => parts.join('\u0000');

/**
 * Survey answers in the write path (decision 043): a user answers a survey once — decided against
 * the answers read for the batch plus those decided in it, under the survey's row lock — the
 * options are counted and the survey's points paid with a SURVEY entry.
 */
export const surveysParticipant = defineParticipant<SurveysBatch>({
  name: 'surveys',
  kind: 'survey-answer',
  after: ['ledger'],
  provides: ['notices'],
  begin: (batch) => new SurveysBatch(batch),
});

class SurveysBatch implements BatchPart<'survey-answer'> {
  private readonly surveys = new Map<string, { row: SurveysTable; survey: Survey; answered: number }>();
  private readonly answered = new Set<string>();
  private readonly answers: SurveyAnswersTable[] = [];
  private readonly options = new Map<string, { project_id: string; survey_id: string; option_id: string; count: number }>();

  constructor(private readonly batch: WriteBatch) {}

  async load(): Promise<void> {
    const units = this.batch.unitsOf('survey-answer');
    if (units.length === 0) return;
    const session = this.batch.session;
    const keys = new Map(units.map((u) => [k(u.projectId, u.surveyId), { project_id: u.projectId, survey_id: u.surveyId }]));
    const answerKeys = new Map(
      units.map((u) => [k(u.projectId, u.surveyId, u.userId), { project_id: u.projectId, survey_id: u.surveyId, user_id: u.userId }]),
    );
    // The answers are read behind the surveys' lock, sent with it (pipelined on PostgreSQL).
    const [surveys, answers] = await Promise.all([
      lockSurveys.run(session, [...keys.values()]),
      existingAnswers.run(session, [...answerKeys.values()]),
    ]);
    for (const row of surveys)
      this.surveys.set(k(row.project_id, row.survey_id), { row, survey: toSurvey(row), answered: Number(row.answered_total) });
    for (const r of answers) this.answered.add(k(r.project_id, r.survey_id, r.user_id));
  }

  /** Returns the points awarded. */
  apply(u: SurveyAnswerUnit): number {
    const held = this.surveys.get(k(u.projectId, u.surveyId));
    if (!held) throw AppError.of('SURVEY_NOT_FOUND', u.surveyId);
    const { survey, row } = held;
    const open = row.status === 'ACTIVE' && survey.validFrom <= u.now && (survey.validUntil === null || u.now < survey.validUntil);
    if (!open) throw AppError.of('SURVEY_NOT_AVAILABLE', 'The survey is not open');
    const refusal = answerRefusal(
      survey.type,
      survey.options.map((o) => o.optionId),
      u.responses,
    );
    if (refusal) throw AppError.of(refusal.code, refusal.message);
    const ledger = ledgerIn(this.batch);
    ledger.requireLive(u.projectId, u.userId);
    const answerKey = k(u.projectId, u.surveyId, u.userId);
    if (this.answered.has(answerKey)) throw AppError.of('SURVEY_ALREADY_ANSWERED', 'The survey has already been answered');
    if (survey.points > 0) {
      ledger.record({
        projectId: u.projectId,
        userId: u.userId,
        type: 'SURVEY',
        sourceId: u.surveyId,
        ...(survey.currency === undefined ? {} : { currency: survey.currency }),
        points: survey.points,
        occurredAt: u.now,
        title: historyText(survey.title),
        description: historyText(survey.description),
        metadata: { responses: u.responses },
        boardGroups: [],
      });
    }
    this.answered.add(answerKey);
    this.answers.push({
      project_id: u.projectId,
      survey_id: u.surveyId,
      user_id: u.userId,
      responses: JSON.stringify(u.responses),
      points: survey.points,
      created_at: u.now,
    });
    held.answered += 1;
    for (const optionId of u.responses) {
      const key = k(u.projectId, u.surveyId, optionId);
      const c = this.options.get(key);
      if (c) c.count += 1;
      else this.options.set(key, { project_id: u.projectId, survey_id: u.surveyId, option_id: optionId, count: 1 });
    }
    this.batch.notify({
      type: 'survey.answered',
      projectId: u.projectId,
      userId: u.userId,
      occurredAt: u.now,
      data: { userId: u.userId, surveyId: u.surveyId, responses: u.responses, pointsAwarded: survey.points },
    });
    return survey.points;
  }

  async write(): Promise<void> {
    if (this.answers.length === 0) return;
    const session = this.batch.session;
    // Sent at once, in this order (pipelined on PostgreSQL), unanswered.
    await Promise.all([
      insertAnswers.later(session, this.answers),
      addOptionCounts.later(
        session,
        [...this.options.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c),
      ),
      setAnsweredTotals.later(
        session,
        [...this.surveys.values()]
          .filter((s) => s.answered !== Number(s.row.answered_total))
          .map((s) => ({ project_id: s.row.project_id, survey_id: s.row.survey_id, answered_total: s.answered })),
      ),
    ]);
  }
}
