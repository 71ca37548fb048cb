import type { AuthMode } from './auth/principal.js';

/**
 * What the OpenAPI document says to people (decision 232): the tags in the order a newcomer meets
 * them, the three ways to authenticate and which routes take which, and every status a route can
 * answer. Kept apart from the generator plumbing in openapi.ts.
 */

/** Tags in the order of the docs UI, each with a sentence. A tag missing here fails test/http/openapi.test.ts. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'users', description: 'Create users (or let their first event do it), read balances and the reward history, delete users.' },
  { name: 'events', description: 'Send what users do (POST /event): points, challenge progress, streaks and boards follow in one write.' },
  { name: 'leaderboards', description: 'Monthly and rolling (7d, 30d, 365d) boards per user group, a user’s own view and ranks.' },
  { name: 'user groups', description: 'Segments of users for group rewards, boards and analytics.' },
  { name: 'challenges', description: 'A user’s challenges (goals over events, series, time-limited) with progress.' },
  { name: 'streaks', description: 'A user’s streaks: consecutive days, weeks or months with a qualifying event.' },
  { name: 'achievements', description: 'Badges a user collects, with levels, progress, rarity and secret ones.' },
  { name: 'referrals', description: 'A user’s referral code and counts, and entering a referrer’s code.' },
  { name: 'offers', description: 'Rewards: offers and shops, whether a user can redeem, and redeeming with points.' },
  { name: 'coupons', description: 'Rewards: the coupons a user holds (issued by redemptions or the admin) and using one.' },
  { name: 'surveys', description: 'Rewards: surveys a user can answer, for points.' },
  { name: 'notifications', description: 'Which sections hold something the user has not seen.' },
  {
    name: 'live',
    description: 'Server-Sent Events: points, progress, ranks and flags pushed the moment they change; a board for screens.',
  },
  { name: 'analytics', description: 'Event and streak statistics.' },
  { name: 'operations', description: 'Health and readiness (no authentication).' },
  { name: 'admin: projects', description: 'Admin token. Projects (tenants) and their settings, e.g. autoCreateUsers.' },
  { name: 'admin: api keys', description: 'Admin token. API keys for servers (x-api-key); a key is shown once.' },
  { name: 'admin: events', description: 'Admin token. Event definitions and the event log.' },
  { name: 'admin: challenges', description: 'Admin token. Challenges and series.' },
  { name: 'admin: streaks', description: 'Admin token. Streaks, milestones and freezes.' },
  { name: 'admin: achievements', description: 'Admin token. Achievements, their criteria and levels; each change starts a backfill.' },
  { name: 'admin: referrals', description: 'Admin token. The referral programme, the referral log, approving or rejecting flagged ones.' },
  { name: 'admin: offers', description: 'Admin token. Shops and offers.' },
  { name: 'admin: shops', description: 'Admin token. Shops.' },
  { name: 'admin: coupons', description: 'Admin token. Coupons issued to a user.' },
  { name: 'admin: surveys', description: 'Admin token. Surveys and their results.' },
  { name: 'admin: user groups', description: 'Admin token. User groups.' },
  { name: 'admin: users', description: 'Admin token. The users list, point adjustments (one or in bulk) and reversals.' },
  { name: 'admin: tiers', description: 'Admin token. Tiers from the monthly boards.' },
  { name: 'admin: currencies', description: 'Admin token. Currencies beside points: spendable or not, expiry, levels.' },
  { name: 'admin: campaigns', description: 'Admin token. Time-boxed promotions paid at event time: multipliers, bonuses, budgets.' },
  {
    name: 'admin: segments',
    description:
      'Admin token. Audiences from rules on what Laurel knows of a user (tier, balances, events, attributes); campaigns name them.',
  },
  { name: 'admin: seasons', description: 'Admin token. Month close, season rewards and the archive.' },
  { name: 'admin: webhooks', description: 'Admin token. Signed webhooks, their deliveries and retries.' },
  { name: 'admin: jobs', description: 'Admin token. Background jobs (user deletion).' },
  { name: 'admin: audit', description: 'Admin token. Every admin change, who made it, before and after.' },
  { name: 'admin: test clock', description: 'Admin token, LAUREL_TEST_CLOCK=1 only. The service’s time in tests.' },
];

/** The security requirement of each way a route authenticates (src/http/auth/authenticate.ts). */
export const SECURITY: Record<AuthMode | 'public', Array<Record<string, string[]>>> = {
  public: [],
  jwt: [{ bearerAuth: [] }, { adminToken: [] }],
  jwtOrApiKey: [{ bearerAuth: [] }, { apiKey: [] }, { adminToken: [] }],
  admin: [{ adminToken: [] }],
  adminGlobal: [{ adminToken: [] }],
};

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A user JWT (`sub` = the userId; acts only for that user) or a service JWT (`role: "service"`; acts for any user of its ' +
      'project). For trying the API: `npm run token -- --sub alice` or `npm run token -- --sub shop --role service`.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'A server’s key, a service principal of its project. Create one with `POST /admin/apikey {"name": "…"}`; shown once.',
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The ADMIN_TOKEN printed at the first start (kept in ./data/admin-token). For /admin/* (project in x-project-id) and ' +
      'for acting as the operator on the user routes.',
  },
} as const;

/** A row of a markdown table (cells joined with pipes). */
const row = (...cells: string[]) => `| ${cells.join(' | ')} |`;

export const DESCRIPTION = [
  'Event-driven loyalty and gamification service. Start with the quick start (docs/quickstart.md in the repository):',
  'create a user, send an event, read the points.',
  '',
  '## Authentication',
  '',
  row('how', 'header', 'how to get it', 'takes'),
  row('---', '---', '---', '---'),
  row(
    'user JWT',
    '`Authorization: Bearer <jwt>` (`sub` = userId)',
    'your identity provider, or `npm run token -- --sub alice`',
    'the user routes (users, events, leaderboards, challenges, streaks, offers, coupons, surveys, notifications) for that user only',
  ),
  row(
    'service JWT or API key',
    '`Authorization: Bearer <jwt>` with `role: "service"`, or `x-api-key: <key>`',
    "`npm run token -- --sub shop --role service`; an API key from `POST /admin/apikey` (the admin API's apikey resource)",
    'a service JWT: every user route, for any user of its project; an API key: the routes whose security lists `apiKey` ' +
      '(events, leaderboards, user groups, analytics)',
  ),
  row(
    'admin token',
    '`Authorization: Bearer <ADMIN_TOKEN>`, project in `x-project-id`',
    'printed by the server at its first start (kept in `./data/admin-token`), or the ADMIN_TOKEN variable',
    '`/admin/*` and the dashboard; the user routes as the operator',
  ),
  '',
  'Each operation lists the schemes it takes under Security. /health and /health/ready need none.',
  '',
  '## Conventions',
  '',
  'Paths are also served under /v0, /v1, /v2 and /v3 (the prefix is stripped). Every error has the body',
  '{ statusCode, error, message, code }; the code is stable (docs/errors.md). POST and PUT take an',
  'Idempotency-Key header. Over the rate limit: 429 with Retry-After.',
].join('\n');

type Parameter = { in: string; name: string };
type Operation = {
  security?: Array<Record<string, unknown>>;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

/** Error body schema of the statuses added here (the same shape as src/http/schemas.ts ErrorResponse). */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['statusCode', 'error', 'message', 'code'],
  properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } },
  description: 'Body of every error: status, reason phrase, message, machine code',
};

