import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md). */
export const samples: Samples = {
  WebhookDeliveriesRepository: {
    // The transaction around `claim` and `record` (dumped with them): no SQL of its own.
    bookkeeping: [],
  },
};
