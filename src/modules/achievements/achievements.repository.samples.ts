import type { Samples } from '../../../scripts/sql-dump/dump.js';

/** Arguments for npm run sql:dump (docs/sql.md): the deletions take what runs inside their transaction (decision 329). */
export const samples: Samples = {
  AchievementsRepository: {
    delete: [({ db }) => [db, 'projectId', 'achievementId', () => {}]],
    deleteUserData: [({ db }) => [db, 'projectId', 'userId', 1, () => {}]],
  },
};
