import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md): the first page of every event, and a later page of some. */
export const samples: Samples = {
  EventsRepository: {
    qualifyingPage: [
      () => ['p', { from: 1, to: 2, eventIds: null, after: null, limit: 5000 }],
      () => ['p', { from: 1, to: 2, eventIds: ['a', 'b'], after: { at: 1, row: 1 }, limit: 5000 }],
    ],
  },
};
