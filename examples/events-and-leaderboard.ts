// Sends a few events and reads the monthly leaderboard with the typed client (@laurel/client).
//
//   npm start                                    # in another terminal
//   export LAUREL_TOKEN=$(npm run -s token -- --sub shop-backend --role service)
//   npx tsx examples/events-and-leaderboard.ts
//
// The event definition `purchase` must exist (create it in the dashboard or with POST /admin/event).
import { createLaurelClient, LaurelError, unwrap } from '../clients/typescript/src/index.js';

const laurel = createLaurelClient({
  baseUrl: process.env.LAUREL_URL ?? 'http://127.0.0.1:3000',
  auth: { token: process.env.LAUREL_TOKEN ?? '' },
});

for (const userId of ['alice', 'bob', 'carol']) {
  // Users exist before their events; a second run finds them (400 USER_EXISTS), which is fine.
  await unwrap(laurel.POST('/user', { body: { userId } })).catch((err) => {
    if (!(err instanceof LaurelError && err.code === 'USER_EXISTS')) throw err;
  });
}

for (const [userId, amount] of [
  ['alice', 120],
  ['bob', 40],
  ['alice', 60],
  ['carol', 75],
] as const) {
  const result = await unwrap(laurel.POST('/event', { body: { eventId: 'purchase', userId, metadata: { amount } } }));
  console.log(`${userId}: +${result.data.pointsAwarded} points (${result.message})`);
}

const month = new Date().toISOString().slice(0, 7);
const board = await unwrap(
  laurel.GET('/project/{projectId}/leaderboard', { params: { path: { projectId: 'default' }, query: { groupId: 'default', month } } }),
);
for (const entry of board.users) console.log(`${entry.rank}. ${entry.username} ${entry.points}`);
