import type { Samples } from '../../../scripts/sql-dump/dump.js';
import { lastUnlockQuery } from '../achievements/index.js';
import { lastIssuedQuery } from '../coupons/index.js';
import { lastEntryQuery } from '../points/index.js';
import { lastAvailableQuery } from '../surveys/index.js';

/**
 * Arguments for npm run sql:dump (docs/sql.md): the overview's statement is made of the modules' activity
 * queries, as services.ts gives them.
 */
export const samples: Samples = {
  NotificationsRepository: {
    '': [() => [{ rewards: [lastEntryQuery, lastIssuedQuery], surveys: lastAvailableQuery, achievements: lastUnlockQuery }]],
  },
};
