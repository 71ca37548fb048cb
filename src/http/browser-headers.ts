import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The headers of the pages a browser shows (decision 212): /dashboard and /docs. Everything they
 * load comes from Laurel itself, so the policy allows 'self' only (plus data: images, the favicon),
 * with no inline script or style, no framing (`frame-ancestors 'none'`, X-Frame-Options DENY:
 * an admin console in a hidden frame is a clickjacking target) and no referrer. No
 * upgrade-insecure-requests and no HSTS: Laurel serves plain HTTP unless a proxy in front adds TLS,
 * and those two would break a dashboard opened over http on another host than localhost.
 */
export const BROWSER_PAGE_HEADERS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'connect-src': ["'self'"],
      'font-src': ["'self'", 'data:'],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * Adds the browser-page headers to every route of `scope` (an encapsulated plugin: the routes of
 * the dashboard, or Swagger UI). Register it before the scope's routes. `inlineStyles`: Swagger UI's
 * bundle adds a <style> element at run time, so /docs allows inline styles (never inline scripts);
 * the dashboard needs none.
 */
export async function registerBrowserPageHeaders(scope: FastifyInstance, options: { inlineStyles?: boolean } = {}): Promise<void> {
  if (!options.inlineStyles) return void (await scope.register(helmet, BROWSER_PAGE_HEADERS));
  const csp = BROWSER_PAGE_HEADERS.contentSecurityPolicy as { directives: Record<string, string[]> };
  await scope.register(helmet, {
    ...BROWSER_PAGE_HEADERS,
    contentSecurityPolicy: { useDefaults: false, directives: { ...csp.directives, 'style-src': ["'self'", "'unsafe-inline'"] } },
  });
}

/** `X-Content-Type-Options: nosniff` on every response: a JSON answer is never read as a page. */
export function registerNoSniff(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
}
