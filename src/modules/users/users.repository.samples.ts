import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md): the first page, and a later page with a prefix. */
export const samples: Samples = {
  UsersRepository: {
    list: [
      () => ['p', { sort: 'points', limit: 20 }],
      () => ['p', { sort: 'lastActive', prefix: 'a', after: { key: 1, userId: 'u' }, limit: 20 }],
    ],
  },
};
