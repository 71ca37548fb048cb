import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from './config.js';
import { registerAuthentication } from './http/auth/authenticate.js';
import { createJwtVerifier } from './http/auth/jwt-verifier.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerValidation } from './http/validation.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { clockRoutes } from './modules/admin/clock.routes.js';
import { challengesRoutes } from './modules/challenges/challenges.routes.js';
import { healthRoutes } from './modules/admin/health.routes.js';
import { jobsRoutes } from './modules/admin/jobs.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { apiKeysRoutes } from './modules/apikeys/apikeys.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { offersRoutes } from './modules/offers/offers.routes.js';
import { leaderboardsRoutes } from './modules/leaderboards/leaderboards.routes.js';
import { pointsRoutes } from './modules/points/points.routes.js';
import { surveysRoutes } from './modules/surveys/surveys.routes.js';
import { projectsRoutes } from './modules/projects/projects.routes.js';
import { streaksRoutes } from './modules/streaks/streaks.routes.js';
import { userGroupsRoutes } from './modules/usergroups/usergroups.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { openPlatform, type Platform } from './platform/platform.js';
import { createServices, type Services } from './services.js';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
    services: Services;
  }
}

/** Route modules, registered in this order. One line per module. */
const routeModules: Array<(app: App) => Promise<void>> = [
  healthRoutes,
  clockRoutes,
  projectsRoutes,
  apiKeysRoutes,
  usersRoutes,
  userGroupsRoutes,
  pointsRoutes,
  challengesRoutes,
  streaksRoutes,
  eventsRoutes,
  offersRoutes,
  couponsRoutes,
  surveysRoutes,
  notificationsRoutes,
  dashboardRoutes,
  leaderboardsRoutes,
  jobsRoutes,
  analyticsRoutes,
];

/** Strips the version prefixes /v0–/v3 before routing (INTERFACE.md, Versioning). */
export function stripVersionPrefix(url: string): string {
  return url.replace(/^\/v[0-3](?=\/|\?|$)/, '') || '/';
}

export interface BuildOptions {
  config: Config;
  /** A pino logger config, or false to stay quiet (tests). */
  logger?: boolean | { level: string };
}

/**
 * Builds the whole service: platform (store, Redis, clock), services, HTTP plumbing, routes.
 * Never listens; main.ts does. Closing the app closes the store and Redis.
 */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 256 * 1024,
    rewriteUrl: (req) => stripVersionPrefix(req.url ?? '/'),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const platform = await openPlatform(config, app.log);
  app.addHook('onClose', () => platform.close());
  try {
    const services = createServices(platform);
    await services.projects.ensureDefault();
    app.decorate('platform', platform);
    app.decorate('services', services);

    registerErrorHandler(app);
    registerValidation(app);
    await registerOpenApi(app);
    registerMetrics(app);
    registerAuthentication(app, {
      verifyJwt: createJwtVerifier(config),
      adminToken: config.adminToken ?? '',
      resolveApiKey: (key) => services.apiKeys.resolve(key),
      projectExists: (projectId) => services.projects.exists(projectId),
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
