/** The statements of the campaigns stage (campaigns-batch.ts), in one place for review (docs/sql.md). */
import { sql } from 'kysely';
import { KeyedSelect, KeyedUpdate, RowsInsert, RowsUpsert } from '../../write-path/rows.js';
import './campaigns.tables.js';

/**
 * What the batch's budgeted campaigns have paid, their rows locked in key order (after the users the
 * ledger locked): every batch that may pay one of them waits for the others, so a total budget holds
 * across instances (as offers' limits, decision 070).
 */
export const lockCampaignSpend = new KeyedSelect({
  description: 'lock the spend of budgeted campaigns',
  table: 'campaign_spend',
  keys: { project_id: 'text', campaign_id: 'text' },
  lock: 'update',
});

/** What campaigns with a per-user budget have paid the batch's users (their rows are under the users' locks). */
export const campaignUserSpend = new KeyedSelect({
  description: 'campaign spend per user',
  table: 'campaign_user_spend',
  keys: { project_id: 'text', campaign_id: 'text', user_id: 'text' },
});

export const setCampaignSpend = new KeyedUpdate({
  description: 'campaign spend',
  table: 'campaign_spend',
  keys: { project_id: 'text', campaign_id: 'text' },
  set: { spent: 'int8' },
});

export const writeCampaignUserSpend = new RowsUpsert({
  description: 'campaign spend per user',
  table: 'campaign_user_spend',
  keys: { project_id: 'text', campaign_id: 'text', user_id: 'text' },
  columns: { spent: 'int8' },
});

/** Adds to what campaigns without a total budget have paid (no lock needed: nothing is decided on it). */
export const addCampaignSpend = new RowsInsert({
  description: 'campaign spend added',
  table: 'campaign_spend',
  columns: { project_id: 'text', campaign_id: 'text', spent: 'int8' },
  conflict: (oc) => oc.columns(['project_id', 'campaign_id']).doUpdateSet({ spent: sql<number>`campaign_spend.spent + excluded.spent` }),
});
