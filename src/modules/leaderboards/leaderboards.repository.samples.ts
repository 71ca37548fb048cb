import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md): each kind of board and window. */
export const samples: Samples = {
  LeaderboardsRepository: {
    userTotal: [
      ({ db }) => [db, { projectId: 'p', groupId: 'g', kind: 'month', month: '2026-01' }, 'u'],
      ({ db }) => [db, { projectId: 'p', groupId: 'g', kind: 'window', timeframe: '7d', day: 1 }, 'u'],
    ],
    subtractDays: [({ db }) => [db, 'p', '7d', 1, 2]],
    // Runs a statement its caller gives (monthPage, windowPage: dumped from leaderboards.sql.ts): nothing of its own.
    rows: [],
    addDays: [({ db }) => [db, 'p', '7d', 1, 2, 'add'], ({ db }) => [db, 'p', '7d', 1, 2, 'set']],
  },
};
