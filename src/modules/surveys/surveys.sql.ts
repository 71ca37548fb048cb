/** The statements of the surveys participant (surveys-batch.ts), in one place for review (docs/sql.md). */
import { sql } from 'kysely';
import { KeyedSelect, KeyedUpdate, RowsInsert } from '../../write-path/rows.js';

/** The answered surveys, locked in key order: answers to one survey take turns on its counters. */
export const lockSurveys = new KeyedSelect({
  description: 'lock the answered surveys',
  table: 'surveys',
  keys: { project_id: 'text', survey_id: 'text' },
  lock: 'update',
});

export const existingAnswers = new KeyedSelect({
  description: 'survey answers of users',
  table: 'survey_answers',
  keys: { project_id: 'text', survey_id: 'text', user_id: 'text' },
  select: ['project_id', 'survey_id', 'user_id'],
});

export const insertAnswers = new RowsInsert({
  description: 'survey answers',
  table: 'survey_answers',
  columns: { project_id: 'text', survey_id: 'text', user_id: 'text', responses: 'text', points: 'int8', created_at: 'int8' },
});

export const addOptionCounts = new RowsInsert({
  description: 'survey answers per option',
  table: 'survey_option_counts',
  columns: { project_id: 'text', survey_id: 'text', option_id: 'text', count: 'int8' },
  conflict: (oc) =>
    oc.columns(['project_id', 'survey_id', 'option_id']).doUpdateSet({ count: sql<number>`survey_option_counts.count + excluded.count` }),
});

export const setAnsweredTotals = new KeyedUpdate({
  description: 'survey answer totals',
  table: 'surveys',
  keys: { project_id: 'text', survey_id: 'text' },
  set: { answered_total: 'int8' },
});
