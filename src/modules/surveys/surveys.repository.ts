import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { Queryable } from '../../platform/db/database.js';
import { Statement } from '../../write-path/statement.js';
import type { SurveysTable } from './surveys.tables.js';

type OpenArgs = { projectId: string; userId: string; now: number };

/** ACTIVE surveys (alias `s`) valid at `now` that the user has not answered. */
function openTo(db: Kysely<DB>, a: OpenArgs) {
  return db
    .selectFrom('surveys as s')
    .where('s.project_id', '=', a.projectId)
    .where('s.status', '=', 'ACTIVE')
    .where('s.valid_from', '<=', a.now)
    .where((eb) => eb.or([eb('s.valid_until', 'is', null), eb('s.valid_until', '>', a.now)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('survey_answers as a')
            .select('a.user_id')
            .whereRef('a.project_id', '=', 's.project_id')
            .whereRef('a.survey_id', '=', 's.survey_id')
            .where('a.user_id', '=', a.userId),
        ),
      ),
    );
}

/** The surveys open to a user (survey list; compiled once, decision 269). */
const availableTo = new Statement<OpenArgs, SurveysTable>('surveys open to a user', (db, a) =>
  openTo(db, a).selectAll('s').orderBy('s.valid_from').orderBy('s.survey_id'),
);

/**
 * When the newest of the surveys open to a user at `now` became available (the later of valid_from and
 * the time it became ACTIVE), or null: the notifications overview's surveys flag (a part of its one statement).
 */
export function lastAvailableQuery(db: Kysely<DB>, a: OpenArgs) {
  return openTo(db, a).select(
    sql<number | null>`max(case when s.valid_from > s.activated_at then s.valid_from else s.activated_at end)`.as('last'),
  );
}

/** SQL of surveys, answers and the per-option counters (answers are written by surveys-batch.ts). */
export class SurveysRepository {
  find(db: Queryable, projectId: string, surveyId: string) {
    return db.selectFrom('surveys').selectAll().where('project_id', '=', projectId).where('survey_id', '=', surveyId).executeTakeFirst();
  }

  list(db: Queryable, projectId: string) {
    return db.selectFrom('surveys').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('survey_id').execute();
  }

  /** ACTIVE surveys valid at `now` that the user has not answered. */
  available(db: Queryable, projectId: string, userId: string, now: number) {
    return availableTo.rows(db, { projectId, userId, now });
  }

  async insert(db: Queryable, row: SurveysTable): Promise<boolean> {
    const r = await db
      .insertInto('surveys')
      .values(row)
      .onConflict((oc) => oc.columns(['project_id', 'survey_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(db: Queryable, row: Omit<SurveysTable, 'answered_total' | 'created_at'>): Promise<boolean> {
    const { project_id, survey_id, ...fields } = row;
    const r = await db
      .updateTable('surveys')
      .set(fields)
      .where('project_id', '=', project_id)
      .where('survey_id', '=', survey_id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async delete(db: Queryable, projectId: string, surveyId: string): Promise<boolean> {
    const r = await db.deleteFrom('surveys').where('project_id', '=', projectId).where('survey_id', '=', surveyId).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await db.deleteFrom('survey_option_counts').where('project_id', '=', projectId).where('survey_id', '=', surveyId).execute();
    await db.deleteFrom('survey_answers').where('project_id', '=', projectId).where('survey_id', '=', surveyId).execute();
    return true;
  }

  async optionCounts(db: Queryable, projectId: string, surveyId: string): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('survey_option_counts')
      .select(['option_id', 'count'])
      .where('project_id', '=', projectId)
      .where('survey_id', '=', surveyId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.option_id, Number(r.count)]));
  }

  async deleteAnswersOf(db: Queryable, projectId: string, userId: string, limit: number): Promise<number> {
    const ids = await db
      .selectFrom('survey_answers')
      .select('survey_id')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .limit(limit)
      .execute();
    if (ids.length === 0) return 0;
    const r = await db
      .deleteFrom('survey_answers')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where(
        'survey_id',
        'in',
        ids.map((i) => i.survey_id),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
