import Fastify, { LogController } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { App } from './http/app-type.js';
import { registerAuthentication } from './http/auth/authenticate.js';
import { registerAuthFailureLimit } from './http/auth/auth-failures.js';
import { registerCors } from './http/cors.js';
import { registerNoSniff } from './http/browser-headers.js';
import { closeIdleAtTheAnnouncedTime, slowClientLimits } from './http/slow-clients.js';
import { createJwtVerifier } from './http/auth/jwt-verifier.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRateLimit } from './http/rate-limit.js';
import { LOG_REDACT, registerRequestLog, requestId } from './http/request-log.js';
import { registerValidation, schemaErrorFormatter } from './http/validation.js';
import { sharedSerializerFactory } from './http/response-serializers.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { clockRoutes, healthRoutes, jobsRoutes } from './modules/admin/index.js';
import { challengesRoutes } from './modules/challenges/index.js';
import { achievementsRoutes } from './modules/achievements/index.js';
import { referralsRoutes } from './modules/referrals/index.js';
import { campaignsRoutes, campaignToolsRoutes } from './modules/campaigns/index.js';
import { segmentsRoutes } from './modules/segments/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { apiKeysRoutes } from './modules/apikeys/index.js';
import { eventsRoutes } from './modules/events/index.js';
import { couponsRoutes } from './modules/coupons/index.js';
import { currenciesRoutes } from './modules/currencies/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { offersRoutes } from './modules/offers/index.js';
import { leaderboardsRoutes } from './modules/leaderboards/index.js';
import { seasonsRoutes } from './modules/seasons/index.js';
import { pointsRoutes } from './modules/points/index.js';
import { surveysRoutes } from './modules/surveys/index.js';
import { projectsRoutes } from './modules/projects/index.js';
import { streaksRoutes } from './modules/streaks/index.js';
import { userGroupsRoutes } from './modules/usergroups/index.js';
import { usersRoutes } from './modules/users/index.js';
import { webhooksRoutes } from './modules/webhooks/index.js';
import { tiersRoutes } from './modules/tiers/index.js';
import { liveRoutes } from './modules/live/index.js';
import { openPlatform } from './platform/platform.js';
import { createServices, type Services } from './services.js';

/** Route modules, registered in this order. One line per module. */
const routeModules: Array<(app: App) => Promise<void>> = [
  // First: its hooks record the admin changes of every route module after it.
  auditRoutes,
  healthRoutes,
  clockRoutes,
  projectsRoutes,
  apiKeysRoutes,
  usersRoutes,
  userGroupsRoutes,
  currenciesRoutes,
  pointsRoutes,
  challengesRoutes,
  achievementsRoutes,
  referralsRoutes,
  campaignsRoutes,
  campaignToolsRoutes,
  segmentsRoutes,
  streaksRoutes,
  eventsRoutes,
  offersRoutes,
  couponsRoutes,
  surveysRoutes,
  notificationsRoutes,
  dashboardRoutes,
  leaderboardsRoutes,
  seasonsRoutes,
  jobsRoutes,
  analyticsRoutes,
  webhooksRoutes,
  tiersRoutes,
  liveRoutes,
];

/** Strips the version prefixes /v0–/v3 before routing (docs/api.md, Basics). */
export function stripVersionPrefix(url: string): string {
  return url.replace(/^\/v[0-3](?=\/|\?|$)/, '') || '/';
}

export interface BuildOptions {
  config: Config;
  /** False stays quiet (tests); else the level (default LOG_LEVEL) and where lines go (default stdout). */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  /** An already migrated in-memory SQLite store to start from (tests build hundreds of apps). */
  sqliteImage?: Buffer;
}

/**
 * Builds the whole service: platform (store, Redis, clock), services, HTTP plumbing, routes.
 * Never listens; main.ts does. Ready starts the services' background parts; closing the app
 * closes the services, then the store and Redis.
 */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, ...options.logger, redact: LOG_REDACT },
    // One line per request, written by registerRequestLog, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    bodyLimit: 256 * 1024,
    ...slowClientLimits(config),
    // The client address (rate limits of failed authentication) is X-Forwarded-For's only behind these proxies.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A body with a `__proto__` key is valid JSON: it is parsed as data (JSON.parse makes it an own
    // property) and refused by the input guard with a 400 that names the key (decision 194).
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    // A path parameter may hold a 128-character id, percent-encoded (up to 12 characters each
    // for non-ASCII user ids); Fastify's default of 100 would answer such paths with 414.
    routerOptions: { maxParamLength: 2048 },
    rewriteUrl: (req) => stripVersionPrefix(req.url ?? '/'),
    schemaErrorFormatter,
    // Serializers compiled once per process (response-serializers.ts).
    schemaController: { compilersFactory: { buildSerializer: sharedSerializerFactory() } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  closeIdleAtTheAnnouncedTime(app.server);

  const platform = await openPlatform(config, app.log, { sqliteImage: options.sqliteImage });
  let services: Services | null = null;
  // Runs after the server has answered its last request (Fastify closes the server first).
  app.addHook('onClose', async () => {
    try {
      await services?.close();
    } finally {
      await platform.close();
    }
  });
  try {
    const built = createServices(platform);
    services = built;
    await built.projects.ensureDefault();
    app.decorate('platform', platform);
    app.decorate('services', built);
    app.addHook('onReady', () => built.start());

    registerErrorHandler(app);
    registerRequestLog(app);
    registerNoSniff(app);
    await registerCors(app, config);
    registerValidation(app);
    registerInputGuard(app);
    await registerOpenApi(app);
    registerMetrics(
      app,
      () => built.writes.stats,
      () => built.live.streamCount,
    );
    registerAuthFailureLimit(app, platform);
    registerAuthentication(app, {
      verifyJwt: createJwtVerifier(config),
      adminToken: config.adminToken ?? '',
      resolveApiKey: (key) => built.apiKeys.resolve(key),
      projectExists: (projectId) => built.projects.exists(projectId),
      projectExistsNow: (projectId) => built.projects.existsNow(projectId),
      takeStreamToken: (token) => built.live.tokens.take(token),
    });
    await registerRateLimit(app, platform);
    registerIdempotency(app, platform);
    for (const register of routeModules) await register(app);
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
