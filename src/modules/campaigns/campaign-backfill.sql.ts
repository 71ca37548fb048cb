/** The statements of a campaign's backfill (campaign-backfill-batch.ts), in one place for review (docs/sql.md). */
import { sql } from 'kysely';
import { KeyedSelect, RowsInsert } from '../../write-path/rows.js';
import './campaign-tools.tables.js';

/** The batch's stored events a backfill of the campaign has paid already (under the users' locks). */
export const backfillPaid = new KeyedSelect({
  description: 'campaign backfill: events paid',
  table: 'campaign_backfill_paid',
  keys: { project_id: 'text', campaign_id: 'text', event_row: 'int8' },
  select: ['project_id', 'campaign_id', 'event_row'],
});

/**
 * The CAMPAIGN ledger entries of the batch's users at the times of its events: an event a campaign
 * paid when it happened has one (source_id the campaign, or the campaigns joined by `+`;
 * metadata.eventId the event), and is not paid again by a backfill.
 */
export const campaignEntriesAt = new KeyedSelect({
  description: 'campaign backfill: campaign entries at the events’ times',
  table: 'ledger',
  keys: { project_id: 'text', user_id: 'text', occurred_at: 'int8' },
  select: ['project_id', 'user_id', 'occurred_at', 'source_id', 'metadata'],
  where: sql<boolean>`t.type = 'CAMPAIGN'`,
});

export const insertBackfillPaid = new RowsInsert({
  description: 'campaign backfill: events paid',
  table: 'campaign_backfill_paid',
  columns: { project_id: 'text', campaign_id: 'text', event_row: 'int8', points: 'int8', paid_at: 'int8' },
  conflict: (oc) => oc.columns(['project_id', 'campaign_id', 'event_row']).doNothing(),
});
