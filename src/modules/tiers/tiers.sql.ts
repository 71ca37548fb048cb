/** The statements of the tiers participant (tiers-batch.ts), in one place for review (docs/sql.md). */
import { RowsUpsert } from '../../write-path/rows.js';

export const upsertStates = new RowsUpsert({
  description: 'user tier states',
  table: 'user_tiers',
  keys: { project_id: 'text', user_id: 'text' },
  columns: { tier_id: 'text', since: 'int8', checked_month: 'text', short_checks: 'int4' },
});
