import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md): a rename alone, and a rename with new scopes. */
export const samples: Samples = {
  ApiKeysRepository: {
    update: [({ db }) => [db, 'p', 'k', { name: 'n' }], ({ db }) => [db, 'p', 'k', { name: 'n', scopes: '["events:write"]' }]],
  },
};
