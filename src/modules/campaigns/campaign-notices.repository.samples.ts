import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md). */
export const samples: Samples = {
  campaignNoticesRepository: {
    claim: [({ db }) => [db, { project_id: 'p', campaign_id: 'c', kind: 'started', sent_at: 1 }]],
  },
};
