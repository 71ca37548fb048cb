/** The statements of the season payouts participant (season-payouts-batch.ts), in one place for review (docs/sql.md). */
import { KeyedSelect, RowsInsert } from '../../write-path/rows.js';
import './seasons.tables.js';

const payoutKeys = { project_id: 'text', month: 'text', group_id: 'text', season_reward_id: 'text', user_id: 'text' } as const;

export const paidPayouts = new KeyedSelect({
  description: 'season payouts made',
  table: 'season_payouts',
  keys: payoutKeys,
  select: ['project_id', 'month', 'group_id', 'season_reward_id', 'user_id'],
});

export const insertPayouts = new RowsInsert({
  description: 'season payouts',
  table: 'season_payouts',
  columns: { ...payoutKeys, rank: 'int4', points: 'int8', paid_at: 'int8' },
  conflict: (oc) => oc.doNothing(),
});
