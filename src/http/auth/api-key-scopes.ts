/**
 * What an API key may do (decision 192). An API key is a service principal on every public route;
 * a key created with `scopes` may only call the routes of those scopes, others answer 403
 * API_KEY_SCOPE. A key without scopes has all of them. Every read is `users:read`; each public
 * route that changes something names its scope here, in one table that the authentication and the
 * OpenAPI document both read (a test fails for a public write route missing from it).
 */
export const API_KEY_SCOPES = ['events:write', 'users:write', 'users:read', 'rewards:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'events:write': 'send events (POST /event, POST /events)',
  'users:write': 'create, change and delete users; display names, notification markers, user groups',
  'users:read': 'read points, history, challenges, streaks, boards, offers, coupons, surveys, definitions and analytics',
  'rewards:write': 'redeem offers, use coupons, answer surveys',
};

/** The public routes that change state, `METHOD /route`, and the scope each needs. */
export const WRITE_ROUTE_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  'POST /event': 'events:write',
  'POST /events': 'events:write',
  'POST /user': 'users:write',
  'PATCH /user/:userId': 'users:write',
  'DELETE /user/:userId': 'users:write',
  'POST /user/:userId/leaderboard': 'users:write',
  'PUT /user/:userId/notifications/overview': 'users:write',
  'PUT /user/:userId/notifications/change': 'users:write',
  'POST /usergroup': 'users:write',
  'POST /user/:userId/referral': 'users:write',
  'POST /user/:userId/offer/:offerId/redeem': 'rewards:write',
  'PUT /user/:userId/coupon/:couponId': 'rewards:write',
  'PUT /user/:userId/survey/:surveyId': 'rewards:write',
  // A token that only opens the user's live stream: reading.
  'POST /user/:userId/stream-token': 'users:read',
};

/** The scope a route needs; null for a route in no scope (only a key with every scope may call it). */
export function scopeOfRoute(method: string, route: string): ApiKeyScope | null {
  if (method === 'GET' || method === 'HEAD') return 'users:read';
  return WRITE_ROUTE_SCOPES[`${method} ${route}`] ?? null;
}

/** Whether a key with `scopes` (null: every scope) may call a route that needs `needed`. */
export function keyMayCall(scopes: readonly ApiKeyScope[] | null, needed: ApiKeyScope | null): boolean {
  if (scopes === null) return true;
  return needed !== null && scopes.includes(needed);
}