/**
 * The statuses every route of a kind can answer, besides its own: bad input (400), credentials
 * (401, 403 on user routes), an unknown path id (404), body size and type (413, 415), too many
 * requests or failed logins (429), a store outage (503) and an internal error (500).
 */
export function commonStatuses(path: string, method: string, op: Operation): string[] {
  if (path.startsWith('/health')) return path === '/health/ready' ? ['503'] : [];
  const statuses = ['429', '500', '503'];
  const hasInput = (op.parameters ?? []).some((p) => p.in === 'query' || p.in === 'path') || op.requestBody !== undefined;
  if (hasInput) statuses.push('400');
  if ((op.security ?? []).length > 0) statuses.push('401');
  if ((op.security ?? []).some((s) => 'bearerAuth' in s) && path.includes('{userId}')) statuses.push('403');
  if ((op.parameters ?? []).some((p) => p.in === 'path') || (op.security ?? []).some((s) => 'adminToken' in s)) statuses.push('404');
  if (op.requestBody !== undefined && method !== 'get') statuses.push('413', '415');
  return statuses;
}

/** Adds the common statuses a route does not list yet, with the error body. */
export function addCommonStatuses(path: string, method: string, op: Operation): void {
  const responses = (op.responses ??= {});
  for (const status of commonStatuses(path, method, op)) {
    if (responses[status]) continue;
    responses[status] = { content: { 'application/json': { schema: structuredClone(ERROR_SCHEMA) } } };
  }
}
