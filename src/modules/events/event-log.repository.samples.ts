import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md): the first page, and a later page with every filter. */
export const samples: Samples = {
  EventLogRepository: {
    page: [
      () => ['p', { limit: 20 }],
      () => ['p', { userId: 'u', eventId: 'e', outcome: 'o', from: 1, to: 2, before: { at: 1, rowId: 1 }, limit: 20 }],
    ],
  },
};
