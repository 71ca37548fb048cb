import type { Samples } from '../../../scripts/sql-dump/dump.js';

/**
 * Arguments for npm run sql:dump (docs/sql.md): the cover read takes its buckets, of one event and of every
 * event, with the sketches and without them (decision 345).
 */
export const samples: Samples = {
  AnalyticsRepository: {
    coverRows: [
      () => ['projectId', 'eventId', { months: [20260], days: [20300, 20301] }],
      () => ['projectId', null, { months: [20260], days: [20300] }],
      () => ['projectId', null, { months: [], days: [20300, 20301] }, false],
    ],
  },
};
