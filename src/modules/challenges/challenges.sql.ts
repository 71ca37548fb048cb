/** The statements of the challenges participant (challenges-batch.ts), in one place for review (docs/sql.md). */
import { KeyedSelect, RowsUpsert } from '../../write-path/rows.js';
import './challenges.tables.js';

/** All progress rows of the given users. */
export const progressOfUsers = new KeyedSelect({
  description: 'challenge progress of users',
  table: 'challenge_progress',
  keys: { project_id: 'text', user_id: 'text' },
});

/** Writes the progress rows a batch changed (their values as decided in the batch). */
export const writeProgress = new RowsUpsert({
  description: 'challenge progress',
  table: 'challenge_progress',
  keys: { project_id: 'text', user_id: 'text', challenge_id: 'text' },
  columns: { progress: 'float8', progress_exact: 'text', completed_at: 'int8', updated_at: 'int8' },
});
