/**
 * The smallest valid body of each admin create route (docs/api.md, "Smallest bodies"). A 400 for a
 * missing property of one of these bodies points to it (error-handler.ts), so an operator sees the
 * shape at once. `src/http/smallest-bodies.test.ts` creates each one (201) and checks that docs/api.md
 * shows it.
 */
export const SMALLEST_BODIES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'POST /admin/project': { name: 'Shop app' },
  'POST /admin/apikey': { name: 'checkout-server' },
  'POST /admin/usergroup': { title: { default: 'Gold', de: 'Gold' } },
  'POST /admin/event': { eventId: 'purchase', title: 'Purchase', reward: { default: 10 } },
  'POST /admin/challenge': { title: { en: 'Three purchases' }, eventId: 'purchase', goal: 3 },
  'POST /admin/streak': { title: { en: 'Every day' }, timeFrame: 'daily', eventIds: ['purchase'] },
  'POST /admin/survey': { title: 'Would you recommend us?', type: 'SINGLE', options: [{ optionId: 'yes', label: 'Yes' }] },
  'POST /admin/shop': { name: 'Corner Bakery' },
  'POST /admin/offer': { title: { en: 'Free coffee' }, points: 100, shopId: 'bakery' },
  'POST /admin/coupon': { userId: 'alice', title: 'Welcome gift', validUntil: 1893456000000 },
  'POST /admin/tier': { title: { en: 'Silver' }, threshold: 500, multiplier: 1.5 },
  'POST /admin/webhook': { url: 'https://example.com/laurel', events: ['points.changed'], status: 'ACTIVE' },
  'POST /admin/season-reward': { groupId: 'default', bands: [{ fromRank: 1, toRank: 3, points: 100 }] },
  'POST /admin/user/{userId}/points': { points: 50, reason: 'Goodwill' },
  'POST /admin/user/{userId}/reversal': { historyId: 'EVENT#purchase#1767225600000', reason: 'Order returned' },
  'POST /admin/adjustments/bulk': { dryRun: true, rows: [{ userId: 'alice', points: 10, reason: 'Welcome' }] },
};

/** What a 400 for a missing property of `route` (`POST /admin/shop`) adds: its smallest valid body, if it has one. */
export function smallestBodyHint(route: string): string | null {
  const body = SMALLEST_BODIES[route];
  return body ? `the smallest valid body of ${route} is ${JSON.stringify(body)} (docs/api.md, Smallest bodies)` : null;
}
