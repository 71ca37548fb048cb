import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md): each shape of the history page. */
export const samples: Samples = {
  PointsRepository: {
    historyPage: [
      ({ db }) => [db, 'p', 'u', { dir: 'desc', showAll: false, after: null, limit: 20, currency: 'points' }],
      ({ db }) => [db, 'p', 'u', { dir: 'asc', showAll: true, after: { occurredAt: 1, entryId: 1 }, limit: 20, currency: 'points' }],
    ],
  },
};
